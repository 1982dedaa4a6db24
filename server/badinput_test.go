package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
)

// badBodies are inputs no endpoint may answer with a 5xx.
var badBodies = []struct {
	name        string
	contentType string
	body        string
}{
	{"malformed JSON", "application/json", `{"message": "unterminated`},
	{"not JSON at all", "application/json", `message=hello`},
	{"wrong types", "application/json", `{"message": 42, "stack": ["a"], "url": {"x": 1}}`},
	{"array instead of object", "application/json", `[1,2,3]`},
	{"null", "application/json", `null`},
	{"trailing data", "application/json", `{"message":"a"} {"message":"b"}`},
	{"empty body", "application/json", ``},
	{"wrong content type", "text/plain", `{"message":"hello"}`},
	{"form content type", "application/x-www-form-urlencoded", `message=hello`},
	{"deeply nested", "application/json", strings.Repeat("[", 10000) + strings.Repeat("]", 10000)},
	{"invalid UTF-8", "application/json", "{\"message\":\"\xff\xfe\"}"},
}

// hugeBody is over the test app's 64 KiB body limit.
var hugeBody = `{"message":"` + strings.Repeat("x", 200_000) + `"}`

// TestBadInputNeverAnswers5xx sends every bad body to every registered route and requires a
// JSON envelope with a 4xx status wherever the route does not simply ignore the body.
func TestBadInputNeverAnswers5xx(t *testing.T) {
	app, _ := testApp(t)
	for _, route := range registeredRoutes(app) {
		for _, bad := range badBodies {
			resp, body := call(t, app, route.method, route.path, map[string]string{"Content-Type": bad.contentType}, []byte(bad.body))
			if resp.StatusCode >= 500 {
				t.Errorf("%s %s with %s: status %d\n%.300s", route.method, route.path, bad.name, resp.StatusCode, body)
				continue
			}
			if resp.StatusCode >= 400 && strings.HasPrefix(route.path, "/api") {
				if jsonPath(t, body, "success") != false || jsonPath(t, body, "message") == "" {
					t.Errorf("%s %s with %s: not an error envelope: %.300s", route.method, route.path, bad.name, body)
				}
			}
		}
	}
}

func TestBadBodiesAreExplained(t *testing.T) {
	app, _ := testApp(t)
	want := map[string]struct {
		status  int
		message string
	}{
		"malformed JSON":          {400, "Malformed JSON"},
		"not JSON at all":         {400, "Malformed JSON at byte 1"},
		"wrong types":             {400, "message must be a string"},
		"array instead of object": {400, "The request body must be a JSON object"},
		"null":                    {400, "message is required"},
		"trailing data":           {400, "The request body has data after the JSON value"},
		"empty body":              {400, "The request body is empty"},
		"wrong content type":      {400, "Send the request body as JSON (Content-Type: application/json)"},
		"deeply nested":           {400, "The request body must be a JSON object"},
	}
	for _, bad := range badBodies {
		w, ok := want[bad.name]
		if !ok {
			continue
		}
		resp, body := call(t, app, "POST", "/api/client-errors", map[string]string{"Content-Type": bad.contentType}, []byte(bad.body))
		if resp.StatusCode != w.status {
			t.Errorf("%s: status %d, want %d: %s", bad.name, resp.StatusCode, w.status, body)
			continue
		}
		if msg, _ := jsonPath(t, body, "message").(string); !strings.HasPrefix(msg, w.message) {
			t.Errorf("%s: message %q, want it to start with %q", bad.name, msg, w.message)
		}
		if code := jsonPath(t, body, "code"); code != float64(w.status) {
			t.Errorf("%s: envelope code %v", bad.name, code)
		}
	}
}

// TestHugeBodiesAre413 goes through a real listener: the limit is enforced from the declared
// length while reading the request, before any handler runs. The client declares a body over
// the limit and waits (Expect: 100-continue), so the answer is read deterministically instead
// of racing a body write against the server closing the connection.
func TestHugeBodiesAre413(t *testing.T) {
	app, _ := testApp(t)
	addr := strings.TrimPrefix(listen(t, app), "http://")
	for _, route := range registeredRoutes(app) {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\nExpect: 100-continue\r\n\r\n",
			route.method, route.path, addr, len(hugeBody))
		conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		reader := bufio.NewReader(conn)
		resp, err := http.ReadResponse(reader, nil)
		for err == nil && resp.StatusCode == http.StatusContinue {
			resp, err = http.ReadResponse(reader, nil)
		}
		if err != nil {
			conn.Close()
			t.Fatalf("%s %s: %v", route.method, route.path, err)
		}
		body, _ := io.ReadAll(resp.Body)
		conn.Close()
		if resp.StatusCode != http.StatusRequestEntityTooLarge {
			t.Errorf("%s %s: status %d, want 413: %.200s", route.method, route.path, resp.StatusCode, body)
			continue
		}
		if jsonPath(t, body, "message") != "Request body is too large" || jsonPath(t, body, "code") != 413.0 {
			t.Errorf("%s %s: %s", route.method, route.path, body)
		}
	}
}

// listen serves app on a loopback port for the test's duration and returns its base URL.
func listen(t *testing.T, app *fiber.App) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go app.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true})
	t.Cleanup(func() { app.Shutdown() })
	return "http://" + ln.Addr().String()
}

func TestFaultsAnswer500WithoutInternals(t *testing.T) {
	app, _ := testApp(t)
	app.Post("/test/panic", func(c fiber.Ctx) error { panic("database password is hunter2") })
	app.Post("/test/error", func(c fiber.Ctx) error { return errors.New("pq: relation \"secret_table\" does not exist") })
	for _, path := range []string{"/test/panic", "/test/error"} {
		resp, body := call(t, app, "POST", path, nil, nil)
		if resp.StatusCode != http.StatusInternalServerError {
			t.Fatalf("%s: status %d", path, resp.StatusCode)
		}
		if jsonPath(t, body, "message") != "Something went wrong" {
			t.Errorf("%s: message %v", path, jsonPath(t, body, "message"))
		}
		if strings.Contains(string(body), "hunter2") || strings.Contains(string(body), "secret_table") {
			t.Errorf("%s leaked internals: %s", path, body)
		}
		if jsonPath(t, body, "data.requestId") != resp.Header.Get("X-Request-Id") {
			t.Errorf("%s: the answer does not carry the request id: %s", path, body)
		}
	}
}

type route struct{ method, path string }

// registeredRoutes lists the app's routes with sample paths (parameters filled in).
func registeredRoutes(app *fiber.App) []route {
	seen := map[route]bool{}
	var out []route
	for _, r := range app.GetRoutes(true) {
		if r.Method == fiber.MethodHead || r.Method == fiber.MethodConnect || r.Method == fiber.MethodTrace {
			continue
		}
		path := strings.ReplaceAll(r.Path, "*", "anything")
		for _, p := range r.Params {
			path = strings.ReplaceAll(path, ":"+p, "000000000000000000000000")
		}
		rt := route{r.Method, path}
		if !seen[rt] {
			seen[rt] = true
			out = append(out, rt)
		}
	}
	return out
}
