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
		_, err := s.Save(ctx, bad)
		se, ok := err.(*shop.Error)
		if !ok || se.Kind != shop.Invalid || se.Fields[c.field] == "" {
			t.Errorf("%+v: %v, want a problem with %s", bad, err, c.field)
		}
	}
	if _, err := s.Get(ctx); !shop.Is(err, shop.NotFound) {
		t.Fatalf("a refused save wrote: %v", err)
	}
	saved, err := s.Save(ctx, good)
	if err != nil || saved.Name != "Jaipur Formals" || saved.Zip != "302001" || saved.Address != "14 MI Road, Jaipur, Rajasthan, 302001" {
		t.Fatalf("save: %+v %v", saved, err)
	}
	again, err := s.Save(ctx, Company{Name: "Drape"})
	if err != nil || again.Name != "Drape" || again.City != "" {
		t.Fatalf("saving again replaces the details: %+v %v", again, err)
	}
}
