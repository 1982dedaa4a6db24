package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"drape/internal/order"
)

// fulfilmentShop is a shop with a placed cash-on-delivery order, an admin, a staff member and
// the courier's webhook token.
type fulfilmentShop struct {
	app          *fiber.App
	d            deps
	f            shopFixture
	shopper      string // token
	addressID    string
	admin, staff string // tokens
}

const courierToken = "courier-test-token"

func newFulfilmentShop(t testing.TB) *fulfilmentShop {
	t.Helper()
	return newFulfilmentShopWith(t, map[string]string{})
}

// newFulfilmentShopWith is newFulfilmentShop with more environment (e.g. sim's Razorpay).
func newFulfilmentShopWith(t testing.TB, env map[string]string) *fulfilmentShop {
	t.Helper()
	env["SHIPROCKET_WEBHOOK_TOKEN"] = courierToken
	app, d := testAppWith(t, env)
	s := &fulfilmentShop{app: app, d: d, f: checkoutFixture(t, d)}
	s.shopper, s.addressID = shopper(t, app, "Meera", "meera@example.in")
	svc := newServices(d)
	for _, who := range []struct{ email, role string }{{"owner@drape.in", "admin"}, {"packer@drape.in", "staff"}} {
		if _, err := svc.accounts.CreateStaff(context.Background(), accountStaff(who.email, who.role)); err != nil {
			t.Fatal(err)
		}
	}
	login := func(email string) string {
		status, body := send(t, app, "POST", "/api/admin/login", "", map[string]any{"email": email, "password": "back-office-1"})
		expect(t, "admin login "+email, status, body, 200, nil)
		return jsonValue(t, body, "token").(string)
	}
	s.admin, s.staff = login("owner@drape.in"), login("packer@drape.in")
	return s
}

// place orders quantity of the newest shirt in size M, cash on delivery, and returns the
// order's id and number.
func (s *fulfilmentShop) place(t testing.TB, quantity int) (id, number string) {
	t.Helper()
	send(t, s.app, "POST", "/api/addToCart", s.shopper, map[string]any{"productId": s.f.newestShirt.ID, "size": "M", "quantity": quantity})
	status, body := send(t, s.app, "POST", "/api/createOrder", s.shopper, map[string]any{"paymentMode": "cod", "address": s.addressID})
	expect(t, "place", status, body, 201, nil)
	return jsonValue(t, body, "data._id").(string), jsonValue(t, body, "data.orderId").(string)
}

func (s *fulfilmentShop) move(t testing.TB, token, id string, to order.Status) (int, []byte) {
	t.Helper()
	return send(t, s.app, "POST", "/api/orderStatus", token, map[string]any{"id": id, "orderStatus": string(to), "note": "test"})
}

func (s *fulfilmentShop) courier(t testing.TB, key, number, status string, at time.Time) (int, []byte) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"awb": "SIM123", "courier_name": "Delhivery", "current_status": status,
		"current_status_id": 18, "shipment_status": status, "shipment_status_id": 18,
		"current_timestamp": at.In(time.FixedZone("IST", 19800)).Format("02 01 2006 15:04:05"), "order_id": number,
		"sr_order_id": 771, "scans": []any{}, "is_return": 0})
	resp, b := call(t, s.app, "POST", "/api/hooks/courier", map[string]string{"Content-Type": "application/json", "x-api-key": key}, body)
	return resp.StatusCode, b
}

func (s *fulfilmentShop) status(t testing.TB, id string) (order.Status, string, bool) {
	t.Helper()
	var status, payment string
	var held bool
	if err := s.d.pool.QueryRow(context.Background(), `SELECT order_status, payment_status, stock_held FROM orders WHERE id = $1`, id).
		Scan(&status, &payment, &held); err != nil {
		t.Fatal(err)
	}
	return order.Status(status), payment, held
}

// TestOrderStatusRefusals: POST /api/orderStatus refuses before the state machine: a
// shopper's token, an unknown status, an unknown order, no status; a status written as people
// write it is read as the status, and refused (409) where the order may not go. Every move of
// the state machine itself is internal/order's TestEveryTransition.
func TestOrderStatusRefusals(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	id, _ := s.place(t, 1)
	status, body := s.move(t, s.shopper, id, order.Shipped)
	expect(t, "a shopper's token", status, body, 401, nil)
	status, body = s.move(t, s.staff, id, "TELEPORTED")
	expect(t, "an unknown status", status, body, 400, map[string]any{"message": `Unknown order status "TELEPORTED"`})
	status, body = s.move(t, s.staff, "0123456789abcdef01234567", order.Shipped)
	expect(t, "an unknown order", status, body, 404, map[string]any{"message": "Order not found"})
	status, body = send(t, s.app, "POST", "/api/orderStatus", s.staff, map[string]any{"id": id})
	expect(t, "no status", status, body, 400, map[string]any{"errors.orderStatus": "Choose the new status"})
	status, body = s.move(t, s.staff, id, "out for delivery")
	expect(t, "a status written as people write it", status, body, 409, map[string]any{"data.orderStatus": "PENDING"})
}

// TestStaffMovesAnOrderToDelivery: each step is a timeline entry with who moved it; shipping
// mails the tracking link once, delivery mails once and marks cash on delivery paid; the
// shopper's and the admins' topics hear every move.
func TestStaffMovesAnOrderToDelivery(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	id, number := s.place(t, 1)
	for _, to := range []order.Status{order.Confirmed, order.ReadyToShip, order.Shipped, order.OutForDelivery, order.Delivered} {
		status, body := s.move(t, s.staff, id, to)
		expect(t, "to "+string(to), status, body, 200, map[string]any{"data.orderStatus": string(to)})
	}
	status, body := s.move(t, s.staff, id, order.Delivered)
	expect(t, "delivered again changes nothing", status, body, 200, map[string]any{"data.orderStatus": "DELIVERED"})
	status, body = send(t, s.app, "GET", "/api/orders/"+number, s.shopper, nil)
	expect(t, "the shopper's view", status, body, 200, map[string]any{"data.orderStatus": "DELIVERED", "data.paymentStatus": "success",
		"data.status": "Delivered", "data.cancellable": false, "data.nextStatuses.#": 1, "data.nextStatuses.0": "RETURN_REQUESTED"})
	steps := countRows(t, s.d, `SELECT count(*) FROM order_events WHERE order_id = $1 AND actor LIKE 'staff:%' AND from_status <> ''`, id)
	if steps != 5 {
		t.Fatalf("%d staff steps on the timeline, want 5", steps)
	}
	for _, kind := range []string{"order_shipped", "order_delivered"} {
		if n := countRows(t, s.d, `SELECT count(*) FROM mails WHERE kind = $1 AND ref = $2`, kind, id); n != 1 {
			t.Fatalf("%s mails: %d, want 1", kind, n)
		}
	}
	for _, topic := range []string{"user:", "admin:orders", "admin:dashboard"} {
		n := countRows(t, s.d, `SELECT count(*) FROM outbox WHERE name = 'order.updated' AND topic LIKE $1 || '%' AND payload::text LIKE '%' || $2 || '%'`, topic, number)
		if n != 5 {
			t.Fatalf("order.updated on %s: %d, want 5", topic, n)
		}
	}
}

func mustGet(t testing.TB, s *fulfilmentShop, id string) []byte {
	t.Helper()
	var number string
	if err := s.d.pool.QueryRow(context.Background(), `SELECT order_number FROM orders WHERE id = $1`, id).Scan(&number); err != nil {
		t.Fatal(err)
	}
	status, body := send(t, s.app, "GET", "/api/orders/"+number, s.shopper, nil)
	expect(t, "get "+number, status, body, 200, nil)
	return body
}

// TestCourierWebhook: the courier's status webhook over HTTP: a wrong or missing token is a
// 401 and a body that is not JSON a 400, neither moving the order; a report, or one about an
// order that is not ours, is a 200, and the order detail shows the tracking it brought. What
// the reports do to the order is internal/shipping's TestCourierWebhook.
func TestCourierWebhook(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	id, number := s.place(t, 1)
	t0 := time.Now().Add(-time.Hour).Truncate(time.Second)

	status, body := s.courier(t, "wrong", number, "SHIPPED", t0)
	expect(t, "a wrong token", status, body, 401, nil)
	status, body = s.courier(t, "", number, "SHIPPED", t0)
	expect(t, "no token", status, body, 401, nil)
	resp, raw := call(t, s.app, "POST", "/api/hooks/courier", map[string]string{"Content-Type": "application/json", "x-api-key": courierToken}, []byte("{"))
	expect(t, "a body that is not JSON", resp.StatusCode, raw, 400, nil)
	if now, _, _ := s.status(t, id); now != order.Pending {
		t.Fatalf("refused webhooks moved the order to %s", now)
	}

	status, body = s.courier(t, courierToken, number, "SHIPPED", t0.Add(time.Minute))
	expect(t, "shipped", status, body, 200, nil)
	status, body = s.courier(t, courierToken, "DRP0NOTOURS", "DELIVERED", t0)
	expect(t, "an order that is not ours", status, body, 200, nil)
	if got, _, _ := s.status(t, id); got != order.Shipped {
		t.Fatalf("order is %s, want SHIPPED", got)
	}
	body = mustGet(t, s, id)
	for path, want := range map[string]any{"data.shiprocket.awb": "SIM123", "data.shiprocket.courierName": "Delhivery",
		"data.shiprocket.trackUrl": "https://shiprocket.co/tracking/SIM123"} {
		if got := jsonValue(t, body, path); got != want {
			t.Fatalf("%s = %v, want %v", path, got, want)
		}
	}
}

// TestStaffRefunds: only an admin refunds; a refund is asked for once however often staff
// press the button; a cash order cannot be refunded through the gateway.
func TestStaffRefunds(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	id, number := s.place(t, 1)
	status, body := send(t, s.app, "POST", "/api/refund", s.admin, map[string]any{"id": id})
	expect(t, "a cash order", status, body, 409, map[string]any{"message": "Order " + number + " has no payment to refund"})
	if _, err := s.d.pool.Exec(context.Background(), `UPDATE orders SET payment_mode = 'online', payment_status = 'success', payment_id = 'pay_test1' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	status, body = send(t, s.app, "POST", "/api/refund", s.staff, map[string]any{"id": id})
	expect(t, "staff may not refund", status, body, 403, nil)
	for range 3 {
		status, body = send(t, s.app, "POST", "/api/refund", s.admin, map[string]any{"id": number, "reason": "Wrong size"})
		expect(t, "refund", status, body, 200, map[string]any{"data.paymentStatus": "refund_pending"})
	}
	if n := countRows(t, s.d, `SELECT count(*) FROM refunds WHERE order_id = $1 AND status = 'pending' AND attempt = 1`, id); n != 1 {
		t.Fatalf("refund rows: %d", n)
	}
	if n := countRows(t, s.d, `SELECT count(*) FROM outbox WHERE name = 'payment:refund'`); n != 1 {
		t.Fatalf("refund jobs: %d, want 1", n)
	}
	status, body = send(t, s.app, "POST", "/api/refund", s.admin, map[string]any{})
	expect(t, "no order", status, body, 400, map[string]any{"errors.id": "Which order? Send its id"})
}

// TestAdminOrderList: staff see every shopper's orders, newest first, and find them by status,
// payment, id or number, text about the customer or the products, and dates; orders still
// waiting for payment stay out unless asked for; bad filters are 400 and shoppers are refused.
func TestAdminOrderList(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	first, firstNumber := s.place(t, 1)
	second, _ := s.place(t, 1)
	status, body := s.move(t, s.staff, second, order.Shipped)
	expect(t, "ship the second", status, body, 200, nil)
	other, otherAddress := shopper(t, s.app, "Kabir", "kabir@example.in")
	send(t, s.app, "POST", "/api/addToCart", other, map[string]any{"productId": s.f.newestShirt.ID, "size": "M", "quantity": 1})
	status, body = send(t, s.app, "POST", "/api/createOrder", other, map[string]any{"paymentMode": "cod", "address": otherAddress})
	expect(t, "kabir's order", status, body, 201, nil)
	if _, err := s.d.pool.Exec(context.Background(), `UPDATE orders SET created_at = '2026-01-15 10:00+05:30' WHERE id = $1`, first); err != nil {
		t.Fatal(err)
	}

	list := func(query string) []byte {
		t.Helper()
		status, body := send(t, s.app, "GET", "/api/admin/getalloder"+query, s.staff, nil)
		expect(t, "list "+query, status, body, 200, nil)
		return body
	}
	body = list("")
	expect(t, "all", 200, body, 200, map[string]any{"success": true, "data.items.#": 3, "data.page": 1, "data.totalPages": 1,
		"data.items.0.address.email": "kabir@example.in", "data.items.2._id": first})
	expect(t, "shipped", 200, list("?orderStatus=SHIPPED"), 200, map[string]any{"data.items.#": 1, "data.items.0._id": second})
	expect(t, "by id", 200, list("?orderId="+first), 200, map[string]any{"data.items.#": 1, "data.items.0.orderId": firstNumber})
	expect(t, "by number", 200, list("?search="+firstNumber), 200, map[string]any{"data.items.#": 1})
	expect(t, "by customer", 200, list("?search=KABIR"), 200, map[string]any{"data.items.#": 1})
	expect(t, "by product", 200, list("?search="+s.f.newestShirt.Name[:5]), 200, map[string]any{"data.items.#": 3})
	expect(t, "a wildcard is text", 200, list("?search=%25"), 200, map[string]any{"data.items.#": 0})
	expect(t, "by dates", 200, list("?startDate=2026-01-15&endDate=2026-01-15"), 200, map[string]any{"data.items.#": 1, "data.items.0._id": first})
	expect(t, "cash", 200, list("?filter=cod&page=2"), 200, map[string]any{"data.items.#": 0, "data.page": 2})
	for _, bad := range []string{"?page=0", "?startDate=15-01-2026", "?orderStatus=LOST", "?filter=upi", "?limit=500"} {
		status, body = send(t, s.app, "GET", "/api/admin/getalloder"+bad, s.staff, nil)
		expect(t, "bad "+bad, status, body, 400, nil)
	}
	status, body = send(t, s.app, "GET", "/api/admin/getalloder", s.shopper, nil)
	expect(t, "a shopper", status, body, 401, nil)
}

// TestAdminDashboard: the figures follow the state machine: cash on delivery counts while the
// order stands and as collected once delivered, online money once paid and not refunded, a
// cancelled order brings nothing; the analytics range checks its dates and exports CSV.
func TestAdminDashboard(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	cancelled, _ := s.place(t, 1)
	status, body := s.move(t, s.staff, cancelled, order.Canceled)
	expect(t, "cancel", status, body, 200, nil)
	delivered, _ := s.place(t, 1)
	for _, to := range []order.Status{order.Shipped, order.Delivered} {
		status, body := s.move(t, s.staff, delivered, to)
		expect(t, "deliver", status, body, 200, nil)
	}
	s.place(t, 1) // standing, not collected
	online, _ := s.place(t, 1)
	if _, err := s.d.pool.Exec(context.Background(), `UPDATE orders SET payment_mode = 'online', payment_status = 'success' WHERE id = $1`, online); err != nil {
		t.Fatal(err)
	}
	unit := countRows(t, s.d, `SELECT total / 100 FROM orders WHERE id = $1`, delivered) // rupees: every order is one shirt

	status, body = send(t, s.app, "GET", "/api/admin/dashboard", s.staff, nil)
	expect(t, "dashboard", status, body, 200, map[string]any{
		"data.today.orders": 3, "data.today.online": unit, "data.today.codBooked": 2 * unit, "data.today.codCollected": unit,
		"data.today.total": 3 * unit, "data.today.averageOrder": unit, "data.week.orders": 3, "data.month.total": 3 * unit,
		"data.report.topProducts.0.units": 3, "data.report.topSizes.0.size": "M", "data.report.newCustomers": 1,
		"data.report.days.#": 30, "data.report.days.29.orders": 3, "data.report.days.29.total": 3 * unit,
	})
	today := time.Now().In(time.FixedZone("IST", 19800)).Format("2006-01-02")
	status, body = send(t, s.app, "GET", "/api/admin/analytics?startDate="+today+"&endDate="+today, s.staff, nil)
	expect(t, "one day", status, body, 200, map[string]any{"data.days.#": 1, "data.takings.orders": 3})
	resp, raw := call(t, s.app, "GET", "/api/admin/analytics?startDate="+today+"&endDate="+today+"&format=csv",
		map[string]string{"Authorization": "Bearer " + s.staff}, nil)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/csv; charset=utf-8" ||
		string(raw) != fmt.Sprintf("date,orders,online_inr,cod_inr,total_inr\n%s,3,%d,%d,%d\n", today, unit, 2*unit, 3*unit) {
		t.Fatalf("csv: %d %q %q", resp.StatusCode, resp.Header.Get("Content-Type"), raw)
	}
	for _, bad := range []string{"?startDate=2026-02-01&endDate=2026-01-01", "?startDate=2020-01-01&endDate=2026-01-01", "?startDate=01/01/2026", "?format=xls"} {
		status, body = send(t, s.app, "GET", "/api/admin/analytics"+bad, s.staff, nil)
		expect(t, "bad "+bad, status, body, 400, nil)
	}
	status, body = send(t, s.app, "GET", "/api/admin/dashboard", s.shopper, nil)
	expect(t, "a shopper", status, body, 401, nil)
}

// TestAdminOrderDetail: the back office's order page has the order with its timeline, the
// courier's reports (applied or not), the refund and the gateway's events; the Shiprocket
// view finds orders by where they are with the courier; shoppers are refused.
func TestAdminOrderDetail(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	pushed, number := s.place(t, 1)
	failed, _ := s.place(t, 1)
	waiting, _ := s.place(t, 1)
	ctx := context.Background()
	if _, err := s.d.pool.Exec(ctx, `UPDATE orders SET courier_order_id = 771, courier_shipment_id = 881, pushed_at = now() WHERE id = $1`, pushed); err != nil {
		t.Fatal(err)
	}
	if _, err := s.d.pool.Exec(ctx, `UPDATE orders SET push_failed = true, push_error = 'courier down' WHERE id = $1`, failed); err != nil {
		t.Fatal(err)
	}
	for push, want := range map[string]string{"pushed": pushed, "failed": failed, "waiting": waiting} {
		status, body := send(t, s.app, "GET", "/api/admin/getalloder?push="+push, s.staff, nil)
		expect(t, "push="+push, status, body, 200, map[string]any{"data.items.#": 1, "data.items.0._id": want})
	}
	status, body := send(t, s.app, "GET", "/api/admin/getalloder?push=lost", s.staff, nil)
	expect(t, "an unknown push state", status, body, 400, map[string]any{"errors.push": "push must be failed, waiting, pushed or confirm"})
	status, body = send(t, s.app, "GET", "/api/admin/getalloder?push=failed&search=meera", s.staff, nil)
	expect(t, "push with a search", status, body, 200, map[string]any{"data.items.#": 1, "data.items.0._id": failed})

	t0 := time.Now().Add(-time.Hour).Truncate(time.Second)
	s.courier(t, courierToken, number, "SHIPPED", t0)
	s.courier(t, courierToken, number, "PICKUP SCHEDULED", t0.Add(-time.Minute))
	for _, ref := range []string{pushed, number, strings.ToLower(number)} {
		status, body = send(t, s.app, "GET", "/api/admin/orders/"+ref, s.staff, nil)
		expect(t, "detail by "+ref, status, body, 200, map[string]any{"data.order._id": pushed, "data.order.orderStatus": "SHIPPED",
			"data.order.shiprocket.orderId": 771.0, "data.refund": nil, "data.paymentEvents.#": 0, "data.courierReports.#": 2,
			"data.courierReports.0.status": "PICKUP SCHEDULED", "data.courierReports.0.applied": false,
			"data.courierReports.1.status": "SHIPPED", "data.courierReports.1.applied": true})
	}
	if steps := jsonValue(t, body, "data.order.timeline.#"); steps.(int) < 2 {
		t.Fatalf("timeline has %v steps, want placed and shipped at least", steps)
	}

	if _, err := s.d.pool.Exec(ctx, `UPDATE orders SET payment_mode = 'online', payment_status = 'success', payment_id = 'pay_d1', gateway_order_id = 'order_d1' WHERE id = $1`, waiting); err != nil {
		t.Fatal(err)
	}
	if _, err := s.d.pool.Exec(ctx, `INSERT INTO payment_events (event_id, event, order_id) VALUES ('evt_d1', 'payment.captured', 'order_d1')`); err != nil {
		t.Fatal(err)
	}
	status, body = send(t, s.app, "POST", "/api/refund", s.admin, map[string]any{"id": waiting, "reason": "Too small"})
	expect(t, "refund", status, body, 200, nil)
	status, body = send(t, s.app, "GET", "/api/admin/orders/"+waiting, s.staff, nil)
	expect(t, "refunded detail", status, body, 200, map[string]any{"data.refund.status": "pending", "data.refund.reason": "Too small",
		"data.refund.attempt": 1.0, "data.paymentEvents.#": 1, "data.paymentEvents.0.event": "payment.captured"})

	for _, missing := range []string{"0123456789abcdef01234567", "DRP0NOTOURS"} {
		status, body = send(t, s.app, "GET", "/api/admin/orders/"+missing, s.staff, nil)
		expect(t, "unknown "+missing, status, body, 404, map[string]any{"message": "Order not found"})
	}
	status, body = send(t, s.app, "GET", "/api/admin/orders/"+pushed, s.shopper, nil)
	expect(t, "a shopper", status, body, 401, nil)
}

// TestPaymentSettings: admins see how Razorpay is set up, never its secrets; staff are refused.
func TestPaymentSettings(t *testing.T) {
	t.Parallel()
	app, d := testAppWith(t, map[string]string{"RAZORPAY_KEY_ID": "rzp_test_abc123", "RAZORPAY_KEY_SECRET": "very-secret-key",
		"RAZORPAY_WEBHOOK_SECRET": "hook-secret", "PUBLIC_URL": "https://shop.example.in"})
	svc := newServices(d)
	for _, who := range []struct{ email, role string }{{"owner@drape.in", "admin"}, {"packer@drape.in", "staff"}} {
		if _, err := svc.accounts.CreateStaff(context.Background(), accountStaff(who.email, who.role)); err != nil {
			t.Fatal(err)
		}
	}
	login := func(email string) string {
		status, body := send(t, app, "POST", "/api/admin/login", "", map[string]any{"email": email, "password": "back-office-1"})
		expect(t, "admin login "+email, status, body, 200, nil)
		return jsonValue(t, body, "token").(string)
	}
	status, body := send(t, app, "GET", "/api/admin/payment-settings", login("owner@drape.in"), nil)
	expect(t, "settings", status, body, 200, map[string]any{"data.enabled": true, "data.keyId": "rzp_test_abc123", "data.mode": "test",
		"data.keySecretSet": true, "data.webhookSecretSet": true, "data.webhookUrl": "https://shop.example.in/api/webhooks/razorpay",
		"data.webhookEvents.0": "payment.captured"})
	for _, secret := range []string{"very-secret-key", "hook-secret"} {
		if strings.Contains(string(body), secret) {
			t.Fatalf("the settings answer carries a secret: %s", body)
		}
	}
	status, body = send(t, app, "GET", "/api/admin/payment-settings", login("packer@drape.in"), nil)
	expect(t, "staff", status, body, 403, nil)
}
