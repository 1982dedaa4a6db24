package main

import (
	"net/http"

	"github.com/gofiber/fiber/v3"
)

// envelope is the shape of every API answer (DESIGN.md "The wire contract"): the HTTP status
// repeated in code, success, a message for people, the data, and per-field errors on a
// validation failure.
type envelope struct {
	Code    int               `json:"code"`
	Success bool              `json:"success"`
	Message string            `json:"message"`
	Data    any               `json:"data"`
	Errors  map[string]string `json:"errors,omitempty"`
}

// ok answers 200 with data.
func ok(c fiber.Ctx, message string, data any) error {
	return c.Status(http.StatusOK).JSON(envelope{Code: http.StatusOK, Success: true, Message: message, Data: data})
}

// created answers 201: the request made something new.
func created(c fiber.Ctx, message string, data any) error {
	return c.Status(http.StatusCreated).JSON(envelope{Code: http.StatusCreated, Success: true, Message: message, Data: data})
}

// accepted answers 202: the request was taken and will be acted on.
func accepted(c fiber.Ctx, message string) error {
	return c.Status(http.StatusAccepted).JSON(envelope{Code: http.StatusAccepted, Success: true, Message: message})
}
