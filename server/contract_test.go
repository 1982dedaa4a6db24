package main

import (
	"testing"

	"drape/internal/order"
)

// TestAdminOrderView: GET /api/admin/getalloder's items are SPEC §3's admin order view: the
// account that ordered (userdetails), where the order is (statusDetails), and orderObj with
// the cart as ordered (cartData, each with its productDetails) and the order as sent at
// checkout (orderData, with its billing fields).
func TestAdminOrderView(t *testing.T) {
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
