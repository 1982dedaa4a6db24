package demo

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"drape/internal/banner"
	"drape/internal/catalog"
	"drape/internal/cms"
	"drape/internal/platform/dbtest"
	"drape/internal/sale"
	"drape/internal/shop"
)

const maxArtBytes = 15 * 1024

func newDeps(t *testing.T) Deps {
	t.Helper()
	pool, _ := dbtest.New(t)
	sales := sale.NewService(pool)
	products := catalog.NewService(pool, sales)
	sales.NameCategoriesFrom(products)
	return Deps{
		Catalog: products, Sales: sales, CMS: cms.NewService(pool), Banners: banner.NewService(pool),
		UploadsDir: t.TempDir(), Log: slog.New(slog.DiscardHandler),
	}
}

// allProducts reads every product of a listing.
func allProducts(t *testing.T, d Deps, l catalog.Listing) []catalog.Product {
	t.Helper()
	var out []catalog.Product
	for page := 1; ; page++ {
		p, err := d.Catalog.Products(context.Background(), l, shop.Page{Number: page, Size: 100})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p.Items...)
		if page >= p.TotalPages {
			return out
		}
	}
}

// uploaded is the file on disk behind an /uploads/ URL.
func uploaded(d Deps, url string) string {
	return filepath.Join(d.UploadsDir, filepath.FromSlash(strings.TrimPrefix(url, "/uploads/")))
}

// checkSVG fails unless data is well-formed XML with an <svg> root, small enough to serve.
func checkSVG(t *testing.T, name string, data []byte) {
	t.Helper()
	if len(data) >= maxArtBytes {
		t.Errorf("%s is %d bytes, want under %d", name, len(data), maxArtBytes)
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	root := ""
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Errorf("%s is not well-formed XML: %v", name, err)
			return
		}
		if el, ok := tok.(xml.StartElement); ok && root == "" {
			root = el.Name.Local
		}
	}
	if root != "svg" {
		t.Errorf("%s has root <%s>, want <svg>", name, root)
	}
	if strings.Count(string(data), "://") != 1 || !strings.Contains(string(data), `xmlns="http://www.w3.org/2000/svg"`) {
		t.Errorf("%s refers to something outside itself", name)
	}
}

// sizeSystems is the sizes each sub-category's garments come in.
var sizeSystems = map[string][]string{
	"Formal Shirts":    {"S", "M", "L", "XL", "XXL"},
	"Formal Trousers":  {"28", "30", "32", "34", "36", "38", "40", "42", "44"},
	"Stretch Pant":     {"28", "30", "32", "34", "36", "38", "40", "42", "44"},
	"Flexiwaist Pant":  {"28", "30", "32", "34", "36", "38", "40", "42", "44"},
	"Blazers":          {"36", "38", "40", "42", "44", "46"},
	"Suits":            {"36", "38", "40", "42", "44", "46"},
	"Waistcoats":       {"36", "38", "40", "42", "44", "46"},
	"Women's Shirts":   {"XS", "S", "M", "L", "XL"},
	"Women's Trousers": {"28", "30", "32", "34", "36", "38"},
	"Women's Blazers":  {"XS", "S", "M", "L", "XL"},
	"Pencil Skirts":    {"28", "30", "32", "34", "36", "38"},
}

func TestLoadFillsAnEmptyShopWithJaipurFormals(t *testing.T) {
	ctx := context.Background()
	d := newDeps(t)
	started := time.Now()
	loaded, err := Load(ctx, d)
	if err != nil || !loaded {
		t.Fatalf("Load = %v, %v; want true, nil", loaded, err)
	}
	t.Logf("Load took %v", time.Since(started))

	products := allProducts(t, d, catalog.Listing{})
	if len(products) < 80 {
		t.Fatalf("%d products, want at least 80", len(products))
	}

	cats, err := d.Catalog.Categories(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range cats {
		names = append(names, c.Name)
		for _, sc := range c.SubCategories {
			page, err := d.Catalog.Products(ctx, catalog.Listing{SubCategoryType: sc.CategoryType}, shop.Page{Number: 1, Size: 12})
			if err != nil {
				t.Fatal(err)
			}
			if page.Total == 0 {
				t.Errorf("sub-category %s has no products", sc.CategoryType)
			}
			if _, err := os.Stat(uploaded(d, sc.Image)); err != nil {
				t.Errorf("tile of %s: %v", sc.CategoryType, err)
			}
		}
	}
	if !slices.Equal(names, []string{"Men", "Women"}) {
		t.Errorf("categories %v, want Men and Women", names)
	}

	soldOutProducts, soldOutSizes, lowStock, long := 0, 0, 0, 0
	oldest, newest := products[0].CreatedAt, products[0].CreatedAt
	for _, p := range products {
		system, ok := sizeSystems[p.SubCategory]
		if !ok {
			t.Errorf("%s is in an unexpected sub-category %q", p.Code, p.SubCategory)
			continue
		}
		var sizes []string
		for _, s := range p.Sizes {
			sizes = append(sizes, s.Size)
			switch {
			case s.Stock == 0:
				soldOutSizes++
			case s.Stock <= 3:
				lowStock++
			}
		}
		if !slices.Equal(sizes, system) {
			t.Errorf("%s (%s) has sizes %v, want %v", p.Code, p.SubCategory, sizes, system)
		}
		if p.TotalStock == 0 {
			soldOutProducts++
		}
		if p.Discount < 0 || p.Discount > 30 {
			t.Errorf("%s has a %d%% discount", p.Code, p.Discount)
		}
		if !strings.HasPrefix(p.Code, "JF-") || len(p.Code) != len("JF-MSH-0012") {
			t.Errorf("product code %q is not like JF-MSH-0012", p.Code)
		}
		if p.Weight <= 0 || p.Length <= 0 || p.Width <= 0 || p.Height <= 0 || p.Fit == "" || p.ReturnDescription == "" {
			t.Errorf("%s lacks its fit, dimensions, weight or return description", p.Code)
		}
		if len(p.BasicDescription) > 200 {
			long++
		}
		if p.CreatedAt.Before(oldest) {
			oldest = p.CreatedAt
		}
		if p.CreatedAt.After(newest) {
			newest = p.CreatedAt
		}

		if len(p.Images) != 2 {
			t.Errorf("%s has %d images, want a photograph and a close-up", p.Code, len(p.Images))
		}
		for _, img := range append([]string{p.Thumbnail}, p.Images...) {
			data, err := os.ReadFile(uploaded(d, img))
			if err != nil {
				t.Errorf("%s: %v", p.Code, err)
				continue
			}
			checkSVG(t, img, data)
			if !strings.Contains(string(data), p.Colour) {
				t.Errorf("%s does not name the product's colour %s", img, p.Colour)
			}
		}
	}
	t.Logf("%d products: %d sold-out sizes, %d low-stock sizes, %d sold out in every size", len(products), soldOutSizes, lowStock, soldOutProducts)
	if soldOutProducts < 1 {
		t.Error("no product is sold out in every size")
	}
	if soldOutSizes < 20 || lowStock < 10 {
		t.Errorf("%d sold-out sizes and %d low-stock sizes, want some of each", soldOutSizes, lowStock)
	}
	if long < 5 {
		t.Errorf("%d descriptions over 200 characters, want some", long)
	}
	if newest.Sub(oldest) < 60*24*time.Hour || time.Since(oldest) > 121*24*time.Hour {
		t.Errorf("products were created from %v to %v, want a spread over the last 120 days", oldest, newest)
	}

	best, err := d.Catalog.Products(ctx, catalog.Listing{BestSellers: true}, shop.Page{Number: 1, Size: 12})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d best sellers", best.Total)
	if best.Total < 10 {
		t.Errorf("%d best sellers, want at least 10", best.Total)
	}

	running, err := d.Sales.Running(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(running) != 1 || running[0].Name != festiveSaleName || running[0].Discount != 20 {
		t.Fatalf("running sales %+v, want Festive Formals at 20%% only", running)
	}
	for _, banner := range []string{running[0].Image, running[0].MobileImage} {
		data, err := os.ReadFile(uploaded(d, banner))
		if err != nil {
			t.Fatalf("sale banner: %v", err)
		}
		checkSVG(t, banner, data)
		if !strings.Contains(string(data), "Festive Formals") || !strings.Contains(string(data), "Flat 20% off") {
			t.Errorf("%s does not announce the sale", banner)
		}
	}

	shown, err := d.Banners.Shown(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(shown) != 2 || shown[0].Place != banner.PlaceBestSeller || shown[1].Place != banner.PlaceHome || shown[1].MobileImage == "" {
		t.Fatalf("banners %+v, want the best-seller banner and the home hero with a phone image", shown)
	}
	for _, b := range shown {
		for _, image := range []string{b.Image, b.MobileImage} {
			if image == "" {
				continue
			}
			data, err := os.ReadFile(uploaded(d, image))
			if err != nil {
				t.Fatalf("%s banner: %v", b.Place, err)
			}
			checkSVG(t, image, data)
		}
	}

	shirts, err := d.Catalog.Products(ctx, catalog.Listing{SubCategoryType: "Formal Shirts"}, shop.Page{Number: 1, Size: 12})
	if err != nil {
		t.Fatal(err)
	}
	if len(shirts.Items) == 0 {
		t.Fatal("the Formal Shirts listing is empty")
	}
	for _, p := range shirts.Items {
		if len(p.Sale) == 0 || p.Sale[0].Name != festiveSaleName || p.DiscountedPrice >= p.Price {
			t.Errorf("%s: sale %v, %v → %v; want Festive Formals applied", p.Code, p.Sale, p.Price, p.DiscountedPrice)
		}
		if p.Price < shop.Rupees(1299) || p.Price > shop.Rupees(2999) {
			t.Errorf("shirt %s costs %v", p.Code, p.Price)
		}
	}
	blazers, err := d.Catalog.Products(ctx, catalog.Listing{SubCategoryType: "Blazers"}, shop.Page{Number: 1, Size: 12})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range blazers.Items {
		if len(p.Sale) != 0 {
			t.Errorf("blazer %s is in sale %v, which covers shirts and trousers only", p.Code, p.Sale)
		}
	}

	for _, typ := range []string{cms.TypeTerms, cms.TypePrivacy} {
		page, err := d.CMS.Page(ctx, typ)
		if err != nil {
			t.Fatalf("%s page: %v", typ, err)
		}
		if !strings.Contains(page.Description, "<h2>") || !strings.Contains(page.Description, "7 days") {
			t.Errorf("%s page reads %q", typ, page.Description)
		}
	}

	again, err := Load(ctx, d)
	if err != nil || again {
		t.Fatalf("second Load = %v, %v; want false, nil", again, err)
	}
	if n := len(allProducts(t, d, catalog.Listing{})); n != len(products) {
		t.Errorf("second Load changed the catalogue: %d products, had %d", n, len(products))
	}
	if running, _ := d.Sales.Running(ctx); len(running) != 1 {
		t.Errorf("second Load left %d running sales", len(running))
	}
}

func TestTheDemoIsTheSameEveryTime(t *testing.T) {
	now := time.Date(2025, 11, 1, 10, 0, 0, 0, time.UTC)
	a, b := demoPlans(now), demoPlans(now)
	if len(a) != len(b) {
		t.Fatalf("%d and %d products", len(a), len(b))
	}
	codes := map[string]bool{}
	for i := range a {
		pa, pb := a[i].Product, b[i].Product
		if pa.Code != pb.Code || pa.Name != pb.Name || pa.Price != pb.Price || !slices.Equal(pa.Sizes, pb.Sizes) || !pa.CreatedAt.Equal(pb.CreatedAt) {
			t.Fatalf("product %d differs: %+v and %+v", i, pa, pb)
		}
		if codes[pa.Code] {
			t.Errorf("product code %s is used twice", pa.Code)
		}
		codes[pa.Code] = true
	}
}

func TestEveryStyleIsDrawnAsSmallValidSVG(t *testing.T) {
	for _, spec := range subCategories {
		for _, st := range spec.Styles {
			for _, colour := range spec.Colours {
				for _, detail := range []bool{false, true} {
					name := colour.Name + " " + st.Name
					art := productArt(name, colour.Hex, st.Look, detail)
					checkSVG(t, name, art)
				}
			}
		}
		checkSVG(t, "tile of "+spec.Name, tileArt(spec.Name, spec.Tile.Hex, spec.Styles[0].Look, "#E6E0D4"))
	}
	for _, mobile := range []bool{false, true} {
		checkSVG(t, "sale banner", saleBanner("Festive <Formals> & more", 20, "Shirts & Trousers", mobile))
	}
	chart, err := os.ReadFile(filepath.Join("..", "..", "server", "static", "size-chart.svg"))
	if err != nil {
		t.Fatal(err)
	}
	checkSVG(t, "size chart", chart)
}

func TestBulkAddsGeneratedProducts(t *testing.T) {
	ctx := context.Background()
	d := newDeps(t)
	started := time.Now()
	if err := Bulk(ctx, d, 300); err != nil {
		t.Fatal(err)
	}
	t.Logf("Bulk(300) took %v", time.Since(started))
	if err := Bulk(ctx, d, 20); err != nil {
		t.Fatalf("a second Bulk: %v", err)
	}
	products := allProducts(t, d, catalog.Listing{})
	if len(products) != 320 {
		t.Fatalf("%d products, want 320", len(products))
	}
	files := map[string]bool{}
	for _, p := range products {
		if _, ok := sizeSystems[p.SubCategory]; !ok {
			t.Errorf("%s is in an unexpected sub-category %q", p.Code, p.SubCategory)
		}
		files[p.Thumbnail] = true
		if _, err := os.Stat(uploaded(d, p.Thumbnail)); err != nil {
			t.Errorf("%s: %v", p.Code, err)
		}
	}
	if len(files) > 120 {
		t.Errorf("bulk products use %d different thumbnails, want a small shared set", len(files))
	}
	if loaded, err := Load(ctx, d); err != nil || loaded {
		t.Errorf("Load after Bulk = %v, %v; want false, nil", loaded, err)
	}
}

// TestBulkSpeed measures Bulk on DEMO_BULK products (skipped unless set): go test -run
// TestBulkSpeed -v ./internal/demo/ with DEMO_BULK=5000.
func TestBulkSpeed(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("DEMO_BULK"))
	if n <= 0 {
		t.Skip("set DEMO_BULK to the number of products to time")
	}
	d := newDeps(t)
	started := time.Now()
	if err := Bulk(context.Background(), d, n); err != nil {
		t.Fatal(err)
	}
	took := time.Since(started)
	t.Logf("Bulk(%d) took %v: %.0f products a second", n, took, float64(n)/took.Seconds())
}
