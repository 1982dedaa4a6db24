package razorpay

import (
	"testing"
)

// FuzzWebhook feeds any body and signature to the webhook's checks: parsing never panics and
// accepts only named events; a signature verifies only when it is the body's own.
func FuzzWebhook(f *testing.F) {
	f.Add([]byte(`{"entity":"event","event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_1","order_id":"order_1","amount":149900,"status":"captured"}}}}`), "0f")
	f.Add([]byte(`{"entity":"event","event":""}`), "")
	f.Add([]byte(`{"entity":"order"}`), "zz")
	f.Add([]byte(`null`), "00")
	const secret = "webhook-secret"
	f.Fuzz(func(t *testing.T, body []byte, signature string) {
		if e, err := ParseEvent(body); err == nil && (e.Entity != "event" || e.Event == "") {
			t.Fatalf("accepted %q as an event", body)
		}
		own := SignWebhook(secret, body)
		if !VerifyWebhook(secret, body, own) {
			t.Fatal("the body's own signature does not verify")
		}
		if signature != own && VerifyWebhook(secret, body, signature) {
			t.Fatalf("signature %q verified for a body it was not made for", signature)
		}
		if VerifyWebhook("", body, SignWebhook("", body)) {
			t.Fatal("an empty secret verified a signature")
		}
	})
}
