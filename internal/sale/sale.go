// Package sale runs the shop's sales: which are on, what they cover (a gender, a category,
// some sub-categories, or all), and their banners. Prices under a sale are computed by package
// pricing; this package says which sales apply and in which order.
//
// It owns the sales and sale_sub_categories tables and no other: the names of the categories
// and sub-categories a sale covers come from the catalog's service (Categories), at read time.
//
// It guarantees that a sale change is announced to open storefronts (sale.changed on the
// sales topic) in the same transaction that makes it. In the server (CacheRunning) the running
// sales are kept in memory until they change: this server's own changes drop them at once,
// and the server drops them when sale.changed arrives from another (server/caches.go), so
// there is no time to live. Elsewhere (the worker) they are read each time.
package sale

import (
	"context"
	"errors"
	"sync"

	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/catalog"
	"drape/internal/platform/postgres"
	"drape/internal/pricing"
	"drape/internal/sale/saledb"
	"drape/internal/shop"
)

// Categories is the catalog as the sales see it: every category with its sub-categories, in
// display order (*catalog.Service).
type Categories interface {
	Categories(ctx context.Context) ([]catalog.Category, error)
}

// Service is the sales use cases.
type Service struct {
	pool       *pgxpool.Pool
	store      store
	categories Categories
	caching    bool

	mu      sync.Mutex
	loaded  bool
	cached  []Sale         // the running sales, without category names
	pricing []pricing.Sale // cached as package pricing needs them
	version uint64         // bumped each time the cache is dropped
}

// NewService makes the sale service. It reads the running sales from the database each time
// until CacheRunning is called. Until NameCategoriesFrom is called, sales carry no category
// names and sales cannot be written (the worker only prices with them).
func NewService(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, store: store{q: saledb.New(postgres.Translating(pool))}}
}

// NameCategoriesFrom makes the service name categories and sub-categories, and check the
// ones a sale is given, with c. Call it once, before the service is used.
func (s *Service) NameCategoriesFrom(c Categories) { s.categories = c }

// CacheRunning keeps the running sales in memory until they change: for a process that calls
// Expire on every sale.changed (the server, server/caches.go). Call it once, before the
// service is used.
func (s *Service) CacheRunning() { s.caching = true }

// errNoCategories: a sale is written through a service that cannot check categories.
var errNoCategories = errors.New("sale: no categories to check a sale against (NameCategoriesFrom)")

// running is the running sales, without names, and as package pricing needs them: from
// memory when the service caches them (reading them first when they are not there), else from
// the database. Both are shared: do not modify them.
func (s *Service) running(ctx context.Context) ([]Sale, []pricing.Sale, error) {
	if !s.caching {
		sales, err := s.store.running(ctx)
		if err != nil {
			return nil, nil, err
		}
		return sales, pricingOf(sales), nil
	}
	// The lock is held while reading: a change waits for a read in progress, so it never
	// leaves that read's older answer behind.
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.loaded {
		sales, err := s.store.running(ctx)
		if err != nil {
			return nil, nil, err
		}
		s.cached, s.pricing, s.loaded = sales, pricingOf(sales), true
	}
	return s.cached, s.pricing, nil
}

func pricingOf(sales []Sale) []pricing.Sale {
	out := make([]pricing.Sale, len(sales))
	for i, sl := range sales {
		out[i] = sl.Pricing()
	}
	return out
}

// Running lists the sales that are on, first first (the storefront banner uses the first),
// with the names of their categories. Errors: Unavailable when the database is.
func (s *Service) Running(ctx context.Context) ([]Sale, error) {
	sales, _, err := s.running(ctx)
	if err != nil {
		return nil, err
	}
	return s.named(ctx, sales)
}

// PricingSales is the running sales as package pricing needs them, first first. The slice is
// shared: do not modify it.
func (s *Service) PricingSales(ctx context.Context) ([]pricing.Sale, error) {
	_, out, err := s.running(ctx)
	return out, err
}

// PricingVersion changes whenever the running sales may have changed since it was read: what
// was priced before it changed is priced again (the catalog's listing pages).
func (s *Service) PricingVersion() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.version
}

// Covering names the sales, on or off, that cover the category categoryID or one of
// subCategoryIDs, in the shop's order (the catalog refuses to delete what a sale covers).
func (s *Service) Covering(ctx context.Context, categoryID string, subCategoryIDs []string) ([]string, error) {
	names, err := s.store.q.SalesCovering(ctx, saledb.SalesCoveringParams{CategoryID: categoryID, SubCategoryIds: subCategoryIDs})
	return names, err
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

// Expire makes the next read go to the database: the sales, or the categories they name,
// changed (server/caches.go calls it when the event says so).
func (s *Service) Expire() { s.forget() }

// forget drops the cached running sales, so this server sees its own change at once.
func (s *Service) forget() {
	s.mu.Lock()
	s.loaded, s.cached, s.pricing = false, nil, nil
	s.version++
	s.mu.Unlock()
}
