package order_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"drape/internal/order"
	"drape/internal/shop"
)

// TestEveryTransition walks every pair of statuses through order.Service.Move: the legal moves
// succeed and the order has the new status; every other is a Conflict whose data names the
// status the order has and the statuses it may move to, and changes nothing. Unknown statuses
// and orders are refused before the state machine. (Moved from server, where it went through
// POST /api/orderStatus; the HTTP refusals stay there.)
func TestEveryTransition(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	user, home := s.Shopper(t, "meera@example.in")
	s.Add(t, user, "M", 1)
	id := s.Place(t, user, home, order.COD).ID
	legal := map[order.Status][]order.Status{
		order.AwaitingPayment: {order.Pending, order.Canceled},
		order.Pending:         {order.Confirmed, order.New, order.ReadyToShip, order.PickupScheduled, order.Shipped, order.Canceled},
		order.Confirmed:       {order.New, order.ReadyToShip, order.PickupScheduled, order.Shipped, order.Canceled},
		order.New:             {order.ReadyToShip, order.PickupScheduled, order.Shipped, order.InTransit, order.OutForDelivery, order.Delivered, order.Canceled},
		order.ReadyToShip:     {order.PickupScheduled, order.Shipped, order.InTransit, order.OutForDelivery, order.Delivered, order.Canceled},
		order.PickupScheduled: {order.Shipped, order.InTransit, order.OutForDelivery, order.Delivered, order.Canceled},
		order.Shipped:         {order.InTransit, order.OutForDelivery, order.Delivered, order.RTOInitiated},
		order.InTransit:       {order.OutForDelivery, order.Delivered, order.RTOInitiated},
		order.OutForDelivery:  {order.Delivered, order.RTOInitiated},
		order.Delivered:       {order.ReturnRequested},
		order.RTOInitiated:    {order.RTODelivered},
		order.ReturnRequested: {order.Returned, order.Delivered},
	}
	reset := func(from order.Status) {
		t.Helper()
		if _, err := s.Pool.Exec(ctx, `UPDATE orders SET order_status = $2, payment_status = 'unpaid', stock_held = true WHERE id = $1`, id, string(from)); err != nil {
			t.Fatal(err)
		}
	}
	status := func() order.Status {
		t.Helper()
		o, err := s.Orders.ByID(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return o.Status
	}
	moves := 0
	for _, from := range order.Statuses {
		for _, to := range order.Statuses {
			if from == to {
				continue
			}
			reset(from)
			moved, err := s.Orders.Move(ctx, id, to, "staff@drape.local", "test", order.RequestRefunds)
			allowed := false
			for _, a := range legal[from] {
				allowed = allowed || a == to
			}
			what := fmt.Sprintf("%s → %s", from, to)
			if allowed {
				if err != nil || moved.Status != to {
					t.Fatalf("%s: %s, %v", what, moved.Status, err)
				}
				moves++
				continue
			}
			var refused *shop.Error
			if !errors.As(err, &refused) || refused.Kind != shop.Conflict {
				t.Fatalf("%s: %v, want Conflict", what, err)
			}
			data, _ := refused.Data.(map[string]any)
			if may, ok := data["allowed"].([]order.Status); !ok || len(may) != len(legal[from]) || data["orderStatus"] != from {
				t.Fatalf("%s refused with %v, want orderStatus %s and %d allowed", what, refused.Data, from, len(legal[from]))
			}
			if now := status(); now != from {
				t.Fatalf("%s refused but the order is %s", what, now)
			}
		}
	}
	if moves != 44 {
		t.Fatalf("%d legal moves, want 44", moves)
	}

	reset(order.Pending)
	if _, err := s.Orders.Move(ctx, id, "TELEPORTED", "staff@drape.local", "", order.RequestRefunds); !shop.Is(err, shop.Invalid) ||
		err.Error() != `Unknown order status "TELEPORTED"` {
		t.Errorf("an unknown status: %v", err)
	}
	if _, err := s.Orders.Move(ctx, "0123456789abcdef01234567", order.Shipped, "staff@drape.local", "", order.RequestRefunds); !shop.Is(err, shop.NotFound) ||
		err.Error() != "Order not found" {
		t.Errorf("an unknown order: %v", err)
	}
	if now := status(); now != order.Pending {
		t.Fatalf("refusals moved the order to %s", now)
	}
}
