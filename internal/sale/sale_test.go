package sale

import (
	"context"
	"testing"

	"drape/internal/catalog"
	"drape/internal/platform/dbtest"
	"drape/internal/shop"
)

const (
	menID    = "aaaaaaaaaaaaaaaaaaaaaaa1"
	womenID  = "aaaaaaaaaaaaaaaaaaaaaaa2"
	shirtsID = "bbbbbbbbbbbbbbbbbbbbbbb1"
	topsID   = "bbbbbbbbbbbbbbbbbbbbbbb2"
)

func newTestService(t *testing.T) (*Service, func() int) {
	t.Helper()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	for _, q := range []string{
		`INSERT INTO categories (id, name, gender) VALUES ('` + menID + `', 'Men', 'Men'), ('` + womenID + `', 'Women', 'Women')`,
		`INSERT INTO sub_categories (id, category_id, category_type) VALUES ('` + shirtsID + `', '` + menID + `', 'Formal Shirts'),
			('` + topsID + `', '` + womenID + `', 'Silk Tops')`,
	} {
		if _, err := pool.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	events := func() (n int) {
		pool.QueryRow(ctx, `SELECT count(*) FROM outbox WHERE name = 'sale.changed' AND topic = 'sales'`).Scan(&n)
		return n
	}
	s := NewService(pool)
	s.CacheRunning()
	s.NameCategoriesFrom(catalog.NewService(pool, s))
	return s, events
}

// TestUpdateMerges: an update changes what it names and nothing else, in one transaction with
// its announcement; a refused one changes and announces nothing; the running list follows at
// once on this server.
func TestUpdateMerges(t *testing.T) {
	s, events := newTestService(t)
	ctx := context.Background()
	sl, err := s.Create(ctx, NewSale{Name: "Festive", Discount: 20, Active: true, Gender: "men", CategoryID: "men",
		SubCategoryIDs: []string{shirtsID, shirtsID}, Image: "/uploads/sale/festive.jpg", MobileImage: "festive-m.jpg"})
	if err != nil {
		t.Fatal(err)
	}
	if sl.Gender != "Men" || sl.CategoryID != menID || len(sl.SubCategories) != 1 || sl.Image != "/uploads/sale/festive.jpg" || events() != 1 {
		t.Fatalf("created %+v with %d events", sl, events())
	}
	running, _ := s.Running(ctx)
	if len(running) != 1 {
		t.Fatalf("%d running", len(running))
	}

	discount := 35
	got, err := s.Update(ctx, sl.ID, SaleChanges{Discount: &discount})
	if err != nil {
		t.Fatal(err)
	}
	if got.Discount != 35 || got.Name != "Festive" || got.CategoryID != menID || len(got.SubCategories) != 1 ||
		got.MobileImage != "/uploads/sale/festive-m.jpg" || !got.Status || events() != 2 {
		t.Fatalf("merged %+v with %d events", got, events())
	}

	tops := []string{topsID}
	for _, bad := range []SaleChanges{{SubCategoryIDs: &tops}, {Discount: new(int)}} {
		if _, err := s.Update(ctx, sl.ID, bad); !shop.Is(err, shop.Invalid) {
			t.Errorf("update %+v: %v, want Invalid", bad, err)
		}
	}
	if again, _ := s.Sale(ctx, sl.ID); again.Discount != 35 || again.SubCategories[0].ID != shirtsID || events() != 2 {
		t.Fatalf("a refused update changed %+v or announced (%d)", again, events())
	}

	if _, err := s.Switch(ctx, sl.ID, false); err != nil {
		t.Fatal(err)
	}
	if running, _ := s.Running(ctx); len(running) != 0 {
		t.Fatal("a sale switched off still runs on this server")
	}
	if err := s.Delete(ctx, sl.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, sl.ID); !shop.Is(err, shop.NotFound) {
		t.Fatalf("delete twice: %v", err)
	}
	if events() != 4 {
		t.Fatalf("%d events, want 4 (create, update, switch, delete)", events())
	}
}
