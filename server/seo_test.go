package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"encoding/xml"
	"html"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"drape/internal/catalog"
	"drape/internal/shop"
)

// pageAt opens path as a browser does and answers the status and the HTML.
func pageAt(t *testing.T, s *catalogAdminShop, path string) (int, string) {
	t.Helper()
	resp, body := call(t, s.app, "GET", path, map[string]string{"Accept": "text/html", "Sec-Fetch-Mode": "navigate"}, nil)
	return resp.StatusCode, string(body)
}

// structuredData is every JSON-LD object of a page, parsed by encoding/json, by @type.
func structuredData(t *testing.T, page string) map[string]map[string]any {
	t.Helper()
	found := map[string]map[string]any{}
	for _, m := range regexp.MustCompile(`(?s)<script type="application/ld\+json">(.*?)</script>`).FindAllStringSubmatch(page, -1) {
		var node map[string]any
		if err := json.Unmarshal([]byte(m[1]), &node); err != nil {
			t.Fatalf("structured data does not parse: %v\n%s", err, m[1])
		}
		if node["@context"] != "https://schema.org" {
			t.Errorf("@context is %v", node["@context"])
		}
		found[node["@type"].(string)] = node
	}
	return found
}

// headTag is the content of <meta property|name="key">, or the href of <link rel="key">.
func headTag(page, key string) string {
	m := regexp.MustCompile(`<(?:meta (?:property|name)="` + regexp.QuoteMeta(key) + `" content|link rel="` + regexp.QuoteMeta(key) + `" href)="([^"]*)">`).FindStringSubmatch(page)
	if m == nil {
		return ""
	}
	return html.UnescapeString(m[1])
}

// apiPrice is what GET /api/getproduct/{id} answers as the product's price now.
func apiPrice(t *testing.T, s *catalogAdminShop, id string) float64 {
	t.Helper()
	status, body := send(t, s.app, "GET", "/api/getproduct/"+id, "", nil)
	expect(t, "the product as JSON", status, body, 200, nil)
	return jsonValue(t, body, "data.discountedPrice").(float64)
}

// TestProductStructuredData: a product page's JSON-LD parses, and its Offer's price is what the
// API charges at that moment — a running sale included, and after the sale is switched off —
// in INR, with the availability of its stock; the page's breadcrumbs follow its collection.
func TestProductStructuredData(t *testing.T) {
	t.Parallel()
	s, _ := firstScreenShop(t)
	ctx := context.Background()
	svc := newServices(s.d)
	shirt, err := svc.catalog.Product(ctx, s.f.newestShirt.ID) // in the running Festive Formals sale
	if err != nil {
		t.Fatal(err)
	}
	offer := func(t *testing.T, path string) (map[string]any, map[string]map[string]any) {
		t.Helper()
		status, page := pageAt(t, s, path)
		if status != http.StatusOK {
			t.Fatalf("%s: %d", path, status)
		}
		data := structuredData(t, page)
		product := data["Product"]
		if product == nil {
			t.Fatalf("%s has no Product: %v", path, data)
		}
		return product["offers"].(map[string]any), data
	}
	for _, tc := range []struct {
		name      string
		product   catalog.Product
		sale      bool
		available string
	}{
		{"a shirt in a running sale", shirt, true, "https://schema.org/InStock"},
		{"trousers in no sale, sold out", s.f.soldOut, false, "https://schema.org/OutOfStock"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := apiPrice(t, s, tc.product.ID)
			if tc.sale && want >= float64(tc.product.Price)/100 {
				t.Fatalf("the sale does not price %s: %v", tc.product.Name, want)
			}
			for _, path := range []string{"/product/" + tc.product.Slug, "/api/getproduct/" + tc.product.ID} {
				o, data := offer(t, path)
				if o["price"] != want || o["priceCurrency"] != "INR" || o["availability"] != tc.available {
					t.Errorf("%s: offer %v, want price %v INR %s", path, o, want, tc.available)
				}
				if got := data["Product"]["sku"]; got != tc.product.Code {
					t.Errorf("%s: sku %v", path, got)
				}
				crumbs := data["BreadcrumbList"]["itemListElement"].([]any)
				if len(crumbs) != 4 || crumbs[2].(map[string]any)["name"] != tc.product.SubCategory || crumbs[3].(map[string]any)["name"] != tc.product.Name {
					t.Errorf("%s: breadcrumbs %v", path, crumbs)
				}
			}
		})
	}
	// The sale ends: the page's price follows at once, and equals the API's again.
	status, body := send(t, s.app, "PUT", "/api/admin/sales/"+s.f.sale.ID+"/status", s.admin, map[string]any{"saleStatus": false})
	expect(t, "switch the sale off", status, body, 200, nil)
	after := apiPrice(t, s, shirt.ID)
	if after <= float64(shirt.DiscountedPrice)/100 {
		t.Fatalf("the API still charges %v after the sale ended", after)
	}
	if o, _ := offer(t, "/product/"+shirt.Slug); o["price"] != after {
		t.Errorf("after the sale: offer price %v, the API's %v", o["price"], after)
	}
}

// TestProductOpenGraph: a shared product link previews with its picture (an absolute address
// that answers the image), name, price and availability, and every address of the product names
// /product/{slug} as canonical.
func TestProductOpenGraph(t *testing.T) {
	t.Parallel()
	s, _ := firstScreenShop(t)
	shirt := s.f.newestShirt
	dir := filepath.Join(s.d.cfg.UploadsDir, "products")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "JF-1.svg"), []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="4" height="5"/>`), 0o644)
	want := s.d.cfg.PublicURL + "/product/" + shirt.Slug
	if !regexp.MustCompile(`^oxford-shirt-30-[0-9a-f]{8}$`).MatchString(shirt.Slug) {
		t.Errorf("slug %q, want the name and a short tail", shirt.Slug)
	}
	for _, path := range []string{"/product/" + shirt.Slug, "/api/getproduct/" + shirt.ID} {
		status, page := pageAt(t, s, path)
		if status != http.StatusOK {
			t.Fatalf("%s: %d", path, status)
		}
		if got := headTag(page, "canonical"); got != want {
			t.Errorf("%s: canonical %q, want %q", path, got, want)
		}
		if n := strings.Count(page, "<title>"); n != 1 || !strings.Contains(page, "<title>Oxford Shirt 30 — drape</title>") {
			t.Errorf("%s: %d titles, want one naming the product", path, n)
		}
		for key, value := range map[string]string{
			"og:type": "product", "og:title": "Oxford Shirt 30 — drape", "og:url": want, "og:site_name": "drape",
			"description": "A crisp cotton Oxford shirt with a button-down collar.", "og:description": "A crisp cotton Oxford shirt with a button-down collar.",
			"product:price:currency": "INR", "product:price:amount": strconv.FormatFloat(apiPrice(t, s, shirt.ID), 'f', -1, 64), "product:availability": "in stock",
			"twitter:card": "summary_large_image",
		} {
			if got := headTag(page, key); got != value {
				t.Errorf("%s: %s is %q, want %q", path, key, got, value)
			}
		}
		image := headTag(page, "og:image")
		if !strings.HasPrefix(image, s.d.cfg.PublicURL+"/") || headTag(page, "twitter:image") != image {
			t.Fatalf("%s: og:image %q is not an absolute address on the shop", path, image)
		}
		resp, body := call(t, s.app, "GET", strings.TrimPrefix(image, s.d.cfg.PublicURL), nil, nil)
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "image/") || len(body) == 0 {
			t.Errorf("og:image %s answers %d %s", image, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
	}
	// A listing names itself, its products as an ItemList in page order, and the shop.
	status, listing := pageAt(t, s, "/products/Formal%20Shirts?page=2")
	if status != 200 {
		t.Fatalf("listing: %d", status)
	}
	if got := headTag(listing, "canonical"); got != s.d.cfg.PublicURL+"/products/Formal%20Shirts?page=2" {
		t.Errorf("listing canonical %q", got)
	}
	data := structuredData(t, listing)
	items := data["ItemList"]["itemListElement"].([]any)
	first := items[0].(map[string]any)
	if len(items) != productPageSize || first["position"] != float64(productPageSize+1) || !strings.HasPrefix(first["url"].(string), s.d.cfg.PublicURL+"/product/oxford-shirt-19-") {
		t.Errorf("ItemList %v", items[:1])
	}
	if data["Organization"]["name"] != "drape" || headTag(listing, "og:image") == "" || !strings.Contains(listing, "<title>Formal Shirts — drape</title>") {
		t.Errorf("listing head: organization %v, og:image %q", data["Organization"], headTag(listing, "og:image"))
	}
}

// TestPageStatuses: an address the app has no page for, an unknown product and a hidden one
// answer 404 (so does a listing of a sub-category the shop does not have), a deleted product 410 — each still the app, which shows its own 404 page, and none
// to be indexed; known pages answer 200.
func TestPageStatuses(t *testing.T) {
	t.Parallel()
	s, _ := firstScreenShop(t)
	ctx := context.Background()
	svc := newServices(s.d)
	hidden, err := svc.catalog.CreateProduct(ctx, catalog.NewProduct{Code: "JF-MSH-0900", Name: "Hidden Shirt", Gender: "Men",
		SubCategoryID: s.f.shirts.ID, Price: shop.Rupees(999), Sizes: []catalog.Size{{Size: "M", Stock: 1}}, Hidden: true})
	if err != nil {
		t.Fatal(err)
	}
	deleted, err := svc.catalog.CreateProduct(ctx, catalog.NewProduct{Code: "JF-MSH-0901", Name: "Gone Shirt", Gender: "Men",
		SubCategoryID: s.f.shirts.ID, Price: shop.Rupees(999), Sizes: []catalog.Size{{Size: "M", Stock: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	status, body := send(t, s.app, "DELETE", "/api/admin/products/"+deleted.ID, s.admin, nil)
	expect(t, "delete a product", status, body, 200, nil)
	for path, want := range map[string]int{
		"/no-such-page":                            404,
		"/products/Formal%20Shirts/extra":          404,
		"/products/No%20Such%20Things":             404,
		"/products/bestseller":                     200,
		"/product/no-such-shirt-12345678":          404,
		"/api/getproduct/0123456789abcdef01234567": 404,
		"/product/" + hidden.Slug:                  404,
		"/api/getproduct/" + hidden.ID:             404,
		"/product/" + deleted.Slug:                 410,
		"/api/getproduct/" + deleted.ID:            410,
		"/":                                        200,
		"/aboutus":                                 200,
		"/products/Formal%20Shirts":                200,
		"/product/" + s.f.newestShirt.Slug:         200,
		"/admin/products":                          200,
		"/trackid/0123456789abcdef01234567":        200,
		"/shop/men":                                200,
	} {
		got, page := pageAt(t, s, path)
		if got != want {
			t.Errorf("%s: %d, want %d", path, got, want)
		}
		if !strings.Contains(page, `<div id="root">`) {
			t.Errorf("%s: not the app", path)
		}
		if noindex := headTag(page, "robots") == "noindex"; noindex != (want != 200) {
			t.Errorf("%s: robots noindex %v", path, noindex)
		}
	}
	// Shown again in the back office, it is back.
	status, body = send(t, s.app, "POST", "/api/admin/products/status", s.admin, map[string]any{"ids": []string{deleted.ID}, "status": "active"})
	expect(t, "show it again", status, body, 200, nil)
	if got, _ := pageAt(t, s, "/product/"+deleted.Slug); got != 200 {
		t.Errorf("shown again: %d", got)
	}
}

// TestSitemapAndRobots: robots.txt keeps crawlers out of the back office and the API and names
// the sitemap; the sitemap index names the pages, listings and products files with their last
// change, and the products file lists every shown product at /product/{slug} with its pictures,
// hidden ones left out.
func TestSitemapAndRobots(t *testing.T) {
	t.Parallel()
	s, _ := firstScreenShop(t)
	base := s.d.cfg.PublicURL
	resp, robots := call(t, s.app, "GET", "/robots.txt", nil, nil)
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("robots.txt: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	for _, line := range []string{"User-agent: *", "Disallow: /api/", "Disallow: /admin", "Disallow: /user/", "Allow: /api/getproduct/", "Sitemap: " + base + "/sitemap.xml"} {
		if !strings.Contains(string(robots), line+"\n") {
			t.Errorf("robots.txt lacks %q:\n%s", line, robots)
		}
	}
	fetch := func(path string, gzipped bool) []byte {
		t.Helper()
		headers := map[string]string{}
		if gzipped {
			headers["Accept-Encoding"] = "gzip"
		}
		resp, body := call(t, s.app, "GET", path, headers, nil)
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/xml") {
			t.Fatalf("%s: %d %s", path, resp.StatusCode, body)
		}
		if gzipped {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatalf("%s is not gzipped: %v", path, err)
			}
			body, _ = io.ReadAll(zr)
		}
		return body
	}
	var index struct {
		Sitemaps []struct {
			Loc     string `xml:"loc"`
			LastMod string `xml:"lastmod"`
		} `xml:"sitemap"`
	}
	if err := xml.Unmarshal(fetch("/sitemap.xml", true), &index); err != nil {
		t.Fatal(err)
	}
	var locs []string
	for _, sm := range index.Sitemaps {
		locs = append(locs, sm.Loc)
		if sm.LastMod == "" && !strings.HasSuffix(sm.Loc, "/pages.xml") {
			t.Errorf("%s has no lastmod", sm.Loc)
		}
	}
	if strings.Join(locs, " ") != base+"/sitemaps/pages.xml "+base+"/sitemaps/categories.xml "+base+"/sitemaps/products-1.xml" {
		t.Fatalf("sitemap index names %v", locs)
	}
	type urlset struct {
		URLs []struct {
			Loc     string   `xml:"loc"`
			LastMod string   `xml:"lastmod"`
			Images  []string `xml:"image>loc"`
		} `xml:"url"`
	}
	var products urlset
	if err := xml.Unmarshal(fetch("/sitemaps/products-1.xml", false), &products); err != nil {
		t.Fatal(err)
	}
	var shown int
	if err := s.d.pool.QueryRow(context.Background(), `SELECT count(*) FROM products WHERE active`).Scan(&shown); err != nil {
		t.Fatal(err)
	}
	if len(products.URLs) != shown || shown < 30 {
		t.Fatalf("products-1.xml lists %d products, %d are shown", len(products.URLs), shown)
	}
	var sawShirt bool
	for _, u := range products.URLs {
		if u.Loc == base+"/product/"+s.f.newestShirt.Slug {
			sawShirt = true
			if u.LastMod == "" || len(u.Images) != 1 || u.Images[0] != base+"/uploads/products/JF-1.svg" {
				t.Errorf("the shirt's entry: %+v", u)
			}
		}
	}
	if !sawShirt {
		t.Error("products-1.xml lacks the newest shirt")
	}
	var listings urlset
	if err := xml.Unmarshal(fetch("/sitemaps/categories.xml", true), &listings); err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, u := range listings.URLs {
		listed = append(listed, strings.TrimPrefix(u.Loc, base))
	}
	if strings.Join(listed, " ") != "/products/Formal%20Shirts /products/Formal%20Trousers /products/Women%27s%20Shirts /shop/men /shop/women" {
		t.Errorf("categories.xml lists %v", listed)
	}
	if resp, _ := call(t, s.app, "GET", "/sitemaps/products-2.xml", nil, nil); resp.StatusCode != 404 {
		t.Errorf("products-2.xml past the last: %d", resp.StatusCode)
	}
}
