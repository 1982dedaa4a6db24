package main

import (
	"bytes"
	"compress/gzip"
	"html"
	"html/template"
	"io/fs"
	"log/slog"
	"os"
	pathpkg "path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/gofiber/fiber/v3"

	"drape/internal/shop"
)

// clientFiles serves the built client: its files by exact path (so no request can reach
// outside the build directory), and index.html for every other browser path, which the
// client's router then handles (history fallback).
type clientFiles struct {
	files map[string]string // URL path → file on disk
	index []byte
	// routes are the files each first-screen route needs (firstscreen.go); nil without a
	// build manifest.
	routes map[string]routeAssets
	// screens are the first-screen templates the client's build drew from its components
	// (firstscreen.go); nil without them.
	screens *template.Template
	// extras, when set, adds to each page served (firstPaint: the first screen and the data
	// the first render needs).
	extras func(fiber.Ctx) pageExtras
	// start is how the app starts on pages that come with a first screen (deferEntry).
	start *appStart
	// title and description are index.html's: the shop's default head (seo.go).
	title, description string
}

// loadClient indexes the build directory once at start. A missing build is not fatal: the API
// still works and pages answer 503 with what to do.
func loadClient(dir string, log *slog.Logger) *clientFiles {
	cf := &clientFiles{files: map[string]string{}}
	index, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		log.Warn("the client is not built; pages will answer 503", "client_dir", dir)
		return cf
	}
	cf.index = index
	cf.title, cf.description = defaultHead(index)
	cf.routes = loadRouteAssets(dir)
	cf.screens = loadFirstScreens(dir)
	defer func() { cf.start = deferEntry(cf.index, cf.files["/first-screen.js"] != "") }()
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error { // what cannot be read is skipped, not an error
		// Hidden files and folders (.git, .env, Vite's .vite/manifest.json) are never served
		// (ASVS 5.0 13.4.1).
		if err == nil && path != dir && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if err != nil || d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, path)
		if err == nil && rel != "index.html" {
			cf.files["/"+filepath.ToSlash(rel)] = path
		}
		return nil
	})
	return cf
}

// serve answers GET requests outside /api.
func (cf *clientFiles) serve(c fiber.Ctx) error {
	path := c.Path()
	if file, ok := cf.files[path]; ok {
		if strings.HasPrefix(path, "/assets/") {
			// Vite puts a content hash in every asset name: cache them for a year.
			c.Set(fiber.HeaderCacheControl, "public, max-age=31536000, immutable")
		} else {
			c.Set(fiber.HeaderCacheControl, "public, max-age=3600")
		}
		// Compressed once per file (kept beside it) for clients that accept it.
		return c.SendFile(file, fiber.SendFile{Compress: true})
	}
	// A missing file is a 404, never the page: /favicon.ico, /robots.txt, /Assets/old.js.
	lower := strings.ToLower(path)
	if strings.HasPrefix(lower, "/assets/") || strings.HasPrefix(lower, "/uploads/") || strings.HasPrefix(lower, "/static/") ||
		strings.Contains(pathpkg.Base(path), ".") {
		return shop.E(shop.NotFound, "No such file: %s", path)
	}
	if cf.index == nil {
		return shop.E(shop.Unavailable, "The storefront is not built yet: run `make run`, or `npm run build` in client/")
	}
	c.Set(fiber.HeaderCacheControl, "no-cache")
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	if cf.extras == nil {
		return sendPage(c, cf.index)
	}
	extras := cf.extras(c)
	index := cf.index
	if extras.body != "" && cf.start != nil {
		index = cf.start.index
	}
	if extras.replacesTitle {
		index = indexHead.ReplaceAll(index, nil)
	}
	if extras.status != 0 {
		c.Status(extras.status)
	}
	page := make([]byte, 0, len(index)+len(extras.htmlAttrs)+len(extras.head)+len(extras.body))
	page = insertAt(index, page, "<html", extras.htmlAttrs, "</head>", extras.head, `<div id="root">`, extras.body)
	return sendPage(c, page)
}

// sendPage answers a page, gzipped for browsers that accept it: a listing's first screen and
// its data are about 50 kB, 8 kB gzipped, on the shopper's first request.
func sendPage(c fiber.Ctx, page []byte) error {
	c.Vary(fiber.HeaderAcceptEncoding)
	if !strings.Contains(c.Get(fiber.HeaderAcceptEncoding), "gzip") || len(page) < 1024 {
		return c.Send(page)
	}
	var zipped bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&zipped, gzip.BestSpeed)
	_, _ = zw.Write(page) // a bytes.Buffer: Close below reports any failure
	if err := zw.Close(); err != nil {
		return c.Send(page)
	}
	c.Set(fiber.HeaderContentEncoding, "gzip")
	return c.Send(zipped.Bytes())
}

// entryScript and modulePreload are how Vite puts the app's entry and its imports into
// index.html.
var (
	entryScript   = regexp.MustCompile(`<script type="module" crossorigin src="(/assets/[^"]+\.js)"></script>\s*`)
	modulePreload = regexp.MustCompile(`<link rel="modulepreload" crossorigin href="(/assets/[^"]+\.js)">\s*`)
)

// appStart is how the app starts on pages with a first screen: index.html without its entry
// and module preloads, which /first-screen.js (client/public/first-screen.js) adds once the
// first screen has been painted, so the app's scripts neither hold up that paint nor share the
// shopper's bandwidth with what it needs (stylesheets, pictures).
type appStart struct {
	index    []byte   // index.html without the entry and its preloads
	entry    string   // the entry's URL
	preloads []string // the entry's imports, as index.html preloads them
}

// deferEntry reads how the app starts from index.html; nil when index.html is not as Vite
// writes it or the build has no first-screen.js.
func deferEntry(index []byte, hasStarter bool) *appStart {
	entry := entryScript.FindSubmatch(index)
	if entry == nil || !hasStarter {
		return nil
	}
	start := &appStart{entry: string(entry[1])}
	for _, m := range modulePreload.FindAllSubmatch(index, -1) {
		start.preloads = append(start.preloads, string(m[1]))
	}
	start.index = modulePreload.ReplaceAll(entryScript.ReplaceAll(index, nil), nil)
	return start
}

// starter is the script tag that starts the app after the first paint, preloading its entry's
// imports and then the route's own chunks.
func (a *appStart) starter(routeScripts []string) string {
	preloads := append(append([]string{a.entry}, a.preloads...), routeScripts...)
	return `<script src="/first-screen.js" data-app="` + html.EscapeString(a.entry) + `" data-preload="` +
		html.EscapeString(strings.Join(preloads, " ")) + `" defer></script>`
}

// insertAt appends index to page with text inserted after each first "after" mark and before
// each "before" mark: (index, page, "<html", attrs, "</head>", head, "<div id=root>", body).
// Marks must appear in index in the order given; a missing one drops its text.
func insertAt(index, page []byte, htmlMark, attrs, headMark, head, rootMark, body string) []byte {
	rest := index
	for _, cut := range []struct {
		mark, text string
		after      bool
	}{{htmlMark, attrs, true}, {headMark, head, false}, {rootMark, body, false}} {
		at := bytes.Index(rest, []byte(cut.mark))
		if cut.text == "" || at < 0 {
			continue
		}
		if cut.after {
			at += len(cut.mark)
		}
		page = append(append(page, rest[:at]...), cut.text...)
		rest = rest[at:]
	}
	return append(page, rest...)
}
