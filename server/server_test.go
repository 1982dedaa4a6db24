package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/account"
	"drape/internal/platform/dbtest"
	"drape/internal/platform/redistest"
)

// testApp is the whole server app on a fresh database and Redis, with a tiny built client.
func testApp(t testing.TB) (*fiber.App, deps) {
	t.Helper()
	return testAppWith(t, nil)
}

// testAppWith is testApp with more environment (e.g. a payment gateway's address).
func testAppWith(t testing.TB, env map[string]string) (*fiber.App, deps) {
	t.Helper()
	pool, dbURL := dbtest.New(t)
	rdb := redistest.New(t)
	clientDir := t.TempDir()
	os.WriteFile(filepath.Join(clientDir, "index.html"), []byte("<!doctype html><html><head><title>drape</title></head><body><div id=\"root\"></div></body></html>"), 0o644)
	os.MkdirAll(filepath.Join(clientDir, "assets"), 0o755)
	os.WriteFile(filepath.Join(clientDir, "assets", "index-abc123.js"), []byte(strings.Repeat("console.log(\"drape\");\n", 400)), 0o644)
	uploads := t.TempDir()
	os.MkdirAll(filepath.Join(uploads, "products"), 0o755)
	os.WriteFile(filepath.Join(uploads, "products", "JF-1.svg"), []byte("<svg xmlns='http://www.w3.org/2000/svg'/>"), 0o644)
	defaults := map[string]string{"DATABASE_URL": dbURL, "REDIS_URL": rdb.URL, "CLIENT_DIR": clientDir, "UPLOADS_DIR": uploads,
		"BODY_LIMIT_BYTES": "65536", "REALTIME_CHANNEL": rdb.Prefix + "events", "JWT_SECRET": testJWTSecret}
	// Passwords at the test cost, which the server takes only on loopback: an app given a
	// public address (PUBLIC_URL) hashes at production's cost.
	if public, ok := env["PUBLIC_URL"]; !ok || loopbackURL(public) {
		defaults["PASSWORD_COST"] = "test"
	}
	cfg, err := loadConfig(func(k string) string {
		if v, ok := env[k]; ok {
			return v
		}
		return defaults[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	d := deps{cfg: cfg, log: log, pool: pool, redis: rdb.Client, hub: newHub(cfg, log)}
	return newApp(d, newServices(d)), d
}

// call sends one request through app.Test and returns the status, headers and body.
func call(t testing.TB, app *fiber.App, method, path string, headers map[string]string, body []byte) (*http.Response, []byte) {
	t.Helper()
	req := httptest.NewRequest(method, path, bytes.NewReader(body))
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := app.Test(req, fiber.TestConfig{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

// jsonValue reads a dotted path from a JSON document: object keys, list indexes ("items.0"),
// and "#" for a list's length ("items.#").
func jsonValue(t testing.TB, body []byte, path string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("answer is not JSON: %v\n%.300s", err, body)
	}
	for _, key := range strings.Split(path, ".") {
		switch node := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = node[key]; !ok {
				t.Fatalf("no %q in %.500s", path, body)
			}
		case []any:
			if key == "#" {
				return len(node)
			}
			i, err := strconv.Atoi(key)
			if err != nil || i < 0 || i >= len(node) {
				t.Fatalf("no %q in %.500s", path, body)
			}
			v = node[i]
		default:
			t.Fatalf("no %q in %.500s", path, body)
		}
	}
	return v
}

// jsonPath reads a dotted path ("data.postgres") from a JSON document.
func jsonPath(t testing.TB, body []byte, path string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("answer is not JSON: %v\n%s", err, body)
	}
	for _, key := range strings.Split(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("no %q in %s", path, body)
		}
		if v, ok = m[key]; !ok {
			t.Fatalf("no %q in %s", path, body)
		}
	}
	return v
}

var jsonHeaders = map[string]string{"Content-Type": "application/json"}

// testJWTSecret signs the test servers' tokens.
const testJWTSecret = "test-secret-test-secret-test-secret-0123"

// fixtureDeps is what a process test's fixtures need to seed its shop through the services
// beside the real binaries: its pool, the test key and the test password cost (the binaries'
// PASSWORD_COST=test; without it each service made hashed at 64 MiB), and the shop's address.
func fixtureDeps(pool *pgxpool.Pool, publicURL string) deps {
	return deps{cfg: Config{JWTSecret: testJWTSecret, PasswordCost: account.TestPasswordCost, PublicURL: publicURL}, pool: pool,
		log: slog.New(slog.NewJSONHandler(io.Discard, nil))}
}

func TestScenarios(t *testing.T) {
	t.Parallel()
	app, _ := testApp(t)
	cases := []struct {
		name       string
		method     string
		path       string
		headers    map[string]string
		body       string
		wantStatus int
		wantJSON   map[string]any // dotted path → value
		wantHeader map[string]string
	}{
		{name: "health", method: "GET", path: "/healthz", wantStatus: 200,
			wantJSON: map[string]any{"code": 200.0, "success": true, "data.status": "up"}},
		{name: "ready with postgres and redis", method: "GET", path: "/readyz", wantStatus: 200,
			wantJSON: map[string]any{"success": true, "data.postgres": "ok", "data.redis": "ok"}},
		{name: "unknown api path is a 404 envelope, not the SPA", method: "GET", path: "/api/getproducts", wantStatus: 404,
			wantJSON: map[string]any{"code": 404.0, "success": false, "message": "No such API endpoint: GET /api/getproducts"}},
		{name: "unknown api method", method: "DELETE", path: "/api/client-errors", wantStatus: 404,
			wantJSON: map[string]any{"success": false}},
		{name: "SPA route gets index.html", method: "GET", path: "/shippingpolicy", wantStatus: 200,
			wantHeader: map[string]string{"Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache"}},
		{name: "deep SPA route", method: "GET", path: "/user/orders/123", wantStatus: 200,
			wantHeader: map[string]string{"Content-Type": "text/html; charset=utf-8"}},
		{name: "hashed asset is cached for a year", method: "GET", path: "/assets/index-abc123.js", wantStatus: 200,
			wantHeader: map[string]string{"Cache-Control": "public, max-age=31536000, immutable"}},
		{name: "missing asset is a 404, never index.html", method: "GET", path: "/assets/gone.js", wantStatus: 404},
		{name: "path traversal finds nothing", method: "GET", path: "/assets/../../../etc/passwd", wantStatus: 404},
		{name: "security headers", method: "GET", path: "/", wantStatus: 200,
			wantHeader: map[string]string{"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY"}},
		{name: "websocket path without a handshake", method: "GET", path: "/api/ws", wantStatus: 426,
			wantJSON: map[string]any{"success": false}},
		{name: "websocket from a foreign origin", method: "GET", path: "/api/ws", wantStatus: 403,
			headers: map[string]string{"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
				"Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Origin": "https://evil.example"},
			wantJSON: map[string]any{"success": false, "message": "Origin https://evil.example may not open a live connection"}},
		{name: "client error reported", method: "POST", path: "/api/client-errors", headers: jsonHeaders,
			body: `{"message":"TypeError: x is undefined","url":"/cart"}`, wantStatus: 202,
			wantJSON: map[string]any{"success": true}},
		{name: "client error without message", method: "POST", path: "/api/client-errors", headers: jsonHeaders,
			body: `{"url":"/cart"}`, wantStatus: 400,
			wantJSON: map[string]any{"errors.message": "message is required"}},
		{name: "openapi document", method: "GET", path: "/api/openapi.yaml", wantStatus: 200,
			wantHeader: map[string]string{"Content-Type": "application/yaml; charset=utf-8"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := call(t, app, tc.method, tc.path, tc.headers, []byte(tc.body))
			if resp.StatusCode != tc.wantStatus {
				t.Fatalf("status %d, want %d\n%s", resp.StatusCode, tc.wantStatus, body)
			}
			for path, want := range tc.wantJSON {
				if got := jsonPath(t, body, path); got != want {
					t.Errorf("%s = %#v, want %#v", path, got, want)
				}
			}
			for h, want := range tc.wantHeader {
				if got := resp.Header.Get(h); got != want {
					t.Errorf("header %s = %q, want %q", h, got, want)
				}
			}
			if resp.Header.Get("X-Request-Id") == "" {
				t.Error("no X-Request-Id")
			}
			if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
				if code := jsonPath(t, body, "code"); code != float64(resp.StatusCode) {
					t.Errorf("envelope code %v differs from status %d", code, resp.StatusCode)
				}
			}
		})
	}
}

func TestMetricsCountRequestsByRoute(t *testing.T) {
	t.Parallel()
	app, d := testApp(t)
	d.metrics = newMetrics(d.pool, d.hub)
	app = newApp(d, newServices(d))
	call(t, app, "GET", "/healthz", nil, nil)
	call(t, app, "GET", "/api/nope", nil, nil)
	resp, body := call(t, newMetricsApp(d.metrics), "GET", "/metrics", nil, nil)
	if resp.StatusCode != 200 {
		t.Fatalf("metrics: %d", resp.StatusCode)
	}
	for _, want := range []string{
		`drape_http_requests_total{method="GET",route="/healthz",status="200"} 1`,
		`drape_http_requests_total{method="GET",route="/api",status="404"} 1`,
		"drape_ws_connections 0", "drape_outbox_pending 0", "drape_outbox_lag_seconds 0",
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("metrics lack %q", want)
		}
	}
	if resp, _ := call(t, app, "GET", "/metrics", nil, nil); resp.StatusCode == 200 && strings.Contains(resp.Header.Get("Content-Type"), "text/plain") {
		t.Error("/metrics is served on the public port")
	}
}

func TestOriginsAreComparedAsBrowsersSendThem(t *testing.T) {
	t.Parallel()
	for raw, want := range map[string]string{
		"HTTPS://Shop.Example:443/": "https://shop.example",
		"http://127.0.0.1:8080":     "http://127.0.0.1:8080",
		"http://shop.example:80":    "http://shop.example",
	} {
		if got := normalOrigin(raw); got != want {
			t.Errorf("normalOrigin(%q) = %q, want %q", raw, got, want)
		}
	}
}

func TestAssetsAreCompressed(t *testing.T) {
	t.Parallel()
	app, _ := testApp(t)
	resp, _ := call(t, app, "GET", "/assets/index-abc123.js", map[string]string{"Accept-Encoding": "gzip"}, nil)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") == "" {
		t.Fatalf("status %d, Content-Encoding %q", resp.StatusCode, resp.Header.Get("Content-Encoding"))
	}
}

// TestDeploymentExamplesSetEveryRequiredKey: docker-compose.yml runs two servers and two
// workers whose environments hold every key the programs require (the servers' passing the
// server's own configuration check, with one JWT_SECRET between them), the README's example
// of one more server and worker sets every required key, and .dockerignore keeps local data
// and dependencies out of the build.
func TestDeploymentExamplesSetEveryRequiredKey(t *testing.T) {
	t.Parallel()
	_, err := loadConfig(func(string) string { return "" })
	serverKeys := regexp.MustCompile(`(?m)^\s+([A-Z_]+): is required$`).FindAllStringSubmatch(fmt.Sprint(err), -1)
	workerSource, err := os.ReadFile("../worker/config.go")
	if err != nil {
		t.Fatal(err)
	}
	workerKeys := regexp.MustCompile(`r\.Required\("([A-Z_]+)"\)|r\.URL\("([A-Z_]+)", "", true`).FindAllStringSubmatch(string(workerSource), -1)
	required := map[string][]string{}
	for _, m := range serverKeys {
		required["server"] = append(required["server"], m[1])
	}
	for _, m := range workerKeys {
		required["worker"] = append(required["worker"], m[1]+m[2])
	}
	if !slices.Contains(required["server"], "JWT_SECRET") || !slices.Contains(required["worker"], "SMTP_FROM") {
		t.Fatalf("required keys not found: %v", required)
	}

	services := composeServices(t, "../docker-compose.yml")
	count := map[string]int{}
	secrets := map[string]bool{}
	for _, name := range slices.Sorted(maps.Keys(services)) {
		svc := services[name]
		program := strings.TrimSuffix(strings.TrimPrefix(svc.command, `["/app/`), `"]`)
		if program != "server" && program != "worker" {
			continue
		}
		count[program]++
		for _, key := range required[program] {
			if svc.env[key] == "" {
				t.Errorf("compose service %s (%s) lacks %s", name, program, key)
			}
		}
		if program == "server" {
			secrets[svc.env["JWT_SECRET"]] = true
			if _, err := loadConfig(func(k string) string { return svc.env[k] }); err != nil {
				t.Errorf("compose service %s would not start: %v", name, err)
			}
		}
	}
	if count["server"] != 2 || count["worker"] != 2 {
		t.Errorf("compose runs %d servers and %d workers, want 2 and 2", count["server"], count["worker"])
	}
	if len(secrets) != 1 {
		t.Errorf("the compose servers sign with %d different JWT secrets", len(secrets))
	}

	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for program, keys := range required {
		example := regexp.MustCompile(`(?m)^.*bin/` + program + ` &$`).FindString(string(readme))
		if example == "" {
			t.Errorf("README has no example command for one more %s", program)
		}
		for _, key := range keys {
			if !strings.Contains(example, key+"=") {
				t.Errorf("README's example %s lacks %s: %s", program, key, example)
			}
		}
	}

	ignore, err := os.ReadFile("../.dockerignore")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{".data/", ".git/", "bin/", "client/node_modules/", "client/dist/", "client/test-results/"} {
		if !slices.Contains(strings.Split(string(ignore), "\n"), path) {
			t.Errorf(".dockerignore does not leave out %s", path)
		}
	}
}

// composeService is a compose service's command and environment.
type composeService struct {
	command string
	env     map[string]string
}

// composeServices reads docker-compose.yml as this repository writes it (block mappings, an
// x- anchor of environment, services that alias or merge other services) with every
// ${VAR:-default} read as its default.
func composeServices(t testing.TB, path string) map[string]composeService {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defaults := regexp.MustCompile(`\$\{[A-Z_]+(?::-([^}]*))?\}`)
	value := func(v string) string { return defaults.ReplaceAllString(strings.Trim(v, `"'`), "$1") }
	envAnchors := map[string]map[string]string{}
	serviceAnchors := map[string]string{}
	services := map[string]*composeService{}
	inherit := func(to *composeService, anchor string) {
		from := services[serviceAnchors[anchor]]
		if from == nil {
			t.Fatalf("%s: no service anchored &%s", path, anchor)
		}
		to.command = from.command
		maps.Copy(to.env, from.env)
	}
	var top, service string
	var anchored map[string]string
	inEnv := false
	for _, line := range strings.Split(string(raw), "\n") {
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		indent := len(line) - len(strings.TrimLeft(line, " "))
		key, v, _ := strings.Cut(trimmed, ":")
		v = strings.TrimSpace(v)
		switch {
		case indent == 0:
			top, anchored = key, nil
			if strings.HasPrefix(v, "&") {
				anchored = map[string]string{}
				envAnchors[v[1:]] = anchored
			}
		case top != "services" && indent == 2 && anchored != nil:
			anchored[key] = value(v)
		case top == "services" && indent == 2:
			service, inEnv = key, false
			services[service] = &composeService{env: map[string]string{}}
			if strings.HasPrefix(v, "&") {
				serviceAnchors[v[1:]] = service
			} else if strings.HasPrefix(v, "*") {
				inherit(services[service], v[1:])
			}
		case top == "services" && indent == 4:
			svc := services[service]
			inEnv = false
			switch key {
			case "<<":
				inherit(svc, strings.TrimPrefix(v, "*"))
			case "command":
				svc.command = v
			case "environment":
				if strings.HasPrefix(v, "*") {
					maps.Copy(svc.env, envAnchors[v[1:]])
				} else {
					inEnv = true
				}
			}
		case top == "services" && indent == 6 && inEnv:
			if key == "<<" {
				maps.Copy(services[service].env, envAnchors[strings.TrimPrefix(v, "*")])
			} else {
				services[service].env[key] = value(v)
			}
		}
	}
	out := map[string]composeService{}
	for name, svc := range services {
		out[name] = *svc
	}
	return out
}

// TestPasswordCostIsStrongUnlessALoopbackTestStackAsks: a server configured without
// PASSWORD_COST stores passwords at argon2id's strong cost (64 MiB, 3 passes), and the cheap
// test cost the test stacks ask for is refused on any server that listens on, or is addressed
// at, more than this machine.
func TestPasswordCostIsStrongUnlessALoopbackTestStackAsks(t *testing.T) {
	t.Parallel()
	load := func(env map[string]string) (Config, error) {
		return loadConfig(func(k string) string {
			if v, ok := env[k]; ok {
				return v
			}
			return map[string]string{"DATABASE_URL": "postgres://localhost/drape", "REDIS_URL": "redis://localhost:6379/0", "JWT_SECRET": testJWTSecret}[k]
		})
	}
	for _, env := range []map[string]string{{}, {"PASSWORD_COST": "strong"}, {"BIND_ADDR": "0.0.0.0", "PUBLIC_URL": "https://drape.example"}} {
		cfg, err := load(env)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.PasswordCost != account.StrongPasswordCost || cfg.PasswordCost.MemoryKiB != 64*1024 || cfg.PasswordCost.Passes != 3 {
			t.Errorf("%v: password cost %+v, want 64 MiB and 3 passes", env, cfg.PasswordCost)
		}
	}
	cfg, err := load(map[string]string{"PASSWORD_COST": "test", "PUBLIC_URL": "http://localhost:8790"})
	if err != nil || cfg.PasswordCost != account.TestPasswordCost {
		t.Fatalf("a loopback test stack: cost %+v, err %v", cfg.PasswordCost, err)
	}
	for _, env := range []map[string]string{
		{"PASSWORD_COST": "test", "BIND_ADDR": "0.0.0.0"},
		{"PASSWORD_COST": "test", "BIND_ADDR": "10.0.0.5"},
		{"PASSWORD_COST": "test", "PUBLIC_URL": "https://drape.example"},
		{"PASSWORD_COST": "cheap"},
	} {
		if _, err := load(env); err == nil || !strings.Contains(err.Error(), "PASSWORD_COST") {
			t.Errorf("%v: started (err %v), want PASSWORD_COST refused", env, err)
		}
	}
}
