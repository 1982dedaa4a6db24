// Package sale runs the shop's sales: which are on, what they cover (a gender, a category,
// some sub-categories, or all), and their banners. Prices under a sale are computed by package
// pricing; this package says which sales apply and in which order.
//
// It guarantees that a sale change is announced to open storefronts (sale.changed on the
// sales topic) in the same transaction that makes it, and that readers see a change within
// cacheTTL on every server.
package sale

import (
	"context"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/platform/postgres"
	"drape/internal/pricing"
	"drape/internal/sale/saledb"
	"drape/internal/shop"
)

// cacheTTL bounds how stale the running sales may be on a server that did not make the change.
const cacheTTL = 2 * time.Second

// Service is the sales use cases.
type Service struct {
	pool  *pgxpool.Pool
	store store

	mu      sync.Mutex
	cached  []Sale
	expires time.Time
}

// NewService makes the sale service.
func NewService(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, store: store{q: saledb.New(postgres.Translating(pool))}}
}

// Running lists the sales that are on, first first (the storefront banner uses the first).
func (s *Service) Running(ctx context.Context) ([]Sale, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if time.Now().Before(s.expires) {
		return s.cached, nil
	}
	sales, err := s.store.running(ctx)
	if err != nil {
		return nil, err
	}
	s.cached, s.expires = sales, time.Now().Add(cacheTTL)
	return sales, nil
}

// PricingSales is Running as package pricing needs it.
func (s *Service) PricingSales(ctx context.Context) ([]pricing.Sale, error) {
	sales, err := s.Running(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]pricing.Sale, len(sales))
	for i, sl := range sales {
		out[i] = sl.Pricing()
	}
	return out, nil
}

// RunningSale is one running sale. Errors: NotFound when it does not exist or is off.
func (s *Service) RunningSale(ctx context.Context, id string) (Sale, error) {
	sales, err := s.Running(ctx)
	if err != nil {
		return Sale{}, err
	}
	for _, sl := range sales {
		if sl.ID == id {
			return sl, nil
		}
	}
	return Sale{}, shop.E(shop.NotFound, "This sale is not running")
}

// Expire makes the next read go to the database: another server changed a sale.
func (s *Service) Expire() { s.forget() }

// forget drops the cached running sales so this server sees its own change at once.
func (s *Service) forget() {
	s.mu.Lock()
	s.expires = time.Time{}
	s.mu.Unlock()
}
