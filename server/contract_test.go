package main

import (
	"encoding/json"
	"testing"
	"time"

	"drape/internal/order"
)

// TestAdminOrderView: GET /api/admin/getalloder's items are SPEC §3's admin order view: the
// account that ordered (userdetails), where the order is (statusDetails), and orderObj with
// the cart as ordered (cartData, each with its productDetails) and the order as sent at
// checkout (orderData, with its billing fields).
func TestAdminOrderView(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	id, number := s.place(t, 2)
	status, body := s.move(t, s.staff, id, order.Shipped)
	expect(t, "ship", status, body, 200, nil)

	status, body = send(t, s.app, "GET", "/api/admin/getalloder?orderId="+id, s.staff, nil)
	expect(t, "the admin order view", status, body, 200, map[string]any{
		"data.items.#": 1, "data.items.0._id": id, "data.items.0.orderId": number, "data.items.0.paymentMode": "cod",
		"data.items.0.userdetails.firstName": "Meera", "data.items.0.userdetails.email": "meera@example.in",
		"data.items.0.statusDetails.status": "SHIPPED", "data.items.0.statusDetails.label": "Shipped",
		"data.items.0.statusDetails.note": "test", "data.items.0.notaddorder": false,
		"data.items.0.orderObj.cartData.#": 1, "data.items.0.orderObj.cartData.0.productDetails.productName": s.f.newestShirt.Name,
		"data.items.0.orderObj.cartData.0.size": "M", "data.items.0.orderObj.cartData.0.quantity": 2,
		"data.items.0.orderObj.orderData.billing_customer_name": "Aarav", "data.items.0.orderObj.orderData.billing_last_name": "Sharma",
		"data.items.0.orderObj.orderData.billing_address": "14 Civil Lines", "data.items.0.orderObj.orderData.billing_address_2": "Near Statue Circle",
		"data.items.0.orderObj.orderData.billing_city": "Jaipur", "data.items.0.orderObj.orderData.billing_pincode": 302006,
		"data.items.0.orderObj.orderData.billing_state": "Rajasthan", "data.items.0.orderObj.orderData.billing_country": "India",
		"data.items.0.orderObj.orderData.billing_email": "meera@example.in", "data.items.0.orderObj.orderData.billing_phone": float64(9829012345),
		"data.items.0.orderObj.orderData.order_id": number,
	})
	amount := jsonValue(t, body, "data.items.0.amount").(float64)
	if amount <= 0 || jsonValue(t, body, "data.items.0.createdAt") == "" || jsonValue(t, body, "data.items.0.statusDetails.since") == nil {
		t.Fatalf("amount %v, createdAt and statusDetails.since wanted: %.600s", amount, body)
	}
	if thumb, _ := jsonValue(t, body, "data.items.0.orderObj.cartData.0.productDetails.thumbnail").(string); thumb == "" {
		t.Fatal("cartData's productDetails has no thumbnail")
	}
	status, body = send(t, s.app, "GET", "/api/admin/orders/"+id, s.staff, nil)
	expect(t, "the order page", status, body, 200, map[string]any{"data.order.userdetails.email": "meera@example.in",
		"data.order.orderObj.cartData.0.quantity": 2})
}

// TestClientOrderRecord: the shopper's orders carry SPEC §3's client order record (orderId,
// items, totalAmount, paymentId, orderDetails, date), on the list, the order and the answer to
// placing it; GET /api/company carries the company's id and name.
func TestClientOrderRecord(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	send(t, s.app, "POST", "/api/addToCart", s.shopper, map[string]any{"productId": s.f.newestShirt.ID, "size": "M", "quantity": 1})
	status, body := send(t, s.app, "POST", "/api/createOrder", s.shopper, map[string]any{"paymentMode": "cod", "address": s.addressID})
	expect(t, "placed", status, body, 201, map[string]any{"data.orderDetails.billing_customer_name": "Aarav",
		"data.orderDetails.payment_method": "COD", "data.paymentId": ""})
	number := jsonValue(t, body, "data.orderId").(string)
	total := jsonValue(t, body, "data.totalAmount")
	record := map[string]any{"orderId": number, "items.#": 1, "totalAmount": total, "paymentId": "",
		"orderDetails.order_id": number, "orderDetails.billing_city": "Jaipur", "orderDetails.sub_total": total}
	for path, prefix := range map[string]string{"/api/getallorder": "data.items.0.", "/api/orders/" + number: "data."} {
		status, body := send(t, s.app, "GET", path, s.shopper, nil)
		want := map[string]any{}
		for k, v := range record {
			want[prefix+k] = v
		}
		expect(t, path, status, body, 200, want)
		if date, _ := jsonValue(t, body, prefix+"date").(string); date == "" {
			t.Errorf("%s: no date", path)
		}
	}

	status, body = send(t, s.app, "GET", "/api/company", "", nil)
	expect(t, "company", status, body, 200, map[string]any{"data.id": "company"})
	if name := jsonValue(t, body, "data.name"); name == "" || name != jsonValue(t, body, "data.companyName") {
		t.Errorf("company name %v, want the company's name %v", name, jsonValue(t, body, "data.companyName"))
	}
}

// TestTrackingShowsTheParcel: the tracking answer names the courier, the airway bill and the
// tracking link, as the shipped mail does, and the courier's latest scan (a late, older report
// does not replace it); before the courier has the parcel they are empty.
func TestTrackingShowsTheParcel(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	_, number := s.place(t, 1)
	track := "/api/track?orderId=" + number + "&email=meera@example.in"
	status, body := send(t, s.app, "GET", track, "", nil)
	expect(t, "placed", status, body, 200, map[string]any{"data.courierName": "", "data.awb": "", "data.trackUrl": "", "data.latestScan": nil})

	ist := time.FixedZone("IST", 19800)
	t0 := time.Now().Add(-2 * time.Hour).Truncate(time.Second)
	scan := func(at time.Time, activity, location string) map[string]any {
		return map[string]any{"date": at.In(ist).Format("2006-01-02 15:04:05"), "status": "X", "activity": activity, "location": location,
			"sr-status": "18", "sr-status-label": "IN TRANSIT"}
	}
	report := func(state string, at time.Time, scans ...any) {
		t.Helper()
		body, _ := json.Marshal(map[string]any{"awb": "SIM123", "courier_name": "Delhivery Surface", "current_status": state,
			"current_status_id": 18, "shipment_status": state, "shipment_status_id": 18,
			"current_timestamp": at.In(ist).Format("02 01 2006 15:04:05"), "order_id": number, "sr_order_id": 771, "scans": scans, "is_return": 0})
		resp, b := call(t, s.app, "POST", "/api/hooks/courier", map[string]string{"Content-Type": "application/json", "x-api-key": courierToken}, body)
		expect(t, "courier "+state, resp.StatusCode, b, 200, nil)
	}
	picked := scan(t0, "Picked Shipment InScan from Manifest", "Jaipur_Hub (Rajasthan)")
	report("SHIPPED", t0, picked)
	report("IN TRANSIT", t0.Add(time.Hour), picked, scan(t0.Add(time.Hour), "Shipment Reached at Destination Hub", "Kolkata_Hub (West Bengal)"))
	report("PICKUP SCHEDULED", t0.Add(-time.Minute), scan(t0.Add(-time.Minute), "Pickup scheduled", "Jaipur"))

	status, body = send(t, s.app, "GET", track, "", nil)
	expect(t, "in transit", status, body, 200, map[string]any{"data.orderStatus": "IN_TRANSIT", "data.courierName": "Delhivery Surface",
		"data.awb": "SIM123", "data.trackUrl": "https://shiprocket.co/tracking/SIM123",
		"data.latestScan.activity": "Shipment Reached at Destination Hub", "data.latestScan.location": "Kolkata_Hub (West Bengal)"})
	if at, _ := time.Parse(time.RFC3339, jsonValue(t, body, "data.latestScan.at").(string)); !at.Equal(t0.Add(time.Hour)) {
		t.Errorf("latest scan at %v, want %v", at, t0.Add(time.Hour))
	}
}
