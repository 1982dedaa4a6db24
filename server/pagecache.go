package main

import (
	"sync"

	"github.com/gofiber/fiber/v3"

	"drape/internal/catalog"
)

// encodedPages remembers the encoded answer for each page the catalog serves from memory: a
// listing page from its cache, a search's, a filtered listing's or the search box's kept
// answer. The catalog hands out the same value until it computes it anew, so an answer is
// reused exactly while its value is: identity of its first element, not time, decides (the
// kept element keeps its address from being reused). This saves encoding twelve products for
// every request of a busy page.
type encodedPages struct {
	mu      sync.Mutex
	answers map[string]encodedPage
}

type encodedPage struct {
	first any // a pointer to the value's first element
	body  []byte
}

const encodedPagesMax = 10_000

// answer sends the envelope for page p of the request's listing, encoding it only when the
// page is new.
func (e *encodedPages) answer(c fiber.Ctx, key string, p catalog.ProductPage) error {
	if len(p.Items) == 0 {
		return answerPage(c, p)
	}
	return e.send(c, key, &p.Items[0], pageAnswer(p))
}

// send sends the envelope of data, the value whose first element first points to, encoding
// it only when it is not the value last sent for key. first must be nil for a value with no
// element (it is then encoded every time).
func (e *encodedPages) send(c fiber.Ctx, key string, first, data any) error {
	if first == nil {
		return ok(c, "", data)
	}
	e.mu.Lock()
	cached, found := e.answers[key]
	e.mu.Unlock()
	if found && cached.first == first {
		c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
		return c.Status(fiber.StatusOK).Send(cached.body)
	}
	body, err := jsonEncode(envelope{Code: fiber.StatusOK, Success: true, Data: data})
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
