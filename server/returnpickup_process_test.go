package main

import (
	"context"
	"encoding/json"
	"net/http"
	"syscall"
	"testing"
	"time"
)

// returnCounts is sim's count of return orders at the courier and of creates for an order id
// it already had.
func (d *courierDeployment) returnCounts(t testing.TB) (returnOrders, duplicates int) {
	t.Helper()
	resp, err := http.Get("http://" + d.sim + "/shiprocket/control")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var c struct {
		Returns    int `json:"returns"`
		Duplicates int `json:"duplicates"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&c); err != nil {
		t.Fatal(err)
	}
	return c.Returns, c.Duplicates
}

// deliveredOrderOver is a new shopper's cash-on-delivery order placed through base's API and
// walked to DELIVERED by sim's courier: the shopper's token and the order number.
func (d *courierDeployment) deliveredOrderOver(t testing.TB, base, email string) (token, number string) {
	t.Helper()
	token, addressID := signUpOver(t, base, email)
	apiCall(t, base, "POST", "/api/addToCart", token, map[string]any{"productId": d.product.ID, "size": "M", "quantity": 1}, 200)
	placed := apiCall(t, base, "POST", "/api/createOrder", token, map[string]any{"paymentMode": "cod", "address": addressID}, 201)
	number = placed["data"].(map[string]any)["orderId"].(string)
	waitUntil(t, 60*time.Second, "the order delivered by the courier", func() bool {
		return d.count(t, `SELECT count(*) FROM orders WHERE order_number = $1 AND order_status = 'DELIVERED'`, number) == 1
	})
	return token, number
}

// askAndApprove is the shopper asking to return their order's line and staff approving it
// over base's API: the request's id.
func askAndApprove(t testing.TB, base, token, staff, number string) string {
	t.Helper()
	asked := apiCall(t, base, "POST", "/api/orders/"+number+"/returns", token,
		map[string]any{"kind": "return", "reason": "too_small", "lines": []any{map[string]any{"item": 0, "quantity": 1}},
			"payout": map[string]any{"upi": "meera@okaxis"}}, 201)
	id := asked["data"].(map[string]any)["_id"].(string)
	apiCall(t, base, "POST", "/api/admin/returns/"+id+"/approve", staff, map[string]any{"note": "Pack it with the tags on"}, 200)
	return id
}

// requestStatus is the status of return request id.
func (d *courierDeployment) requestStatus(t testing.TB, id string) string {
	t.Helper()
	var status string
	if err := d.pool.QueryRow(context.Background(), `SELECT status FROM return_requests WHERE id = $1`, id).Scan(&status); err != nil {
		t.Fatal(err)
	}
	return status
}

// TestReturnPickedUpAndDeliveredByTheCourier: a delivered order's return is approved; the
// worker books the reverse pickup at sim, sim's courier picks it up and delivers it back to
// the shop, and the request walks APPROVED → PICKUP_SCHEDULED → PICKED_UP → RECEIVED by the
// courier's webhooks, each step a mail to the shopper and an event on the shopper's page. One
// pickup at the courier.
func TestReturnPickedUpAndDeliveredByTheCourier(t *testing.T) {
	t.Parallel() // real processes mostly waiting on timers: they overlap well
	d := newCourierDeployment(t, "300ms")
	base := d.startServerOn(t, d.port)
	startWorker(t, d.env)
	token, number := d.deliveredOrderOver(t, base, "picked@example.in")
	staff := d.staffToken(t, base)
	var userID string
	if err := d.pool.QueryRow(context.Background(), `SELECT id FROM users WHERE email = 'picked@example.in'`).Scan(&userID); err != nil {
		t.Fatal(err)
	}
	page, _ := dialLiveAs(t, base, token, "user:"+userID)

	id := askAndApprove(t, base, token, staff, number)
	seen := map[string]bool{}
	deadline := time.Now().Add(60 * time.Second)
	for !seen["RECEIVED"] {
		if time.Now().After(deadline) {
			t.Fatalf("the shopper's page saw %v, want PICKUP_SCHEDULED, PICKED_UP and RECEIVED", seen)
		}
		m := page.next(t, time.Until(deadline))
		if data, _ := m["data"].(map[string]any); m["type"] == "return.updated" && data["_id"] == id {
			seen[data["status"].(string)] = true
		}
	}
	if !seen["PICKUP_SCHEDULED"] || !seen["PICKED_UP"] {
		t.Fatalf("the shopper's page saw %v", seen)
	}
	list := apiCall(t, base, "GET", "/api/orders/"+number+"/returns", token, nil, 200)
	r := list["data"].([]any)[0].(map[string]any)
	pickup, _ := r["pickup"].(map[string]any)
	if r["status"] != "RECEIVED" || pickup == nil || len(pickup["awb"].(string)) != 14 || pickup["courierStatus"] != "RETURN DELIVERED" {
		t.Fatalf("the request on the order page: %v", r)
	}
	var courierSteps int
	d.pool.QueryRow(context.Background(), `SELECT count(*) FROM return_steps WHERE request_id = $1 AND actor = 'courier'`, id).Scan(&courierSteps)
	if courierSteps != 3 {
		t.Fatalf("%d steps by the courier, want 3", courierSteps)
	}
	waitUntil(t, 30*time.Second, "the three pickup mails sent", func() bool {
		return d.count(t, `SELECT count(*) FROM mails WHERE ref = $1 AND sent_at IS NOT NULL
			AND kind IN ('return_pickup_scheduled', 'return_picked_up', 'return_received')`, id) == 3
	})
	if returnOrders, duplicates := d.returnCounts(t); returnOrders != 1 || duplicates != 0 {
		t.Fatalf("the courier has %d return orders and saw %d duplicate creates, want 1 and 0", returnOrders, duplicates)
	}
}

// TestReturnPickupFailsAndIsRetried: the courier answers the first booking 503, and creates
// the second but its answer is lost (the call times out); the worker retries, asks the courier
// first, finds the return order and records it. One pickup at the courier, no duplicate
// create, and the request is followed to PICKUP_SCHEDULED.
func TestReturnPickupFailsAndIsRetried(t *testing.T) {
	t.Parallel() // real processes mostly waiting on timers: they overlap well
	d := newCourierDeployment(t, "300ms")
	base := d.startServerOn(t, d.port)
	startWorker(t, d.env)
	token, number := d.deliveredOrderOver(t, base, "retried@example.in")
	staff := d.staffToken(t, base)
	d.control(t, map[string]any{"step": "off", "fail": 1, "failStatus": 503, "timeout": 1, "hangMs": 17000, "timeoutCreates": true})

	id := askAndApprove(t, base, token, staff, number)
	waitUntil(t, 60*time.Second, "the pickup recorded", func() bool {
		return d.count(t, `SELECT count(*) FROM return_pickups WHERE request_id = $1 AND courier_order_id IS NOT NULL`, id) == 1
	})
	if attempts := d.count(t, `SELECT attempts FROM return_pickups WHERE request_id = $1`, id); attempts != 3 {
		t.Fatalf("%d booking attempts, want 3 (503, lost answer, found)", attempts)
	}
	returnOrders, duplicates := d.returnCounts(t)
	if returnOrders != 1 || duplicates != 0 {
		t.Fatalf("the courier has %d return orders and saw %d duplicate creates, want 1 and 0", returnOrders, duplicates)
	}
	d.control(t, map[string]any{"step": "300ms"})
	waitUntil(t, 30*time.Second, "the request received", func() bool { return d.requestStatus(t, id) == "RECEIVED" })
}

// TestAWorkerKilledMidPickupBooking: the courier hangs on the booking of an approved return
// after creating it, and the worker booking it is killed (SIGKILL); a new worker takes over.
// The new worker asks the courier, finds the return order and records it: one pickup at the
// courier, no duplicate create, and the request is not lost: it reaches RECEIVED.
func TestAWorkerKilledMidPickupBooking(t *testing.T) {
	t.Parallel() // real processes mostly waiting on timers: they overlap well
	d := newCourierDeployment(t, "300ms")
	base := d.startServerOn(t, d.port)
	first := startWorker(t, d.env)
	token, number := d.deliveredOrderOver(t, base, "killed@example.in")
	staff := d.staffToken(t, base)
	d.control(t, map[string]any{"step": "off", "timeout": 1, "hangMs": 600000, "timeoutCreates": true})

	id := askAndApprove(t, base, token, staff, number)
	waitUntil(t, 30*time.Second, "the courier to have the return order (its answer hanging)", func() bool {
		returnOrders, _ := d.returnCounts(t)
		return returnOrders == 1
	})
	if err := first.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	startWorker(t, d.env)
	waitUntil(t, 120*time.Second, "the new worker to record the pickup", func() bool {
		return d.count(t, `SELECT count(*) FROM return_pickups WHERE request_id = $1 AND courier_order_id IS NOT NULL`, id) == 1
	})
	returnOrders, duplicates := d.returnCounts(t)
	d.control(t, map[string]any{"step": "300ms"})
	waitUntil(t, 60*time.Second, "the request received", func() bool { return d.requestStatus(t, id) == "RECEIVED" })
	drillReport(t, "worker kill -9 mid pickup booking, courier hangs after creating", "return pickups booked at the courier", 1, returnOrders, duplicates)
	if returnOrders != 1 || duplicates != 0 {
		t.Fatalf("the courier has %d return orders and saw %d duplicate creates, want 1 and 0", returnOrders, duplicates)
	}
}
