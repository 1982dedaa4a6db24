package main

import (
	"strings"
	"testing"
)

// TestAuditLog: every successful back-office change is one entry with who, what, the entity
// before and after; refused or failed changes leave none; secrets never reach the log; only
// admins read it, with filters.
func TestAuditLog(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	entries := func() int { return countRows(t, s.d, `SELECT count(*) FROM audit_log`) }
	start := entries()

	coupon := map[string]any{"name": "AUDIT10", "description": "Audited", "discount": 10, "usageLimit": 5}
	status, body := send(t, s.app, "POST", "/api/admin/coupons", s.staff, coupon)
	expect(t, "staff create", status, body, 403, nil)
	status, body = send(t, s.app, "POST", "/api/admin/coupons", s.admin, with(coupon, "discount", 0))
	expect(t, "bad create", status, body, 400, nil)
	if n := entries(); n != start {
		t.Fatalf("refused changes wrote %d audit entries", n-start)
	}

	status, body = send(t, s.app, "POST", "/api/admin/coupons", s.admin, coupon)
	expect(t, "create", status, body, 201, nil)
	id := jsonValue(t, body, "data._id").(string)
	status, body = send(t, s.app, "PUT", "/api/admin/coupons/"+id, s.admin, with(coupon, "discount", 15))
	expect(t, "update", status, body, 200, nil)
	status, body = send(t, s.app, "POST", "/api/admin/addcompany", s.admin, map[string]any{"companyName": "Audit Tailors",
		"razorpayKeySecret": "rzp-secret-must-not-be-logged", "shiprocketPassword": "ship-secret-must-not-be-logged"})
	expect(t, "company", status, body, 200, nil)
	if n := entries(); n != start+3 {
		t.Fatalf("3 changes wrote %d audit entries", n-start)
	}

	status, body = send(t, s.app, "GET", "/api/admin/audit?entityType=coupon&entityId="+id, s.admin, nil)
	expect(t, "the coupon's history", status, body, 200, map[string]any{"data.total": 2, "data.items.#": 2,
		"data.items.0.action": "PUT /api/admin/coupons/:id", "data.items.0.entityType": "coupon", "data.items.0.entityId": id,
		"data.items.0.before.discount": 10, "data.items.0.after.discount": 15, "data.items.0.actorRole": "admin",
		"data.items.1.action": "POST /api/admin/coupons", "data.items.1.before": nil, "data.items.1.after.code": "AUDIT10"})
	if email := jsonValue(t, body, "data.items.0.actorEmail"); email == "" {
		t.Fatal("the entry does not say who made the change")
	}
	status, body = send(t, s.app, "GET", "/api/admin/audit?entityType=company", s.admin, nil)
	expect(t, "the company's history", status, body, 200, map[string]any{"data.total": 1, "data.items.0.after.companyName": "Audit Tailors"})
	// A second change records what the company was before it (its GST settings too).
	status, body = send(t, s.app, "POST", "/api/admin/addcompany", s.admin, map[string]any{"companyName": "Audit Tailors",
		"state": "Rajasthan", "gstRegistered": true, "gstin": "08AABCD1234E1Z8", "legalName": "Audit Tailors LLP", "invoicePrefix": "AT"})
	expect(t, "company GST settings", status, body, 200, nil)
	status, body = send(t, s.app, "GET", "/api/admin/audit?entityType=company", s.admin, nil)
	expect(t, "the company's history", status, body, 200, map[string]any{"data.total": 2, "data.items.0.entityId": "company",
		"data.items.0.before.companyName": "Audit Tailors", "data.items.0.before.gstin": "08AAACJ4321K1ZO", "data.items.0.after.gstin": "08AABCD1234E1Z8"})
	var leaked int
	if err := s.d.pool.QueryRow(t.Context(), `SELECT count(*) FROM audit_log WHERE before::text LIKE '%must-not-be-logged%' OR after::text LIKE '%must-not-be-logged%'`).Scan(&leaked); err != nil {
		t.Fatal(err)
	}
	if leaked != 0 || strings.Contains(string(body), "must-not-be-logged") {
		t.Fatal("a secret reached the audit log")
	}

	status, body = send(t, s.app, "GET", "/api/admin/audit?action=put&page=1", s.admin, nil)
	expect(t, "by action", status, body, 200, map[string]any{"data.total": 1})
	status, body = send(t, s.app, "GET", "/api/admin/audit?startDate=2026-13-01", s.admin, nil)
	expect(t, "a bad date", status, body, 400, map[string]any{"errors.startDate": "startDate must be a date like 2026-11-23"})
	status, body = send(t, s.app, "GET", "/api/admin/audit?startDate=2001-01-01&endDate=2001-01-31", s.admin, nil)
	expect(t, "a range without changes", status, body, 200, map[string]any{"data.total": 0, "data.items.#": 0})
	status, body = send(t, s.app, "GET", "/api/admin/audit", s.staff, nil)
	expect(t, "staff", status, body, 403, nil)
	status, body = send(t, s.app, "GET", "/api/admin/audit", s.shopper, nil)
	expect(t, "a shopper", status, body, 401, nil)
}

func TestAuditEntityFromPath(t *testing.T) {
	t.Parallel()
	for path, want := range map[string][2]string{
		"/api/admin/products/0123456789abcdef01234567/stock": {"product", "0123456789abcdef01234567"},
		"/api/admin/products/status":                         {"product", ""},
		"/api/admin/cms/terms":                               {"cms page", "terms"},
		"/api/admin/addcompany":                              {"company", ""},
		"/api/admin/login":                                   {"", ""},
		"/api/orderStatus":                                   {"order", ""},
		"/api/admin/somethingnew/0123456789abcdef01234567":   {"somethingnew", "0123456789abcdef01234567"},
		"/api/cart": {"", ""},
	} {
		if kind, id := auditEntity(path); kind != want[0] || id != want[1] {
			t.Errorf("auditEntity(%q) = %q, %q; want %q, %q", path, kind, id, want[0], want[1])
		}
	}
}
