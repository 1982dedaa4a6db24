package main

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"testing"

	"drape/internal/order"
)

// TestAdminCODFigures: the dashboard's cash-on-delivery figures, as the back office reads them
// after real orders: the COD share of the orders placed (an online attempt never paid is no
// order) by count and value; the RTO rate of the deliveries that ended, in all, paid on
// delivery, and by state and pincode with the most RTO first and a lone 1 of 1 marked as too
// few; how the shoppers asked to confirm answered (link, staff, expired, cancelled, waiting);
// the failed deliveries waiting for an answer now; a window that leaves an older order out;
// and bad days refused.
func TestAdminCODFigures(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	ctx := context.Background()
	status, body := send(t, s.app, "POST", "/api/addAddress", s.shopper, map[string]any{"firstName": "Meera", "lastName": "Nair",
		"address1": "7 Marine Drive", "address2": "Churchgate", "city": "Mumbai", "state": "Maharashtra", "pincode": "400020",
		"email": "meera@example.in", "type": "work", "phone": "+91 98200 12345", "landmark": ""})
	expect(t, "a Mumbai address", status, body, 200, nil)
	mumbai := jsonValue(t, body, "data._id").(string)
	placeAt := func(address string, quantity int) string {
		t.Helper()
		status, body := send(t, s.app, "POST", "/api/addToCart", s.shopper, map[string]any{"productId": s.f.newestShirt.ID, "size": "M", "quantity": quantity})
		expect(t, "add to cart", status, body, 200, nil)
		status, body = send(t, s.app, "POST", "/api/createOrder", s.shopper, map[string]any{"paymentMode": "cod", "address": address})
		expect(t, "place", status, body, 201, nil)
		return jsonValue(t, body, "data._id").(string)
	}
	moves := func(id string, to ...order.Status) {
		t.Helper()
		for _, st := range to {
			status, body := s.move(t, s.admin, id, st)
			expect(t, "move to "+string(st), status, body, 200, nil)
		}
	}
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := s.d.pool.Exec(ctx, sql, args...); err != nil {
			t.Fatal(err)
		}
	}

	exec(`UPDATE product_sizes SET stock = 100 WHERE product_id = $1`, s.f.newestShirt.ID)

	// Jaipur (Rajasthan, 302006): delivered, two back to origin, and an online order of two
	// shirts delivered; Mumbai (Maharashtra, 400020): one back to origin.
	jaipurDelivered, jaipurRTO, jaipurRTOBack := placeAt(s.addressID, 1), placeAt(s.addressID, 1), placeAt(s.addressID, 1)
	mumbaiRTO := placeAt(mumbai, 1)
	online := placeAt(s.addressID, 2)
	exec(`UPDATE orders SET payment_mode = 'online', payment_status = 'success' WHERE id = $1`, online)
	unpaid := placeAt(s.addressID, 1) // an online attempt never paid: no order
	exec(`UPDATE orders SET payment_mode = 'online', payment_status = 'pending', order_status = 'AWAITING_PAYMENT' WHERE id = $1`, unpaid)
	old := placeAt(s.addressID, 1) // placed 40 days ago
	exec(`UPDATE orders SET created_at = now() - interval '40 days' WHERE id = $1`, old)
	moves(jaipurDelivered, order.Shipped, order.Delivered)
	moves(jaipurRTO, order.Shipped, order.RTOInitiated)
	moves(jaipurRTOBack, order.Shipped, order.RTOInitiated, order.RTODelivered)
	moves(mumbaiRTO, order.Shipped, order.RTOInitiated)
	moves(online, order.Shipped, order.Delivered)
	unit := float64(countRows(t, s.d, `SELECT total FROM orders WHERE id = $1`, jaipurDelivered)) / 100 // rupees: one shirt

	// Five COD orders asked to confirm: by the link, by staff, one expired, one the shopper
	// cancels, one still waiting.
	status, body = send(t, s.app, "PUT", "/api/admin/delivery-settings", s.admin, map[string]any{"codConfirm": true, "codConfirmHours": 24})
	expect(t, "confirmation on", status, body, 200, nil)
	token := func(id string) string {
		t.Helper()
		var text string
		if err := s.d.pool.QueryRow(ctx, `SELECT text_body FROM mails WHERE kind = 'cod_confirm' AND ref = $1`, id).Scan(&text); err != nil {
			t.Fatal(err)
		}
		return regexp.MustCompile(`/confirm-order/([A-Za-z0-9_-]+)`).FindStringSubmatch(text)[1]
	}
	byLink, byStaff, expired, cancelled := placeAt(s.addressID, 1), placeAt(s.addressID, 1), placeAt(s.addressID, 1), placeAt(s.addressID, 1)
	placeAt(s.addressID, 1) // waiting
	status, body = send(t, s.app, "POST", "/api/cod-confirmations/"+token(byLink)+"/confirm", "", nil)
	expect(t, "confirmed by link", status, body, 200, nil)
	status, body = send(t, s.app, "POST", "/api/admin/orders/"+byStaff+"/cod-confirmation", s.staff, map[string]any{"note": "Called, confirmed"})
	expect(t, "confirmed by staff", status, body, 200, nil)
	exec(`UPDATE orders SET cod_confirm_due = now() - interval '1 minute' WHERE id = $1`, expired)
	status, body = send(t, s.app, "POST", "/api/cod-confirmations/"+token(expired)+"/confirm", "", nil)
	expect(t, "too late", status, body, 409, nil)
	status, body = send(t, s.app, "POST", "/api/cod-confirmations/"+token(cancelled)+"/cancel", "", nil)
	expect(t, "cancelled by the shopper", status, body, 200, nil)

	// Failed deliveries: one waiting for an answer, one answered (waiting for the courier), one closed.
	exec(`INSERT INTO ndr_attempts (id, order_id, order_number, user_id, attempt, reason, reported_at)
	      SELECT md5(random()::text)::char(24), id, order_number, user_id, 1, 'Customer not available', now() FROM orders WHERE id = $1`, mumbaiRTO)
	exec(`INSERT INTO ndr_attempts (id, order_id, order_number, user_id, attempt, reason, reported_at, action, answered_by, answered_at)
	      SELECT md5(random()::text)::char(24), id, order_number, user_id, 1, 'Door locked', now(), 'reattempt', 'shopper', now() FROM orders WHERE id = $1`, jaipurRTO)
	exec(`INSERT INTO ndr_attempts (id, order_id, order_number, user_id, attempt, reason, reported_at, closed_at, outcome)
	      SELECT md5(random()::text)::char(24), id, order_number, user_id, 1, 'Address incomplete', now(), now(), 'delivered' FROM orders WHERE id = $1`, jaipurDelivered)

	rupees := func(n float64) string { return fmt.Sprint(math.Round(n*unit*100) / 100) }
	status, body = send(t, s.app, "GET", "/api/admin/dashboard/cod", s.staff, nil)
	expect(t, "30 days", status, body, 200, map[string]any{
		"data.days": 30,
		// 10 orders: 4 at the start, the online one, the 5 asked to confirm; 9 of them COD; 11 shirts, 9 COD.
		"data.share.orders": 10, "data.share.codOrders": 9, "data.share.ordersPercent": 90,
		"data.share.value": rupees(11), "data.share.codValue": rupees(9), "data.share.valuePercent": 81.8,
		// 5 deliveries ended, 3 back to origin; of the 4 COD ones, 3.
		"data.rto.ended": 5, "data.rto.rto": 3, "data.rto.percent": 60, "data.rto.cod.ended": 4, "data.rto.cod.rto": 3, "data.rto.cod.percent": 75,
		"data.rto.byState.#": 2, "data.rto.byState.0.place": "Rajasthan", "data.rto.byState.0.rto": 2, "data.rto.byState.0.ended": 4,
		"data.rto.byState.0.percent": 50, "data.rto.byState.0.few": true,
		"data.rto.byState.1.place": "Maharashtra", "data.rto.byState.1.rto": 1, "data.rto.byState.1.ended": 1, "data.rto.byState.1.percent": 100,
		"data.rto.byPincode.#": 2, "data.rto.byPincode.0.place": "302006", "data.rto.byPincode.1.place": "400020", "data.rto.byPincode.1.few": true,
		"data.confirmation.asked": 5, "data.confirmation.confirmed": 2, "data.confirmation.byShopper": 1, "data.confirmation.byStaff": 1,
		"data.confirmation.expired": 1, "data.confirmation.cancelled": 1, "data.confirmation.waiting": 1, "data.confirmation.percent": 50,
		"data.ndr.unanswered": 1, "data.ndr.open": 2,
	})
	status, body = send(t, s.app, "GET", "/api/admin/dashboard/cod?days=90", s.staff, nil)
	expect(t, "90 days: the older order too", status, body, 200, map[string]any{"data.days": 90, "data.share.orders": 11, "data.share.codOrders": 10})
	status, body = send(t, s.app, "GET", "/api/admin/dashboard/cod?days=1", s.staff, nil)
	expect(t, "today", status, body, 200, map[string]any{"data.share.orders": 10})

	for _, bad := range []string{"0", "367", "week", "-3"} {
		status, body = send(t, s.app, "GET", "/api/admin/dashboard/cod?days="+bad, s.staff, nil)
		expect(t, "days="+bad, status, body, 400, nil)
	}
	status, body = send(t, s.app, "GET", "/api/admin/dashboard/cod", s.shopper, nil)
	expect(t, "a shopper", status, body, 401, nil)
}

// TestNDRSettingsAndMessageTemplates: the back office reads the courier's attempt limit; an
// admin's change is audited as the NDR settings with the limit before and after, staff may not
// change it, a bad limit is refused and changes nothing; staff read what is sent by WhatsApp
// and SMS: each kind's WhatsApp template and its MSG91 and DLT template ids.
func TestNDRSettingsAndMessageTemplates(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	status, body := send(t, s.app, "GET", "/api/admin/ndr/settings", s.staff, nil)
	expect(t, "read", status, body, 200, map[string]any{"data.attemptLimit": 3})
	for _, bad := range []any{0, 11, "two"} {
		status, body = send(t, s.app, "PUT", "/api/admin/ndr/settings", s.admin, map[string]any{"attemptLimit": bad})
		expect(t, fmt.Sprint("limit ", bad), status, body, 400, nil)
	}
	status, body = send(t, s.app, "PUT", "/api/admin/ndr/settings", s.staff, map[string]any{"attemptLimit": 2})
	expect(t, "staff", status, body, 403, nil)
	status, body = send(t, s.app, "GET", "/api/admin/ndr/settings", s.admin, nil)
	expect(t, "unchanged", status, body, 200, map[string]any{"data.attemptLimit": 3})
	if n := countRows(t, s.d, `SELECT count(*) FROM audit_log`); n != 0 {
		t.Fatalf("%d audit entries for refused changes", n)
	}

	status, body = send(t, s.app, "PUT", "/api/admin/ndr/settings", s.admin, map[string]any{"attemptLimit": 2})
	expect(t, "saved", status, body, 200, map[string]any{"message": "Attempt limit saved", "data.attemptLimit": 2})
	status, body = send(t, s.app, "GET", "/api/admin/audit?entityType=ndr%20settings", s.admin, nil)
	expect(t, "audited", status, body, 200, map[string]any{"data.items.#": 1, "data.items.0.entityId": "ndr",
		"data.items.0.action": "PUT /api/admin/ndr/settings", "data.items.0.before.attemptLimit": 3, "data.items.0.after.attemptLimit": 2})

	status, body = send(t, s.app, "GET", "/api/admin/message-templates", s.staff, nil)
	expect(t, "templates", status, body, 200, map[string]any{"data.#": 7,
		"data.0.kind": "order_placed", "data.0.whatsappTemplate": "order_placed", "data.0.dltTemplateId": "1107170000000000101",
		"data.1.kind": "cod_confirm", "data.1.msg91TemplateId": "6561a1f0d6fc0530ae4b8f25",
		"data.5.kind": "ndr", "data.5.whatsappTemplate": "delivery_failed", "data.5.dltTemplateId": "1107170000000000106",
		"data.5.body": "drape: the courier could not deliver your order {#var#}. Choose a new date, fix the address or cancel: {#var#}",
		"data.6.kind": "sale_offer", "data.6.whatsappTemplate": "sale_offer"})
	status, body = send(t, s.app, "GET", "/api/admin/message-templates", s.shopper, nil)
	expect(t, "a shopper", status, body, 401, nil)
}
