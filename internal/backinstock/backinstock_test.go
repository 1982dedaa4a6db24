package backinstock

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/catalog"
	"drape/internal/platform/dbtest"
	"drape/internal/platform/postgres"
	"drape/internal/sale"
	"drape/internal/shop"
	"drape/jobs"
)

type fixture struct {
	pool    *pgxpool.Pool
	catalog *catalog.Service
	alerts  *Service
	product catalog.Product
	seen    int64 // the last outbox row read
}

// newFixture is a shop with one product whose size M is sold out and L in stock.
func newFixture(t *testing.T) *fixture {
	t.Helper()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	products := catalog.NewService(pool, sale.NewService(pool))
	men, err := products.CreateCategory(ctx, catalog.NewCategory{Name: "Men", Gender: "Men"})
	if err != nil {
		t.Fatal(err)
	}
	shirts, err := products.CreateSubCategory(ctx, catalog.NewSubCategory{CategoryID: men.ID, CategoryType: "Formal Shirts"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := products.CreateProduct(ctx, catalog.NewProduct{Code: "JF-BIS-1", Name: "Oxford Shirt", Gender: "Men",
		SubCategoryID: shirts.ID, Price: shop.Rupees(1999), Sizes: []catalog.Size{{Size: "M", Stock: 0}, {Size: "L", Stock: 4}}})
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{pool: pool, catalog: products, alerts: NewService(pool, products, Config{PublicURL: "https://shop.example"}), product: p}
}

// restocks are the restock jobs written to the outbox since the last call.
func (f *fixture) restocks(t *testing.T) []Restock {
	t.Helper()
	rows, err := f.pool.Query(context.Background(), "SELECT id, payload FROM outbox WHERE name = $1 AND id > $2 ORDER BY id", jobs.TypeTellRestock, f.seen)
	if err != nil {
		t.Fatal(err)
	}
	var out []Restock
	for rows.Next() {
		var p jobs.RestockPayload
		var raw []byte
		if err := rows.Scan(&f.seen, &raw); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, &p); err != nil {
			t.Fatal(err)
		}
		out = append(out, Restock{ID: p.RestockID, ProductID: p.ProductID, Size: p.Size, Units: p.Units})
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// mailedTo is who was sent a back-in-stock mail, in the order the mails were queued.
func (f *fixture) mailedTo(t *testing.T) []string {
	t.Helper()
	rows, err := f.pool.Query(context.Background(), "SELECT recipient FROM mails WHERE kind = $1 ORDER BY created_at, recipient", MailKind)
	if err != nil {
		t.Fatal(err)
	}
	to, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return to
}

func (f *fixture) ask(t *testing.T, email string) Alert {
	t.Helper()
	a, err := f.alerts.Ask(context.Background(), Request{ProductID: f.product.ID, Size: "M", Email: email})
	if err != nil {
		t.Fatalf("ask %s: %v", email, err)
	}
	return a
}

// TestRestockTellsTheOldestOnceEach: five guests wait for a sold-out size; the stock editor
// brings 3 back, so the 3 oldest requests are mailed, once each however often and however many
// workers act on the restock; a later restock of 2 (an order's units given back, two workers at
// once) mails the next two; a third finds nobody waiting.
func TestRestockTellsTheOldestOnceEach(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	var guests []string
	for i := range 5 {
		guests = append(guests, fmt.Sprintf("guest%d@example.in", i))
		f.ask(t, strings.ToUpper(guests[i][:1])+guests[i][1:]) // e-mails are kept lowercased
	}
	if again := f.ask(t, guests[0]); !again.AlreadyAsked {
		t.Fatalf("asking twice: %+v, want AlreadyAsked", again)
	}
	if demand, _ := f.alerts.Demand(ctx, f.product.ID); len(demand) != 1 || demand[0].Size != "M" || demand[0].Waiting != 5 {
		t.Fatalf("demand: %+v, want M: 5", demand)
	}
	if got := f.restocks(t); len(got) != 0 {
		t.Fatalf("restocks before any stock came back: %+v", got)
	}

	if _, err := f.catalog.SetStock(ctx, f.product.ID, []catalog.StockLevel{{Size: "M", Stock: 3}, {Size: "L", Stock: 4}}); err != nil {
		t.Fatal(err)
	}
	first := f.restocks(t)
	if len(first) != 1 || first[0].Size != "M" || first[0].Units != 3 {
		t.Fatalf("the stock editor's restocks: %+v, want one of 3 units of M (L did not change)", first)
	}
	if sent, err := f.alerts.Notify(ctx, first[0]); err != nil || sent != 3 {
		t.Fatalf("first run: %d sent, %v; want 3", sent, err)
	}
	if sent, err := f.alerts.Notify(ctx, first[0]); err != nil || sent != 0 {
		t.Fatalf("the job run again: %d sent, %v; want 0", sent, err)
	}
	if got := f.mailedTo(t); !slices.Equal(got, guests[:3]) {
		t.Fatalf("mailed %v, want the 3 oldest %v", got, guests[:3])
	}
	if demand, _ := f.alerts.Demand(ctx, f.product.ID); len(demand) != 1 || demand[0].Waiting != 2 {
		t.Fatalf("demand after 3 mails: %+v, want M: 2", demand)
	}

	// Two units given back by a cancelled order; two workers act on the restock at once.
	err := postgres.InTx(ctx, f.pool, func(tx pgx.Tx) error {
		return f.catalog.ReturnStock(ctx, tx, []catalog.StockChange{{ProductID: f.product.ID, Name: f.product.Name, Size: "M", Quantity: 2}})
	})
	if err != nil {
		t.Fatal(err)
	}
	second := f.restocks(t)
	if len(second) != 1 || second[0].Units != 2 {
		t.Fatalf("the returned units' restocks: %+v, want one of 2", second)
	}
	var wg sync.WaitGroup
	sent := make([]int, 4)
	for i := range sent {
		wg.Go(func() {
			n, err := f.alerts.Notify(ctx, second[0])
			if err != nil {
				t.Error(err)
			}
			sent[i] = n
		})
	}
	wg.Wait()
	if total := sent[0] + sent[1] + sent[2] + sent[3]; total != 2 {
		t.Fatalf("four workers on one restock sent %v, want 2 in all", sent)
	}
	if got := f.mailedTo(t); len(got) != 5 || !slices.Equal(got[3:], guests[3:]) {
		t.Fatalf("mailed %v, want then %v", got, guests[3:])
	}

	if _, err := f.catalog.SetStock(ctx, f.product.ID, []catalog.StockLevel{{Size: "M", Stock: 9}, {Size: "L", Stock: 4}}); err != nil {
		t.Fatal(err)
	}
	third := f.restocks(t)
	if len(third) != 1 {
		t.Fatalf("restocks: %+v", third)
	}
	if n, err := f.alerts.Notify(ctx, third[0]); err != nil || n != 0 {
		t.Fatalf("nobody waiting: %d sent, %v", n, err)
	}
	if demand, _ := f.alerts.Demand(ctx, f.product.ID); len(demand) != 0 {
		t.Fatalf("demand after all were told: %+v", demand)
	}
	// Told, a shopper may ask again for the next time it sells out.
	if _, err := f.catalog.SetStock(ctx, f.product.ID, []catalog.StockLevel{{Size: "M", Stock: 0}, {Size: "L", Stock: 4}}); err != nil {
		t.Fatal(err)
	}
	if again := f.ask(t, guests[0]); again.AlreadyAsked {
		t.Fatalf("asking after being told: %+v, want a new request", again)
	}
}

// TestAskRefusesBadInput: a bad e-mail, no size, a size the product lacks, a size in stock or
// an unknown product each get their error and write nothing.
func TestAskRefusesBadInput(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	cases := []struct {
		name string
		r    Request
		kind shop.Kind
		msg  string
	}{
		{"no e-mail", Request{ProductID: f.product.ID, Size: "M"}, shop.Invalid, "Enter your e-mail address"},
		{"bad e-mail", Request{ProductID: f.product.ID, Size: "M", Email: "Ira <ira@example.in>"}, shop.Invalid, "Enter a valid e-mail address"},
		{"no size", Request{ProductID: f.product.ID, Email: "ira@example.in"}, shop.Invalid, "Choose a size"},
		{"unknown size", Request{ProductID: f.product.ID, Size: "XXL", Email: "ira@example.in"}, shop.Invalid, "Oxford Shirt has no size XXL"},
		{"in stock", Request{ProductID: f.product.ID, Size: "L", Email: "ira@example.in"}, shop.Conflict, "Size L of Oxford Shirt is in stock: you can buy it now"},
		{"unknown product", Request{ProductID: shop.NewID(), Size: "M", Email: "ira@example.in"}, shop.NotFound, "Product not found"},
	}
	for _, c := range cases {
		_, err := f.alerts.Ask(ctx, c.r)
		if !shop.Is(err, c.kind) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v, want %v %q", c.name, err, c.kind, c.msg)
		}
	}
	var n int
	if err := f.pool.QueryRow(ctx, "SELECT count(*) FROM restock_alerts").Scan(&n); err != nil || n != 0 {
		t.Fatalf("requests after bad input: %d (%v)", n, err)
	}
}
