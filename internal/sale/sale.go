// Package sale runs the shop's sales: which are on, what they cover (a gender, a category,
// some sub-categories, or all), and their banners. Prices under a sale are computed by package
// pricing; this package says which sales apply and in which order.
//
// It owns the sales and sale_sub_categories tables and no other: the names of the categories
// and sub-categories a sale covers come from the catalog's service (Categories), at read time.
//
// It guarantees that a sale change is announced to open storefronts (sale.changed on the
// sales topic) in the same transaction that makes it. The running sales are kept in memory
// until they change: this server's own changes drop them at once, and the server drops them
// when sale.changed arrives from another (server/caches.go), so there is no time to live.
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

	mu      sync.Mutex
	loaded  bool
	cached  []Sale         // the running sales, without category names
	pricing []pricing.Sale // cached as package pricing needs them
	version uint64         // bumped each time the cache is dropped
}

// NewService makes the sale service. Until NameCategoriesFrom is called, sales carry no
// category names and sales cannot be written (the worker only prices with them).
func NewService(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, store: store{q: saledb.New(pool)}}
}

// NameCategoriesFrom makes the service name categories and sub-categories, and check the
// ones a sale is given, with c. Call it once, before the service is used.
func (s *Service) NameCategoriesFrom(c Categories) { s.categories = c }

// errNoCategories: a sale is written through a service that cannot check categories.
var errNoCategories = errors.New("sale: no categories to check a sale against (NameCategoriesFrom)")

// load returns the running sales from memory, reading them first when they are not there.
// Call with mu held: a change waits for a read in progress, so it never leaves it behind.
func (s *Service) load(ctx context.Context) error {
	if s.loaded {
		return nil
	}
	sales, err := s.store.running(ctx)
	if err != nil {
		return postgres.Translate(err)
	}
	s.cached, s.pricing, s.loaded = sales, make([]pricing.Sale, len(sales)), true
	for i, sl := range sales {
		s.pricing[i] = sl.Pricing()
	}
	return nil
}

// Running lists the sales that are on, first first (the storefront banner uses the first),
// with the names of their categories. Errors: Unavailable when the database is.
func (s *Service) Running(ctx context.Context) ([]Sale, error) {
	s.mu.Lock()
	err := s.load(ctx)
	cached := s.cached
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	return s.named(ctx, cached)
}

// PricingSales is the running sales as package pricing needs them, first first. The slice is
// shared until the sales change: do not modify it.
func (s *Service) PricingSales(ctx context.Context) ([]pricing.Sale, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.load(ctx); err != nil {
		return nil, err
	}
	return s.pricing, nil
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
	return names, postgres.Translate(err)
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
