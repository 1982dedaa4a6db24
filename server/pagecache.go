package main

import (
	"sync"

	"github.com/gofiber/fiber/v3"

	"drape/internal/catalog"
)

// encodedPages remembers the encoded answer for each listing page the catalog serves from its
// cache. The catalog hands out the same page value until it reloads it, so an answer is reused
// exactly while its page is: identity of the first product, not time, decides. This saves
// encoding twelve products for every request of a busy listing.
type encodedPages struct {
	mu      sync.Mutex
	answers map[string]encodedPage
}

type encodedPage struct {
	first *catalog.Product
	body  []byte
}

const encodedPagesMax = 10_000

// answer sends the envelope for page p of the request's listing, encoding it only when the
// page is new.
func (e *encodedPages) answer(c fiber.Ctx, key string, p catalog.ProductPage) error {
	if len(p.Items) == 0 {
		return answerPage(c, p)
	}
	first := &p.Items[0]
	e.mu.Lock()
	cached, ok := e.answers[key]
	e.mu.Unlock()
	if ok && cached.first == first {
		c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
		return c.Status(fiber.StatusOK).Send(cached.body)
	}
	body, err := jsonEncode(envelope{Code: fiber.StatusOK, Success: true, Data: pageAnswer(p)})
	if err != nil {
		return err
	}
	e.mu.Lock()
	if e.answers == nil || len(e.answers) >= encodedPagesMax {
		e.answers = map[string]encodedPage{}
	}
	e.answers[key] = encodedPage{first: first, body: body}
	e.mu.Unlock()
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
	return c.Status(fiber.StatusOK).Send(body)
}
