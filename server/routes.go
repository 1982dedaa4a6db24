package main

import (
	"github.com/gofiber/fiber/v3"
)

// routes is every route of the server on one screen. Paths under /api follow SPEC §7 exactly;
// everything the spec leaves unnamed is documented in openapi.yaml.
func (s *server) routes(app *fiber.App) {
	app.Get("/healthz", s.healthz)
	app.Get("/readyz", s.readyz)

	app.Get("/uploads/:kind/:file", s.upload)
	app.Get("/static/:file", s.static)

	api := app.Group("/api")
	api.Get("/openapi.yaml", s.openAPI)

	api.Get("/getcategory", s.getCategories)
	api.Get("/getproduct", s.getProducts)
	api.Get("/getproduct/:id", s.getProduct)
	api.Get("/products/search", s.searchProducts)
	api.Get("/getsale", s.getSales)
	api.Get("/getcms", s.getCMS)

	api.Get("/ws", s.websocketGate, s.websocket())
	api.Post("/client-errors", s.rateLimit("client-errors", 30), s.reportClientError)
	api.Use(s.apiNotFound)

	app.Get("/*", s.client.serve)
}
