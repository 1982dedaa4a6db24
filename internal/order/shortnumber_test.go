package order_test

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	"drape/internal/order"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
	"drape/migrations"
)

// TestShortNumbersUniqueUnderConcurrentOrders: nine shoppers placing at the same moment get
// nine different short numbers, each a plain number a person can read ("#1042"); the shopper's
// tracking view and the back office's order page carry it, and the back office finds the order
// by it typed with its '#'.
func TestShortNumbersUniqueUnderConcurrentOrders(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	const shoppers = 9
	type placer struct{ user, home string }
	placers := make([]placer, shoppers)
	for i := range placers {
		placers[i].user, placers[i].home = s.Shopper(t, fmt.Sprintf("shopper%d@example.in", i))
		s.Add(t, placers[i].user, []string{"S", "M", "XL"}[i%3], 1)
	}
	placed := make([]order.Order, shoppers)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, p := range placers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			placed[i] = s.Place(t, p.user, p.home, order.COD)
		}()
	}
	close(start)
	wg.Wait()

	seen := map[string]bool{}
	for i, o := range placed {
		n, err := strconv.Atoi(o.ShortNumber)
		if err != nil || n <= 1000 {
			t.Fatalf("order %d: short number %q, want a number above 1000", i, o.ShortNumber)
		}
		if seen[o.ShortNumber] {
			t.Fatalf("short number %s given twice", o.ShortNumber)
		}
		seen[o.ShortNumber] = true
		if o.Label() != "#"+o.ShortNumber {
			t.Errorf("label %q for %q", o.Label(), o.ShortNumber)
		}
		tracked, err := s.Orders.Track(ctx, o.Number, placers[i].user, "")
		if err != nil || tracked.ShortNumber != o.ShortNumber {
			t.Errorf("tracking of %s: %q, %v; want short number %s", o.Number, tracked.ShortNumber, err, o.ShortNumber)
		}
		// A person tracks it by the number they read, with the e-mail it ships to; a stranger's
		// e-mail finds nothing.
		if byShort, err := s.Orders.Track(ctx, o.Label(), "", fmt.Sprintf("shopper%d@example.in", i)); err != nil || byShort.Number != o.Number {
			t.Errorf("tracking %s: %q, %v; want %s", o.Label(), byShort.Number, err, o.Number)
		}
		if _, err := s.Orders.Track(ctx, o.Label(), "", "someone@example.in"); !shop.Is(err, shop.NotFound) {
			t.Errorf("tracking %s with another e-mail: %v, want NotFound", o.Label(), err)
		}
		page, err := s.Orders.AdminList(ctx, order.AdminFilter{Query: " " + o.Label()}, shop.Page{Number: 1, Size: 10})
		if err != nil || len(page.Items) != 1 || page.Items[0].ID != o.ID || page.Items[0].ShortNumber != o.ShortNumber {
			t.Errorf("back office search %q: %d orders, %v; want %s alone", o.Label(), len(page.Items), err, o.Number)
		}
	}
	// Without its '#', the number is searched as text as well as looked up.
	page, err := s.Orders.AdminList(ctx, order.AdminFilter{Query: placed[4].ShortNumber}, shop.Page{Number: 1, Size: 10})
	if err != nil || len(page.Items) != 1 || page.Items[0].ID != placed[4].ID {
		t.Errorf("back office search %q: %d orders, %v; want %s", placed[4].ShortNumber, len(page.Items), err, placed[4].Number)
	}
	var comment string
	if err := s.Pool.QueryRow(ctx, `SELECT shipment ->> 'comment' FROM orders WHERE id = $1`, placed[0].ID).Scan(&comment); err != nil {
		t.Fatal(err)
	}
	if want := "Order " + placed[0].Label() + " - Reseller: Jaipur Formals"; comment != want {
		t.Errorf("courier comment %q, want %q", comment, want)
	}
}

// TestShortNumbersBackfilledInCreationOrder: migration 00036 numbers the orders placed before
// it from 1001 in the order they were placed (not the order their rows were written), an
// exchange's child reads as its parent's number with its suffix (#1001-X1), and the next order
// placed continues after the last one.
func TestShortNumbersBackfilledInCreationOrder(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	user, home := s.Shopper(t, "kavya@example.in")
	var made []order.Order
	for _, size := range []string{"S", "M", "XL"} {
		s.Add(t, user, size, 1)
		made = append(made, s.Place(t, user, home, order.COD))
	}
	var child order.Order
	if err := postgres.InTx(ctx, s.Pool, func(tx pgx.Tx) error {
		var err error
		child, _, err = s.Orders.PlaceReplacement(ctx, tx, order.Replacement{ParentID: made[2].ID, Key: "exchange-1", Ref: "RR-1",
			Lines: []order.ReplacementLine{{Item: 0, Size: "M", Quantity: 1}}})
		return err
	}); err != nil {
		t.Fatal(err)
	}

	// The database as it was before the migration, where the last order written was placed first.
	db := stdlib.OpenDBFromPool(s.Pool)
	defer db.Close()
	provider, err := goose.NewProvider(goose.DialectPostgres, db, migrations.Files)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := provider.ApplyVersion(ctx, 36, false); err != nil {
		t.Fatal(err)
	}
	placedAt := map[string]time.Time{made[0].ID: made[0].CreatedAt.Add(-2 * time.Hour), made[1].ID: made[1].CreatedAt.Add(-time.Hour),
		made[2].ID: made[2].CreatedAt.Add(-3 * time.Hour)}
	for id, at := range placedAt {
		if _, err := s.Pool.Exec(ctx, `UPDATE orders SET created_at = $2 WHERE id = $1`, id, at); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := provider.ApplyVersion(ctx, 36, true); err != nil {
		t.Fatal(err)
	}

	want := map[string]string{made[2].Number: "1001", made[0].Number: "1002", made[1].Number: "1003", child.Number: "1001-X1"}
	for number, short := range want {
		o, err := s.Orders.Get(ctx, user, number)
		if err != nil || o.ShortNumber != short {
			t.Errorf("order %s: short number %q, %v; want %s", number, o.ShortNumber, err, short)
		}
	}
	s.Add(t, user, "S", 1)
	if next := s.Place(t, user, home, order.COD); next.ShortNumber != "1004" {
		t.Errorf("the next order is #%s, want #1004", next.ShortNumber)
	}
}

// TestAbandonedOnlineAttemptNotInMyOrders: an online payment the shopper gave up on was never
// an order to them: My Orders lists their cash-on-delivery order and leaves the abandoned
// attempt out, in the list and its count. The back office still sees it.
func TestAbandonedOnlineAttemptNotInMyOrders(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	user, home := s.Shopper(t, "tara@example.in")
	s.Add(t, user, "M", 1)
	attempt := s.Place(t, user, home, order.Online)
	if _, err := s.Orders.Abandon(ctx, user, attempt.Number, "Payment cancelled"); err != nil {
		t.Fatal(err)
	}
	s.Add(t, user, "S", 1)
	placed := s.Place(t, user, home, order.COD)

	page, err := s.Orders.List(ctx, user, order.Filter{}, shop.Page{Number: 1, Size: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Items) != 1 || page.Items[0].ID != placed.ID || page.Total != 1 {
		t.Fatalf("My Orders: %d orders (total %d), want only %s", len(page.Items), page.Total, placed.Number)
	}
	cancelled, err := s.Orders.List(ctx, user, order.Filter{Status: order.Canceled}, shop.Page{Number: 1, Size: 10})
	if err != nil || len(cancelled.Items) != 0 {
		t.Fatalf("My cancelled orders: %d, %v; want none", len(cancelled.Items), err)
	}
	staff, err := s.Orders.AdminList(ctx, order.AdminFilter{Query: attempt.Label()}, shop.Page{Number: 1, Size: 10})
	if err != nil || len(staff.Items) != 1 {
		t.Fatalf("the back office finds %d for the attempt, %v; want it", len(staff.Items), err)
	}
}
