// Package company keeps the details of the business that runs the shop: its name, address
// and contacts, which appear on invoices, mails and shipments. Checkout refuses to take
// orders until they are set up. It guarantees there is at most one company.
package company

import (
	"context"
	"net/mail"
	"regexp"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

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
func NewService(pool *pgxpool.Pool) *Service {
	return &Service{store: store{q: companydb.New(postgres.Translating(pool))}}
}

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
		if shop.Is(err, shop.NotFound) {
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

// Save writes the company details, trimmed. Errors: Invalid, naming the fields as the wire
// spells them: companyName required; email, zip (a 6-digit PIN code) and contact1/contact2
// (phone numbers) well formed when given; every field within its length.
func (s *Service) Save(ctx context.Context, c Company) (Company, error) {
	c = trimmed(c)
	if err := validate(c); err != nil {
		return Company{}, err
	}
	err := s.store.q.SaveCompany(ctx, companydb.SaveCompanyParams{
		Name: c.Name, Tagline: c.Tagline, Description: c.Description, AddressLine1: c.AddressLine1,
		AddressLine2: c.AddressLine2, City: c.City, State: c.State, Zip: c.Zip, Contact1: c.Contact1,
		Contact2: c.Contact2, Email: c.Email, VendorID: c.VendorID})
	if err != nil {
		return Company{}, err
	}
	s.mu.Lock()
	s.kept = nil
	s.mu.Unlock()
	return s.Get(ctx)
}

// Lengths of the company's fields, in characters.
const (
	nameMaxLength        = 120
	lineMaxLength        = 200
	descriptionMaxLength = 2000
)

var (
	pinCode    = regexp.MustCompile(`^[1-9][0-9]{5}$`)
	phoneShape = regexp.MustCompile(`^\+?[0-9 ()-]+$`)
)

// isPhone accepts a phone number as people write it: digits with spaces, dashes and
// brackets, an optional leading +, and 7 to 15 digits in all.
func isPhone(s string) bool {
	digits := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			digits++
		}
	}
	return phoneShape.MatchString(s) && digits >= 7 && digits <= 15
}

func trimmed(c Company) Company {
	for _, f := range []*string{&c.Name, &c.Tagline, &c.Description, &c.AddressLine1, &c.AddressLine2, &c.City, &c.State,
		&c.Zip, &c.Contact1, &c.Contact2, &c.Email, &c.VendorID} {
		*f = strings.TrimSpace(*f)
	}
	return c
}

func validate(c Company) error {
	p := shop.Problems{}
	p.Check(c.Name == "", "companyName", "Company name is required")
	p.Check(utf8.RuneCountInString(c.Name) > nameMaxLength, "companyName", "Company name must be at most 120 characters")
	p.Check(utf8.RuneCountInString(c.Description) > descriptionMaxLength, "description", "Description must be at most 2000 characters")
	for field, v := range map[string]string{"tagline": c.Tagline, "addressLine1": c.AddressLine1, "addressLine2": c.AddressLine2,
		"city": c.City, "state": c.State, "vendorId": c.VendorID, "email": c.Email} {
		p.Check(utf8.RuneCountInString(v) > lineMaxLength, field, field+" must be at most 200 characters")
	}
	p.Check(c.Zip != "" && !pinCode.MatchString(c.Zip), "zip", "Zip must be a 6-digit PIN code")
	p.Check(c.Contact1 != "" && !isPhone(c.Contact1), "contact1", "Contact 1 must be a phone number")
	p.Check(c.Contact2 != "" && !isPhone(c.Contact2), "contact2", "Contact 2 must be a phone number")
	if c.Email != "" {
		addr, err := mail.ParseAddress(c.Email)
		p.Check(err != nil || addr.Address != c.Email || !strings.Contains(c.Email[strings.LastIndex(c.Email, "@"):], "."),
			"email", "Enter a valid email address")
	}
	for field, v := range map[string]string{"companyName": c.Name, "tagline": c.Tagline, "description": c.Description,
		"addressLine1": c.AddressLine1, "addressLine2": c.AddressLine2, "city": c.City, "state": c.State, "vendorId": c.VendorID} {
		p.Check(strings.ContainsFunc(v, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' }),
			field, field+" has characters that are not allowed")
	}
	return p.Err()
}
