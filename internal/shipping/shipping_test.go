package shipping_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"drape/internal/order"
	"drape/internal/order/ordertest"
	"drape/internal/shipping"
	"drape/internal/shop"
)

const courierToken = "courier-webhook-token"

// courierShop is the shipping service over an ordertest shop, with no courier account, and
// one cash-on-delivery order placed.
type courierShop struct {
	ordertest.Shop
	shipping *shipping.Service
	order    order.Order
}

// newCourierShop runs t beside the package's other tests: each has its own database.
func newCourierShop(t *testing.T) courierShop {
	t.Helper()
	t.Parallel()
	s := ordertest.New(t)
	user, home := s.Shopper(t, "aarav@example.in")
	s.Add(t, user, "M", 1)
	return courierShop{Shop: s, shipping: shipping.NewService(s.Orders, nil, shipping.Config{WebhookToken: courierToken}),
		order: s.Place(t, user, home, order.COD)}
}

// report is the courier's status webhook body for order number, as Shiprocket sends it.
func report(number, status string, at time.Time) []byte {
	body, _ := json.Marshal(map[string]any{"awb": "SIM123", "courier_name": "Delhivery", "current_status": status,
		"current_status_id": 18, "shipment_status": status, "shipment_status_id": 18,
		"current_timestamp": at.In(time.FixedZone("IST", 19800)).Format("02 01 2006 15:04:05"), "order_id": number,
		"sr_order_id": 771, "scans": []any{}, "is_return": 0})
	return body
}

func (s courierShop) now(t *testing.T) order.Order {
	t.Helper()
	o, err := s.Orders.ByID(context.Background(), s.order.ID)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func (s courierShop) count(t *testing.T, query string) int {
	t.Helper()
	var n int
	if err := s.Pool.QueryRow(context.Background(), query, s.order.ID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestCourierWebhook: the courier's status webhook is trusted only with the shared token and
// a status-update body; it moves the order forward once per report, ignores reports seen
// before, older ones arriving late, steps back and statuses the order does not follow, and
// orders that are not ours; the tracking details are kept, and the shopper is mailed once when
// the parcel ships. (Moved from server's TestCourierWebhook: the HTTP side stays there.)
func TestCourierWebhook(t *testing.T) {
	s := newCourierShop(t)
	ctx := context.Background()
	number := s.order.Number
	t0 := time.Now().Add(-time.Hour).Truncate(time.Second)

	if err := s.shipping.HandleStatusUpdate(ctx, "wrong", report(number, "SHIPPED", t0)); !shop.Is(err, shop.Unauthorized) {
		t.Errorf("a wrong token: %v, want Unauthorized", err)
	}
	if err := s.shipping.HandleStatusUpdate(ctx, "", report(number, "SHIPPED", t0)); !shop.Is(err, shop.Unauthorized) {
		t.Errorf("no token: %v, want Unauthorized", err)
	}
	if err := s.shipping.HandleStatusUpdate(ctx, courierToken, []byte("{")); !shop.Is(err, shop.Invalid) {
		t.Errorf("a body that is not JSON: %v, want Invalid", err)
	}
	if now := s.now(t).Status; now != order.Pending {
		t.Fatalf("refused webhooks moved the order to %s", now)
	}

	for _, r := range []struct {
		what, number, status string
		at                   time.Time
	}{
		{"pickup scheduled", number, "Pickup Scheduled", t0},
		{"shipped", number, "SHIPPED", t0.Add(time.Minute)},
		{"the same report again", number, "SHIPPED", t0.Add(time.Minute)},
		{"in transit", number, "in_transit", t0.Add(2 * time.Minute)},
		{"an older report arriving late", number, "PICKUP SCHEDULED", t0.Add(90 * time.Second)},
		{"a status the order does not follow", number, "AWB ASSIGNED", t0.Add(3 * time.Minute)},
		{"an order that is not ours", "DRP0NOTOURS", "DELIVERED", t0},
	} {
		if err := s.shipping.HandleStatusUpdate(ctx, courierToken, report(r.number, r.status, r.at)); err != nil {
			t.Fatalf("%s: %v", r.what, err)
		}
	}
	if got := s.now(t).Status; got != order.InTransit {
		t.Fatalf("order is %s, want IN_TRANSIT", got)
	}
	for _, r := range []struct {
		status string
		at     time.Time
	}{{"DELIVERED", t0.Add(4 * time.Minute)}, {"OUT FOR DELIVERY", t0.Add(5 * time.Minute)}} {
		if err := s.shipping.HandleStatusUpdate(ctx, courierToken, report(number, r.status, r.at)); err != nil {
			t.Fatalf("%s: %v", r.status, err)
		}
	}
	got := s.now(t)
	if got.Status != order.Delivered || got.PaymentStatus != order.Paid {
		t.Fatalf("order is %s/%s, want DELIVERED/success", got.Status, got.PaymentStatus)
	}
	if n := s.count(t, `SELECT count(*) FROM order_events WHERE order_id = $1 AND actor = 'courier'`); n != 4 {
		t.Fatalf("%d courier steps, want 4 (pickup scheduled, shipped, in transit, delivered)", n)
	}
	if n := s.count(t, `SELECT count(*) FROM mails WHERE kind = 'order_shipped' AND ref = $1`); n != 1 {
		t.Fatalf("shipped mails: %d", n)
	}
	if c := got.Courier; c.AWB != "SIM123" || c.Name != "Delhivery" || c.TrackURL != "https://shiprocket.co/tracking/SIM123" {
		t.Fatalf("tracking details %+v", c)
	}
}

// TestPushWithoutAnAccount: with no courier account a push says so and leaves the order
// waiting; giving up flags the order for staff with the reason, and a cancelled order is not
// cancelled at a courier that never had it.
func TestPushWithoutAnAccount(t *testing.T) {
	s := newCourierShop(t)
	ctx := context.Background()
	if err := s.shipping.Push(ctx, s.order.ID); !errors.Is(err, shipping.ErrNotConfigured) {
		t.Fatalf("push: %v, want ErrNotConfigured", err)
	}
	if c := s.now(t).Courier; c.OrderID != 0 || c.PushedAt != nil {
		t.Fatalf("an order no courier has: %+v", c)
	}
	if err := s.shipping.GiveUp(ctx, s.order.ID, shipping.ErrNotConfigured); err != nil {
		t.Fatal(err)
	}
	if o := s.now(t); o.Courier.PushError == "" || !o.NotAddOrder {
		t.Fatalf("after giving up: %+v, not-added %v", o.Courier, o.NotAddOrder)
	}
	if err := s.shipping.GiveUp(ctx, shop.NewID(), shipping.ErrNotConfigured); !shop.Is(err, shop.NotFound) {
		t.Errorf("giving up on an unknown order: %v, want NotFound", err)
	}
	if err := s.shipping.CancelAtCourier(ctx, s.order.ID); err != nil {
		t.Errorf("an order still open is not cancelled at the courier: %v", err)
	}
}
