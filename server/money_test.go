package main

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"drape/internal/coupon"
	"drape/internal/provider/razorpay"
)

// startWith is start with a coupon: the order number and Razorpay's order id.
func (s *onlineShop) startWith(t testing.TB, key, couponCode string) (number, gatewayOrder string) {
	t.Helper()
	status, body := sendKeyed(t, s.app, "/api/payments/razorpay/order", s.token, key, map[string]any{"address": s.addressID, "couponCode": couponCode})
	expect(t, "start paying with "+couponCode, status, body, 201, map[string]any{"data.order.orderStatus": "AWAITING_PAYMENT"})
	return jsonValue(t, body, "data.orderId").(string), jsonValue(t, body, "data.razorpayOrderId").(string)
}

// payLate pays gatewayOrder on sim and delivers Razorpay's payment.captured webhook.
func (s *onlineShop) payLate(t testing.TB, gatewayOrder, eventID string) string {
	t.Helper()
	response := s.pay(t, gatewayOrder, "success")
	paymentID := response["razorpay_payment_id"].(string)
	status, body := s.webhook(t, "payment.captured", paymentID, eventID, "drape-sim-webhook-secret")
	expect(t, "the late payment's webhook", status, body, 200, nil)
	return paymentID
}

func (s *onlineShop) couponUses(t testing.TB, code string) int {
	t.Helper()
	return countRows(t, s.d, `SELECT used FROM coupons WHERE code = $1`, code)
}

// paidWithCoupon counts the shopper's orders that kept code's discount and were paid.
func (s *onlineShop) paidWithCoupon(t testing.TB, code string) int {
	t.Helper()
	return countRows(t, s.d, `SELECT count(*) FROM orders WHERE coupon_code = $1 AND payment_status = 'success'`, code)
}

// expectRefusedLatePayment checks that order number, paid after it lapsed, stayed cancelled,
// its payment is being refunded in full (one refund job), and the shopper was told why.
func (s *onlineShop) expectRefusedLatePayment(t testing.TB, number, why string) {
	t.Helper()
	status, body := send(t, s.app, "GET", "/api/orders/"+number, s.token, nil)
	expect(t, "the lapsed order after its late payment", status, body, 200, map[string]any{"data.orderStatus": "CANCELED", "data.paymentStatus": "refund_pending"})
	id := s.orderID(t, number)
	if n := countRows(t, s.d, `SELECT count(*) FROM refunds WHERE order_id = $1 AND status = 'pending' AND amount = (SELECT total FROM orders WHERE id = $1)`, id); n != 1 {
		t.Fatalf("full refunds pending for %s: %d, want 1", number, n)
	}
	if n := countRows(t, s.d, `SELECT count(*) FROM outbox WHERE name = 'payment:refund' AND dedupe_key = $1`, "refund:"+id+":1"); n != 1 {
		t.Fatalf("refund jobs for %s: %d, want 1", number, n)
	}
	var text string
	if err := s.d.pool.QueryRow(context.Background(), `SELECT text_body FROM mails WHERE ref = $1 AND kind = 'order_cancellation'`, id).Scan(&text); err != nil {
		t.Fatalf("the mail telling the shopper about %s: %v", number, err)
	}
	if !strings.Contains(text, why) || !strings.Contains(text, "refunded") {
		t.Fatalf("the mail about %s says %q, want it to say %q and that the payment is refunded", number, text, why)
	}
}

func createCoupon(t testing.TB, d deps, code string, percent int, limit *int) {
	t.Helper()
	if _, err := newServices(d).coupons.Create(context.Background(), coupon.NewCoupon{Code: code, Discount: percent, Active: true, UsageLimit: limit}); err != nil {
		t.Fatal(err)
	}
}

// TestLatePaymentSingleUseCoupon: an order abandoned with a single-use coupon gives the use
// back; another order takes it and is paid; the abandoned order's money then arrives. It must
// not come back paid with the discount: it stays cancelled, its payment is refunded in full,
// the shopper is told why, and the coupon is used once.
func TestLatePaymentSingleUseCoupon(t *testing.T) {
	t.Parallel()
	s := newOnlineShop(t)
	one := 1
	createCoupon(t, s.d, "HALFONCE", 50, &one)

	first, firstGateway := s.startWith(t, "once-1", "HALFONCE")
	status, body := send(t, s.app, "POST", "/api/payments/razorpay/failed", s.token, map[string]any{"orderId": first})
	expect(t, "abandon", status, body, 200, map[string]any{"data.orderStatus": "CANCELED"})
	if n := s.couponUses(t, "HALFONCE"); n != 0 {
		t.Fatalf("uses after abandoning: %d, want 0", n)
	}
	second, secondGateway := s.startWith(t, "once-2", "HALFONCE")
	s.payLate(t, secondGateway, "evt_once_2")
	status, body = send(t, s.app, "GET", "/api/orders/"+second, s.token, nil)
	expect(t, "the second order", status, body, 200, map[string]any{"data.paymentStatus": "success", "data.couponCode": "HALFONCE"})

	s.payLate(t, firstGateway, "evt_once_1")
	s.expectRefusedLatePayment(t, first, "HALFONCE")
	if n := s.paidWithCoupon(t, "HALFONCE"); n != 1 {
		t.Fatalf("paid orders with the single-use coupon: %d, want 1", n)
	}
	if n := s.couponUses(t, "HALFONCE"); n != 1 {
		t.Fatalf("coupon uses: %d, want 1", n)
	}
}

// TestFirstOrderCouponTwice: a new shopper starts paying with WELCOME15, then starts again
// (the newer order replaces the first, and may take WELCOME15: the order it replaces does not
// count against it). The first order's money then arrives while the second still waits for
// its own: the first order may not come back with WELCOME15, as the shopper has another live
// order.
func TestFirstOrderCouponTwice(t *testing.T) {
	t.Parallel()
	s := newOnlineShop(t)
	first, firstGateway := s.startWith(t, "welcome-1", "WELCOME15")
	second, secondGateway := s.startWith(t, "welcome-2", "WELCOME15")
	status, body := send(t, s.app, "GET", "/api/orders/"+first, s.token, nil)
	expect(t, "the replaced order", status, body, 200, map[string]any{"data.orderStatus": "CANCELED"})

	s.payLate(t, firstGateway, "evt_welcome_1")
	s.expectRefusedLatePayment(t, first, "first order")
	status, body = send(t, s.app, "GET", "/api/orders/"+second, s.token, nil)
	expect(t, "the newer order still waits", status, body, 200, map[string]any{"data.orderStatus": "AWAITING_PAYMENT", "data.couponCode": "WELCOME15"})
	s.payLate(t, secondGateway, "evt_welcome_2")
	if n := s.paidWithCoupon(t, "WELCOME15"); n != 1 {
		t.Fatalf("paid orders with WELCOME15: %d, want 1", n)
	}
	if n := s.couponUses(t, "WELCOME15"); n != 1 {
		t.Fatalf("WELCOME15 uses: %d, want 1", n)
	}
}

// TestLatePaymentAfterExpiry: an order that expired with a coupon and is paid late comes back
// with it while the coupon still has a use left (and counts it again); when another shopper
// has taken the last use meanwhile, the payment is refunded instead.
func TestLatePaymentAfterExpiry(t *testing.T) {
	t.Parallel()
	s := newOnlineShop(t)
	ctx := context.Background()
	svc := newServices(s.d)
	one := 1
	createCoupon(t, s.d, "LASTONE", 20, &one)

	number, gatewayOrder := s.startWith(t, "expire-1", "LASTONE")
	expire(t, s)
	if n, err := svc.orders.ExpireUnpaid(ctx, 100); err != nil || n != 1 {
		t.Fatalf("expired %d, %v", n, err)
	}
	if n := s.couponUses(t, "LASTONE"); n != 0 {
		t.Fatalf("uses after expiry: %d, want 0", n)
	}
	s.payLate(t, gatewayOrder, "evt_expire_1")
	status, body := send(t, s.app, "GET", "/api/orders/"+number, s.token, nil)
	expect(t, "reinstated with its coupon", status, body, 200, map[string]any{"data.orderStatus": "PENDING", "data.paymentStatus": "success", "data.couponCode": "LASTONE"})
	if n := s.couponUses(t, "LASTONE"); n != 1 {
		t.Fatalf("uses once reinstated: %d, want 1", n)
	}

	createCoupon(t, s.d, "LASTTWO", 20, &one)
	s.fill(t)
	number, gatewayOrder = s.startWith(t, "expire-2", "LASTTWO")
	expire(t, s)
	if _, err := svc.orders.ExpireUnpaid(ctx, 100); err != nil {
		t.Fatal(err)
	}
	other := &onlineShop{app: s.app, d: s.d, f: s.f, sim: s.sim}
	other.token, other.addressID = shopper(t, s.app, "Ishaan", "ishaan@example.in")
	other.fill(t)
	_, otherGateway := other.startWith(t, "other-1", "LASTTWO")
	other.payLate(t, otherGateway, "evt_other_1")

	s.payLate(t, gatewayOrder, "evt_expire_2")
	s.expectRefusedLatePayment(t, number, "LASTTWO")
	if n := s.couponUses(t, "LASTTWO"); n != 1 {
		t.Fatalf("LASTTWO uses: %d, want 1", n)
	}
	if n := s.paidWithCoupon(t, "LASTTWO"); n != 1 {
		t.Fatalf("paid orders with LASTTWO: %d, want 1", n)
	}
}

// TestLatePaymentOfReplacedOrder: an order with a single-use coupon is replaced by a newer
// one without it; another shopper then uses the coupon up; the replaced order's money
// arrives: refunded, not reinstated with the discount.
func TestLatePaymentOfReplacedOrder(t *testing.T) {
	t.Parallel()
	s := newOnlineShop(t)
	one := 1
	createCoupon(t, s.d, "SOLOTEN", 10, &one)
	first, firstGateway := s.startWith(t, "replaced-1", "SOLOTEN")
	s.start(t, "replaced-2")
	if n := s.couponUses(t, "SOLOTEN"); n != 0 {
		t.Fatalf("uses after the replacement: %d, want 0", n)
	}
	other := &onlineShop{app: s.app, d: s.d, f: s.f, sim: s.sim}
	other.token, other.addressID = shopper(t, s.app, "Kabir", "kabir@example.in")
	other.fill(t)
	_, otherGateway := other.startWith(t, "kabir-1", "SOLOTEN")
	other.payLate(t, otherGateway, "evt_kabir_1")

	s.payLate(t, firstGateway, "evt_replaced_1")
	s.expectRefusedLatePayment(t, first, "SOLOTEN")
	if n := s.couponUses(t, "SOLOTEN"); n != 1 {
		t.Fatalf("SOLOTEN uses: %d, want 1", n)
	}
}

// TestAbandonPaidOrder: the checkout's failure call for an order that was paid meanwhile (the
// callback beat it) answers 409 saying so, and the order stays paid with its stock taken.
func TestAbandonPaidOrder(t *testing.T) {
	t.Parallel()
	s := newOnlineShop(t)
	number, gatewayOrder := s.start(t, "paid-then-failed")
	response := s.pay(t, gatewayOrder, "success")
	status, body := s.confirm(t, number, response)
	expect(t, "paid", status, body, 200, map[string]any{"data.paymentStatus": "success"})
	stock := stockOf(t, s.d, s.f.newestShirt.ID, "M")

	status, body = send(t, s.app, "POST", "/api/payments/razorpay/failed", s.token, map[string]any{"orderId": number})
	expect(t, "failure call for a paid order", status, body, 409, map[string]any{
		"message": "Order " + number + " has been paid, so it was not cancelled."})
	status, body = send(t, s.app, "GET", "/api/orders/"+number, s.token, nil)
	expect(t, "still paid", status, body, 200, map[string]any{"data.orderStatus": "PENDING", "data.paymentStatus": "success"})
	if got := stockOf(t, s.d, s.f.newestShirt.ID, "M"); got != stock {
		t.Fatalf("stock: %d, want %d", got, stock)
	}
	if n := s.steps(t, number, "CANCELED"); n != 0 {
		t.Fatalf("cancel steps: %d", n)
	}
}

// TestUnpaidHoldLimits: an online order holds at most UNPAID_UNITS_PER_SIZE of one size; an
// account may leave at most UNPAID_ORDERS_PER_DAY online orders unpaid in a day; payment
// starts are rate-limited per account and per client address. Each refusal is a clear 4xx
// and holds nothing.
func TestUnpaidHoldLimits(t *testing.T) {
	t.Parallel()
	env := razorpaySim(t)
	env["UNPAID_UNITS_PER_SIZE"] = "2"
	env["UNPAID_ORDERS_PER_DAY"] = "3"
	env["PAYMENT_STARTS_PER_ACCOUNT"] = "6"
	env["PAYMENT_STARTS_PER_ADDRESS"] = "9"
	app, d := testAppWith(t, env)
	s := &onlineShop{app: app, d: d, f: checkoutFixture(t, d), sim: env}
	s.token, s.addressID = shopper(t, app, "Aarav", "aarav@example.in")
	shirt := s.f.newestShirt.ID
	if _, err := d.pool.Exec(context.Background(), `UPDATE product_sizes SET stock = 20 WHERE product_id = $1`, shirt); err != nil {
		t.Fatal(err)
	}
	status, body := send(t, app, "POST", "/api/addToCart", s.token, map[string]any{"productId": shirt, "size": "M", "quantity": 3})
	expect(t, "three in the cart", status, body, 200, nil)
	status, body = sendKeyed(t, app, "/api/payments/razorpay/order", s.token, "units-1", map[string]any{"address": s.addressID})
	expect(t, "three of one size online", status, body, 409, map[string]any{
		"message": "While paying online you can hold at most 2 of one size. Lower the quantity of size M of " + s.f.newestShirt.Name + ", or choose cash on delivery."})
	if got := stockOf(t, d, shirt, "M"); got != 20 {
		t.Fatalf("stock after the refusal: %d, want 20", got)
	}
	send(t, app, "DELETE", "/api/deletecart", s.token, nil)
	status, body = send(t, app, "POST", "/api/addToCart", s.token, map[string]any{"productId": shirt, "size": "M", "quantity": 2})
	expect(t, "two in the cart", status, body, 200, nil)

	// Three starts left unpaid (each replaces the last): the fourth is refused until a day has passed.
	for i := range 3 {
		status, body = sendKeyed(t, app, "/api/payments/razorpay/order", s.token, fmt.Sprintf("hold-%d", i), map[string]any{"address": s.addressID})
		expect(t, "an unpaid start", status, body, 201, nil)
	}
	status, body = sendKeyed(t, app, "/api/payments/razorpay/order", s.token, "hold-2", map[string]any{"address": s.addressID})
	expect(t, "a retry of the last start still answers", status, body, 201, nil)
	status, body = sendKeyed(t, app, "/api/payments/razorpay/order", s.token, "hold-3", map[string]any{"address": s.addressID})
	expect(t, "a fourth unpaid order in a day", status, body, 429, map[string]any{
		"message": "You have left 3 online payments unfinished in the last 24 hours. Pay for your open order, choose cash on delivery, or try again tomorrow."})
	if got := stockOf(t, d, shirt, "M"); got != 18 {
		t.Fatalf("stock held: %d, want 18 (one open order of 2)", got)
	}
	if n := countRows(t, d, `SELECT count(*) FROM orders WHERE order_status = 'AWAITING_PAYMENT'`); n != 1 {
		t.Fatalf("open unpaid orders: %d, want 1", n)
	}

	// The account's budget of starts (6 an hour) is spent by now.
	status, body = sendKeyed(t, app, "/api/payments/razorpay/order", s.token, "hold-2", map[string]any{"address": s.addressID})
	expectTooMany(t, "a seventh start in the hour", status, body)

	// Other accounts from the same address: the address's budget (8) runs out too.
	for i := range 2 {
		token, addressID := shopper(t, app, "Guest", fmt.Sprintf("guest%d@example.in", i))
		send(t, app, "POST", "/api/addToCart", token, map[string]any{"productId": shirt, "size": "S", "quantity": 1})
		status, body = sendKeyed(t, app, "/api/payments/razorpay/order", token, "g", map[string]any{"address": addressID})
		expect(t, "another account from the same address", status, body, 201, nil)
	}
	token, addressID := shopper(t, app, "Guest", "guest9@example.in")
	send(t, app, "POST", "/api/addToCart", token, map[string]any{"productId": shirt, "size": "S", "quantity": 1})
	status, body = sendKeyed(t, app, "/api/payments/razorpay/order", token, "g", map[string]any{"address": addressID})
	expectTooMany(t, "the address's tenth start in the hour", status, body)
}

func expectTooMany(t testing.TB, what string, status int, body []byte) {
	t.Helper()
	expect(t, what, status, body, 429, nil)
	if msg, _ := jsonValue(t, body, "message").(string); !strings.HasPrefix(msg, "Too many payment attempts. Please wait ") {
		t.Fatalf("%s: message %q", what, msg)
	}
}

// backOffice signs in an admin and a staff member of s's shop and returns their tokens.
func (s *onlineShop) backOffice(t testing.TB) (admin, staff string) {
	t.Helper()
	svc := newServices(s.d)
	for _, who := range []struct{ email, role string }{{"owner@drape.in", "admin"}, {"packer@drape.in", "staff"}} {
		if _, err := svc.accounts.CreateStaff(context.Background(), accountStaff(who.email, who.role)); err != nil {
			t.Fatal(err)
		}
	}
	login := func(email string) string {
		status, body := send(t, s.app, "POST", "/api/admin/login", "", map[string]any{"email": email, "password": "back-office-1"})
		expect(t, "admin login "+email, status, body, 200, nil)
		return jsonValue(t, body, "token").(string)
	}
	return login("owner@drape.in"), login("packer@drape.in")
}

// paidOrder places and pays an online order for the shirt in the cart: its id and payment.
func (s *onlineShop) paidOrder(t testing.TB, key string) (id, paymentID string) {
	t.Helper()
	number, gatewayOrder := s.start(t, key)
	response := s.pay(t, gatewayOrder, "success")
	status, body := s.confirm(t, number, response)
	expect(t, "paid", status, body, 200, map[string]any{"data.paymentStatus": "success"})
	return s.orderID(t, number), response["razorpay_payment_id"].(string)
}

// TestStaffRequestsRefunds: staff moving a paid order to CANCELED only requests its refund
// (recorded and shown on the order page, nothing asked of Razorpay); staff cannot confirm it;
// an admin confirms it, which queues the refund job, and Razorpay refunds it once. Both steps
// are in the audit log. An admin's own move starts the refund at once, and so does the
// shopper's cancel of a paid order that has not shipped.
func TestStaffRequestsRefunds(t *testing.T) {
	t.Parallel()
	s := newOnlineShop(t)
	ctx := context.Background()
	admin, staff := s.backOffice(t)
	svc := newServices(s.d)
	gateway := razorpay.New(s.sim["RAZORPAY_API_URL"], "rzp_test_drape", "drape-sim-key-secret", nil)
	refundJobs := func(id string) int {
		return countRows(t, s.d, `SELECT count(*) FROM outbox WHERE name = 'payment:refund' AND dedupe_key LIKE $1`, "refund:"+id+":%")
	}

	id, paymentID := s.paidOrder(t, "staff-cancel")
	status, body := send(t, s.app, "POST", "/api/orderStatus", staff, map[string]any{"id": id, "orderStatus": "CANCELED", "note": "Customer phoned to cancel"})
	expect(t, "staff cancel a paid order", status, body, 200, map[string]any{"data.orderStatus": "CANCELED", "data.paymentStatus": "success"})
	if n := refundJobs(id); n != 0 {
		t.Fatalf("refund jobs after staff's move: %d, want 0", n)
	}
	if n := countRows(t, s.d, `SELECT count(*) FROM refunds WHERE order_id = $1 AND status = 'requested' AND requested_by LIKE 'staff:%'`, id); n != 1 {
		t.Fatalf("requested refunds: %d, want 1", n)
	}
	status, body = send(t, s.app, "GET", "/api/admin/orders/"+id, admin, nil)
	expect(t, "the order page shows the request", status, body, 200, map[string]any{"data.refund.status": "requested",
		"data.refund.reason": "Customer phoned to cancel", "data.refund.amount": 1439, "data.order.paymentStatus": "success"})
	status, body = send(t, s.app, "POST", "/api/refund", staff, map[string]any{"id": id})
	expect(t, "staff confirm", status, body, 403, nil)
	if p, err := gateway.Payment(ctx, paymentID); err != nil || p.AmountRefunded != 0 {
		t.Fatalf("Razorpay refunded %d paise (%v) before an admin confirmed", p.AmountRefunded, err)
	}

	status, body = send(t, s.app, "POST", "/api/refund", admin, map[string]any{"id": id})
	expect(t, "an admin confirms", status, body, 200, map[string]any{"data.paymentStatus": "refund_pending"})
	if n := refundJobs(id); n != 1 {
		t.Fatalf("refund jobs after the admin confirmed: %d, want 1", n)
	}
	status, body = send(t, s.app, "GET", "/api/admin/orders/"+id, admin, nil)
	expect(t, "confirmed", status, body, 200, map[string]any{"data.refund.status": "pending", "data.refund.attempt": 1})
	if jsonValue(t, body, "data.refund.approvedBy") == "" || !strings.HasPrefix(jsonValue(t, body, "data.refund.requestedBy").(string), "staff:") {
		t.Fatalf("who asked and who confirmed: %.600s", body)
	}
	for range 2 {
		if err := svc.payments.Refund(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	if p, err := gateway.Payment(ctx, paymentID); err != nil || p.AmountRefunded != 143900 {
		t.Fatalf("Razorpay refunded %d paise (%v), want 143900 once", p.AmountRefunded, err)
	}
	for _, step := range []struct{ action, role string }{{"POST /api/orderStatus", "staff"}, {"POST /api/refund", "admin"}} {
		if n := countRows(t, s.d, `SELECT count(*) FROM audit_log WHERE action = $1 AND actor_role = $2 AND entity_type = 'order' AND entity_id = $3`, step.action, step.role, id); n != 1 {
			t.Fatalf("audit rows for %s by %s: %d, want 1", step.action, step.role, n)
		}
	}

	// An admin's move starts the refund at once.
	s.fill(t)
	id, _ = s.paidOrder(t, "admin-cancel")
	status, body = send(t, s.app, "POST", "/api/orderStatus", admin, map[string]any{"id": id, "orderStatus": "CANCELED"})
	expect(t, "an admin cancels a paid order", status, body, 200, map[string]any{"data.paymentStatus": "refund_pending"})
	if n := refundJobs(id); n != 1 {
		t.Fatalf("refund jobs after the admin's move: %d, want 1", n)
	}

	// The shopper's own cancel before shipping is the shop's policy: refunded at once.
	s.fill(t)
	id, _ = s.paidOrder(t, "shopper-cancel")
	var number string
	if err := s.d.pool.QueryRow(ctx, `SELECT order_number FROM orders WHERE id = $1`, id).Scan(&number); err != nil {
		t.Fatal(err)
	}
	status, body = send(t, s.app, "POST", "/api/orders/"+number+"/cancel", s.token, nil)
	expect(t, "the shopper cancels", status, body, 200, map[string]any{"data.paymentStatus": "refund_pending"})
	if n := refundJobs(id); n != 1 {
		t.Fatalf("refund jobs after the shopper's cancel: %d, want 1", n)
	}
}

// TestUnpaidLimitsConfig: the limits on unpaid online orders are read from the environment,
// with defaults, and a bad value stops the server naming the key.
func TestUnpaidLimitsConfig(t *testing.T) {
	t.Parallel()
	base := map[string]string{"DATABASE_URL": "postgres://drape@127.0.0.1:5432/drape", "REDIS_URL": "redis://127.0.0.1:6379/0",
		"JWT_SECRET": testJWTSecret}
	load := func(extra map[string]string) (Config, error) {
		return loadConfig(func(k string) string {
			if v, ok := extra[k]; ok {
				return v
			}
			return base[k]
		})
	}
	cfg, err := load(nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := (UnpaidLimits{UnitsPerSize: 5, OrdersPerDay: 6, StartsPerAccount: 10, StartsPerAddress: 60}); cfg.Unpaid != want {
		t.Fatalf("defaults %+v, want %+v", cfg.Unpaid, want)
	}
	_, err = load(map[string]string{"UNPAID_UNITS_PER_SIZE": "11", "UNPAID_ORDERS_PER_DAY": "0", "PAYMENT_STARTS_PER_ACCOUNT": "many", "PAYMENT_STARTS_PER_ADDRESS": "-1"})
	for _, key := range []string{"UNPAID_UNITS_PER_SIZE", "UNPAID_ORDERS_PER_DAY", "PAYMENT_STARTS_PER_ACCOUNT", "PAYMENT_STARTS_PER_ADDRESS"} {
		if err == nil || !strings.Contains(err.Error(), key) {
			t.Errorf("a bad %s is not refused: %v", key, err)
		}
	}
}
