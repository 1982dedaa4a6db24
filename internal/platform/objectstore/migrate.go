package objectstore

import (
	"context"
	"crypto/md5" //nolint:gosec // S3 names a single-part object by its MD5 (its ETag): not a secret, a checksum to compare with
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strings"
)

// Copied counts what Copy did.
type Copied struct {
	Copied  int // files put into the destination
	Skipped int // files the destination already held, same size and content
	Failed  int // files that could not be read or put
}

// Copy puts every file of from into to, skipping those to already holds with the same size
// and MD5 (an S3 ETag of a single-part upload is its MD5; a multipart one is compared by size),
// so running it again copies nothing. A file that fails is counted and the rest still go; the
// error names the first failure.
func Copy(ctx context.Context, from Disk, to Store) (Copied, error) {
	var n Copied
	keys, err := from.Keys()
	if err != nil {
		return n, fmt.Errorf("listing %s: %w", from.Root, err)
	}
	var first error
	fail := func(key string, err error) {
		n.Failed++
		if first == nil {
			first = fmt.Errorf("%s: %w", key, err)
		}
	}
	for _, key := range keys {
		if err := ctx.Err(); err != nil {
			return n, err
		}
		data, err := os.ReadFile(from.path(key))
		if err != nil {
			fail(key, err)
			continue
		}
		have, err := to.Stat(ctx, key)
		switch {
		case err == nil && same(have, data):
			n.Skipped++
			continue
		case err != nil && !errors.Is(err, ErrNotFound):
			fail(key, err)
			continue
		}
		if err := to.Put(ctx, key, data, ContentType(key)); err != nil {
			fail(key, err)
			continue
		}
		n.Copied++
	}
	return n, first
}

// same says whether the stored object is data: same size, and same MD5 unless the ETag is a
// multipart one ("<hash>-<parts>"), which is no MD5 of the whole.
func same(have Info, data []byte) bool {
	if have.Size != int64(len(data)) {
		return false
	}
	etag := strings.Trim(have.ETag, `"`)
	if strings.Contains(etag, "-") {
		return true
	}
	sum := md5.Sum(data) //nolint:gosec // the ETag S3 gives a single-part object is its MD5
	return strings.EqualFold(etag, hex.EncodeToString(sum[:]))
}
