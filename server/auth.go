package main

import (
	"strings"

	"github.com/gofiber/fiber/v3"

	"drape/internal/account"
	"drape/internal/shop"
)

type callerKey struct{}

// bearer is the token of an Authorization: Bearer header, or "".
func bearer(c fiber.Ctx) string {
	h := c.Get(fiber.HeaderAuthorization)
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

// requireUser lets through requests with a valid shopper token (SPEC §6: customer calls carry
// the user token as a Bearer header); the caller is in caller(c).
func (s *server) requireUser(c fiber.Ctx) error {
	return s.authenticate(c, account.AudienceShop)
}

// requireStaff lets through requests with a valid back-office token (staff or admin).
func (s *server) requireStaff(c fiber.Ctx) error {
	return s.authenticate(c, account.AudienceAdmin)
}

// requireAdmin lets through admins only: staff get 403.
func (s *server) requireAdmin(c fiber.Ctx) error {
	if err := s.authenticateOnly(c, account.AudienceAdmin); err != nil {
		return err
	}
	if caller(c).Role != account.RoleAdmin {
		return shop.E(shop.Forbidden, "Only an admin can do this")
	}
	return c.Next()
}

func (s *server) authenticate(c fiber.Ctx, aud string) error {
	if err := s.authenticateOnly(c, aud); err != nil {
		return err
	}
	return c.Next()
}

func (s *server) authenticateOnly(c fiber.Ctx, aud string) error {
	token := bearer(c)
	if token == "" {
		return shop.E(shop.Unauthorized, "Please login first")
	}
	who, err := s.accounts.Authenticate(c.Context(), token, aud)
	if err != nil {
		return err
	}
	c.Locals(callerKey{}, who)
	return nil
}

// caller is who made an authenticated request.
func caller(c fiber.Ctx) account.Caller {
	who, _ := c.Locals(callerKey{}).(account.Caller)
	return who
}
