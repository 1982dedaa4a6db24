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

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/company/companydb"
	"drape/internal/gst"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
)

// NotSetUp is the message when the shop has no company details yet (SPEC §5).
const NotSetUp = "Company details not added"

// Service is the company use cases.
type Service struct {
	pool  *pgxpool.Pool
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
	return &Service{pool: pool, store: store{q: companydb.New(postgres.Translating(pool))}}
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

// GetInTx is Get for a use case holding locks in tx: on a miss it reads through tx rather
// than wait for a second connection. Errors: as Get.
func (s *Service) GetInTx(ctx context.Context, tx pgx.Tx) (Company, error) {
	s.mu.Lock()
	if s.kept != nil && time.Since(s.at) < Fresh {
		c := *s.kept
		s.mu.Unlock()
		return c, nil
	}
	s.mu.Unlock()
	row, err := companydb.New(tx).Company(ctx)
	if shop.Is(err, shop.NotFound) {
		return Company{}, shop.E(shop.NotFound, NotSetUp)
	} else if err != nil {
		return Company{}, err
	}
	return fromRow(row), nil
}

// Save writes the company details, trimmed, and its tax settings, or keeps the stored ones
// when tax is nil (a form that does not show them). Errors: Invalid, naming the fields as the
// wire spells them: companyName required; email, zip (a 6-digit PIN code) and
// contact1/contact2 (phone numbers) well formed when given; every field within its length;
// when GST-registered and tax is given, a valid GSTIN (format, state code, check character)
// of the state the address names, a legal name and an invoice prefix of 1 to 3 capital
// letters or digits.
func (s *Service) Save(ctx context.Context, c Company, tax *Tax) (Company, error) {
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := companydb.New(tx)
		if tax == nil {
			row, err := q.CompanyForUpdate(ctx)
			if err != nil && !shop.Is(err, shop.NotFound) {
				return err
			}
			c.Tax = fromRow(row).Tax
		} else {
			c.Tax = *tax
		}
		c = trimmed(c)
		if err := validate(c, tax != nil); err != nil {
			return err
		}
		return q.SaveCompany(ctx, companydb.SaveCompanyParams{
			Name: c.Name, Tagline: c.Tagline, Description: c.Description, AddressLine1: c.AddressLine1,
			AddressLine2: c.AddressLine2, City: c.City, State: c.State, Zip: c.Zip, Contact1: c.Contact1,
			Contact2: c.Contact2, Email: c.Email, VendorID: c.VendorID, GstRegistered: c.Registered, Gstin: c.GSTIN,
			LegalName: c.LegalName, InvoicePrefix: c.InvoicePrefix})
	})
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
	pinCode       = regexp.MustCompile(`^[1-9][0-9]{5}$`)
	invoicePrefix = regexp.MustCompile(`^[A-Z0-9]{1,3}$`)
	phoneShape    = regexp.MustCompile(`^\+?[0-9 ()-]+$`)
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
		&c.Zip, &c.Contact1, &c.Contact2, &c.Email, &c.VendorID, &c.LegalName, &c.InvoicePrefix} {
		*f = strings.TrimSpace(*f)
	}
	c.GSTIN = gst.NormalGSTIN(c.GSTIN)
	c.InvoicePrefix = strings.ToUpper(c.InvoicePrefix)
	return c
}

// validate checks c; withTax says the tax settings were given, and are then checked against
// the address too.
func validate(c Company, withTax bool) error {
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
	validateTax(p, c, withTax)
	for field, v := range map[string]string{"legalName": c.LegalName, "companyName": c.Name, "tagline": c.Tagline, "description": c.Description,
		"addressLine1": c.AddressLine1, "addressLine2": c.AddressLine2, "city": c.City, "state": c.State, "vendorId": c.VendorID} {
		p.Check(strings.ContainsFunc(v, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' }),
			field, field+" has characters that are not allowed")
	}
	return p.Err()
}

// validateTax checks the tax settings: all of them when the shop is registered, their form
// when they are given anyway; the registered address's state against the GSTIN's when they
// were given (withTax). A save of the other details alone never fails on them: the GSTIN's
// state code is the supplier's state on invoices.
func validateTax(p shop.Problems, c Company, withTax bool) {
	p.Check(utf8.RuneCountInString(c.LegalName) > nameMaxLength, "legalName", "Legal name must be at most 120 characters")
	p.Check(c.InvoicePrefix != "" && !invoicePrefix.MatchString(c.InvoicePrefix), "invoicePrefix",
		"Invoice prefix must be 1 to 3 capital letters or digits")
	if c.GSTIN != "" {
		if problem := gst.GSTINProblem(c.GSTIN); problem != "" {
			p.Add("gstin", problem)
		}
	}
	if !c.Registered || !withTax {
		return
	}
	p.Check(c.GSTIN == "", "gstin", "GSTIN is required for a GST-registered shop")
	p.Check(c.LegalName == "", "legalName", "Legal name is required for a GST-registered shop")
	p.Check(c.InvoicePrefix == "", "invoicePrefix", "Invoice prefix is required for a GST-registered shop")
	st, ok := gst.StateNamed(c.State)
	p.Check(!ok, "state", "Choose the state of the registered address")
	if ok && gst.GSTINProblem(c.GSTIN) == "" && c.GSTIN[:2] != st.Code {
		p.Add("gstin", "This GSTIN is from state code "+c.GSTIN[:2]+", but the address is in "+st.Name+" ("+st.Code+")")
	}
}
