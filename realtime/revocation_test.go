package realtime_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"drape/internal/platform/redistest"
	"drape/realtime"
)

// tokenBook is an authenticator whose tokens can be revoked while connections hold them.
type tokenBook struct {
	mu     sync.Mutex
	tokens map[string]realtime.User
	down   bool          // the store is down: every check fails with ErrCannotAuthenticate
	gate   chan struct{} // when set, authentication waits for it to close
	inside chan struct{} // told when an authentication waits at the gate
}

// sessionTokens are alice's token before and after a password change, her other device's
// token, and bob's.
func sessionTokens() *tokenBook {
	return &tokenBook{tokens: map[string]realtime.User{
		"alice-old":   {ID: "alice", Role: realtime.RoleStaff, TokenID: "t-old", TokenVersion: 1},
		"alice-other": {ID: "alice", Role: realtime.RoleStaff, TokenID: "t-other", TokenVersion: 2},
		"alice-new":   {ID: "alice", Role: realtime.RoleStaff, TokenID: "t-new", TokenVersion: 2},
		"bob":         {ID: "bob", Role: realtime.RoleUser, TokenID: "t-bob", TokenVersion: 7},
	}}
}

func (b *tokenBook) authenticate(ctx context.Context, token string) (*realtime.User, error) {
	b.mu.Lock()
	gate := b.gate
	u, ok := b.tokens[token]
	down := b.down
	b.mu.Unlock()
	if down {
		return nil, fmt.Errorf("%w: connection refused", realtime.ErrCannotAuthenticate)
	}
	if gate != nil {
		b.inside <- struct{}{}
		select {
		case <-gate:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	if !ok {
		return nil, errors.New("unknown token")
	}
	return &u, nil
}

func (b *tokenBook) forget(token string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.tokens, token)
}

// startServerAuth is startServer with auth checking the hellos.
func startServerAuth(t *testing.T, hub *realtime.Hub, auth realtime.Authenticator) string {
	t.Helper()
	url := serveWebsocket(t, true, func(c fiber.Ctx) error {
		if err := hub.Upgrade(context.Background(), c.RequestCtx(), nil, auth); err != nil {
			return fiber.NewError(fiber.StatusUpgradeRequired, err.Error())
		}
		return nil
	})
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hub.Shutdown(ctx)
	})
	return url
}

// signedIn opens a socket that says hello with token and subscribes to topics.
func signedIn(t *testing.T, url, token string, topics ...string) *testClient {
	t.Helper()
	c := dial(t, url)
	c.hello(token)
	c.subscribe(topics...)
	return c
}

// stillOpen checks that c is open and subscribed to topic, by an event on it.
func stillOpen(t *testing.T, hub *realtime.Hub, c *testClient, topic, id string) {
	t.Helper()
	hub.Publish(testEvent(id, topic))
	c.expectEvent(id)
}

func TestRevocationClosesOnlyTheConnectionsOfRevokedTokens(t *testing.T) {
	t.Parallel()
	book := sessionTokens()
	hub := newTestHub(realtime.Options{})
	url := startServerAuth(t, hub, book.authenticate)
	old := signedIn(t, url, "alice-old", realtime.TopicAdminOrders)
	other := signedIn(t, url, "alice-other", realtime.TopicAdminOrders)
	fresh := signedIn(t, url, "alice-new", realtime.TopicAdminOrders)
	bob := signedIn(t, url, "bob", realtime.UserTopic("bob"))
	guest := signedIn(t, url, "", realtime.TopicSales)

	// A password change: alice's tokens now carry version 2; the old one is revoked.
	if n := hub.Revoke(realtime.Revocation{UserID: "alice", Version: 2}); n != 1 {
		t.Errorf("revoking alice's tokens below version 2 closed %d connections, want 1", n)
	}
	old.expectClose(realtime.CloseUnauthorized)
	stillOpen(t, hub, fresh, realtime.TopicAdminOrders, "after-version")
	other.expectEvent("after-version")

	// One device signs out: only the socket of that token closes.
	hub.Revoke(realtime.Revocation{UserID: "alice", TokenID: "t-other"})
	other.expectClose(realtime.CloseUnauthorized)
	stillOpen(t, hub, fresh, realtime.TopicAdminOrders, "after-token")

	// Deactivation: every socket of the user.
	hub.Revoke(realtime.Revocation{UserID: "alice"})
	fresh.expectClose(realtime.CloseUnauthorized)

	stillOpen(t, hub, bob, realtime.UserTopic("bob"), "bob-still")
	stillOpen(t, hub, guest, realtime.TopicSales, "guest-still")
	if got := hub.Revoked(); got != 3 {
		t.Errorf("Revoked() = %d, want 3", got)
	}
}

// TestRevocationTravelsTheBridgeToEveryServer: a revocation published once on Redis closes the
// user's sockets held by two hubs, and is never handed to a connection as an event: nobody
// may subscribe to the sessions topic.
func TestRevocationTravelsTheBridgeToEveryServer(t *testing.T) {
	t.Parallel()
	db := redistest.New(t)
	channel := db.Prefix + "events"
	book := sessionTokens()
	var alices, bobs []*testClient
	for range 2 {
		hub := newTestHub(realtime.Options{})
		url := startServerAuth(t, hub, book.authenticate)
		alices = append(alices, signedIn(t, url, "alice-old", realtime.TopicAdminOrders))
		bob := dial(t, url)
		bob.hello("bob")
		if granted, denied := bob.subscribe(realtime.TopicSessions, realtime.TopicSales); len(granted) != 1 || len(denied) != 1 || denied[0] != realtime.TopicSessions {
			t.Fatalf("subscribing to the sessions topic: granted %v, denied %v", granted, denied)
		}
		bobs = append(bobs, bob)
		runBridge(t, db.Client, channel, hub, slog.New(slog.DiscardHandler))
	}
	waitForSubscribers(t, db.Client, channel, 2)

	ev, err := realtime.RevocationEvent("r1", realtime.Revocation{UserID: "alice", Version: 2}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	worker := realtime.NewBridge(db.Client, channel)
	if err := worker.Publish(context.Background(), ev); err != nil {
		t.Fatal(err)
	}
	for _, c := range alices {
		c.expectClose(realtime.CloseUnauthorized)
	}
	if err := worker.Publish(context.Background(), testEvent("after", realtime.TopicSales)); err != nil {
		t.Fatal(err)
	}
	for _, c := range bobs {
		c.expectEvent("after") // and not the revocation before it
	}
}

// TestHelloAuthenticatedBeforeARevocationIsRefused: a token checked just before the change
// that revokes it commits, whose hello completes only after the revocation arrived, is refused
// with 4401 rather than welcomed.
func TestHelloAuthenticatedBeforeARevocationIsRefused(t *testing.T) {
	t.Parallel()
	book := sessionTokens()
	book.gate, book.inside = make(chan struct{}), make(chan struct{}, 1)
	hub := newTestHub(realtime.Options{})
	url := startServerAuth(t, hub, book.authenticate)
	c := dial(t, url)
	c.send(map[string]string{"type": "hello", "token": "alice-old"})
	<-book.inside // the token was found valid; its hello is not finished
	book.mu.Lock()
	gate := book.gate
	book.gate = nil
	book.mu.Unlock()
	hub.Revoke(realtime.Revocation{UserID: "alice", Version: 2})
	close(gate)
	if msg := c.next(); msg.Type != "error" {
		t.Fatalf("got %+v, want the hello refused", msg)
	}
	c.expectClose(realtime.CloseUnauthorized)

	fresh := dial(t, url)
	fresh.hello("alice-new") // the token issued by the change is welcome
}

// TestBridgeBackFromAnOutageRechecksTokens: revocations published while a server's Redis
// subscription was down never reach it; once subscribed again the hub checks every signed-in
// socket's token again and closes those that no longer work.
func TestBridgeBackFromAnOutageRechecksTokens(t *testing.T) {
	t.Parallel()
	db := redistest.New(t)
	channel := db.Prefix + "events"
	subscriber, name := namedSubscriber(t, db)

	book := sessionTokens()
	hub := newTestHub(realtime.Options{})
	url := startServerAuth(t, hub, book.authenticate)
	alice := signedIn(t, url, "alice-old", realtime.TopicAdminOrders)
	bob := signedIn(t, url, "bob", realtime.UserTopic("bob"))
	runBridge(t, subscriber, channel, hub, slog.New(slog.DiscardHandler))
	waitForSubscribers(t, db.Client, channel, 1)

	// alice's token stops working and the revocation is lost to this server (it was published
	// while its subscription was down): her socket stays open...
	book.forget("alice-old")
	stillOpen(t, hub, alice, realtime.TopicAdminOrders, "alice-still")
	// ...until the subscription drops and comes back.
	ctx := context.Background()
	if err := db.Client.Do(ctx, "CLIENT", "KILL", "TYPE", "pubsub", "ID", pubsubClientID(t, db.Client, name)).Err(); err != nil {
		t.Fatal(err)
	}
	alice.expectClose(realtime.CloseUnauthorized)
	stillOpen(t, hub, bob, realtime.UserTopic("bob"), "bob-still")
}

// TestRecheckKeepsConnectionsItCannotCheck: when the token store is down, a recheck closes
// nothing (their tokens may be good); once it answers, it closes the revoked one only.
func TestRecheckKeepsConnectionsItCannotCheck(t *testing.T) {
	t.Parallel()
	book := sessionTokens()
	hub := newTestHub(realtime.Options{})
	url := startServerAuth(t, hub, book.authenticate)
	alice := signedIn(t, url, "alice-old", realtime.TopicAdminOrders)
	bob := signedIn(t, url, "bob", realtime.UserTopic("bob"))
	book.forget("alice-old")
	book.mu.Lock()
	book.down = true
	book.mu.Unlock()
	if n := hub.Recheck(context.Background()); n != 0 {
		t.Errorf("a recheck with the store down closed %d connections", n)
	}
	stillOpen(t, hub, alice, realtime.TopicAdminOrders, "alice-kept")
	book.mu.Lock()
	book.down = false
	book.mu.Unlock()
	if n := hub.Recheck(context.Background()); n != 1 {
		t.Errorf("a recheck closed %d connections, want 1", n)
	}
	alice.expectClose(realtime.CloseUnauthorized)
	stillOpen(t, hub, bob, realtime.UserTopic("bob"), "bob-kept")
}
