package main

import (
	"context"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/gofiber/fiber/v3"

	"drape/internal/shop"
)

// clientError is what the client's error page reports when a page crashes in a browser.
type clientError struct {
	Message string `json:"message"`
	Stack   string `json:"stack"`
	URL     string `json:"url"`
}

// reportClientError logs a crash the client saw, so the shop owner learns about errors that
// happen only in shoppers' browsers.
func (s *server) reportClientError(c fiber.Ctx) error {
	var in clientError
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	p := shop.Problems{}
	p.Check(in.Message == "", "message", "message is required")
	p.Check(utf8.RuneCountInString(in.Message) > 2000, "message", "message must be at most 2000 characters")
	p.Check(utf8.RuneCountInString(in.Stack) > 8000, "stack", "stack must be at most 8000 characters")
	p.Check(utf8.RuneCountInString(in.URL) > 2000, "url", "url must be at most 2000 characters")
	if err := p.Err(); err != nil {
		return err
	}
	s.log.Warn("client error", "request_id", requestID(c), "message", in.Message, "stack", in.Stack,
		"url", in.URL, "user_agent", c.Get(fiber.HeaderUserAgent), "ip", c.IP())
	return accepted(c, "Thanks, the error was reported")
}

// rateLimit allows limit requests a minute per client IP for the named endpoint, counted in
// Redis so that every server shares the count. When Redis is down the request is let through:
// a limiter must not take the shop down with it.
func (s *server) rateLimit(name string, limit int64) fiber.Handler {
	return func(c fiber.Ctx) error {
		window := time.Now().Unix() / 60
		key := "ratelimit:" + name + ":" + c.IP() + ":" + strconv.FormatInt(window, 10)
		ctx, cancel := context.WithTimeout(c.Context(), 500*time.Millisecond)
		defer cancel()
		pipe := s.redis.TxPipeline()
		count := pipe.Incr(ctx, key)
		pipe.Expire(ctx, key, 2*time.Minute)
		if _, err := pipe.Exec(ctx); err == nil && count.Val() > limit {
			c.Set(fiber.HeaderRetryAfter, strconv.FormatInt(60-time.Now().Unix()%60, 10))
			return shop.E(shop.TooMany, "Too many requests. Please wait a minute and try again.")
		}
		return c.Next()
	}
}
