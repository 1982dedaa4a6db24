package main

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"drape/internal/invoice/invoicetest"
	"drape/internal/order"
)

// TestInvoicePDFDownload: GET /api/orders/{orderId}/invoice.pdf answers 404 before the order
// is handed to the courier (the shopper's list says invoice: null); then the list carries the
// invoice, and its shopper (by order number) and staff (by id or number)
// download the same PDF, named after the invoice number, whose text holds the invoice's number,
// the supplier's GSTIN, the HSN code, the tax split and the total; another shopper and an
// unknown order get the same 404 as an order without an invoice.
func TestInvoicePDFDownload(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	id, number := s.place(t, 1)
	download := func(token, ref string) (int, string, string, []byte) {
		t.Helper()
		headers := map[string]string{}
		if token != "" {
			headers["Authorization"] = "Bearer " + token
		}
		resp, body := call(t, s.app, "GET", "/api/orders/"+ref+"/invoice.pdf", headers, nil)
		return resp.StatusCode, resp.Header.Get("Content-Type"), resp.Header.Get("Content-Disposition"), body
	}
	if status, _, _, body := download(s.shopper, number); status != 404 || !strings.Contains(string(body), "Invoice not found") {
		t.Fatalf("before hand-over: %d %s", status, body)
	}
	if status, _, _, body := download(s.staff, id); status != 404 {
		t.Fatalf("staff before hand-over: %d %s", status, body)
	}

	status, body := send(t, s.app, "GET", "/api/getallorder", s.shopper, nil)
	expect(t, "the shopper's list before hand-over", status, body, 200, map[string]any{"data.items.0.invoice": nil})
	status, body = s.move(t, s.admin, id, order.Shipped)
	expect(t, "shipped", status, body, 200, nil)
	status, body = send(t, s.app, "GET", "/api/orders/"+number, s.shopper, nil)
	expect(t, "the order", status, body, 200, nil)
	invoiceNumber := jsonValue(t, body, "data.invoice.number").(string)
	hsn := jsonValue(t, body, "data.invoice.lines.0.hsn").(string)
	cgst := jsonValue(t, body, "data.invoice.totals.cgst").(float64)
	status, body = send(t, s.app, "GET", "/api/getallorder", s.shopper, nil)
	expect(t, "the shopper's list offers the invoice", status, body, 200, map[string]any{"data.items.0.invoice.number": invoiceNumber})

	status, contentType, disposition, doc := download(s.shopper, number)
	wantName := `attachment; filename="` + strings.ReplaceAll(invoiceNumber, "/", "-") + `.pdf"`
	if status != 200 || contentType != "application/pdf" || disposition != wantName {
		t.Fatalf("the shopper's download: %d %q %q, want 200 application/pdf %q", status, contentType, disposition, wantName)
	}
	text := strings.Join(strings.Fields(invoicetest.Text(t, doc)), " ")
	for _, want := range []string{"Invoice number " + invoiceNumber, "GSTIN 08AAACJ4321K1ZO", hsn, "CGST", "SGST",
		"Place of supply Rajasthan (08)", "Authorised signatory"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF's text lacks %q:\n%s", want, text)
		}
	}
	if cgst <= 0 || strings.Contains(text, "IGST") {
		t.Errorf("a Rajasthan delivery is CGST+SGST (CGST %v): %s", cgst, text)
	}
	for _, ref := range []string{id, number} {
		if status, _, _, again := download(s.staff, ref); status != 200 || string(again) != string(doc) {
			t.Errorf("staff by %s: %d, the same PDF: %v", ref, status, string(again) == string(doc))
		}
	}

	other, _ := shopper(t, s.app, "Kabir", "kabir@example.in")
	for _, c := range []struct{ who, token, ref string }{{"another shopper", other, number}, {"the shopper by the order's id", s.shopper, id},
		{"an unknown order", s.shopper, "DRP0NOSUCHORDER"}, {"staff, an unknown order", s.staff, "DRP0NOSUCHORDER"}} {
		if status, _, _, body := download(c.token, c.ref); status != 404 || !strings.Contains(string(body), "Invoice not found") {
			t.Errorf("%s: %d %.200s", c.who, status, body)
		}
	}
	if status, _, _, _ := download("", number); status != 401 {
		t.Errorf("without a token: %d", status)
	}
}

// TestCreditNotePDFDownload: an invoiced order that comes back to origin lists its credit note
// (number, date, total) under its invoice in the shopper's order list, and
// GET /api/orders/{orderId}/creditnotes/{file} gives its shopper (by number) and staff (by id
// or number) the note as a PDF named after its number, whose text says it is a credit note,
// names it and the invoice it credits with the invoice's date, the reason, the GSTIN, the HSN
// code and the total credited; another shopper, a note the order does not have and an order
// without notes get the same 404.
func TestCreditNotePDFDownload(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	id, number := s.place(t, 2)
	download := func(token, ref, file string) (int, string, []byte) {
		t.Helper()
		resp, body := call(t, s.app, "GET", "/api/orders/"+ref+"/creditnotes/"+file, map[string]string{"Authorization": "Bearer " + token}, nil)
		return resp.StatusCode, resp.Header.Get("Content-Disposition"), body
	}
	status, body := s.move(t, s.admin, id, order.Shipped)
	expect(t, "shipped", status, body, 200, nil)
	status, body = send(t, s.app, "GET", "/api/orders/"+number, s.shopper, nil)
	expect(t, "the order", status, body, 200, map[string]any{"data.invoice.creditNotes.#": 0})
	invoiceNumber := jsonValue(t, body, "data.invoice.number").(string)
	invoiceDate := jsonValue(t, body, "data.invoice.date").(string)
	hsn := jsonValue(t, body, "data.invoice.lines.0.hsn").(string)
	if status, _, body := download(s.shopper, number, "JF-CN-26-27-0001.pdf"); status != 404 || !strings.Contains(string(body), "Credit note not found") {
		t.Fatalf("before any note: %d %s", status, body)
	}
	for _, to := range []order.Status{order.RTOInitiated, order.RTODelivered} {
		status, body = s.move(t, s.admin, id, to)
		expect(t, string(to), status, body, 200, nil)
	}
	status, body = send(t, s.app, "GET", "/api/getallorder", s.shopper, nil)
	expect(t, "the shopper's list", status, body, 200, map[string]any{"data.items.0.invoice.creditNotes.#": 1})
	note := jsonValue(t, body, "data.items.0.invoice.creditNotes.0.number").(string)
	total := jsonValue(t, body, "data.items.0.invoice.creditNotes.0.totals.total").(float64)
	if jsonValue(t, body, "data.items.0.invoice.creditNotes.0.date") == nil || total <= 0 {
		t.Fatalf("the listed note: %s", body)
	}
	file := strings.ReplaceAll(note, "/", "-") + ".pdf"

	status, disposition, doc := download(s.shopper, number, file)
	if status != 200 || disposition != `attachment; filename="`+file+`"` {
		t.Fatalf("the shopper's download: %d %q %.200s", status, disposition, doc)
	}
	text := strings.Join(strings.Fields(invoicetest.Text(t, doc)), " ")
	day, _ := time.Parse("2006-01-02", invoiceDate)
	for _, want := range []string{"CREDIT NOTE", "Credit note number " + note, "Against invoice " + invoiceNumber,
		"Invoice date " + day.Format("2 January 2006"), "Reason Shipment returned to origin (RTO)", "GSTIN 08AAACJ4321K1ZO", hsn,
		"Authorised signatory"} {
		if !strings.Contains(text, want) {
			t.Errorf("the note's text lacks %q:\n%s", want, text)
		}
	}
	_, credited, _ := strings.Cut(text, "Total credited ₹")
	if figure, _, _ := strings.Cut(credited, " "); strings.ReplaceAll(figure, ",", "") != strconv.FormatFloat(total, 'f', 2, 64) {
		t.Errorf("the note credits ₹%s, the order record %.2f", figure, total)
	}
	for _, ref := range []string{id, number} {
		if status, _, again := download(s.staff, ref, file); status != 200 || string(again) != string(doc) {
			t.Errorf("staff by %s: %d, the same PDF: %v", ref, status, string(again) == string(doc))
		}
	}
	other, _ := shopper(t, s.app, "Kabir", "kabir@example.in")
	_, fresh := s.place(t, 1)
	for _, c := range []struct{ who, token, ref, file string }{{"another shopper", other, number, file},
		{"another note", s.shopper, number, "JF-CN-26-27-0002.pdf"}, {"the invoice's name", s.shopper, number, strings.ReplaceAll(invoiceNumber, "/", "-") + ".pdf"},
		{"an order without notes", s.shopper, fresh, file}, {"staff, an unknown order", s.staff, "DRP0NOSUCHORDER", file}} {
		if status, _, body := download(c.token, c.ref, c.file); status != 404 || !strings.Contains(string(body), "Credit note not found") {
			t.Errorf("%s: %d %.200s", c.who, status, body)
		}
	}
}
