package order_test

import (
	"context"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/coupon"
	"drape/internal/order"
	"drape/internal/shop"
)

// statementCounter counts the statements a pool runs.
type statementCounter struct{ n atomic.Int64 }

func (c *statementCounter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	c.n.Add(1)
	return ctx
}

func (c *statementCounter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// TestOrderListReadsInvoicesTogether: the shopper's order list carries each order's invoice
// with its credit notes, as the order record does, and reads them for the whole page at once:
// a page of three invoiced orders (one credited) takes as many statements as a page of one.
func TestOrderListReadsInvoicesTogether(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	registerGST(t, s)
	user, home := s.Shopper(t, "meera@example.in")
	var numbers []string
	for _, size := range []string{"S", "M", "XL"} {
		s.Add(t, user, size, 1)
		numbers = append(numbers, s.Place(t, user, home, order.COD).Number)
		if _, err := s.Orders.Move(ctx, numbers[len(numbers)-1], order.Shipped, order.ActorCourier, "", order.StartRefunds); err != nil {
			t.Fatal(err)
		}
	}
	for _, to := range []order.Status{order.RTOInitiated, order.RTODelivered} {
		if _, err := s.Orders.Move(ctx, numbers[1], to, order.ActorCourier, "", order.StartRefunds); err != nil {
			t.Fatal(err)
		}
	}

	counter := &statementCounter{}
	cfg := s.Pool.Config()
	cfg.ConnConfig.Tracer = counter
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	orders := order.NewService(pool, order.Config{}, s.Catalog, s.Carts, coupon.NewService(pool), s.Addresses, s.Company)
	list := func(size int) (order.Page, int64) {
		t.Helper()
		before := counter.n.Load()
		page, err := orders.List(ctx, user, order.Filter{}, shop.Page{Number: 1, Size: size})
		if err != nil {
			t.Fatal(err)
		}
		return page, counter.n.Load() - before
	}
	list(1) // the pool's first connection
	_, one := list(1)
	page, three := list(3)
	if len(page.Items) != 3 {
		t.Fatalf("%d orders listed", len(page.Items))
	}
	for _, o := range page.Items {
		want, err := orders.Get(ctx, user, o.Number)
		if err != nil {
			t.Fatal(err)
		}
		if o.Invoice.Invoice == nil || !reflect.DeepEqual(o.Invoice.Invoice, want.Invoice.Invoice) {
			t.Errorf("order %s lists invoice %+v, its record %+v", o.Number, o.Invoice.Invoice, want.Invoice.Invoice)
		}
		if credited := len(o.Invoice.Invoice.CreditNotes) == 1; credited != (o.Number == numbers[1]) {
			t.Errorf("order %s lists %d credit notes", o.Number, len(o.Invoice.Invoice.CreditNotes))
		}
	}
	if three != one {
		t.Errorf("a page of 3 invoiced orders took %d statements, a page of 1 took %d: the invoices are read one order at a time", three, one)
	}
}
