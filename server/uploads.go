package main

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"regexp"

	"github.com/gofiber/fiber/v3"

	"drape/internal/banner"
	"drape/internal/platform/objectstore"
	"drape/internal/returns"
	"drape/internal/shop"
)

// uploadKinds are the image folders of the uploads store (UPLOADS_DIR or the bucket), named as SPEC §7 serves them
// (subCatrgory sic), the storefront's own banners and shoppers' return photos.
var uploadKinds = map[string]bool{"products": true, "subCatrgory": true, "sale": true, banner.Folder: true, returns.PhotoFolder: true}

var uploadName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`)

// upload serves GET /uploads/{kind}/{file}: only known folders and plain file names, so no
// request reaches outside the uploads store. Names are never reused, so browsers and CDNs may
// keep a file for good: it answers an ETag (304 to a matching If-None-Match) and an immutable
// Cache-Control, reading the file from the disk or the bucket; with S3_PUBLIC_BASE_URL it
// sends the browser to the CDN's copy instead.
func (s *server) upload(c fiber.Ctx) error {
	kind, name := c.Params("kind"), c.Params("file")
	if !uploadKinds[kind] || !uploadName.MatchString(name) {
		return shop.E(shop.NotFound, "No such image")
	}
	key := kind + "/" + name
	if public := s.uploads.PublicURL(key); public != "" {
		c.Set(fiber.HeaderCacheControl, objectstore.ImmutableCaching)
		return c.Redirect().Status(fiber.StatusMovedPermanently).To(public)
	}
	obj, err := s.uploads.Open(c.Context(), key)
	if errors.Is(err, objectstore.ErrNotFound) {
		return shop.E(shop.NotFound, "No such image")
	} else if err != nil {
		return shop.Wrap(shop.Unavailable, err, "The image cannot be read just now")
	}
	c.Set(fiber.HeaderCacheControl, objectstore.ImmutableCaching)
	c.Set(fiber.HeaderETag, obj.ETag)
	if !obj.Modified.IsZero() {
		c.Set(fiber.HeaderLastModified, obj.Modified.UTC().Format(http.TimeFormat))
	}
	defer obj.Body.Close()
	if match := c.Get(fiber.HeaderIfNoneMatch); match != "" && (match == obj.ETag || match == "W/"+obj.ETag) {
		return c.SendStatus(fiber.StatusNotModified)
	}
	// Read here, within the request's deadline, not streamed after the handler returns (when
	// the bucket's reader has lost its context): pictures are at most a few megabytes.
	data, err := io.ReadAll(io.LimitReader(obj.Body, obj.Size+1))
	if err == nil && int64(len(data)) != obj.Size {
		err = io.ErrUnexpectedEOF
	}
	if err != nil {
		return shop.Wrap(shop.Unavailable, err, "The image cannot be read just now")
	}
	c.Set(fiber.HeaderContentType, obj.ContentType)
	return c.Send(data)
}

// uploadsCommand runs `server uploads migrate`: every file under UPLOADS_DIR is copied into the
// S3_* bucket, skipping those the bucket already holds with the same size and content, so it
// can run again after a failure or while servers still write to disk; it prints the counts.
func uploadsCommand(ctx context.Context, cfg Config, args []string, stdout io.Writer) error {
	if len(args) != 1 || args[0] != "migrate" {
		return errors.New("usage: server uploads migrate")
	}
	if !cfg.S3.Bucketed() {
		return errors.New("uploads migrate: set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY to the bucket to copy into")
	}
	bucket, err := cfg.S3.Open(ctx, cfg.UploadsDir)
	if err != nil {
		return err
	}
	n, err := objectstore.Copy(ctx, objectstore.Disk{Root: cfg.UploadsDir}, bucket)
	fmt.Fprintf(stdout, "uploads migrate: %d copied, %d already there, %d failed (from %s to bucket %s)\n",
		n.Copied, n.Skipped, n.Failed, cfg.UploadsDir, cfg.S3.Bucket)
	return err
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
