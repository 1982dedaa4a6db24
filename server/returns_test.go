package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"strings"
	"testing"

	"drape/internal/order"
)

// TestReturnPolicyOverHTTP: anyone reads the policy; an admin's bad change is 400 naming each
// field and leaves no audit entry; a good one is saved, shown in rupees, and audited with who
// and what; staff may read but not change it.
func TestReturnPolicyOverHTTP(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	status, body := send(t, s.app, "GET", "/api/returns/policy", "", nil)
	expect(t, "the public policy", status, body, 200, map[string]any{"data.returnWindowDays": 7, "data.exchangeWindowDays": 7,
		"data.returnFee": 0, "data.freeExchanges": true, "data.reasons.#": 6, "data.reasons.4.label": "Damaged or defective",
		"data.reasons.4.photoRequired": true, "data.notReturnableSubCategories.#": 0})

	entries := func() int { return countRows(t, s.d, `SELECT count(*) FROM audit_log`) }
	start := entries()
	status, body = send(t, s.app, "PUT", "/api/admin/returns/policy", s.admin, map[string]any{"returnWindowDays": 91,
		"exchangeWindowDays": -1, "returnFee": 1000.5, "reasons": []map[string]any{{"code": "small", "label": ""}, {"code": "small", "label": "Tiny"}}})
	expect(t, "a bad policy", status, body, 400, nil)
	var answer struct {
		Errors map[string]string `json:"errors"`
	}
	if err := json.Unmarshal(body, &answer); err != nil {
		t.Fatal(err)
	}
	for _, field := range []string{"returnWindowDays", "exchangeWindowDays", "returnFee", "reasons[0].label", "reasons[1].code"} {
		if answer.Errors[field] == "" {
			t.Errorf("the 400 does not name %s: %s", field, body)
		}
	}
	status, body = send(t, s.app, "PUT", "/api/admin/returns/policy", s.admin, map[string]any{"reasons": []any{}})
	expect(t, "no reasons", status, body, 400, map[string]any{"errors.reasons": "Offer at least one reason"})
	status, body = send(t, s.app, "PUT", "/api/admin/returns/policy", s.staff, map[string]any{"returnFee": 49})
	expect(t, "staff change it", status, body, 403, nil)
	if n := entries(); n != start {
		t.Fatalf("refused changes wrote %d audit entries", n-start)
	}

	status, body = send(t, s.app, "PUT", "/api/admin/returns/policy", s.admin, map[string]any{"returnFee": 49.5, "exchangeWindowDays": 10})
	expect(t, "a good policy", status, body, 200, map[string]any{"data.returnFee": 49.5, "data.exchangeWindowDays": 10, "data.returnWindowDays": 7})
	status, body = send(t, s.app, "GET", "/api/admin/returns/policy", s.staff, nil)
	expect(t, "staff read it", status, body, 200, map[string]any{"data.returnFee": 49.5})
	if n := entries(); n != start+1 {
		t.Fatalf("one change wrote %d audit entries", n-start)
	}
	status, body = send(t, s.app, "GET", "/api/admin/audit?entityType=returns", s.admin, nil)
	expect(t, "the policy's history", status, body, 200, map[string]any{"data.total": 1,
		"data.items.0.action": "PUT /api/admin/returns/policy", "data.items.0.actorRole": "admin", "data.items.0.after.returnFee": 49.5})
}

// TestAskForAnExchangeOverHTTP: the owner of a delivered order asks for an exchange and sees
// it in the order's requests, as staff do; a stranger gets 404; bad input is 400 naming the
// field; an order not yet delivered is 409.
func TestAskForAnExchangeOverHTTP(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	id, number := s.place(t, 2)
	path := "/api/orders/" + number + "/returns"
	exchange := map[string]any{"kind": "exchange", "reason": "too_small", "note": "One size down",
		"lines": []map[string]any{{"item": 0, "quantity": 1, "newSize": "S"}}}
	status, body := send(t, s.app, "POST", path, s.shopper, exchange)
	expect(t, "before delivery", status, body, 409, nil)
	for _, to := range []order.Status{order.Shipped, order.Delivered} {
		status, body := s.move(t, s.admin, id, to)
		expect(t, "move to "+string(to), status, body, 200, nil)
	}
	status, body = send(t, s.app, "POST", path, s.shopper, with(exchange, "kind", "swap"))
	expect(t, "an unknown kind", status, body, 400, map[string]any{"errors.kind": "Choose a return (return) or an exchange for another size (exchange)"})
	stranger, _ := shopper(t, s.app, "Kabir", "kabir@example.in")
	status, body = send(t, s.app, "POST", path, stranger, exchange)
	expect(t, "a stranger asks", status, body, 404, nil)

	before := stockOf(t, s.d, s.f.newestShirt.ID, "S")
	status, body = send(t, s.app, "POST", path, s.shopper, exchange)
	expect(t, "the exchange", status, body, 201, map[string]any{"data.returnId": number + "-R1", "data.orderId": number,
		"data.kind": "exchange", "data.status": "REQUESTED", "data.lines.0.size": "M", "data.lines.0.newSize": "S",
		"data.lines.0.held": 1, "data.steps.0.actor": "shopper", "data.steps.0.note": "One size down", "data.fee": 0})
	if after := stockOf(t, s.d, s.f.newestShirt.ID, "S"); after != before-1 {
		t.Fatalf("size S stock %d → %d: the exchange holds one", before, after)
	}

	status, body = send(t, s.app, "GET", path, s.shopper, nil)
	expect(t, "the owner's list", status, body, 200, map[string]any{"data.#": 1, "data.0.returnId": number + "-R1", "data.0.steps.#": 1})
	status, body = send(t, s.app, "GET", path, stranger, nil)
	expect(t, "a stranger's list", status, body, 404, nil)
	status, body = send(t, s.app, "GET", "/api/admin/orders/"+id+"/returns", s.staff, nil)
	expect(t, "staff's list", status, body, 200, map[string]any{"data.#": 1, "data.0.lines.0.newSize": "S"})
}

// TestReturnPhotoOverHTTP: a shopper uploads a photo of the damage (re-encoded, served under
// /uploads/returns/), and a "damaged" return needs one: without it 400, with it 201.
func TestReturnPhotoOverHTTP(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	id, number := s.place(t, 1)
	for _, to := range []order.Status{order.Shipped, order.Delivered} {
		status, body := s.move(t, s.admin, id, to)
		expect(t, "move to "+string(to), status, body, 200, nil)
	}
	var picture bytes.Buffer
	if err := png.Encode(&picture, testPicture(40, 30)); err != nil {
		t.Fatal(err)
	}
	headers, form := multipartBody(t, "file", "tear.png", "image/png", picture.Bytes())
	headers["Authorization"] = "Bearer " + s.shopper
	resp, body := call(t, s.app, "POST", "/api/returns/photos", headers, form)
	expect(t, "the photo", resp.StatusCode, body, 201, map[string]any{"data.width": 40, "data.height": 30})
	url := jsonValue(t, body, "data.url").(string)
	if !strings.HasPrefix(url, "/uploads/returns/") || strings.Contains(url, "tear") {
		t.Fatalf("stored at %s", url)
	}
	if resp, _ := call(t, s.app, "GET", url, nil, nil); resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("serving the photo: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	headers, form = multipartBody(t, "file", "notes.png", "image/png", []byte("not a picture at all"))
	headers["Authorization"] = "Bearer " + s.shopper
	resp, body = call(t, s.app, "POST", "/api/returns/photos", headers, form)
	expect(t, "a text file", resp.StatusCode, body, 400, nil)

	damaged := map[string]any{"kind": "return", "reason": "damaged", "lines": []map[string]any{{"item": 0, "quantity": 1}},
		"payout": map[string]any{"upi": "meera@okaxis"}}
	status, body := send(t, s.app, "POST", "/api/orders/"+number+"/returns", s.shopper, damaged)
	expect(t, "damage without a photo", status, body, 400, map[string]any{"errors.photos": `Add a photo: "Damaged or defective" needs one`})
	status, body = send(t, s.app, "POST", "/api/orders/"+number+"/returns", s.shopper, with(damaged, "photos", []string{url}))
	expect(t, "damage with the photo", status, body, 201, map[string]any{"data.photos.0": url, "data.reason.label": "Damaged or defective"})
}

// TestReturnQueueOverHTTP: staff find a shopper's exchange in the queue by status, kind and
// order number; a rejection needs a reason (400, nothing written), then rejects it with the
// reason in its steps, the held size back and one audit entry; a repeated rejection is 200
// and gives nothing back again; approving it afterwards is 409 with a message saying why.
func TestReturnQueueOverHTTP(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	id, number := s.place(t, 1)
	for _, to := range []order.Status{order.Shipped, order.Delivered} {
		status, body := s.move(t, s.admin, id, to)
		expect(t, "move to "+string(to), status, body, 200, nil)
	}
	start := stockOf(t, s.d, s.f.newestShirt.ID, "S")
	status, body := send(t, s.app, "POST", "/api/orders/"+number+"/returns", s.shopper, map[string]any{"kind": "exchange", "reason": "too_small",
		"lines": []map[string]any{{"item": 0, "quantity": 1, "newSize": "S"}}})
	expect(t, "the exchange", status, body, 201, nil)
	requestID := jsonValue(t, body, "data._id").(string)

	status, body = send(t, s.app, "GET", "/api/admin/returns?status=requested&kind=exchange&q="+strings.ToLower(number), s.staff, nil)
	expect(t, "the queue", status, body, 200, map[string]any{"data.total": 1, "data.page": 1, "data.items.0._id": requestID,
		"data.items.0.orderId": number, "data.items.0.customer.email": "meera@example.in", "data.items.0.lines.0.newSize": "S",
		"data.items.0.steps.0.status": "REQUESTED"})
	status, body = send(t, s.app, "GET", "/api/admin/returns?kind=return", s.staff, nil)
	expect(t, "no returns", status, body, 200, map[string]any{"data.total": 0, "data.items.#": 0})
	status, body = send(t, s.app, "GET", "/api/admin/returns?status=lost", s.staff, nil)
	expect(t, "an unknown status", status, body, 400, map[string]any{"errors.status": "Unknown return status"})

	audited := func() int {
		return countRows(t, s.d, `SELECT count(*) FROM audit_log WHERE entity_type = 'returns' AND entity_id = $1`, requestID)
	}
	path := "/api/admin/returns/" + requestID
	status, body = send(t, s.app, "POST", path+"/reject", s.staff, map[string]any{"reason": " "})
	expect(t, "no reason", status, body, 400, map[string]any{"errors.reason": "Say why the request is rejected: the shopper reads it"})
	if n := audited(); n != 0 {
		t.Fatalf("a refused rejection was audited %d times", n)
	}
	status, body = send(t, s.app, "POST", path+"/reject", s.staff, map[string]any{"reason": "Worn and washed"})
	expect(t, "the rejection", status, body, 200, map[string]any{"message": "Return request rejected", "data.status": "REJECTED",
		"data.steps.1.actor": "staff", "data.steps.1.note": "Worn and washed", "data.lines.0.held": 0})
	if after := stockOf(t, s.d, s.f.newestShirt.ID, "S"); after != start {
		t.Fatalf("size S stock %d after the rejection, want %d", after, start)
	}
	if n := audited(); n != 1 {
		t.Fatalf("the rejection was audited %d times", n)
	}
	status, body = send(t, s.app, "GET", "/api/admin/audit?entityType=returns&entityId="+requestID, s.admin, nil)
	expect(t, "the rejection's audit entry", status, body, 200, map[string]any{"data.items.0.action": "POST /api/admin/returns/:id/reject",
		"data.items.0.before.status": "REQUESTED", "data.items.0.after.status": "REJECTED", "data.items.0.actorRole": "staff"})
	status, body = send(t, s.app, "POST", path+"/reject", s.staff, map[string]any{"reason": "Again"})
	expect(t, "rejecting again", status, body, 200, map[string]any{"message": "Already rejected", "data.steps.#": 2})
	status, body = send(t, s.app, "POST", path+"/approve", s.staff, map[string]any{})
	expect(t, "approving a rejected request", status, body, 409, map[string]any{"message": "Return request " + number + "-R1 is rejected: it can no longer be approved"})
	if after := stockOf(t, s.d, s.f.newestShirt.ID, "S"); after != start {
		t.Fatalf("size S stock %d after more moves, want %d", after, start)
	}
	status, body = send(t, s.app, "GET", "/api/orders/"+number+"/returns", s.shopper, nil)
	expect(t, "the shopper sees it", status, body, 200, map[string]any{"data.0.status": "REJECTED", "data.0.steps.1.note": "Worn and washed"})
	status, body = send(t, s.app, "POST", "/api/admin/returns/000000000000000000000000/approve", s.staff, map[string]any{})
	expect(t, "an unknown request", status, body, 404, map[string]any{"message": "Return request not found"})
}
