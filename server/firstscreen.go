package main

import (
	"encoding/json"
	"html"
	"html/template"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"

	"drape/internal/banner"
	"drape/internal/catalog"
	"drape/internal/company"
	"drape/internal/sale"
	"drape/internal/shop"
)

// The first screen: a storefront page arrives with its top already drawn. The client is a
// single-page app whose scripts (about 120 kB gzip) must load and run, and whose data calls must
// answer, before it can draw anything; on a phone on a slow network that is seconds of blank
// page. So for the pages shoppers land on — the home page, a sub-category listing and a product
// page (and a guest's empty cart) — the server writes the page's first screen into the page,
// together with the data the client would fetch (<meta name="drape-catalog">, <meta
// name="drape-banners">, <meta name="drape-sales">) and the stylesheets and chunks of the page's
// route. The client renders the whole page from that data without a call, and swaps its page in
// for the server's in one step (client/src/lib/firstScreen.ts). The server's copy is inert:
// nothing on it reacts until the app has taken over. Until then the page is set in fallback
// fonts sized like the shop's own (<html data-fonts="later">, client/src/app/global.css), so the
// server's screen and the app's page lay out alike whenever the fonts arrive, and what the server
// drew does not fade in (<html data-first-screen>), nor does the app's copy of it.
//
// The markup is the app's own: the client's build draws each of these pages with its React
// components (client/src/ssr/firstScreen.tsx, client/scripts/first-screen-templates.mjs) into
// templates with slots (client/dist/.first-screen.html). This file only loads the data and fills
// the slots (screen below); no component's markup or words live here.

// firstScreenFile is the client build's first-screen templates, beside index.html.
const firstScreenFile = ".first-screen.html"

// loadFirstScreens parses the client build's first-screen templates; nil (pages go without first
// screens) when the build has none.
func loadFirstScreens(dir string) *template.Template {
	raw, err := os.ReadFile(filepath.Join(dir, firstScreenFile))
	if err != nil {
		return nil
	}
	screens, err := template.New("first-screen").Funcs(template.FuncMap{
		"inc":     func(i int) int { return i + 1 },
		"lower":   strings.ToLower,
		"reverse": reversed,
	}).Parse(string(raw))
	if err != nil {
		return nil
	}
	return screens
}

// reversed is the cards last first (a list the app shows that way; the template says when).
func reversed(cards []productCard) []productCard {
	out := make([]productCard, len(cards))
	for i, card := range cards {
		out[len(cards)-1-i] = card
	}
	return out
}

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
	head      string // before </head>: the page's title, description, tags for search engines and link previews (seo.go), data, stylesheets, preloads
	body      string // before <div id="root">: the first screen's markup
	status    int    // 404 for an address the app has no page for, 410 for a deleted product (seo.go)
	// replacesTitle: head has the page's <title> and description, which replace index.html's.
	replacesTitle bool
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

// screen is the data a first-screen template draws: the frame (header, sale banner) and one
// page. Which fields a page uses is the template's business; the names are the slots the client's
// build wrote (client/scripts/first-screen-templates.mjs).
type screen struct {
	Dark bool
	saleSlots
	// The home page: its hero from the stored home banner (Hero false: the app's own hero).
	Hero                                bool
	TitleRuns                           []titleRun
	Subtitle, LinkText, Image           string
	MobileImage, PageLink, ExternalLink string
	External                            bool
	// A listing, and the cart's suggestions (Cards).
	Title, Eyebrow, Banner string
	Total                  int
	Cards                  []productCard
	// A product page.
	Name string
	productSlots
}

// saleSlots are the sale banner's: the first running sale's name, discount and reach.
type saleSlots struct {
	Sale                                   bool
	SaleBannerName                         string
	SaleDiscount                           int
	SaleSubs, SaleCollection, SaleAudience string
	SaleSameAudience, SaleEveryone         bool
}

// titleRun is a run of a banner title: words between *asterisks* are emphasised.
type titleRun struct {
	Text     string
	Emphasis bool
}

// productCard is a ProductCard's data.
type productCard struct {
	ID, Slug, Name, Thumbnail, Colour, Description, SaleName string
	SoldOut                                                  bool
	priceSlots
}

// priceSlots are the Price component's: what the shopper pays, the list price when higher and
// the whole reduction in percent.
type priceSlots struct {
	Now, Was string
	Off      int
}

// productSlots are a product page's.
type productSlots struct {
	ID, Code, Description, SaleName, Category, SubCategory string
	Images                                                 []string
	Sizes                                                  []sizeChip
	SoldOut                                                bool
	priceSlots
}

// sizeChip is a size of the product and whether any is left.
type sizeChip struct {
	Size      string
	Available bool
}

// firstPaint is what a storefront page carries for its first render: on every page the running
// sales, as GET /api/getsale answers them (<meta name="drape-sales">), so the sale banner is
// there from the first frame, and the company (<meta name="drape-company">, as GET /api/company
// answers it) for the footer; and for the home page, a sub-category listing, a product page and
// a guest's empty cart, the first screen drawn from the client's templates with the data behind
// it (see the top of this file). What cannot be read is left out; the client then asks as before.
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
	var firm *company.Company
	if got, companyErr := s.company.Get(c.Context()); companyErr == nil {
		firm = &got
		metaJSON(&head, "drape-company", firm)
	}
	site := seoSite{base: s.cfg.PublicURL, brand: s.brandOf(firm)}
	seo := pageHead{Canonical: site.base + c.Path()}
	status, productKey := s.pageStatus(c)
	extras.status = status
	if status != fiber.StatusOK {
		seo = pageHead{NoIndex: true}
	}
	sales, err := s.sales.Running(c.Context())
	if err == nil {
		metaJSON(&head, "drape-sales", sales)
		if len(sales) > 0 {
			sc.saleSlots = saleSlotsOf(sales[0])
		}
	}
	// Without a build manifest and templates (a client built elsewhere) only the home page's
	// banners go in.
	drawn := s.client.routes != nil && s.client.screens != nil
	module, page, ok := "", "", false
	path := c.Path()
	switch {
	case status != fiber.StatusOK:
	case path == "/":
		module, page = homeModule, "home"
		ok = s.homeScreen(c, &head, &sc)
		seo.Canonical, seo.Graph = site.base+"/", []any{site.organization(firm), ld("WebSite", ldThing{"name": site.brand, "url": site.base + "/"})}
		if sc.Hero {
			seo.Image, seo.ImageAlt = site.abs(sc.Image), runsText(sc.TitleRuns)
		}
	case strings.HasPrefix(path, "/products/"):
		module, page = listingModule, "listing"
		ok = s.listingScreen(c, &head, &sc, strings.TrimPrefix(path, "/products/"), site, firm, &seo)
	case path == "/privacy":
		seo.Title = site.title("Privacy notice")
		seo.Description = "What " + site.brand + " keeps about you and why, how long, and how to withdraw consent, download or erase your data, or complain."
	case productKey != "":
		module, page = productModule, "product"
		ok = s.productScreen(c, &head, &sc, productKey, site, &seo)
	case drawn && (path == "/guestcart" || path == "/cart") && c.Cookies("signed-in") == "" && c.Cookies("guest-cart") == "":
		// The session and the guest cart live in the browser; its cookies say when this is a
		// guest with an empty cart (client/src/lib/firstScreen.ts).
		module, page = cartModule, "cart"
		ok = s.cartScreen(c, &head, &sc)
	}
	head.WriteString(seo.tags(site, s.client.title, s.client.description))
	extras.replacesTitle = true
	assets, known := s.client.routes[module]
	if drawn && known && ok && err == nil {
		var body strings.Builder
		if s.client.screens.ExecuteTemplate(&body, page, sc) == nil {
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

// homeScreen fills the home page's hero from the stored home banner (the banners also go into
// <meta name="drape-banners">, with a preload of the hero's picture); false when the banners
// cannot be read.
func (s *server) homeScreen(c fiber.Ctx, head *strings.Builder, sc *screen) bool {
	banners, err := s.banners.Shown(c.Context())
	if err != nil {
		return false
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
		sc.Hero, sc.TitleRuns, sc.Subtitle, sc.Image, sc.MobileImage = true, titleRuns(b.Title), b.Subtitle, b.Image, b.MobileImage
		if b.Link != "" && b.LinkText != "" {
			sc.LinkText = b.LinkText
			sc.External = externalLink.MatchString(b.Link)
			if sc.External {
				sc.ExternalLink = b.Link
			} else {
				sc.PageLink = b.Link
			}
		}
		break
	}
	return true
}

// externalLink is a banner link that leaves the shop (an http(s) address).
var externalLink = regexp.MustCompile(`(?i)^https?://`)

// listingScreen fills page 1 (or ?page=) of /products/{sub-category}; false for best sellers
// (their banner is the client's own), an unknown sub-category or an empty one.
func (s *server) listingScreen(c fiber.Ctx, head *strings.Builder, sc *screen, rawName string, site seoSite, firm *company.Company, seo *pageHead) bool {
	name, err := url.PathUnescape(rawName)
	name = strings.TrimSpace(name)
	if err != nil || name == "" || strings.Contains(name, "/") || strings.EqualFold(name, "bestseller") {
		return false
	}
	pageNumber := 1
	if raw := c.Query("page"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > 10_000 {
			return false
		}
		pageNumber = n
	}
	categories, err := s.catalog.Categories(c.Context())
	if err != nil {
		return false
	}
	page, err := s.catalog.Products(c.Context(), catalog.Listing{SubCategoryType: name}, shop.Page{Number: pageNumber, Size: productPageSize})
	if err != nil || len(page.Items) == 0 {
		return false
	}
	metaJSON(head, "drape-catalog", fiber.Map{
		"categories": fiber.Map{"items": categories},
		"listing":    fiber.Map{"query": fiber.Map{"type": name, "page": pageNumber}, "page": pageAnswer(page)},
	})
	sc.Title, sc.Total = name, int(page.Total)
	for _, cat := range categories {
		for _, sub := range cat.SubCategories {
			if strings.EqualFold(strings.TrimSpace(sub.CategoryType), name) && sc.Eyebrow == "" {
				sc.Eyebrow, sc.Banner = cat.Name, sub.Image
			}
		}
	}
	// The first row's pictures are the largest paint on a phone: fetch them with the page.
	for _, p := range page.Items[:min(2, len(page.Items))] {
		head.WriteString(`<link rel="preload" as="image" fetchpriority="high" href="` + html.EscapeString(p.Thumbnail) + `">`)
	}
	for _, p := range page.Items {
		sc.Cards = append(sc.Cards, cardOf(p))
	}
	*seo = site.listingHead(name, sc.Eyebrow, sc.Banner, page, firm)
	return true
}

// cartScreen fills a guest's empty cart with 'Products you may like': the best sellers; false
// when they cannot be read.
func (s *server) cartScreen(c fiber.Ctx, head *strings.Builder, sc *screen) bool {
	page, err := s.catalog.Products(c.Context(), catalog.Listing{BestSellers: true}, shop.Page{Number: 1, Size: productPageSize})
	if err != nil {
		return false
	}
	metaJSON(head, "drape-catalog", fiber.Map{"listing": fiber.Map{"query": fiber.Map{"status": catalog.StatusBestSeller}, "page": pageAnswer(page)}})
	for _, p := range page.Items {
		sc.Cards = append(sc.Cards, cardOf(p))
	}
	return true
}

// cardOf is the ProductCard data of p.
func cardOf(p catalog.Product) productCard {
	return productCard{
		ID: p.ID, Slug: p.Slug, Name: p.Name, Thumbnail: p.Thumbnail, Colour: p.Colour, Description: truncate(p.BasicDescription, cardDescriptionLength),
		SaleName: appliedSaleName(p), SoldOut: p.TotalStock <= 0, priceSlots: priceOf(p),
	}
}

// cardDescriptionLength is how much of a description a card shows (SPEC §9).
const cardDescriptionLength = 60

// productScreen fills the top of a product's page (id: the product's, from pageStatus) and its
// head; false when there is no such product.
func (s *server) productScreen(c fiber.Ctx, head *strings.Builder, sc *screen, id string, site seoSite, seo *pageHead) bool {
	p, err := s.catalog.ShopperProduct(c.Context(), id)
	if err != nil || s.declare(c.Context(), &p) != nil {
		return false
	}
	metaJSON(head, "drape-catalog", fiber.Map{"product": p})
	images := galleryImages(p)
	*seo = site.productHead(p, images)
	if len(images) == 0 {
		return false
	}
	head.WriteString(`<link rel="preload" as="image" fetchpriority="high" href="` + html.EscapeString(images[0]) + `">`)
	sc.Name = p.Name
	sc.productSlots = productSlots{
		ID: p.ID, Code: p.Code, Description: p.BasicDescription, SaleName: appliedSaleName(p),
		Category: strings.TrimSpace(p.Category), SubCategory: p.SubCategory, Images: images,
		SoldOut: p.TotalStock <= 0, priceSlots: priceOf(p),
	}
	for _, size := range p.Sizes {
		sc.Sizes = append(sc.Sizes, sizeChip{Size: size.Size, Available: size.Stock > 0})
	}
	return true
}

// priceOf is the Price component's data for p: the list price shows when higher.
func priceOf(p catalog.Product) priceSlots {
	tag := priceSlots{Now: p.DiscountedPrice.String()}
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

// saleSlotsOf is the sale banner's data for sl: which parts of its announcement apply (the words
// are the SaleBanner component's).
func saleSlotsOf(sl sale.Sale) saleSlots {
	slots := saleSlots{Sale: true, SaleBannerName: strings.TrimSpace(sl.Name), SaleDiscount: sl.Discount}
	var subs []string
	for _, sub := range sl.SubCategories {
		if name := strings.TrimSpace(sub.CategoryType); name != "" {
			subs = append(subs, name)
		}
	}
	slots.SaleSubs = strings.Join(subs, ", ")
	collection := strings.TrimSpace(sl.CategoryData.CategoryType)
	audience := strings.TrimSpace(sl.Gender)
	slots.SaleEveryone = audience == "" || strings.EqualFold(audience, "all")
	slots.SaleAudience = audience
	if collection != "" && !strings.EqualFold(collection, "all") {
		slots.SaleCollection = collection
		slots.SaleSameAudience = !slots.SaleEveryone && strings.EqualFold(collection, audience)
	}
	return slots
}

// metaJSON writes <meta name="name" content="v as JSON">, the JSON as the API would answer it.
func metaJSON(head *strings.Builder, name string, v any) {
	encoded, err := jsonEncode(v)
	if err != nil {
		return
	}
	head.WriteString(`<meta name="` + name + `" content="` + html.EscapeString(string(encoded)) + `">`)
}

// runsText is a banner title's words without their emphasis.
func runsText(runs []titleRun) string {
	var b strings.Builder
	for _, run := range runs {
		b.WriteString(run.Text)
	}
	return b.String()
}
