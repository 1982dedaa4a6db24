package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"

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
// (the app keeps hijacked connections open for it: see newApp). A handshake beyond the caps
// (WS_MAX_CONNECTIONS_PER_ADDRESS from the client's address: 429; WS_MAX_CONNECTIONS on this
// server: 503) is refused before the upgrade, and counted.
func (s *server) websocket(c fiber.Ctx) error {
	// The hub keeps the address for the connection's life: a copy, as Fiber's strings live
	// in buffers it reuses for the next request.
	admission, err := s.hub.Admit(strings.Clone(c.IP()))
	switch {
	case errors.Is(err, realtime.ErrAddressFull):
		s.metrics.socketsRefused.WithLabelValues("address").Inc()
		c.Set(fiber.HeaderRetryAfter, "10")
		return shop.E(shop.TooMany, "%s", err.Error())
	case err != nil:
		s.metrics.socketsRefused.WithLabelValues("server").Inc()
		c.Set(fiber.HeaderRetryAfter, "10")
		return shop.E(shop.Unavailable, "%s", err.Error())
	}
	if err := s.hub.Upgrade(context.Background(), c.RequestCtx(), admission, s.authenticateSocket); err != nil {
		return shop.E(shop.Invalid, "%s", err.Error())
	}
	return nil
}

// newHub is the hub of a server configured by cfg.
func newHub(cfg Config, log *slog.Logger) *realtime.Hub {
	return realtime.NewHub(realtime.Options{Logger: log, MaxConnections: cfg.LiveSockets, MaxConnectionsPerAddress: cfg.LiveSocketsPerAddress})
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
			if unsure(err) || unsure(adminErr) {
				return nil, fmt.Errorf("%w: %w", realtime.ErrCannotAuthenticate, errors.Join(err, adminErr))
			}
			return nil, err
		}
	}
	role := realtime.RoleUser
	if who.Audience == account.AudienceAdmin {
		role = who.Role
	}
	return &realtime.User{ID: who.UserID, Role: role, TokenID: who.TokenID, TokenVersion: who.TokenVersion}, nil
}

// unsure reports whether an error of Authenticate leaves open whether the token works (the
// database did not answer), rather than saying it does not.
func unsure(err error) bool {
	return !shop.Is(err, shop.Unauthorized) && !shop.Is(err, shop.Forbidden)
}
