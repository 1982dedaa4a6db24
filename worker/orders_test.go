package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"drape/internal/catalog"
	"drape/internal/mailqueue"
	"drape/internal/order"
	"drape/internal/platform/dbtest"
	"drape/internal/platform/redistest"
	"drape/internal/sale"
	"drape/internal/shop"
	"drape/jobs"
)

// TestSweeperExpiresUnpaidOrders: an online order whose payment window passed is cancelled by
// the sweep and its stock goes back; one still inside its window is left alone.
func TestSweeperExpiresUnpaidOrders(t *testing.T) {
	pool, _ := dbtest.New(t)
	rdb := redistest.New(t)
	ctx := context.Background()
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	orders, _, _ := newOrderServices(Config{PublicURL: "http://shop.test"}, pool, rdb.Client, log)
	products := catalog.NewService(pool, sale.NewService(pool))

	men, err := products.CreateCategory(ctx, catalog.NewCategory{Name: "Men", Gender: "Men"})
	if err != nil {
		t.Fatal(err)
	}
	shirts, err := products.CreateSubCategory(ctx, catalog.NewSubCategory{CategoryID: men.ID, CategoryType: "Formal Shirts"})
	if err != nil {
		t.Fatal(err)
	}
	shirt, err := products.CreateProduct(ctx, catalog.NewProduct{Code: "JF-1", Name: "Oxford Shirt", Gender: "Men",
		SubCategoryID: shirts.ID, Price: shop.Rupees(1999), Sizes: []catalog.Size{{Size: "M", Stock: 5}}})
	if err != nil {
		t.Fatal(err)
	}
	place := func(email string) order.Order {
		t.Helper()
		user, address := shop.NewID(), shop.NewID()
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{`INSERT INTO users (id, email) VALUES ($1, $2)`, []any{user, email}},
			{`INSERT INTO addresses (id, user_id, first_name, last_name, address1, address2, city, state, pincode, email, type, phone)
			  VALUES ($1, $2, 'Riya', 'Shah', '1 MI Road', 'Floor 2', 'Jaipur', 'Rajasthan', '302001', $3, 'home', '9829012345')`, []any{address, user, email}},
			{`INSERT INTO cart_items (id, user_id, product_id, size, quantity) VALUES ($1, $2, $3, 'M', 2)`, []any{shop.NewID(), user, shirt.ID}},
			{`INSERT INTO company (name) VALUES ('Jaipur Formals') ON CONFLICT DO NOTHING`, nil},
		} {
			if _, err := pool.Exec(ctx, q.sql, q.args...); err != nil {
				t.Fatal(err)
			}
		}
		o, _, err := orders.Place(ctx, order.Placement{UserID: user, Mode: order.Online, AddressID: address, IdempotencyKey: "k"})
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	lapsed, fresh := place("lapsed@example.in"), place("fresh@example.in")
	if _, err := pool.Exec(ctx, `UPDATE orders SET expires_at = now() - interval '1 second' WHERE id = $1`, lapsed.ID); err != nil {
		t.Fatal(err)
	}
	var stock int
	pool.QueryRow(ctx, `SELECT stock FROM product_sizes WHERE product_id = $1`, shirt.ID).Scan(&stock)
	if stock != 1 {
		t.Fatalf("stock with two orders of 2 waiting: %d", stock)
	}

	s := sweeper{orders: orders, mails: mailqueue.NewService(pool, nil), queue: jobs.NewClient(asynq.NewClientFromRedisClient(rdb.Client)),
		trackAfter: time.Hour, requeueAfter: time.Hour, log: log}
	s.sweep(ctx)

	for _, c := range []struct {
		o    order.Order
		want order.Status
	}{{lapsed, order.Canceled}, {fresh, order.AwaitingPayment}} {
		got, err := orders.ByID(ctx, c.o.ID)
		if err != nil || got.Status != c.want {
			t.Errorf("order %s: %s (%v), want %s", c.o.Number, got.Status, err, c.want)
		}
	}
	pool.QueryRow(ctx, `SELECT stock FROM product_sizes WHERE product_id = $1`, shirt.ID).Scan(&stock)
	if stock != 3 {
		t.Fatalf("stock after the sweep: %d, want 3 (the lapsed order's 2 back)", stock)
	}
	s.sweep(ctx)
	pool.QueryRow(ctx, `SELECT stock FROM product_sizes WHERE product_id = $1`, shirt.ID).Scan(&stock)
	if stock != 3 {
		t.Fatalf("stock after a second sweep: %d, want 3 (given back once)", stock)
	}
}

// TestOrderTasks: a task about an order that no longer exists is done, a bad payload is not
// retried, and the use case's own error is returned for a retry.
func TestOrderTasks(t *testing.T) {
	h := &handlers{log: slog.New(slog.NewJSONHandler(io.Discard, nil))}
	ctx := context.Background()
	gone := h.orderTask(func(context.Context, string) error { return shop.E(shop.NotFound, "Order not found") })
	if err := gone(ctx, asynq.NewTask(jobs.TypeRefundPayment, jobs.RefundPayment(shop.NewID(), 1).Payload)); err != nil {
		t.Errorf("missing order: %v, want done", err)
	}
	if err := gone(ctx, asynq.NewTask(jobs.TypeRefundPayment, []byte("{"))); !errors.Is(err, asynq.SkipRetry) {
		t.Errorf("bad payload: %v, want SkipRetry", err)
	}
	down := errors.New("gateway timeout")
	var got string
	failing := h.orderTask(func(_ context.Context, id string) error { got = id; return down })
	id := shop.NewID()
	if err := failing(ctx, asynq.NewTask(jobs.TypeReconcilePayment, jobs.ReconcilePayment(id, time.Now().Unix()/60).Payload)); !errors.Is(err, down) || got != id {
		t.Errorf("failing use case: %v for %q, want the error back for %q", err, got, id)
	}
}
