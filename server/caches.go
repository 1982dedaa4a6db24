package main

import (
	"drape/internal/shop/event"
	"drape/realtime"
)

// Publish is the one place this server's caches follow changes made anywhere. Every event a
// domain writes to the outbox reaches every server through the relay and the Redis bridge
// (main.go hands them here before the hub); a change drops what it makes stale:
//   - sale.changed: the running sales, and so (through the sales' pricing version) every
//     listing page priced with them;
//   - catalog.changed: listings and categories (sale banners name categories through the
//     catalog, so they follow too);
//   - stock.changed: listings.
//
// A domain also drops its own cache when it makes a change itself, so the server that made it
// shows it at once; nothing else (no handler, no time to live) clears a cache.
func (svc services) Publish(ev realtime.Event) {
	switch event.Name(ev.Type) {
	case event.SaleChanged:
		svc.sales.Expire()
	case event.CatalogChanged, event.StockChanged:
		svc.catalog.Expire()
	}
}

// Resync implements realtime.Resyncer: the bridge lost its subscription, and the events
// published meanwhile never arrived, so every cache is dropped.
func (svc services) Resync() {
	svc.catalog.Expire()
	svc.sales.Expire()
}
