package catalog

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"drape/internal/platform/dbtest"
	"drape/internal/platform/postgres"
	"drape/internal/pricing"
	"drape/internal/shop"
)

type noSales struct{}

func (noSales) PricingSales(context.Context) ([]pricing.Sale, error) { return nil, nil }
func (noSales) PricingVersion() uint64                               { return 0 }
func (noSales) Covering(context.Context, string, []string) ([]string, error) {
	return nil, nil
}

func newTestProduct(t *testing.T, s *Service) Product {
	t.Helper()
	ctx := context.Background()
	men, err := s.CreateCategory(ctx, NewCategory{Name: "Men", Gender: "Men"})
	if err != nil {
		t.Fatal(err)
	}
	shirts, err := s.CreateSubCategory(ctx, NewSubCategory{CategoryID: men.ID, CategoryType: "Formal Shirts"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.CreateProduct(ctx, NewProduct{Code: "JF-1", Name: "Oxford Shirt", Gender: "Men", SubCategoryID: shirts.ID,
		Price: shop.Rupees(1999), Sizes: []Size{{Size: "M", Stock: 10}, {Size: "L", Stock: 4}}})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestStockEditorWaitsForOrders: an order holding a size's row makes the stock editor wait,
// and the editor then sees that the count it read is gone, so no unit is counted twice.
func TestStockEditorWaitsForOrders(t *testing.T) {
	pool, _ := dbtest.New(t)
	s := NewService(pool, noSales{})
	ctx := context.Background()
	p := newTestProduct(t, s)

	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.TakeStock(ctx, tx, []StockChange{{ProductID: p.ID, Name: p.Name, Size: "M", Quantity: 3}}); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	was := 10
	go func() {
		_, err := s.SetStock(ctx, p.ID, []StockLevel{{Size: "M", Stock: 25, Was: &was}, {Size: "L", Stock: 4}})
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("the editor did not wait for the order: %v", err)
	case <-time.After(200 * time.Millisecond):
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-done; !shop.Is(err, shop.Conflict) {
		t.Fatalf("editor after the order: %v, want Conflict", err)
	}
	got, _ := s.AdminProduct(ctx, p.ID)
	if got.Stock["M"] != 7 {
		t.Fatalf("M has %d, want 7 (10 less the order's 3)", got.Stock["M"])
	}
	// Read again, the editor's write goes through, and an order after it takes from it.
	was = 7
	if _, err := s.SetStock(ctx, p.ID, []StockLevel{{Size: "M", Stock: 25, Was: &was}, {Size: "L", Stock: 4}}); err != nil {
		t.Fatal(err)
	}
	err = postgres.InTx(ctx, pool, func(tx pgx.Tx) error {
		return s.TakeStock(ctx, tx, []StockChange{{ProductID: p.ID, Name: p.Name, Size: "M", Quantity: 5}})
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := s.AdminProduct(ctx, p.ID); got.Stock["M"] != 20 {
		t.Fatalf("M has %d, want 20", got.Stock["M"])
	}
}

// TestUpdateProductIsAllOrNothing: a refused edit (a size listed twice along with a good
// price) writes nothing and announces nothing.
func TestUpdateProductIsAllOrNothing(t *testing.T) {
	pool, _ := dbtest.New(t)
	s := NewService(pool, noSales{})
	ctx := context.Background()
	p := newTestProduct(t, s)
	count := func() (n int) {
		pool.QueryRow(ctx, `SELECT count(*) FROM outbox`).Scan(&n)
		return n
	}
	before := count()
	price := shop.Rupees(999)
	sizes := []StockLevel{{Size: "M", Stock: 1}, {Size: "m", Stock: 2}}
	if _, err := s.UpdateProduct(ctx, p.ID, ProductChanges{Price: &price, Sizes: &sizes}); !shop.Is(err, shop.Invalid) {
		t.Fatalf("update with a size twice: %v", err)
	}
	got, _ := s.AdminProduct(ctx, p.ID)
	if got.Price != shop.Rupees(1999) || len(got.Sizes) != 2 || count() != before {
		t.Fatalf("a refused edit changed the product (%s, %d sizes) or the outbox", got.Price, len(got.Sizes))
	}
	name := "Oxford Shirt, Slim"
	got, err := s.UpdateProduct(ctx, p.ID, ProductChanges{Name: &name, Price: &price})
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != name || got.Price != price || got.Stock["M"] != 10 || count() != before+1 {
		t.Fatalf("edit: %+v, %d events", got, count()-before)
	}
}
