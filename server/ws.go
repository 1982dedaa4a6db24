package main

import (
	"context"
	"slices"

	"github.com/gofiber/fiber/v3"

	"drape/internal/account"
	"drape/internal/shop"
	"drape/realtime"
)

// websocketGate refuses, before the upgrade, requests that are not websocket handshakes (426)
// and browsers from origins other than the shop's own (403).
func (s *server) websocketGate(c fiber.Ctx) error {
	if !realtime.IsUpgrade(c.RequestCtx()) {
		return fiber.ErrUpgradeRequired
	}
	if origin := c.Get(fiber.HeaderOrigin); origin != "" && !slices.Contains(s.cfg.AllowedOrigins, normalOrigin(origin)) {
		return shop.E(shop.Forbidden, "Origin %s may not open a live connection", origin)
	}
	return c.Next()
}

// websocket answers the handshake and hands the connection to the hub, which runs the
// hello/subscribe protocol. The hub keeps the connection without a goroutine while it is idle
// (the app keeps hijacked connections open for it: see newApp).
func (s *server) websocket(c fiber.Ctx) error {
	if err := s.hub.Upgrade(context.Background(), c.RequestCtx(), s.authenticateSocket); err != nil {
		return shop.E(shop.Invalid, "%s", err.Error())
	}
	return nil
}

// authenticateSocket turns a hello token into the connection's user: a shopper's token, or a
// back-office token (which may subscribe to the admin topics). A guest sends no token.
func (s *server) authenticateSocket(ctx context.Context, token string) (*realtime.User, error) {
	if token == "" {
		return nil, nil
	}
	who, err := s.accounts.Authenticate(ctx, token, account.AudienceShop)
	if err != nil {
		var adminErr error
		if who, adminErr = s.accounts.Authenticate(ctx, token, account.AudienceAdmin); adminErr != nil {
			return nil, err
		}
	}
	role := realtime.RoleUser
	if who.Audience == account.AudienceAdmin {
		role = who.Role
	}
	return &realtime.User{ID: who.UserID, Role: role}, nil
}
