package main

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"drape/internal/catalog"
	"drape/internal/sale"
	"drape/internal/shop"
)

// shopFixture is a small shop: Men (Formal Shirts: 30, Formal Trousers: 5) and Women
// (Women's Shirts: 2), 4 best sellers, a running 20 % sale on Formal Shirts and an inactive
// one on everything, and the two CMS pages.
type shopFixture struct {
	men, women             catalog.Category
	shirts, trousers, tops catalog.SubCategory
	newestShirt            catalog.Product
	soldOut                catalog.Product
	sale                   sale.Sale
}

func seedShop(t testing.TB, d deps) shopFixture {
	t.Helper()
	ctx := context.Background()
	svc := newServices(d)
	var f shopFixture
	var err error
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	f.men, err = svc.catalog.CreateCategory(ctx, catalog.NewCategory{Name: "Men", Gender: "Men", Position: 1})
	must(err)
	f.women, err = svc.catalog.CreateCategory(ctx, catalog.NewCategory{Name: "Women", Gender: "Women", Position: 2})
	must(err)
	f.shirts, err = svc.catalog.CreateSubCategory(ctx, catalog.NewSubCategory{CategoryID: f.men.ID, CategoryType: "Formal Shirts", Image: "tile-shirts.svg"})
	must(err)
	f.trousers, err = svc.catalog.CreateSubCategory(ctx, catalog.NewSubCategory{CategoryID: f.men.ID, CategoryType: "Formal Trousers", Position: 1})
	must(err)
	f.tops, err = svc.catalog.CreateSubCategory(ctx, catalog.NewSubCategory{CategoryID: f.women.ID, CategoryType: "Women's Shirts"})
	must(err)
	base := time.Now().Add(-100 * time.Hour)
	shirtSizes := func(stock int) []catalog.Size {
		return []catalog.Size{{Size: "S", Stock: stock}, {Size: "M", Stock: stock}, {Size: "L", Stock: 0}, {Size: "XL", Stock: stock}, {Size: "XXL", Stock: stock}}
	}
	for i := 1; i <= 30; i++ {
		status := ""
		if i%10 == 0 {
			status = catalog.StatusBestSeller
		}
		p, err := svc.catalog.CreateProduct(ctx, catalog.NewProduct{
			Code: fmt.Sprintf("JF-MSH-%04d", i), Name: fmt.Sprintf("Oxford Shirt %d", i), Gender: "Men", Status: status,
			SubCategoryID: f.shirts.ID, Price: shop.Rupees(1999), Discount: 10, Colour: "navy", Thumbnail: "JF-1.svg",
			BasicDescription: "A crisp cotton Oxford shirt with a button-down collar.", Sizes: shirtSizes(3),
			CreatedAt: base.Add(time.Duration(i) * time.Hour),
		})
		must(err)
		f.newestShirt = p
	}
	for i := 1; i <= 5; i++ {
		sizes := []catalog.Size{{Size: "30", Stock: 2}, {Size: "32", Stock: 4}}
		if i == 5 {
			sizes = []catalog.Size{{Size: "30", Stock: 0}, {Size: "32", Stock: 0}}
		}
		p, err := svc.catalog.CreateProduct(ctx, catalog.NewProduct{
			Code: fmt.Sprintf("JF-MTR-%04d", i), Name: fmt.Sprintf("Pleated Wool Trousers %d", i), Gender: "Men",
			Status: catalog.StatusBestSeller, SubCategoryID: f.trousers.ID, Price: shop.Rupees(2499), Colour: "charcoal",
			Sizes: sizes, CreatedAt: base.Add(time.Duration(40+i) * time.Hour),
		})
		must(err)
		if i == 5 {
			f.soldOut = p
		}
	}
	for i := 1; i <= 2; i++ {
		_, err := svc.catalog.CreateProduct(ctx, catalog.NewProduct{
			Code: fmt.Sprintf("JF-WSH-%04d", i), Name: fmt.Sprintf("Silk Blouse %d", i), Gender: "Women",
			SubCategoryID: f.tops.ID, Price: shop.Rupees(2299), Colour: "ivory", Sizes: []catalog.Size{{Size: "M", Stock: 5}},
		})
		must(err)
	}
	_, err = svc.sales.Create(ctx, sale.NewSale{Name: "Old Sale", Discount: 50, Active: false, Gender: "All"})
	must(err)
	f.sale, err = svc.sales.Create(ctx, sale.NewSale{Name: "Festive Formals", Discount: 20, Active: true, Gender: "Men",
		CategoryID: f.men.ID, SubCategoryIDs: []string{f.shirts.ID}, Image: "sale-festive.svg", MobileImage: "sale-festive-mobile.svg"})
	must(err)
	_, err = svc.cms.Save(ctx, "terms", "Terms", `<h2>Terms</h2><p onclick="steal()">Be kind.</p><script>alert(1)</script>`)
	must(err)
	_, err = svc.cms.Save(ctx, "privacy", "Return and Exchange Policy", `<h2>Returns</h2><p>Within 7 days.</p>`)
	must(err)
	return f
}

func TestCatalogCalls(t *testing.T) {
	t.Parallel()
	app, d := testApp(t)
	f := seedShop(t, d)
	type check map[string]any
	cases := []struct {
		name   string
		path   string
		accept string
		status int
		want   check
	}{
		{name: "categories with sub-categories", path: "/api/getcategory", status: 200, want: check{
			"data.items.0.name": "Men", "data.items.0.subCategory.0.categoryType": "Formal Shirts",
			"data.items.0.subCategory.0.image":        "/uploads/subCatrgory/tile-shirts.svg",
			"data.items.1.subCategory.0.categoryType": "Women's Shirts", "data.items.0._id": f.men.ID}},
		{name: "listing page 1 by sub-category", path: "/api/getproduct?type=Formal%20Shirts&page=1&limit=12", status: 200, want: check{
			"success": true, "data.metadata.totalPages": 3.0, "data.metadata.total": 30.0, "data.metadata.page": 1.0,
			"data.metadata.limit": 12.0, "data.items.#": 12, "data.items.0._id": f.newestShirt.ID,
			"data.items.0.productName": "Oxford Shirt 30", "data.items.0.price": 1999.0, "data.items.0.discount": 10.0,
			"data.items.0.sale.0.saleName": "Festive Formals", "data.items.0.sale.0.discount": 20.0,
			"data.items.0.discountedPrice": 1439.0, // 1999 × 0.9 × 0.8 = 1439.28
			"data.items.0.stock.L":         0.0, "data.items.0.stock.M": 3.0, "data.items.0.sizes.0.size": "S",
			"data.items.0.totalStock": 12.0, "data.items.0.thumbnail": "/uploads/products/JF-1.svg",
			"data.items.0.sizeChart": "/static/size-chart.svg", "data.items.0.hight": 0.0,
			"data.items.0.subCategory": "Formal Shirts", "data.items.0.category": "Men"}},
		{name: "default page size is 12", path: "/api/getproduct?type=Formal%20Shirts", status: 200, want: check{"data.items.#": 12}},
		{name: "last page is partial", path: "/api/getproduct?type=Formal%20Shirts&page=3", status: 200, want: check{
			"data.items.#": 6, "data.items.5.productName": "Oxford Shirt 1", "data.metadata.totalPages": 3.0}},
		{name: "page beyond the end is empty", path: "/api/getproduct?type=Formal%20Shirts&page=4", status: 200, want: check{
			"data.items.#": 0, "data.metadata.totalPages": 3.0, "data.metadata.page": 4.0}},
		{name: "sub-category name ignores case", path: "/api/getproduct?type=formal%20shirts", status: 200, want: check{"data.metadata.total": 30.0}},
		{name: "unknown sub-category is an empty listing", path: "/api/getproduct?type=Sarees", status: 200, want: check{
			"data.items.#": 0, "data.metadata.totalPages": 0.0}},
		{name: "best sellers", path: "/api/getproduct?status=BestSeller&limit=12", status: 200, want: check{
			"data.metadata.total": 8.0, "data.items.0.status": "BestSeller"}},
		{name: "trousers are not in the shirt sale", path: "/api/getproduct?type=Formal%20Trousers", status: 200, want: check{
			"data.items.0.sale.#": 0, "data.items.0.discountedPrice": 2499.0, "data.items.0.totalStock": 0.0}},
		{name: "women's shirts are not in the men's sale", path: "/api/getproduct?gender=Women", status: 200, want: check{
			"data.metadata.total": 2.0, "data.items.0.sale.#": 0, "data.items.0.discountedPrice": 2299.0}},
		{name: "a category by name, every sub-category of it", path: "/api/getproduct?category=men&limit=48", status: 200, want: check{
			"data.metadata.total": 35.0, "data.items.0.category": "Men", "data.items.34.category": "Men"}},
		{name: "unknown category is an empty listing", path: "/api/getproduct?category=Kids", status: 200, want: check{
			"data.items.#": 0, "data.metadata.total": 0.0}},
		{name: "sale page lists the sale's sub-categories", path: "/api/getproduct?sale=" + f.sale.ID, status: 200, want: check{
			"data.metadata.total": 30.0}},
		{name: "a sale that is not running", path: "/api/getproduct?sale=0123456789abcdef01234567", status: 404, want: check{
			"message": "This sale is not running"}},
		{name: "every product", path: "/api/getproduct?limit=48", status: 200, want: check{"data.metadata.total": 37.0, "data.items.#": 37}},
		{name: "page 0", path: "/api/getproduct?page=0", status: 400, want: check{"errors.page": "page must be a whole number from 1"}},
		{name: "page not a number", path: "/api/getproduct?page=two", status: 400, want: check{"success": false}},
		{name: "limit too big", path: "/api/getproduct?limit=500", status: 400, want: check{"errors.limit": "limit must be a whole number from 1 to 48"}},
		{name: "negative limit", path: "/api/getproduct?limit=-1", status: 400, want: check{"success": false}},
		{name: "unknown status", path: "/api/getproduct?status=Clearance", status: 400, want: check{"errors.status": "status must be BestSeller"}},
		{name: "one product as JSON", path: "/api/getproduct/" + f.soldOut.ID, status: 200, want: check{
			"data.productName": "Pleated Wool Trousers 5", "data.totalStock": 0.0, "data.stock.30": 0.0, "data.productId": "JF-MTR-0005"}},
		{name: "product page for a browser", path: "/api/getproduct/" + f.soldOut.ID, accept: "text/html,application/xhtml+xml", status: 200},
		{name: "no such product", path: "/api/getproduct/0123456789abcdef01234567", status: 404, want: check{"message": "Product not found"}},
		{name: "malformed product id", path: "/api/getproduct/not-an-id", status: 404, want: check{"message": "Product not found"}},
		{name: "search by word", path: "/api/products/search?q=wool", status: 200, want: check{
			"data.metadata.total": 5.0, "data.items.0.subCategory": "Formal Trousers"}},
		{name: "search by colour and sub-category", path: "/api/products/search?q=ivory%20shirts", status: 200, want: check{
			"data.items.0.productName": "Silk Blouse 2"}},
		{name: "search with a typo", path: "/api/products/search?q=oxfrod", status: 200, want: check{"data.items.0.colour": "navy"}},
		{name: "search with SQL metacharacters", path: "/api/products/search?q=%27%3B%20DROP%20TABLE%20products%3B--", status: 200, want: check{"success": true}},
		{name: "invalid UTF-8 in a query", path: "/api/getproduct?type=%ff", status: 400, want: check{"message": "The address has characters that are not allowed"}},
		{name: "NUL in a search", path: "/api/products/search?q=a%00b", status: 400, want: check{"success": false}},
		{name: "empty search", path: "/api/products/search?q=%20", status: 400, want: check{"errors.q": "q is required"}},
		{name: "running sales", path: "/api/getsale", status: 200, want: check{
			"data.#": 1, "data.0.saleName": "Festive Formals", "data.0.discount": 20.0, "data.0.saleStatus": true,
			"data.0.discountPercentage": 20.0, "data.0.gender": "Men", "data.0.category": "Men",
			"data.0.categoryData.categoryType": "Men", "data.0.subCategories.0.categoryType": "Formal Shirts",
			"data.0.image": "/uploads/sale/sale-festive.svg", "data.0.mobileIamge": "/uploads/sale/sale-festive-mobile.svg"}},
		{name: "terms, sanitised", path: "/api/getcms?type=terms", status: 200, want: check{
			"data.description": "<h2>Terms</h2><p>Be kind.</p>", "data.type": "terms"}},
		{name: "return policy", path: "/api/getcms?type=privacy", status: 200, want: check{"data.title": "Return and Exchange Policy"}},
		{name: "a page never written", path: "/api/getcms?type=shipping", status: 404, want: check{"success": false}},
		{name: "a malformed page type", path: "/api/getcms?type=../../etc", status: 400, want: check{"success": false}},
		{name: "uploaded image", path: "/uploads/products/JF-1.svg", status: 200},
		{name: "unknown upload folder", path: "/uploads/secrets/JF-1.svg", status: 404},
		{name: "missing upload", path: "/uploads/products/nope.svg", status: 404},
		{name: "fallback size chart", path: "/static/size-chart.svg", status: 200},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			headers := map[string]string{}
			if tc.accept != "" {
				headers["Accept"] = tc.accept
			}
			resp, body := call(t, app, "GET", tc.path, headers, nil)
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d, want %d\n%.500s", resp.StatusCode, tc.status, body)
			}
			if tc.accept != "" && resp.Header.Get("Content-Type") != fiber.MIMETextHTMLCharsetUTF8 {
				t.Fatalf("a browser got %s", resp.Header.Get("Content-Type"))
			}
			for path, want := range tc.want {
				if got := jsonValue(t, body, path); fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("%s = %v, want %v", path, got, want)
				}
			}
		})
	}
}

// TestSalePageListsOnlyWhatTheSaleDiscounts: a women-only sale on the men's category discounts
// nothing, so its page lists nothing, and a men's sale lists only men's products.
func TestSalePageListsOnlyWhatTheSaleDiscounts(t *testing.T) {
	t.Parallel()
	app, d := testApp(t)
	f := seedShop(t, d)
	svc := newServices(d)
	ctx := context.Background()
	herSale, err := svc.sales.Create(ctx, sale.NewSale{Name: "Her Sale", Discount: 30, Active: true, Gender: "Women", CategoryID: f.men.ID})
	if err != nil {
		t.Fatal(err)
	}
	wholeMen, err := svc.sales.Create(ctx, sale.NewSale{Name: "Men's Week", Discount: 10, Active: true, Gender: "Men", CategoryID: f.men.ID})
	if err != nil {
		t.Fatal(err)
	}
	_, body := call(t, app, "GET", "/api/getproduct?sale="+herSale.ID, nil, nil)
	if got := jsonValue(t, body, "data.metadata.total"); got != 0.0 {
		t.Fatalf("a women's sale on the men's category lists %v products", got)
	}
	_, body = call(t, app, "GET", "/api/getproduct?sale="+wholeMen.ID+"&limit=48", nil, nil)
	if got := jsonValue(t, body, "data.metadata.total"); got != 35.0 {
		t.Fatalf("the men's sale lists %v products, want the 35 men's products", got)
	}
}
