package catalog

import (
	"context"
	"testing"

	"drape/internal/platform/dbtest"
	"drape/internal/shop"
)

// TestProductHSNs: a product gets its sub-category's HSN heading when it is created (woven
// shirts 6205, women's trousers 6204); one with none stored gets the default when read, and
// an unknown id is left out.
func TestProductHSNs(t *testing.T) {
	pool, _ := dbtest.New(t)
	s := NewServiceFresh(pool, noSales{}, 0)
	ctx := context.Background()
	shirt := newTestProduct(t, s)
	women, err := s.CreateCategory(ctx, NewCategory{Name: "Women", Gender: "Women"})
	if err != nil {
		t.Fatal(err)
	}
	trousers, err := s.CreateSubCategory(ctx, NewSubCategory{CategoryID: women.ID, CategoryType: "Women's Trousers"})
	if err != nil {
		t.Fatal(err)
	}
	pair, err := s.CreateProduct(ctx, NewProduct{Code: "JF-2", Name: "Pleated Trousers", Gender: "Women", SubCategoryID: trousers.ID,
		Price: shop.Rupees(2499), Sizes: []Size{{Size: "28", Stock: 3}}})
	if err != nil {
		t.Fatal(err)
	}
	var stored string
	if err := pool.QueryRow(ctx, `SELECT hsn FROM products WHERE id = $1`, pair.ID).Scan(&stored); err != nil || stored != "6204" {
		t.Fatalf("stored HSN %q (%v), want 6204", stored, err)
	}
	if _, err := pool.Exec(ctx, `UPDATE products SET hsn = '' WHERE id = $1`, shirt.ID); err != nil {
		t.Fatal(err)
	}
	got, err := s.HSNs(ctx, []string{shirt.ID, pair.ID, "0123456789abcdef01234567"})
	if err != nil || len(got) != 2 || got[shirt.ID] != "6205" || got[pair.ID] != "6204" {
		t.Fatalf("HSNs: %v %v", got, err)
	}
}

// TestEditProductHSN: the product editor sets a product's HSN code (4, 6 or 8 digits) and
// shows it; a malformed one is refused and changes nothing.
func TestEditProductHSN(t *testing.T) {
	pool, _ := dbtest.New(t)
	s := NewServiceFresh(pool, noSales{}, 0)
	ctx := context.Background()
	shirt := newTestProduct(t, s)
	before, err := s.AdminProduct(ctx, shirt.ID)
	if err != nil || before.HSN != "6205" {
		t.Fatalf("before: %q %v", before.HSN, err)
	}
	for _, bad := range []string{"62", "62051", "6205AB", "620520123"} {
		if _, err := s.UpdateProduct(ctx, shirt.ID, ProductChanges{HSN: &bad}); !shop.Is(err, shop.Invalid) || err.(*shop.Error).Fields["hsn"] == "" {
			t.Errorf("HSN %q: %v, want Invalid naming hsn", bad, err)
		}
	}
	knitted := " 610510 "
	after, err := s.UpdateProduct(ctx, shirt.ID, ProductChanges{HSN: &knitted})
	if err != nil || after.HSN != "610510" {
		t.Fatalf("after: %q %v", after.HSN, err)
	}
	got, err := s.HSNs(ctx, []string{shirt.ID})
	if err != nil || got[shirt.ID] != "610510" {
		t.Fatalf("HSNs: %v %v", got, err)
	}
}
