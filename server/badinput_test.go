package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"drape/internal/account"
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

// TestBadInputNeverAnswers5xx sends every bad body, and bodies whose fields have the wrong
// JSON types, to every registered route as the caller the route admits (a shopper's token on
// shopper routes, an admin's on back-office ones, so the handler itself reads the body), and
// requires a JSON envelope with a 4xx status wherever the route does not simply ignore the body.
func TestBadInputNeverAnswers5xx(t *testing.T) {
	t.Parallel()
	// Online payment is on, so its routes answer from their handlers; no bad body may get as
	// far as the gateway, which fails every call.
	gateway := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "the sweep reached the gateway", http.StatusInternalServerError)
	}))
	t.Cleanup(gateway.Close)
	app, d := testAppWith(t, map[string]string{"RAZORPAY_KEY_ID": "rzp_test_sweep", "RAZORPAY_KEY_SECRET": "sweep-key-secret",
		"RAZORPAY_WEBHOOK_SECRET": "sweep-webhook-secret", "RAZORPAY_API_URL": gateway.URL, "SHIPROCKET_WEBHOOK_TOKEN": "sweep-courier-token"})
	callers := newSweepCallers(t, app, d)
	inputs := handlerInputs(t)
	var bodies []sweepBody
	for _, b := range badBodies {
		bodies = append(bodies, sweepBody{name: b.name, contentType: b.contentType, body: b.body})
	}
	bodies = append(bodies, commonWrongTypes)
	reached := 0
	for _, route := range registeredRoutes(app) {
		for _, bad := range append(bodies[:len(bodies):len(bodies)], wrongTypeBodies(inputs[route.handler])...) {
			// Per-address and per-e-mail limits must not answer for the handler.
			d.redis.FlushDB(context.Background())
			resp, body := callers.call(t, route, bad.contentType, bad.body)
			if resp.StatusCode >= 500 {
				t.Errorf("%s %s with %s: status %d\n%.300s", route.method, route.path, bad.name, resp.StatusCode, body)
				continue
			}
			if route.auth != "" && (resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden) {
				t.Errorf("%s %s with %s: the %s token did not get through: %d %.200s", route.method, route.path, bad.name, route.auth, resp.StatusCode, body)
				continue
			}
			if resp.StatusCode >= 400 && strings.HasPrefix(route.path, "/api") {
				if jsonPath(t, body, "success") != false || jsonPath(t, body, "message") == "" {
					t.Errorf("%s %s with %s: not an error envelope: %.300s", route.method, route.path, bad.name, body)
				}
			}
			if bad.field != "" {
				reached++
				if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), `"`+bad.field+`":`) {
					t.Errorf("%s %s with %s: status %d, want 400 naming the field: %.300s", route.method, route.path, bad.name, resp.StatusCode, body)
				}
			}
		}
	}
	// The sweep must know the fields of the routes that take bodies (a handler rewritten so
	// that the source scan finds nothing would silently shrink it).
	for _, h := range []string{"addAddress", "updateAddress", "updateProfile", "requestEmailChange", "confirmEmailChange", "changePassword", "addToWishlist",
		"addToCart", "updateCart", "createOrder", "quote", "startOnlinePayment", "changeOrderStatus", "refundOrder", "registerStaff"} {
		if len(inputs[h]) == 0 {
			t.Errorf("no body fields found for handler %s", h)
		}
	}
	if reached == 0 {
		t.Error("no wrong-type body reached a handler")
	}
}

// sweepBody is one request body of the sweep; field names the one field it gets wrong.
type sweepBody struct {
	name        string
	contentType string
	body        string
	field       string
}

// commonWrongTypes gives field names many routes read values of the wrong JSON types.
var commonWrongTypes = sweepBody{name: "common fields of wrong types", contentType: "application/json", body: `{"email": 42, "password": 42,
	"firstName": ["a"], "lastName": {"x": 1}, "quantity": "two", "id": 42, "_id": 42, "productId": 42, "size": 9,
	"orderStatus": 3, "orderId": 42, "address": 7, "addressId": 7, "paymentMode": 1, "couponCode": 15, "otp": 123456,
	"newPassword": 42, "currentPassword": 42, "phone": 9876543210, "role": 1, "isDefault": "yes", "credential": 1}`}

// wrongTypeBodies are, for a handler's body fields, one body with every field of the wrong
// JSON type and one body per field with only that field wrong.
func wrongTypeBodies(fields map[string]string) []sweepBody {
	if len(fields) == 0 {
		return nil
	}
	names := slices.Sorted(maps.Keys(fields))
	all := make([]string, 0, len(names))
	var out []sweepBody
	for _, name := range names {
		member := fmt.Sprintf("%q: %s", name, fields[name])
		all = append(all, member)
		out = append(out, sweepBody{name: "wrong type for " + name, contentType: "application/json", body: "{" + member + "}", field: name})
	}
	return append(out, sweepBody{name: "every field of the wrong type", contentType: "application/json", body: "{" + strings.Join(all, ", ") + "}"})
}

// sweepCallers are the signed-in callers of the sweep: a shopper and an admin.
type sweepCallers struct {
	app    *fiber.App
	tokens map[string]string // by route.auth
	login  map[string]func() string
}

func newSweepCallers(t testing.TB, app *fiber.App, d deps) *sweepCallers {
	t.Helper()
	signUp(t, app, "Sweep Shopper", "sweep@example.in")
	if _, err := newServices(d).accounts.CreateStaff(context.Background(), accountStaff("sweep-owner@drape.in", account.RoleAdmin)); err != nil {
		t.Fatal(err)
	}
	session := func(path, email, password string) func() string {
		return func() string {
			status, body := send(t, app, "POST", path, "", map[string]any{"email": email, "password": password})
			expect(t, "sign in "+email, status, body, 200, nil)
			return jsonValue(t, body, "token").(string)
		}
	}
	c := &sweepCallers{app: app, tokens: map[string]string{}, login: map[string]func() string{
		"user":  session("/api/login", "sweep@example.in", "tailored-fit-42"),
		"admin": session("/api/admin/login", "sweep-owner@drape.in", "back-office-1"),
	}}
	for auth, login := range c.login {
		c.tokens[auth] = login()
	}
	return c
}

// call sends body to route with the token the route needs. A 401 with a token means an
// earlier request revoked it (logout-everywhere does): the caller signs in again and retries.
func (c *sweepCallers) call(t testing.TB, r route, contentType, body string) (*http.Response, []byte) {
	t.Helper()
	headers := map[string]string{"Content-Type": contentType}
	if r.auth == "" {
		return call(t, c.app, r.method, r.path, headers, []byte(body))
	}
	headers["Authorization"] = "Bearer " + c.tokens[r.auth]
	resp, answer := call(t, c.app, r.method, r.path, headers, []byte(body))
	if resp.StatusCode == http.StatusUnauthorized {
		c.tokens[r.auth] = c.login[r.auth]()
		headers["Authorization"] = "Bearer " + c.tokens[r.auth]
		resp, answer = call(t, c.app, r.method, r.path, headers, []byte(body))
	}
	return resp, answer
}

// handlerInputs reads the server's source for the JSON fields each handler method decodes
// (the struct types of the variables it declares), each with a value of the wrong JSON type.
func handlerInputs(t testing.TB) map[string]map[string]string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	structs := map[string]*ast.StructType{}
	handlers := map[string]*ast.FuncDecl{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.GenDecl:
				for _, spec := range decl.Specs {
					if ts, ok := spec.(*ast.TypeSpec); ok {
						if st, ok := ts.Type.(*ast.StructType); ok {
							structs[ts.Name.Name] = st
						}
					}
				}
			case *ast.FuncDecl:
				if decl.Recv != nil && decl.Body != nil {
					handlers[decl.Name.Name] = decl
				}
			}
		}
	}
	out := map[string]map[string]string{}
	for name, fn := range handlers {
		fields := map[string]string{}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			if vs, ok := n.(*ast.ValueSpec); ok && vs.Type != nil {
				collectFields(vs.Type, structs, fields)
			}
			return true
		})
		if len(fields) > 0 {
			out[name] = fields
		}
	}
	return out
}

// collectFields adds the JSON fields of the struct typ names (through pointers, lists and
// embedded structs) to fields, each with a wrong value for its type.
func collectFields(typ ast.Expr, structs map[string]*ast.StructType, fields map[string]string) {
	switch typ := typ.(type) {
	case *ast.StarExpr:
		collectFields(typ.X, structs, fields)
	case *ast.ArrayType:
		collectFields(typ.Elt, structs, fields)
	case *ast.Ident:
		if st, ok := structs[typ.Name]; ok {
			collectFields(st, structs, fields)
		}
	case *ast.StructType:
		for _, f := range typ.Fields.List {
			name := ""
			if f.Tag != nil {
				tag, _ := strconv.Unquote(f.Tag.Value)
				name, _, _ = strings.Cut(reflect.StructTag(tag).Get("json"), ",")
			}
			switch {
			case name == "-":
			case len(f.Names) == 0 && name == "":
				collectFields(f.Type, structs, fields)
			default:
				if name == "" {
					name = f.Names[0].Name
				}
				if wrong, ok := wrongJSON(f.Type, structs); ok {
					fields[name] = wrong
				}
			}
		}
	}
}

// wrongJSON is a JSON value that does not fit the Go type typ; false for types that take any
// JSON value (any, json.RawMessage).
func wrongJSON(typ ast.Expr, structs map[string]*ast.StructType) (string, bool) {
	switch typ := typ.(type) {
	case *ast.StarExpr:
		return wrongJSON(typ.X, structs)
	case *ast.ArrayType, *ast.StructType:
		return `42`, true
	case *ast.MapType:
		return `[1, 2]`, true
	case *ast.InterfaceType:
		return "", false
	case *ast.SelectorExpr:
		if x, ok := typ.X.(*ast.Ident); ok && x.Name == "json" && typ.Sel.Name == "RawMessage" {
			return "", false
		}
		return `{"x": 1}`, true
	case *ast.Ident:
		switch {
		case typ.Name == "any":
			return "", false
		case typ.Name == "string":
			return `42`, true
		case typ.Name == "bool":
			return `"yes"`, true
		case strings.HasPrefix(typ.Name, "int"), strings.HasPrefix(typ.Name, "uint"), strings.HasPrefix(typ.Name, "float"):
			return `"two"`, true
		case structs[typ.Name] != nil:
			return `42`, true
		}
		return `{"x": 1}`, true
	}
	return "", false
}

func TestBadBodiesAreExplained(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
func listen(t testing.TB, app *fiber.App) string {
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
	t.Parallel()
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

// route is a registered route: a sample path (parameters filled in), the name of the
// server method that answers it, and the token it needs ("user", "admin" for staff and
// admins, or "").
type route struct{ method, path, handler, auth string }

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
		rt := route{method: r.Method, path: path}
		for _, h := range r.Handlers {
			name := strings.TrimSuffix(runtime.FuncForPC(reflect.ValueOf(h).Pointer()).Name(), "-fm")
			rt.handler = name[strings.LastIndex(name, ".")+1:]
			switch rt.handler {
			case "requireUser":
				rt.auth = "user"
			case "requireStaff", "requireAdmin":
				rt.auth = "admin"
			}
		}
		if !seen[rt] {
			seen[rt] = true
			out = append(out, rt)
		}
	}
	return out
}
