package main

import (
	"embed"
	"os"
	"path/filepath"
	"regexp"

	"github.com/gofiber/fiber/v3"

	"drape/internal/banner"
	"drape/internal/returns"
	"drape/internal/shop"
)

// uploadKinds are the image folders under UPLOADS_DIR, named as SPEC §7 serves them
// (subCatrgory sic), the storefront's own banners and shoppers' return photos.
var uploadKinds = map[string]bool{"products": true, "subCatrgory": true, "sale": true, banner.Folder: true, returns.PhotoFolder: true}

var uploadName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`)

// upload serves GET /uploads/{kind}/{file}: only known folders and plain file names, so no
// request reaches outside UPLOADS_DIR.
func (s *server) upload(c fiber.Ctx) error {
	kind, name := c.Params("kind"), c.Params("file")
	if !uploadKinds[kind] || !uploadName.MatchString(name) {
		return shop.E(shop.NotFound, "No such image")
	}
	path := filepath.Join(s.cfg.UploadsDir, kind, name)
	if _, err := os.Stat(path); err != nil {
		return shop.E(shop.NotFound, "No such image")
	}
	c.Set(fiber.HeaderCacheControl, "public, max-age=86400")
	return c.SendFile(path)
}

//go:embed static
var staticFiles embed.FS

// static serves GET /static/{file}: images built into the server, such as the size chart shown
// for products without their own.
func (s *server) static(c fiber.Ctx) error {
	name := c.Params("file")
	if !uploadName.MatchString(name) {
		return shop.E(shop.NotFound, "No such file")
	}
	b, err := staticFiles.ReadFile("static/" + name)
	if err != nil {
		return shop.E(shop.NotFound, "No such file")
	}
	c.Set(fiber.HeaderCacheControl, "public, max-age=86400")
	c.Set(fiber.HeaderContentType, contentTypeOf(name))
	return c.Send(b)
}

func contentTypeOf(name string) string {
	switch filepath.Ext(name) {
	case ".svg":
		return "image/svg+xml"
	case ".png":
		return "image/png"
	case ".webp":
		return "image/webp"
	}
	return "application/octet-stream"
}
