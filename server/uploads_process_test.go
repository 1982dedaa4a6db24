package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"drape/internal/platform/objectstore"
	"drape/internal/platform/s3test"
)

// These tests run the real server programs against the real S3-compatible test server
// (SeaweedFS, scripts/services.sh s3), each on a bucket of its own.

// runServerCommand runs `server args…` with env and answers its output.
func runServerCommand(t *testing.T, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command(filepath.Join(binaries(t), "server"), args...)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("server %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// adminOver makes an admin with `server admin create` and signs them in at base.
func adminOver(t *testing.T, env []string, base string) string {
	t.Helper()
	runServerCommand(t, env, "admin", "create", "--email", "owner@drape.in", "--password", "back-office-1")
	return apiCall(t, base, "POST", "/api/admin/login", "", map[string]any{"email": "owner@drape.in", "password": "back-office-1"}, 200)["token"].(string)
}

// getUpload fetches path from base, with If-None-Match when etag is set.
func getUpload(t *testing.T, base, path, etag string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", base+path, nil)
	if etag != "" {
		req.Header.Set("If-None-Match", etag)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, body
}

// TestPictureUploadedThroughOneServerIsServedByTheOther: with S3_* set, two servers that share
// no disk (docker-compose's two servers) share pictures: a product picture the back office
// uploads through server A lands in the bucket, not on A's disk, and server B serves it, with
// an ETag, an immutable Cache-Control and a 304 for a browser that has it.
func TestPictureUploadedThroughOneServerIsServedByTheOther(t *testing.T) {
	t.Parallel()
	bucket := s3test.New(t)
	env, _, _ := shopEnv(t)
	env = append(env, bucket.Env...)
	diskA, diskB := t.TempDir(), t.TempDir()
	a, _ := startServer(t, append(env, "UPLOADS_DIR="+diskA))
	b, _ := startServer(t, append(env, "UPLOADS_DIR="+diskB))
	token := adminOver(t, env, a)

	var picture bytes.Buffer
	png.Encode(&picture, testPicture(80, 60))
	headers, body := multipartBody(t, "file", "kurta.png", "image/png", picture.Bytes())
	req, _ := http.NewRequest("POST", a+"/api/admin/uploads/products", bytes.NewReader(body))
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var answer struct {
		Data struct{ URL, File string }
	}
	json.NewDecoder(resp.Body).Decode(&answer)
	resp.Body.Close()
	if resp.StatusCode != 201 || !strings.HasPrefix(answer.Data.URL, "/uploads/products/") {
		t.Fatalf("upload through A: %d %+v", resp.StatusCode, answer)
	}

	stored, err := bucket.Store.Stat(context.Background(), "products/"+answer.Data.File)
	if err != nil {
		t.Fatalf("the picture is not in the bucket: %v", err)
	}
	if entries, _ := os.ReadDir(filepath.Join(diskA, "products")); len(entries) != 0 {
		t.Errorf("server A kept %d files on its own disk", len(entries))
	}

	fromA, bytesA := getUpload(t, a, answer.Data.URL, "")
	fromB, bytesB := getUpload(t, b, answer.Data.URL, "")
	if fromA.StatusCode != 200 || fromB.StatusCode != 200 {
		t.Fatalf("GET %s: A answered %d, B answered %d", answer.Data.URL, fromA.StatusCode, fromB.StatusCode)
	}
	if !bytes.Equal(bytesA, bytesB) || int64(len(bytesB)) != stored.Size || len(bytesB) == 0 {
		t.Fatalf("B served %d bytes, A %d, the bucket holds %d", len(bytesB), len(bytesA), stored.Size)
	}
	if _, err := png.Decode(bytes.NewReader(bytesB)); err != nil && !strings.HasPrefix(fromB.Header.Get("Content-Type"), "image/") {
		t.Errorf("B served no picture: %s, %v", fromB.Header.Get("Content-Type"), err)
	}
	if got := fromB.Header.Get("Cache-Control"); got != objectstore.ImmutableCaching {
		t.Errorf("Cache-Control %q, want %q", got, objectstore.ImmutableCaching)
	}
	etag := fromB.Header.Get("ETag")
	if etag == "" || etag != fromA.Header.Get("ETag") {
		t.Errorf("ETags: A %q, B %q; want the same, set", fromA.Header.Get("ETag"), etag)
	}
	if again, body := getUpload(t, b, answer.Data.URL, etag); again.StatusCode != 304 || len(body) != 0 {
		t.Errorf("a browser holding the picture got %d with %d bytes, want 304", again.StatusCode, len(body))
	}
	if missing, _ := getUpload(t, b, "/uploads/products/nope.png", ""); missing.StatusCode != 404 {
		t.Errorf("a picture nobody uploaded: %d, want 404", missing.StatusCode)
	}
}

// TestCatalogReadsGoToTheReadDatabase: with DATABASE_READ_URL the storefront's listing, search
// and product page are read over it (seen in pg_stat_activity under its application_name),
// while the server's writes stay on DATABASE_URL.
func TestCatalogReadsGoToTheReadDatabase(t *testing.T) {
	t.Parallel()
	env, dbURL, _ := shopEnv(t)
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("application_name", "drape-read-"+filepath.Base(u.Path))
	u.RawQuery = q.Encode()
	base, _ := startServer(t, append(env, "DATABASE_READ_URL="+u.String(), "LISTING_FRESH=0"))
	token := adminOver(t, env, base)
	sub := apiCall(t, base, "POST", "/api/admin/categories", token, map[string]any{"name": "Men", "gender": "Men"}, 201)["data"].(map[string]any)
	sc := apiCall(t, base, "POST", "/api/admin/subcategories", token, map[string]any{"categoryId": sub["_id"], "categoryType": "Formal Shirts"}, 201)["data"].(map[string]any)
	created := apiCall(t, base, "POST", "/api/admin/products", token, map[string]any{
		"productId": "JF-MSH-0001", "productName": "Oxford Shirt", "gender": "men", "subcategoryId": sc["_id"], "price": 1999,
		"colour": "navy", "thumbnail": "JF-1.svg", "sizes": []any{map[string]any{"size": "M", "stock": 3}}}, 201)["data"].(map[string]any)

	conn, err := pgx.Connect(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	lastQueries := func() string {
		rows, err := conn.Query(context.Background(), `SELECT coalesce(string_agg(query, ' | '), '') FROM pg_stat_activity WHERE application_name = $1`, q.Get("application_name"))
		if err != nil {
			t.Fatal(err)
		}
		var all string
		for rows.Next() {
			rows.Scan(&all)
		}
		return all
	}
	if got := lastQueries(); strings.Contains(strings.ToUpper(got), "INSERT") {
		t.Fatalf("the read database took a write: %s", got)
	}
	for _, path := range []string{"/api/getproduct?type=Formal%20Shirts", "/api/products/search?q=oxford", "/api/getproduct/" + created["_id"].(string)} {
		answer := apiCall(t, base, "GET", path, "", nil, 200)
		if !strings.Contains(mustJSON(answer), "JF-MSH-0001") {
			t.Fatalf("%s does not show the product: %s", path, mustJSON(answer))
		}
	}
	if got := lastQueries(); !strings.Contains(got, "product") {
		t.Fatalf("no catalog read went over DATABASE_READ_URL (its connections last ran: %q)", got)
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
