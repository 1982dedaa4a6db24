package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"drape/internal/outbox"
	"drape/internal/shop/event"
	"drape/jobs"
	"drape/realtime"
)

// receiverFunc is a realtime.Receiver made of a function.
type receiverFunc func(realtime.Event)

func (f receiverFunc) Publish(ev realtime.Event) { f(ev) }

// TestSaleChangeReachesAnotherServersListingThroughTheOutbox: a sale made through one server
// reprices the listing another server holds in memory as soon as the event arrives there
// (outbox, relay, Redis, bridge, caches.go), with no time to live to wait out and no stale
// page served while it reloads; a renamed sub-category reaches its banner there the same way.
func TestSaleChangeReachesAnotherServersListingThroughTheOutbox(t *testing.T) {
	s := newCatalogAdminShop(t, nil)
	other := newServices(s.d)
	otherApp := newApp(s.d, other)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)

	heard := make(chan realtime.Event, 256)
	bridge := realtime.NewBridge(s.d.redis, s.d.cfg.RealtimeChannel)
	bridge.Logger = s.d.log
	go bridge.Run(ctx, realtime.Receivers{other, receiverFunc(func(ev realtime.Event) { heard <- ev })})
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		subs, err := s.d.redis.PubSubNumSub(ctx, s.d.cfg.RealtimeChannel).Result()
		if err == nil && subs[s.d.cfg.RealtimeChannel] > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the other server's bridge did not subscribe")
		}
	}
	queue := asynq.NewClientFromRedisClient(s.d.redis)
	relay := outbox.NewRelay(s.d.pool, jobs.NewClient(queue), realtime.NewBridge(s.d.redis, s.d.cfg.RealtimeChannel), s.d.log)
	go relay.Run(ctx)
	// awaitEvent waits for the event `name` whose payload holds `about`: the relay first delivers
	// what the shop's setting-up left in the outbox, its own sale.changed among them.
	awaitEvent := func(name event.Name, about string) {
		t.Helper()
		timeout := time.After(10 * time.Second)
		for {
			select {
			case ev := <-heard:
				if ev.Type == string(name) && strings.Contains(string(ev.Data), about) {
					return
				}
			case <-timeout:
				t.Fatalf("%s never reached the other server", name)
			}
		}
	}

	listing := "/api/getproduct?type=Women's%20Shirts"
	status, body := send(t, otherApp, "GET", listing, "", nil)
	expect(t, "the other server's listing, before", status, body, 200, map[string]any{"data.items.0.discountedPrice": 2299, "data.items.0.sale.#": 0})

	status, body = send(t, s.app, "POST", "/api/admin/sales", s.admin, map[string]any{"saleName": "Silk Season", "discountPercentage": 30,
		"saleStatus": true, "gender": "Women", "category": "Women", "subCategories": []string{s.f.tops.ID}})
	expect(t, "a sale made through this server", status, body, 201, nil)
	awaitEvent(event.SaleChanged, jsonValue(t, body, "data._id").(string))
	status, body = send(t, otherApp, "GET", listing, "", nil)
	expect(t, "the other server's listing, at once", status, body, 200, map[string]any{"data.items.0.discountedPrice": 1609, "data.items.0.sale.0.saleName": "Silk Season"})
	status, body = send(t, otherApp, "GET", "/api/getsale", "", nil)
	expect(t, "the other server's banner", status, body, 200, map[string]any{"data.#": 2, "data.1.saleName": "Silk Season"})

	status, body = send(t, s.app, "PATCH", "/api/admin/subcategories/"+s.f.tops.ID, s.admin, map[string]any{"categoryType": "Silk Tops"})
	expect(t, "rename the sale's sub-category", status, body, 200, nil)
	awaitEvent(event.CatalogChanged, "")
	status, body = send(t, otherApp, "GET", "/api/getsale", "", nil)
	expect(t, "the other server's banner names it anew", status, body, 200, map[string]any{"data.1.subCategories.0.categoryType": "Silk Tops"})
}
