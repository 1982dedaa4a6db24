package realtime_test

import (
	"bytes"
	"context"
	"log/slog"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"drape/internal/platform/redistest"
	"drape/realtime"
)

// runBridge runs a bridge over rdb on channel into hub until the test ends, and checks that
// Run returns nil once its context is done.
func runBridge(t *testing.T, rdb redis.UniversalClient, channel string, hub realtime.Receiver, logger *slog.Logger) {
	t.Helper()
	bridge := realtime.NewBridge(rdb, channel)
	bridge.Logger = logger
	ctx, cancel := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() { ran <- bridge.Run(ctx, hub) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-ran:
			if err != nil {
				t.Errorf("Run returned %v, want nil", err)
			}
		case <-time.After(5 * time.Second):
			t.Error("Run still running 5 s after its context ended")
		}
	})
}

// waitForSubscribers waits until channel has n subscribers in Redis.
func waitForSubscribers(t *testing.T, rdb *redis.Client, channel string, n int64) {
	t.Helper()
	waitFor(t, "redis subscribers", func() bool {
		counts, err := rdb.PubSubNumSub(context.Background(), channel).Result()
		return err == nil && counts[channel] == n
	})
}

func TestBridgeCarriesEventsBetweenServers(t *testing.T) {
	t.Parallel()
	db := redistest.New(t)
	channel := db.Prefix + "events"
	quiet := slog.New(slog.DiscardHandler)

	var clients []*testClient
	for range 2 {
		hub := newTestHub(realtime.Options{})
		c := dial(t, startServer(t, hub))
		c.hello("token-alice")
		c.subscribe(realtime.UserTopic("alice"))
		clients = append(clients, c)
		runBridge(t, db.Client, channel, hub, quiet)
	}
	waitForSubscribers(t, db.Client, channel, 2)

	worker := realtime.NewBridge(db.Client, channel)
	sent := testEvent("e1", realtime.UserTopic("alice"))
	if err := worker.Publish(context.Background(), sent); err != nil {
		t.Fatal(err)
	}
	for i, c := range clients {
		got := c.expectEvent(sent.ID)
		if got.Type != sent.Type || got.Topic != sent.Topic || string(got.Data) != string(sent.Data) || !got.At.Equal(sent.At) {
			t.Errorf("server %d delivered %+v, want %+v", i, got, sent)
		}
	}
}

func TestBridgeSkipsMalformedMessages(t *testing.T) {
	t.Parallel()
	db := redistest.New(t)
	channel := db.Prefix + "events"
	logs := &lockedBuffer{}
	hub := newTestHub(realtime.Options{})
	c := dial(t, startServer(t, hub))
	c.hello("")
	c.subscribe(realtime.TopicSales)
	runBridge(t, db.Client, channel, hub, slog.New(slog.NewTextHandler(logs, nil)))
	waitForSubscribers(t, db.Client, channel, 1)

	ctx := context.Background()
	for _, junk := range []string{`not json`, `{"id":"x","type":"sale.changed"}`, `{"topic":"sales","data":{}}`, `[1,2]`} {
		if err := db.Client.Publish(ctx, channel, junk).Err(); err != nil {
			t.Fatal(err)
		}
	}
	if err := realtime.NewBridge(db.Client, channel).Publish(ctx, testEvent("good", realtime.TopicSales)); err != nil {
		t.Fatal(err)
	}
	c.expectEvent("good")
	if n := strings.Count(logs.String(), "dropped malformed event"); n != 4 {
		t.Errorf("logged %d malformed events, want 4:\n%s", n, logs.String())
	}
}

func TestBridgeResubscribesAfterRedisKillsItsConnection(t *testing.T) {
	t.Parallel()
	db := redistest.New(t)
	channel := db.Prefix + "events"
	subscriber, name := namedSubscriber(t, db)

	logs := &lockedBuffer{}
	hub := newTestHub(realtime.Options{})
	c := dial(t, startServer(t, hub))
	c.hello("")
	c.subscribe(realtime.TopicCatalog)
	resubscribed := resyncProbe(make(chan struct{}, 1))
	runBridge(t, subscriber, channel, realtime.Receivers{hub, resubscribed}, slog.New(slog.NewTextHandler(logs, nil)))
	waitForSubscribers(t, db.Client, channel, 1)

	ctx := context.Background()
	before := pubsubClientID(t, db.Client, name)
	killed, err := db.Client.Do(ctx, "CLIENT", "KILL", "TYPE", "pubsub", "ID", before).Int()
	if err != nil || killed != 1 {
		t.Fatalf("CLIENT KILL TYPE pubsub ID %s = %d, %v; want 1 client killed", before, killed, err)
	}
	// Redis confirmed the bridge's new subscription (go-redis may reconnect the lost one for a
	// moment before the bridge closes it: an event published then is lost, as Resync says).
	select {
	case <-resubscribed:
	case <-time.After(10 * time.Second):
		t.Fatal("the bridge did not subscribe again within 10 s")
	}
	if id := pubsubClientID(t, db.Client, name); id == "" || id == before {
		t.Fatalf("subscribed again as client %q, want a new client (the killed one was %s)", id, before)
	}

	worker := realtime.NewBridge(db.Client, channel)
	if err := worker.Publish(ctx, testEvent("after-kill", realtime.TopicCatalog)); err != nil {
		t.Fatal(err)
	}
	c.expectEvent("after-kill")
	if !strings.Contains(logs.String(), "redis subscription failed") {
		t.Errorf("the lost subscription was not logged:\n%s", logs.String())
	}
}

// resyncProbe is a Receiver that signals when the bridge has subscribed again after a loss.
type resyncProbe chan struct{}

func (p resyncProbe) Publish(realtime.Event) {}

func (p resyncProbe) Resync() {
	select {
	case p <- struct{}{}:
	default:
	}
}

// namedSubscriber is a client of db's Redis for a bridge to subscribe with, under a name of
// its own, so a test can kill only that pub/sub client and not those of other packages' tests
// sharing this Redis.
func namedSubscriber(t *testing.T, db redistest.DB) (*redis.Client, string) {
	t.Helper()
	opts := *db.Client.Options()
	opts.ClientName = strings.TrimSuffix(db.Prefix, ":") + "-bridge"
	subscriber := redis.NewClient(&opts)
	t.Cleanup(func() { subscriber.Close() })
	return subscriber, opts.ClientName
}

// pubsubClientID is the id of the pub/sub client named name in CLIENT LIST, or "".
func pubsubClientID(t *testing.T, rdb *redis.Client, name string) string {
	t.Helper()
	list, err := rdb.Do(context.Background(), "CLIENT", "LIST", "TYPE", "pubsub").Text()
	if err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`(?m)^id=(\d+) .*\bname=` + regexp.QuoteMeta(name) + ` .*$`)
	if m := line.FindStringSubmatch(list); m != nil {
		return m[1]
	}
	return ""
}

// lockedBuffer collects log lines written from several goroutines.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
