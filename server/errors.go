package main

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gofiber/fiber/v3"

	"drape/internal/shop"
)

// statusOf is the one map from error kinds to HTTP statuses.
var statusOf = map[shop.Kind]int{
	shop.Internal:     http.StatusInternalServerError,
	shop.Invalid:      http.StatusBadRequest,
	shop.Unauthorized: http.StatusUnauthorized,
	shop.Forbidden:    http.StatusForbidden,
	shop.NotFound:     http.StatusNotFound,
	shop.Conflict:     http.StatusConflict,
	shop.TooMany:      http.StatusTooManyRequests,
	shop.Unavailable:  http.StatusServiceUnavailable,
	shop.TooLarge:     http.StatusRequestEntityTooLarge,
}

// fiberMessages words Fiber's own errors (routing, body limit, timeouts) for shoppers.
var fiberMessages = map[int]string{
	http.StatusNotFound:                    "Not found",
	http.StatusMethodNotAllowed:            "Method not allowed",
	http.StatusRequestEntityTooLarge:       "Request body is too large",
	http.StatusRequestHeaderFieldsTooLarge: "Request headers are too large",
	http.StatusRequestTimeout:              "Request timed out",
	http.StatusUpgradeRequired:             "This address takes websocket connections only",
}

// internalMessage is all a client learns about a fault of ours.
const internalMessage = "Something went wrong"

// errorHandler is the ONE place errors become HTTP answers: every handler, middleware and
// Fiber itself ends here. Faults of ours are logged with the request id and answered 500
// with a generic message; internals never leak.
func errorHandler(log *slog.Logger) fiber.ErrorHandler {
	return func(c fiber.Ctx, err error) error {
		status, body := errorAnswer(err)
		if status >= 500 {
			id := requestID(c)
			if status == http.StatusInternalServerError {
				log.Error("request failed", "request_id", id, "method", c.Method(), "path", c.Path(), "err", err)
			} else {
				log.Warn("request could not be served", "request_id", id, "method", c.Method(), "path", c.Path(), "err", err)
			}
			body.Data = fiber.Map{"requestId": id}
		}
		return c.Status(status).JSON(body)
	}
}

// errorAnswer is the status and envelope for err.
func errorAnswer(err error) (int, envelope) {
	var se *shop.Error
	if errors.As(err, &se) {
		status := statusOf[se.Kind]
		message := se.Message
		if se.Kind == shop.Internal {
			message = internalMessage
		}
		return status, envelope{Code: status, Message: message, Data: se.Data, Errors: se.Fields}
	}
	var fe *fiber.Error
	if errors.As(err, &fe) && fe.Code >= 400 && fe.Code < 500 {
		message := fiberMessages[fe.Code]
		if message == "" {
			message = fe.Message
		}
		return fe.Code, envelope{Code: fe.Code, Message: message}
	}
	return http.StatusInternalServerError, envelope{Code: http.StatusInternalServerError, Message: internalMessage}
}
