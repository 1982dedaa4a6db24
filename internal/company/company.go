// Package company keeps the details of the business that runs the shop: its name, address
// and contacts, which appear on invoices, mails and shipments. Checkout refuses to take
// orders until they are set up. It guarantees there is at most one company.
package company

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/company/companydb"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
)

// NotSetUp is the message when the shop has no company details yet (SPEC §5).
const NotSetUp = "Company details not added"

// Service is the company use cases.
type Service struct {
	store store
	mu    sync.Mutex
	kept  *Company // read at `at`; every checkout asks, the answer rarely changes
	at    time.Time
}

// Fresh is how long Get answers from memory. Details saved through this process show at once;
// saved through another, within Fresh.
const Fresh = 30 * time.Second

// NewService makes the company service.
func NewService(pool *pgxpool.Pool) *Service { return &Service{store: store{q: companydb.New(pool)}} }

// Get is the company. Errors: NotFound (NotSetUp) before the details are saved.
func (s *Service) Get(ctx context.Context) (Company, error) {
	s.mu.Lock()
	if s.kept != nil && time.Since(s.at) < Fresh {
		c := *s.kept
		s.mu.Unlock()
		return c, nil
	}
	s.mu.Unlock()
	row, err := s.store.q.Company(ctx)
	if err != nil {
		if err = postgres.Translate(err); shop.Is(err, shop.NotFound) {
			return Company{}, shop.E(shop.NotFound, NotSetUp)
		}
		return Company{}, err
	}
	c := fromRow(row)
	s.mu.Lock()
	s.kept, s.at = &c, time.Now()
	s.mu.Unlock()
	return c, nil
}

// Save writes the company details. Errors: Invalid without a name.
func (s *Service) Save(ctx context.Context, c Company) (Company, error) {
	p := shop.Problems{}
	p.Check(strings.TrimSpace(c.Name) == "", "companyName", "Company name is required")
	if err := p.Err(); err != nil {
		return Company{}, err
	}
	err := s.store.q.SaveCompany(ctx, companydb.SaveCompanyParams{
		Name: strings.TrimSpace(c.Name), Tagline: c.Tagline, Description: c.Description, AddressLine1: c.AddressLine1,
		AddressLine2: c.AddressLine2, City: c.City, State: c.State, Zip: c.Zip, Contact1: c.Contact1,
		Contact2: c.Contact2, Email: c.Email, VendorID: c.VendorID})
	if err != nil {
		return Company{}, postgres.Translate(err)
	}
	s.mu.Lock()
	s.kept = nil
	s.mu.Unlock()
	return s.Get(ctx)
}
