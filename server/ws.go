package main

import (
	"context"
	"slices"
	"sync"

	"github.com/gofiber/contrib/v3/websocket"
	"github.com/gofiber/fiber/v3"

	"drape/internal/account"
	"drape/internal/shop"
	"drape/realtime"
)

// websocketGate refuses, before the upgrade, requests that are not websocket handshakes and
// browsers from origins other than the shop's own (403).
func (s *server) websocketGate(c fiber.Ctx) error {
	if !websocket.IsWebSocketUpgrade(c) {
		return fiber.ErrUpgradeRequired
	}
	if origin := c.Get(fiber.HeaderOrigin); origin != "" && !slices.Contains(s.cfg.AllowedOrigins, normalOrigin(origin)) {
		return shop.E(shop.Forbidden, "Origin %s may not open a live connection", origin)
	}
	return c.Next()
}

// websocket hands an upgraded connection to the hub, which runs the hello/subscribe protocol.
func (s *server) websocket() fiber.Handler {
	return websocket.New(func(conn *websocket.Conn) {
		s.hub.Serve(context.Background(), conn, s.authenticateSocket)
	}, websocket.Config{ReadBufferSize: 1024, WriteBufferSize: 1024, WriteBufferPool: websocketWriteBuffers})
}

// websocketWriteBuffers lends write buffers to sockets only while they write, so that idle
// sockets (most of them) hold none.
var websocketWriteBuffers = &sync.Pool{}

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
