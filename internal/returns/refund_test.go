package returns

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"drape/internal/order"
	"drape/internal/shop"
)

// received is a request of kind for quantity of the order's first line, approved and received.
func (f *fixture) received(t *testing.T, userID string, o order.Order, kind Kind, size string, quantity int) Request {
	t.Helper()
	ctx := context.Background()
	r := f.ask(t, userID, o.Number, kind, size, quantity)
	if _, _, err := f.returns.Approve(ctx, r.ID, "staff1", ""); err != nil {
		t.Fatal(err)
	}
	r, moved, err := f.returns.Receive(ctx, r.ID, "staff1", "Parcel at the warehouse")
	if err != nil || !moved || r.Status != Received {
		t.Fatalf("receive: %+v %v %v", r, moved, err)
	}
	return r
}

// TestCODPayoutDetails: a COD order's return needs a UPI id or a bank account in a valid
// format (Invalid naming the field otherwise, nothing written); they are stored sealed (the
// account number is nowhere in the row, and the key opens it) and every answer shows them
// masked.
func TestCODPayoutDetails(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	userID, o := f.delivered(t, "cod@example.in", "M", 2)
	ask := func(p *PayoutDetails) (Request, error) {
		return f.returns.Ask(ctx, Ask{UserID: userID, OrderNumber: o.Number, Kind: Return, Reason: "too_large", Payout: p,
			Lines: []AskLine{{Item: 0, Quantity: 1}}})
	}
	for _, c := range []struct {
		payout *PayoutDetails
		field  string
	}{
		{nil, "payout"},
		{&PayoutDetails{UPI: "  "}, "payout"},
		{&PayoutDetails{UPI: "not-a-upi-id"}, "payout.upi"},
		{&PayoutDetails{UPI: "a@b"}, "payout.upi"},
		{&PayoutDetails{IFSC: "HDFC1234567", Account: "123456789012"}, "payout.ifsc"},
		{&PayoutDetails{IFSC: "HDFC0001234", Account: "12345"}, "payout.account"},
		{&PayoutDetails{IFSC: "HDFC0001234", Account: "12345678901X"}, "payout.account"},
		{&PayoutDetails{UPI: "asha@okicici", IFSC: "HDFC0001234", Account: "123456789012"}, "payout"},
	} {
		_, err := ask(c.payout)
		wantField(t, c.field, err, c.field)
	}
	if _, _, requests := f.written(t); requests != 0 {
		t.Fatalf("refused requests wrote %d", requests)
	}
	r, err := ask(&PayoutDetails{IFSC: " hdfc0001234 ", Account: "5010 0123 456789"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Refund == nil || r.Refund.PayTo != "A/c ****6789 · HDFC0001234" {
		t.Fatalf("the request shows %+v, want the account masked", r.Refund)
	}
	var sealed []byte
	var masked string
	if err := f.Pool.QueryRow(ctx, `SELECT sealed, masked FROM return_payouts WHERE request_id = $1`, r.ID).Scan(&sealed, &masked); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(sealed, []byte("50100123456789")) || bytes.Contains(sealed, []byte("HDFC")) || masked != r.Refund.PayTo {
		t.Fatalf("stored in the clear: %q %q", sealed, masked)
	}
	if d, err := openPayout(testPayoutKey, sealed); err != nil || d != (PayoutDetails{IFSC: "HDFC0001234", Account: "50100123456789"}) {
		t.Fatalf("the key opens %+v %v", d, err)
	}
	if _, err := openPayout([]byte("another key, another key, 32 byt"), sealed); err == nil {
		t.Fatal("another key opened the details")
	}
	staff, err := f.returns.Request(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	wire, _ := json.Marshal(staff)
	if strings.Contains(string(wire), "50100123456789") || !strings.Contains(string(wire), `"payTo":"A/c ****6789 · HDFC0001234"`) {
		t.Fatalf("staff see %s", wire)
	}
	if r, err := f.returns.Ask(ctx, Ask{UserID: userID, OrderNumber: o.Number, Kind: Exchange, Reason: "too_large", Payout: upi,
		Lines: []AskLine{{Item: 0, Quantity: 1, NewSize: "XL"}}}); err == nil {
		t.Fatalf("an exchange took payout details: %+v", r)
	} else {
		wantField(t, "an exchange with payout details", err, "payout")
	}
}

// TestCODRefundPayoutRecorded: a COD order of two shirts comes back one shirt at a time. Each
// QC pass puts its shirt back into M's stock and fixes the refund: the first is one shirt's
// price (the order stays DELIVERED), the second the other shirt and the shipping, so the two
// add up to what the shopper paid. Staff record each payout with its reference (a bad one is
// Invalid, a repeat changes nothing); the last one makes the order RETURNED without giving
// stock back twice.
func TestCODRefundPayoutRecorded(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	userID, o := f.delivered(t, "payout@example.in", "M", 2)
	first := f.received(t, userID, o, Return, "", 1)
	if _, _, err := f.returns.RecordPayout(ctx, first.ID, "staff1", "UTR0001", ""); !shop.Is(err, shop.Conflict) {
		t.Fatalf("a payout before QC: %v", err)
	}
	m := f.Stock(t, "M")
	passed, moved, err := f.returns.QC(ctx, first.ID, "staff1", true, "Tags on")
	if err != nil || !moved || passed.Status != QCPassed || passed.Refund == nil {
		t.Fatalf("QC: %+v %v %v", passed, moved, err)
	}
	if got := f.Stock(t, "M"); got != m+1 {
		t.Fatalf("M stock %d → %d after QC, want one back", m, got)
	}
	want := Refund{PayTo: upi.Masked(), Method: ByPayout, Credit: ordertestShirt(o), Amount: ordertestShirt(o)}
	if got := *passed.Refund; got != want {
		t.Fatalf("refund %+v, want %+v", got, want)
	}
	for _, ref := range []string{"", "ab", "UTR 123", strings.Repeat("9", 51)} {
		_, _, err := f.returns.RecordPayout(ctx, first.ID, "staff1", ref, "")
		wantField(t, "reference "+ref, err, "reference")
	}
	paid, moved, err := f.returns.RecordPayout(ctx, first.ID, "staff1", " UTR/HDFC/0001 ", "Paid by NEFT")
	if err != nil || !moved || paid.Status != Refunded || paid.Refund.Reference != "UTR/HDFC/0001" || paid.Refund.RefundedAt == nil {
		t.Fatalf("payout: %+v %v %v", paid, moved, err)
	}
	if again, moved, err := f.returns.RecordPayout(ctx, first.ID, "staff1", "UTR0002", ""); err != nil || moved || again.Refund.Reference != "UTR/HDFC/0001" {
		t.Fatalf("a second payout: %+v %v %v", again.Refund, moved, err)
	}
	if status, steps, events, mails := f.moves(t, first.ID, refundedKind); status != "REFUNDED" || steps != 5 || events != 8 || mails != 1 {
		t.Fatalf("after the payout: %s, %d steps, %d events, %d mails", status, steps, events, mails)
	}
	if now, _ := f.Orders.ByID(ctx, o.ID); now.Status != order.Delivered {
		t.Fatalf("order %s after one of two shirts came back, want DELIVERED", now.Status)
	}

	second := f.received(t, userID, o, Return, "", 1)
	passed, _, err = f.returns.QC(ctx, second.ID, "staff1", true, "")
	if err != nil {
		t.Fatal(err)
	}
	if passed.Refund.Credit+want.Credit != o.TotalAmount || passed.Refund.Amount != passed.Refund.Credit {
		t.Fatalf("refunds %s + %s, want the order's %s", want.Credit, passed.Refund.Credit, o.TotalAmount)
	}
	if _, _, err := f.returns.RecordPayout(ctx, second.ID, "staff1", "UTR0003", ""); err != nil {
		t.Fatal(err)
	}
	now, err := f.Orders.ByID(ctx, o.ID)
	if err != nil || now.Status != order.Returned || now.PaymentStatus != order.Refunded {
		t.Fatalf("order after every shirt came back: %s %s %v", now.Status, now.PaymentStatus, err)
	}
	if got := f.Stock(t, "M"); got != m+2 {
		t.Fatalf("M stock %d, want %d: each shirt back once", got, m+2)
	}
}

// ordertestShirt is what one shirt of order o cost its shopper.
func ordertestShirt(o order.Order) shop.Money { return o.Items[0].DiscountedPrice }

// TestQCFailedRefundsNothing: a failed check needs a note; it refunds nothing, gives no stock
// back (and an exchange's held size is released), tells the shopper (mail and event), and
// closes the request; failing it again changes nothing and passing it afterwards is refused.
func TestQCFailedRefundsNothing(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	userID, o := f.delivered(t, "worn@example.in", "M", 2)
	r := f.received(t, userID, o, Return, "", 1)
	m := f.Stock(t, "M")
	_, _, err := f.returns.QC(ctx, r.ID, "staff1", false, "  ")
	wantField(t, "a failure without a note", err, "note")
	failed, moved, err := f.returns.QC(ctx, r.ID, "staff1", false, "Worn, tags removed")
	if err != nil || !moved || failed.Status != Closed || failed.Refund == nil || failed.Refund.Method != "" {
		t.Fatalf("QC failed: %+v %v %v", failed, moved, err)
	}
	if last := failed.Steps[len(failed.Steps)-2:]; last[0].Status != QCFailed || last[0].Note != "Worn, tags removed" || last[1].Status != Closed || last[1].Actor != "system" {
		t.Fatalf("steps %+v", failed.Steps)
	}
	if again, moved, err := f.returns.QC(ctx, r.ID, "staff1", false, "Worn"); err != nil || moved || again.Status != Closed {
		t.Fatalf("failing again: %v %v", moved, err)
	}
	if _, _, err := f.returns.QC(ctx, r.ID, "staff1", true, ""); !shop.Is(err, shop.Conflict) {
		t.Fatalf("passing a failed request: %v", err)
	}
	if got := f.Stock(t, "M"); got != m {
		t.Fatalf("M stock %d → %d after a failed check", m, got)
	}
	if n := f.count(t, `SELECT count(*) FROM return_refunds`); n != 0 {
		t.Fatalf("%d refunds", n)
	}
	var text string
	if err := f.Pool.QueryRow(ctx, `SELECT text_body FROM mails WHERE kind = $1 AND ref = $2`, qcFailedKind, r.ID).Scan(&text); err != nil ||
		!strings.Contains(text, "Worn, tags removed") || !strings.Contains(text, "cannot refund") {
		t.Fatalf("the shopper's mail: %q %v", text, err)
	}
	if n := f.count(t, `SELECT count(*) FROM outbox WHERE name = 'return.updated' AND payload->'data'->>'_id' = $1
		AND payload->'data'->>'status' IN ('QC_FAILED', 'CLOSED') AND payload->>'topic' = $2`, r.ID, "user:"+userID); n != 2 {
		t.Fatalf("%d live events to the shopper for the failed check", n)
	}

	xl := f.Stock(t, "XL")
	exchange := f.received(t, userID, o, Exchange, "XL", 1)
	if _, _, err := f.returns.QC(ctx, exchange.ID, "staff1", false, "Stained"); err != nil {
		t.Fatal(err)
	}
	if got := f.Stock(t, "XL"); got != xl {
		t.Fatalf("XL stock %d → %d: the held size is released", xl, got)
	}
}

// TestQCPassedRacedPutsStockBackOnce: six clicks on "QC passed" at once move the request once,
// put the shirt back into stock once and fix one refund.
func TestQCPassedRacedPutsStockBackOnce(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	for round := range 3 {
		userID, o := f.delivered(t, "click"+string(rune('a'+round))+"@example.in", "M", 1)
		r := f.received(t, userID, o, Return, "", 1)
		m := f.Stock(t, "M")
		moves := make([]bool, 6)
		errs := race(6, func(i int) error {
			var err error
			_, moves[i], err = f.returns.QC(ctx, r.ID, "staff1", true, "")
			return err
		})
		movedOnce := 0
		for _, m := range moves {
			if m {
				movedOnce++
			}
		}
		if ok, _ := outcome(errs, shop.Conflict); ok != 6 || movedOnce != 1 {
			t.Fatalf("round %d: moved %v, errors %v", round, moves, errs)
		}
		if got := f.Stock(t, "M"); got != m+1 {
			t.Fatalf("round %d: M %d → %d, want one back", round, m, got)
		}
		if n := f.count(t, `SELECT count(*) FROM return_refunds WHERE request_id = $1`, r.ID); n != 1 {
			t.Fatalf("round %d: %d refunds", round, n)
		}
	}
}
