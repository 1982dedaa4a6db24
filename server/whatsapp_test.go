package main

import (
	"context"
	"encoding/json"
	"regexp"
	"strconv"
	"testing"
	"time"

	"drape/internal/provider/whatsapp"
	"drape/jobs"
)

const testWhatsAppSecret = "whatsapp-app-secret-for-tests"

// whatsAppDelivery is a webhook body as Meta sends it, with one change carrying value.
func whatsAppDelivery(value map[string]any) []byte {
	value["messaging_product"] = "whatsapp"
	value["metadata"] = map[string]string{"display_phone_number": "919000000000", "phone_number_id": "109876543210987"}
	body, _ := json.Marshal(map[string]any{"object": "whatsapp_business_account", "entry": []any{map[string]any{
		"id": "102290129340398", "changes": []any{map[string]any{"field": "messages", "value": value}}}}})
	return body
}

// whatsAppButton is the delivery of a tap on a quick-reply button with payload, from phone.
func whatsAppButton(phone, replyID, payload, label string) []byte {
	return whatsAppDelivery(map[string]any{"messages": []any{map[string]any{"from": phone, "id": replyID,
		"timestamp": strconv.FormatInt(time.Now().Unix(), 10), "type": "button", "context": map[string]string{"id": "wamid.asked"},
		"button": map[string]string{"payload": payload, "text": label}}}})
}

// TestWhatsAppReplyConfirmsTheOrderOnce: the COD confirmation's WhatsApp message carries
// Confirm and Cancel buttons naming the order by its link's token. The shopper's Confirm,
// delivered twice by Meta, confirms the order once (one push); Cancel on another order
// cancels it and returns its stock once. A delivery with a bad signature, a typed "CONFIRM"
// from the shopper's number (a phone number alone names no order) and a forged payload change
// nothing. Status callbacks are kept on the message, a late one never moving it back. Meta's
// subscription handshake is answered only with our verify token.
func TestWhatsAppReplyConfirmsTheOrderOnce(t *testing.T) {
	s := newFulfilmentShopWith(t, map[string]string{"WHATSAPP_APP_SECRET": testWhatsAppSecret, "WHATSAPP_VERIFY_TOKEN": "drape-verify"})
	ctx := context.Background()
	status, body := send(t, s.app, "PUT", "/api/admin/delivery-settings", s.admin, map[string]any{"codConfirm": true})
	expect(t, "confirmation on", status, body, 200, nil)
	id, number := s.place(t, 1)
	other, otherNumber := s.place(t, 1)
	hook := func(raw []byte, signature string) (int, []byte) {
		t.Helper()
		resp, b := call(t, s.app, "POST", "/api/webhooks/whatsapp", map[string]string{"Content-Type": "application/json",
			whatsapp.SignatureHeader: signature}, raw)
		return resp.StatusCode, b
	}
	signed := func(raw []byte) (int, []byte) { return hook(raw, whatsapp.Sign(testWhatsAppSecret, raw)) }
	state := func(id string) string {
		t.Helper()
		var st string
		if err := s.d.pool.QueryRow(ctx, `SELECT cod_confirm_state FROM orders WHERE id = $1`, id).Scan(&st); err != nil {
			t.Fatal(err)
		}
		return st
	}
	pushes := func(id string) int {
		return countRows(t, s.d, `SELECT count(*) FROM outbox WHERE kind = 'task' AND name = '`+jobs.TypePushShipment+`' AND payload::text LIKE '%`+id+`%'`)
	}

	var buttons []string
	var mail string
	if err := s.d.pool.QueryRow(ctx, `SELECT m.buttons, l.text_body FROM messages m JOIN mails l ON l.kind = m.kind AND l.ref = m.ref
		WHERE m.kind = 'cod_confirm' AND m.ref = $1`, id).Scan(&buttons, &mail); err != nil {
		t.Fatal(err)
	}
	token := regexp.MustCompile(`/confirm-order/([A-Za-z0-9_-]+)`).FindStringSubmatch(mail)[1]
	if len(buttons) != 2 || buttons[0] != "cod_confirm:"+token || buttons[1] != "cod_cancel:"+token {
		t.Fatalf("the message's buttons %q, want Confirm and Cancel naming the link's token", buttons)
	}

	confirm := whatsAppButton("919829012345", "wamid.reply1", buttons[0], "Confirm")
	if status, body := hook(confirm, whatsapp.Sign("another-secret", confirm)); status != 401 {
		t.Fatalf("a delivery signed with another secret: %d %s", status, body)
	}
	typed := whatsAppDelivery(map[string]any{"messages": []any{map[string]any{"from": "919829012345", "id": "wamid.typed",
		"timestamp": "1764000000", "type": "text", "text": map[string]string{"body": "CONFIRM"}}}})
	forged := whatsAppButton("919829012345", "wamid.forged", "cod_confirm:"+token+"x", "Confirm")
	for what, raw := range map[string][]byte{"typed CONFIRM": typed, "a forged payload": forged} {
		if status, body := signed(raw); status != 200 {
			t.Fatalf("%s: %d %s", what, status, body)
		}
	}
	if st := state(id); st != "awaiting" || pushes(id) != 0 {
		t.Fatalf("before the shopper's tap the order is %q with %d pushes, want awaiting and none", st, pushes(id))
	}

	for range 2 { // Meta delivers again a delivery it thinks failed
		if status, body := signed(confirm); status != 200 {
			t.Fatalf("the Confirm tap: %d %s", status, body)
		}
	}
	status, body = send(t, s.app, "GET", "/api/orders/"+number, s.shopper, nil)
	expect(t, "the confirmed order", status, body, 200, map[string]any{"data.codConfirmation.state": "confirmed",
		"data.codConfirmation.by": "shopper", "data.codConfirmation.note": "Confirmed by replying on WhatsApp"})
	if n := pushes(id); n != 1 {
		t.Fatalf("%d push jobs after two deliveries of the Confirm tap, want 1", n)
	}

	var otherButtons []string
	if err := s.d.pool.QueryRow(ctx, `SELECT buttons FROM messages WHERE kind = 'cod_confirm' AND ref = $1`, other).Scan(&otherButtons); err != nil {
		t.Fatal(err)
	}
	before := stockOf(t, s.d, s.f.newestShirt.ID, "M")
	cancel := whatsAppButton("919829012345", "wamid.reply2", otherButtons[1], "Cancel")
	for range 2 {
		if status, body := signed(cancel); status != 200 {
			t.Fatalf("the Cancel tap: %d %s", status, body)
		}
	}
	status, body = send(t, s.app, "GET", "/api/orders/"+otherNumber, s.shopper, nil)
	expect(t, "the cancelled order", status, body, 200, map[string]any{"data.orderStatus": "CANCELED", "data.codConfirmation.state": "cancelled"})
	if after := stockOf(t, s.d, s.f.newestShirt.ID, "M"); after != before+1 || pushes(other) != 0 {
		t.Fatalf("M stock %d → %d (want one back) and %d pushes (want none)", before, after, pushes(other))
	}

	// Status callbacks of the message the worker sent (played here: no worker runs).
	if _, err := s.d.pool.Exec(ctx, `UPDATE messages SET status = 'sent', channel = 'whatsapp', provider_message_id = 'wamid.asked'
		WHERE kind = 'cod_confirm' AND ref = $1`, id); err != nil {
		t.Fatal(err)
	}
	statusOf := func(status string, at int64) []byte {
		return whatsAppDelivery(map[string]any{"statuses": []any{map[string]any{"id": "wamid.asked", "status": status,
			"timestamp": strconv.FormatInt(at, 10), "recipient_id": "919829012345"}}})
	}
	for _, raw := range [][]byte{statusOf("sent", 1764000001), statusOf("read", 1764000003), statusOf("delivered", 1764000002), statusOf("read", 1764000003)} {
		if status, body := signed(raw); status != 200 {
			t.Fatalf("a status callback: %d %s", status, body)
		}
	}
	var delivery string
	var at time.Time
	if err := s.d.pool.QueryRow(ctx, `SELECT delivery_status, delivery_status_at FROM messages WHERE provider_message_id = 'wamid.asked'`).Scan(&delivery, &at); err != nil {
		t.Fatal(err)
	}
	if delivery != "read" || at.Unix() != 1764000003 {
		t.Fatalf("the message's delivery %q at %v, want read at 1764000003 (a late 'delivered' changes nothing)", delivery, at.Unix())
	}
	status, body = send(t, s.app, "GET", "/api/admin/orders/"+number+"/messages", s.staff, nil)
	expect(t, "staff's view of the order's messages", status, body, 200, map[string]any{"data.#": 2, "data.0.kind": "cod_confirm",
		"data.0.status": "sent", "data.0.deliveryStatus": "read", "data.1.kind": "order_placed", "data.1.deliveryStatus": ""})

	resp, b := call(t, s.app, "GET", "/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=drape-verify&hub.challenge=1158201444", nil, nil)
	if resp.StatusCode != 200 || string(b) != "1158201444" {
		t.Fatalf("the handshake: %d %q", resp.StatusCode, b)
	}
	resp, _ = call(t, s.app, "GET", "/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444", nil, nil)
	if resp.StatusCode != 403 {
		t.Fatalf("the handshake with another verify token: %d", resp.StatusCode)
	}
}
