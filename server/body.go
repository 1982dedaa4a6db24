package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"strings"

	"github.com/gofiber/fiber/v3"

	"drape/internal/shop"
)

// decodeJSON reads the request body into v. It refuses other content types, empty bodies,
// malformed JSON, values of the wrong type and trailing data, each with a message that says
// what is wrong. Unknown fields are ignored: SPEC §7 clients send fields the server recomputes.
func decodeJSON(c fiber.Ctx, v any) error {
	mediaType, _, err := mime.ParseMediaType(c.Get(fiber.HeaderContentType))
	if err != nil || mediaType != fiber.MIMEApplicationJSON {
		return shop.E(shop.Invalid, "Send the request body as JSON (Content-Type: application/json)")
	}
	if enc := c.Get(fiber.HeaderContentEncoding); enc != "" && !strings.EqualFold(enc, "identity") {
		return shop.E(shop.Invalid, "Send the request body uncompressed")
	}
	body := c.Body()
	if len(bytes.TrimSpace(body)) == 0 {
		return shop.E(shop.Invalid, "The request body is empty")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(v); err != nil {
		return jsonProblem(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return shop.E(shop.Invalid, "The request body has data after the JSON value")
	}
	return nil
}

// jsonProblem explains a decoding error in terms of the request.
func jsonProblem(err error) error {
	var syntax *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return shop.E(shop.Invalid, "Malformed JSON at byte %d", syntax.Offset)
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			return shop.E(shop.Invalid, "The request body must be a JSON %s", jsonKind(typeErr.Type.Kind().String()))
		}
		message := fmt.Sprintf("%s must be a %s", field, jsonKind(typeErr.Type.Kind().String()))
		return &shop.Error{Kind: shop.Invalid, Message: message, Fields: map[string]string{field: message}}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return shop.E(shop.Invalid, "Malformed JSON: the body ends too early")
	}
	// Errors from a field's own UnmarshalJSON (shop.Money) are worded for people already.
	return shop.E(shop.Invalid, "Invalid request body: %s", strings.TrimPrefix(err.Error(), "json: "))
}

func jsonKind(goKind string) string {
	switch goKind {
	case "string":
		return "string"
	case "bool":
		return "boolean (true or false)"
	case "slice", "array":
		return "list"
	case "map", "struct":
		return "object"
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
		return "whole number"
	}
	return "number"
}
