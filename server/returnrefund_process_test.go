package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"drape/internal/catalog"
)

// razorpayEnv points the shop at sim's Razorpay.
func razorpayEnv(sim string) []string {
	return []string{"RAZORPAY_KEY_ID=rzp_test_drape", "RAZORPAY_KEY_SECRET=drape-sim-key-secret",
		"RAZORPAY_WEBHOOK_SECRET=drape-sim-webhook-secret", "RAZORPAY_API_URL=http://" + sim + "/razorpay"}
}

// simRefunds is what sim's Razorpay says it refunded of payment id: its refunds (GET
// /v1/payments/{id}/refunds, as Razorpay answers it).
func (d *courierDeployment) simRefunds(t testing.TB, paymentID string) []map[string]any {
	t.Helper()
	req, _ := http.NewRequest("GET", "http://"+d.sim+"/razorpay/v1/payments/"+paymentID+"/refunds", nil)
	req.SetBasicAuth("rzp_test_drape", "drape-sim-key-secret")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var list struct {
		Count int              `json:"count"`
		Items []map[string]any `json:"items"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("sim's refunds of %s: %d %v", paymentID, resp.StatusCode, err)
	}
	return list.Items
}

// paidOnlineOrderOver is a new shopper's order of one shirt in size M paid online at sim's
// Razorpay checkout through base's API, walked to DELIVERED by sim's courier: the shopper's
// token, the order number and the Razorpay payment id.
func (d *courierDeployment) paidOnlineOrderOver(t testing.TB, base, email string) (token, number, paymentID string) {
	t.Helper()
	token, addressID := signUpOver(t, base, email)
	apiCall(t, base, "POST", "/api/addToCart", token, map[string]any{"productId": d.product.ID, "size": "M", "quantity": 1}, 200)
	checkout := apiCall(t, base, "POST", "/api/payments/razorpay/order", token, map[string]any{"address": addressID}, 201)["data"].(map[string]any)
	number = checkout["orderId"].(string)
	raw, _ := json.Marshal(map[string]any{"order_id": checkout["razorpayOrderId"], "key_id": checkout["key"], "outcome": "success"})
	resp, err := http.Post("http://"+d.sim+"/razorpay/checkout/pay", "application/json", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var paid map[string]any
	json.NewDecoder(resp.Body).Decode(&paid)
	resp.Body.Close()
	paymentID, _ = paid["razorpay_payment_id"].(string)
	placed := apiCall(t, base, "POST", "/api/createOrder", token, map[string]any{"paymentMode": "online", "orderId": number,
		"razorpay_payment_id": paymentID, "razorpay_signature": paid["razorpay_signature"]}, 200)
	if o := placed["data"].(map[string]any); o["paymentStatus"] != "success" {
		t.Fatalf("the order after paying: %v", o)
	}
	waitUntil(t, 60*time.Second, "the paid order delivered by the courier", func() bool {
		return d.count(t, `SELECT count(*) FROM orders WHERE order_number = $1 AND order_status = 'DELIVERED'`, number) == 1
	})
	return token, number, paymentID
}

// stockOf is how many of the deployment's shirt in size are in stock.
func (d *courierDeployment) stockOf(t testing.TB, size string) int {
	t.Helper()
	return d.count(t, `SELECT stock FROM product_sizes WHERE product_id = $1 AND size = $2`, d.product.ID, size)
}

// TestOnlineReturnRefundedOnceByRazorpay: an order paid online at sim's Razorpay is delivered
// by sim's courier; its return is approved, picked up and delivered back by the courier,
// received and passed by staff; the worker refunds it through Razorpay and the request is
// REFUNDED. sim's Razorpay holds exactly one refund of the payment, for what the shopper paid
// (the whole order: its one piece and the fees), and the shirt is back in stock once.
func TestOnlineReturnRefundedOnceByRazorpay(t *testing.T) {
	t.Parallel() // real processes mostly waiting on timers: they overlap well
	d := newCourierDeployment(t, "300ms")
	d.env = append(d.env, razorpayEnv(d.sim)...)
	base := d.startServerOn(t, d.port)
	startWorker(t, d.env)
	token, number, paymentID := d.paidOnlineOrderOver(t, base, "online-return@example.in")
	staff := d.staffToken(t, base)

	asked := apiCall(t, base, "POST", "/api/orders/"+number+"/returns", token,
		map[string]any{"kind": "return", "reason": "too_small", "lines": []any{map[string]any{"item": 0, "quantity": 1}}}, 201)
	id := asked["data"].(map[string]any)["_id"].(string)
	apiCall(t, base, "POST", "/api/admin/returns/"+id+"/approve", staff, map[string]any{"note": ""}, 200)
	waitUntil(t, 60*time.Second, "the return delivered to the shop by the courier", func() bool { return d.requestStatus(t, id) == "RECEIVED" })
	before := d.stockOf(t, "M")
	apiCall(t, base, "POST", "/api/admin/returns/"+id+"/qc", staff, map[string]any{"passed": true, "note": "Tags on"}, 200)
	waitUntil(t, 30*time.Second, "the return refunded", func() bool { return d.requestStatus(t, id) == "REFUNDED" })
	time.Sleep(time.Second) // a second refund or stock return, were one queued, would land in this time

	var total int64
	if err := d.pool.QueryRow(context.Background(), `SELECT total FROM orders WHERE order_number = $1`, number).Scan(&total); err != nil {
		t.Fatal(err)
	}
	refunds := d.simRefunds(t, paymentID)
	if len(refunds) != 1 || refunds[0]["amount"] != float64(total) || refunds[0]["status"] != "processed" {
		t.Fatalf("sim's Razorpay refunded %v of payment %s, want one refund of %d paise", refunds, paymentID, total)
	}
	list := apiCall(t, base, "GET", "/api/orders/"+number+"/returns", token, nil, 200)
	r := list["data"].([]any)[0].(map[string]any)
	refund, _ := r["refund"].(map[string]any)
	if refund == nil || refund["refundId"] != refunds[0]["id"] || refund["amount"] != float64(total)/100 {
		t.Fatalf("the request's refund: %v", r["refund"])
	}
	if after := d.stockOf(t, "M"); after != before+1 {
		t.Fatalf("M stock %d → %d, want the shirt back once", before, after)
	}
	if n := d.count(t, `SELECT count(*) FROM orders WHERE order_number = $1 AND order_status = 'RETURNED'`, number); n != 1 {
		t.Fatal("the order whose every piece came back is not RETURNED")
	}
}

// TestExchangeShippedAndDeliveredByTheCourier: a delivered order's exchange (M for L) is
// approved, picked up and delivered back by sim's courier, received and passed by staff; the
// worker makes its new parcel, order <number>-X1, and pushes it to sim's courier once; the
// courier delivers it and the request is EXCHANGED, live on the shopper's page. The L held
// when the exchange was asked is the new parcel's stock: L is taken once, M comes back once.
func TestExchangeShippedAndDeliveredByTheCourier(t *testing.T) {
	t.Parallel() // real processes mostly waiting on timers: they overlap well
	d := newCourierDeployment(t, "300ms")
	if _, err := d.svc.catalog.SetStock(context.Background(), d.product.ID,
		[]catalog.StockLevel{{Size: "M", Stock: 100000}, {Size: "L", Stock: 5}}); err != nil {
		t.Fatal(err)
	}
	base := d.startServerOn(t, d.port)
	startWorker(t, d.env)
	token, number := d.deliveredOrderOver(t, base, "exchange@example.in")
	staff := d.staffToken(t, base)
	var userID string
	if err := d.pool.QueryRow(context.Background(), `SELECT id FROM users WHERE email = 'exchange@example.in'`).Scan(&userID); err != nil {
		t.Fatal(err)
	}
	page, _ := dialLiveAs(t, base, token, "user:"+userID)

	asked := apiCall(t, base, "POST", "/api/orders/"+number+"/returns", token,
		map[string]any{"kind": "exchange", "reason": "too_small", "lines": []any{map[string]any{"item": 0, "quantity": 1, "newSize": "L"}}}, 201)
	id := asked["data"].(map[string]any)["_id"].(string)
	if l := d.stockOf(t, "L"); l != 4 {
		t.Fatalf("L stock %d after the exchange was asked, want 4 (one held)", l)
	}
	apiCall(t, base, "POST", "/api/admin/returns/"+id+"/approve", staff, map[string]any{"note": ""}, 200)
	waitUntil(t, 60*time.Second, "the exchange's parcel delivered to the shop", func() bool { return d.requestStatus(t, id) == "RECEIVED" })
	m := d.stockOf(t, "M")
	apiCall(t, base, "POST", "/api/admin/returns/"+id+"/qc", staff, map[string]any{"passed": true, "note": ""}, 200)

	child := number + "-X1"
	deadline := time.Now().Add(90 * time.Second)
	for exchanged := false; !exchanged; {
		if time.Now().After(deadline) {
			t.Fatalf("the shopper's page never saw the exchange EXCHANGED (request %s)", d.requestStatus(t, id))
		}
		msg := page.next(t, time.Until(deadline))
		if data, _ := msg["data"].(map[string]any); msg["type"] == "return.updated" && data["_id"] == id && data["status"] == "EXCHANGED" {
			exchanged = true
		}
	}
	if n := d.count(t, `SELECT count(*) FROM orders WHERE order_number = $1 AND order_status = 'DELIVERED'
		AND parent_order_id = (SELECT id FROM orders WHERE order_number = $2)`, child, number); n != 1 {
		t.Fatalf("no delivered child order %s", child)
	}
	orders, duplicates := d.courierCounts(t) // sim counts return orders among its orders
	if returnOrders, _ := d.returnCounts(t); orders-returnOrders != 2 || returnOrders != 1 || duplicates != 0 {
		t.Fatalf("the courier has %d orders (%d of them returns) and saw %d duplicate creates, want 2 forward orders (the order and its new parcel), 1 return and 0",
			orders, returnOrders, duplicates)
	}
	if d.count(t, `SELECT count(*) FROM orders WHERE parent_order_id IS NOT NULL`) != 1 {
		t.Fatal("more than one child order")
	}
	if l, after := d.stockOf(t, "L"), d.stockOf(t, "M"); l != 4 || after != m+1 {
		t.Fatalf("L %d (want 4: taken once), M %d → %d (want one back)", l, m, after)
	}
	o := apiCall(t, base, "GET", "/api/orders/"+number, token, nil, 200)["data"].(map[string]any)
	links, _ := o["exchangeOrders"].([]any)
	if len(links) != 1 || links[0].(map[string]any)["orderId"] != child || links[0].(map[string]any)["orderStatus"] != "DELIVERED" {
		t.Fatalf("the original order's exchangeOrders: %v", o["exchangeOrders"])
	}
	list := apiCall(t, base, "GET", "/api/orders/"+number+"/returns", token, nil, 200)
	r := list["data"].([]any)[0].(map[string]any)
	if r["status"] != "EXCHANGED" || r["exchangeOrder"].(map[string]any)["orderId"] != child {
		t.Fatalf("the request on the order page: %v", r)
	}
	waitUntil(t, 30*time.Second, "the exchange's mails sent", func() bool {
		return d.count(t, `SELECT count(*) FROM mails WHERE ref = $1 AND sent_at IS NOT NULL
			AND kind IN ('exchange_shipping', 'exchange_delivered')`, id) == 2
	})
}
