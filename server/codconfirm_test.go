package main

import (
	"context"
	"regexp"
	"testing"

	"drape/jobs"
)

// TestCODConfirmationOverHTTP: an admin turns the COD confirmation on (audited; a field left
// out keeps its value, bad hours are refused); a COD order then waits, shown on the board's
// "Awaiting confirmation" filter and refused a move to SHIPPED; staff confirm it after a call
// with a note (400 without one), which the audit log keeps; the shopper's link then answers
// "already confirmed"; a forged link is 404.
func TestCODConfirmationOverHTTP(t *testing.T) {
	s := newFulfilmentShop(t)
	audits := func() int { return countRows(t, s.d, `SELECT count(*) FROM audit_log`) }

	status, body := send(t, s.app, "PUT", "/api/admin/delivery-settings", s.admin, map[string]any{"codConfirm": true, "codConfirmHours": 0})
	expect(t, "hours 0", status, body, 400, map[string]any{"errors.codConfirmHours": "Unconfirmed COD orders must be cancelled after 1 to 168 hours"})
	before := audits()
	status, body = send(t, s.app, "PUT", "/api/admin/delivery-settings", s.admin, map[string]any{"codConfirm": true, "codConfirmHours": 12})
	expect(t, "turned on", status, body, 200, map[string]any{"data.codConfirm": true, "data.codConfirmHours": float64(12), "data.codRtoLimit": float64(0)})
	if audits() != before+1 {
		t.Fatalf("turning the confirmation on wrote %d audit entries, want 1", audits()-before)
	}

	id, number := s.place(t, 1)
	status, body = send(t, s.app, "GET", "/api/orders/"+number, s.shopper, nil)
	expect(t, "the shopper's order", status, body, 200, map[string]any{"data.orderStatus": "PENDING", "data.codConfirmation.state": "awaiting"})
	status, body = send(t, s.app, "GET", "/api/admin/getalloder?push=confirm", s.staff, nil)
	expect(t, "awaiting filter", status, body, 200, map[string]any{"data.items.#": 1, "data.items.0._id": id})
	status, body = send(t, s.app, "GET", "/api/admin/getalloder?push=waiting", s.staff, nil)
	expect(t, "not waiting for a push", status, body, 200, map[string]any{"data.items.#": 0})
	status, body = s.move(t, s.staff, id, "SHIPPED")
	expect(t, "shipping it unconfirmed", status, body, 409, nil)

	status, body = send(t, s.app, "POST", "/api/admin/orders/"+id+"/cod-confirmation", s.staff, map[string]any{"note": " "})
	expect(t, "no note", status, body, 400, map[string]any{"errors.note": "Say how the shopper confirmed (for example: called, confirmed the address)"})
	before = audits()
	status, body = send(t, s.app, "POST", "/api/admin/orders/"+id+"/cod-confirmation", s.staff, map[string]any{"note": "Called, confirmed"})
	expect(t, "staff confirm", status, body, 200, map[string]any{"message": "Order " + number + " is confirmed: it will be on its way soon",
		"data.codConfirmation.state": "confirmed", "data.codConfirmation.by": "staff", "data.codConfirmation.note": "Called, confirmed"})
	if audits() != before+1 {
		t.Fatalf("the staff confirmation wrote %d audit entries, want 1", audits()-before)
	}
	status, body = send(t, s.app, "GET", "/api/admin/audit?entityType=order", s.admin, nil)
	expect(t, "audit", status, body, 200, nil)
	if !regexp.MustCompile(`cod-confirmation`).Match(body) {
		t.Fatalf("the audit log does not show the confirmation: %.600s", body)
	}

	var text string
	if err := s.d.pool.QueryRow(context.Background(), `SELECT text_body FROM mails WHERE kind = 'cod_confirm' AND ref = $1`, id).Scan(&text); err != nil {
		t.Fatal(err)
	}
	token := regexp.MustCompile(`/confirm-order/([A-Za-z0-9_-]+)`).FindStringSubmatch(text)[1]
	status, body = send(t, s.app, "POST", "/api/cod-confirmations/"+token+"/confirm", "", nil)
	expect(t, "the link after staff", status, body, 200, map[string]any{"message": "Order " + number + " is already confirmed: it will be on its way soon"})
	status, body = send(t, s.app, "GET", "/api/cod-confirmations/"+token+"x", "", nil)
	expect(t, "a forged link", status, body, 404, map[string]any{"message": "This confirmation link is not valid. Please check the link in your mail."})
	if n := countRows(t, s.d, `SELECT count(*) FROM outbox WHERE kind = 'task' AND name = '`+jobs.TypePushShipment+`' AND payload::text LIKE '%`+id+`%'`); n != 1 {
		t.Fatalf("%d push jobs, want 1", n)
	}
}
