package main

import (
	"strings"
	"testing"

	"drape/internal/order"
)

// TestOnlyAnAdminRevealsACODReturnsPayoutDetails: a cash-on-delivery return with a bank
// account. Staff see it masked and are refused the full details (403, nothing audited); an
// admin gets the IFSC and the whole account number, and the reveal is in the audit log with
// the admin, the request and the masked details only. A return without payout details (an
// exchange) and an unknown request are 404.
func TestOnlyAnAdminRevealsACODReturnsPayoutDetails(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	id, number := s.place(t, 2)
	for _, to := range []order.Status{order.Shipped, order.Delivered} {
		status, body := s.move(t, s.admin, id, to)
		expect(t, "move to "+string(to), status, body, 200, nil)
	}
	path := "/api/orders/" + number + "/returns"
	status, body := send(t, s.app, "POST", path, s.shopper, map[string]any{"kind": "return", "reason": "changed_mind",
		"lines": []map[string]any{{"item": 0, "quantity": 1}}, "payout": map[string]any{"ifsc": "hdfc0001234", "account": "5010 0123 456789"}})
	expect(t, "the return", status, body, 201, map[string]any{"data.refund.payTo": "A/c ****6789 · HDFC0001234"})
	rid := jsonValue(t, body, "data._id").(string)
	reveal := "/api/admin/returns/" + rid + "/payout-details"
	audited := func() int {
		return countRows(t, s.d, `SELECT count(*) FROM audit_log WHERE entity_type = 'returns' AND entity_id = $1 AND action = $2`,
			rid, "GET /api/admin/returns/:id/payout-details")
	}

	status, body = send(t, s.app, "GET", "/api/admin/returns/"+rid, s.staff, nil)
	expect(t, "staff see it masked", status, body, 200, map[string]any{"data.refund.payTo": "A/c ****6789 · HDFC0001234"})
	status, body = send(t, s.app, "GET", reveal, s.staff, nil)
	expect(t, "staff reveal", status, body, 403, map[string]any{"message": "Only an admin can do this"})
	status, body = send(t, s.app, "GET", reveal, s.shopper, nil)
	expect(t, "the shopper's token", status, body, 401, nil)
	if n := audited(); n != 0 {
		t.Fatalf("refused reveals were audited %d times", n)
	}

	status, body = send(t, s.app, "GET", reveal, s.admin, nil)
	expect(t, "the admin's reveal", status, body, 200, map[string]any{"data._id": rid, "data.returnId": number + "-R1",
		"data.ifsc": "HDFC0001234", "data.account": "50100123456789", "data.masked": "A/c ****6789 · HDFC0001234"})
	if n := audited(); n != 1 {
		t.Fatalf("the reveal was audited %d times, want 1", n)
	}
	status, body = send(t, s.app, "GET", "/api/admin/audit?entityType=returns&entityId="+rid, s.admin, nil)
	expect(t, "the reveal's audit entry", status, body, 200, map[string]any{"data.items.0.action": "GET /api/admin/returns/:id/payout-details",
		"data.items.0.actorRole": "admin", "data.items.0.after.revealed": "A/c ****6789 · HDFC0001234"})
	if strings.Contains(string(body), "50100123456789") {
		t.Fatalf("the audit log holds the whole account number: %s", body)
	}

	status, body = send(t, s.app, "POST", path, s.shopper, map[string]any{"kind": "exchange", "reason": "too_small",
		"lines": []map[string]any{{"item": 0, "quantity": 1, "newSize": "S"}}})
	expect(t, "an exchange", status, body, 201, nil)
	exchange := jsonValue(t, body, "data._id").(string)
	status, body = send(t, s.app, "GET", "/api/admin/returns/"+exchange+"/payout-details", s.admin, nil)
	expect(t, "an exchange's payout details", status, body, 404, map[string]any{"message": "Return request " + number + "-R2 has no payout details: only a cash-on-delivery return has them"})
	status, body = send(t, s.app, "GET", "/api/admin/returns/000000000000000000000000/payout-details", s.admin, nil)
	expect(t, "an unknown request", status, body, 404, map[string]any{"message": "Return request not found"})
}
