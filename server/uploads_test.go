package main

import (
	"bytes"
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"

	"drape/internal/platform/s3test"
)

// bucketApp is the test app keeping uploads in bucket, with more environment.
func bucketApp(t *testing.T, bucket s3test.Bucket, env map[string]string) (*fiber.App, deps) {
	t.Helper()
	all := map[string]string{}
	for _, kv := range bucket.Env {
		k, v, _ := strings.Cut(kv, "=")
		all[k] = v
	}
	for k, v := range env {
		all[k] = v
	}
	_, d := testAppWith(t, all)
	store, err := d.cfg.S3.Open(context.Background(), d.cfg.UploadsDir)
	if err != nil {
		t.Fatal(err)
	}
	d.uploads = store
	return newApp(d, newServices(d)), d
}

// TestUploadsMigrateCopiesOnce: `server uploads migrate` copies a shop's pictures from its
// disk into the bucket and says how many; run again it copies nothing; a shop on the bucket
// then serves them whatever its own disk holds.
func TestUploadsMigrateCopiesOnce(t *testing.T) {
	t.Parallel()
	bucket := s3test.New(t)
	disk := t.TempDir()
	for key, body := range map[string]string{"products/JF-1.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>", "sale/festive.svg": "<svg/>", "banners/hero.svg": "<svg id='hero'/>"} {
		write(t, filepath.Join(disk, key), body)
	}
	write(t, filepath.Join(disk, "products", ".upload-42"), "half a picture")
	app, d := bucketApp(t, bucket, map[string]string{"UPLOADS_DIR": disk})
	var out bytes.Buffer
	if err := uploadsCommand(context.Background(), d.cfg, []string{"migrate"}, &out); err != nil || !strings.Contains(out.String(), "3 copied, 0 already there, 0 failed") {
		t.Fatalf("first run: %v %s", err, out.String())
	}
	out.Reset()
	if err := uploadsCommand(context.Background(), d.cfg, []string{"migrate"}, &out); err != nil || !strings.Contains(out.String(), "0 copied, 3 already there, 0 failed") {
		t.Fatalf("second run: %v %s", err, out.String())
	}
	if err := os.RemoveAll(disk); err != nil {
		t.Fatal(err)
	}
	resp, body := call(t, app, "GET", "/uploads/banners/hero.svg", nil, nil)
	if resp.StatusCode != 200 || string(body) != "<svg id='hero'/>" || resp.Header.Get("Content-Type") != "image/svg+xml" {
		t.Fatalf("a migrated banner: %d %s %q", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	if resp, _ := call(t, app, "GET", "/uploads/products/.upload-42", nil, nil); resp.StatusCode != 404 {
		t.Errorf("a half-written file was copied and served: %d", resp.StatusCode)
	}
	_, noBucket := testApp(t)
	if err := uploadsCommand(context.Background(), noBucket.cfg, []string{"migrate"}, &out); err == nil || !strings.Contains(err.Error(), "S3_ENDPOINT") {
		t.Errorf("migrate without a bucket: %v", err)
	}
}

// TestPublicBaseURLSendsBrowsersToTheCDN: with S3_PUBLIC_BASE_URL the shop's picture paths
// stay the same and send the browser to the CDN's copy, for good.
func TestPublicBaseURLSendsBrowsersToTheCDN(t *testing.T) {
	t.Parallel()
	app, _ := bucketApp(t, s3test.New(t), map[string]string{"S3_PUBLIC_BASE_URL": "https://cdn.drape.test/pictures/"})
	resp, _ := call(t, app, "GET", "/uploads/products/JF-1.webp", nil, nil)
	if resp.StatusCode != 301 || resp.Header.Get("Location") != "https://cdn.drape.test/pictures/products/JF-1.webp" {
		t.Fatalf("%d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	if resp, _ := call(t, app, "GET", "/uploads/secrets/x.webp", nil, nil); resp.StatusCode != 404 {
		t.Errorf("an unknown folder: %d, want 404", resp.StatusCode)
	}
}

// TestComposeServersShareOneBucket: docker-compose's two servers keep pictures in the same
// bucket of its object store, so a picture uploaded through one is served by the other (their
// disks are their own).
func TestComposeServersShareOneBucket(t *testing.T) {
	services := composeServices(t, "../docker-compose.yml")
	buckets := map[string]bool{}
	servers := 0
	for name, svc := range services {
		if svc.command != `["/app/server"]` {
			continue
		}
		servers++
		cfg, err := loadConfig(func(k string) string { return svc.env[k] })
		if err != nil {
			t.Fatalf("compose service %s would not start: %v", name, err)
		}
		if !cfg.S3.Bucketed() {
			t.Fatalf("compose service %s keeps pictures on its own disk", name)
		}
		host, _, err := net.SplitHostPort(cfg.S3.Endpoint)
		if _, ok := services[host]; err != nil || !ok {
			t.Errorf("compose service %s sends pictures to %s, which compose does not run", name, cfg.S3.Endpoint)
		}
		buckets[cfg.S3.Endpoint+"/"+cfg.S3.Bucket] = true
	}
	if servers != 2 || len(buckets) != 1 {
		t.Fatalf("%d compose servers use %d buckets, want 2 servers on 1", servers, len(buckets))
	}
}
