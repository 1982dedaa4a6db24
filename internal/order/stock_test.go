package order_test

import (
	"context"
	"errors"
	"testing"

	"drape/internal/order"
	"drape/internal/shop"
)

// TestStockComesBackOnce: cancelling gives the stock back once; a shipment that comes back
// (RTO) or a return gives it back once too, and never again. (Moved from server, where it went
// through the staff's HTTP calls.)
func TestStockComesBackOnce(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	const staff = "staff@drape.local"
	user, home := s.Shopper(t, "aarav@example.in")
	start := s.Stock(t, "M")
	place := func(quantity int) order.Order {
		t.Helper()
		s.Add(t, user, "M", quantity)
		return s.Place(t, user, home, order.COD)
	}
	move := func(o order.Order, to order.Status) error {
		t.Helper()
		_, err := s.Orders.Move(ctx, o.ID, to, staff, "test", order.RequestRefunds)
		return err
	}

	cancelled := place(2)
	if err := move(cancelled, order.Canceled); err != nil {
		t.Fatal(err)
	}
	if got := s.Stock(t, "M"); got != start {
		t.Fatalf("stock after the cancel: %d, want %d", got, start)
	}

	rto := place(1)
	for _, to := range []order.Status{order.Shipped, order.RTOInitiated, order.RTODelivered} {
		if err := move(rto, to); err != nil {
			t.Fatalf("rto %s: %v", to, err)
		}
	}
	if got := s.Stock(t, "M"); got != start {
		t.Fatalf("stock after the shipment came back: %d, want %d", got, start)
	}

	returned := place(3)
	for _, to := range []order.Status{order.Shipped, order.Delivered, order.ReturnRequested, order.Returned} {
		if err := move(returned, to); err != nil {
			t.Fatalf("return %s: %v", to, err)
		}
	}
	if got := s.Stock(t, "M"); got != start {
		t.Fatalf("stock after the return: %d, want %d", got, start)
	}
	err := move(returned, order.Delivered)
	var refused *shop.Error
	if !errors.As(err, &refused) || refused.Kind != shop.Conflict {
		t.Fatalf("a returned order moved again: %v, want Conflict", err)
	}
	data, _ := refused.Data.(map[string]any)
	if allowed, ok := data["allowed"].([]order.Status); !ok || len(allowed) != 0 {
		t.Fatalf("a returned order is final, but may become %v", refused.Data)
	}
	if got := s.Stock(t, "M"); got != start {
		t.Fatalf("stock moved after a refused move: %d, want %d", got, start)
	}
	if _, err := s.Orders.Cancel(ctx, user, returned.Number); !shop.Is(err, shop.Conflict) {
		t.Fatalf("the shopper cancels a returned order: %v, want Conflict", err)
	}
}
