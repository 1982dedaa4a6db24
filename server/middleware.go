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
// give up when it expires, instead of holding a pool connection behind a stuck query.
func withDeadline(d time.Duration) fiber.Handler {
	return func(c fiber.Ctx) error {
		ctx, cancel := context.WithTimeout(c.Context(), d)
		defer cancel()
		c.SetContext(ctx)
		return c.Next()
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

// withSecurityHeaders sets the headers every answer carries.
func withSecurityHeaders(csp string) fiber.Handler {
	return func(c fiber.Ctx) error {
		c.Set("X-Content-Type-Options", "nosniff")
		c.Set("X-Frame-Options", "DENY")
		c.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		c.Set("Cross-Origin-Opener-Policy", "same-origin-allow-popups")
		c.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
		c.Set("Content-Security-Policy", csp)
		return c.Next()
	}
}
