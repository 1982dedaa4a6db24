package realtime_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	fws "github.com/fasthttp/websocket"
	"github.com/gofiber/contrib/v3/websocket"

	"drape/realtime"
)

// testEvent is an event of topic with a small payload.
func testEvent(id, topic string) realtime.Event {
	return realtime.Event{
		ID:    id,
		Type:  "order.updated",
		Topic: topic,
		Data:  json.RawMessage(`{"orderId":"` + id + `","version":3}`),
		At:    time.Date(2025, 3, 1, 10, 30, 0, 0, time.UTC),
	}
}

func TestPublishReachesOnlySubscribersOfItsTopic(t *testing.T) {
	t.Parallel()
	hub := newTestHub(realtime.Options{})
	url := startServer(t, hub)
	clients := map[string]*testClient{}
	for token, topic := range map[string]string{
		"":            realtime.TopicSales,
		"token-admin": realtime.TopicCatalog,
		"token-alice": realtime.UserTopic("alice"),
		"token-bob":   realtime.UserTopic("bob"),
	} {
		c := dial(t, url)
		c.hello(token)
		if granted, _ := c.subscribe(topic); !slices.Equal(granted, []string{topic}) {
			t.Fatalf("%s: subscribe %s granted %v", token, topic, granted)
		}
		clients[topic] = c
	}

	first := testEvent("e1", realtime.TopicSales)
	hub.Publish(first)
	var wire map[string]json.RawMessage
	_, data, err := clients[realtime.TopicSales].readRaw()
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &wire); err != nil {
		t.Fatal(err)
	}
	want := `{"id":"e1","type":"order.updated","topic":"sales","data":{"orderId":"e1","version":3},"at":"2025-03-01T10:30:00Z"}`
	if string(data) != want {
		t.Fatalf("event on the wire = %s, want %s", data, want)
	}

	// Each connection's next message is the event of its own topic: it saw none of the others.
	for i, topic := range []string{realtime.TopicCatalog, realtime.UserTopic("alice"), realtime.UserTopic("bob"), realtime.TopicSales} {
		hub.Publish(testEvent(fmt.Sprint("e", i+2), topic))
	}
	for i, topic := range []string{realtime.TopicCatalog, realtime.UserTopic("alice"), realtime.UserTopic("bob"), realtime.TopicSales} {
		if msg := clients[topic].expectEvent(fmt.Sprint("e", i+2)); msg.Topic != topic {
			t.Errorf("event %s came with topic %s, want %s", msg.ID, msg.Topic, topic)
		}
	}
}

func TestUnsubscribeStopsDelivery(t *testing.T) {
	t.Parallel()
	hub := newTestHub(realtime.Options{})
	c := dial(t, startServer(t, hub))
	c.hello("")
	c.subscribe(realtime.TopicSales, realtime.TopicCatalog)
	c.send(map[string]any{"type": "unsubscribe", "topics": []string{realtime.TopicSales, realtime.TopicSales}})
	if msg := c.nextOfType("unsubscribed"); !slices.Equal(msg.Topics, []string{realtime.TopicSales}) {
		t.Fatalf("unsubscribed %v, want [sales]", msg.Topics)
	}
	if n := hub.Subscriptions(); n != 1 {
		t.Fatalf("Subscriptions() = %d, want 1", n)
	}
	hub.Publish(testEvent("not-for-you", realtime.TopicSales))
	hub.Publish(testEvent("for-you", realtime.TopicCatalog))
	c.expectEvent("for-you")
}

// smallReceiveBufferDialer dials with a 4 KB socket receive buffer, so a client that stops
// reading fills the path quickly.
var smallReceiveBufferDialer = &fws.Dialer{
	NetDial: func(network, addr string) (net.Conn, error) {
		d := net.Dialer{Control: func(_, _ string, raw syscall.RawConn) error {
			var sockErr error
			err := raw.Control(func(fd uintptr) {
				sockErr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096)
			})
			if err != nil {
				return err
			}
			return sockErr
		}}
		return d.Dial(network, addr)
	},
}

func TestSlowConnectionIsDroppedWhileOthersKeepReceiving(t *testing.T) {
	t.Parallel()
	// Writes time out only after 5 s, so a drop within 3 s can only come from the full queue.
	hub := newTestHub(realtime.Options{QueueSize: 2, WriteTimeout: 5 * time.Second})
	url := startServer(t, hub)
	healthy := dial(t, url)
	healthy.hello("")
	healthy.subscribe(realtime.TopicSales)
	stalled := dialWith(t, smallReceiveBufferDialer, url)
	stalled.hello("")
	stalled.subscribe(realtime.TopicSales)
	// From here on stalled does not read until it has been dropped.

	payload := json.RawMessage(`"` + strings.Repeat("x", 16<<10) + `"`)
	deliver := func(id string) {
		t.Helper()
		ev := testEvent(id, realtime.TopicSales)
		ev.Data = payload
		start := time.Now()
		hub.Publish(ev)
		healthy.expectEvent(id)
		if took := time.Since(start); took > time.Second {
			t.Fatalf("event %s took %s to reach the healthy connection", id, took)
		}
	}
	published := 0
	for deadline := time.Now().Add(3 * time.Second); hub.Dropped() == 0; {
		if time.Now().After(deadline) {
			t.Fatalf("stalled connection still held after %d events of 16 KB", published)
		}
		published++
		deliver(fmt.Sprint("e", published))
	}
	t.Logf("stalled connection dropped after %d events", published)

	// Once stalled reads again, what was already on its way arrives, then the close.
	for {
		_, _, err := stalled.readRaw()
		if err == nil {
			continue
		}
		if !fws.IsCloseError(err, fws.ClosePolicyViolation) {
			t.Fatalf("stalled connection ended with %v, want close %d", err, fws.ClosePolicyViolation)
		}
		break
	}
	waitFor(t, "the dropped connection to leave the hub", func() bool { return hub.Connections() == 1 })
	for i := range 5 {
		deliver(fmt.Sprint("after-drop-", i))
	}
	if n := hub.Dropped(); n != 1 {
		t.Fatalf("Dropped() = %d, want 1", n)
	}
}

func TestShutdownClosesConnectionsWithGoingAway(t *testing.T) {
	t.Parallel()
	hub := newTestHub(realtime.Options{})
	url := startServer(t, hub)
	welcomed := dial(t, url)
	welcomed.hello("token-alice")
	welcomed.subscribe(realtime.UserTopic("alice"))
	silent := dial(t, url) // never says hello
	waitFor(t, "two connections", func() bool { return hub.Connections() == 2 })

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hub.Shutdown(ctx); err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	if n := hub.Connections(); n != 0 {
		t.Fatalf("Connections() = %d after Shutdown, want 0", n)
	}
	welcomed.expectClose(fws.CloseGoingAway)
	silent.expectClose(fws.CloseGoingAway)
	dial(t, url).expectClose(fws.CloseGoingAway)
}

func TestServeEndsWhenItsContextEnds(t *testing.T) {
	t.Parallel()
	hub := newTestHub(realtime.Options{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := dial(t, startServerWithContext(t, ctx, hub))
	c.hello("")
	cancel()
	c.expectClose(fws.CloseGoingAway)
	waitFor(t, "the connection to leave the hub", func() bool { return hub.Connections() == 0 })
}

// TestIdleConnectionMemory measures what an idle, welcomed, subscribed connection costs the
// server (heap and goroutine stacks), against a bare Fiber websocket (one goroutine per
// connection, reading) as a reference. The clients are bare TCP sockets speaking the protocol
// by hand, so they add almost nothing.
func TestIdleConnectionMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("opens 1500 sockets")
	}
	const connections = 500
	bareHandler := websocket.New(func(c *websocket.Conn) {
		for {
			if _, _, err := c.ReadMessage(); err != nil {
				return
			}
			if err := c.WriteMessage(fws.TextMessage, []byte(`{"type":"subscribed"}`)); err != nil {
				return
			}
		}
	}, websocket.Config{WriteBufferPool: &sync.Pool{}})
	idleConnectionCost(t, connections, serveWebsocket(t, false, bareHandler)) // warms the pools both measurements share
	bare := idleConnectionCost(t, connections, serveWebsocket(t, false, bareHandler))
	withHub := idleConnectionCost(t, connections, startServer(t, newTestHub(realtime.Options{})))
	t.Logf("per idle connection: %d bytes with the hub, %d bytes for a bare websocket", withHub, bare)
	if withHub > 4<<10 {
		t.Errorf("an idle connection costs the hub %d bytes, want at most 4 KB (a bare websocket: %d)", withHub, bare)
	}
}

// idleConnectionCost opens n idle connections to the websocket at url and returns the heap
// and stack bytes each one holds.
func idleConnectionCost(t *testing.T, n int, url string) int64 {
	t.Helper()
	addr := strings.TrimSuffix(strings.TrimPrefix(url, "ws://"), "/api/ws")
	before := memoryInUse()
	sockets := make([]net.Conn, 0, n)
	defer func() {
		for _, s := range sockets {
			s.Close()
		}
	}()
	for range n {
		sockets = append(sockets, openIdleSocket(t, addr))
	}
	return (memoryInUse() - before) / int64(n)
}

func memoryInUse() int64 {
	for range 6 {
		runtime.GC()
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapInuse + m.StackInuse)
}

// openIdleSocket upgrades a bare TCP connection, says hello, subscribes to sales, and waits
// for both answers.
func openIdleSocket(t *testing.T, addr string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	_ = conn.SetDeadline(time.Now().Add(5 * time.Second))
	fmt.Fprintf(conn, "GET /api/ws HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n", addr)
	readUntil(t, conn, "\r\n\r\n")
	for _, msg := range []string{`{"type":"hello","token":""}`, `{"type":"subscribe","topics":["sales"]}`} {
		// A masked text frame; a zero masking key leaves the payload as it is.
		frame := append([]byte{0x81, 0x80 | byte(len(msg)), 0, 0, 0, 0}, msg...)
		if _, err := conn.Write(frame); err != nil {
			t.Fatal(err)
		}
	}
	readUntil(t, conn, `"subscribed"`)
	_ = conn.SetDeadline(time.Time{})
	return conn
}

func readUntil(t *testing.T, conn net.Conn, marker string) {
	t.Helper()
	var got []byte
	buf := make([]byte, 256)
	for !bytes.Contains(got, []byte(marker)) {
		n, err := conn.Read(buf)
		if err != nil {
			t.Fatalf("reading until %q: %v (got %q)", marker, err, got)
		}
		got = append(got, buf[:n]...)
	}
}

// TestWritesToVanishedClientsLeaveNewConnectionsOpen: while events are published to clients
// that vanish with a reset (so the hub's writes to them fail), clients that connect meanwhile
// are welcomed, each one. A failed write used to close its socket on the publishing goroutine:
// the descriptor number came free while the engine's loop still held the old socket's hang-up,
// a new connection got that number and the hang-up, and was closed at birth (close 1006).
func TestWritesToVanishedClientsLeaveNewConnectionsOpen(t *testing.T) {
	t.Parallel()
	hub := newTestHub(realtime.Options{})
	url := startServer(t, hub)
	stop := make(chan struct{})
	var publishing sync.WaitGroup
	publishing.Add(1)
	go func() {
		defer publishing.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
				hub.Publish(testEvent(fmt.Sprint("flood-", i), realtime.TopicSales))
				time.Sleep(50 * time.Microsecond)
			}
		}
	}()
	defer func() { close(stop); publishing.Wait() }()

	var vanishing sync.WaitGroup
	for round := range 150 {
		vanishing.Add(1)
		go func() { // a subscriber that resets its connection while events flow to it
			defer vanishing.Done()
			ws, _, err := fws.DefaultDialer.Dial(url, nil)
			if err != nil {
				return
			}
			_ = ws.WriteJSON(map[string]any{"type": "hello", "token": ""})
			_ = ws.WriteJSON(map[string]any{"type": "subscribe", "topics": []string{realtime.TopicSales}})
			time.Sleep(time.Millisecond)
			if tcp, ok := ws.UnderlyingConn().(*net.TCPConn); ok {
				_ = tcp.SetLinger(0)
			}
			_ = ws.UnderlyingConn().Close()
		}()
		c := dial(t, url)
		c.send(map[string]string{"type": "hello", "token": ""})
		_, data, err := c.readRaw()
		if err != nil {
			t.Fatalf("new connection %d: %v, want its welcome", round, err)
		}
		if !strings.Contains(string(data), `"welcome"`) {
			t.Fatalf("new connection %d: got %s, want its welcome", round, data)
		}
		_ = c.ws.Close()
	}
	vanishing.Wait()
}

// TestClosingClientsLeaveNewConnectionsOpen: while clients close their sockets every way a
// client does (a close frame, a bad hello the hub refuses, a plain hang-up), the connections
// opened meanwhile all stay open. A socket closed off the engine's loop used to free its
// descriptor number at once; a connection opened meanwhile got the number, and the loop gave
// it the old socket's pending hang-up (close, EOF): a held socket vanished and one address's
// cap let a 51st through (server's TestOneAddressCannotHoardLiveSockets, on CI).
func TestClosingClientsLeaveNewConnectionsOpen(t *testing.T) {
	t.Parallel()
	hub := newTestHub(realtime.Options{})
	url := startServer(t, hub)
	var closing sync.WaitGroup
	held := make([]*testClient, 0, 150)
	for round := range 150 {
		closing.Add(1)
		go func() {
			defer closing.Done()
			ws, _, err := fws.DefaultDialer.Dial(url, nil)
			if err != nil {
				return
			}
			defer ws.Close()
			switch round % 3 {
			case 0:
				_ = ws.WriteJSON(map[string]any{"type": "hello", "token": ""})
				_ = ws.WriteControl(fws.CloseMessage, fws.FormatCloseMessage(fws.CloseNormalClosure, "bye"), time.Now().Add(time.Second))
			case 1:
				_ = ws.WriteJSON(map[string]any{"type": "hello", "token": "no such token"})
			}
			_ = ws.SetReadDeadline(time.Now().Add(2 * time.Second))
			for round%3 != 2 {
				if _, _, err := ws.ReadMessage(); err != nil {
					return
				}
			}
		}()
		held = append(held, dial(t, url))
	}
	closing.Wait()
	for i, c := range held {
		c.send(map[string]string{"type": "hello", "token": ""})
		if _, data, err := c.readRaw(); err != nil || !strings.Contains(string(data), `"welcome"`) {
			t.Fatalf("connection %d, held while others closed: %s %v, want its welcome", i, data, err)
		}
	}
}
