package main

import (
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
