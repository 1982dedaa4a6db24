package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/gofiber/fiber/v3"

	"drape/internal/shop"
)

type requestIDKey struct{}

// saneRequestID reports whether a caller's X-Request-Id may be used as the request's id: 8 to
// 64 letters, digits, dots, underscores and dashes.
func saneRequestID(id string) bool {
	if len(id) < 8 || len(id) > 64 {
		return false
	}
	for _, r := range []byte(id) {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '.' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}

// withRequestID gives every request an id (the caller's X-Request-Id when it is sane), echoed
// in the answer and in every log line about the request.
func withRequestID(c fiber.Ctx) error {
	id := c.Get(fiber.HeaderXRequestID)
	if !saneRequestID(id) {
		id = shop.NewID()
	}
	c.Locals(requestIDKey{}, id)
	c.Set(fiber.HeaderXRequestID, id)
	return c.Next()
}

func requestID(c fiber.Ctx) string {
	if id, ok := c.Locals(requestIDKey{}).(string); ok {
		return id
	}
	return ""
}

// withDeadline bounds the work of one request: database calls made with the request's context
// give up when it expires, instead of holding a pool connection behind a stuck query. The
// request's context ends when the request does.
func withDeadline(d time.Duration) fiber.Handler {
	return func(c fiber.Ctx) error {
		parent := c.Context()
		if parent.Done() != nil { // a parent that may end itself: the standard way
			ctx, cancel := context.WithTimeout(parent, d)
			defer cancel()
			c.SetContext(ctx)
			return c.Next()
		}
		ctx := &lazyDeadline{Context: parent, deadline: time.Now().Add(d)}
		defer ctx.end(context.Canceled)
		c.SetContext(ctx)
		return c.Next()
	}
}

// lazyDeadline is a context that ends at its deadline (or when end is called) under a parent
// that never ends, and starts a timer only once someone waits on Done: most requests (cached
// pages, health checks) never do, and a timer was the costliest part of bounding them. Err
// reports the deadline as soon as it has passed, waited on or not.
type lazyDeadline struct {
	context.Context // the parent; its Done is nil
	deadline        time.Time

	mu    sync.Mutex
	done  chan struct{} // made by the first Done
	timer *time.Timer
	err   error
}

func (d *lazyDeadline) Deadline() (time.Time, bool) { return d.deadline, true }

func (d *lazyDeadline) Done() <-chan struct{} {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.done == nil {
		d.done = make(chan struct{})
		switch wait := time.Until(d.deadline); {
		case d.err != nil:
			close(d.done)
		case wait <= 0:
			d.endLocked(context.DeadlineExceeded)
		default:
			d.timer = time.AfterFunc(wait, func() { d.end(context.DeadlineExceeded) })
		}
	}
	return d.done
}

func (d *lazyDeadline) Err() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.err == nil && !time.Now().Before(d.deadline) {
		d.endLocked(context.DeadlineExceeded)
	}
	return d.err
}

// end ends the context with err, unless it has ended already.
func (d *lazyDeadline) end(err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.endLocked(err)
}

func (d *lazyDeadline) endLocked(err error) {
	if d.err != nil {
		return
	}
	d.err = err
	if d.timer != nil {
		d.timer.Stop()
	}
	if d.done != nil {
		close(d.done)
	}
}

// withSaneInput refuses addresses whose path or query is not valid UTF-8 or holds a NUL byte:
// nothing in the shop is named like that, and the database would refuse it further in.
func withSaneInput(c fiber.Ctx) error {
	bad := !utf8.ValidString(c.Path()) || strings.ContainsRune(c.Path(), 0)
	for k, v := range c.RequestCtx().QueryArgs().All() {
		bad = bad || !utf8.Valid(k) || !utf8.Valid(v) || bytes.IndexByte(v, 0) >= 0 || bytes.IndexByte(k, 0) >= 0
	}
	if bad {
		return shop.E(shop.Invalid, "The address has characters that are not allowed")
	}
	return c.Next()
}

// withRecovery turns a panic in a handler into an Internal error, with the stack in the log.
func withRecovery(log *slog.Logger) fiber.Handler {
	return func(c fiber.Ctx) (err error) {
		defer func() {
			if r := recover(); r != nil {
				log.Error("panic", "request_id", requestID(c), "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
				err = shop.Wrap(shop.Internal, fmt.Errorf("panic: %v", r), internalMessage)
			}
		}()
		return c.Next()
	}
}

// withAccessLog answers errors through the error handler right here, so that the log line
// and the metrics see the final status, then logs one JSON line per request.
func withAccessLog(log *slog.Logger, m *metrics, handleError fiber.ErrorHandler) fiber.Handler {
	return func(c fiber.Ctx) error {
		start := time.Now()
		if err := c.Next(); err != nil {
			if herr := handleError(c, err); herr != nil {
				return herr
			}
		}
		elapsed := time.Since(start)
		status := c.Response().StatusCode()
		route := c.Route().Path
		m.observe(c.Method(), route, status, elapsed)
		level := slog.LevelInfo
		if route == "/healthz" || route == "/readyz" || route == "/metrics" {
			level = slog.LevelDebug
		}
		if !log.Enabled(c.Context(), level) {
			return nil
		}
		log.Log(c.Context(), level, "request",
			"request_id", requestID(c), "method", c.Method(), "path", c.Path(), "route", route,
			"status", status, "duration_ms", strconv.FormatFloat(float64(elapsed.Microseconds())/1000, 'f', 2, 64),
			"ip", c.IP())
		return nil
	}
}

// contentSecurityPolicy allows only the shop's own origin for scripts, styles, fonts and
// connections (websocket included), images from itself and data: URLs, and no framing of the
// shop. Sign-in with Google adds its script's origin for scripts and its account chooser's
// frame.
func contentSecurityPolicy(googleScriptURL, paymentScriptURL, paymentAPIURL string) string {
	google, checkout, api := origin(googleScriptURL), origin(paymentScriptURL), origin(paymentAPIURL)
	return "default-src 'self'; script-src 'self'" + google + checkout + "; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data: blob: https:; font-src 'self'; connect-src 'self' ws: wss:" + checkout + api + "; " +
		"frame-src 'self'" + google + checkout + api + "; " +
		"object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
}

// origin is " scheme://host" of a URL, or "" when it has none.
func origin(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.Host != "" {
		return " " + u.Scheme + "://" + u.Host
	}
	return ""
}

// strictTransportSecurity is the HSTS policy of a shop served at publicURL: a year, for its
// subdomains too (ASVS 5.0 3.4.1), when shoppers reach it over HTTPS; "" (no header) when they
// do not, since browsers ignore it over plain HTTP anyway.
func strictTransportSecurity(publicURL string) string {
	if !strings.HasPrefix(strings.ToLower(publicURL), "https://") {
		return ""
	}
	return "max-age=31536000; includeSubDomains"
}

// withSecurityHeaders sets the headers every answer carries. Cache-Control: no-store is the
// default, so that no answer with a shopper's data is kept by a browser or a proxy (ASVS 5.0
// 14.3.2); the handlers of cacheable files (assets, uploads, pages) set their own.
func withSecurityHeaders(csp, hsts string) fiber.Handler {
	headers := [][2][]byte{
		{[]byte("X-Content-Type-Options"), []byte("nosniff")},
		{[]byte("X-Frame-Options"), []byte("DENY")},
		{[]byte("Referrer-Policy"), []byte("strict-origin-when-cross-origin")},
		{[]byte("Cross-Origin-Opener-Policy"), []byte("same-origin-allow-popups")},
		{[]byte("Permissions-Policy"), []byte("camera=(), microphone=(), geolocation=()")},
		{[]byte("Content-Security-Policy"), []byte(csp)},
		{[]byte("Cache-Control"), []byte("no-store")},
	}
	if hsts != "" {
		headers = append(headers, [2][]byte{[]byte("Strict-Transport-Security"), []byte(hsts)})
	}
	return func(c fiber.Ctx) error {
		h := &c.Response().Header
		for _, kv := range headers {
			h.SetCanonical(kv[0], kv[1]) // the names are written canonically above
		}
		return c.Next()
	}
}
