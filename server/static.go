package main

import (
	"bytes"
	"io/fs"
	"log/slog"
	"os"
	pathpkg "path"
	"path/filepath"
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
	// head, when set, adds markup before </head> of each page served (firstPaint: data the
	// first render needs); "" leaves the page as built.
	head func(fiber.Ctx) string
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
	if cf.head != nil {
		if extra := cf.head(c); extra != "" {
			if at := bytes.LastIndex(cf.index, []byte("</head>")); at >= 0 {
				page := make([]byte, 0, len(cf.index)+len(extra))
				page = append(append(append(page, cf.index[:at]...), extra...), cf.index[at:]...)
				return c.Send(page)
			}
		}
	}
	return c.Send(cf.index)
}
