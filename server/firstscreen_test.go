package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"drape/internal/catalog"
	"drape/internal/shop"
)

// builtFirstScreens is the first-screen templates of the client's build (npm run build draws
// them from the components: client/scripts/first-screen-templates.mjs).
func builtFirstScreens(t *testing.T) []byte {
	t.Helper()
	built, err := os.ReadFile(filepath.Join("..", "client", "dist", firstScreenFile))
	if err != nil {
		t.Fatalf("the client is not built (bash scripts/build-client.sh): %v", err)
	}
	return built
}

// firstScreenShop is the small shop with a built client as Vite writes it: index.html with its
// entry, the build manifest naming each route's chunk and stylesheet, first-screen.js, and the
// first-screen templates of the client's real build.
func firstScreenShop(t *testing.T) (*catalogAdminShop, catalog.Product) {
	t.Helper()
	s := newCatalogAdminShop(t, nil)
	dir := s.d.cfg.ClientDir
	os.WriteFile(filepath.Join(dir, firstScreenFile), builtFirstScreens(t), 0o644)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte(`<!doctype html>
<html lang="en-IN">
  <head>
    <title>drape</title>
    <script type="module" crossorigin src="/assets/entry1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor1.js">
    <link rel="stylesheet" crossorigin href="/assets/shell1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`), 0o644)
	os.WriteFile(filepath.Join(dir, "first-screen.js"), []byte("// starts the app"), 0o644)
	os.MkdirAll(filepath.Join(dir, ".vite"), 0o755)
	os.WriteFile(filepath.Join(dir, ".vite", "manifest.json"), []byte(`{
  "index.html": {"file": "assets/entry1.js", "isEntry": true, "imports": ["_vendor1.js"], "css": ["assets/shell1.css"]},
  "_vendor1.js": {"file": "assets/vendor1.js"},
  "_catalog1.js": {"file": "assets/catalog1.js", "imports": ["_vendor1.js"], "css": ["assets/catalog1.css"]},
  "src/app/routes/HomePage.tsx": {"file": "assets/home1.js", "imports": ["_vendor1.js", "_catalog1.js", "index.html"], "css": ["assets/home1.css"]},
  "src/app/routes/ListingPage.tsx": {"file": "assets/listing1.js", "imports": ["_vendor1.js", "_catalog1.js"], "css": ["assets/listing1.css"]},
  "src/app/routes/ProductPage.tsx": {"file": "assets/product1.js", "imports": ["_catalog1.js"], "css": ["assets/product1.css"]},
  "src/app/routes/CartPage.tsx": {"file": "assets/cart1.js", "imports": ["_catalog1.js"], "css": ["assets/cart1.css"]}
}`), 0o644)
	hostile, err := newServices(s.d).catalog.CreateProduct(context.Background(), catalog.NewProduct{
		Code: "JF-MSH-0666", Name: `Shirt "><script>alert(1)</script>`, Gender: "Men", SubCategoryID: s.f.shirts.ID,
		Price: shop.Rupees(149999), Colour: "red", Thumbnail: "JF-1.svg", Images: []string{"JF-1.svg", "JF-2.svg"},
		BasicDescription: `<img src=x onerror=alert(2)> A shirt.`, Sizes: []catalog.Size{{Size: "M", Stock: 0}, {Size: "L", Stock: 2}},
	})
	if err != nil {
		t.Fatal(err)
	}
	s.app = newApp(s.d, newServices(s.d))
	return s, hostile
}

// page opens path as a browser does (a navigation) and answers the HTML.
func page(t *testing.T, s *catalogAdminShop, path string, cookie string) string {
	t.Helper()
	headers := map[string]string{"Accept": "text/html", "Sec-Fetch-Mode": "navigate"}
	if cookie != "" {
		headers["Cookie"] = cookie
	}
	resp, body := call(t, s.app, "GET", path, headers, nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s: %d %s", path, resp.StatusCode, body)
	}
	return string(body)
}

// metaData is the JSON a page carries in <meta name="name">.
func metaData(t *testing.T, page, name string) any {
	t.Helper()
	m := regexp.MustCompile(`<meta name="` + name + `" content="([^"]*)">`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no %s in the page", name)
	}
	var v any
	if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &v); err != nil {
		t.Fatalf("%s is not JSON: %v", name, err)
	}
	return v
}

// TestFirstScreen: a listing and a product page arrive drawn — the shopper sees the title,
// products, prices and sale at once — with the data the app would fetch (equal to what the
// API answers), the route's stylesheets and chunks, and the app started after the first paint;
// what shoppers or the back office typed is escaped; pages without a first screen are as built.
func TestFirstScreen(t *testing.T) {
	t.Parallel()
	s, hostile := firstScreenShop(t)

	listing := page(t, s, "/products/Formal%20Shirts", "")
	for _, want := range []string{
		`<div id="first-screen" class="RootLayout_app" inert>`,
		`<h1 class="ListingPage_title">Formal Shirts</h1>`,
		`<p class="ListingPage_count" aria-live="polite">31 products</p>`,
		`<p class="ListingPage_eyebrow">Men</p>`,
		`<p class="SaleBanner_text">drape's Festive Formals sale is live — flat 20% off on Formal Shirts in the Men collection</p>`,
		`<link rel="stylesheet" crossorigin href="/assets/listing1.css">`,
		`<link rel="stylesheet" crossorigin href="/assets/catalog1.css">`,
		`<script src="/first-screen.js" data-app="/assets/entry1.js" data-preload="/assets/entry1.js /assets/vendor1.js /assets/listing1.js /assets/catalog1.js" defer></script>`,
		`<div id="root"></div>`,
	} {
		if !strings.Contains(listing, want) {
			t.Errorf("the listing lacks %s", want)
		}
	}
	for _, never := range []string{`<script type="module"`, `href="/assets/shell1.css">` + "\n" + `<link rel="stylesheet" crossorigin href="/assets/shell1.css"`, `rel="modulepreload"`, "data-testid", `id="main"`} {
		if strings.Contains(listing, never) {
			t.Errorf("the listing has %s", never)
		}
	}
	if n := strings.Count(listing, `<link rel="preload" as="image" fetchpriority="high" href="/uploads/products/`); n != 2 {
		t.Errorf("%d product pictures preloaded, want the first row's 2", n)
	}
	if n := strings.Count(listing, `<article class="ProductCard_card"`); n != productPageSize {
		t.Errorf("%d product cards drawn, want a page of %d", n, productPageSize)
	}
	status, body := send(t, s.app, "GET", "/api/getproduct?type=Formal%20Shirts&page=1&limit=12", "", nil)
	expect(t, "the listing's call", status, body, 200, nil)
	var answer struct{ Data map[string]any }
	json.Unmarshal(body, &answer)
	seeded := metaData(t, listing, "drape-catalog").(map[string]any)["listing"].(map[string]any)
	if !reflect.DeepEqual(seeded["page"], answer.Data) || !reflect.DeepEqual(seeded["query"], map[string]any{"type": "Formal Shirts", "page": 1.0}) {
		t.Errorf("the page carries %v, the API answers %v", seeded, answer.Data)
	}
	for _, item := range answer.Data["items"].([]any) {
		name, slug := item.(map[string]any)["productName"].(string), item.(map[string]any)["slug"].(string)
		if !strings.Contains(listing, ">"+html.EscapeString(name)+"</a></h2>") {
			t.Errorf("the listing does not show %q", name)
		}
		// Cards link the product's readable, canonical page (search engines follow these links).
		if !strings.Contains(listing, `<a href="/product/`+slug+`">`+html.EscapeString(name)+"</a></h2>") {
			t.Errorf("the listing's card of %q does not link /product/%s", name, slug)
		}
	}

	// The hostile product's page: its name and description are text, never markup.
	product := page(t, s, "/api/getproduct/"+hostile.ID, "")
	for _, want := range []string{
		`<h1 class="ProductPage_name">Shirt &#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>`,
		`&lt;img src=x onerror=alert(2)&gt; A shirt.`,
		`<del class="Price_was"><span class="visually-hidden">List price </span>₹1,49,999</del>`,
		// A sold-out size can be chosen: it offers "Tell me when it's back" (issue 20).
		`<label class="SizePicker_chip" data-unavailable="true"><input type="radio" class="SizePicker_radio" name="fs-`,
		`value="M"><span class="SizePicker_chipFace">M<span class="visually-hidden">, sold out</span></span></label>`,
		`aria-label="Show picture 2 of 2"`,
		`<link rel="stylesheet" crossorigin href="/assets/product1.css">`,
	} {
		if !strings.Contains(product, want) {
			t.Errorf("the product page lacks %s", want)
		}
	}
	if strings.Contains(product, "<script>alert") || strings.Contains(product, "<img src=x") {
		t.Errorf("a product's words became markup: %s", product)
	}
	if got := metaData(t, product, "drape-catalog").(map[string]any)["product"].(map[string]any)["_id"]; got != hostile.ID {
		t.Errorf("the product page carries product %v", got)
	}

	resp, zipped := call(t, s.app, "GET", "/products/Formal%20Shirts", map[string]string{"Accept": "text/html", "Accept-Encoding": "gzip, deflate, br"}, nil)
	zr, err := gzip.NewReader(bytes.NewReader(zipped))
	if resp.Header.Get("Content-Encoding") != "gzip" || err != nil {
		t.Fatalf("the page is not gzipped for a browser that accepts it: %q %v", resp.Header.Get("Content-Encoding"), err)
	}
	if unzipped, _ := io.ReadAll(zr); !bytes.Contains(unzipped, []byte(`<h1 class="ListingPage_title">Formal Shirts</h1>`)) || len(zipped)*3 > len(unzipped) {
		t.Errorf("gzipped page: %d bytes for %d, or not the listing", len(zipped), len(unzipped))
	}

	// A guest's empty cart is drawn, with the best sellers it suggests; the cookies the app
	// sets say when the shopper is signed in or the guest cart has lines: then it is not.
	cart := page(t, s, "/guestcart", "")
	for _, want := range []string{`<h1 class="CartPage_title">Your cart</h1>`, `<h2 class="StateMessage_title">No items in the cart</h2>`,
		`class="CartPage_relatedTitle">Products you may like</h2>`, `<link rel="stylesheet" crossorigin href="/assets/cart1.css">`} {
		if !strings.Contains(cart, want) {
			t.Errorf("the empty cart lacks %s", want)
		}
	}
	if strings.Contains(cart, "₹0<") || strings.Contains(cart, "Make Payment") {
		t.Errorf("the empty cart shows a ₹0 summary or Make Payment")
	}
	status, body = send(t, s.app, "GET", "/api/getproduct?status=BestSeller", "", nil)
	expect(t, "best sellers", status, body, 200, nil)
	var sellers struct {
		Data struct{ Items []map[string]any }
	}
	json.Unmarshal(body, &sellers)
	if n := strings.Count(cart, `<h3 class="ProductCard_name"`); n != len(sellers.Data.Items) || n == 0 {
		t.Errorf("the cart suggests %d products, the best sellers are %d", n, len(sellers.Data.Items))
	} else if heading := func(i int) int {
		return strings.Index(cart, ">"+html.EscapeString(sellers.Data.Items[i]["productName"].(string))+"</a></h3>")
	}; heading(n-1) < 0 || heading(0) < heading(n-1) {
		t.Errorf("the cart's suggestions are not the best sellers, last first")
	}
	for _, cookie := range []string{"signed-in=1", "guest-cart=1", "signed-in=1; guest-cart=1"} {
		if got := page(t, s, "/guestcart", cookie); strings.Contains(got, "first-screen") {
			t.Errorf("the cart is drawn empty for a shopper with %s", cookie)
		}
	}

	dark := page(t, s, "/products/Formal%20Shirts", "theme=dark")
	if !strings.Contains(dark, `<html data-theme="dark" data-first-screen data-fonts="later" lang="en-IN">`) || !strings.Contains(dark, `data-theme-current="dark"`) {
		t.Errorf("a shopper who chose the dark theme gets a light first screen")
	}

	// No first screen: best sellers (their banner is the app's), an unknown product or
	// sub-category, other pages. The page is then as built, its entry a module script (the
	// unknown product's with status 404: TestPageStatuses).
	for _, path := range []string{"/products/bestseller", "/api/getproduct/0123456789abcdef01234567", "/products/Cravats", "/aboutus"} {
		_, got := pageAt(t, s, path)
		if strings.Contains(got, "first-screen") || !strings.Contains(got, `<script type="module" crossorigin src="/assets/entry1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor1.js">`) {
			t.Errorf("%s: drawn by the server, or its entry changed", path)
		}
	}
}

// TestPagesCarryTheCompany: every storefront page carries the company an admin keeps, as GET
// /api/company answers it (<meta name="drape-company">), for the footer and the contact page;
// none before the details are set up, and saved details show on the next page at once.
func TestPagesCarryTheCompany(t *testing.T) {
	t.Parallel()
	s := newCatalogAdminShop(t, nil)
	seeded := func(path string) any {
		t.Helper()
		resp, page := call(t, s.app, "GET", path, nil, nil)
		if resp.StatusCode != 200 {
			t.Fatalf("%s: %d", path, resp.StatusCode)
		}
		m := regexp.MustCompile(`<meta name="drape-company" content="([^"]*)">`).FindSubmatch(page)
		if m == nil {
			return nil
		}
		var firm any
		if err := json.Unmarshal([]byte(html.UnescapeString(string(m[1]))), &firm); err != nil {
			t.Fatalf("the company is not JSON: %v", err)
		}
		return firm
	}
	if got := seeded("/contactus"); got != nil {
		t.Fatalf("a shop without company details carries %v", got)
	}
	status, body := send(t, s.app, "POST", "/api/admin/addcompany", s.admin, map[string]any{"companyName": "Jaipur Formals",
		"addressLine1": "14 MI Road", "city": "Jaipur", "state": "Rajasthan", "zip": "302001", "contact1": "+91 141 400 2024",
		"email": "care@jaipurformals.in"})
	expect(t, "save the company", status, body, 200, nil)
	status, body = send(t, s.app, "GET", "/api/company", "", nil)
	expect(t, "the company", status, body, 200, map[string]any{"data.email": "care@jaipurformals.in"})
	var answer struct{ Data any }
	json.Unmarshal(body, &answer)
	for _, path := range []string{"/contactus", "/products/Formal%20Shirts", "/"} {
		if got := seeded(path); !reflect.DeepEqual(got, answer.Data) {
			t.Fatalf("%s carries %v, the API answers %v", path, got, answer.Data)
		}
	}
}

// TestFirstScreenIsTheComponents: the product cards of the server's first screen are the app's
// ProductCard component, drawn by the client's SSR build for the same product (node runs
// client/scripts/render-card.mjs), markup for markup; a change to the component shows in the
// server's page after a build, and a hand-edited template fails here.
func TestFirstScreenIsTheComponents(t *testing.T) {
	s, _ := firstScreenShop(t)
	listing := page(t, s, "/products/Formal%20Shirts", "")
	status, body := send(t, s.app, "GET", "/api/getproduct?type=Formal%20Shirts&page=1&limit=12", "", nil)
	expect(t, "the listing's call", status, body, 200, nil)
	var answer struct {
		Data struct{ Items []json.RawMessage }
	}
	json.Unmarshal(body, &answer)
	cards := regexp.MustCompile(`<li><article class="ProductCard_card".*?</article></li>`).FindAllString(listing, -1)
	if len(cards) != len(answer.Data.Items) || len(cards) < 5 {
		t.Fatalf("%d cards drawn for %d products", len(cards), len(answer.Data.Items))
	}
	// An eager card and a lazy one, one with its sale and one without, as the page has them (the
	// first card, those on sale and the last, three at most), drawn by one run of render-card.mjs.
	var chosen []int
	for i, product := range answer.Data.Items {
		var p struct {
			Sale []any `json:"sale"`
		}
		json.Unmarshal(product, &p)
		if i != 0 && i != len(cards)-1 && len(p.Sale) == 0 {
			continue
		}
		if chosen = append(chosen, i); len(chosen) == 3 {
			break
		}
	}
	var input []map[string]any
	for _, i := range chosen {
		input = append(input, map[string]any{"product": answer.Data.Items[i], "eager": i < 4, "served": cards[i]})
	}
	list, _ := json.Marshal(input)
	cmd := exec.Command("node", "scripts/render-card.mjs")
	cmd.Dir = filepath.Join("..", "client")
	cmd.Env = append(os.Environ(), "NODE_ENV=production")
	cmd.Stdin = bytes.NewReader(list)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("render-card.mjs: %v", err)
	}
	var drawn []struct{ App, Served string }
	if err := json.Unmarshal(out, &drawn); err != nil || len(drawn) != len(chosen) {
		t.Fatalf("render-card.mjs answered %s for %d cards", out, len(chosen))
	}
	for n, i := range chosen {
		if drawn[n].App != drawn[n].Served {
			t.Errorf("card %d: the server drew\n%s\nthe app's ProductCard is\n%s", i, drawn[n].Served, drawn[n].App)
		}
	}
}
