package order_test

import (
	"context"
	"sync"
	"testing"

	"drape/internal/order"
	"drape/internal/order/ordertest"
	"drape/internal/shop"
)

// newShop runs t beside the package's other tests: each has its own database.
func newShop(t *testing.T) ordertest.Shop {
	t.Helper()
	t.Parallel()
	return ordertest.New(t)
}

// TestPlaceCashOnDeliveryAndCancel: a cash-on-delivery order is priced by the server from the
// cart, takes its stock and empties the cart; a retry with the same key gets the same order;
// another shopper can neither read nor cancel it; cancelling gives the stock back once.
func TestPlaceCashOnDeliveryAndCancel(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	aarav, home := s.Shopper(t, "aarav@example.in")

	_, _, err := s.Orders.Place(ctx, order.Placement{UserID: aarav, Mode: order.COD, AddressID: home})
	if !shop.Is(err, shop.Invalid) || err.Error() != "Your cart is empty." {
		t.Fatalf("an empty cart: %v", err)
	}
	s.Add(t, aarav, "M", 2)
	_, _, err = s.Orders.Place(ctx, order.Placement{UserID: aarav, Mode: "card", AddressID: home})
	if !shop.Is(err, shop.Invalid) {
		t.Fatalf("an unknown payment mode: %v", err)
	}

	placed, replayed, err := s.Orders.Place(ctx, order.Placement{UserID: aarav, Mode: order.COD, AddressID: home, IdempotencyKey: "attempt-1"})
	if err != nil {
		t.Fatal(err)
	}
	if replayed || placed.Status != order.Pending || placed.PaymentStatus != order.Unpaid || placed.SubTotal != 2*ordertest.ShirtPrice ||
		placed.TotalAmount != 2*ordertest.ShirtPrice || len(placed.Items) != 1 || placed.Items[0].Quantity != 2 || !placed.Cancellable ||
		placed.Address.City != "Jaipur" {
		t.Fatalf("placed %+v (replayed %v)", placed, replayed)
	}
	if got := s.Stock(t, "M"); got != 1 {
		t.Errorf("stock of M after ordering 2 of 3: %d", got)
	}
	if c, _ := s.Carts.Get(ctx, aarav); len(c.Lines) != 0 {
		t.Errorf("the cart after ordering: %+v", c.Lines)
	}
	again, replayed, err := s.Orders.Place(ctx, order.Placement{UserID: aarav, Mode: order.COD, AddressID: home, IdempotencyKey: "attempt-1"})
	if err != nil || !replayed || again.Number != placed.Number {
		t.Fatalf("the same attempt again: %s replayed %v, %v; want %s", again.Number, replayed, err, placed.Number)
	}
	if page, err := s.Orders.List(ctx, aarav, order.Filter{}, shop.Page{Number: 1, Size: 5}); err != nil || len(page.Items) != 1 {
		t.Fatalf("my orders after a retry: %+v, %v", page, err)
	}

	kabir, _ := s.Shopper(t, "kabir@example.in")
	if _, err := s.Orders.Get(ctx, kabir, placed.Number); !shop.Is(err, shop.NotFound) {
		t.Errorf("another shopper reads it: %v", err)
	}
	if _, err := s.Orders.Cancel(ctx, kabir, placed.Number); !shop.Is(err, shop.NotFound) {
		t.Errorf("another shopper cancels it: %v", err)
	}
	if tr, err := s.Orders.Track(ctx, placed.Number, "", "aarav@example.in"); err != nil || tr.Status != order.Pending {
		t.Errorf("tracked with the e-mail: %+v, %v", tr, err)
	}
	if _, err := s.Orders.Track(ctx, placed.Number, "", "someone@example.in"); !shop.Is(err, shop.NotFound) {
		t.Errorf("tracked with a wrong e-mail: %v", err)
	}

	cancelled, err := s.Orders.Cancel(ctx, aarav, placed.Number)
	if err != nil || cancelled.Status != order.Canceled || cancelled.Cancellable {
		t.Fatalf("cancel: %+v, %v", cancelled, err)
	}
	if got := s.Stock(t, "M"); got != 3 {
		t.Errorf("stock of M after cancelling: %d, want 3", got)
	}
	if _, err := s.Orders.Cancel(ctx, aarav, placed.Number); err != nil {
		t.Fatalf("cancel twice: %v", err)
	}
	if got := s.Stock(t, "M"); got != 3 {
		t.Errorf("stock of M after cancelling twice: %d, want 3 (given back once)", got)
	}
}

// TestPlaceNeverOversells: shoppers who each want the whole of a size place at once; one gets
// it, the others are refused naming what is left, and the stock ends at zero, never below.
func TestPlaceNeverOversells(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	const buyers = 4
	users := make([]string, buyers)
	homes := make([]string, buyers)
	for i := range users {
		users[i], homes[i] = s.Shopper(t, shop.NewID()+"@example.in")
		s.Add(t, users[i], "XL", 3)
	}
	var wg sync.WaitGroup
	errs := make([]error, buyers)
	for i := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, errs[i] = s.Orders.Place(ctx, order.Placement{UserID: users[i], Mode: order.COD, AddressID: homes[i]})
		}()
	}
	wg.Wait()
	placed := 0
	for _, err := range errs {
		switch {
		case err == nil:
			placed++
		case !shop.Is(err, shop.Conflict):
			t.Errorf("a refused buyer: %v, want Conflict", err)
		}
	}
	if placed != 1 || s.Stock(t, "XL") != 0 {
		t.Fatalf("%d orders placed, stock of XL %d: want 1 and 0", placed, s.Stock(t, "XL"))
	}
}
