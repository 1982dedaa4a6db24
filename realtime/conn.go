package realtime

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"sync"
	"time"
)

// Conn is the part of a websocket connection the hub uses. The *websocket.Conn of
// github.com/gofiber/contrib/v3/websocket (and of github.com/fasthttp/websocket) satisfies it.
// The hub reads from one goroutine (the one calling Serve) and writes from one goroutine at a
// time; only Close is called from elsewhere, as those packages allow.
type Conn interface {
	ReadMessage() (messageType int, p []byte, err error)
	WriteMessage(messageType int, data []byte) error
	WriteControl(messageType int, data []byte, deadline time.Time) error
	SetReadDeadline(t time.Time) error
	SetWriteDeadline(t time.Time) error
	SetPongHandler(h func(appData string) error)
	SetReadLimit(limit int64)
	Close() error
}

// Authenticator turns the token of a hello into the connection's user. An error means the
// token is bad. Serve calls it only for a non-empty token: an empty one is a guest.
type Authenticator func(ctx context.Context, token string) (*User, error)

// CloseUnauthorized is the close code of a connection whose hello was missing, late, not a
// hello, or carried a bad token.
const CloseUnauthorized = 4401

// Websocket frame types and close codes (RFC 6455) the hub sends.
const (
	textMessage  = 1
	closeMessage = 8
	pingMessage  = 9

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

// Serve runs one websocket connection until it closes: it waits for the hello, authenticates
// it with auth, answers subscriptions, and writes the events of the granted topics. The
// server's websocket handler calls it after the handshake (and the Origin check). When ctx
// ends, or the hub shuts down, the connection is closed with 1001 (going away).
func (h *Hub) Serve(ctx context.Context, ws Conn, auth Authenticator) {
	s := &session{hub: h, ws: ws, finished: make(chan struct{})}
	s.mu.Lock()
	s.pinger = time.AfterFunc(h.opts.PingInterval, s.pingDue)
	s.mu.Unlock()
	if !h.add(s) {
		s.close(closeGoingAway, "server shutting down", false)
		<-s.finished
		return
	}
	stop := context.AfterFunc(ctx, func() { s.close(closeGoingAway, "server shutting down", false) })

	s.readLoop(ctx, auth)

	stop()
	h.remove(s)
	s.close(closeNormal, "", false)
	<-s.finished
	h.serving.Done()
}

// session is one connection held by a hub. Its reader runs in Serve. Everything it sends goes
// through its bounded queue to a writer goroutine that runs only while there is something to
// write (messages, a ping, the close), so an idle connection costs one goroutine, not two.
type session struct {
	hub    *Hub
	ws     Conn
	user   *User    // who said hello, nil for a guest; set once, before any request is handled
	topics []string // the granted topics; guarded by hub.mu

	finished chan struct{} // closed once the network connection is closed and no writer runs

	mu        sync.Mutex
	queue     [][]byte
	ping      bool        // a ping is due
	pinger    *time.Timer // sets ping every PingInterval
	writing   bool        // a writer runs; it stays set after the writer finished the connection
	closing   bool        // nothing more is queued; the writer sends the close frame and finishes
	closeCode int
	closeText string
	flush     bool // write the queued messages before the close frame
}

// push queues msg for the writer without blocking. When the queue is full the session is
// closed (the client is too slow), counted as dropped, and push reports true.
func (s *session) push(msg []byte) (dropped bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return false
	}
	if len(s.queue) >= s.hub.opts.QueueSize {
		s.closeLocked(closePolicyViolation, "too slow", false)
		s.hub.dropped.Add(1)
		return true
	}
	s.queue = append(s.queue, msg)
	s.startWriterLocked()
	return false
}

// close has the writer send a close frame with code and text and close the connection, after
// the queued messages when flush is set. Only the first call counts.
func (s *session) close(code int, text string, flush bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closeLocked(code, text, flush)
}

func (s *session) closeLocked(code int, text string, flush bool) {
	if s.closing {
		return
	}
	s.closing, s.closeCode, s.closeText, s.flush = true, code, text, flush
	s.pinger.Stop()
	s.startWriterLocked()
}

// pingDue runs on the pinger's timer: it asks the writer for a ping and rearms the timer.
func (s *session) pingDue() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return
	}
	s.ping = true
	s.startWriterLocked()
	s.pinger.Reset(s.hub.opts.PingInterval)
}

func (s *session) startWriterLocked() {
	if !s.writing {
		s.writing = true
		go s.writeLoop()
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

// writeLoop is the only goroutine writing to s.ws. It writes what is due until nothing is,
// then ends; when the session is closing it sends the close frame and finishes the connection.
func (s *session) writeLoop() {
	o := &s.hub.opts
	var batch [][]byte
	for {
		s.mu.Lock()
		if len(s.queue) == 0 && !s.ping && !s.closing {
			s.writing = false
			s.queue = nil
			s.mu.Unlock()
			return
		}
		batch, s.queue = s.queue, batch[:0]
		ping := s.ping
		s.ping = false
		closing, code, text, flush := s.closing, s.closeCode, s.closeText, s.flush
		s.mu.Unlock()

		if ping && !closing {
			if err := s.ws.WriteControl(pingMessage, nil, time.Now().Add(o.WriteTimeout)); err != nil {
				s.finish(err)
				return
			}
		}
		if !closing || flush {
			for _, msg := range batch {
				_ = s.ws.SetWriteDeadline(time.Now().Add(o.WriteTimeout))
				if err := s.ws.WriteMessage(textMessage, msg); err != nil {
					s.finish(err)
					return
				}
			}
		}
		clear(batch)
		if closing {
			_ = s.ws.WriteControl(closeMessage, closePayload(code, text), time.Now().Add(o.WriteTimeout))
			s.finish(nil)
			return
		}
	}
}

// finish closes the network connection, which ends the reader, and marks the session
// finished. err is the write error that ended it, if any: a timed-out write on a connection
// not already closing means the client is too slow, and counts as a drop.
func (s *session) finish(err error) {
	s.mu.Lock()
	alreadyClosing := s.closing
	s.closing = true
	s.queue = nil
	s.pinger.Stop()
	s.mu.Unlock()
	switch {
	case err == nil:
	case isTimeout(err) && !alreadyClosing:
		s.hub.dropped.Add(1)
		s.hub.opts.Logger.Warn("realtime: dropped slow connection", "reason", "write timeout")
	default:
		s.hub.opts.Logger.Debug("realtime: write failed", "err", err)
	}
	_ = s.ws.Close()
	close(s.finished)
}

// readLoop reads the hello and then the client's requests until the connection fails. The
// reader's goroutine lives as long as the connection, and a stack, once grown, does not
// shrink back while it is this deep; so the stack-hungry work (JSON, authentication, replies)
// runs on a short-lived goroutine and the idle reader keeps a small stack.
func (s *session) readLoop(ctx context.Context, auth Authenticator) {
	o := &s.hub.opts
	s.ws.SetReadLimit(o.MaxMessageSize)
	_ = s.ws.SetReadDeadline(time.Now().Add(o.HelloTimeout))
	kind, data, err := s.ws.ReadMessage()
	if err != nil {
		if isTimeout(err) {
			onFreshStack(func() { s.refuse(fmt.Sprintf("no hello within %s", o.HelloTimeout)) })
		}
		return
	}
	welcomed := false
	onFreshStack(func() { welcomed = s.hello(ctx, auth, kind, data) })
	if !welcomed {
		return
	}

	_ = s.ws.SetReadDeadline(time.Now().Add(o.PongWait))
	s.ws.SetPongHandler(func(string) error { return s.ws.SetReadDeadline(time.Now().Add(o.PongWait)) })
	for {
		kind, data, err := s.ws.ReadMessage()
		if err != nil {
			return
		}
		onFreshStack(func() { s.handle(kind, data) })
	}
}

// hello authenticates the first message and welcomes the client, or refuses it. It reports
// whether the client was welcomed.
func (s *session) hello(ctx context.Context, auth Authenticator, kind int, data []byte) bool {
	var hello clientMessage
	if kind != textMessage || json.Unmarshal(data, &hello) != nil || hello.Type != "hello" {
		s.refuse(`the first message must be {"type":"hello","token":"…"}`)
		return false
	}
	var user *User
	if hello.Token != "" {
		if auth == nil {
			s.refuse("invalid or expired token")
			return false
		}
		authCtx, cancel := context.WithTimeout(ctx, s.hub.opts.HelloTimeout)
		defer cancel()
		var err error
		if user, err = auth(authCtx, hello.Token); err != nil {
			s.hub.opts.Logger.Debug("realtime: hello refused", "err", err)
			s.refuse("invalid or expired token")
			return false
		}
	}
	s.user = user
	s.reply(welcomeMessage{Type: "welcome", User: user})
	return true
}

// refuse tells the client why, then closes the connection with CloseUnauthorized.
func (s *session) refuse(reason string) {
	s.reply(errorMessage{Type: "error", Message: reason})
	s.close(CloseUnauthorized, "unauthorized", true)
}

// handle answers one client request after the hello.
func (s *session) handle(kind int, data []byte) {
	var msg clientMessage
	if kind != textMessage || json.Unmarshal(data, &msg) != nil {
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

// closePayload is the body of a close frame: the code, big-endian, then the reason.
func closePayload(code int, reason string) []byte {
	payload := binary.BigEndian.AppendUint16(make([]byte, 0, 2+len(reason)), uint16(code))
	return append(payload, reason...)
}

// onFreshStack runs f on a new goroutine and waits for it, so that the stack f needs is freed
// when f returns instead of staying with the caller.
func onFreshStack(f func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	<-done
}

func isTimeout(err error) bool {
	var netErr net.Error
	return errors.As(err, &netErr) && netErr.Timeout()
}
