package main

import (
	"testing"

	"github.com/gofiber/fiber/v3"
)

// TestQuoteNamesTheBestCoupon: the checkout offers one coupon first, the one that takes the most
// off this cart for this shopper now, decided and priced by the server: WELCOME15 on a first
// order; FESTIVE10 once the shopper has ordered and the cart reaches its minimum; TAILOR5 below
// it; whichever code the quote was asked with.
func TestQuoteNamesTheBestCoupon(t *testing.T) {
	t.Parallel()
	app, d := testApp(t)
	f := checkoutFixture(t, d)
	token, addressID := shopper(t, app, "Ira", "ira@example.in")
	shirt := f.newestShirt.ID

	// Two shirts at ₹1,439: 15 % of ₹2,878 is ₹432, beating FESTIVE10's ₹288 and TAILOR5's ₹144.
	send(t, app, "POST", "/api/addToCart", token, map[string]any{"productId": shirt, "size": "M", "quantity": 2})
	status, body := send(t, app, "POST", "/api/checkout/quote", token, map[string]any{})
	expect(t, "a first order", status, body, 200, map[string]any{"data.bestCoupon.code": "WELCOME15",
		"data.bestCoupon.discount": 15, "data.bestCoupon.saving": 432, "data.couponDiscount": 0, "data.total": 2878})
	status, body = send(t, app, "POST", "/api/checkout/quote", token, map[string]any{"couponCode": "TAILOR5"})
	expect(t, "asked with another coupon", status, body, 200, map[string]any{"data.coupon.code": "TAILOR5",
		"data.couponDiscount": 144, "data.bestCoupon.code": "WELCOME15", "data.bestCoupon.saving": 432})

	status, body = sendKeyed(t, app, "/api/createOrder", token, "first", map[string]any{"paymentMode": "cod", "address": addressID})
	expect(t, "the first order", status, body, 201, nil)

	// A returning shopper: the first-order coupon no longer applies.
	send(t, app, "POST", "/api/addToCart", token, map[string]any{"productId": shirt, "size": "S", "quantity": 2})
	status, body = send(t, app, "POST", "/api/checkout/quote", token, map[string]any{})
	expect(t, "a second order of ₹2,878", status, body, 200, map[string]any{"data.bestCoupon.code": "FESTIVE10",
		"data.bestCoupon.discount": 10, "data.bestCoupon.saving": 288})

	// Below FESTIVE10's ₹1,999 minimum: TAILOR5, 5 % of ₹1,439 rounded.
	status, body = send(t, app, "POST", "/api/updatecart?cartId="+cartLineID(t, app, token), token, map[string]any{"quantity": 1})
	expect(t, "one shirt", status, body, 200, nil)
	status, body = send(t, app, "POST", "/api/checkout/quote", token, map[string]any{})
	expect(t, "a second order of ₹1,439", status, body, 200, map[string]any{"data.bestCoupon.code": "TAILOR5",
		"data.bestCoupon.saving": 72, "data.total": 1439})
}

// cartLineID is the _id of the first line of the shopper's server cart.
func cartLineID(t *testing.T, app *fiber.App, token string) string {
	t.Helper()
	status, body := send(t, app, "GET", "/api/getcartdetails", token, nil)
	expect(t, "the cart", status, body, 200, nil)
	return jsonValue(t, body, "data.data.0._id").(string)
}
