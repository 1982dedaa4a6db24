package main

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"drape/internal/order"
)

// deliver moves a placed order through shipping to DELIVERED as staff.
func (s *fulfilmentShop) deliver(t testing.TB, id string) {
	t.Helper()
	for _, to := range []order.Status{order.Shipped, order.Delivered} {
		status, body := s.move(t, s.staff, id, to)
		expect(t, "move to "+string(to), status, body, 200, nil)
	}
}

// TestReviewsOverHTTP walks a review's life: refused to a shopper who never bought the
// product and to one whose order has not arrived, written after delivery with markup kept as
// literal text, moderated by staff, shown with the average on the product page, rewritten
// (pending again) and deleted; every bad request changes nothing.
func TestReviewsOverHTTP(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	shirt := s.f.newestShirt.ID
	ravi, raviAddress := shopper(t, s.app, "Ravi", "ravi@example.in")
	reviews := func() int { return countRows(t, s.d, `SELECT count(*) FROM reviews`) }
	html := `<script>alert("owned")</script><img src=x onerror="steal()"> & <b>bold</b>`
	good := map[string]any{"productId": shirt, "rating": 4, "title": "  Crisp <i>collar</i> ", "text": html}

	status, body := send(t, s.app, "POST", "/api/user/reviews", ravi, good)
	expect(t, "never bought", status, body, 403, map[string]any{"success": false, "message": "You can review only products you have bought"})
	orderID, _ := s.place(t, 1)
	status, body = send(t, s.app, "POST", "/api/user/reviews", s.shopper, good)
	expect(t, "not delivered yet", status, body, 409, map[string]any{"message": "You can review this product once your order has been delivered"})
	status, body = send(t, s.app, "GET", "/api/user/reviewable", s.shopper, nil)
	expect(t, "nothing to review before delivery", status, body, 200, map[string]any{"data.items.#": 0, "data.total": 0})
	s.deliver(t, orderID)
	status, body = send(t, s.app, "GET", "/api/user/reviewable", s.shopper, nil)
	expect(t, "reviewable after delivery", status, body, 200, map[string]any{"data.items.#": 1, "data.items.0.productId": shirt,
		"data.items.0.productName": s.f.newestShirt.Name})

	for _, bad := range []struct {
		name   string
		token  string
		body   any
		status int
		want   map[string]any
	}{
		{"no token", "", good, 401, nil},
		{"a back-office token", s.admin, good, 401, nil},
		{"no rating", s.shopper, map[string]any{"productId": shirt, "title": "t", "text": "x"}, 400, map[string]any{"errors.rating": "Rate the product from 1 to 5 stars"}},
		{"six stars", s.shopper, with(good, "rating", 6), 400, map[string]any{"errors.rating": "Rate the product from 1 to 5 stars"}},
		{"half a star", s.shopper, with(good, "rating", 4.5), 400, map[string]any{"errors.rating": "rating must be a whole number"}},
		{"rating as text", s.shopper, with(good, "rating", "five"), 400, map[string]any{"errors.rating": "rating must be a whole number"}},
		{"blank title", s.shopper, with(good, "title", "   "), 400, map[string]any{"errors.title": "Give your review a title"}},
		{"long title", s.shopper, with(good, "title", strings.Repeat("é", 101)), 400, map[string]any{"errors.title": "title must be at most 100 characters"}},
		{"no text", s.shopper, with(good, "text", ""), 400, map[string]any{"errors.text": "Write a few words about the product"}},
		{"long text", s.shopper, with(good, "text", strings.Repeat("a", 2001)), 400, map[string]any{"errors.text": "text must be at most 2000 characters"}},
		{"a NUL byte", s.shopper, with(good, "text", "a\u0000b"), 400, map[string]any{"errors.text": "text has characters that are not allowed"}},
		{"no product", s.shopper, with(good, "productId", ""), 400, map[string]any{"errors.productId": "Which product? Send its productId"}},
		{"unknown product", s.shopper, with(good, "productId", "0123456789abcdef01234567"), 404, map[string]any{"message": "Product not found"}},
	} {
		status, body := send(t, s.app, "POST", "/api/user/reviews", bad.token, bad.body)
		expect(t, bad.name, status, body, bad.status, bad.want)
	}
	if n := reviews(); n != 0 {
		t.Fatalf("refused reviews wrote %d rows", n)
	}

	status, body = send(t, s.app, "POST", "/api/user/reviews", s.shopper, good)
	expect(t, "review after delivery", status, body, 201, map[string]any{"data.status": "pending", "data.rating": 4,
		"data.title": "Crisp <i>collar</i>", "data.text": html, "data.productName": s.f.newestShirt.Name})
	if strings.Contains(string(body), `"customer"`) || strings.Contains(string(body), "meera@") {
		t.Fatalf("the author's answer names the customer: %s", body)
	}
	meeraReview := jsonValue(t, body, "data._id").(string)
	status, body = send(t, s.app, "GET", "/api/products/"+shirt+"/reviews", "", nil)
	expect(t, "pending reviews are not public", status, body, 200, map[string]any{"data.items.#": 0, "data.rating.count": 0, "data.rating.average": 0})
	status, body = send(t, s.app, "GET", "/api/user/reviewable", s.shopper, nil)
	expect(t, "reviewed products drop out", status, body, 200, map[string]any{"data.items.#": 0})

	// Moderation: staff and admins; shoppers never.
	status, body = send(t, s.app, "GET", "/api/admin/reviews?status=pending", s.shopper, nil)
	expect(t, "a shopper's token on the moderation list", status, body, 401, nil)
	status, body = send(t, s.app, "GET", "/api/admin/reviews?status=hidden", s.staff, nil)
	expect(t, "an unknown status", status, body, 400, map[string]any{"errors.status": "status must be pending, approved or rejected"})
	status, body = send(t, s.app, "GET", "/api/admin/reviews?page=0", s.staff, nil)
	expect(t, "page 0", status, body, 400, map[string]any{"errors.page": "page must be a whole number from 1"})
	status, body = send(t, s.app, "GET", "/api/admin/reviews?status=pending", s.staff, nil)
	expect(t, "the queue", status, body, 200, map[string]any{"data.total": 1, "data.items.0._id": meeraReview, "data.items.0.text": html,
		"data.items.0.customer.email": "meera@example.in", "data.counts.pending": 1, "data.counts.approved": 0})
	moderate := func(token, id string, body any) (int, []byte) {
		return send(t, s.app, "POST", "/api/admin/reviews/"+id+"/status", token, body)
	}
	for _, bad := range []struct {
		name, token, id string
		body            any
		status          int
	}{
		{"a shopper approves", s.shopper, meeraReview, map[string]any{"status": "approved"}, 401},
		{"no token", "", meeraReview, map[string]any{"status": "approved"}, 401},
		{"an unknown status", s.staff, meeraReview, map[string]any{"status": "hidden"}, 400},
		{"status as a number", s.staff, meeraReview, map[string]any{"status": 1}, 400},
		{"no body", s.staff, meeraReview, nil, 400},
		{"an unknown review", s.staff, "0123456789abcdef01234567", map[string]any{"status": "approved"}, 404},
	} {
		status, body := moderate(bad.token, bad.id, bad.body)
		expect(t, bad.name, status, body, bad.status, nil)
	}
	if n := countRows(t, s.d, `SELECT count(*) FROM reviews WHERE status = 'pending'`); n != 1 {
		t.Fatal("a refused moderation changed the review")
	}
	status, body = moderate(s.staff, meeraReview, map[string]any{"status": "approved"})
	expect(t, "staff approve", status, body, 200, map[string]any{"data.status": "approved", "message": "Review approved"})

	// A second buyer's 5 stars: the product page shows both, newest first, average 4.5.
	send(t, s.app, "POST", "/api/addToCart", ravi, map[string]any{"productId": shirt, "size": "M", "quantity": 1})
	status, body = send(t, s.app, "POST", "/api/createOrder", ravi, map[string]any{"paymentMode": "cod", "address": raviAddress})
	expect(t, "ravi orders", status, body, 201, nil)
	s.deliver(t, jsonValue(t, body, "data._id").(string))
	status, body = send(t, s.app, "POST", "/api/user/reviews", ravi, map[string]any{"productId": shirt, "rating": 5, "title": "Perfect", "text": "Fits like it was cut for me."})
	expect(t, "ravi reviews", status, body, 201, nil)
	raviReview := jsonValue(t, body, "data._id").(string)
	status, body = moderate(s.admin, raviReview, map[string]any{"status": "approved"})
	expect(t, "an admin approves", status, body, 200, nil)
	status, body = send(t, s.app, "GET", "/api/products/"+shirt+"/reviews", "", nil)
	expect(t, "product page", status, body, 200, map[string]any{"data.rating.average": 4.5, "data.rating.count": 2, "data.items.#": 2,
		"data.items.0.author": "Ravi", "data.items.1.author": "Meera", "data.items.1.text": html, "data.items.1.verifiedPurchase": true,
		"data.total": 2, "data.totalPages": 1})
	if strings.Contains(string(body), "@example.in") {
		t.Fatalf("the product page shows e-mails: %s", body)
	}
	status, body = send(t, s.app, "GET", "/api/products/"+shirt+"/reviews?page=x", "", nil)
	expect(t, "a bad page", status, body, 400, nil)
	status, body = send(t, s.app, "GET", "/api/products/0123456789abcdef01234567/reviews", "", nil)
	expect(t, "an unknown product", status, body, 404, map[string]any{"message": "Product not found"})

	// Meera rewrites hers: one review still, pending again, and out of the average.
	status, body = send(t, s.app, "POST", "/api/user/reviews", s.shopper, map[string]any{"productId": shirt, "rating": 2, "title": "Shrank", "text": "After one wash."})
	expect(t, "rewrite", status, body, 200, map[string]any{"data._id": meeraReview, "data.status": "pending", "data.rating": 2})
	if n := reviews(); n != 2 {
		t.Fatalf("%d reviews, want one per shopper and product", n)
	}
	status, body = send(t, s.app, "GET", "/api/products/"+shirt+"/reviews", "", nil)
	expect(t, "after the rewrite", status, body, 200, map[string]any{"data.rating.average": 5, "data.rating.count": 1})
	status, body = send(t, s.app, "GET", "/api/user/reviews", s.shopper, nil)
	expect(t, "meera's reviews", status, body, 200, map[string]any{"data.total": 1, "data.items.0.productName": s.f.newestShirt.Name,
		"data.items.0.status": "pending", "data.items.0.title": "Shrank"})
	status, body = send(t, s.app, "GET", "/api/user/reviews", ravi, nil)
	expect(t, "ravi's reviews", status, body, 200, map[string]any{"data.total": 1, "data.items.0._id": raviReview})

	// Delete: the author's own; staff any.
	status, body = send(t, s.app, "DELETE", "/api/user/reviews/"+shirt, s.shopper, nil)
	expect(t, "meera deletes hers", status, body, 200, nil)
	status, body = send(t, s.app, "DELETE", "/api/user/reviews/"+shirt, s.shopper, nil)
	expect(t, "deleting twice", status, body, 404, map[string]any{"message": "You have not reviewed this product"})
	status, body = send(t, s.app, "DELETE", "/api/admin/reviews/"+raviReview, s.shopper, nil)
	expect(t, "a shopper on the admin delete", status, body, 401, nil)
	status, body = send(t, s.app, "DELETE", "/api/admin/reviews/"+raviReview, s.staff, nil)
	expect(t, "staff delete", status, body, 200, nil)
	status, body = send(t, s.app, "DELETE", "/api/admin/reviews/"+raviReview, s.staff, nil)
	expect(t, "staff delete twice", status, body, 404, map[string]any{"message": "Review not found"})
	status, body = send(t, s.app, "GET", "/api/products/"+shirt+"/reviews", "", nil)
	expect(t, "no reviews left", status, body, 200, map[string]any{"data.rating.count": 0, "data.items.#": 0})
}

// TestReviewProductSummariesOverHTTP covers the back office's product overview
// (/admin/product-reviews): back-office tokens only; every product with how many reviews each
// status holds and the approved ones' average; sorts and a name search; and the moderation
// list's sort, in the same scenario.
func TestReviewProductSummariesOverHTTP(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	shirt := s.f.newestShirt.ID
	ravi, raviAddress := shopper(t, s.app, "Ravi", "ravi@example.in")
	if _, err := s.d.pool.Exec(context.Background(), `UPDATE products SET thumbnail = 'oxford.jpg' WHERE id = $1`, shirt); err != nil {
		t.Fatal(err)
	}
	const thumbnail = "/uploads/products/oxford.jpg" // image names are stored bare and served as URLs

	for _, bad := range []struct {
		name, token, path string
		status            int
		want              map[string]any
	}{
		{"no token", "", "/api/admin/product-reviews", 401, map[string]any{"message": "Please login first"}},
		{"a shopper's token", s.shopper, "/api/admin/product-reviews", 401, nil},
		{"an unknown sort", s.staff, "/api/admin/product-reviews?sort=cheapest", 400,
			map[string]any{"errors.sort": "sort must be reviews, pending, rating-high, rating-low or recent"}},
		{"a long search", s.staff, "/api/admin/product-reviews?search=" + strings.Repeat("a", 101), 400,
			map[string]any{"errors.search": "search must be at most 100 characters"}},
		{"page 0", s.staff, "/api/admin/product-reviews?page=0", 400, map[string]any{"errors.page": "page must be a whole number from 1"}},
		{"an unknown review sort", s.staff, "/api/admin/reviews?sort=loudest", 400,
			map[string]any{"errors.sort": "sort must be newest, oldest, rating-low or rating-high"}},
	} {
		status, body := send(t, s.app, "GET", bad.path, bad.token, nil)
		expect(t, bad.name, status, body, bad.status, bad.want)
	}

	status, body := send(t, s.app, "GET", "/api/admin/product-reviews", s.staff, nil)
	expect(t, "before any review", status, body, 200, map[string]any{"data.page": 1, "data.items.0.reviews": 0,
		"data.items.0.rating.count": 0, "data.items.0.rating.average": 0, "data.items.0.counts.pending": 0})
	products := jsonValue(t, body, "data.total").(float64)
	if products < 2 {
		t.Fatalf("%v products in the overview, want every product on sale", products)
	}

	// Meera (4 stars, approved) and Ravi (2 stars, then pending) review the shirt.
	orderID, _ := s.place(t, 1)
	s.deliver(t, orderID)
	send(t, s.app, "POST", "/api/addToCart", ravi, map[string]any{"productId": shirt, "size": "M", "quantity": 1})
	status, body = send(t, s.app, "POST", "/api/createOrder", ravi, map[string]any{"paymentMode": "cod", "address": raviAddress})
	expect(t, "ravi orders", status, body, 201, nil)
	s.deliver(t, jsonValue(t, body, "data._id").(string))
	status, body = send(t, s.app, "GET", "/api/user/reviewable", ravi, nil)
	expect(t, "reviewable names the image by URL", status, body, 200, map[string]any{"data.items.0.thumbnail": thumbnail})
	ids := map[string]string{}
	for _, w := range []struct {
		who, token string
		rating     int
	}{{"meera", s.shopper, 4}, {"ravi", ravi, 2}} {
		status, body := send(t, s.app, "POST", "/api/user/reviews", w.token, map[string]any{"productId": shirt, "rating": w.rating, "title": "Worn it", "text": "Notes."})
		expect(t, w.who+" reviews", status, body, 201, nil)
		ids[w.who] = jsonValue(t, body, "data._id").(string)
	}
	status, body = send(t, s.app, "POST", "/api/admin/reviews/"+ids["meera"]+"/status", s.staff, map[string]any{"status": "approved"})
	expect(t, "approve meera's", status, body, 200, nil)

	status, body = send(t, s.app, "GET", "/api/admin/product-reviews", s.admin, nil)
	expect(t, "the most reviewed first", status, body, 200, map[string]any{"data.total": products, "data.items.0.productId": shirt,
		"data.items.0.productName": s.f.newestShirt.Name, "data.items.0.active": true, "data.items.0.reviews": 2,
		"data.items.0.counts.pending": 1, "data.items.0.counts.approved": 1, "data.items.0.counts.rejected": 0,
		"data.items.0.rating.average": 4, "data.items.0.rating.count": 1, "data.items.1.reviews": 0, "data.items.0.thumbnail": thumbnail})
	status, body = send(t, s.app, "GET", "/api/user/reviews", s.shopper, nil)
	expect(t, "the author's list names the image by URL", status, body, 200, map[string]any{"data.items.0.thumbnail": thumbnail})
	for _, sort := range []string{"pending", "rating-high", "recent"} {
		status, body = send(t, s.app, "GET", "/api/admin/product-reviews?sort="+sort, s.staff, nil)
		expect(t, "sort "+sort, status, body, 200, map[string]any{"data.items.0.productId": shirt})
	}
	status, body = send(t, s.app, "GET", "/api/admin/product-reviews?sort=rating-low&limit=50", s.staff, nil)
	expect(t, "rating-low puts unrated products last", status, body, 200, map[string]any{"data.items.0.productId": shirt})
	name := s.f.newestShirt.Name
	status, body = send(t, s.app, "GET", "/api/admin/product-reviews?search="+url.QueryEscape(strings.ToUpper(name)), s.staff, nil)
	expect(t, "search by name, any case", status, body, 200, map[string]any{"data.items.0.productId": shirt})
	status, body = send(t, s.app, "GET", "/api/admin/product-reviews?search=no-such-product", s.staff, nil)
	expect(t, "a search that finds nothing", status, body, 200, map[string]any{"data.total": 0, "data.items.#": 0})

	// The moderation list's sorts.
	for sort, first := range map[string]string{"": ids["ravi"], "newest": ids["ravi"], "oldest": ids["meera"], "rating-low": ids["ravi"], "rating-high": ids["meera"]} {
		status, body = send(t, s.app, "GET", "/api/admin/reviews?productId="+shirt+"&sort="+sort, s.staff, nil)
		expect(t, "reviews sorted "+sort, status, body, 200, map[string]any{"data.items.0._id": first, "data.total": 2,
			"data.product.productName": name, "data.product.productId": shirt, "data.product.thumbnail": thumbnail,
			"data.rating.average": 4, "data.items.0.thumbnail": thumbnail})
	}
	status, body = send(t, s.app, "GET", "/api/admin/reviews?productId=0123456789abcdef01234567", s.staff, nil)
	expect(t, "an unknown product's reviews", status, body, 200, map[string]any{"data.total": 0, "data.rating.count": 0})
	if strings.Contains(string(body), `"product"`) {
		t.Fatalf("an unknown product is named: %s", body)
	}
}
