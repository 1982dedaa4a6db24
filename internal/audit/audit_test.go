package audit

import (
	"strings"
	"testing"
)

func TestSecretsAreMaskedAtAnyDepth(t *testing.T) {
	got, err := masked(map[string]any{
		"name":     "Drape",
		"password": "hunter22",
		"provider": map[string]any{"keyId": "rzp_live_1", "keySecret": "s3cr3t", "webhookSecret": ""},
		"sessions": []any{map[string]any{"refreshToken": "tok-1"}},
		"otpHash":  "abc",
	})
	if err != nil {
		t.Fatal(err)
	}
	text := string(got)
	for _, secret := range []string{"hunter22", "s3cr3t", "tok-1", "abc"} {
		if strings.Contains(text, secret) {
			t.Errorf("%q reached the log: %s", secret, text)
		}
	}
	for _, kept := range []string{`"name":"Drape"`, `"keyId":"rzp_live_1"`, `"webhookSecret":""`} {
		if !strings.Contains(text, kept) {
			t.Errorf("%s is missing from %s", kept, text)
		}
	}
	if none, err := masked(nil); none != nil || err != nil {
		t.Errorf("masked(nil) = %q, %v; want nothing", none, err)
	}
}
