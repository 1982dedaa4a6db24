package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/gofiber/fiber/v3"

	"drape/internal/demo"
)

// checkoutFixture is a shop ready to sell: the catalog fixture, the demo company and coupons
// (WELCOME15 first order ≥ ₹999 cap ₹750, FESTIVE10 ≥ ₹1,999 cap ₹500, TAILOR5, MONSOON25 off).
func checkoutFixture(t testing.TB, d deps) shopFixture {
	t.Helper()
	f := seedShop(t, d)
	svc := newServices(d)
	if _, err := demo.LoadSelling(context.Background(), demo.SellingDeps{Company: svc.company, Coupons: svc.coupons}); err != nil {
		t.Fatal(err)
	}
	return f
}

// shopper signs a new shopper up with a saved address and returns the token and address id.
func shopper(t testing.TB, app *fiber.App, name, email string) (token, addressID string) {
	t.Helper()
	token, _ = signUp(t, app, name, email)
	status, body := send(t, app, "POST", "/api/addAddress", token, with(homeAddress(), "email", email))
	expect(t, "address of "+email, status, body, 200, nil)
	return token, jsonValue(t, body, "data._id").(string)
}

// sendKeyed is send with an Idempotency-Key.
func sendKeyed(t testing.TB, app *fiber.App, path, token, key string, body any) (int, []byte) {
	t.Helper()
	raw, _ := json.Marshal(body)
	resp, b := call(t, app, "POST", path, map[string]string{"Content-Type": "application/json",
		"Authorization": "Bearer " + token, "Idempotency-Key": key}, raw)
	return resp.StatusCode, b
}

func stockOf(t testing.TB, d deps, productID, size string) int {
	t.Helper()
	var n int
	if err := d.pool.QueryRow(context.Background(), `SELECT stock FROM product_sizes WHERE product_id = $1 AND size = $2`, productID, size).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func countRows(t testing.TB, d deps, query string, args ...any) int {
	t.Helper()
	var n int
	if err := d.pool.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestCashOnDelivery: a shopper pays on delivery with a coupon; the server prices everything
// (forged amounts change nothing), takes the stock, empties the cart, queues the mail and the
// shipment push, and a retried request returns the same order.
func TestCashOnDelivery(t *testing.T) {
	t.Parallel()
	app, d := testApp(t)
	f := checkoutFixture(t, d)
	token, addressID := shopper(t, app, "Aarav", "aarav@example.in")
	shirt := f.newestShirt.ID

	status, body := send(t, app, "POST", "/api/createOrder", token, map[string]any{"paymentMode": "cod", "address": addressID})
	expect(t, "an empty cart", status, body, 400, map[string]any{"message": "Your cart is empty."})

	send(t, app, "POST", "/api/addToCart", token, map[string]any{"productId": shirt, "size": "M", "quantity": 2})
	status, body = send(t, app, "POST", "/api/checkout/quote", token, map[string]any{})
	expect(t, "quote", status, body, 200, map[string]any{"data.subtotal": 2878, "data.listTotal": 3998, "data.productDiscount": 1120,
		"data.couponDiscount": 0, "data.shipping": 0, "data.tax": 0, "data.total": 2878, "data.totalItems": 2})
	status, body = send(t, app, "POST", "/api/checkout/quote", token, map[string]any{"couponCode": "welcome15"})
	expect(t, "a first-order coupon", status, body, 200, map[string]any{"message": "Congratulations, you got 15% off!",
		"data.coupon.code": "WELCOME15", "data.couponDiscount": 432, "data.total": 2446})
	for _, bad := range []struct{ code, msg string }{
		{"MONSOON25", "Coupon is not active."},
		{"NOPE", "Coupon not found"},
		{"x", "Coupon not found"},
	} {
		status, body = send(t, app, "POST", "/api/checkout/quote", token, map[string]any{"couponCode": bad.code})
		expect(t, "coupon "+bad.code, status, body, 400, map[string]any{"message": bad.msg})
	}

	forged := map[string]any{"paymentMode": "cod", "address": addressID, "couponCode": "WELCOME15", "amount": 1,
		"totalAmount": 1, "sub_total": 1, "finalAmount": 1, "paymentStatus": "success", "orderStatus": "DELIVERED",
		"orderObj": map[string]any{"sub_total": 1}}
	status, body = sendKeyed(t, app, "/api/createOrder", token, "attempt-1", forged)
	expect(t, "place COD with forged money", status, body, 201, map[string]any{
		"message": "Order placed successfully!", "data.paymentMode": "cod", "data.paymentStatus": "unpaid",
		"data.orderStatus": "PENDING", "data.status": "Pending", "data.shippingStatus": "Pending",
		"data.subTotal": 2878, "data.couponCode": "WELCOME15", "data.couponDiscount": 432, "data.amount": 2446,
		"data.totalAmount": 2446, "data.items.#": 1, "data.items.0.quantity": 2, "data.items.0.discountedPrice": 1439,
		"data.items.0.saleName": "Festive Formals", "data.address.city": "Jaipur",
		"data.orderObj.orderData.payment_method": "COD", "data.orderObj.orderData.sub_total": 2446, "data.orderObj.orderData.order_items.0.units": 2,
		"data.orderObj.orderData.order_items.0.selling_price": 1439, "data.orderObj.orderData.length": 100, "data.orderObj.orderData.height": 2,
		"data.orderObj.orderData.weight": 0.6, "data.orderObj.orderData.billing_pincode": 302006, "data.orderObj.orderData.order_type": "ESSENTIALS",
		"data.cancellable": true, "data.timeline.0.label": "Order placed"})
	number := jsonValue(t, body, "data.orderId").(string)
	if len(number) != 26 || number[:3] != "DRP" {
		t.Errorf("order id %q: want DRP + 13-digit time + 10 characters", number)
	}
	if got := stockOf(t, d, shirt, "M"); got != 1 {
		t.Errorf("stock of M after ordering 2 of 3: %d", got)
	}
	status, body = send(t, app, "GET", "/api/getcartdetails", token, nil)
	expect(t, "the cart after ordering", status, body, 200, map[string]any{"data.data.#": 0})

	status, body = sendKeyed(t, app, "/api/createOrder", token, "attempt-1", forged)
	expect(t, "the same attempt again", status, body, 200, map[string]any{"data.orderId": number})
	if n := countRows(t, d, `SELECT count(*) FROM orders`); n != 1 {
		t.Errorf("orders after a retry: %d", n)
	}
	if n := countRows(t, d, `SELECT count(*) FROM mails WHERE kind = 'order_confirmation'`); n != 1 {
		t.Errorf("confirmation mails: %d", n)
	}
	if n := countRows(t, d, `SELECT count(*) FROM outbox WHERE name = 'order:push_shipment'`); n != 1 {
		t.Errorf("shipment pushes: %d", n)
	}

	// A returning buyer: the first-order coupon is refused, the others keep their rules.
	send(t, app, "POST", "/api/addToCart", token, map[string]any{"productId": shirt, "size": "S", "quantity": 1})
	status, body = send(t, app, "POST", "/api/checkout/quote", token, map[string]any{"couponCode": "WELCOME15"})
	expect(t, "first-order coupon for a returning buyer", status, body, 400, map[string]any{"message": "This coupon is for your first order only"})
	status, body = send(t, app, "POST", "/api/checkout/quote", token, map[string]any{"couponCode": "FESTIVE10"})
	expect(t, "below the minimum", status, body, 400, map[string]any{"message": "Add items worth ₹560 more to use this coupon."})
	status, body = send(t, app, "GET", "/api/getcoupon", token, nil)
	expect(t, "coupons for a returning buyer", status, body, 200, map[string]any{"data.#": 3, "data.1.code": "WELCOME15",
		"data.1.eligible": false, "data.1.mimimumAmount": 999})
	status, body = send(t, app, "GET", "/api/getcoupon", "", nil)
	expect(t, "coupons for a guest", status, body, 200, map[string]any{"data.#": 3, "data.1.eligible": true})

	send(t, app, "POST", "/api/addToCart", token, map[string]any{"productId": shirt, "size": "XL", "quantity": 3})
	send(t, app, "POST", "/api/addToCart", token, map[string]any{"productId": shirt, "size": "XXL", "quantity": 3})
	status, body = send(t, app, "POST", "/api/checkout/quote", token, map[string]any{"couponCode": "FESTIVE10"})
	expect(t, "a capped coupon", status, body, 200, map[string]any{"data.subtotal": 10073, "data.couponDiscount": 500, "data.total": 9573})

	status, body = send(t, app, "GET", "/api/getallorder?limit=5", token, nil)
	expect(t, "my orders", status, body, 200, map[string]any{"data.items.#": 1, "data.items.0.orderId": number, "data.totalPages": 1, "data.page": 1})
	other, _ := shopper(t, app, "Kabir", "kabir@example.in")
	status, body = send(t, app, "GET", "/api/orders/"+number, other, nil)
	expect(t, "another shopper's order", status, body, 404, map[string]any{"message": "Order not found"})
	status, body = send(t, app, "POST", "/api/orders/"+number+"/cancel", other, nil)
	expect(t, "another shopper cancels it", status, body, 404, map[string]any{"message": "Order not found"})
	status, body = send(t, app, "GET", "/api/track?orderId="+number+"&email=aarav@example.in", "", nil)
	expect(t, "track with the e-mail", status, body, 200, map[string]any{"data.orderStatus": "PENDING", "data.timeline.0.status": "PLACED"})
	status, body = send(t, app, "GET", "/api/track?orderId="+number+"&email=someone@example.in", "", nil)
	expect(t, "track with a wrong e-mail", status, body, 404, map[string]any{"message": "Order not found"})

	status, body = send(t, app, "POST", "/api/orders/"+number+"/cancel", token, nil)
	expect(t, "cancel", status, body, 200, map[string]any{"data.orderStatus": "CANCELED", "data.cancellable": false, "data.paymentStatus": "unpaid"})
	if got := stockOf(t, d, shirt, "M"); got != 3 {
		t.Errorf("stock of M after cancelling: %d, want 3", got)
	}
	status, body = send(t, app, "POST", "/api/orders/"+number+"/cancel", token, nil)
	expect(t, "cancel twice", status, body, 200, map[string]any{"data.orderStatus": "CANCELED"})
	if got := stockOf(t, d, shirt, "M"); got != 3 {
		t.Errorf("stock of M after cancelling twice: %d, want 3 (given back once)", got)
	}
	if n := countRows(t, d, `SELECT used FROM coupons WHERE code = 'WELCOME15'`); n != 0 {
		t.Errorf("WELCOME15 uses after the cancel: %d", n)
	}
}

// TestCheckoutRefusals: each refusal says why and changes nothing.
func TestCheckoutRefusals(t *testing.T) {
	t.Parallel()
	app, d := testApp(t)
	f := seedShop(t, d)
	token, addressID := shopper(t, app, "Aarav", "aarav@example.in")
	_, othersAddress := shopper(t, app, "Kabir", "kabir@example.in")
	send(t, app, "POST", "/api/addToCart", token, map[string]any{"productId": f.newestShirt.ID, "size": "M", "quantity": 1})

	status, body := send(t, app, "POST", "/api/createOrder", token, map[string]any{"paymentMode": "cod", "address": addressID})
	expect(t, "no company details", status, body, 409, map[string]any{"message": "Company details not added"})
	svc := newServices(d)
	if _, err := demo.LoadSelling(context.Background(), demo.SellingDeps{Company: svc.company, Coupons: svc.coupons}); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []struct {
		what   string
		body   map[string]any
		status int
		msg    string
	}{
		{"no address", map[string]any{"paymentMode": "cod"}, 400, "Please select a shipping address."},
		{"another shopper's address", map[string]any{"paymentMode": "cod", "address": othersAddress}, 400, "Please select a shipping address."},
		{"no payment mode", map[string]any{"address": addressID}, 400, "Choose cash on delivery or Pay now"},
		{"an online payment without proof", map[string]any{"paymentMode": "online", "orderId": "DRP1"}, 400, "Payment could not be verified"},
		{"an inactive coupon", map[string]any{"paymentMode": "cod", "address": addressID, "couponCode": "MONSOON25"}, 400, "Coupon is not active."},
	} {
		status, body := send(t, app, "POST", "/api/createOrder", token, bad.body)
		expect(t, bad.what, status, body, bad.status, map[string]any{"message": bad.msg})
	}
	if _, err := d.pool.Exec(context.Background(), `UPDATE product_sizes SET stock = 0 WHERE product_id = $1 AND size = 'M'`, f.newestShirt.ID); err != nil {
		t.Fatal(err)
	}
	status, body = send(t, app, "POST", "/api/createOrder", token, map[string]any{"paymentMode": "cod", "address": addressID})
	expect(t, "sold out since it was added", status, body, 409, map[string]any{"message": "Size M of " + f.newestShirt.Name + " is sold out"})
	if n := countRows(t, d, `SELECT count(*) FROM orders`); n != 0 {
		t.Errorf("orders after refusals: %d", n)
	}
	status, body = send(t, app, "GET", "/api/getcartdetails", token, nil)
	expect(t, "the cart is kept", status, body, 200, map[string]any{"data.data.#": 1})
}

// TestOneKeyOneOrder: the same Idempotency-Key sent 100 times at once makes one order, and
// every answer names it.
func TestOneKeyOneOrder(t *testing.T) {
	t.Parallel()
	app, d := testApp(t)
	f := checkoutFixture(t, d)
	token, addressID := shopper(t, app, "Aarav", "aarav@example.in")
	send(t, app, "POST", "/api/addToCart", token, map[string]any{"productId": f.newestShirt.ID, "size": "M", "quantity": 1})

	var wg sync.WaitGroup
	numbers := make([]string, 100)
	statuses := make([]int, 100)
	for i := range numbers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status, body := sendKeyed(t, app, "/api/createOrder", token, "one-click", map[string]any{"paymentMode": "cod", "address": addressID})
			statuses[i] = status
			if status == http.StatusCreated || status == http.StatusOK {
				numbers[i] = fmt.Sprint(jsonValue(t, body, "data.orderId"))
			}
		}()
	}
	wg.Wait()
	created := 0
	for i, n := range numbers {
		if statuses[i] == http.StatusCreated {
			created++
		}
		if n == "" || n != numbers[0] {
			t.Fatalf("answer %d: status %d order %q, want all %q", i, statuses[i], n, numbers[0])
		}
	}
	if created != 1 || countRows(t, d, `SELECT count(*) FROM orders`) != 1 {
		t.Fatalf("created answers %d, orders %d: want exactly one", created, countRows(t, d, `SELECT count(*) FROM orders`))
	}
	if got := stockOf(t, d, f.newestShirt.ID, "M"); got != 2 {
		t.Errorf("stock %d, want 2", got)
	}
}
