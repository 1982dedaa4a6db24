package main

import (
	"encoding/json"
	"fmt"
	"html"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"

	"drape/internal/catalog"
	"drape/internal/company"
	"drape/internal/shop"
)

// What search engines and link previews (WhatsApp, where shoppers share products) read of a
// page: its <title>, meta description, canonical address, Open Graph and Twitter card tags and
// its structured data (JSON-LD: Product with its Offer, BreadcrumbList, Organization, ItemList).
// These are data the server fills into the page's <head> (firstPaint), beside the first screen;
// the client keeps them right when the shopper moves on in the app (client/src/lib/pageHead.ts).
// Which pages exist is the client router's list (storefrontRoutes); any other address answers
// 404 with the app, which draws its own 404 page, and so do unknown and hidden products; a
// product the back office deleted answers 410.

// pageHead is the head of one page.
type pageHead struct {
	Title       string // "" keeps index.html's
	Description string // "" keeps index.html's
	Canonical   string // absolute; "" for none
	Image       string // absolute
	ImageAlt    string
	Product     *catalog.Product // og:type product, with price and availability
	NoIndex     bool             // a 404 or 410
	Graph       []any            // JSON-LD objects
}

// seoSite is what every page's head names: the shop's address and brand.
type seoSite struct {
	base  string // PUBLIC_URL, no trailing slash
	brand string
}

// abs is u as an absolute address on the shop (u as it is when it already is one).
func (site seoSite) abs(u string) string {
	if u == "" || strings.Contains(u, "://") {
		return u
	}
	if !strings.HasPrefix(u, "/") {
		u = "/" + u
	}
	return site.base + u
}

// title is a page's title: its name and the shop's.
func (site seoSite) title(name string) string {
	if site.brand == "" {
		return name
	}
	return name + " — " + site.brand
}

// productURL is a product's readable page.
func (site seoSite) productURL(p catalog.Product) string {
	return site.base + "/product/" + url.PathEscape(p.Slug)
}

// listingURL is a sub-category's listing, page n.
func (site seoSite) listingURL(subCategory string, page int) string {
	u := site.base + "/products/" + url.PathEscape(subCategory)
	if page > 1 {
		u += "?page=" + strconv.Itoa(page)
	}
	return u
}

// tags writes h as <head> tags. title and description are index.html's, used where h has none.
func (h pageHead) tags(site seoSite, title, description string) string {
	var b strings.Builder
	if h.Title != "" {
		title = h.Title
	}
	if h.Description != "" {
		description = h.Description
	}
	meta := func(attr, key, value string) {
		if value != "" {
			b.WriteString(`<meta ` + attr + `="` + key + `" content="` + html.EscapeString(value) + `">`)
		}
	}
	b.WriteString(`<title>` + html.EscapeString(title) + `</title>`)
	meta("name", "description", description)
	if h.NoIndex {
		meta("name", "robots", "noindex")
		return b.String()
	}
	if h.Canonical != "" {
		b.WriteString(`<link rel="canonical" href="` + html.EscapeString(h.Canonical) + `">`)
	}
	kind := "website"
	if h.Product != nil {
		kind = "product"
	}
	meta("property", "og:site_name", site.brand)
	meta("property", "og:locale", "en_IN")
	meta("property", "og:type", kind)
	meta("property", "og:title", title)
	meta("property", "og:description", description)
	meta("property", "og:url", h.Canonical)
	if h.Image != "" {
		meta("property", "og:image", h.Image)
		meta("property", "og:image:alt", h.ImageAlt)
		meta("name", "twitter:card", "summary_large_image")
	} else {
		meta("name", "twitter:card", "summary")
	}
	meta("name", "twitter:title", title)
	meta("name", "twitter:description", description)
	meta("name", "twitter:image", h.Image)
	if p := h.Product; p != nil {
		meta("property", "product:price:amount", p.DiscountedPrice.RupeesString())
		meta("property", "product:price:currency", "INR")
		meta("property", "product:availability", map[bool]string{true: "in stock", false: "out of stock"}[p.TotalStock > 0])
	}
	for _, node := range h.Graph {
		// encoding/json writes <, > and & as \u003c…, so nothing in the data closes the script.
		if encoded, err := json.Marshal(node); err == nil {
			b.WriteString(`<script type="application/ld+json">` + string(encoded) + `</script>`)
		}
	}
	return b.String()
}

// ldThing is a JSON-LD node: @context, @type and its fields.
type ldThing map[string]any

func ld(kind string, fields ldThing) ldThing {
	fields["@context"] = "https://schema.org"
	fields["@type"] = kind
	return fields
}

// organization is the shop as a JSON-LD Organization: its brand, address and contacts.
func (site seoSite) organization(firm *company.Company) ldThing {
	org := ld("Organization", ldThing{"name": site.brand, "url": site.base + "/", "logo": site.base + "/favicon.svg"})
	if firm == nil {
		return org
	}
	if firm.LegalName != "" {
		org["legalName"] = firm.LegalName
	} else if firm.Name != "" && firm.Name != site.brand {
		org["legalName"] = firm.Name
	}
	if firm.Email != "" {
		org["email"] = firm.Email
	}
	if firm.Contact1 != "" {
		org["telephone"] = firm.Contact1
	}
	if firm.City != "" || firm.State != "" {
		org["address"] = ldThing{"@type": "PostalAddress", "streetAddress": strings.TrimSpace(firm.AddressLine1 + " " + firm.AddressLine2),
			"addressLocality": firm.City, "addressRegion": firm.State, "postalCode": firm.Zip, "addressCountry": "IN"}
	}
	return org
}

// breadcrumbs is a JSON-LD BreadcrumbList of (name, address) pairs; the last may have no address.
func breadcrumbs(steps ...[2]string) ldThing {
	items := make([]ldThing, 0, len(steps))
	for i, step := range steps {
		item := ldThing{"@type": "ListItem", "position": i + 1, "name": step[0]}
		if step[1] != "" {
			item["item"] = step[1]
		}
		items = append(items, item)
	}
	return ld("BreadcrumbList", ldThing{"itemListElement": items})
}

// genderURL is /shop/{gender}, the category's listing as the client links it.
func (site seoSite) genderURL(category string) string {
	return site.base + "/shop/" + url.PathEscape(strings.ToLower(strings.TrimSpace(category)))
}

// productLD is p as a JSON-LD Product with its Offer: the price the server charges now (a
// running sale included), in rupees as the API answers it, and whether any size is in stock.
// Product declarations (issue 23) add their fields here.
func (site seoSite) productLD(p catalog.Product, images []string) ldThing {
	availability := "https://schema.org/OutOfStock"
	if p.TotalStock > 0 {
		availability = "https://schema.org/InStock"
	}
	abs := make([]string, len(images))
	for i, image := range images {
		abs[i] = site.abs(image)
	}
	product := ld("Product", ldThing{
		"name": p.Name, "sku": p.Code, "productID": p.ID, "url": site.productURL(p), "image": abs,
		"description": strings.Join(strings.Fields(p.BasicDescription), " "),
		"brand":       ldThing{"@type": "Brand", "name": site.brand},
		"category":    strings.TrimSpace(strings.TrimSpace(p.Category) + " > " + p.SubCategory),
		"offers": ldThing{
			"@type": "Offer", "url": site.productURL(p), "priceCurrency": "INR", "price": p.DiscountedPrice,
			"availability": availability, "itemCondition": "https://schema.org/NewCondition",
			"seller": ldThing{"@type": "Organization", "name": site.brand},
		},
	})
	if p.Colour != "" {
		product["color"] = p.Colour
	}
	if p.Gender != "" {
		product["audience"] = ldThing{"@type": "PeopleAudience", "suggestedGender": strings.ToLower(p.Gender)}
	}
	if d := p.Declarations; d != nil {
		declarationsLD(product, *d)
	}
	return product
}

// declarationsLD adds a product's Legal Metrology declarations to its JSON-LD: the maker as
// manufacturer, the country of origin, the generic name as its category's plain word, the net
// quantity, the MRP as the offer's list price (taxes included) and consumer care.
func declarationsLD(product ldThing, d catalog.Declarations) {
	if d.MakerName != "" {
		maker := ldThing{"@type": "Organization", "name": d.MakerName}
		if d.MakerAddress != "" {
			maker["address"] = d.MakerAddress
		}
		if d.ConsumerCare != "" {
			maker["contactPoint"] = ldThing{"@type": "ContactPoint", "contactType": "customer support", "description": d.ConsumerCare}
		}
		product["manufacturer"] = maker
	}
	if d.CountryOfOrigin != "" {
		product["countryOfOrigin"] = ldThing{"@type": "Country", "name": d.CountryOfOrigin}
	}
	props := []ldThing{}
	for _, v := range [][2]string{{"Generic name", d.GenericName}, {"Net quantity", d.NetQuantity},
		{"MRP (inclusive of all taxes)", d.MRP.String()}, {"Consumer care", d.ConsumerCare}} {
		if v[1] != "" {
			props = append(props, ldThing{"@type": "PropertyValue", "name": v[0], "value": v[1]})
		}
	}
	product["additionalProperty"] = props
	if offer, ok := product["offers"].(ldThing); ok && d.MRP > 0 {
		offer["priceSpecification"] = ldThing{"@type": "UnitPriceSpecification", "priceType": "https://schema.org/ListPrice",
			"price": d.MRP, "priceCurrency": "INR", "valueAddedTaxIncluded": true}
	}
}

// productHead is a product page's head; its canonical address is /product/{slug}, whichever
// address the page was asked at.
func (site seoSite) productHead(p catalog.Product, images []string) pageHead {
	h := pageHead{
		Title:       site.title(p.Name),
		Description: productDescription(p),
		Canonical:   site.productURL(p),
		ImageAlt:    p.Name,
		Product:     &p,
	}
	if len(images) > 0 {
		h.Image = site.abs(images[0])
	}
	crumbs := [][2]string{{"Home", site.base + "/"}}
	if category := strings.TrimSpace(p.Category); category != "" {
		crumbs = append(crumbs, [2]string{category, site.genderURL(category)})
	}
	if p.SubCategory != "" {
		crumbs = append(crumbs, [2]string{p.SubCategory, site.listingURL(p.SubCategory, 1)})
	}
	crumbs = append(crumbs, [2]string{p.Name, ""})
	h.Graph = []any{site.productLD(p, images), breadcrumbs(crumbs...)}
	return h
}

// descriptionLength is how long a meta description may be before search results cut it.
const descriptionLength = 155

// productDescription is a product's meta description: its own description, else its name,
// colour and price.
func productDescription(p catalog.Product) string {
	if text := truncate(p.BasicDescription, descriptionLength); text != "" {
		return text
	}
	return strings.TrimSpace(fmt.Sprintf("%s %s, %s", p.Colour, p.Name, p.DiscountedPrice.String()))
}

// listingHead is a sub-category listing's head: its products as an ItemList.
func (site seoSite) listingHead(name, category, banner string, page catalog.ProductPage, firm *company.Company) pageHead {
	h := pageHead{
		Title:     site.title(name),
		Canonical: site.listingURL(name, page.Page),
		Image:     site.abs(banner),
		ImageAlt:  name,
	}
	if h.Image == "" && len(page.Items) > 0 {
		h.Image = site.abs(page.Items[0].Thumbnail)
	}
	lowest := shop.Money(0)
	for _, p := range page.Items {
		if lowest == 0 || p.DiscountedPrice < lowest {
			lowest = p.DiscountedPrice
		}
	}
	h.Description = fmt.Sprintf("%s from %s: %d styles", name, site.brand, page.Total)
	if category != "" {
		h.Description = fmt.Sprintf("%s for %s from %s: %d styles", name, category, site.brand, page.Total)
	}
	if lowest > 0 {
		h.Description += ", from " + lowest.String()
	}
	h.Description += "."
	items := make([]ldThing, len(page.Items))
	for i, p := range page.Items {
		items[i] = ldThing{"@type": "ListItem", "position": (page.Page-1)*page.PageSize + i + 1, "url": site.productURL(p), "name": p.Name}
	}
	crumbs := [][2]string{{"Home", site.base + "/"}}
	if category != "" {
		crumbs = append(crumbs, [2]string{category, site.genderURL(category)})
	}
	crumbs = append(crumbs, [2]string{name, ""})
	h.Graph = []any{
		ld("ItemList", ldThing{"name": name, "numberOfItems": page.Total, "itemListElement": items}),
		breadcrumbs(crumbs...),
		site.organization(firm),
	}
	return h
}

// storefrontRoutes are the client router's pages (client/src/app/router.tsx): ":" stands for
// one path segment, "*" for the rest. Any other address is a 404.
var storefrontRoutes = []string{
	"/", "/loader", "/aboutus", "/contactus", "/shippingpolicy", "/shop", "/shop/:", "/products/:", "/search",
	"/api/getproduct/:", "/product/:", "/sale", "/returns", "/returnpolicydetails", "/terms-conditions",
	"/privacy", "/cart", "/guestcart", "/checkout", "/thankyou", "/thankyoupage", "/track", "/trackid/*",
	"/login", "/signup", "/userlogin", "/account", "/user/*", "/adminlogin", "/registeradmin", "/admin/*",
	"/restock-alerts/:", "/grievance", "/grievance/status",
}

// isStorefrontPage reports whether the client's router has a page at path.
func isStorefrontPage(path string) bool {
	if len(path) > 1 {
		path = strings.TrimSuffix(path, "/")
	}
	segments := strings.Split(path, "/")
	for _, route := range storefrontRoutes {
		if matchRoute(strings.Split(route, "/"), segments) {
			return true
		}
	}
	return false
}

func matchRoute(route, segments []string) bool {
	for i, part := range route {
		if part == "*" {
			return len(segments) >= i
		}
		if i >= len(segments) || part == ":" && segments[i] == "" || part != ":" && !strings.EqualFold(part, segments[i]) {
			return false
		}
	}
	return len(segments) == len(route)
}

// indexHead is index.html's own <title> and meta description: the shop's default, used where a
// page has none of its own, and taken out of pages that have.
var indexHead = regexp.MustCompile(`\s*<title>[^<]*</title>|\s*<meta\s+name="description"\s+content="[^"]*"\s*/?>`)

// defaultHead is index.html's title and description.
func defaultHead(index []byte) (title, description string) {
	for _, m := range indexHead.FindAll(index, -1) {
		text := strings.TrimSpace(string(m))
		if strings.HasPrefix(text, "<title>") {
			title = html.UnescapeString(strings.TrimSuffix(strings.TrimPrefix(text, "<title>"), "</title>"))
		} else if at := strings.Index(text, `content="`); at >= 0 {
			description = html.UnescapeString(strings.SplitN(text[at+len(`content="`):], `"`, 2)[0])
		}
	}
	return title, description
}

// brandOf is the shop's name as the client's build wrote it beside the first-screen templates
// (lib/brandName.ts), else the company's.
func (s *server) brandOf(firm *company.Company) string {
	if s.client.screens != nil && s.client.screens.Lookup("brand") != nil {
		var b strings.Builder
		if s.client.screens.ExecuteTemplate(&b, "brand", nil) == nil && b.Len() > 0 {
			return b.String()
		}
	}
	if firm != nil {
		return firm.Name
	}
	return ""
}

// pageStatus answers a page's status from its address: 404 for an address the app has no page
// for; for a product page, 404 for an unknown or hidden product and 410 for a deleted one; for a
// sub-category listing, 404 for an unknown sub-category.
// productKey is the product's id or slug on a product page.
func (s *server) pageStatus(c fiber.Ctx) (status int, productKey string) {
	path := c.Path()
	if !isStorefrontPage(path) {
		return fiber.StatusNotFound, ""
	}
	for _, prefix := range []string{"/product/", "/api/getproduct/"} {
		if !strings.HasPrefix(path, prefix) {
			continue
		}
		key, err := url.PathUnescape(strings.TrimSuffix(strings.TrimPrefix(path, prefix), "/"))
		if err != nil {
			return fiber.StatusNotFound, ""
		}
		state, err := s.catalog.ProductState(c.Context(), key)
		switch {
		case err != nil && shop.Is(err, shop.NotFound):
			return fiber.StatusNotFound, ""
		case err != nil:
			return fiber.StatusOK, "" // the app asks again, and says what went wrong
		case state.Deleted:
			return fiber.StatusGone, ""
		case !state.Active:
			return fiber.StatusNotFound, ""
		}
		return fiber.StatusOK, state.ID
	}
	if sub, ok := strings.CutPrefix(path, "/products/"); ok {
		return s.listingStatus(c, sub), ""
	}
	return fiber.StatusOK, ""
}

// listingStatus answers a sub-category listing's status (/products/{type}): 404 for a
// sub-category the shop does not have, as for an unknown product. The best sellers' listing
// (/products/bestseller) is always there.
func (s *server) listingStatus(c fiber.Ctx, sub string) int {
	name, err := url.PathUnescape(strings.TrimSuffix(sub, "/"))
	if err != nil {
		return fiber.StatusNotFound
	}
	if strings.EqualFold(name, "bestseller") {
		return fiber.StatusOK
	}
	_, err = s.catalog.SubCategoryByType(c.Context(), name)
	switch {
	case err != nil && shop.Is(err, shop.NotFound):
		return fiber.StatusNotFound
	case err != nil:
		return fiber.StatusOK // the app asks again, and says what went wrong
	}
	return fiber.StatusOK
}
