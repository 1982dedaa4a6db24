package main

import (
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v3"

	"drape/internal/catalog"
	"drape/internal/shop"
)

// sitemap.xml and robots.txt. The sitemap is an index naming three kinds of file: the shop's own
// pages, the sub-category and category listings, and the products, 50,000 to a file as the
// protocol allows (products-1.xml, products-2.xml, …), each product with its last change and
// pictures. A file is built when asked and kept, gzipped, until the catalog changes
// (catalog.Service.Generation): 50,000 products are one query and about 2 MB gzipped.

// sitemapChunk is how many addresses one sitemap file lists at most (sitemaps.org).
const sitemapChunk = 50_000

// sitemapPages are the shop's own pages a search engine should know (the rest is the shopper's
// own: cart, checkout, account, back office).
var sitemapPages = []string{"/", "/shop", "/products/bestseller", "/sale", "/aboutus", "/contactus", "/shippingpolicy", "/returns", "/returnpolicydetails", "/terms-conditions", "/privacy"}

// sitemapFiles keeps built sitemap files, gzipped, for one catalog generation.
type sitemapFiles struct {
	mu         sync.Mutex
	generation uint64
	files      map[string][]byte
}

// robots answers GET /robots.txt: the back office, the shopper's own pages and the API are not
// for crawlers (product pages at their SPEC address are, to find their canonical address); the
// sitemap is named.
func (s *server) robots(c fiber.Ctx) error {
	c.Set(fiber.HeaderContentType, fiber.MIMETextPlainCharsetUTF8)
	c.Set(fiber.HeaderCacheControl, "public, max-age=3600")
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for _, path := range []string{"/api/", "/admin", "/adminlogin", "/registeradmin", "/user/", "/account", "/checkout", "/thankyou", "/trackid/", "/login", "/signup", "/userlogin"} {
		b.WriteString("Disallow: " + path + "\n")
	}
	b.WriteString("Allow: /api/getproduct/\n\nSitemap: " + s.cfg.PublicURL + "/sitemap.xml\n")
	return c.SendString(b.String())
}

// sitemapIndex answers GET /sitemap.xml: the index of the sitemap's files.
func (s *server) sitemapIndex(c fiber.Ctx) error {
	return s.sendSitemap(c, "index", func(w io.Writer) error {
		chunks, err := s.catalog.SitemapProductChunks(c.Context(), sitemapChunk)
		if err != nil {
			return err
		}
		listings, err := s.catalog.SitemapListings(c.Context())
		if err != nil {
			return err
		}
		fmt.Fprint(w, xml.Header+`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
		entry := func(name string, at time.Time) {
			fmt.Fprintf(w, "\n<sitemap><loc>%s/sitemaps/%s</loc>", s.cfg.PublicURL, name)
			if !at.IsZero() {
				fmt.Fprintf(w, "<lastmod>%s</lastmod>", at.UTC().Format(time.RFC3339))
			}
			fmt.Fprint(w, "</sitemap>")
		}
		entry("pages.xml", time.Time{})
		var latest time.Time
		for _, l := range listings {
			if l.UpdatedAt.After(latest) {
				latest = l.UpdatedAt
			}
		}
		entry("categories.xml", latest)
		for _, chunk := range chunks {
			entry("products-"+strconv.Itoa(chunk.Number)+".xml", chunk.UpdatedAt)
		}
		_, err = fmt.Fprint(w, "\n</sitemapindex>\n")
		return err
	})
}

// sitemapFile answers GET /sitemaps/{pages,categories,products-N}.xml.
func (s *server) sitemapFile(c fiber.Ctx) error {
	// A copy: Fiber's params point into the request's buffer, which the next request reuses, and
	// name stays on as the cache's key (products-1.xml's entry once read as categories.xml).
	name := strings.Clone(c.Params("file"))
	switch {
	case name == "pages.xml":
		return s.sendSitemap(c, name, func(w io.Writer) error {
			fmt.Fprint(w, xml.Header+`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
			for _, path := range sitemapPages {
				fmt.Fprintf(w, "\n<url><loc>%s</loc></url>", xmlText(s.cfg.PublicURL+path))
			}
			_, err := fmt.Fprint(w, "\n</urlset>\n")
			return err
		})
	case name == "categories.xml":
		return s.sendSitemap(c, name, func(w io.Writer) error {
			listings, err := s.catalog.SitemapListings(c.Context())
			if err != nil {
				return err
			}
			fmt.Fprint(w, xml.Header+`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
			categories := map[string]time.Time{}
			var order []string
			for _, l := range listings {
				fmt.Fprintf(w, "\n<url><loc>%s</loc><lastmod>%s</lastmod></url>", xmlText(s.cfg.PublicURL+"/products/"+url.PathEscape(l.CategoryType)), l.UpdatedAt.UTC().Format(time.RFC3339))
				category := strings.ToLower(strings.TrimSpace(l.Category))
				if at, seen := categories[category]; !seen || l.UpdatedAt.After(at) {
					if !seen {
						order = append(order, category)
					}
					categories[category] = l.UpdatedAt
				}
			}
			for _, category := range order {
				fmt.Fprintf(w, "\n<url><loc>%s</loc><lastmod>%s</lastmod></url>", xmlText(s.cfg.PublicURL+"/shop/"+url.PathEscape(category)), categories[category].UTC().Format(time.RFC3339))
			}
			_, err = fmt.Fprint(w, "\n</urlset>\n")
			return err
		})
	case strings.HasPrefix(name, "products-") && strings.HasSuffix(name, ".xml"):
		number, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(name, "products-"), ".xml"))
		if err != nil || number < 1 || strconv.Itoa(number) != strings.TrimSuffix(strings.TrimPrefix(name, "products-"), ".xml") {
			return shop.E(shop.NotFound, "No such file: %s", c.Path())
		}
		return s.sendSitemap(c, name, func(w io.Writer) error {
			fmt.Fprint(w, xml.Header+`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">`)
			count := 0
			err := s.catalog.SitemapProducts(c.Context(), number, sitemapChunk, func(p catalog.SitemapProduct) error {
				count++
				fmt.Fprintf(w, "\n<url><loc>%s/product/%s</loc><lastmod>%s</lastmod>", s.cfg.PublicURL, xmlText(url.PathEscape(p.Slug)), p.UpdatedAt.UTC().Format(time.RFC3339))
				site := seoSite{base: s.cfg.PublicURL}
				for _, image := range p.Images {
					fmt.Fprintf(w, "<image:image><image:loc>%s</image:loc></image:image>", xmlText(site.abs(image)))
				}
				_, err := fmt.Fprint(w, "</url>")
				return err
			})
			if err != nil {
				return err
			}
			if count == 0 {
				return shop.E(shop.NotFound, "No such file: %s", c.Path())
			}
			_, err = fmt.Fprint(w, "\n</urlset>\n")
			return err
		})
	}
	return shop.E(shop.NotFound, "No such file: %s", c.Path())
}

// xmlText is s escaped for XML text.
func xmlText(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s)) // a strings.Builder does not fail
	return b.String()
}

// sendSitemap answers the sitemap file name, built by write when this catalog generation has not
// built it yet; gzipped for clients that take it (crawlers do).
func (s *server) sendSitemap(c fiber.Ctx, name string, write func(io.Writer) error) error {
	generation := s.catalog.Generation()
	s.sitemaps.mu.Lock()
	if s.sitemaps.generation != generation || s.sitemaps.files == nil {
		s.sitemaps.generation, s.sitemaps.files = generation, map[string][]byte{}
	}
	zipped, ok := s.sitemaps.files[name]
	s.sitemaps.mu.Unlock()
	if !ok {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
		if err := write(zw); err != nil {
			return err
		}
		if err := zw.Close(); err != nil {
			return err
		}
		zipped = buf.Bytes()
		s.sitemaps.mu.Lock()
		if s.sitemaps.generation == generation {
			s.sitemaps.files[name] = zipped
		}
		s.sitemaps.mu.Unlock()
	}
	c.Set(fiber.HeaderContentType, "application/xml; charset=utf-8")
	c.Set(fiber.HeaderCacheControl, "public, max-age=3600")
	c.Vary(fiber.HeaderAcceptEncoding)
	if strings.Contains(c.Get(fiber.HeaderAcceptEncoding), "gzip") {
		c.Set(fiber.HeaderContentEncoding, "gzip")
		return c.Send(zipped)
	}
	zr, err := gzip.NewReader(bytes.NewReader(zipped))
	if err != nil {
		return err
	}
	plain, err := io.ReadAll(zr)
	if err != nil {
		return err
	}
	return c.Send(plain)
}
