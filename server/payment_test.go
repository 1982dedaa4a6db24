package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/gofiber/fiber/v3"

	"drape/internal/provider/razorpay"
)

// onlineShop is a shop with sim playing Razorpay, and a shopper with one shirt (₹1,439) in
// the cart.
type onlineShop struct {
	app       *fiber.App
	d         deps
	f         shopFixture
	sim       map[string]string
	token     string
	addressID string
}

func newOnlineShop(t testing.TB) *onlineShop {
	t.Helper()
	sim := razorpaySim(t)
	app, d := testAppWith(t, sim)
	s := &onlineShop{app: app, d: d, f: checkoutFixture(t, d), sim: sim}
	s.token, s.addressID = shopper(t, app, "Aarav", "aarav@example.in")
	s.fill(t)
	return s
}

func (s *onlineShop) fill(t testing.TB) {
	t.Helper()
	status, body := send(t, s.app, "POST", "/api/addToCart", s.token, map[string]any{"productId": s.f.newestShirt.ID, "size": "M", "quantity": 1})
	expect(t, "fill the cart", status, body, 200, nil)
}

// start is step 1 of an online checkout: the order number and Razorpay's order id.
func (s *onlineShop) start(t testing.TB, key string) (number, gatewayOrder string) {
	t.Helper()
	status, body := sendKeyed(t, s.app, "/api/payments/razorpay/order", s.token, key, map[string]any{"address": s.addressID, "amount": 1})
	expect(t, "start paying", status, body, 201, map[string]any{"data.amount": 143900, "data.currency": "INR",
		"data.key": "rzp_test_drape", "data.order.orderStatus": "AWAITING_PAYMENT", "data.order.paymentStatus": "pending",
		"data.prefill.email": "aarav@example.in"})
	return jsonValue(t, body, "data.orderId").(string), jsonValue(t, body, "data.razorpayOrderId").(string)
}

// pay makes sim's checkout take (or refuse) the payment, as the shopper's Success or Failure
// press does, and returns the checkout handler's response.
func (s *onlineShop) pay(t testing.TB, gatewayOrder, outcome string) map[string]any {
	t.Helper()
	raw, _ := json.Marshal(map[string]string{"order_id": gatewayOrder, "key_id": "rzp_test_drape", "outcome": outcome})
	resp, err := http.Post(strings.TrimSuffix(s.sim["RAZORPAY_API_URL"], "/razorpay")+"/razorpay/checkout/pay", "application/json", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || resp.StatusCode != 200 {
		t.Fatalf("sim pay %s: %d %v", outcome, resp.StatusCode, err)
	}
	return out
}

// webhook sends a Razorpay event about payment paymentID (fetched from sim as it stands),
// signed with secret, with event id eventID.
func (s *onlineShop) webhook(t testing.TB, event, paymentID, eventID, secret string) (int, []byte) {
	t.Helper()
	client := razorpay.New(s.sim["RAZORPAY_API_URL"], "rzp_test_drape", "drape-sim-key-secret", nil)
	p, err := client.Payment(context.Background(), paymentID)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]any{"entity": "event", "account_id": "acc_sim", "event": event, "contains": []string{"payment"},
		"payload": map[string]any{"payment": map[string]any{"entity": p}}, "created_at": 1763800000})
	resp, out := call(t, s.app, "POST", "/api/webhooks/razorpay", map[string]string{"Content-Type": "application/json",
		"X-Razorpay-Signature": razorpay.SignWebhook(secret, body), "X-Razorpay-Event-Id": eventID}, body)
	return resp.StatusCode, out
}

func (s *onlineShop) confirm(t testing.TB, number string, response map[string]any) (int, []byte) {
	t.Helper()
	body := map[string]any{"paymentMode": "online", "orderId": number, "amount": 1}
	for k, v := range response {
		body[k] = v
	}
	return send(t, s.app, "POST", "/api/createOrder", s.token, body)
}

func (s *onlineShop) orderID(t testing.TB, number string) string {
	t.Helper()
	var id string
	if err := s.d.pool.QueryRow(context.Background(), `SELECT id FROM orders WHERE order_number = $1`, number).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func (s *onlineShop) steps(t testing.TB, number, status string) int {
	t.Helper()
	return countRows(t, s.d, `SELECT count(*) FROM order_events e JOIN orders o ON o.id = e.order_id WHERE o.order_number = $1 AND e.status = $2`, number, status)
}

// TestPayOnline: the stock is held while the shopper pays; a forged callback changes
// nothing; the real one marks the order paid, empties the cart and queues one confirmation;
// webhooks with a bad signature are refused and a replayed one changes nothing.
func TestPayOnline(t *testing.T) {
	t.Parallel()
	s := newOnlineShop(t)
	number, gatewayOrder := s.start(t, "pay-1")
	if got := stockOf(t, s.d, s.f.newestShirt.ID, "M"); got != 2 {
		t.Fatalf("stock while paying: %d, want 2 (held)", got)
	}
	again, _ := s.start(t, "pay-1")
	if again != number {
		t.Fatalf("a retried start made order %s, want %s", again, number)
	}
	response := s.pay(t, gatewayOrder, "success")

	forged := map[string]any{"razorpay_payment_id": response["razorpay_payment_id"], "razorpay_order_id": gatewayOrder,
		"razorpay_signature": razorpay.SignPayment("not-our-secret", gatewayOrder, response["razorpay_payment_id"].(string))}
	status, body := s.confirm(t, number, forged)
	expect(t, "a forged signature", status, body, 400, map[string]any{"message": "Payment could not be verified"})
	status, body = s.confirm(t, number, map[string]any{"razorpay_payment_id": response["razorpay_payment_id"],
		"razorpay_order_id": "order_someoneElse", "razorpay_signature": razorpay.SignPayment("drape-sim-key-secret", "order_someoneElse", response["razorpay_payment_id"].(string))})
	expect(t, "a signature over another order", status, body, 400, map[string]any{"message": "Payment could not be verified"})
	status, body = send(t, s.app, "GET", "/api/orders/"+number, s.token, nil)
	expect(t, "still waiting", status, body, 200, map[string]any{"data.orderStatus": "AWAITING_PAYMENT"})

	status, body = s.confirm(t, number, response)
	expect(t, "the real callback", status, body, 200, map[string]any{"message": "Thank you for purchasing.",
		"data.orderStatus": "PENDING", "data.paymentStatus": "success", "data.paymentId": response["razorpay_payment_id"],
		"data.amount": 1439, "data.orderObj.orderData.payment_method": "Prepaid"})
	status, body = send(t, s.app, "GET", "/api/getcartdetails", s.token, nil)
	expect(t, "the cart once paid", status, body, 200, map[string]any{"data.data.#": 0})

	paymentID := response["razorpay_payment_id"].(string)
	status, body = s.webhook(t, "payment.captured", paymentID, "evt_1", "not-the-webhook-secret")
	expect(t, "a webhook with a bad signature", status, body, 401, nil)
	for range 2 {
		status, body = s.webhook(t, "payment.captured", paymentID, "evt_2", "drape-sim-webhook-secret")
		expect(t, "the captured webhook (twice)", status, body, 200, nil)
	}
	status, body = s.webhook(t, "payment.failed", paymentID, "evt_3", "drape-sim-webhook-secret")
	expect(t, "a late failure event", status, body, 200, nil)
	status, body = send(t, s.app, "GET", "/api/orders/"+number, s.token, nil)
	expect(t, "paid stays paid", status, body, 200, map[string]any{"data.paymentStatus": "success", "data.orderStatus": "PENDING"})
	if n := s.steps(t, number, "PAID"); n != 1 {
		t.Errorf("PAID steps: %d", n)
	}
	if n := countRows(t, s.d, `SELECT count(*) FROM mails WHERE kind = 'order_confirmation'`); n != 1 {
		t.Errorf("confirmation mails: %d", n)
	}
	if got := stockOf(t, s.d, s.f.newestShirt.ID, "M"); got != 2 {
		t.Errorf("stock once paid: %d, want 2", got)
	}
}

// TestCallbackAndWebhookRace: the browser's callback and Razorpay's webhook arrive together;
// the order is paid once and one confirmation mail is queued.
func TestCallbackAndWebhookRace(t *testing.T) {
	t.Parallel()
	s := newOnlineShop(t)
	for round := range 5 {
		number, gatewayOrder := s.start(t, fmt.Sprintf("race-%d", round))
		response := s.pay(t, gatewayOrder, "success")
		var wg sync.WaitGroup
		wg.Add(2)
		go func() {
			defer wg.Done()
			status, body := s.confirm(t, number, response)
			expect(t, "callback", status, body, 200, nil)
		}()
		go func() {
			defer wg.Done()
			status, body := s.webhook(t, "order.paid", response["razorpay_payment_id"].(string), fmt.Sprintf("evt_race_%d", round), "drape-sim-webhook-secret")
			expect(t, "webhook", status, body, 200, nil)
		}()
		wg.Wait()
		if n := s.steps(t, number, "PAID"); n != 1 {
			t.Fatalf("round %d: PAID steps %d", round, n)
		}
		if n := countRows(t, s.d, `SELECT count(*) FROM mails WHERE kind = 'order_confirmation' AND ref = $1`, s.orderID(t, number)); n != 1 {
			t.Fatalf("round %d: confirmation mails %d", round, n)
		}
		if _, err := s.d.pool.Exec(context.Background(), `UPDATE product_sizes SET stock = 3 WHERE product_id = $1`, s.f.newestShirt.ID); err != nil {
			t.Fatal(err)
		}
		s.fill(t)
	}
}

// TestUnpaidOrders: a failed payment the shopper gives up on, an order that expires, money
// that arrives after expiry (reinstated while the stock lasts, refunded when it is gone), a
// lost webhook found by reconciliation, and the gateway being down.
func TestUnpaidOrders(t *testing.T) {
	t.Parallel()
	s := newOnlineShop(t)
	ctx := context.Background()
	svc := newServices(s.d)
	shirt := s.f.newestShirt.ID

	number, gatewayOrder := s.start(t, "fail-1")
	s.pay(t, gatewayOrder, "failure")
	status, body := s.webhook(t, "payment.failed", latestPayment(t, s, gatewayOrder), "evt_f1", "drape-sim-webhook-secret")
	expect(t, "failure webhook", status, body, 200, nil)
	status, body = send(t, s.app, "GET", "/api/orders/"+number, s.token, nil)
	expect(t, "a failed attempt keeps the order open", status, body, 200, map[string]any{"data.orderStatus": "AWAITING_PAYMENT", "data.paymentStatus": "failed"})
	status, body = send(t, s.app, "POST", "/api/payments/razorpay/failed", s.token, map[string]any{"orderId": number})
	expect(t, "the shopper gives up", status, body, 200, map[string]any{"data.orderStatus": "CANCELED", "data.paymentStatus": "failed"})
	if got := stockOf(t, s.d, shirt, "M"); got != 3 {
		t.Fatalf("stock after giving up: %d, want 3", got)
	}
	status, body = send(t, s.app, "GET", "/api/getcartdetails", s.token, nil)
	expect(t, "the cart is still there", status, body, 200, map[string]any{"data.data.#": 1})

	// Expiry, then the money arrives: the stock is still there, so the order comes back.
	number, gatewayOrder = s.start(t, "late-1")
	expire(t, s)
	if n, err := svc.orders.ExpireUnpaid(ctx, 100); err != nil || n != 1 {
		t.Fatalf("expired %d, %v", n, err)
	}
	if got := stockOf(t, s.d, shirt, "M"); got != 3 {
		t.Fatalf("stock after expiry: %d, want 3", got)
	}
	response := s.pay(t, gatewayOrder, "success")
	status, body = s.webhook(t, "payment.captured", response["razorpay_payment_id"].(string), "evt_late_1", "drape-sim-webhook-secret")
	expect(t, "money after expiry", status, body, 200, nil)
	status, body = send(t, s.app, "GET", "/api/orders/"+number, s.token, nil)
	expect(t, "reinstated", status, body, 200, map[string]any{"data.orderStatus": "PENDING", "data.paymentStatus": "success"})
	if got := stockOf(t, s.d, shirt, "M"); got != 2 {
		t.Fatalf("stock once reinstated: %d, want 2", got)
	}

	// Expiry, the size sells out meanwhile, then the money arrives: it is refunded.
	s.fill(t)
	number, gatewayOrder = s.start(t, "late-2")
	expire(t, s)
	if _, err := svc.orders.ExpireUnpaid(ctx, 100); err != nil {
		t.Fatal(err)
	}
	if _, err := s.d.pool.Exec(ctx, `UPDATE product_sizes SET stock = 0 WHERE product_id = $1 AND size = 'M'`, shirt); err != nil {
		t.Fatal(err)
	}
	response = s.pay(t, gatewayOrder, "success")
	status, body = s.webhook(t, "payment.captured", response["razorpay_payment_id"].(string), "evt_late_2", "drape-sim-webhook-secret")
	expect(t, "money after the stock went", status, body, 200, nil)
	status, body = send(t, s.app, "GET", "/api/orders/"+number, s.token, nil)
	expect(t, "refund started", status, body, 200, map[string]any{"data.orderStatus": "CANCELED", "data.paymentStatus": "refund_pending"})
	id := s.orderID(t, number)
	if n := countRows(t, s.d, `SELECT count(*) FROM outbox WHERE name = 'payment:refund' AND dedupe_key = $1`, "refund:"+id+":1"); n != 1 {
		t.Fatalf("refund jobs: %d", n)
	}
	for range 2 {
		if err := svc.payments.Refund(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	status, body = send(t, s.app, "GET", "/api/orders/"+number, s.token, nil)
	expect(t, "refunded", status, body, 200, map[string]any{"data.paymentStatus": "refunded"})
	client := razorpay.New(s.sim["RAZORPAY_API_URL"], "rzp_test_drape", "drape-sim-key-secret", nil)
	if p, err := client.Payment(ctx, response["razorpay_payment_id"].(string)); err != nil || p.AmountRefunded != 143900 {
		t.Fatalf("sim refunded %d paise (%v), want 143900 once", p.AmountRefunded, err)
	}

	// A paid order whose callback and webhook were both lost: reconciliation finds it.
	if _, err := s.d.pool.Exec(ctx, `UPDATE product_sizes SET stock = 3 WHERE product_id = $1 AND size = 'M'`, shirt); err != nil {
		t.Fatal(err)
	}
	number, gatewayOrder = s.start(t, "lost-1")
	s.pay(t, gatewayOrder, "success")
	if err := svc.payments.Reconcile(ctx, s.orderID(t, number)); err != nil {
		t.Fatal(err)
	}
	status, body = send(t, s.app, "GET", "/api/orders/"+number, s.token, nil)
	expect(t, "reconciled", status, body, 200, map[string]any{"data.orderStatus": "PENDING", "data.paymentStatus": "success"})

	// Razorpay is down: the shopper is told, nothing stays held.
	s.fill(t)
	simControl(t, s, map[string]any{"failNextOrders": 1})
	before := stockOf(t, s.d, shirt, "M")
	status, body = sendKeyed(t, s.app, "/api/payments/razorpay/order", s.token, "down-1", map[string]any{"address": s.addressID})
	expect(t, "gateway down", status, body, 503, map[string]any{"message": "Online payment is unavailable right now. Please try again, or choose cash on delivery."})
	if got := stockOf(t, s.d, shirt, "M"); got != before {
		t.Fatalf("stock after the gateway failed: %d, want %d", got, before)
	}
}

func expire(t testing.TB, s *onlineShop) {
	t.Helper()
	if _, err := s.d.pool.Exec(context.Background(), `UPDATE orders SET expires_at = now() - interval '1 minute' WHERE order_status = 'AWAITING_PAYMENT'`); err != nil {
		t.Fatal(err)
	}
}

func latestPayment(t testing.TB, s *onlineShop, gatewayOrder string) string {
	t.Helper()
	client := razorpay.New(s.sim["RAZORPAY_API_URL"], "rzp_test_drape", "drape-sim-key-secret", nil)
	payments, err := client.OrderPayments(context.Background(), gatewayOrder)
	if err != nil || len(payments) == 0 {
		t.Fatalf("payments of %s: %v %v", gatewayOrder, payments, err)
	}
	return payments[len(payments)-1].ID
}

func simControl(t testing.TB, s *onlineShop, body map[string]any) {
	t.Helper()
	raw, _ := json.Marshal(body)
	resp, err := http.Post(s.sim["RAZORPAY_API_URL"]+"/control", "application/json", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("sim control: %d", resp.StatusCode)
	}
}
