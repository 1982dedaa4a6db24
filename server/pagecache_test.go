package main

import (
	"bytes"
	"io"
	"net/http/httptest"
	"testing"

	"github.com/gofiber/fiber/v3"
)

// countedItem is an element whose encodings are counted.
type countedItem struct {
	name    string
	encoded *int
}

func (c countedItem) MarshalJSON() ([]byte, error) {
	*c.encoded++
	return []byte(`"` + c.name + `"`), nil
}

// TestKeptAnswersAreEncodedOnce: an answer the catalog keeps (a search's, a filtered page's, the
// search box's) is encoded once and sent as the same bytes while it is kept; a new answer under
// the same address is encoded and sent anew.
func TestKeptAnswersAreEncodedOnce(t *testing.T) {
	encoded := 0
	kept := []countedItem{{"navy oxford", &encoded}}
	e := &encodedPages{}
	app := fiber.New(fiber.Config{JSONEncoder: jsonEncode})
	app.Get("/search", func(c fiber.Ctx) error { return e.send(c, "search?q=shirt", &kept[0], fiber.Map{"items": kept}) })
	get := func() []byte {
		t.Helper()
		resp, err := app.Test(httptest.NewRequest("GET", "/search?q=shirt", nil))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != fiber.MIMEApplicationJSONCharsetUTF8 {
			t.Fatalf("%d %s: %s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
		}
		return body
	}
	first := get()
	want, err := jsonEncode(envelope{Code: 200, Success: true, Data: fiber.Map{"items": kept}})
	if err != nil {
		t.Fatal(err)
	}
	encoded = 0
	if !bytes.Equal(first, want) {
		t.Fatalf("sent %s, want %s", first, want)
	}
	for range 3 {
		if again := get(); !bytes.Equal(again, first) {
			t.Fatalf("the kept answer was sent as %s, then %s", first, again)
		}
	}
	if encoded != 0 {
		t.Fatalf("the kept answer was encoded %d more times, want none", encoded)
	}
	kept = []countedItem{{"white poplin", &encoded}} // computed anew
	if got := get(); !bytes.Contains(got, []byte("white poplin")) || encoded != 1 {
		t.Fatalf("the new answer was encoded %d times and sent as %s", encoded, got)
	}
}
