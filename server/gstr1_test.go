package main

import (
	"archive/zip"
	"bytes"
	"strings"
	"testing"
	"time"

	"drape/internal/gst"
	"drape/internal/order"
)

// TestCreditNoteAndGSTR1OnTheWire: an invoiced Mumbai order that comes back to origin carries
// one credit note under its invoice (number JF/CN/…, the reason, the whole invoice's total in
// rupees); the admin's GSTR-1 export of the month gives its b2cs section as a CSV download in
// the offline tool's columns (the order credited in full leaves no row) and, without a
// section, a zip of the eight sections; a bad month or section is a 400 naming the field.
func TestCreditNoteAndGSTR1OnTheWire(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	status, body := send(t, s.app, "POST", "/api/addAddress", s.shopper, with(with(with(homeAddress(), "state", "Maharashtra"),
		"city", "Mumbai"), "pincode", "400001"))
	expect(t, "a Mumbai address", status, body, 200, nil)
	mumbai := jsonValue(t, body, "data._id").(string)
	send(t, s.app, "POST", "/api/addToCart", s.shopper, map[string]any{"productId": s.f.newestShirt.ID, "size": "M", "quantity": 1})
	status, body = send(t, s.app, "POST", "/api/createOrder", s.shopper, map[string]any{"paymentMode": "cod", "address": mumbai})
	expect(t, "place", status, body, 201, nil)
	id, number := jsonValue(t, body, "data._id").(string), jsonValue(t, body, "data.orderId").(string)
	amount := jsonValue(t, body, "data.amount").(float64)
	for _, to := range []order.Status{order.Shipped, order.RTOInitiated, order.RTODelivered} {
		status, body = s.move(t, s.admin, id, to)
		expect(t, string(to), status, body, 200, nil)
	}
	status, body = send(t, s.app, "GET", "/api/orders/"+number, s.shopper, nil)
	expect(t, "the order record", status, body, 200, map[string]any{"data.invoice.creditNotes.#": 1,
		"data.invoice.creditNotes.0.reason": "Shipment returned to origin (RTO)", "data.invoice.creditNotes.0.totals.total": amount,
		"data.invoice.creditNotes.0.lines.0.quantity": 1, "data.invoice.creditNotes.0.totals.cgst": 0})
	if note := jsonValue(t, body, "data.invoice.creditNotes.0.number").(string); !strings.HasPrefix(note, "JF/CN/") || len(note) > 16 {
		t.Fatalf("credit note number %q", note)
	}
	status, body = send(t, s.app, "GET", "/api/admin/orders/"+id, s.staff, nil)
	expect(t, "the admin view", status, body, 200, map[string]any{"data.order.invoice.creditNotes.#": 1})

	month := time.Now().In(gst.IST).Format("2006-01")
	status, body = send(t, s.app, "GET", "/api/admin/gstr1?month=2026-13", s.admin, nil)
	expect(t, "a bad month", status, body, 400, map[string]any{"errors.month": "month must be a month like 2026-11"})
	status, body = send(t, s.app, "GET", "/api/admin/gstr1?month="+month+"&section=gstr3b", s.admin, nil)
	expect(t, "an unknown section", status, body, 400, nil)
	if jsonValue(t, body, "errors.section") == nil {
		t.Fatalf("no error for section: %s", body)
	}
	auth := map[string]string{"Authorization": "Bearer " + s.admin}
	resp, csv := call(t, s.app, "GET", "/api/admin/gstr1?month="+month+"&section=b2cs", auth, nil)
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/csv") ||
		!strings.Contains(resp.Header.Get("Content-Disposition"), "gstr1-"+month+"-b2cs.csv") ||
		string(csv) != "Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN\n" {
		t.Fatalf("b2cs: %d %v\n%s", resp.StatusCode, resp.Header, csv)
	}
	resp, raw := call(t, s.app, "GET", "/api/admin/gstr1?month="+month, auth, nil)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/zip" {
		t.Fatalf("zip: %d %v", resp.StatusCode, resp.Header)
	}
	z, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range z.File {
		names = append(names, f.Name)
	}
	if len(names) != 8 || names[0] != "gstr1-"+month+"-b2b.csv" || names[7] != "gstr1-"+month+"-docs.csv" {
		t.Fatalf("the zip holds %v", names)
	}
}
