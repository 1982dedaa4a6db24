package main

import (
	"fmt"
	"testing"
)

// TestCartCalls walks the SPEC §7 cart calls with good and bad input. The fixture's Oxford
// shirts list at ₹1,999 with 10 % off and the running 20 % sale: ₹1,439 each; three in each
// size but L (sold out).
func TestCartCalls(t *testing.T) {
	t.Parallel()
	app, d := testApp(t)
	f := seedShop(t, d)
	riya, _ := signUp(t, app, "Riya", "riya@example.in")
	kabir, _ := signUp(t, app, "Kabir", "kabir@example.in")
	shirt := f.newestShirt.ID

	status, body := send(t, app, "GET", "/api/getcartdetails", "", nil)
	expect(t, "a guest's cart", status, body, 401, map[string]any{"message": "Please login first"})

	status, body = send(t, app, "POST", "/api/addToCart", riya, map[string]any{
		"productId": shirt, "size": "M", "quantity": 1, "price": 1, "discount": 99, "finalAmount": 1, "total": 1, "discountedPrice": 1})
	expect(t, "add one shirt with forged prices", status, body, 200, map[string]any{
		"message": "Item added to cart", "data.data.#": 1, "data.data.0.price": 1999, "data.data.0.discount": 10,
		"data.data.0.discountedPrice": 1439, "data.data.0.finalAmount": 1439, "data.data.0.total": 1439,
		"data.data.0.productName": f.newestShirt.Name, "data.data.0.available": 3, "data.data.0.soldOut": false,
		"data.summary.subtotal": 1439, "data.summary.listTotal": 1999, "data.summary.totalItems": 1})
	lineID := jsonValue(t, body, "data.data.0._id").(string)

	status, body = send(t, app, "POST", "/api/addToCart", riya, map[string]any{"productId": shirt, "size": "M", "quantity": 2})
	expect(t, "the same size again adds up", status, body, 200, map[string]any{"data.data.#": 1, "data.data.0.quantity": 3, "data.data.0.total": 4317})

	status, body = send(t, app, "POST", "/api/addToCart", riya, map[string]any{"productId": shirt, "size": "M"})
	expect(t, "more than in stock", status, body, 409, map[string]any{
		"message": fmt.Sprintf("Only 3 left in size M of %s; your cart has 3", f.newestShirt.Name)})

	for _, bad := range []struct {
		what   string
		body   any
		status int
		msg    string
	}{
		{"quantity 0", map[string]any{"productId": shirt, "size": "S", "quantity": 0}, 400, "Quantity must be at least 1"},
		{"negative quantity", map[string]any{"productId": shirt, "size": "S", "quantity": -2}, 400, "Quantity must be at least 1"},
		{"a billion", map[string]any{"productId": shirt, "size": "S", "quantity": 1_000_000_000}, 400, "At most 10 of one size per order"},
		{"a fraction", map[string]any{"productId": shirt, "size": "S", "quantity": 1.5}, 400, "quantity must be a whole number"},
		{"unknown size", map[string]any{"productId": shirt, "size": "XS"}, 400, fmt.Sprintf("Size XS is not available for %s", f.newestShirt.Name)},
		{"sold-out size", map[string]any{"productId": shirt, "size": "L"}, 409, fmt.Sprintf("Size L of %s is sold out", f.newestShirt.Name)},
		{"unknown product", map[string]any{"productId": "0123456789abcdef01234567", "size": "M"}, 404, "Product not found"},
		{"not an id", map[string]any{"productId": "'; drop table cart_items; --", "size": "M"}, 404, "Product not found"},
		{"no size", map[string]any{"productId": shirt}, 400, "Choose a product and a size"},
	} {
		status, body := send(t, app, "POST", "/api/addToCart", riya, bad.body)
		expect(t, bad.what, status, body, bad.status, map[string]any{"message": bad.msg})
	}

	status, body = send(t, app, "POST", "/api/updatecart?cartId="+lineID, riya, map[string]any{"quantity": 2, "total": 1})
	expect(t, "update quantity", status, body, 200, map[string]any{"data._id": lineID, "data.quantity": 2, "data.total": 2878})
	for _, bad := range []struct {
		what   string
		q      any
		status int
		msg    string
	}{
		{"to 0", 0, 400, "Quantity must be at least 1"},
		{"below 0", -1, 400, "Quantity must be at least 1"},
		{"above 10", 11, 400, "At most 10 of one size per order"},
		{"beyond stock", 4, 409, "Only 3 left in size M"},
		{"a string", "2", 400, "quantity must be a whole number"},
	} {
		status, body := send(t, app, "POST", "/api/updatecart?cartId="+lineID, riya, map[string]any{"quantity": bad.q})
		expect(t, "update "+bad.what, status, body, bad.status, map[string]any{"message": bad.msg})
	}
	status, body = send(t, app, "POST", "/api/updatecart?cartId="+lineID, kabir, map[string]any{"quantity": 1})
	expect(t, "another shopper's line", status, body, 404, map[string]any{"message": "Cart item not found"})
	status, body = send(t, app, "DELETE", "/api/deletecart/"+lineID, kabir, nil)
	expect(t, "another shopper deletes it", status, body, 404, map[string]any{"message": "Cart item not found"})
	status, body = send(t, app, "GET", "/api/getcartdetails", riya, nil)
	expect(t, "unchanged by the bad calls", status, body, 200, map[string]any{"data.data.#": 1, "data.data.0.quantity": 2})

	// The guest cart merges after sign-in: capped lines and lines that cannot go in are noted.
	trousers := f.soldOut.ID
	status, body = send(t, app, "GET", "/api/getproduct?type=Formal%20Trousers", "", nil)
	expect(t, "trousers", status, body, 200, nil)
	pleated := jsonValue(t, body, "data.items.1._id").(string)
	status, body = send(t, app, "POST", "/api/addToCart", kabir, []map[string]any{
		{"id": pleated, "size": "32", "quantity": 9, "price": 1, "total": 9},
		{"id": trousers, "size": "30", "quantity": 1},
		{"productId": "0123456789abcdef01234567", "size": "M", "quantity": 1},
		{"productId": shirt, "size": "S", "quantity": 1},
	})
	expect(t, "merge a guest cart", status, body, 200, map[string]any{"data.data.#": 2, "data.notes.#": 3, "data.summary.totalItems": 5})
	status, body = send(t, app, "POST", "/api/addToCart", kabir, []map[string]any{})
	expect(t, "an empty merge", status, body, 400, map[string]any{"message": "Nothing to add"})

	status, body = send(t, app, "DELETE", "/api/deletecart?cartId="+lineID, riya, nil)
	expect(t, "remove a line", status, body, 200, map[string]any{"message": "Item removed from cart", "data._id": lineID})
	status, body = send(t, app, "DELETE", "/api/deletecart?cartId="+lineID, riya, nil)
	expect(t, "remove it twice", status, body, 404, map[string]any{"message": "Cart item not found"})
	status, body = send(t, app, "DELETE", "/api/deletecart", kabir, nil)
	expect(t, "clear", status, body, 200, map[string]any{"message": "Cart cleared"})
	status, body = send(t, app, "GET", "/api/getcartdetails", kabir, nil)
	expect(t, "a cleared cart", status, body, 200, map[string]any{"data.data.#": 0, "data.summary.subtotal": 0})
}

// TestCartFlagsLinesStockNoLongerCovers: a line that wanted more than is left after someone
// else bought is flagged, and checkout refuses it naming the size.
func TestCartFlagsLinesStockNoLongerCovers(t *testing.T) {
	t.Parallel()
	app, d := testApp(t)
	f := seedShop(t, d)
	riya, _ := signUp(t, app, "Riya", "riya@example.in")
	status, body := send(t, app, "POST", "/api/addToCart", riya, map[string]any{"productId": f.newestShirt.ID, "size": "XL", "quantity": 3})
	expect(t, "add three", status, body, 200, nil)
	if _, err := d.pool.Exec(t.Context(), `UPDATE product_sizes SET stock = 1 WHERE product_id = $1 AND size = 'XL'`, f.newestShirt.ID); err != nil {
		t.Fatal(err)
	}
	status, body = send(t, app, "GET", "/api/getcartdetails", riya, nil)
	expect(t, "flagged", status, body, 200, map[string]any{"data.data.0.soldOut": true, "data.data.0.problem": "Only 1 left in size XL",
		"data.data.0.available": 1, "data.summary.blocked": true})
}
