package returns

import (
	"context"
	"testing"

	"drape/internal/order"
	"drape/internal/shop"
)

// TestWholeOrderReturnRefusedWhileRequestsExist: an order with a live request (here one of its
// two shirts already refunded) cannot be moved to RETURNED by staff: that move gives every
// piece's stock back and credits the rest, so it would do the refunded shirt twice. Nothing
// changes; once the only request is rejected, the whole-order return goes through.
func TestWholeOrderReturnRefusedWhileRequestsExist(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	userID, o := f.delivered(t, "whole@example.in", "M", 2)
	first := f.received(t, userID, o, Return, "", 1)
	if _, _, err := f.returns.QC(ctx, first.ID, "staff1", true, ""); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.returns.RecordPayout(ctx, first.ID, "staff1", "UTR0001", ""); err != nil {
		t.Fatal(err)
	}
	m := f.Stock(t, "M")
	if _, err := f.Orders.Move(ctx, o.ID, order.ReturnRequested, "staff:1", "", order.RequestRefunds); err != nil {
		t.Fatal(err)
	}
	_, err := f.Orders.Move(ctx, o.ID, order.Returned, "staff:1", "", order.RequestRefunds)
	if !shop.Is(err, shop.Conflict) {
		t.Fatalf("whole-order return of an order with a refunded request: %v, want Conflict", err)
	}
	now, err := f.Orders.ByID(ctx, o.ID)
	if err != nil || now.Status != order.ReturnRequested || now.PaymentStatus == order.Refunded {
		t.Fatalf("order after the refused move: %s %s %v", now.Status, now.PaymentStatus, err)
	}
	if got := f.Stock(t, "M"); got != m {
		t.Fatalf("M stock %d → %d after the refused move", m, got)
	}

	otherUser, other := f.delivered(t, "whole2@example.in", "M", 1)
	asked, err := f.returns.Ask(ctx, Ask{UserID: otherUser, OrderNumber: other.Number, Kind: Return, Reason: "changed_mind",
		Lines: []AskLine{{Item: 0, Quantity: 1}}, Payout: upi})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.returns.Reject(ctx, asked.ID, "staff1", "Worn"); err != nil {
		t.Fatal(err)
	}
	for _, to := range []order.Status{order.ReturnRequested, order.Returned} {
		if _, err := f.Orders.Move(ctx, other.ID, to, "staff:1", "", order.RequestRefunds); err != nil {
			t.Fatalf("move to %s after the request was rejected: %v", to, err)
		}
	}
}

// TestWholeOrderRequestedWhileEveryPieceIsAsked: an order stays DELIVERED while its return
// requests bring back some of its pieces, is RETURN_REQUESTED (SPEC) once they come to every
// piece, DELIVERED again when one of them is rejected, and RETURNED when the last piece's
// refund is made; each move is in the order's timeline. Exchanges do not count: the shopper
// keeps an order whose pieces come back in other sizes.
func TestWholeOrderRequestedWhileEveryPieceIsAsked(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	userID, o := f.delivered(t, "all-back@example.in", "M", 2)
	status := func(want order.Status, when string) {
		t.Helper()
		now, err := f.Orders.ByID(ctx, o.ID)
		if err != nil || now.Status != want {
			t.Fatalf("%s: order %s %v, want %s", when, now.Status, err, want)
		}
	}
	first := f.received(t, userID, o, Return, "", 1)
	status(order.Delivered, "one of two shirts asked back")
	second := f.ask(t, userID, o.Number, Return, "", 1)
	status(order.ReturnRequested, "both shirts asked back")
	if _, _, err := f.returns.Reject(ctx, second.ID, "staff1", "Worn"); err != nil {
		t.Fatal(err)
	}
	status(order.Delivered, "the second request rejected")
	exchange := f.ask(t, userID, o.Number, Exchange, "XL", 1)
	status(order.Delivered, "the other shirt asked in another size")
	if _, _, err := f.returns.Reject(ctx, exchange.ID, "staff1", "Out of the window"); err != nil {
		t.Fatal(err)
	}
	third := f.received(t, userID, o, Return, "", 1)
	status(order.ReturnRequested, "both shirts asked back again")
	for _, r := range []Request{first, third} {
		if _, _, err := f.returns.QC(ctx, r.ID, "staff1", true, ""); err != nil {
			t.Fatal(err)
		}
		if _, _, err := f.returns.RecordPayout(ctx, r.ID, "staff1", "UTR-"+r.Number, ""); err != nil {
			t.Fatal(err)
		}
	}
	status(order.Returned, "both refunded")
	moves := f.count(t, `SELECT count(*) FROM order_events WHERE order_id = $1 AND status IN ('RETURN_REQUESTED', 'DELIVERED', 'RETURNED')`, o.ID)
	if moves != 5 { // delivered, requested, delivered again, requested again, returned
		t.Errorf("%d such steps in the timeline, want 5", moves)
	}
}
