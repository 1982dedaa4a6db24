package returns

import (
	"context"
	"encoding/json"
	"testing"

	"drape/internal/company"
	"drape/internal/order"
	"drape/internal/shop"
)

// passedExchange is an exchange of one shirt of the order's first line for size, received and
// passed by QC.
func (f *fixture) passedExchange(t *testing.T, userID string, o order.Order, size string) Request {
	t.Helper()
	r := f.received(t, userID, o, Exchange, size, 1)
	r, moved, err := f.returns.QC(context.Background(), r.ID, "staff1", true, "")
	if err != nil || !moved || r.Status != QCPassed {
		t.Fatalf("QC passed: %+v %v %v", r, moved, err)
	}
	return r
}

// registerGST makes the test shop GST-registered, so that orders handed to the courier are
// invoiced.
func (f *fixture) registerGST(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	firm, err := f.Company.Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Company.Save(ctx, firm, &company.Tax{Registered: true, GSTIN: "08AAACJ4321K1ZO",
		LegalName: "Jaipur Formals Private Limited", InvoicePrefix: "JF"}); err != nil {
		t.Fatal(err)
	}
}

// TestExchangeShipsOneChildOrder: an exchange whose QC passed queues its new parcel's job
// once; the job, run twice in a row and six times at once, makes one child order numbered
// after the original (-X1), shipping the held size at no charge with its push queued once;
// the held unit becomes the child's stock without a second take (the XL stock is what the
// hold left) and the request's hold is cleared; the order views and the request link the two.
// A second exchange of the same order is -X2.
func TestExchangeShipsOneChildOrder(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.setStock(t, 5, 5, 3)
	userID, o := f.delivered(t, "swap@example.in", "M", 2)
	r := f.passedExchange(t, userID, o, "XL")
	if n := f.count(t, `SELECT count(*) FROM outbox WHERE name = 'return:ship_exchange' AND dedupe_key = $1`, "return-exchange:"+r.ID); n != 1 {
		t.Fatalf("%d ship jobs queued by the passed QC", n)
	}
	xl := f.Stock(t, "XL")
	if xl != 2 {
		t.Fatalf("XL stock %d after the hold, want 2", xl)
	}
	for range 2 {
		if err := f.returns.ShipExchange(ctx, r.ID); err != nil {
			t.Fatal(err)
		}
	}
	for _, err := range race(6, func(int) error { return f.returns.ShipExchange(ctx, r.ID) }) {
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := f.count(t, `SELECT count(*) FROM orders WHERE parent_order_id = $1`, o.ID); n != 1 {
		t.Fatalf("%d child orders", n)
	}
	r, err := f.returns.Request(ctx, r.ID)
	if err != nil || r.ExchangeOrder == nil || r.ExchangeOrder.Number != o.Number+"-X1" || r.Status != QCPassed || r.Lines[0].Held != 0 {
		t.Fatalf("the request after shipping: %+v %v", r, err)
	}
	if got := f.Stock(t, "XL"); got != xl {
		t.Fatalf("XL stock %d → %d: the child took stock again", xl, got)
	}
	child, err := f.Orders.Get(ctx, userID, r.ExchangeOrder.Number)
	if err != nil {
		t.Fatal(err)
	}
	if child.Status != order.Pending || child.Amount != 0 || child.PaymentStatus != order.Paid || len(child.Items) != 1 ||
		child.Items[0].Size != "XL" || child.Items[0].Quantity != 1 || child.Items[0].ProductID != f.Shirt.ID || child.Items[0].Total != 0 ||
		child.ParentOrder == nil || child.ParentOrder.Number != o.Number || child.Address != o.Address {
		t.Fatalf("the child order: %+v", child)
	}
	if child.OrderObj.OrderData.PaymentMethod != "Prepaid" || child.OrderObj.OrderData.SubTotal != 0 || child.OrderObj.OrderData.OrderID != child.Number {
		t.Fatalf("the child's shipment: %+v", child.OrderObj.OrderData)
	}
	if n := f.count(t, `SELECT count(*) FROM outbox WHERE name = 'order:push_shipment' AND payload->>'orderId' = $1`, child.ID); n != 1 {
		t.Fatalf("%d pushes queued for the child", n)
	}
	if n := f.count(t, `SELECT count(*) FROM orders WHERE id = $1 AND stock_held`, child.ID); n != 1 {
		t.Fatal("the child does not hold its stock")
	}
	if n := f.count(t, `SELECT count(*) FROM mails WHERE kind = $1 AND ref = $2`, exchangeShippedKind, r.ID); n != 1 {
		t.Fatalf("%d mails naming the new parcel", n)
	}
	parent, err := f.Orders.Get(ctx, userID, o.Number)
	if err != nil || len(parent.ExchangeOrders) != 1 || parent.ExchangeOrders[0].ID != child.ID || parent.ParentOrder != nil {
		t.Fatalf("the original order's links: %+v %v", parent.ExchangeOrders, err)
	}
	page, err := f.Orders.List(ctx, userID, order.Filter{}, shop.Page{Number: 1, Size: 10})
	if err != nil || page.Total != 2 {
		t.Fatalf("the shopper's list: %+v %v", page, err)
	}
	for _, listed := range page.Items {
		linked := (listed.ID == child.ID && listed.ParentOrder != nil && listed.ParentOrder.ID == o.ID) ||
			(listed.ID == o.ID && len(listed.ExchangeOrders) == 1 && listed.ExchangeOrders[0].Number == child.Number)
		if !linked {
			t.Fatalf("the list's %s is not linked: %+v %+v", listed.Number, listed.ParentOrder, listed.ExchangeOrders)
		}
	}

	second := f.passedExchange(t, userID, o, "S")
	if err := f.returns.ShipExchange(ctx, second.ID); err != nil {
		t.Fatal(err)
	}
	if second, err = f.returns.Request(ctx, second.ID); err != nil || second.ExchangeOrder == nil || second.ExchangeOrder.Number != o.Number+"-X2" {
		t.Fatalf("the second exchange: %+v %v", second.ExchangeOrder, err)
	}
}

// TestExchangedOnlyAfterTheChildIsDelivered: the request waits at QC_PASSED while its new
// parcel is pushed and shipped (which issues no second tax invoice); the courier's DELIVERED
// makes it EXCHANGED at once, a step by the courier naming the child, a live event to the
// shopper and the admin board, and a mail; a repeated delivery report changes nothing. The
// delivered parcel cannot be returned for a refund (nothing was paid for it).
func TestExchangedOnlyAfterTheChildIsDelivered(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.registerGST(t)
	userID, o := f.delivered(t, "fits@example.in", "M", 1)
	r := f.passedExchange(t, userID, o, "XL")
	if err := f.returns.ShipExchange(ctx, r.ID); err != nil {
		t.Fatal(err)
	}
	r, _ = f.returns.Request(ctx, r.ID)
	child := r.ExchangeOrder
	if err := f.Orders.RecordPush(ctx, child.ID, 9001, 9002); err != nil {
		t.Fatal(err)
	}
	report := func(status string) bool {
		t.Helper()
		moved, err := f.Orders.ApplyCourierReport(ctx, order.CourierReport{OrderNumber: child.Number, Status: status, At: f.clock,
			AWB: "SRX1", CourierName: "Delhivery"})
		if err != nil {
			t.Fatal(err)
		}
		f.clock = f.clock.Add(1)
		return moved
	}
	for _, status := range []string{"SHIPPED", "IN TRANSIT", "OUT FOR DELIVERY"} {
		report(status)
		if got, _ := f.returns.Request(ctx, r.ID); got.Status != QCPassed {
			t.Fatalf("after %s the request is %s", status, got.Status)
		}
	}
	if n := f.count(t, `SELECT count(*) FROM invoices WHERE order_id = $1`, child.ID); n != 0 {
		t.Fatalf("the new parcel has %d tax invoices", n)
	}
	if n := f.count(t, `SELECT count(*) FROM invoices WHERE order_id = $1`, o.ID); n != 1 {
		t.Fatalf("the original order has %d invoices", n)
	}
	if !report("DELIVERED") {
		t.Fatal("the delivery did not move the child")
	}
	status, steps, events, mails := f.moves(t, r.ID, exchangedKind)
	done, _ := f.returns.Request(ctx, r.ID)
	last := done.Steps[len(done.Steps)-1]
	if status != string(Exchanged) || last.Status != Exchanged || last.Actor != ActorCourier || last.Note != "Delivered as order "+child.Number || mails != 1 {
		t.Fatalf("after the delivery: %s %+v, %d mails", status, last, mails)
	}
	if n := f.count(t, `SELECT count(*) FROM outbox WHERE name = 'return.updated' AND payload->'data'->>'_id' = $1
		AND payload->'data'->>'status' = 'EXCHANGED' AND payload->>'topic' IN ($2, 'admin:orders')`, r.ID, "user:"+userID); n != 2 {
		t.Fatalf("%d EXCHANGED events to the shopper and the board", n)
	}
	_, err := f.returns.Ask(ctx, Ask{UserID: userID, OrderNumber: child.Number, Kind: Return, Reason: "too_small", Payout: upi,
		Lines: []AskLine{{Item: 0, Quantity: 1}}})
	if !shop.Is(err, shop.Conflict) {
		t.Fatalf("a return of the new parcel, which cost nothing: %v", err)
	}
	f.clock = f.clock.Add(-10)
	report("DELIVERED")
	if s2, steps2, events2, mails2 := f.moves(t, r.ID, exchangedKind); s2 != status || steps2 != steps || events2 != events || mails2 != mails {
		t.Fatalf("a repeated delivery wrote: %s %d %d %d", s2, steps2-steps, events2-events, mails2-mails)
	}
}

// TestExchangeFeeWhenExchangesAreNotFree: with exchanges not free, the new parcel costs the
// policy's fee as it was when the exchange was asked (₹99), collected cash on delivery.
func TestExchangeFeeWhenExchangesAreNotFree(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	if _, err := f.returns.SavePolicy(ctx, PolicyChange{FreeExchanges: ptr(false), ReturnFee: ptr(shop.Rupees(99))}); err != nil {
		t.Fatal(err)
	}
	userID, o := f.delivered(t, "fee@example.in", "M", 1)
	r := f.passedExchange(t, userID, o, "S")
	if _, err := f.returns.SavePolicy(ctx, PolicyChange{ReturnFee: ptr(shop.Rupees(150))}); err != nil {
		t.Fatal(err)
	}
	if err := f.returns.ShipExchange(ctx, r.ID); err != nil {
		t.Fatal(err)
	}
	r, _ = f.returns.Request(ctx, r.ID)
	child, err := f.Orders.Get(ctx, userID, r.ExchangeOrder.Number)
	if err != nil {
		t.Fatal(err)
	}
	if child.Amount != shop.Rupees(99) || child.PaymentMode != order.COD || child.PaymentStatus != order.Unpaid ||
		child.OrderObj.OrderData.PaymentMethod != "COD" || child.OrderObj.OrderData.SubTotal != shop.Rupees(99) {
		t.Fatalf("the child with a fee: %+v %+v", child, child.OrderObj.OrderData)
	}
}

// TestCancelledChildGivesTheHeldSizeBackOnce: staff cancelling an exchange's new parcel before
// it ships gives its size back once, and refunds nothing (it cost nothing).
func TestCancelledChildGivesTheHeldSizeBackOnce(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	userID, o := f.delivered(t, "cancel@example.in", "M", 1)
	r := f.passedExchange(t, userID, o, "XL")
	if err := f.returns.ShipExchange(ctx, r.ID); err != nil {
		t.Fatal(err)
	}
	r, _ = f.returns.Request(ctx, r.ID)
	xl := f.Stock(t, "XL")
	for range 2 {
		if _, err := f.Orders.Move(ctx, r.ExchangeOrder.ID, order.Canceled, "staff:1", "Out of packing", order.StartRefunds); err != nil {
			t.Fatal(err)
		}
	}
	if got := f.Stock(t, "XL"); got != xl+1 {
		t.Fatalf("XL %d → %d, want one back", xl, got)
	}
	if n := f.count(t, `SELECT count(*) FROM refunds WHERE order_id = $1`, r.ExchangeOrder.ID); n != 0 {
		t.Fatalf("%d refunds of a parcel that cost nothing", n)
	}
	var raw []byte
	if err := f.Pool.QueryRow(ctx, `SELECT shipment FROM orders WHERE id = $1`, r.ExchangeOrder.ID).Scan(&raw); err != nil || !json.Valid(raw) {
		t.Fatalf("shipment: %v", err)
	}
}
