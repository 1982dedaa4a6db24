package objectstore_test

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"drape/internal/platform/objectstore"
	"drape/internal/platform/s3test"
)

// storeContract is what both stores promise: what is put is read back whole, described, and
// gone once deleted; keys that could leave the store are refused.
func storeContract(t *testing.T, s objectstore.Store) {
	ctx := context.Background()
	data := []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")
	if _, err := s.Stat(ctx, "products/a.svg"); !errors.Is(err, objectstore.ErrNotFound) {
		t.Fatalf("stat before put: %v, want ErrNotFound", err)
	}
	if _, err := s.Open(ctx, "products/a.svg"); !errors.Is(err, objectstore.ErrNotFound) {
		t.Fatalf("open before put: %v, want ErrNotFound", err)
	}
	if err := s.Put(ctx, "products/a.svg", data, "image/svg+xml"); err != nil {
		t.Fatal(err)
	}
	info, err := s.Stat(ctx, "products/a.svg")
	if err != nil {
		t.Fatal(err)
	}
	if info.Size != int64(len(data)) || info.ContentType != "image/svg+xml" || len(info.ETag) < 3 || info.ETag[0] != '"' {
		t.Fatalf("stat = %+v", info)
	}
	obj, err := s.Open(ctx, "products/a.svg")
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(obj.Body)
	obj.Body.Close()
	if err != nil || string(got) != string(data) || obj.ETag != info.ETag {
		t.Fatalf("open read %q (%v), etag %s; want %q, etag %s", got, err, obj.ETag, data, info.ETag)
	}
	for _, bad := range []string{"../secret", "products/../../x", ".upload-1", "products/.hidden", "/abs"} {
		if err := s.Put(ctx, bad, data, ""); err == nil {
			t.Errorf("put %q accepted", bad)
		}
		if _, err := s.Open(ctx, bad); !errors.Is(err, objectstore.ErrNotFound) {
			t.Errorf("open %q: %v, want ErrNotFound", bad, err)
		}
	}
	if err := s.Delete(ctx, "products/a.svg"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Stat(ctx, "products/a.svg"); !errors.Is(err, objectstore.ErrNotFound) {
		t.Fatalf("stat after delete: %v, want ErrNotFound", err)
	}
	if err := s.Delete(ctx, "products/a.svg"); err != nil {
		t.Fatalf("deleting nothing: %v", err)
	}
}

func TestBucketPutGetStatDelete(t *testing.T) {
	storeContract(t, s3test.New(t).Store)
}

func TestDiskPutGetStatDelete(t *testing.T) {
	storeContract(t, objectstore.Disk{Root: t.TempDir()})
}

// TestCopyIntoBucketIsIdempotent: `server uploads migrate` copies every file of the folder
// into the bucket once; a second run copies nothing; a file changed on disk goes again.
func TestCopyIntoBucketIsIdempotent(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	files := map[string]string{"products/a.webp": "webp bytes", "products/b.svg": "<svg/>", "sale/s.jpg": "jpeg", "returns/r.webp": "photo"}
	for key, body := range files {
		write(t, filepath.Join(dir, key), body)
	}
	write(t, filepath.Join(dir, "products", ".upload-123"), "half-written")
	bucket := s3test.New(t).Store

	n, err := objectstore.Copy(ctx, objectstore.Disk{Root: dir}, bucket)
	if err != nil || n != (objectstore.Copied{Copied: 4}) {
		t.Fatalf("first copy = %+v, %v; want 4 copied", n, err)
	}
	for key, body := range files {
		obj, err := bucket.Open(ctx, key)
		if err != nil {
			t.Fatalf("%s not in the bucket: %v", key, err)
		}
		got, _ := io.ReadAll(obj.Body)
		obj.Body.Close()
		if string(got) != body {
			t.Errorf("%s = %q, want %q", key, got, body)
		}
	}
	if _, err := bucket.Stat(ctx, "products/.upload-123"); !errors.Is(err, objectstore.ErrNotFound) {
		t.Errorf("a temporary file was copied: %v", err)
	}

	n, err = objectstore.Copy(ctx, objectstore.Disk{Root: dir}, bucket)
	if err != nil || n != (objectstore.Copied{Skipped: 4}) {
		t.Fatalf("second copy = %+v, %v; want 4 skipped", n, err)
	}

	write(t, filepath.Join(dir, "sale/s.jpg"), "JPEG") // same size, other bytes
	n, err = objectstore.Copy(ctx, objectstore.Disk{Root: dir}, bucket)
	if err != nil || n != (objectstore.Copied{Copied: 1, Skipped: 3}) {
		t.Fatalf("copy after a change = %+v, %v; want 1 copied, 3 skipped", n, err)
	}
}

func write(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}
