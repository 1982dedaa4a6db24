package main

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"sync"
	"testing"

	"drape/internal/order"
	"drape/internal/provider/razorpay"
)

// paise reads a rupee figure of an answer as paise.
func paiseAt(t testing.TB, body []byte, path string) int64 {
	t.Helper()
	return int64(math.Round(jsonValue(t, body, path).(float64) * 100))
}

// TestPartialRefundOfACouponedOrderOverHTTP: three shirts paid online with a 7 % coupon; one
// comes back. Staff approve, receive and pass QC (twice at once: one move, the shirt back
// into stock once). The refund is that shirt's share of what was paid, to the paisa: a third
// of the line after the coupon, rounded half up, the same figure as the credit note issued for
// it. The worker's refund job, run three times at once, makes one partial Razorpay refund of
// exactly that; its refund.processed webhook marks the return REFUNDED and leaves the order
// DELIVERED and paid, with its return listed.
func TestPartialRefundOfACouponedOrderOverHTTP(t *testing.T) {
	t.Parallel()
	sim := razorpaySim(t)
	s := newFulfilmentShopWith(t, sim)
	online := &onlineShop{app: s.app, d: s.d, f: s.f, sim: sim, token: s.shopper, addressID: s.addressID}
	status, body := send(t, s.app, "POST", "/api/addToCart", s.shopper, map[string]any{"productId": s.f.newestShirt.ID, "size": "M", "quantity": 3})
	expect(t, "three shirts", status, body, 200, nil)
	createCoupon(t, s.d, "RETURN7", 7, nil)
	number, gatewayOrder := online.startWith(t, "refund-couponed", "RETURN7")
	paid := online.pay(t, gatewayOrder, "success")
	status, body = online.confirm(t, number, paid)
	expect(t, "paid", status, body, 200, nil)
	paymentID := paid["razorpay_payment_id"].(string)
	id := online.orderID(t, number)
	for _, to := range []order.Status{order.Shipped, order.Delivered} {
		status, body := s.move(t, s.admin, id, to)
		expect(t, "move to "+string(to), status, body, 200, nil)
	}
	status, body = send(t, s.app, "GET", "/api/orders/"+number, s.shopper, nil)
	expect(t, "the order", status, body, 200, map[string]any{"data.items.0.quantity": 3})
	unit, coupon := paiseAt(t, body, "data.items.0.discountedPrice"), paiseAt(t, body, "data.couponDiscount")
	if coupon == 0 {
		t.Fatalf("the coupon took nothing off: %s", body)
	}
	line := 3*unit - coupon
	want := (2*line + 3) / 6 // a third of the line, half up

	path := "/api/orders/" + number + "/returns"
	ret := map[string]any{"kind": "return", "reason": "too_large", "lines": []map[string]any{{"item": 0, "quantity": 1}}}
	status, body = send(t, s.app, "POST", path, s.shopper, with(ret, "payout", map[string]any{"upi": "meera@okaxis"}))
	expect(t, "payout details on an online order", status, body, 400, map[string]any{"errors.payout": "Only a cash-on-delivery order's return asks where to send the refund"})
	status, body = send(t, s.app, "POST", path, s.shopper, ret)
	expect(t, "the return", status, body, 201, nil)
	rid := jsonValue(t, body, "data._id").(string)
	admin := "/api/admin/returns/" + rid
	status, body = send(t, s.app, "POST", admin+"/qc", s.staff, map[string]any{"passed": true})
	expect(t, "QC before the parcel came", status, body, 409, map[string]any{"message": "Return request " + number + "-R1 is return requested: it can no longer be quality-checked"})
	status, body = send(t, s.app, "POST", admin+"/approve", s.staff, map[string]any{})
	expect(t, "approve", status, body, 200, nil)
	status, body = send(t, s.app, "POST", admin+"/receive", s.staff, map[string]any{"note": "Parcel opened"})
	expect(t, "receive", status, body, 200, map[string]any{"data.status": "RECEIVED", "data.steps.2.note": "Parcel opened", "data.steps.2.actor": "staff"})
	status, body = send(t, s.app, "POST", admin+"/qc", s.staff, map[string]any{"note": "no verdict"})
	expect(t, "QC without passed", status, body, 400, map[string]any{"errors.passed": "Say whether the quality check passed"})

	stock := stockOf(t, s.d, s.f.newestShirt.ID, "M")
	answers := make([][]byte, 2)
	var wg sync.WaitGroup
	for i := range answers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status, body := send(t, s.app, "POST", admin+"/qc", s.staff, map[string]any{"passed": true, "note": "Tags on"})
			expect(t, "QC passed", status, body, 200, map[string]any{"data.status": "QC_PASSED"})
			answers[i] = body
		}()
	}
	wg.Wait()
	if got := stockOf(t, s.d, s.f.newestShirt.ID, "M"); got != stock+1 {
		t.Fatalf("M stock %d → %d: the shirt comes back once", stock, got)
	}
	body = answers[0]
	if got := paiseAt(t, body, "data.refund.amount"); got != want || paiseAt(t, body, "data.refund.credit") != want || jsonValue(t, body, "data.refund.method") != "razorpay" {
		t.Fatalf("refund %d paise, want %d (unit %d, coupon %d): %s", got, want, unit, coupon, body)
	}
	var notes int
	var note int64
	if err := s.d.pool.QueryRow(context.Background(), `SELECT count(*), coalesce(sum(total), 0) FROM credit_notes WHERE order_id = $1`, id).Scan(&notes, &note); err != nil || notes != 1 || note != want {
		t.Fatalf("%d credit notes of %d paise (%v), want one of %d", notes, note, err, want)
	}
	if n := countRows(t, s.d, `SELECT count(*) FROM outbox WHERE name = 'return:refund'`); n != 1 {
		t.Fatalf("%d refund jobs, want 1", n)
	}

	svc := newServices(s.d)
	svc.returns.UsePayments(svc.payments)
	var jobs sync.WaitGroup
	for range 3 {
		jobs.Add(1)
		go func() {
			defer jobs.Done()
			if err := svc.returns.PayRefund(context.Background(), rid); err != nil {
				t.Error(err)
			}
		}()
	}
	jobs.Wait()
	client := razorpay.New(sim["RAZORPAY_API_URL"], "rzp_test_drape", "drape-sim-key-secret", nil)
	p, err := client.Payment(context.Background(), paymentID)
	if err != nil || p.AmountRefunded != want {
		t.Fatalf("Razorpay refunded %d paise (%v), want %d once", p.AmountRefunded, err, want)
	}
	refund, err := client.Refund(context.Background(), paymentID, want, "return_"+rid, map[string]string{"order_id": number, "return_id": rid})
	if err != nil || refund.Notes["return_id"] != rid {
		t.Fatalf("the refund again: %+v %v", refund, err)
	}
	if p, _ := client.Payment(context.Background(), paymentID); p.AmountRefunded != want {
		t.Fatalf("a repeated key refunded again: %d", p.AmountRefunded)
	}
	processed, _ := json.Marshal(map[string]any{"entity": "event", "account_id": "acc_sim", "event": "refund.processed",
		"contains": []string{"refund", "payment"}, "created_at": 1763800000,
		"payload": map[string]any{"refund": map[string]any{"entity": refund}, "payment": map[string]any{"entity": p}}})
	resp, out := call(t, s.app, "POST", "/api/webhooks/razorpay", map[string]string{"Content-Type": "application/json",
		"X-Razorpay-Signature": razorpay.SignWebhook("drape-sim-webhook-secret", processed), "X-Razorpay-Event-Id": "evt_return_refund"}, processed)
	expect(t, "refund.processed", resp.StatusCode, out, 200, nil)

	status, body = send(t, s.app, "GET", "/api/orders/"+number, s.shopper, nil)
	expect(t, "the order after a partial refund", status, body, 200, map[string]any{"data.orderStatus": "DELIVERED", "data.paymentStatus": "success"})
	status, body = send(t, s.app, "GET", path, s.shopper, nil)
	expect(t, "its returns", status, body, 200, map[string]any{"data.#": 1, "data.0.status": "REFUNDED", "data.0.refund.refundId": refund.ID})
	if !strings.Contains(string(body), `"creditNote":"JF/CN/`) {
		t.Fatalf("the return names no credit note: %s", body)
	}
	if n := countRows(t, s.d, `SELECT count(*) FROM audit_log WHERE entity_type = 'returns' AND entity_id = $1`, rid); n != 4 {
		t.Fatalf("%d audit entries for approve, receive and two QC clicks, want 4", n)
	}
}
