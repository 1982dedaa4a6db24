// Package objectstore keeps the shop's uploaded files (product, sub-category, sale and banner
// pictures, shoppers' return photos) under keys such as "products/<id>.webp": on the local disk
// (UPLOADS_DIR, the default, one server) or in an S3-compatible bucket (S3_*), which every
// server and worker of a deployment shares. The process chooses one at start (Config.Open);
// the code that writes or serves an upload sees only Store.
//
// Keys are immutable: a file is written once under a new random name and never changed, so
// whoever serves it may let browsers and CDNs keep it.
package objectstore

import (
	"context"
	"errors"
	"io"
	"time"
)

// ErrNotFound is what Open and Stat answer for a key that holds nothing.
var ErrNotFound = errors.New("objectstore: no such object")

// Store holds uploaded files by key ("<folder>/<file>").
type Store interface {
	// Put stores data under key whole or not at all; a reader never sees a part of it.
	Put(ctx context.Context, key string, data []byte, contentType string) error
	// Open answers the object under key with its body, which the caller closes; ErrNotFound
	// when there is none.
	Open(ctx context.Context, key string) (Object, error)
	// Stat answers what is stored under key without its body; ErrNotFound when there is none.
	Stat(ctx context.Context, key string) (Info, error)
	// Delete removes the object under key; deleting nothing is no error.
	Delete(ctx context.Context, key string) error
	// PublicURL is the address browsers fetch key from directly (a CDN or the bucket's public
	// address), or "" when the shop serves it itself.
	PublicURL(key string) string
}

// Info describes a stored object.
type Info struct {
	Size        int64
	ETag        string // quoted, as an HTTP ETag header carries it
	Modified    time.Time
	ContentType string
}

// Object is a stored object opened for reading.
type Object struct {
	Info
	Body io.ReadCloser
}
