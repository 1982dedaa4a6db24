package main

import (
	"net/http"
	"testing"
)

// shiprocketReturnBody is a valid return create body for orderID, as the shop sends it.
func shiprocketReturnBody(orderID string) map[string]any {
	return map[string]any{
		"order_id": orderID, "order_date": "2026-11-20 10:30",
		"pickup_customer_name": "Riya", "pickup_last_name": "Shah", "pickup_address": "1 MI Road", "pickup_city": "Jaipur",
		"pickup_state": "Rajasthan", "pickup_country": "India", "pickup_pincode": 302001, "pickup_email": "riya@example.in",
		"pickup_phone":           9829012345,
		"shipping_customer_name": "Jaipur Formals", "shipping_address": "12 Johari Bazar", "shipping_city": "Jaipur",
		"shipping_state": "Rajasthan", "shipping_country": "India", "shipping_pincode": 302003, "shipping_email": "shop@example.in",
		"shipping_phone": 9829000000,
		"order_items": []any{map[string]any{"sku": "JF-1-M", "name": "Oxford Shirt", "units": 1, "selling_price": 1999,
			"discount": 0, "hsn": "6205", "qc_enable": true, "qc_size": "M"}},
		"payment_method": "Prepaid", "sub_total": 1999, "length": 30, "breadth": 25, "height": 5, "weight": 0.3,
	}
}

// TestShiprocketReturnOrders: a return order is validated like Shiprocket's (the shopper's
// pickup_* and the warehouse's shipping_* addresses, prepaid only), answered RETURN PENDING
// (21), refused a second time under the same id, listed among the returns only, and walked by
// the driver to RETURN DELIVERED with an AWB and a webhook with is_return=1 at each status.
// The fault controls apply to its create as to a forward one.
func TestShiprocketReturnOrders(t *testing.T) {
	st := newShiprocketTest(t, 0)
	token := st.login(t)
	const create = "/shiprocket/v1/external/orders/create/return"

	bad := shiprocketReturnBody("DRP-ret-bad")
	delete(bad, "pickup_city")
	bad["shipping_pincode"] = "30200"
	bad["payment_method"] = "COD"
	status, answer := st.call(t, "POST", create, token, bad)
	errs, _ := answer["errors"].(map[string]any)
	if status != http.StatusUnprocessableEntity || errs["pickup_city"] == nil || errs["shipping_pincode"] == nil || errs["payment_method"] == nil {
		t.Fatalf("a bad return: %d %v", status, answer)
	}

	status, answer = st.call(t, "POST", create, token, shiprocketReturnBody("DRP-ret-R1"))
	if status != http.StatusOK || answer["status"] != "RETURN PENDING" || answer["status_code"] != 21.0 ||
		answer["order_id"].(float64) <= 0 || answer["shipment_id"].(float64) <= 0 {
		t.Fatalf("a return: %d %v", status, answer)
	}
	if status, again := st.call(t, "POST", create, token, shiprocketReturnBody("DRP-ret-R1")); status != http.StatusUnprocessableEntity ||
		again["message"] != "Order Id Already Exists" {
		t.Fatalf("the same return again: %d %v", status, again)
	}
	_, listed := st.call(t, "GET", "/shiprocket/v1/external/orders/processing/return?search=DRP-ret-R1", token, nil)
	rows := listed["data"].([]any)
	if len(rows) != 1 || rows[0].(map[string]any)["channel_order_id"] != "DRP-ret-R1" || rows[0].(map[string]any)["status"] != "RETURN PENDING" {
		t.Fatalf("the returns list: %v", listed)
	}
	if _, forward := st.call(t, "GET", "/shiprocket/v1/external/orders?search=DRP-ret-R1", token, nil); len(forward["data"].([]any)) != 0 {
		t.Fatalf("a return among the forward orders: %v", forward)
	}

	names := []string{"RETURN PICKUP GENERATED", "RETURN PICKED UP", "RETURN IN TRANSIT", "RETURN DELIVERED"}
	ids := []int{28, 32, 25, 26}
	for i, name := range names {
		status, step := st.advance(t, "DRP-ret-R1")
		if status != http.StatusOK || step["status"] != name || step["webhook"] != "delivered" {
			t.Fatalf("advance to %s: %d %v", name, status, step)
		}
		update := checkStatusUpdate(t, st.webhooks.wait(t, i+1)[i])
		if update.CurrentStatus != name || update.CurrentStatusID != ids[i] || update.IsReturn != 1 || update.OrderID != "DRP-ret-R1" ||
			len(update.AWB) != 14 || update.CourierName == "" || len(update.Scans) != i+1 {
			t.Fatalf("the %s webhook: %+v", name, update)
		}
	}
	if status, _ := st.advance(t, "DRP-ret-R1"); status != http.StatusConflict {
		t.Fatalf("advance past delivered: %d", status)
	}

	st.control(t, map[string]any{"fail": 1, "failStatus": 503})
	if status, _ := st.call(t, "POST", create, token, shiprocketReturnBody("DRP-ret-R2")); status != http.StatusServiceUnavailable {
		t.Fatalf("a failing create: %d", status)
	}
	state := st.state(t)
	if state.Returns != 1 || state.Attempts["DRP-ret-R2"] != 1 || state.Duplicates != 1 {
		t.Fatalf("after a failed create: %+v", state)
	}
}
