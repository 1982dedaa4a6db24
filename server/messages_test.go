package main

import "testing"

// TestOrderUpdatesChannel: a shopper's channel for order updates is WhatsApp until they choose;
// they can choose SMS or none; anything else is a 400 that changes nothing; a guest cannot.
func TestOrderUpdatesChannel(t *testing.T) {
	t.Parallel()
	app, _ := testApp(t)
	token, _ := signUp(t, app, "Meera", "meera.updates@example.in")
	status, body := send(t, app, "GET", "/api/profile/order-updates", token, nil)
	expect(t, "default", status, body, 200, map[string]any{"data.channel": "whatsapp"})
	status, body = send(t, app, "POST", "/api/profile/order-updates", token, map[string]any{"channel": "sms"})
	expect(t, "choose sms", status, body, 200, map[string]any{"data.channel": "sms", "message": "Order updates saved"})
	status, body = send(t, app, "POST", "/api/profile/order-updates", token, map[string]any{"channel": "pigeon"})
	expect(t, "bad channel", status, body, 400, map[string]any{"errors.channel": "Choose whatsapp, sms or none"})
	status, body = send(t, app, "GET", "/api/profile/order-updates", token, nil)
	expect(t, "after the refused change", status, body, 200, map[string]any{"data.channel": "sms"})
	status, body = send(t, app, "POST", "/api/profile/order-updates", token, map[string]any{"channel": "none"})
	expect(t, "opt out", status, body, 200, map[string]any{"data.channel": "none"})
	status, body = send(t, app, "GET", "/api/profile/order-updates", "", nil)
	expect(t, "guest", status, body, 401, nil)
}
