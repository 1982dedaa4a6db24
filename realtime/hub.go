package realtime

import (
	"context"
	"encoding/json"
	"log/slog"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lesismal/nbio/nbhttp/websocket"
)

// Options tune a Hub. A zero field takes its default.
type Options struct {
	// QueueSize is how many messages may wait for one connection's writer; a connection whose
	// queue is full when an event arrives is dropped. Default 64.
	QueueSize int
	// PingInterval is how often each connection is pinged. Default 30 s.
	PingInterval time.Duration
	// PongWait is how long a connection may stay silent (no pong) before it is closed. Default
	// twice PingInterval.
	PongWait time.Duration
	// HelloTimeout is how long a new connection has to send its hello. Default 10 s.
	HelloTimeout time.Duration
	// WriteTimeout bounds every write to a connection. Default 10 s.
	WriteTimeout time.Duration
	// MaxTopics caps the topics one connection may hold. Default 32.
	MaxTopics int
	// MaxMessageSize caps the size of one client message in bytes. Default 4096.
	MaxMessageSize int64
	// AllowedTopics decides whether a user (nil for a guest) may subscribe to a topic.
	// Default CanSubscribe.
	AllowedTopics func(u *User, topic string) bool
	// Logger receives drops and connection failures. Default slog.Default().
	Logger *slog.Logger
	// MaxConnections caps the connections the hub holds at once, counting handshakes being
	// answered (Admit). Zero: no cap.
	MaxConnections int
	// MaxConnectionsPerAddress caps the connections from one client address. Zero: no cap.
	MaxConnectionsPerAddress int
}

func (o Options) withDefaults() Options {
	if o.QueueSize <= 0 {
		o.QueueSize = 64
	}
	if o.PingInterval <= 0 {
		o.PingInterval = 30 * time.Second
	}
	if o.PongWait <= 0 {
		o.PongWait = 2 * o.PingInterval
	}
	if o.HelloTimeout <= 0 {
		o.HelloTimeout = 10 * time.Second
	}
	if o.WriteTimeout <= 0 {
		o.WriteTimeout = 10 * time.Second
	}
	if o.MaxTopics <= 0 {
		o.MaxTopics = 32
	}
	if o.MaxMessageSize <= 0 {
		o.MaxMessageSize = 4096
	}
	if o.AllowedTopics == nil {
		o.AllowedTopics = CanSubscribe
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return o
}

// Hub holds this process's websocket connections and their subscriptions and fans events out
// to them. Its methods are safe for concurrent use.
type Hub struct {
	opts Options

	mu           sync.RWMutex
	sessions     map[*session]struct{}
	byTopic      map[string]map[*session]struct{}
	byUser       map[string]map[*session]struct{} // the signed-in connections of each user
	recent       recentRevocations
	admitted     int            // places held by Admissions
	perAddress   map[string]int // places held, by client address
	shuttingDown bool

	serving  sync.WaitGroup // one per attached connection, done once it is closed
	dropped  atomic.Uint64
	revoked  atomic.Uint64
	upgrader *websocket.Upgrader // the codec's setup for this hub's connections
}

// NewHub returns an empty hub tuned by opts.
func NewHub(opts Options) *Hub {
	h := &Hub{
		opts:       opts.withDefaults(),
		sessions:   make(map[*session]struct{}),
		byTopic:    make(map[string]map[*session]struct{}),
		byUser:     make(map[string]map[*session]struct{}),
		perAddress: make(map[string]int),
	}
	h.upgrader = newUpgrader(h)
	_, _ = engine() // started with the first hub, not within the first connection; Attach reports a failure
	return h
}

// Publish sends ev to every connection of this process subscribed to ev.Topic. The event is
// encoded once and written without blocking: to an idle socket at once, otherwise through the
// connection's queue; a connection whose queue is full is dropped. Many subscribers are
// written to from several goroutines at once, one per CPU. An event of TopicSessions is not
// sent to anyone: it carries a Revocation, which Publish hands to Revoke.
func (h *Hub) Publish(ev Event) {
	if ev.Topic == TopicSessions {
		h.revokeEvent(ev)
		return
	}
	msg, err := json.Marshal(ev)
	if err != nil {
		h.opts.Logger.Error("realtime: event not encodable", "id", ev.ID, "type", ev.Type, "topic", ev.Topic, "err", err)
		return
	}
	h.mu.RLock()
	subscribers := make([]*session, 0, len(h.byTopic[ev.Topic]))
	for s := range h.byTopic[ev.Topic] {
		subscribers = append(subscribers, s)
	}
	h.mu.RUnlock()

	var dropped atomic.Int64
	send := func(part []*session) {
		for _, s := range part {
			if s.push(msg) {
				dropped.Add(1)
			}
		}
	}
	parts := min(runtime.GOMAXPROCS(0), len(subscribers)/publishPart)
	if parts <= 1 {
		send(subscribers)
	} else {
		var wg sync.WaitGroup
		size := (len(subscribers) + parts - 1) / parts
		for part := range slices.Chunk(subscribers, size) {
			wg.Go(func() { send(part) })
		}
		wg.Wait()
	}
	if n := dropped.Load(); n > 0 {
		h.opts.Logger.Warn("realtime: dropped slow connections", "count", n, "topic", ev.Topic)
	}
}

// publishPart is the fewest subscribers Publish hands to a goroutine of their own.
const publishPart = 256

// Connections reports how many connections this hub holds, including those still saying hello.
func (h *Hub) Connections() int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.sessions)
}

// Subscriptions reports how many (connection, topic) subscriptions this hub holds.
func (h *Hub) Subscriptions() int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	n := 0
	for _, subscribers := range h.byTopic {
		n += len(subscribers)
	}
	return n
}

// Dropped reports how many connections were closed for being too slow: their queue filled or
// a write timed out.
func (h *Hub) Dropped() uint64 { return h.dropped.Load() }

// Shutdown closes every connection with code 1001 (going away), refuses new ones, and waits
// until every connection is closed. When ctx ends first it cuts the remaining network
// connections and returns ctx's error.
func (h *Hub) Shutdown(ctx context.Context) error {
	h.mu.Lock()
	h.shuttingDown = true
	for s := range h.sessions {
		s.close(closeGoingAway, "server shutting down", false)
	}
	h.mu.Unlock()

	served := make(chan struct{})
	go func() {
		h.serving.Wait()
		close(served)
	}()
	select {
	case <-served:
		return nil
	case <-ctx.Done():
		h.mu.RLock()
		for s := range h.sessions {
			s.mu.Lock()
			if s.ws != nil {
				s.hangUp()
			}
			s.mu.Unlock()
		}
		h.mu.RUnlock()
		return ctx.Err()
	}
}

// add registers s, or reports false when the hub is shutting down.
func (h *Hub) add(s *session) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.shuttingDown {
		return false
	}
	h.sessions[s] = struct{}{}
	h.serving.Add(1)
	return true
}

// remove forgets s and its subscriptions.
func (h *Hub) remove(s *session) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, topic := range s.topics {
		h.unindex(s, topic)
	}
	s.topics = nil
	s.removed = true
	delete(h.sessions, s)
	if s.user != nil {
		if mine := h.byUser[s.user.ID]; mine != nil {
			delete(mine, s)
			if len(mine) == 0 {
				delete(h.byUser, s.user.ID)
			}
		}
	}
}

// subscribe grants s the topics it may hold and returns what it granted and refused. A topic
// s already holds is granted again; topics beyond MaxTopics are refused.
func (h *Hub) subscribe(s *session, topics []string) (granted, denied []string) {
	granted, denied = []string{}, []string{}
	seen := make(map[string]bool, len(topics))
	var allowed []string
	for _, topic := range topics {
		if seen[topic] {
			continue
		}
		seen[topic] = true
		if topic != TopicSessions && h.opts.AllowedTopics(s.user, topic) {
			allowed = append(allowed, topic)
		} else {
			denied = append(denied, topic)
		}
	}

	h.mu.Lock()
	defer h.mu.Unlock()
	for _, topic := range allowed {
		switch {
		case s.removed: // closed meanwhile
			denied = append(denied, topic)
		case slices.Contains(s.topics, topic):
			granted = append(granted, topic)
		case len(s.topics) >= h.opts.MaxTopics:
			denied = append(denied, topic)
		default:
			s.topics = append(s.topics, topic)
			subscribers := h.byTopic[topic]
			if subscribers == nil {
				subscribers = make(map[*session]struct{})
				h.byTopic[topic] = subscribers
			}
			subscribers[s] = struct{}{}
			granted = append(granted, topic)
		}
	}
	return granted, denied
}

// unsubscribe removes topics from s and returns them, without repeats.
func (h *Hub) unsubscribe(s *session, topics []string) []string {
	removed := []string{}
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, topic := range topics {
		if slices.Contains(removed, topic) {
			continue
		}
		removed = append(removed, topic)
		for i, held := range s.topics {
			if held == topic {
				s.topics = append(s.topics[:i], s.topics[i+1:]...)
				h.unindex(s, topic)
				break
			}
		}
	}
	return removed
}

// unindex takes s out of topic's subscribers; h.mu must be held for writing.
func (h *Hub) unindex(s *session, topic string) {
	subscribers := h.byTopic[topic]
	delete(subscribers, s)
	if len(subscribers) == 0 {
		delete(h.byTopic, topic)
	}
}
