package main

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"drape/internal/invoice/invoicetest"
	"drape/internal/order"
)

// TestInvoiceMailedWithItsPDF runs the real worker: an order handed to the courier is mailed
// to its shopper through SMTP to sim's mailbox, once, with its tax invoice attached as a PDF
// named after the invoice number, whose text holds that number and the order's total, and the
// mail's text names the invoice and the order.
func TestInvoiceMailedWithItsPDF(t *testing.T) {
	t.Parallel()
	d := newCourierDeployment(t, "off")
	startWorker(t, d.env)
	users, addresses := d.shoppers(t, 1, "invoiced")
	number := d.placeInProcess(t, users, addresses)[0]
	ctx := context.Background()
	placed, err := d.svc.orders.Get(ctx, users[0], number)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.svc.orders.Move(ctx, placed.ID, order.Shipped, "staff:1", "", order.RequestRefunds); err != nil {
		t.Fatal(err)
	}
	shipped, err := d.svc.orders.Get(ctx, users[0], number)
	if err != nil || shipped.Invoice.Invoice == nil {
		t.Fatalf("no invoice after hand-over: %v", err)
	}
	inv := shipped.Invoice.Invoice

	type summary struct {
		ID, Subject, Text string
	}
	var found []summary
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		var box struct{ Messages []summary }
		getJSON(t, "http://"+d.sim+"/mail/api/messages?to=invoiced0@example.in", &box)
		found = found[:0]
		for _, m := range box.Messages {
			if strings.Contains(m.Subject, "tax invoice") {
				found = append(found, m)
			}
		}
		if len(found) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no invoice mail reached the SMTP sink; the mailbox: %+v", box.Messages)
		}
	}
	m := found[0]
	if len(found) != 1 || m.Subject != "Your drape tax invoice "+inv.Number+" for order "+number ||
		!strings.Contains(m.Text, "Its GST tax invoice "+inv.Number) {
		t.Fatalf("invoice mails: %+v", found)
	}
	var full struct{ Raw string }
	getJSON(t, "http://"+d.sim+"/mail/api/messages/"+m.ID, &full)
	files := invoicetest.Attachments(t, full.Raw)
	name := strings.ReplaceAll(inv.Number, "/", "-") + ".pdf"
	pdf, ok := files[name]
	if !ok || pdf.ContentType != "application/pdf" {
		t.Fatalf("the mail's attachments %v lack %s as application/pdf", keys(files), name)
	}
	text := strings.Join(strings.Fields(invoicetest.Text(t, pdf.Data)), " ")
	for _, want := range []string{"Invoice number " + inv.Number, "Invoice total " + placed.Amount.String()} {
		if !strings.Contains(text, want) {
			t.Errorf("the attached PDF's text lacks %q:\n%s", want, text)
		}
	}
}

func getJSON(t testing.TB, url string, into any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(into); err != nil {
		t.Fatalf("%s: %v", url, err)
	}
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
