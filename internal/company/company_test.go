package company

import (
	"context"
	"testing"

	"drape/internal/platform/dbtest"
	"drape/internal/shop"
)

func TestSaveChecksAndTrimsTheDetails(t *testing.T) {
	pool, _ := dbtest.New(t)
	s := NewService(pool)
	ctx := context.Background()
	if _, err := s.Get(ctx); !shop.Is(err, shop.NotFound) || err.Error() != NotSetUp {
		t.Fatalf("before saving: %v", err)
	}
	good := Company{Name: " Jaipur Formals ", AddressLine1: "14 MI Road", City: "Jaipur", State: "Rajasthan", Zip: " 302001 ",
		Contact1: "+91 141 400 2024", Contact2: "(0141) 400-2025", Email: "care@jaipurformals.in"}
	for _, c := range []struct {
		change func(*Company)
		field  string
	}{
		{func(c *Company) { c.Name = "  " }, "companyName"},
		{func(c *Company) { c.Zip = "02001" }, "zip"},
		{func(c *Company) { c.Zip = "3020011" }, "zip"},
		{func(c *Company) { c.Email = "care at jaipur" }, "email"},
		{func(c *Company) { c.Email = "Care <care@jaipurformals.in>" }, "email"},
		{func(c *Company) { c.Contact1 = "call us" }, "contact1"},
		{func(c *Company) { c.Contact2 = "12" }, "contact2"},
		{func(c *Company) { c.City = string(make([]byte, 201)) }, "city"},
		{func(c *Company) { c.Tagline = "tab\x00nul" }, "tagline"},
	} {
		bad := good
		c.change(&bad)
		_, err := s.Save(ctx, bad, nil)
		se, ok := err.(*shop.Error)
		if !ok || se.Kind != shop.Invalid || se.Fields[c.field] == "" {
			t.Errorf("%+v: %v, want a problem with %s", bad, err, c.field)
		}
	}
	if _, err := s.Get(ctx); !shop.Is(err, shop.NotFound) {
		t.Fatalf("a refused save wrote: %v", err)
	}
	saved, err := s.Save(ctx, good, nil)
	if err != nil || saved.Name != "Jaipur Formals" || saved.Zip != "302001" || saved.Address != "14 MI Road, Jaipur, Rajasthan, 302001" {
		t.Fatalf("save: %+v %v", saved, err)
	}
	again, err := s.Save(ctx, Company{Name: "Drape"}, nil)
	if err != nil || again.Name != "Drape" || again.City != "" {
		t.Fatalf("saving again replaces the details: %+v %v", again, err)
	}
}

// TestTaxSettings: a GST-registered shop needs a valid GSTIN of its address's state, a legal
// name and an invoice prefix; refused settings change nothing; a save without tax settings
// keeps the stored ones.
func TestTaxSettings(t *testing.T) {
	pool, _ := dbtest.New(t)
	s := NewService(pool)
	ctx := context.Background()
	firm := Company{Name: "Jaipur Formals", AddressLine1: "14 MI Road", City: "Jaipur", State: "Rajasthan", Zip: "302001"}
	good := Tax{Registered: true, GSTIN: " 08aaacj4321k1zo ", LegalName: "Jaipur Formals Private Limited", InvoicePrefix: "jf"}
	for _, c := range []struct {
		change func(*Tax)
		field  string
	}{
		{func(x *Tax) { x.GSTIN = "" }, "gstin"},
		{func(x *Tax) { x.GSTIN = "08AAACJ4321K1ZP" }, "gstin"},      // check character
		{func(x *Tax) { x.GSTIN = "27AAPFU0939F1ZV" }, "gstin"},      // Maharashtra's, the address is in Rajasthan
		{func(x *Tax) { x.GSTIN = "08AAACJ4321K1Z" }, "gstin"},       // 14 characters
		{func(x *Tax) { x.LegalName = " " }, "legalName"},            // required when registered
		{func(x *Tax) { x.InvoicePrefix = "JFX1" }, "invoicePrefix"}, // 4 characters
		{func(x *Tax) { x.InvoicePrefix = "J/" }, "invoicePrefix"},
		{func(x *Tax) { x.Registered = false; x.GSTIN = "27AAPFU0939F1ZW" }, "gstin"}, // given, so checked
	} {
		bad := good
		c.change(&bad)
		_, err := s.Save(ctx, firm, &bad)
		se, ok := err.(*shop.Error)
		if !ok || se.Kind != shop.Invalid || se.Fields[c.field] == "" {
			t.Errorf("%+v: %v, want a problem with %s", bad, err, c.field)
		}
	}
	if _, err := s.Get(ctx); !shop.Is(err, shop.NotFound) {
		t.Fatalf("a refused save wrote: %v", err)
	}
	saved, err := s.Save(ctx, firm, &good)
	want := Tax{Registered: true, GSTIN: "08AAACJ4321K1ZO", LegalName: "Jaipur Formals Private Limited", InvoicePrefix: "JF"}
	if err != nil || saved.Tax != want || saved.StateCode != "08" {
		t.Fatalf("save: %+v %v", saved, err)
	}
	firm.Tagline = "Formal wear"
	kept, err := s.Save(ctx, firm, nil)
	if err != nil || kept.Tax != want || kept.Tagline != "Formal wear" {
		t.Fatalf("a save without tax settings: %+v %v", kept, err)
	}
	firm.State = "Gujarat"
	if _, err := s.Save(ctx, firm, &want); !shop.Is(err, shop.Invalid) {
		t.Fatalf("moving a registered shop's address out of its GSTIN's state: %v", err)
	}
	unregistered, err := s.Save(ctx, firm, &Tax{})
	if err != nil || unregistered.Registered || unregistered.GSTIN != "" || unregistered.StateCode != "24" {
		t.Fatalf("unregistering: %+v %v", unregistered, err)
	}
}
