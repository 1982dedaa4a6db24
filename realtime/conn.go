package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/lesismal/nbio"
	"github.com/lesismal/nbio/nbhttp/websocket"
)

// Authenticator turns the token of a hello into the connection's user. An error means the
// token is bad. The hub calls it only for a non-empty token: an empty one is a guest.
type Authenticator func(ctx context.Context, token string) (*User, error)

// CloseUnauthorized is the close code of a connection whose hello was missing, late, not a
// hello, or carried a bad token.
const CloseUnauthorized = 4401

// Close codes (RFC 6455 §7.4.1) the hub sends.
const (
	closeNormal          = 1000
	closeGoingAway       = 1001
	closePolicyViolation = 1008
)

// The messages of the protocol; DESIGN.md "Realtime" is the contract.
type (
	clientMessage struct {
		Type   string   `json:"type"` // hello, subscribe, unsubscribe
		Token  string   `json:"token"`
		Topics []string `json:"topics"`
	}
	welcomeMessage struct {
		Type string `json:"type"`
		User *User  `json:"user"`
	}
	subscribedMessage struct {
		Type   string   `json:"type"`
		Topics []string `json:"topics"`
		Denied []string `json:"denied"`
	}
	unsubscribedMessage struct {
		Type   string   `json:"type"`
		Topics []string `json:"topics"`
	}
	errorMessage struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	}
)

// Attach takes over conn, a TCP or Unix socket whose websocket opening handshake has been
// answered (Upgrade does both), and runs it in the background until it closes: it waits for
// the hello, authenticates it with auth, answers subscriptions, and writes the events of the
// granted topics. leftover is what the client sent after its handshake that the HTTP server
// had already read. When ctx ends, or the hub shuts down, the connection is closed with 1001
// (going away). The connection holds a's place in the hub (see Admit) until it closes; a nil
// a holds none.
//
// An idle connection holds no goroutine and no buffer: the process's websocket engine (nbio,
// see engine.go) waits for every idle connection on one goroutine, and a connection's
// messages are handled on a goroutine only while it has some.
func (h *Hub) Attach(ctx context.Context, conn net.Conn, leftover []byte, a *Admission, auth Authenticator) {
	// Field by field, not a composite literal, which writes the whole struct: the engine hands
	// the session to its goroutine through epoll, which the race detector cannot see, and its
	// first touch (locking s.reading) must not meet a plain write.
	s := new(session)
	s.hub, s.auth, s.ctx, s.admission = h, auth, ctx, a
	s.heard.Store(time.Now().UnixNano())
	if !h.add(s) {
		a.Release()
		refuseShuttingDown(conn)
		return
	}
	a.keep()
	eng, err := engine()
	if err != nil {
		_ = conn.Close()
		s.finish(err)
		return
	}
	nbc, err := nbio.NBConn(conn) // a copy of the socket in non-blocking mode; conn is closed
	if err != nil {               // not a socket: a TLS or in-memory connection
		_ = conn.Close()
		s.finish(fmt.Errorf("realtime: the engine cannot watch this connection: %w", err))
		return
	}
	ws := websocket.NewServerConn(h.upgrader, countingConn{Conn: nbc, s: s}, "", false, false)
	ws.Engine = eng
	ws.Execute = nbc.Execute
	ws.SetSession(s)
	nbc.SetSession(ws)
	nbc.OnData(s.read)

	// What the engine reads waits until the leftover went first.
	s.reading.Lock()
	defer s.reading.Unlock()
	if err := eng.AddTransferredConn(nbc); err != nil {
		s.finish(err)
		return
	}
	s.mu.Lock()
	s.ws, s.nbc = ws, nbc
	if s.closing { // closed (by Shutdown or a revocation) before it was attached
		s.advanceLocked()
		s.drainedLocked()
	} else {
		s.pinger = time.AfterFunc(h.opts.PingInterval, s.pingDue)
		s.helloTimer = time.AfterFunc(h.opts.HelloTimeout, s.helloDue)
	}
	s.mu.Unlock()
	stop := context.AfterFunc(ctx, func() { s.close(closeGoingAway, "server shutting down", false) })
	s.mu.Lock()
	s.stopCtx = stop
	finished := s.finished
	s.mu.Unlock()
	if finished {
		stop()
		return
	}
	if len(leftover) > 0 {
		s.parse(nbc, leftover)
	}
}

// refuseShuttingDown closes conn, just upgraded, with 1001 (going away).
func refuseShuttingDown(conn net.Conn) {
	ws := websocket.NewServerConn(websocket.NewUpgrader(), conn, "", false, false)
	_ = conn.SetWriteDeadline(time.Now().Add(time.Second))
	_ = ws.WriteClose(closeGoingAway, "server shutting down")
	_ = conn.Close()
}

// countingConn is the socket as the codec sees it: it counts the bytes handed to the engine
// to write, which the engine reports back as written (session.wrote).
type countingConn struct {
	*nbio.Conn
	s *session
}

// Write hands b to the engine, which writes it now or as soon as the socket takes it.
func (c countingConn) Write(b []byte) (int, error) {
	c.s.handed.Add(int64(len(b)))
	return c.Conn.Write(b)
}

// sessionOf is the session of a connection the engine watches, or nil.
func sessionOf(c *nbio.Conn) *session {
	ws, ok := c.Session().(*websocket.Conn)
	if !ok {
		return nil
	}
	s, _ := ws.Session().(*session)
	return s
}

// newUpgrader is the websocket codec's setup for h's connections: its callbacks find the
// session in the connection.
func newUpgrader(h *Hub) *websocket.Upgrader {
	u := websocket.NewUpgrader()
	u.KeepaliveTime = 0 // the hub pings and times out silent connections itself
	u.MessageLengthLimit = int(h.opts.MaxMessageSize)
	on := func(c *websocket.Conn) *session { s, _ := c.Session().(*session); return s }
	u.OnMessage(func(c *websocket.Conn, kind websocket.MessageType, data []byte) {
		if s := on(c); s != nil {
			s.deliver(kind, data)
		}
	})
	u.SetPingHandler(func(c *websocket.Conn, data string) {
		if s := on(c); s != nil {
			s.pong(data)
		}
	})
	u.SetPongHandler(func(*websocket.Conn, string) {})
	u.SetCloseHandler(func(c *websocket.Conn, code int, _ string) {
		if s := on(c); s != nil {
			s.close(echoedCloseCode(code), "", false)
		}
	})
	u.OnClose(func(c *websocket.Conn, err error) {
		if s := on(c); s != nil {
			s.finish(err)
		}
	})
	return u
}

// session is one connection held by a hub. The engine reads it and hands its messages, one
// at a time, to a goroutine. Everything the session sends is handed to the engine, which
// writes it at once or, when the socket's buffer is full, as soon as the client reads; while
// it holds such a backlog, what else is due waits in the session's bounded queue.
type session struct {
	hub       *Hub
	auth      Authenticator
	ctx       context.Context
	admission *Admission // the connection's place in the hub
	user      *User      // who said hello, nil for a guest; set once (under hub.mu), before any request is handled
	token     string     // the hello's token, to check again (Hub.Recheck); set with user
	topics    []string   // the granted topics; guarded by hub.mu
	removed   bool       // out of the hub: it takes no topic any more; guarded by hub.mu

	greeted atomic.Bool // the first message arrived
	heard   atomic.Int64
	handed  atomic.Int64 // bytes handed to the engine to write
	written atomic.Int64 // bytes the engine wrote to the socket
	backlog atomic.Bool  // some handed bytes were not written at once: the write deadline runs
	reading sync.Mutex   // held while the client's bytes are parsed

	mu         sync.Mutex
	ws         *websocket.Conn // nil until the engine watches the connection
	nbc        *nbio.Conn      // the socket under ws, set with it
	stopCtx    func() bool
	queue      [][]byte    // messages waiting for the backlog to be written
	pinger     *time.Timer // pings every PingInterval
	helloTimer *time.Timer // refuses a client that has not said hello in time
	closing    bool        // nothing more is queued; the close frame follows what must go first
	closeCode  int         // 0: close without a close frame (the client has gone)
	closeText  string
	flush      bool // write the queued messages before the close frame
	closeSent  bool // the close frame was handed to the engine
	finished   bool // the connection is closed and out of the hub
}

// read runs on the engine's goroutine with what the client sent.
func (s *session) read(c *nbio.Conn, data []byte) {
	s.reading.Lock()
	defer s.reading.Unlock()
	s.parse(c, data)
}

func (s *session) parse(c *nbio.Conn, data []byte) {
	s.heard.Store(time.Now().UnixNano())
	if err := s.ws.Parse(data); err != nil {
		// A protocol error: the codec has sent the close frame it calls for, if any.
		_ = c.CloseWithError(err)
	}
}

// deliver handles one message from the client.
func (s *session) deliver(kind websocket.MessageType, payload []byte) {
	if s.isClosing() {
		return
	}
	if !s.greeted.Load() {
		s.greeted.Store(true)
		s.hello(kind, payload)
		return
	}
	s.handle(kind, payload)
}

// echoedCloseCode is the code a close frame answers the client's with: its own, unless that
// may not be sent on the wire.
func echoedCloseCode(code int) int {
	switch {
	case code == 1004, code == 1005, code == 1006, code == 1015, code < closeNormal, code >= 5000:
		return closeNormal
	}
	return code
}

func (s *session) isClosing() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closing
}

// helloDue runs HelloTimeout after the connection opened: a client that said nothing is refused.
func (s *session) helloDue() {
	if !s.greeted.Load() {
		s.refuse(fmt.Sprintf("no hello within %s", s.hub.opts.HelloTimeout))
	}
}

// push sends msg without blocking: it hands it to the engine, or queues it behind the
// engine's backlog. When the queue is full the session is closed (the client is too slow),
// counted as dropped, and push reports true.
func (s *session) push(msg []byte) (dropped bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.closing || s.ws == nil:
		return false
	case !s.backlog.Load():
		s.sendLocked(websocket.TextMessage, msg)
	case len(s.queue) >= s.hub.opts.QueueSize:
		s.closeLocked(closePolicyViolation, "too slow", false)
		s.hub.dropped.Add(1)
		return true
	default:
		s.queue = append(s.queue, msg)
	}
	s.drainedLocked()
	return false
}

// sendLocked hands one frame to the codec. When the engine could not write all of it at
// once, the backlog starts, and with it the write deadline.
func (s *session) sendLocked(kind websocket.MessageType, payload []byte) {
	if s.ws.WriteMessage(kind, payload) != nil {
		return // the connection is closing: the engine's close callback finishes the session
	}
	if !s.backlog.Load() && s.written.Load() != s.handed.Load() {
		s.backlog.Store(true)
		_ = s.ws.SetWriteDeadline(time.Now().Add(s.hub.opts.WriteTimeout))
	}
}

// wrote runs on the engine's goroutine, which holds the connection's lock, when it wrote n
// bytes; the session's own work waits for a goroutine of its own.
func (s *session) wrote(n int) {
	if s.written.Add(int64(n)) == s.handed.Load() && s.backlog.Load() {
		go s.drained()
	}
}

func (s *session) drained() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.drainedLocked()
}

// drainedLocked ends the backlog once the engine has written all of it: the write deadline
// stops, and what waited for it is handed over.
func (s *session) drainedLocked() {
	for s.backlog.Load() && s.written.Load() == s.handed.Load() && !s.finished {
		s.backlog.Store(false)
		_ = s.ws.SetWriteDeadline(time.Time{})
		s.advanceLocked()
	}
}

// advanceLocked hands the engine the queued messages and, when the session is closing, the
// close frame after them; once that is written it closes the connection.
func (s *session) advanceLocked() {
	queue := s.queue
	s.queue = nil
	if !s.closing || s.flush {
		for _, msg := range queue {
			s.sendLocked(websocket.TextMessage, msg)
		}
	}
	if !s.closing || s.backlog.Load() {
		return
	}
	if !s.closeSent && s.closeCode != 0 {
		s.closeSent = true
		if s.ws.WriteClose(s.closeCode, s.closeText) == nil && s.written.Load() != s.handed.Load() {
			s.backlog.Store(true)
			_ = s.ws.SetWriteDeadline(time.Now().Add(s.hub.opts.WriteTimeout))
			return
		}
	}
	s.hangUp() // the engine's close callback finishes the session
}

// hangUp ends the connection from the hub's side. It shuts the socket down and leaves closing
// it to the engine's loop, which sees the hang-up as the end of the stream and closes it there.
// Closing it here instead would free its descriptor number while the loop may still hold an
// event for it, read before the close; a connection accepted meanwhile gets the same number,
// and the engine hands it that stale event and closes it at birth (nbio v1.6.8 keys its
// connections by descriptor number; 1 new connection in a few hundred, in parallel tests).
// Should the loop not close it within hangUpGrace, it is closed here.
func (s *session) hangUp() {
	c := s.nbc
	c.Lock()
	closed, _ := c.IsClosed()
	if !closed { // under the lock, the descriptor is still this connection's
		rc, _ := c.SyscallConn()
		_ = rc.Control(func(fd uintptr) { _ = syscall.Shutdown(int(fd), syscall.SHUT_RDWR) })
	}
	c.Unlock()
	if !closed {
		time.AfterFunc(hangUpGrace, func() { _ = c.Close() })
	}
}

// hangUpGrace is how long a hung-up connection is left to the engine's loop to close.
const hangUpGrace = 5 * time.Second

// close sends a close frame with code and text (none when code is 0) and closes the
// connection, after the queued messages when flush is set. Only the first call counts: it
// reports whether this was it.
func (s *session) close(code int, text string, flush bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closeLocked(code, text, flush)
}

func (s *session) closeLocked(code int, text string, flush bool) bool {
	if s.closing {
		return false
	}
	s.closing, s.closeCode, s.closeText, s.flush = true, code, text, flush
	s.stopTimersLocked()
	switch {
	case s.ws == nil: // Attach goes on once the engine watches the connection
	case code == 0:
		s.hangUp()
	case !s.backlog.Load():
		s.advanceLocked()
		s.drainedLocked()
	}
	return true
}

// pingDue runs on the pinger's timer: a client silent for longer than PongWait is cut off;
// otherwise it is pinged and the timer is rearmed.
func (s *session) pingDue() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return
	}
	if time.Since(time.Unix(0, s.heard.Load())) > s.hub.opts.PongWait {
		s.closeLocked(0, "", false)
		return
	}
	s.sendLocked(websocket.PingMessage, nil)
	s.drainedLocked()
	s.pinger.Reset(s.hub.opts.PingInterval)
}

// pong answers a client's ping with its payload.
func (s *session) pong(data string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.closing {
		s.sendLocked(websocket.PongMessage, []byte(data))
		s.drainedLocked()
	}
}

// stopTimersLocked stops the pinger and the hello timer, which a session closed before it was
// fully attached may not have.
func (s *session) stopTimersLocked() {
	if s.pinger != nil {
		s.pinger.Stop()
		s.helloTimer.Stop()
	}
}

// reply queues a protocol message for the client.
func (s *session) reply(v any) {
	msg, err := json.Marshal(v)
	if err != nil {
		s.hub.opts.Logger.Error("realtime: reply not encodable", "err", err)
		return
	}
	if s.push(msg) {
		s.hub.opts.Logger.Warn("realtime: dropped slow connection", "reason", "queue full on reply")
	}
}

// finish takes the closed connection's session out of the hub. err is why the engine closed
// it, if it knows: a write that timed out on a connection not already closing means the
// client is too slow, and counts as a drop. Only the first call counts.
func (s *session) finish(err error) {
	s.mu.Lock()
	if s.finished {
		s.mu.Unlock()
		return
	}
	alreadyClosing := s.closing
	s.closing, s.finished = true, true
	s.queue = nil
	stop := s.stopCtx
	s.stopTimersLocked()
	s.mu.Unlock()
	switch {
	case err == nil:
	case errors.Is(err, nbio.ErrWriteTimeout) && !alreadyClosing:
		s.hub.dropped.Add(1)
		s.hub.opts.Logger.Warn("realtime: dropped slow connection", "reason", "write timeout")
	default:
		s.hub.opts.Logger.Debug("realtime: connection ended", "err", err)
	}
	if stop != nil {
		stop()
	}
	s.hub.remove(s)
	s.admission.Release()
	s.hub.serving.Done()
}

// hello authenticates the first message and welcomes the client, or refuses it.
func (s *session) hello(kind websocket.MessageType, data []byte) {
	var hello clientMessage
	if kind != websocket.TextMessage || json.Unmarshal(data, &hello) != nil || hello.Type != "hello" {
		s.refuse(`the first message must be {"type":"hello","token":"…"}`)
		return
	}
	var user *User
	if hello.Token != "" {
		if s.auth == nil {
			s.refuse("invalid or expired token")
			return
		}
		authCtx, cancel := context.WithTimeout(s.ctx, s.hub.opts.HelloTimeout)
		defer cancel()
		var err error
		if user, err = s.auth(authCtx, hello.Token); err != nil {
			s.hub.opts.Logger.Debug("realtime: hello refused", "err", err)
			s.refuse("invalid or expired token")
			return
		}
	}
	if user != nil {
		s.token = hello.Token
		if !s.hub.identify(s, user) {
			s.refuse("invalid or expired token")
			return
		}
	}
	s.reply(welcomeMessage{Type: "welcome", User: user})
}

// refuse tells the client why, then closes the connection with CloseUnauthorized.
func (s *session) refuse(reason string) {
	s.reply(errorMessage{Type: "error", Message: reason})
	s.close(CloseUnauthorized, "unauthorized", true)
}

// handle answers one client request after the hello.
func (s *session) handle(kind websocket.MessageType, data []byte) {
	var msg clientMessage
	if kind != websocket.TextMessage || json.Unmarshal(data, &msg) != nil {
		s.reply(errorMessage{Type: "error", Message: "malformed message: expected a JSON object"})
		return
	}
	switch msg.Type {
	case "subscribe":
		granted, denied := s.hub.subscribe(s, msg.Topics)
		s.reply(subscribedMessage{Type: "subscribed", Topics: granted, Denied: denied})
	case "unsubscribe":
		s.reply(unsubscribedMessage{Type: "unsubscribed", Topics: s.hub.unsubscribe(s, msg.Topics)})
	case "hello":
		s.reply(errorMessage{Type: "error", Message: "already welcomed"})
	default:
		s.reply(errorMessage{Type: "error", Message: fmt.Sprintf("unknown message type %q", msg.Type)})
	}
}
