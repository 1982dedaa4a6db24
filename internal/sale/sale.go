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
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/outbox"
	"drape/internal/platform/postgres"
	"drape/internal/pricing"
	"drape/internal/sale/saledb"
	"drape/internal/shop"
	"drape/realtime"
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
	return &Service{pool: pool, store: store{q: saledb.New(pool)}}
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
		return nil, postgres.Translate(err)
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

// Create adds a sale and announces it. Errors: Invalid.
func (s *Service) Create(ctx context.Context, in NewSale) (Sale, error) {
	p := shop.Problems{}
	in.Name = strings.TrimSpace(in.Name)
	p.Check(in.Name == "", "saleName", "saleName is required")
	p.Check(in.Discount < 1 || in.Discount > 90, "discountPercentage", "discountPercentage must be from 1 to 90")
	p.Check(!slices.Contains([]string{pricing.All, "Men", "Women", "Unisex"}, in.Gender), "gender", "gender must be All, Men, Women or Unisex")
	p.Check(in.CategoryID != "" && !shop.IsID(in.CategoryID), "category", "category must be All or a category id")
	for _, id := range in.SubCategoryIDs {
		p.Check(!shop.IsID(id), "subCategories", "subCategories must be sub-category ids")
	}
	if err := p.Err(); err != nil {
		return Sale{}, err
	}
	id := shop.NewID()
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := saledb.New(tx)
		err := q.InsertSale(ctx, saledb.InsertSaleParams{
			ID: id, Name: in.Name, Discount: int32(in.Discount), Active: in.Active, Gender: in.Gender,
			CategoryID: pgtype.Text{String: in.CategoryID, Valid: in.CategoryID != ""}, Image: in.Image, MobileImage: in.MobileImage,
		})
		if err != nil {
			return err
		}
		for _, sc := range in.SubCategoryIDs {
			if err := q.InsertSaleSubCategory(ctx, saledb.InsertSaleSubCategoryParams{SaleID: id, SubCategoryID: sc}); err != nil {
				return err
			}
		}
		return outbox.Publish(ctx, tx, "sale.changed", realtime.TopicSales, map[string]string{"saleId": id})
	})
	if err != nil {
		return Sale{}, err
	}
	s.forget()
	return Sale{ID: id, Name: in.Name, Discount: in.Discount, DiscountPercentage: in.Discount, Status: in.Active, Gender: in.Gender}, nil
}

// Expire makes the next read go to the database: another server changed a sale.
func (s *Service) Expire() { s.forget() }

// forget drops the cached running sales so this server sees its own change at once.
func (s *Service) forget() {
	s.mu.Lock()
	s.expires = time.Time{}
	s.mu.Unlock()
}
