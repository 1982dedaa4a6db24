// Package company keeps the details of the business that runs the shop: its name, address
// and contacts, which appear on invoices, mails and shipments. Checkout refuses to take
// orders until they are set up. It guarantees there is at most one company.
package company

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/company/companydb"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
)

// NotSetUp is the message when the shop has no company details yet (SPEC §5).
const NotSetUp = "Company details not added"

// Service is the company use cases.
type Service struct{ store store }

// NewService makes the company service.
func NewService(pool *pgxpool.Pool) *Service { return &Service{store: store{q: companydb.New(pool)}} }

// Get is the company. Errors: NotFound (NotSetUp) before the details are saved.
func (s *Service) Get(ctx context.Context) (Company, error) {
	row, err := s.store.q.Company(ctx)
	if err != nil {
		if err = postgres.Translate(err); shop.Is(err, shop.NotFound) {
			return Company{}, shop.E(shop.NotFound, NotSetUp)
		}
		return Company{}, err
	}
	return fromRow(row), nil
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
	return s.Get(ctx)
}
