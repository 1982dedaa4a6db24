package realtime

import (
	"bytes"
	"context"
	"crypto/sha1"
	"encoding/base64"
	"errors"
	"net"
	"time"

	"github.com/valyala/fasthttp"
)

// ErrNotWebsocket is returned by Upgrade for a request that is not a websocket opening
// handshake (RFC 6455 §4.2.1): the server answers 426 Upgrade Required.
var ErrNotWebsocket = errors.New("this address speaks websocket only: open it with a websocket client")

// ErrBadHandshake is returned by Upgrade for a websocket handshake that is malformed (a
// missing or invalid key, or a version other than 13): the server answers 400.
var ErrBadHandshake = errors.New("malformed websocket handshake: a Sec-WebSocket-Key and Sec-WebSocket-Version 13 are required")

// IsUpgrade reports whether rc asks for a websocket (a GET with Connection: upgrade and
// Upgrade: websocket).
func IsUpgrade(rc *fasthttp.RequestCtx) bool {
	return rc.IsGet() &&
		headerHasToken(rc.Request.Header.Peek(fasthttp.HeaderConnection), "upgrade") &&
		headerHasToken(rc.Request.Header.Peek(fasthttp.HeaderUpgrade), "websocket")
}

// Upgrade answers the websocket opening handshake in rc with 101 Switching Protocols and,
// once fasthttp has sent it, attaches the connection to h (see Attach) in a's place. It
// refuses, writing nothing and releasing a, with ErrNotWebsocket or ErrBadHandshake. No
// extension or subprotocol is agreed.
//
// The fasthttp server must keep hijacked connections (fasthttp.Server.KeepHijackedConns):
// the hub, not the HTTP server, closes them, and no goroutine waits on an idle one.
func (h *Hub) Upgrade(ctx context.Context, rc *fasthttp.RequestCtx, a *Admission, auth Authenticator) error {
	if !IsUpgrade(rc) {
		a.Release()
		return ErrNotWebsocket
	}
	key := rc.Request.Header.Peek("Sec-WebSocket-Key")
	if decoded, err := base64.StdEncoding.DecodeString(string(key)); err != nil || len(decoded) != 16 ||
		string(rc.Request.Header.Peek("Sec-WebSocket-Version")) != "13" {
		a.Release()
		return ErrBadHandshake
	}
	rc.SetStatusCode(fasthttp.StatusSwitchingProtocols)
	rc.Response.Header.Set(fasthttp.HeaderUpgrade, "websocket")
	rc.Response.Header.Set(fasthttp.HeaderConnection, "Upgrade")
	rc.Response.Header.Set("Sec-WebSocket-Accept", acceptKey(key))
	conn := rc.Conn()
	rc.Hijack(func(hijacked net.Conn) {
		h.Attach(ctx, conn, alreadyRead(hijacked), a, auth)
	})
	return nil
}

// acceptKey is the Sec-WebSocket-Accept answering key (RFC 6455 §4.2.2).
func acceptKey(key []byte) string {
	sum := sha1.Sum(append(append([]byte(nil), key...), "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"...))
	return base64.StdEncoding.EncodeToString(sum[:])
}

// alreadyRead returns the bytes the HTTP server read past the handshake (a client that sent
// its hello without waiting for the 101), which only the hijacked connection's reader holds.
// A read with a deadline in the past returns those, and never waits for the network.
func alreadyRead(hijacked net.Conn) []byte {
	if hijacked.SetReadDeadline(time.Unix(1, 0)) != nil {
		return nil
	}
	defer func() { _ = hijacked.SetReadDeadline(time.Time{}) }()
	var got []byte
	buf := make([]byte, 512)
	for len(got) < 1<<16 {
		n, err := hijacked.Read(buf)
		got = append(got, buf[:n]...)
		if err != nil || n == 0 {
			break
		}
	}
	return got
}

// headerHasToken reports whether a comma-separated header value holds token, ignoring case.
func headerHasToken(value []byte, token string) bool {
	for part := range bytes.SplitSeq(value, []byte(",")) {
		if bytes.EqualFold(bytes.TrimSpace(part), []byte(token)) {
			return true
		}
	}
	return false
}
