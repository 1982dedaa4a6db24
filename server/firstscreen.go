package main

import (
	_ "embed"
	"encoding/json"
	"html"
	"html/template"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"

	"drape/internal/banner"
	"drape/internal/catalog"
	"drape/internal/sale"
	"drape/internal/shop"
)

// The first screen: a storefront page arrives with its top already drawn. The client is a
// single-page app whose scripts (about 120 kB gzip) must load and run, and whose data calls must
// answer, before it can draw anything; on a phone on a slow network that is seconds of blank
// page. So for the pages shoppers land on — the home page, a sub-category listing and a product
// page (and a guest's empty cart) — the server writes the markup of the page's first screen
// (firstscreen.html, the components' own markup and classes) into the page, together with the
// data the client would fetch (<meta name="drape-catalog">, <meta name="drape-banners">, <meta
// name="drape-sales">) and the stylesheets and chunks of the page's route. The client renders the
// whole page from that data without a call, and swaps its page in for the server's in one step
// (client/src/lib/firstScreen.ts). The server's copy is inert: nothing on it reacts until the app
// has taken over. Until then the page is set in fallback fonts sized like the shop's own (<html
// data-fonts="later">, client/src/app/global.css), so the server's screen and the app's page lay
// out alike whenever the fonts arrive, and what the server drew does not fade in (<html
// data-first-screen>), nor does the app's copy of it.

//go:embed firstscreen.html
var firstScreenMarkup string

var firstScreenTemplate = template.Must(template.New("first-screen").
	Funcs(template.FuncMap{"inc": func(i int) int { return i + 1 }}).
	Parse(firstScreenMarkup))

// The client modules that draw each first screen (keys of Vite's manifest).
const (
	homeModule    = "src/app/routes/HomePage.tsx"
	listingModule = "src/app/routes/ListingPage.tsx"
	productModule = "src/app/routes/ProductPage.tsx"
	cartModule    = "src/app/routes/CartPage.tsx"
)

// pageExtras is what firstPaint adds to index.html for one request.
type pageExtras struct {
	htmlAttrs string // attributes for <html>: the shopper's theme
	head      string // before </head>: data, stylesheets, preloads
	body      string // before <div id="root">: the first screen's markup
}

// routeAssets are the files a route's lazy chunk needs beyond what index.html loads: its
// stylesheets (linked in <head>, so the first screen is styled at first paint) and its scripts
// (preloaded, so the app need not discover them after the entry has run).
type routeAssets struct {
	styles  []string
	scripts []string
}

// manifestChunk is one entry of Vite's build manifest (dist/.vite/manifest.json).
type manifestChunk struct {
	File    string   `json:"file"`
	CSS     []string `json:"css"`
	Imports []string `json:"imports"`
	IsEntry bool     `json:"isEntry"`
}

// loadRouteAssets reads which files each first-screen route needs from the build manifest;
// without a manifest (a client built elsewhere) pages go without first screens.
func loadRouteAssets(dir string) map[string]routeAssets {
	raw, err := os.ReadFile(filepath.Join(dir, ".vite", "manifest.json"))
	if err != nil {
		return nil
	}
	var manifest map[string]manifestChunk
	if json.Unmarshal(raw, &manifest) != nil {
		return nil
	}
	// What index.html already loads: the entry, its static imports and their stylesheets.
	loaded := map[string]bool{}
	var markLoaded func(key string)
	markLoaded = func(key string) {
		chunk, ok := manifest[key]
		if !ok || loaded[key] {
			return
		}
		loaded[key] = true
		for _, css := range chunk.CSS {
			loaded[css] = true
		}
		for _, imported := range chunk.Imports {
			markLoaded(imported)
		}
	}
	for key, chunk := range manifest {
		if chunk.IsEntry {
			markLoaded(key)
		}
	}
	assets := map[string]routeAssets{}
	for _, module := range []string{homeModule, listingModule, productModule, cartModule} {
		if _, ok := manifest[module]; !ok {
			return nil
		}
		var a routeAssets
		seen := map[string]bool{}
		var walk func(key string)
		walk = func(key string) {
			chunk, ok := manifest[key]
			if !ok || seen[key] || loaded[key] {
				return
			}
			seen[key] = true
			a.scripts = append(a.scripts, "/"+chunk.File)
			for _, css := range chunk.CSS {
				if !loaded[css] && !seen[css] {
					seen[css] = true
					a.styles = append(a.styles, "/"+css)
				}
			}
			for _, imported := range chunk.Imports {
				walk(imported)
			}
		}
		walk(module)
		assets[module] = a
	}
	return assets
}

// screen is what firstscreen.html draws: the frame (header, sale banner) and one page.
type screen struct {
	Dark     bool
	Nav      string // the header link marked as the current page: "home", "bestseller" or ""
	SaleText string
	Home     *homeScreen
	Listing  *listingScreen
	Product  *productScreen
	Cart     *cartScreen
}

// cartScreen is a guest's empty cart and the products it suggests.
type cartScreen struct {
	Related []productCard
}

type homeScreen struct {
	Title       []titleRun
	Subtitle    string
	Link        string
	LinkText    string
	Image       string
	MobileImage string
}

// titleRun is a run of a banner title: words between *asterisks* are emphasised.
type titleRun struct {
	Text     string
	Emphasis bool
}

type listingScreen struct {
	Eyebrow string
	Title   string
	Count   string
	Banner  string
	Cards   []productCard
}

type productCard struct {
	ID, Href, Name, Thumbnail, Colour, Description, SaleName string
	SoldOut, Eager                                           bool
	Minor                                                    bool // an h3 under a section's h2 (not an h2 under the page's h1)
	Price                                                    priceTag
}

// priceTag is the Price component: what the shopper pays, the list price when higher, and
// the whole reduction in percent.
type priceTag struct {
	Size string // "medium" or "large"
	Now  string
	Was  string
	Off  int
}

type productScreen struct {
	Name, Code, ImageAlt, Image, SaleName, Description   string
	Category, CategoryHref, SubCategory, SubCategoryHref string
	Images                                               []string
	Sizes                                                []sizeChip
	SoldOut                                              bool
	Price                                                priceTag
}

type sizeChip struct {
	Size      string
	Available bool
}

// firstPaint is what a storefront page carries for its first render: on every page the running
// sales, as GET /api/getsale answers them (<meta name="drape-sales">), so the sale banner is
// there from the first frame, and the company (<meta name="drape-company">, as GET /api/company
// answers it) for the footer; and for the home page, a sub-category listing, a product page and
// a guest's empty cart, the first screen drawn by the server with the data behind it (see the
// top of this file). What cannot be read is left out; the client then asks as before.
func (s *server) firstPaint(c fiber.Ctx) pageExtras {
	var extras pageExtras
	var head strings.Builder
	sc := screen{}
	if c.Cookies("theme") == "dark" {
		sc.Dark = true
		extras.htmlAttrs = ` data-theme="dark"`
	}
	// The company an admin keeps, as GET /api/company answers it: the footer and the contact
	// page show its name, address, e-mail and phone without a call of their own.
	if firm, companyErr := s.company.Get(c.Context()); companyErr == nil {
		metaJSON(&head, "drape-company", firm)
	}
	sales, err := s.sales.Running(c.Context())
	if err == nil {
		metaJSON(&head, "drape-sales", sales)
		if len(sales) > 0 {
			sc.SaleText = saleAnnouncement(sales[0])
		}
	}
	// Without a build manifest (a client built elsewhere) only the home page's banners go in.
	drawn := s.client.routes != nil
	module := ""
	path := c.Path()
	switch {
	case path == "/":
		module = homeModule
		sc.Nav = "home"
		sc.Home = s.homeScreen(c, &head)
	case drawn && strings.HasPrefix(path, "/products/"):
		module = listingModule
		sc.Listing = s.listingScreen(c, &head, strings.TrimPrefix(path, "/products/"))
	case drawn && strings.HasPrefix(path, "/api/getproduct/"):
		module = productModule
		sc.Product = s.productScreen(c, &head, strings.TrimPrefix(path, "/api/getproduct/"))
	case drawn && (path == "/guestcart" || path == "/cart") && c.Cookies("signed-in") == "" && c.Cookies("guest-cart") == "":
		// The session and the guest cart live in the browser; its cookies say when this is a
		// guest with an empty cart (client/src/lib/firstScreen.ts).
		module = cartModule
		sc.Cart = s.cartScreen(c, &head)
	}
	assets, ok := s.client.routes[module]
	if drawn && ok && err == nil && (sc.Home != nil || sc.Listing != nil || sc.Product != nil || sc.Cart != nil) {
		var body strings.Builder
		if firstScreenTemplate.ExecuteTemplate(&body, "screen", sc) == nil {
			extras.body = body.String()
			// The page is set in fallbacks sized like the shop's fonts until the app has
			// taken over (client/src/app/global.css), and its first screen does not fade in.
			extras.htmlAttrs += ` data-first-screen data-fonts="later"`
			for _, css := range assets.styles {
				head.WriteString(`<link rel="stylesheet" crossorigin href="` + html.EscapeString(css) + `">`)
			}
			if s.client.start != nil {
				head.WriteString(s.client.start.starter(assets.scripts))
			} else {
				for _, js := range assets.scripts {
					head.WriteString(`<link rel="modulepreload" crossorigin href="` + html.EscapeString(js) + `">`)
				}
			}
		}
	}
	extras.head = head.String()
	return extras
}

// homeScreen is the home page's hero from the stored home banner (the banners also go into
// <meta name="drape-banners">, with a preload of the hero's picture); nil when none is on.
func (s *server) homeScreen(c fiber.Ctx, head *strings.Builder) *homeScreen {
	banners, err := s.banners.Shown(c.Context())
	if err != nil {
		return nil
	}
	metaJSON(head, "drape-banners", fiber.Map{"items": banners})
	for _, b := range banners {
		if b.Place != banner.PlaceHome || !b.Active {
			continue
		}
		if b.MobileImage != "" {
			head.WriteString(`<link rel="preload" as="image" fetchpriority="high" href="` + html.EscapeString(b.MobileImage) + `" media="(max-width: 639px)">`)
			head.WriteString(`<link rel="preload" as="image" fetchpriority="high" href="` + html.EscapeString(b.Image) + `" media="(min-width: 640px)">`)
		} else {
			head.WriteString(`<link rel="preload" as="image" fetchpriority="high" href="` + html.EscapeString(b.Image) + `">`)
		}
		hero := &homeScreen{Title: titleRuns(b.Title), Subtitle: b.Subtitle, Image: b.Image, MobileImage: b.MobileImage}
		// An outside link or none leaves the call to action to the client (it renders those
		// differently); the shop's own pages are plain links.
		if b.LinkText != "" && strings.HasPrefix(b.Link, "/") && !strings.HasPrefix(b.Link, "//") {
			hero.Link, hero.LinkText = b.Link, b.LinkText
		} else if b.LinkText != "" && b.Link != "" {
			return nil
		}
		return hero
	}
	return nil
}

// listingScreen is page 1 (or ?page=) of /products/{sub-category}; nil for best sellers (their
// banner is the client's own), an unknown sub-category or an empty one.
func (s *server) listingScreen(c fiber.Ctx, head *strings.Builder, rawName string) *listingScreen {
	name, err := url.PathUnescape(rawName)
	name = strings.TrimSpace(name)
	if err != nil || name == "" || strings.Contains(name, "/") || strings.EqualFold(name, "bestseller") {
		return nil
	}
	pageNumber := 1
	if raw := c.Query("page"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > 10_000 {
			return nil
		}
		pageNumber = n
	}
	categories, err := s.catalog.Categories(c.Context())
	if err != nil {
		return nil
	}
	page, err := s.catalog.Products(c.Context(), catalog.Listing{SubCategoryType: name}, shop.Page{Number: pageNumber, Size: productPageSize})
	if err != nil || len(page.Items) == 0 {
		return nil
	}
	metaJSON(head, "drape-catalog", fiber.Map{
		"categories": fiber.Map{"items": categories},
		"listing":    fiber.Map{"query": fiber.Map{"type": name, "page": pageNumber}, "page": pageAnswer(page)},
	})
	l := &listingScreen{Eyebrow: "Collection", Title: name, Count: productCount(page.Total)}
	for _, cat := range categories {
		for _, sub := range cat.SubCategories {
			if strings.EqualFold(strings.TrimSpace(sub.CategoryType), name) && l.Banner == "" {
				l.Eyebrow, l.Banner = cat.Name, sub.Image
			}
		}
	}
	// The first row's pictures are the largest paint on a phone: fetch them with the page.
	for _, p := range page.Items[:min(2, len(page.Items))] {
		head.WriteString(`<link rel="preload" as="image" fetchpriority="high" href="` + html.EscapeString(p.Thumbnail) + `">`)
	}
	for i, p := range page.Items {
		l.Cards = append(l.Cards, cardOf(p, i < 4))
	}
	return l
}

// cartScreen is a guest's empty cart with 'Products you may like': the best sellers, last
// first, as the cart page lists them; nil when they cannot be read.
func (s *server) cartScreen(c fiber.Ctx, head *strings.Builder) *cartScreen {
	page, err := s.catalog.Products(c.Context(), catalog.Listing{BestSellers: true}, shop.Page{Number: 1, Size: productPageSize})
	if err != nil {
		return nil
	}
	metaJSON(head, "drape-catalog", fiber.Map{"listing": fiber.Map{"query": fiber.Map{"status": catalog.StatusBestSeller}, "page": pageAnswer(page)}})
	cart := &cartScreen{}
	for i := range page.Items {
		card := cardOf(page.Items[len(page.Items)-1-i], i < 4)
		card.Minor = true
		cart.Related = append(cart.Related, card)
	}
	return cart
}

// cardOf is the ProductCard of p; eager pictures load at once.
func cardOf(p catalog.Product, eager bool) productCard {
	return productCard{
		ID: p.ID, Href: "/api/getproduct/" + url.PathEscape(p.ID), Name: p.Name, Thumbnail: p.Thumbnail,
		Colour: p.Colour, Description: truncate(p.BasicDescription, 60), SaleName: appliedSaleName(p),
		SoldOut: p.TotalStock <= 0, Eager: eager, Price: priceOf(p, "medium"),
	}
}

// productScreen is the top of a product's page; nil when there is no such product.
func (s *server) productScreen(c fiber.Ctx, head *strings.Builder, rawID string) *productScreen {
	id, err := url.PathUnescape(rawID)
	if err != nil || id == "" || strings.Contains(id, "/") {
		return nil
	}
	p, err := s.catalog.Product(c.Context(), id)
	if err != nil {
		return nil
	}
	metaJSON(head, "drape-catalog", fiber.Map{"product": p})
	images := galleryImages(p)
	ps := &productScreen{
		Name: p.Name, Code: p.Code, SaleName: appliedSaleName(p), Description: p.BasicDescription,
		Category: p.Category, SubCategory: p.SubCategory, Images: images,
		SoldOut: p.TotalStock <= 0, Price: priceOf(p, "large"), ImageAlt: p.Name,
	}
	if len(images) > 0 {
		ps.Image = images[0]
		head.WriteString(`<link rel="preload" as="image" fetchpriority="high" href="` + html.EscapeString(ps.Image) + `">`)
	}
	if len(images) > 1 {
		ps.ImageAlt = p.Name + ", picture 1 of " + strconv.Itoa(len(images))
	}
	if p.Category != "" {
		ps.CategoryHref = "/shop/" + url.PathEscape(strings.ToLower(strings.TrimSpace(p.Category)))
	}
	if p.SubCategory != "" {
		ps.SubCategoryHref = "/products/" + url.PathEscape(p.SubCategory)
	}
	for _, size := range p.Sizes {
		ps.Sizes = append(ps.Sizes, sizeChip{Size: size.Size, Available: size.Stock > 0})
	}
	return ps
}

// priceOf is the Price component's input for p: the list price shows when higher.
func priceOf(p catalog.Product, size string) priceTag {
	tag := priceTag{Size: size, Now: p.DiscountedPrice.String()}
	if p.Price > 0 && p.DiscountedPrice < p.Price {
		tag.Was = p.Price.String()
		tag.Off = int(math.Round((1 - float64(p.DiscountedPrice)/float64(p.Price)) * 100))
	}
	return tag
}

// appliedSaleName names the first sale that priced p, if any.
func appliedSaleName(p catalog.Product) string {
	if len(p.Sale) == 0 {
		return ""
	}
	return p.Sale[0].Name
}

// galleryImages is every picture of p, thumbnail first, each once.
func galleryImages(p catalog.Product) []string {
	var images []string
	seen := map[string]bool{}
	for _, image := range append([]string{p.Thumbnail}, p.Images...) {
		if image != "" && !seen[image] {
			seen[image] = true
			images = append(images, image)
		}
	}
	return images
}

// productCount is "1 product", "24 products".
func productCount(total int64) string {
	if total == 1 {
		return "1 product"
	}
	return strconv.FormatInt(total, 10) + " products"
}

// truncate is the first max characters of text (whitespace collapsed), with '…' when cut.
func truncate(text string, max int) string {
	clean := []rune(strings.Join(strings.Fields(text), " "))
	if len(clean) <= max {
		return string(clean)
	}
	return strings.TrimRight(string(clean[:max]), " ") + "…"
}

// titleRuns cuts a banner title into plain and emphasised runs (*words* are emphasised).
func titleRuns(title string) []titleRun {
	var runs []titleRun
	rest := title
	for {
		start := strings.Index(rest, "*")
		if start < 0 {
			break
		}
		end := strings.Index(rest[start+1:], "*")
		if end <= 0 {
			if end == 0 { // "**": nothing to emphasise; keep the first asterisk as text
				runs = append(runs, titleRun{Text: rest[:start+1]})
				rest = rest[start+1:]
				continue
			}
			break
		}
		if start > 0 {
			runs = append(runs, titleRun{Text: rest[:start]})
		}
		runs = append(runs, titleRun{Text: rest[start+1 : start+1+end], Emphasis: true})
		rest = rest[start+2+end:]
	}
	if rest != "" {
		runs = append(runs, titleRun{Text: rest})
	}
	return runs
}

// saleAnnouncement is the sale banner's line: "drape's Diwali Edit sale is live — flat 20% off
// on Shirts, Trousers in the Men collection".
func saleAnnouncement(sl sale.Sale) string {
	parts := []string{"drape's " + strings.TrimSpace(sl.Name) + " sale is live — flat " + strconv.Itoa(sl.Discount) + "% off"}
	var subs []string
	for _, sub := range sl.SubCategories {
		if name := strings.TrimSpace(sub.CategoryType); name != "" {
			subs = append(subs, name)
		}
	}
	if len(subs) > 0 {
		parts = append(parts, "on "+strings.Join(subs, ", "))
	}
	collection := strings.TrimSpace(sl.CategoryData.CategoryType)
	forWhom := strings.TrimSpace(sl.Gender)
	if forWhom == "" || strings.EqualFold(forWhom, "all") {
		forWhom = "everyone"
	}
	if collection != "" && !strings.EqualFold(collection, "all") {
		parts = append(parts, "in the "+collection+" collection")
	}
	if collection == "" || !strings.EqualFold(collection, forWhom) {
		parts = append(parts, "for "+forWhom)
	}
	return strings.Join(parts, " ")
}

// metaJSON writes <meta name="name" content="v as JSON">, the JSON as the API would answer it.
func metaJSON(head *strings.Builder, name string, v any) {
	encoded, err := jsonEncode(v)
	if err != nil {
		return
	}
	head.WriteString(`<meta name="` + name + `" content="` + html.EscapeString(string(encoded)) + `">`)
}
