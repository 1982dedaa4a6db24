package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// Authenticator turns the token of a hello into the connection's user. An error means the
// token is bad. The hub calls it only for a non-empty token: an empty one is a guest.
type Authenticator func(ctx context.Context, token string) (*User, error)

// CloseUnauthorized is the close code of a connection whose hello was missing, late, not a
// hello, or carried a bad token.
const CloseUnauthorized = 4401

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

// Attach takes over conn, a websocket connection whose opening handshake has been answered
// (Upgrade does both), and runs it in the background until it closes: it waits for the hello,
// authenticates it with auth, answers subscriptions, and writes the events of the granted
// topics. leftover is what the client sent after its handshake that the HTTP server had
// already read. When ctx ends, or the hub shuts down, the connection is closed with 1001
// (going away). The connection holds a's place in the hub (see Admit) until it closes; a nil a
// holds none.
//
// An idle connection holds no goroutine and no buffer: on Linux one goroutine per hub waits
// (epoll) for every idle connection, and a connection gets a goroutine only while it has
// something to read or to write.
func (h *Hub) Attach(ctx context.Context, conn net.Conn, leftover []byte, a *Admission, auth Authenticator) {
	s := &session{hub: h, conn: conn, auth: auth, ctx: ctx, admission: a}
	s.in.limit = int(h.opts.MaxMessageSize)
	s.heard.Store(time.Now().UnixNano())
	if !h.add(s) {
		a.Release()
		_ = conn.SetWriteDeadline(time.Now().Add(time.Second))
		payload := closePayload(closeGoingAway, "server shutting down")
		_ = writeFrames(conn, net.Buffers{frameHeader(nil, opClose, len(payload)), payload})
		_ = conn.Close()
		return
	}
	a.keep()
	s.mu.Lock()
	if !s.closing {
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

	if len(leftover) > 0 && !s.receive(leftover) {
		return
	}
	w := h.poll().add(conn, s.readable)
	s.mu.Lock()
	s.watch = w
	finished = s.finished
	s.mu.Unlock()
	switch {
	case w == nil:
		go s.readLoop()
	case finished: // closed meanwhile, before finish could see the watch
		h.poll().remove(w)
	}
}

// session is one connection held by a hub. Reading happens on a goroutine that runs only
// while the client has sent something (or, where there is no poller, for the connection's
// life); at most one runs at a time. Everything the session sends goes through its bounded
// queue to a writer goroutine that runs only while there is something to write (messages, a
// ping or pong, the close).
type session struct {
	hub       *Hub
	conn      net.Conn
	auth      Authenticator
	ctx       context.Context
	admission *Admission // the connection's place in the hub
	watch     *watch     // nil when the connection reads on a goroutine of its own; guarded by mu
	user      *User      // who said hello, nil for a guest; set once (under hub.mu), before any request is handled
	token     string     // the hello's token, to check again (Hub.Recheck); set with user
	topics    []string   // the granted topics; guarded by hub.mu

	in        inbound     // the reader's partial frames
	greeted   atomic.Bool // the first message arrived
	heard     atomic.Int64
	stopCtx   func() bool // guarded by mu
	readBlock []byte      // the fallback reader's buffer

	mu         sync.Mutex
	queue      [][]byte
	unsent     []byte      // the rest of a frame push began to write; it goes before anything else
	ping       bool        // a ping is due
	pong       []byte      // a pong is due, with this payload (non-nil)
	pinger     *time.Timer // sets ping every PingInterval
	helloTimer *time.Timer // refuses a client that has not said hello in time
	writing    bool        // a writer runs; it stays set after the writer finished the connection
	closing    bool        // nothing more is queued; the writer sends the close frame and finishes
	closeCode  int         // 0: close without a close frame (the client has gone)
	closeText  string
	flush      bool // write the queued messages before the close frame
	finished   bool // the connection is closed and out of the hub
}

// readChunk is how much a reader takes from the connection at a time, and maxChunksPerWake
// how many chunks it reads before letting others run (it is woken again at once if more waits).
const (
	readChunk        = 4096
	maxChunksPerWake = 16
)

var readBuffers = sync.Pool{New: func() any { b := make([]byte, readChunk); return &b }}

// readable runs on a goroutine of its own when the poller reports that the client sent
// something or hung up: it reads and handles what has arrived, then waits for more.
func (s *session) readable(w *watch) {
	buf := readBuffers.Get().(*[]byte)
	defer readBuffers.Put(buf)
	for range maxChunksPerWake {
		n, err := w.read(*buf)
		if err != nil {
			s.gone()
			return
		}
		if n == 0 {
			break
		}
		if !s.receive((*buf)[:n]) {
			return
		}
	}
	if s.hub.poll().rearm(w) != nil {
		s.gone()
	}
}

// readLoop reads the connection for its whole life, where no poller watches it.
func (s *session) readLoop() {
	s.readBlock = make([]byte, readChunk)
	for {
		n, err := s.conn.Read(s.readBlock)
		if n > 0 && !s.receive(s.readBlock[:n]) {
			return
		}
		if err != nil {
			s.gone()
			return
		}
	}
}

// errStopReading ends a feed whose session is closing.
var errStopReading = errors.New("realtime: stop reading")

// receive handles bytes from the client and reports whether to go on reading.
func (s *session) receive(data []byte) bool {
	s.heard.Store(time.Now().UnixNano())
	err := s.in.feed(data, s.deliver)
	var bad *frameError
	switch {
	case errors.As(err, &bad):
		s.close(bad.code, bad.reason, false)
		return false
	case err != nil:
		return false
	}
	return !s.isClosing()
}

// deliver handles one message or control frame from the client.
func (s *session) deliver(op byte, payload []byte) error {
	switch op {
	case opPing:
		s.mu.Lock()
		s.pong = append(make([]byte, 0, len(payload)), payload...)
		s.startWriterLocked()
		s.mu.Unlock()
		return nil
	case opPong:
		return nil
	case opClose:
		s.close(echoedCloseCode(closeCode(payload)), "", false)
		return errStopReading
	}
	if !s.greeted.Load() {
		s.greeted.Store(true)
		if !s.hello(op, payload) {
			return errStopReading
		}
		return nil
	}
	s.handle(op, payload)
	if s.isClosing() {
		return errStopReading
	}
	return nil
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

// gone ends a session whose client has hung up or whose connection failed: nothing more can
// be sent, so no close frame is.
func (s *session) gone() { s.close(0, "", false) }

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
	if !s.writing && s.watch != nil && s.unsent == nil {
		// Nothing is being written: try the frame now, without waiting, and hand the writer
		// only what the socket's buffer did not take. Most events reach most sockets this way,
		// with no goroutine started.
		var head [10]byte
		frame := frameHeader(head[:0], opText, len(msg))
		n, err := s.watch.write(frame, msg)
		switch {
		case err != nil:
			s.closeLocked(0, "", false)
			return false
		case n == len(frame)+len(msg):
			return false
		}
		s.unsent = append(append(make([]byte, 0, len(frame)+len(msg)), frame...), msg...)[n:]
		s.startWriterLocked()
		return false
	}
	s.queue = append(s.queue, msg)
	s.startWriterLocked()
	return false
}

// close has the writer send a close frame with code and text (none when code is 0) and close
// the connection, after the queued messages when flush is set. Only the first call counts: it
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
	s.startWriterLocked()
	return true
}

// pingDue runs on the pinger's timer: a client silent for longer than PongWait is cut off;
// otherwise the writer sends a ping and the timer is rearmed.
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
	s.ping = true
	s.startWriterLocked()
	s.pinger.Reset(s.hub.opts.PingInterval)
}

// stopTimersLocked stops the pinger and the hello timer, which a session closed before it was
// fully attached may not have.
func (s *session) stopTimersLocked() {
	if s.pinger != nil {
		s.pinger.Stop()
		s.helloTimer.Stop()
	}
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

// writeLoop is the only goroutine writing to s.conn. It writes what is due, in one system
// call per round, until nothing is, then ends; when the session is closing it sends the close
// frame and finishes the connection.
func (s *session) writeLoop() {
	var batch [][]byte
	for {
		s.mu.Lock()
		if len(s.queue) == 0 && s.unsent == nil && !s.ping && s.pong == nil && !s.closing {
			s.writing = false
			s.queue = nil
			s.mu.Unlock()
			return
		}
		batch, s.queue = s.queue, batch[:0]
		unsent, ping, pong := s.unsent, s.ping, s.pong
		s.unsent, s.ping, s.pong = nil, false, nil
		closing, code, text, flush := s.closing, s.closeCode, s.closeText, s.flush
		s.mu.Unlock()

		if closing && code == 0 {
			s.finish(nil)
			return
		}
		frames := make(net.Buffers, 0, 2*len(batch)+4)
		heads := make([]byte, 0, 10*len(batch)+8)
		add := func(op byte, payload []byte) {
			at := len(heads)
			heads = frameHeader(heads, op, len(payload))
			frames = append(frames, heads[at:len(heads):len(heads)])
			if len(payload) > 0 {
				frames = append(frames, payload)
			}
		}
		if unsent != nil {
			frames = append(frames, unsent) // a frame is never cut, not even by a close
		}
		if !closing {
			if pong != nil {
				add(opPong, pong)
			}
			if ping {
				add(opPing, nil)
			}
		}
		if !closing || flush {
			for _, msg := range batch {
				add(opText, msg)
			}
		}
		if closing {
			add(opClose, closePayload(code, text))
		}
		_ = s.conn.SetWriteDeadline(time.Now().Add(s.hub.opts.WriteTimeout))
		err := writeFrames(s.conn, frames)
		clear(batch)
		if err != nil || closing {
			s.finish(err)
			return
		}
	}
}

// finish closes the network connection and takes the session out of the hub. err is the
// write error that ended it, if any: a timed-out write on a connection not already closing
// means the client is too slow, and counts as a drop. Only the writer calls it, once.
func (s *session) finish(err error) {
	s.mu.Lock()
	alreadyClosing := s.closing
	s.closing = true
	s.queue = nil
	s.finished = true
	w, stop := s.watch, s.stopCtx
	s.stopTimersLocked()
	s.mu.Unlock()
	switch {
	case err == nil:
	case isTimeout(err) && !alreadyClosing:
		s.hub.dropped.Add(1)
		s.hub.opts.Logger.Warn("realtime: dropped slow connection", "reason", "write timeout")
	default:
		s.hub.opts.Logger.Debug("realtime: write failed", "err", err)
	}
	if w != nil {
		s.hub.poll().remove(w)
	}
	_ = s.conn.Close()
	if stop != nil {
		stop()
	}
	s.hub.remove(s)
	s.admission.Release()
	s.hub.serving.Done()
}

// hello authenticates the first message and welcomes the client, or refuses it. It reports
// whether the client was welcomed.
func (s *session) hello(kind byte, data []byte) bool {
	var hello clientMessage
	if kind != opText || json.Unmarshal(data, &hello) != nil || hello.Type != "hello" {
		s.refuse(`the first message must be {"type":"hello","token":"…"}`)
		return false
	}
	var user *User
	if hello.Token != "" {
		if s.auth == nil {
			s.refuse("invalid or expired token")
			return false
		}
		authCtx, cancel := context.WithTimeout(s.ctx, s.hub.opts.HelloTimeout)
		defer cancel()
		var err error
		if user, err = s.auth(authCtx, hello.Token); err != nil {
			s.hub.opts.Logger.Debug("realtime: hello refused", "err", err)
			s.refuse("invalid or expired token")
			return false
		}
	}
	if user != nil {
		s.token = hello.Token
		if !s.hub.identify(s, user) {
			s.refuse("invalid or expired token")
			return false
		}
	}
	s.reply(welcomeMessage{Type: "welcome", User: user})
	return true
}

// refuse tells the client why, then closes the connection with CloseUnauthorized.
func (s *session) refuse(reason string) {
	s.reply(errorMessage{Type: "error", Message: reason})
	s.close(CloseUnauthorized, "unauthorized", true)
}

// handle answers one client request after the hello.
func (s *session) handle(kind byte, data []byte) {
	var msg clientMessage
	if kind != opText || json.Unmarshal(data, &msg) != nil {
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

func isTimeout(err error) bool {
	var netErr net.Error
	return errors.As(err, &netErr) && netErr.Timeout()
}
