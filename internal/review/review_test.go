package review

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/platform/dbtest"
	"drape/internal/shop"
)

// fixture is a database with a sub-category, products and shoppers, and a way to give a
// shopper an order for a product in a status.
type fixture struct {
	t    *testing.T
	pool *pgxpool.Pool
	s    *Service
	ctx  context.Context
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	pool, _ := dbtest.New(t)
	f := &fixture{t: t, pool: pool, s: NewService(pool), ctx: context.Background()}
	f.exec(`INSERT INTO categories (id, name, gender) VALUES ('c00000000000000000000001', 'Men', 'Men')`)
	f.exec(`INSERT INTO sub_categories (id, category_id, category_type) VALUES ('5c0000000000000000000001', 'c00000000000000000000001', 'Shirts')`)
	return f
}

func (f *fixture) exec(sql string, args ...any) {
	f.t.Helper()
	if _, err := f.pool.Exec(f.ctx, sql, args...); err != nil {
		f.t.Fatalf("%s: %v", sql, err)
	}
}

func (f *fixture) product(name string) string {
	f.t.Helper()
	id := shop.NewID()
	f.exec(`INSERT INTO products (id, code, name, gender, sub_category_id, price) VALUES ($1, $2, $3, 'Men', '5c0000000000000000000001', 199900)`,
		id, "P-"+id[16:], name)
	return id
}

func (f *fixture) user(first, last string) string {
	f.t.Helper()
	id := shop.NewID()
	f.exec(`INSERT INTO users (id, email, first_name, last_name) VALUES ($1, $2, $3, $4)`, id, id+"@example.in", first, last)
	return id
}

// order gives the user an order for the products in status and returns its id.
func (f *fixture) order(userID, status string, productIDs ...string) string {
	f.t.Helper()
	id := shop.NewID()
	f.exec(`INSERT INTO orders (id, order_number, user_id, idempotency_key, payment_mode, payment_status, order_status,
		list_total, subtotal, total, address, shipment) VALUES ($1, $2, $3, $1, 'cod', 'unpaid', $4, 199900, 199900, 199900, '{}', '{}')`,
		id, "DRP"+id[12:], userID, status)
	for i, p := range productIDs {
		f.exec(`INSERT INTO order_lines (order_id, position, product_id, product_code, product_name, size, quantity, list_price, unit_price, line_total)
			VALUES ($1, $2, $3, 'P', 'Shirt', 'M', 1, 199900, 199900, 199900)`, id, i+1, p)
	}
	return id
}

func (f *fixture) write(userID, productID string, rating int) Review {
	f.t.Helper()
	r, _, err := f.s.Write(f.ctx, userID, Draft{ProductID: productID, Rating: rating, Title: "Fits well", Text: "Good cloth."})
	if err != nil {
		f.t.Fatalf("write %d stars: %v", rating, err)
	}
	return r
}

func (f *fixture) rating(productID string) Rating {
	f.t.Helper()
	r, err := f.s.Rating(f.ctx, productID)
	if err != nil {
		f.t.Fatal(err)
	}
	return r
}

func TestOnlyBuyersWhoReceivedTheProductReview(t *testing.T) {
	f := newFixture(t)
	shirt, trousers := f.product("Oxford Shirt"), f.product("Pleated Trousers")
	meera, ravi := f.user("Meera", "Shah"), f.user("Ravi", "")
	draft := Draft{ProductID: shirt, Rating: 5, Title: "Lovely", Text: "Soft and crisp."}

	_, _, err := f.s.Write(f.ctx, meera, draft)
	if !shop.Is(err, shop.Forbidden) || err.Error() != "You can review only products you have bought" {
		t.Fatalf("never bought: %v", err)
	}
	f.order(meera, "CANCELED", shirt)
	f.order(meera, "AWAITING_PAYMENT", shirt)
	if _, _, err = f.s.Write(f.ctx, meera, draft); !shop.Is(err, shop.Forbidden) {
		t.Fatalf("only cancelled or unpaid orders: %v", err)
	}
	pending := f.order(meera, "SHIPPED", shirt, trousers)
	if _, _, err = f.s.Write(f.ctx, meera, draft); !shop.Is(err, shop.Conflict) || err.Error() != "You can review this product once your order has been delivered" {
		t.Fatalf("not delivered yet: %v", err)
	}
	f.exec(`UPDATE orders SET order_status = 'DELIVERED' WHERE id = $1`, pending)
	r, isNew, err := f.s.Write(f.ctx, meera, draft)
	if err != nil || !isNew || r.Status != StatusPending || r.ProductName != "Oxford Shirt" || r.Customer != nil {
		t.Fatalf("delivered: %+v %v %v", r, isNew, err)
	}
	// Writing again replaces the review (same id) and sends it back to moderation.
	if _, err := f.s.Moderate(f.ctx, r.ID, StatusApproved, ravi); err != nil {
		t.Fatal(err)
	}
	again, isNew, err := f.s.Write(f.ctx, meera, Draft{ProductID: shirt, Rating: 3, Title: "  Shrank  ", Text: "After one wash.\r\nStill fine."})
	if err != nil || isNew || again.ID != r.ID || again.Status != StatusPending || again.Rating != 3 || again.Title != "Shrank" ||
		again.Text != "After one wash.\nStill fine." || again.ModeratedAt != nil {
		t.Fatalf("rewrite: %+v %v %v", again, isNew, err)
	}
	if n := countRows(t, f, `SELECT count(*) FROM reviews WHERE user_id = $1`, meera); n != 1 {
		t.Fatalf("%d reviews, want one per product", n)
	}
	// A return after delivery still counts as received.
	f.exec(`UPDATE orders SET order_status = 'RETURNED' WHERE id = $1`, pending)
	if _, _, err := f.s.Write(f.ctx, meera, Draft{ProductID: trousers, Rating: 2, Title: "Too long", Text: "Sent back."}); err != nil {
		t.Fatalf("returned after delivery: %v", err)
	}
	// Another shopper's orders do not count for Ravi.
	if _, _, err := f.s.Write(f.ctx, ravi, draft); !shop.Is(err, shop.Forbidden) {
		t.Fatalf("someone else's purchase: %v", err)
	}
	if _, _, err := f.s.Write(f.ctx, meera, Draft{ProductID: "0123456789abcdef01234567", Rating: 5, Title: "x", Text: "y"}); !shop.Is(err, shop.NotFound) {
		t.Fatalf("unknown product: %v", err)
	}
	f.exec(`UPDATE products SET active = false WHERE id = $1`, trousers)
	if _, _, err := f.s.Write(f.ctx, meera, Draft{ProductID: trousers, Rating: 2, Title: "x", Text: "y"}); !shop.Is(err, shop.NotFound) {
		t.Fatalf("hidden product: %v", err)
	}
}

func TestReviewTextIsCheckedAndKeptLiterally(t *testing.T) {
	f := newFixture(t)
	shirt := f.product("Oxford Shirt")
	meera := f.user("Meera", "Shah")
	f.order(meera, "DELIVERED", shirt)
	long := make([]byte, 2001)
	for i := range long {
		long[i] = 'a'
	}
	for _, c := range []struct {
		d     Draft
		field string
	}{
		{Draft{ProductID: shirt, Rating: 0, Title: "t", Text: "x"}, "rating"},
		{Draft{ProductID: shirt, Rating: 6, Title: "t", Text: "x"}, "rating"},
		{Draft{ProductID: shirt, Rating: 5, Title: "   ", Text: "x"}, "title"},
		{Draft{ProductID: shirt, Rating: 5, Title: string(long[:101]), Text: "x"}, "title"},
		{Draft{ProductID: shirt, Rating: 5, Title: "t", Text: ""}, "text"},
		{Draft{ProductID: shirt, Rating: 5, Title: "t", Text: string(long)}, "text"},
		{Draft{ProductID: shirt, Rating: 5, Title: "t", Text: "nul\x00byte"}, "text"},
		{Draft{ProductID: shirt, Rating: 5, Title: "bell\a", Text: "x"}, "title"},
		{Draft{ProductID: "", Rating: 5, Title: "t", Text: "x"}, "productId"},
	} {
		_, _, err := f.s.Write(f.ctx, meera, c.d)
		var se *shop.Error
		if !shop.Is(err, shop.Invalid) || !asShopError(err, &se) || se.Fields[c.field] == "" {
			t.Errorf("%+v: %v, want a problem with %s", c.d, err, c.field)
		}
	}
	if n := countRows(t, f, `SELECT count(*) FROM reviews`); n != 0 {
		t.Fatalf("refused reviews left %d rows", n)
	}
	html := `<script>alert("x")</script><b onclick="steal()">bold</b> & "quotes"`
	r, _, err := f.s.Write(f.ctx, meera, Draft{ProductID: shirt, Rating: 4, Title: "<i>Nice</i>", Text: html + "\n\tsecond line"})
	if err != nil || r.Text != html+"\n\tsecond line" || r.Title != "<i>Nice</i>" {
		t.Fatalf("markup must stay literal text: %+v %v", r, err)
	}
}

func asShopError(err error, target **shop.Error) bool { return errors.As(err, target) }

func countRows(t *testing.T, f *fixture, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := f.pool.QueryRow(f.ctx, sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestModerationDecidesWhatTheProductPageShows(t *testing.T) {
	f := newFixture(t)
	shirt, other := f.product("Oxford Shirt"), f.product("Linen Shirt")
	staff := f.user("Store", "Staff")
	var ids []string
	for i, stars := range []int{5, 4, 2} {
		u := f.user(fmt.Sprintf("Buyer%d", i), "Kapoor")
		f.order(u, "DELIVERED", shirt)
		ids = append(ids, f.write(u, shirt, stars).ID)
	}
	page := shop.Page{Number: 1, Size: PageSize}
	list, err := f.s.ForProduct(f.ctx, shirt, page)
	if err != nil || len(list.Items) != 0 || list.Rating != (Rating{}) {
		t.Fatalf("pending reviews are not public: %+v %v", list, err)
	}
	for _, id := range ids {
		if _, err := f.s.Moderate(f.ctx, id, StatusApproved, staff); err != nil {
			t.Fatal(err)
		}
	}
	if got := f.rating(shirt); got != (Rating{Average: 3.7, Count: 3}) {
		t.Fatalf("three approved (5, 4, 2): %+v", got)
	}
	if got := f.rating(other); got != (Rating{}) {
		t.Fatalf("another product: %+v", got)
	}
	r, err := f.s.Moderate(f.ctx, ids[2], "REJECTED", staff)
	if err != nil || r.Status != StatusRejected || r.ModeratedAt == nil || r.Customer == nil || r.Customer.Name != "Buyer2 Kapoor" {
		t.Fatalf("reject: %+v %v", r, err)
	}
	if got := f.rating(shirt); got != (Rating{Average: 4.5, Count: 2}) {
		t.Fatalf("after a rejection: %+v", got)
	}
	list, err = f.s.ForProduct(f.ctx, shirt, page)
	if err != nil || len(list.Items) != 2 || list.Total != 2 || list.Items[0].Author != "Buyer1 K." || !list.Items[0].Verified {
		t.Fatalf("product page: %+v %v", list, err)
	}
	admin, err := f.s.AdminList(f.ctx, AdminFilter{Status: StatusRejected}, page)
	if err != nil || admin.Total != 1 || admin.Items[0].ID != ids[2] || admin.Counts[StatusApproved] != 2 || admin.Counts[StatusPending] != 0 || admin.Rating != nil {
		t.Fatalf("moderation list: %+v %v", admin, err)
	}
	admin, err = f.s.AdminList(f.ctx, AdminFilter{ProductID: shirt}, page)
	if err != nil || admin.Total != 3 || admin.Rating == nil || *admin.Rating != (Rating{Average: 4.5, Count: 2}) {
		t.Fatalf("one product's reviews: %+v %v", admin, err)
	}
	for _, bad := range []AdminFilter{{Status: "hidden"}, {ProductID: "nope"}} {
		if _, err := f.s.AdminList(f.ctx, bad, page); !shop.Is(err, shop.Invalid) {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	if _, err := f.s.Moderate(f.ctx, ids[0], "hidden", staff); !shop.Is(err, shop.Invalid) {
		t.Fatalf("unknown status: %v", err)
	}
	if _, err := f.s.Moderate(f.ctx, "0123456789abcdef01234567", StatusApproved, staff); !shop.Is(err, shop.NotFound) {
		t.Fatalf("unknown review: %v", err)
	}
	// The 5-star buyer deletes their review; staff delete the 4-star one.
	var author string
	f.pool.QueryRow(f.ctx, `SELECT user_id FROM reviews WHERE id = $1`, ids[0]).Scan(&author)
	if err := f.s.Delete(f.ctx, author, shirt); err != nil {
		t.Fatal(err)
	}
	if err := f.s.Delete(f.ctx, author, shirt); !shop.Is(err, shop.NotFound) {
		t.Fatalf("deleting twice: %v", err)
	}
	if got := f.rating(shirt); got != (Rating{Average: 4, Count: 1}) {
		t.Fatalf("after the author's delete: %+v", got)
	}
	if err := f.s.Remove(f.ctx, ids[1]); err != nil {
		t.Fatal(err)
	}
	if got := f.rating(shirt); got != (Rating{}) {
		t.Fatalf("after staff's delete: %+v", got)
	}
	if _, err := f.s.ForProduct(f.ctx, "0123456789abcdef01234567", page); !shop.Is(err, shop.NotFound) {
		t.Fatalf("unknown product: %v", err)
	}
}

// TestRatingStaysExactUnderConcurrentChanges approves, rejects and rewrites reviews of one
// product from many goroutines at once: the kept rating equals a recount at the end.
func TestRatingStaysExactUnderConcurrentChanges(t *testing.T) {
	f := newFixture(t)
	shirt := f.product("Oxford Shirt")
	staff := f.user("Store", "Staff")
	type buyer struct{ user, review string }
	var buyers []buyer
	for i := range 24 {
		u := f.user(fmt.Sprintf("B%d", i), "")
		f.order(u, "DELIVERED", shirt)
		buyers = append(buyers, buyer{u, f.write(u, shirt, 1+i%5).ID})
	}
	var wg sync.WaitGroup
	for i, b := range buyers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var err error
			switch i % 4 {
			case 0, 1:
				_, err = f.s.Moderate(f.ctx, b.review, StatusApproved, staff)
			case 2:
				_, err = f.s.Moderate(f.ctx, b.review, StatusApproved, staff)
				if err == nil {
					_, _, err = f.s.Write(f.ctx, b.user, Draft{ProductID: shirt, Rating: 5, Title: "Again", Text: "Changed my mind."})
				}
			case 3:
				_, err = f.s.Moderate(f.ctx, b.review, StatusRejected, staff)
			}
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	var count, sum int
	if err := f.pool.QueryRow(f.ctx, `SELECT count(*), coalesce(sum(rating), 0) FROM reviews WHERE product_id = $1 AND status = 'approved'`, shirt).Scan(&count, &sum); err != nil {
		t.Fatal(err)
	}
	if count != 12 {
		t.Fatalf("%d approved, want 12", count)
	}
	if got := f.rating(shirt); got != ratingOf(int32(count), int32(sum)) {
		t.Fatalf("kept rating %+v, recount %d/%d", got, sum, count)
	}
}

func TestShoppersSeeTheirOwnReviewsAndWhatTheyCanReview(t *testing.T) {
	f := newFixture(t)
	shirt, trousers, blazer := f.product("Oxford Shirt"), f.product("Pleated Trousers"), f.product("Navy Blazer")
	meera, ravi := f.user("Meera", "Shah"), f.user("Ravi", "Iyer")
	f.order(meera, "DELIVERED", shirt, trousers)
	f.order(meera, "OUT_FOR_DELIVERY", blazer)
	f.order(ravi, "DELIVERED", blazer)
	page := shop.Page{Number: 1, Size: PageSize}
	can, err := f.s.Reviewable(f.ctx, meera, page)
	if err != nil || can.Total != 2 || len(can.Items) != 2 {
		t.Fatalf("reviewable before: %+v %v", can, err)
	}
	f.write(meera, shirt, 5)
	f.write(ravi, blazer, 4)
	can, err = f.s.Reviewable(f.ctx, meera, page)
	if err != nil || can.Total != 1 || can.Items[0].ProductID != trousers || can.Items[0].ProductName != "Pleated Trousers" {
		t.Fatalf("reviewable after: %+v %v", can, err)
	}
	mine, err := f.s.Mine(f.ctx, meera, page)
	if err != nil || mine.Total != 1 || mine.Items[0].ProductName != "Oxford Shirt" || mine.Items[0].Status != StatusPending || mine.Items[0].Customer != nil {
		t.Fatalf("mine: %+v %v", mine, err)
	}
	if err := f.s.Delete(f.ctx, meera, blazer); !shop.Is(err, shop.NotFound) {
		t.Fatalf("deleting someone else's review: %v", err)
	}
}

func TestAuthorAndAverage(t *testing.T) {
	for _, c := range []struct{ first, last, want string }{
		{"Meera", "shah", "Meera S."}, {"Ravi", "", "Ravi"}, {"", "Iyer", "A shopper"}, {" Anu ", " élan", "Anu É."},
	} {
		if got := author(c.first, c.last); got != c.want {
			t.Errorf("author(%q, %q) = %q, want %q", c.first, c.last, got, c.want)
		}
	}
	for _, c := range []struct {
		count, sum int32
		want       float64
	}{{0, 0, 0}, {3, 11, 3.7}, {2, 9, 4.5}, {3, 13, 4.3}, {1, 5, 5}} {
		if got := ratingOf(c.count, c.sum).Average; got != c.want {
			t.Errorf("ratingOf(%d, %d) = %v, want %v", c.count, c.sum, got, c.want)
		}
	}
}
