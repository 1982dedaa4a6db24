package realtime_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	fws "github.com/fasthttp/websocket"
	"github.com/gofiber/fiber/v3"

	"drape/realtime"
)

// testUsers are the tokens testAuthenticator accepts.
var testUsers = map[string]*realtime.User{
	"token-alice": {ID: "alice", Role: realtime.RoleUser},
	"token-bob":   {ID: "bob", Role: realtime.RoleUser},
	"token-admin": {ID: "root", Role: realtime.RoleAdmin},
}

func testAuthenticator(_ context.Context, token string) (*realtime.User, error) {
	if u, ok := testUsers[token]; ok {
		return u, nil
	}
	return nil, errors.New("unknown token")
}

// newTestHub is a hub that logs nowhere, tuned by opts.
func newTestHub(opts realtime.Options) *realtime.Hub {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	return realtime.NewHub(opts)
}

// startServer serves hub at /api/ws from a real Fiber app on a loopback port, the way the
// server's ws.go does (hub.Upgrade), and returns the websocket URL. Hub and app shut down when the test ends.
func startServer(t testing.TB, hub *realtime.Hub) string {
	t.Helper()
	return startServerWithContext(t, context.Background(), hub)
}

// startServerWithContext is startServer with ctx handed to every connection.
func startServerWithContext(t testing.TB, ctx context.Context, hub *realtime.Hub) string {
	t.Helper()
	url := serveWebsocket(t, true, func(c fiber.Ctx) error {
		if err := hub.Upgrade(ctx, c.RequestCtx(), nil, testAuthenticator); err != nil {
			return fiber.NewError(fiber.StatusUpgradeRequired, err.Error())
		}
		return nil
	})
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := hub.Shutdown(ctx); err != nil {
			t.Errorf("hub shutdown: %v", err)
		}
	})
	return url
}

// serveWebsocket runs a Fiber app on a loopback port whose /api/ws is handler, and returns
// its URL. keepHijacked is the server's KeepHijackedConns, which the hub needs. The app shuts
// down when the test ends.
func serveWebsocket(t testing.TB, keepHijacked bool, handler fiber.Handler) string {
	t.Helper()
	app := fiber.New()
	app.Server().KeepHijackedConns = keepHijacked
	app.Get("/api/ws", handler)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- app.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := app.ShutdownWithContext(ctx); err != nil {
			t.Errorf("app shutdown: %v", err)
		}
		if err := <-served; err != nil {
			t.Errorf("app listener: %v", err)
		}
	})
	return "ws://" + ln.Addr().String() + "/api/ws"
}

// serverMessage is any message the server sends; User stays raw to tell null from absent.
type serverMessage struct {
	Type    string          `json:"type"`
	Message string          `json:"message"`
	User    json.RawMessage `json:"user"`
	Topics  []string        `json:"topics"`
	Denied  []string        `json:"denied"`
	ID      string          `json:"id"`
	Topic   string          `json:"topic"`
	Data    json.RawMessage `json:"data"`
	At      time.Time       `json:"at"`
}

// testClient is a browser tab's socket, played by the fasthttp websocket client.
type testClient struct {
	t  testing.TB
	ws *fws.Conn
}

func dial(t testing.TB, url string) *testClient {
	t.Helper()
	return dialWith(t, fws.DefaultDialer, url)
}

func dialWith(t testing.TB, dialer *fws.Dialer, url string) *testClient {
	t.Helper()
	ws, _, err := dialer.Dial(url, nil)
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	t.Cleanup(func() { ws.Close() })
	return &testClient{t: t, ws: ws}
}

func (c *testClient) send(v any) {
	c.t.Helper()
	if err := c.ws.WriteJSON(v); err != nil {
		c.t.Fatalf("send %v: %v", v, err)
	}
}

func (c *testClient) sendText(text string) {
	c.t.Helper()
	if err := c.ws.WriteMessage(fws.TextMessage, []byte(text)); err != nil {
		c.t.Fatalf("send %q: %v", text, err)
	}
}

// next reads the next message, failing the test when none comes within 5 s.
func (c *testClient) next() serverMessage {
	c.t.Helper()
	_, data, err := c.readRaw()
	if err != nil {
		c.t.Fatalf("read: %v", err)
	}
	var msg serverMessage
	if err := json.Unmarshal(data, &msg); err != nil {
		c.t.Fatalf("decode %s: %v", data, err)
	}
	return msg
}

func (c *testClient) readRaw() (int, []byte, error) {
	_ = c.ws.SetReadDeadline(time.Now().Add(5 * time.Second))
	return c.ws.ReadMessage()
}

// nextOfType reads the next message and checks its type.
func (c *testClient) nextOfType(want string) serverMessage {
	c.t.Helper()
	msg := c.next()
	if msg.Type != want {
		c.t.Fatalf("got %+v, want a %q message", msg, want)
	}
	return msg
}

// hello says hello with token and returns the welcome's user, raw.
func (c *testClient) hello(token string) string {
	c.t.Helper()
	c.send(map[string]string{"type": "hello", "token": token})
	return string(c.nextOfType("welcome").User)
}

func (c *testClient) subscribe(topics ...string) (granted, denied []string) {
	c.t.Helper()
	c.send(map[string]any{"type": "subscribe", "topics": topics})
	msg := c.nextOfType("subscribed")
	if msg.Topics == nil || msg.Denied == nil {
		c.t.Fatalf("subscribed reply %+v: topics and denied must be arrays", msg)
	}
	return msg.Topics, msg.Denied
}

// expectEvent reads the next message and checks it is the event with id.
func (c *testClient) expectEvent(id string) serverMessage {
	c.t.Helper()
	msg := c.next()
	if msg.ID != id {
		c.t.Fatalf("got %+v, want event %s", msg, id)
	}
	return msg
}

// expectClose reads until the server closes the connection and checks the close code; any
// message before the close fails the test.
func (c *testClient) expectClose(code int) {
	c.t.Helper()
	_, data, err := c.readRaw()
	if err == nil {
		c.t.Fatalf("got message %s, want close %d", data, code)
	}
	if !fws.IsCloseError(err, code) {
		c.t.Fatalf("got %v, want close %d", err, code)
	}
}

// waitFor polls cond until it holds, failing the test after 5 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestHelloWelcomesGuest(t *testing.T) {
	t.Parallel()
	hub := newTestHub(realtime.Options{})
	c := dial(t, startServer(t, hub))
	if user := c.hello(""); user != "null" {
		t.Fatalf("welcome user = %s, want null", user)
	}
	if n := hub.Connections(); n != 1 {
		t.Fatalf("Connections() = %d, want 1", n)
	}
}

func TestHelloWelcomesUser(t *testing.T) {
	t.Parallel()
	url := startServer(t, newTestHub(realtime.Options{}))
	for token, want := range map[string]string{
		"token-alice": `{"id":"alice","role":"user"}`,
		"token-admin": `{"id":"root","role":"admin"}`,
	} {
		if user := dial(t, url).hello(token); user != want {
			t.Errorf("welcome user for %s = %s, want %s", token, user, want)
		}
	}
}

func TestBadHelloIsRefusedWith4401(t *testing.T) {
	t.Parallel()
	hub := newTestHub(realtime.Options{HelloTimeout: 150 * time.Millisecond})
	url := startServer(t, hub)
	cases := []struct {
		name  string
		first string // "" sends nothing
		error string // part of the error message
	}{
		{"bad token", `{"type":"hello","token":"forged"}`, "token"},
		{"subscribe before hello", `{"type":"subscribe","topics":["sales"]}`, "first message must be"},
		{"malformed first message", `hello?`, "first message must be"},
		{"no hello in time", "", "no hello within 150ms"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := dial(t, url)
			if tc.first != "" {
				c.sendText(tc.first)
			}
			msg := c.nextOfType("error")
			if !strings.Contains(msg.Message, tc.error) {
				t.Errorf("error message %q does not mention %q", msg.Message, tc.error)
			}
			c.expectClose(realtime.CloseUnauthorized)
		})
	}
	t.Cleanup(func() {
		waitFor(t, "refused connections to leave the hub", func() bool { return hub.Connections() == 0 })
	})
}

func TestSubscribeAuthorisesTopics(t *testing.T) {
	t.Parallel()
	url := startServer(t, newTestHub(realtime.Options{}))
	cases := []struct {
		name    string
		token   string
		topics  []string
		granted []string
		denied  []string
	}{
		{
			name:    "guest",
			token:   "",
			topics:  []string{"sales", "catalog", "user:alice", "admin:orders", "bogus"},
			granted: []string{"sales", "catalog"},
			denied:  []string{"user:alice", "admin:orders", "bogus"},
		},
		{
			name:    "user",
			token:   "token-alice",
			topics:  []string{"sales", "user:alice", "user:bob", "admin:orders", "admin:dashboard", "sales"},
			granted: []string{"sales", "user:alice"},
			denied:  []string{"user:bob", "admin:orders", "admin:dashboard"},
		},
		{
			name:    "admin",
			token:   "token-admin",
			topics:  []string{"admin:orders", "admin:dashboard", "catalog", "user:alice"},
			granted: []string{"admin:orders", "admin:dashboard", "catalog"},
			denied:  []string{"user:alice"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := dial(t, url)
			c.hello(tc.token)
			granted, denied := c.subscribe(tc.topics...)
			if !slices.Equal(granted, tc.granted) || !slices.Equal(denied, tc.denied) {
				t.Errorf("subscribe %v = granted %v denied %v, want granted %v denied %v",
					tc.topics, granted, denied, tc.granted, tc.denied)
			}
		})
	}
}

func TestSubscribeCapsTopicsPerConnection(t *testing.T) {
	t.Parallel()
	hub := newTestHub(realtime.Options{
		MaxTopics:     2,
		AllowedTopics: func(*realtime.User, string) bool { return true },
	})
	c := dial(t, startServer(t, hub))
	c.hello("")
	granted, denied := c.subscribe("a", "b", "c")
	if !slices.Equal(granted, []string{"a", "b"}) || !slices.Equal(denied, []string{"c"}) {
		t.Fatalf("subscribe a b c = granted %v denied %v, want granted [a b] denied [c]", granted, denied)
	}
	if granted, _ := c.subscribe("a"); !slices.Equal(granted, []string{"a"}) {
		t.Fatalf("subscribing again to a held topic granted %v, want [a]", granted)
	}
	if n := hub.Subscriptions(); n != 2 {
		t.Fatalf("Subscriptions() = %d, want 2", n)
	}
}

func TestBadRequestsAreAnsweredWithErrorsAndKeepTheConnection(t *testing.T) {
	t.Parallel()
	c := dial(t, startServer(t, newTestHub(realtime.Options{})))
	c.hello("")
	requests := map[string]func(){
		"unknown type":   func() { c.sendText(`{"type":"dance"}`) },
		"malformed JSON": func() { c.sendText(`{"type":`) },
		"JSON array":     func() { c.sendText(`["subscribe"]`) },
		"second hello":   func() { c.sendText(`{"type":"hello","token":""}`) },
		"binary frame": func() {
			if err := c.ws.WriteMessage(fws.BinaryMessage, []byte{1, 2, 3}); err != nil {
				t.Fatal(err)
			}
		},
	}
	for name, send := range requests {
		send()
		if msg := c.nextOfType("error"); msg.Message == "" {
			t.Errorf("%s: error without a message", name)
		}
	}
	if granted, _ := c.subscribe("sales"); !slices.Equal(granted, []string{"sales"}) {
		t.Fatalf("after errors, subscribe granted %v, want [sales]", granted)
	}
}

func TestOversizedMessageClosesTheConnection(t *testing.T) {
	t.Parallel()
	hub := newTestHub(realtime.Options{MaxMessageSize: 1024})
	c := dial(t, startServer(t, hub))
	c.hello("")
	c.sendText(`{"type":"subscribe","topics":["` + strings.Repeat("x", 2000) + `"]}`)
	c.expectClose(fws.CloseMessageTooBig)
	waitFor(t, "the connection to leave the hub", func() bool { return hub.Connections() == 0 })
}

func TestPongsKeepTheConnectionAndSilenceEndsIt(t *testing.T) {
	t.Parallel()
	// PongWait is long enough that a loaded CI machine still answers in time; the test waits
	// for pings spanning more than PongWait, so a connection kept alive by them is proven.
	const pongWait = time.Second
	hub := newTestHub(realtime.Options{PingInterval: 100 * time.Millisecond, PongWait: pongWait})
	url := startServer(t, hub)

	silent := dial(t, url)
	silent.hello("")

	lively := dial(t, url)
	lively.hello("")
	var pings atomic.Int32
	start := time.Now()
	var lastPing atomic.Int64
	lively.ws.SetPingHandler(func(data string) error {
		pings.Add(1)
		lastPing.Store(int64(time.Since(start)))
		return lively.ws.WriteControl(fws.PongMessage, []byte(data), time.Now().Add(time.Second))
	})
	replies := make(chan serverMessage, 1)
	go func() {
		// Reading is what answers pings; the test goroutine only sends.
		for {
			_, data, err := lively.ws.ReadMessage()
			if err != nil {
				close(replies)
				return
			}
			var msg serverMessage
			_ = json.Unmarshal(data, &msg)
			replies <- msg
		}
	}()

	waitFor(t, "the silent connection to be closed", func() bool { return hub.Connections() == 1 })
	waitFor(t, "pings for longer than PongWait", func() bool { return time.Duration(lastPing.Load()) > 2*pongWait })
	lively.send(map[string]any{"type": "subscribe", "topics": []string{"sales"}})
	select {
	case msg, ok := <-replies:
		if !ok || msg.Type != "subscribed" {
			t.Fatalf("after %d pings the answering connection got %+v (open %v), want subscribed", pings.Load(), msg, ok)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no reply to subscribe")
	}
}

// TestRawClientPipelinesPingsAndCloses speaks the protocol by hand: a hello sent in the same
// packet as the handshake (before the 101 arrives) is answered, a ping gets a pong with its
// payload, and a close is echoed with the client's code before the connection ends.
func TestRawClientPipelinesPingsAndCloses(t *testing.T) {
	t.Parallel()
	hub := newTestHub(realtime.Options{})
	addr := strings.TrimSuffix(strings.TrimPrefix(startServer(t, hub), "ws://"), "/api/ws")
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(5 * time.Second))
	masked := func(op byte, payload string) []byte {
		frame := []byte{0x80 | op, 0x80 | byte(len(payload)), 1, 2, 3, 4}
		for i := range len(payload) {
			frame = append(frame, payload[i]^byte(i%4+1))
		}
		return frame
	}
	handshake := fmt.Sprintf("GET /api/ws HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n", addr)
	if _, err := conn.Write(append([]byte(handshake), masked(0x1, `{"type":"hello","token":""}`)...)); err != nil {
		t.Fatal(err)
	}
	reader := bufio.NewReader(conn)
	status, _ := reader.ReadString('\n')
	if !strings.HasPrefix(status, "HTTP/1.1 101") {
		t.Fatalf("handshake answered %q, want 101", status)
	}
	for line := "x"; line != "\r\n"; {
		if line, err = reader.ReadString('\n'); err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(strings.ToLower(line), "sec-websocket-accept:") && !strings.Contains(line, "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=") {
			t.Fatalf("accept header %q, want RFC 6455's example answer", line)
		}
	}
	readFrame := func() (byte, string) {
		t.Helper()
		head := make([]byte, 2)
		if _, err := io.ReadFull(reader, head); err != nil {
			t.Fatal(err)
		}
		payload := make([]byte, head[1]&0x7F)
		if _, err := io.ReadFull(reader, payload); err != nil {
			t.Fatal(err)
		}
		return head[0] & 0x0F, string(payload)
	}
	if op, payload := readFrame(); op != 0x1 || !strings.Contains(payload, `"welcome"`) {
		t.Fatalf("after a pipelined hello got op %d %q, want the welcome", op, payload)
	}
	if _, err := conn.Write(masked(0x9, "still there?")); err != nil {
		t.Fatal(err)
	}
	if op, payload := readFrame(); op != 0xA || payload != "still there?" {
		t.Fatalf("a ping was answered with op %d %q, want a pong with its payload", op, payload)
	}
	if _, err := conn.Write(masked(0x8, "\x0f\xa0going")); err != nil { // 4000
		t.Fatal(err)
	}
	if op, payload := readFrame(); op != 0x8 || payload[:2] != "\x0f\xa0" {
		t.Fatalf("a close was answered with op %d %q, want a close with code 4000", op, payload)
	}
	if _, err := reader.ReadByte(); err != io.EOF {
		t.Fatalf("after the close the server kept the connection open (%v)", err)
	}
	waitFor(t, "the connection to leave the hub", func() bool { return hub.Connections() == 0 })
}
