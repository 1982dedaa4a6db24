package main

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"drape/internal/demo"
)

// simWhatsApp is one message sim's WhatsApp or MSG91 accepted, with its buttons.
type simWhatsApp struct {
	ID, Provider, To, Template, Text string
	Buttons                          []struct{ Text, Payload string }
}

// simMessagesTo is what sim's messaging providers accepted for to, newest first.
func simMessagesTo(t testing.TB, sim, to string) []simWhatsApp {
	t.Helper()
	resp, err := http.Get("http://" + sim + "/messages/api/messages?to=" + to)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var l struct{ Messages []simWhatsApp }
	if err := json.NewDecoder(resp.Body).Decode(&l); err != nil {
		t.Fatal(err)
	}
	return l.Messages
}

// TestCODOrderConfirmedOnWhatsAppToDeliveredAfterAnNDR runs the whole cash-on-delivery chain
// on the real programs: the shop asks for a confirmation, and the shopper taps Confirm on the
// WhatsApp message at sim, which delivers the signed reply twice (as Meta retries); the order is
// pushed to sim's Shiprocket once; the courier fails a delivery attempt; the shopper answers
// "re-attempt" through the link in the WhatsApp message; the answer reaches sim's NDR API once
// and the courier delivers. Every WhatsApp message and every mail of the chain is sent once,
// and the WhatsApp messages' status callbacks are recorded on them.
func TestCODOrderConfirmedOnWhatsAppToDeliveredAfterAnNDR(t *testing.T) {
	t.Parallel()                      // real processes mostly waiting on timers: they overlap well
	d := newCourierDeployment(t, "0") // the courier moves when the test says (its tick control)
	d.env = append(d.env, messagingEnv(d.sim)...)
	d.env = append(d.env, "WHATSAPP_APP_SECRET=drape-sim-whatsapp-app-secret")
	if err := demo.ConfirmCODOrders(context.Background(), d.svc.company); err != nil {
		t.Fatal(err)
	}
	began := time.Now()
	base := d.startServerOn(t, d.port)
	startWorker(t, d.env)
	const phone = "919829012345" // homeAddress's
	token, addressID := signUpOver(t, base, "chain@example.in")
	apiCall(t, base, "POST", "/api/addToCart", token, map[string]any{"productId": d.product.ID, "size": "M", "quantity": 1}, 200)
	placed := apiCall(t, base, "POST", "/api/createOrder", token, map[string]any{"paymentMode": "cod", "address": addressID}, 201)
	number := placed["data"].(map[string]any)["orderId"].(string)
	status := func() string {
		t.Helper()
		var s string
		if err := d.pool.QueryRow(context.Background(), `SELECT order_status FROM orders WHERE order_number = $1`, number).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	message := func(template string) simWhatsApp {
		t.Helper()
		var found simWhatsApp
		waitUntil(t, 20*time.Second, "the "+template+" WhatsApp message at sim", func() bool {
			for _, m := range simMessagesTo(t, d.sim, phone) {
				if m.Template == template {
					found = m
					return true
				}
			}
			return false
		})
		return found
	}

	ask := message("cod_confirm")
	if orders, _ := d.courierCounts(t); orders != 0 || status() != "PENDING" {
		t.Fatalf("before the shopper's reply: %d orders at the courier, order %s", orders, status())
	}
	reply := apiCall(t, "http://"+d.sim, "POST", "/messages/api/messages/"+ask.ID+"/reply", "", map[string]any{"button": "Confirm", "times": 2}, 200)
	if got, _ := json.Marshal(reply["deliveries"]); string(got) != "[200,200]" {
		t.Fatalf("the shop answered the reply's deliveries %s, want 200 twice", got)
	}
	waitUntil(t, 20*time.Second, "the confirmed order at the courier", func() bool { orders, _ := d.courierCounts(t); return orders == 1 })

	for range 4 { // PICKUP SCHEDULED, SHIPPED, IN TRANSIT, OUT FOR DELIVERY, each heard by the shop's webhook
		apiCall(t, "http://"+d.sim, "POST", "/shiprocket/control/advance", "", map[string]any{"order_id": number}, 200)
	}
	waitUntil(t, 20*time.Second, "the order out for delivery", func() bool { return status() == "OUT_FOR_DELIVERY" })
	apiCall(t, "http://"+d.sim, "POST", "/shiprocket/control/ndr", "", map[string]any{"order_id": number, "reason": "Consignee not available"}, 200)
	failed := message("delivery_failed")
	link := regexp.MustCompile(`/delivery-issue/([A-Za-z0-9_.-]+)`).FindStringSubmatch(failed.Text)
	if link == nil {
		t.Fatalf("the failed delivery message has no link: %q", failed.Text)
	}
	choices := apiCall(t, base, "GET", "/api/delivery-issue/"+link[1], "", nil, 200)["data"].(map[string]any)
	date := choices["dates"].([]any)[0].(string)
	d.control(t, map[string]any{"step": "200ms"}) // the courier goes out again on its own once told
	apiCall(t, base, "POST", "/api/delivery-issue/"+link[1], "", map[string]any{"action": "reattempt", "date": date}, 200)
	waitUntil(t, 20*time.Second, "the order delivered after the re-attempt", func() bool { return status() == "DELIVERED" })

	var awb string
	if err := d.pool.QueryRow(context.Background(), `SELECT awb FROM orders WHERE order_number = $1`, number).Scan(&awb); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(20 * time.Second); d.count(t, `SELECT count(*) FROM messages WHERE status = 'sent'`) != 6 ||
		d.count(t, `SELECT count(*) FROM mails WHERE sent_at IS NOT NULL`) != 6; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("not every message and mail of the chain was sent: messages %s, mails %s",
				d.rows(t, `SELECT kind || ' ' || status FROM messages ORDER BY created_at`), d.rows(t, `SELECT kind || ' ' || (sent_at IS NOT NULL) FROM mails ORDER BY created_at`))
		}
	}
	t.Logf("the chain from placing the order to its last message sent took %v", time.Since(began))
	time.Sleep(time.Second) // a second send of anything, were one queued, would land in this time

	per := map[string]int{}
	for _, m := range simMessagesTo(t, d.sim, phone) {
		per[m.Provider+" "+m.Template]++
	}
	want := map[string]int{"whatsapp cod_confirm": 1, "whatsapp order_placed": 1, "whatsapp order_shipped": 1,
		"whatsapp order_out_for_delivery": 1, "whatsapp delivery_failed": 1, "whatsapp order_delivered": 1}
	if got, _ := json.Marshal(per); string(got) != mustJSON(want) {
		t.Fatalf("sim's WhatsApp got %s, want each message once: %s", got, mustJSON(want))
	}
	mails := map[string]int{}
	rows, err := d.pool.Query(context.Background(), `SELECT kind, count(*) FROM mails GROUP BY kind`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var kind string
		var n int
		rows.Scan(&kind, &n)
		mails[kind] = n
	}
	if got := mustJSON(mails); got != mustJSON(map[string]int{"cod_confirm": 1, "order_confirmation": 1,
		"order_shipped": 1, "tax_invoice": 1, "ndr": 1, "order_delivered": 1}) {
		t.Fatalf("mails %s, want each once", got)
	}
	if n := mailboxCount(t, d.sim); n != 6 {
		t.Fatalf("sim's mailbox holds %d mails, want 6", n)
	}
	orders, duplicates := d.courierCounts(t)
	ndr := apiCall(t, "http://"+d.sim, "GET", "/shiprocket/control/ndr", "", nil, 200)
	actions, _ := ndr["actions"].(map[string]any)
	if orders != 1 || duplicates != 0 || actions[awb] != 1.0 || len(actions) != 1 {
		t.Fatalf("the courier has %d orders (%d duplicate creates) and NDR actions %v, want 1, 0 and one re-attempt for %s", orders, duplicates, actions, awb)
	}
	o := apiCall(t, base, "GET", "/api/orders/"+number, token, nil, 200)["data"].(map[string]any)
	if c := o["codConfirmation"].(map[string]any); c["state"] != "confirmed" || c["by"] != "shopper" || c["note"] != "Confirmed by replying on WhatsApp" {
		t.Fatalf("the order's confirmation: %v", c)
	}
	waitUntil(t, 10*time.Second, "the WhatsApp messages' status callbacks recorded", func() bool {
		return d.count(t, `SELECT count(*) FROM messages WHERE channel = 'whatsapp' AND delivery_status = 'delivered'`) == 6
	})
}

// mustJSON is v as JSON (maps with their keys sorted).
func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// rows is the text column query answers, in order.
func (d *courierDeployment) rows(t testing.TB, query string, args ...any) []string {
	t.Helper()
	rows, err := d.pool.Query(context.Background(), query, args...)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return out
}
