package main

import (
	"bytes"
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
	// extras, when set, adds to each page served (firstPaint: the first screen and the data
	// the first render needs).
	extras func(fiber.Ctx) pageExtras
	// deferredIndex is index.html for pages that come with a first screen (deferEntry).
	deferredIndex []byte
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
	cf.routes = loadRouteAssets(dir)
	defer func() { cf.deferredIndex = deferEntry(cf.index, cf.files["/first-screen.js"] != "") }()
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
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
		return c.Send(cf.index)
	}
	extras := cf.extras(c)
	index := cf.index
	if extras.body != "" && cf.deferredIndex != nil {
		index = cf.deferredIndex
	}
	page := make([]byte, 0, len(index)+len(extras.htmlAttrs)+len(extras.head)+len(extras.body))
	page = insertAt(index, page, "<html", extras.htmlAttrs, "</head>", extras.head, `<div id="root">`, extras.body)
	return c.Send(page)
}

// entryScript is how Vite puts the app's entry into index.html.
var entryScript = regexp.MustCompile(`<script type="module" crossorigin src="(/assets/[^"]+\.js)"></script>`)

// deferEntry is index.html for pages with a first screen: the entry is preloaded and started by
// /first-screen.js once the first screen has been painted (client/public/first-screen.js), so
// that running the app's scripts does not delay that paint. Nil when index.html is not as Vite
// writes it or the build has no first-screen.js.
func deferEntry(index []byte, hasStarter bool) []byte {
	entry := entryScript.FindSubmatch(index)
	if entry == nil || !hasStarter {
		return nil
	}
	src := string(entry[1])
	return bytes.Replace(index, entry[0], []byte(`<link rel="modulepreload" crossorigin href="`+src+`"><script src="/first-screen.js" data-app="`+src+`" defer></script>`), 1)
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
