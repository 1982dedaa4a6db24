package main

import (
	"context"
	_ "embed"
	"net/http"
	"time"

	"github.com/gofiber/fiber/v3"

	"drape/internal/shop"
)

// healthz says the process is up; it checks nothing else.
func (s *server) healthz(c fiber.Ctx) error {
	return ok(c, "up", fiber.Map{"status": "up"})
}

// readyz says whether this server can serve: PostgreSQL and Redis answer and it is not
// shutting down. Balancers send traffic only to ready servers.
func (s *server) readyz(c fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.Context(), 2*time.Second)
	defer cancel()
	checks := fiber.Map{"postgres": "ok", "redis": "ok"}
	ready := true
	if err := s.pool.Ping(ctx); err != nil {
		checks["postgres"], ready = "unreachable", false
	}
	if err := s.redis.Ping(ctx).Err(); err != nil {
		checks["redis"], ready = "unreachable", false
	}
	if s.draining.Load() {
		checks["server"], ready = "shutting down", false
	}
	if !ready {
		return c.Status(http.StatusServiceUnavailable).JSON(envelope{
			Code: http.StatusServiceUnavailable, Message: "not ready", Data: checks})
	}
	return ok(c, "ready", checks)
}

//go:embed openapi.yaml
var openAPISpec []byte

// openAPI serves the description of every route the spec leaves unnamed (and of the rest).
func (s *server) openAPI(c fiber.Ctx) error {
	c.Set(fiber.HeaderContentType, "application/yaml; charset=utf-8")
	c.Set(fiber.HeaderCacheControl, "no-cache")
	return c.Send(openAPISpec)
}

// apiNotFound answers every unknown /api path with the envelope, never the SPA.
func (s *server) apiNotFound(c fiber.Ctx) error {
	return shop.E(shop.NotFound, "No such API endpoint: %s %s", c.Method(), c.Path())
}
