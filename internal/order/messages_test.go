package order_test

import (
	"context"
	"strings"
	"testing"

	"drape/internal/order"
)

// TestOrderUpdatesQueuedOncePerEvent: placing, shipping, sending out for delivery and
// delivering an order each queue one message to the delivery address's phone, with its send
// job, in the event's transaction, with the order number (and amount and tracking link where
// the template has them) as its variables.
func TestOrderUpdatesQueuedOncePerEvent(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	user, home := s.Shopper(t, "tara@example.in")
	s.Add(t, user, "M", 1)
	placed := s.Place(t, user, home, order.COD)
	for _, to := range []order.Status{order.Shipped, order.OutForDelivery, order.Delivered} {
		if _, err := s.Orders.Move(ctx, placed.ID, to, "staff:1", "", order.RequestRefunds); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := s.Pool.Query(ctx, `SELECT m.kind, m.phone, array_to_string(m.vars, '|'),
		(SELECT count(*) FROM outbox o WHERE o.dedupe_key = 'message:' || m.kind || ':' || m.ref)
		FROM messages m WHERE m.ref = $1 ORDER BY m.created_at`, placed.ID)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var kind, phone, vars string
		var jobs int
		if err := rows.Scan(&kind, &phone, &vars, &jobs); err != nil {
			t.Fatal(err)
		}
		if jobs != 1 || !strings.HasPrefix(phone, "91") || len(phone) != 12 {
			t.Errorf("%s: phone %q, %d jobs", kind, phone, jobs)
		}
		got = append(got, kind+" "+vars)
	}
	// The shopper reads the short number ("#1001"); the tracking link carries the order number.
	n := placed.Label()
	want := []string{"order_placed " + n + "|" + placed.Amount.String() + "|", "order_shipped " + n + "|", "order_out_for_delivery " + n, "order_delivered " + n}
	if len(got) != len(want) {
		t.Fatalf("messages %q, want %q", got, want)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("message %d: %q, want it to start %q", i, got[i], want[i])
		}
	}
}
