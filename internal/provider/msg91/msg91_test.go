package msg91

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"drape/internal/platform/simtest"
)

func simLog(t *testing.T, base string) []map[string]any {
	t.Helper()
	resp, err := http.Get(base + "/messages/api/messages?provider=sms")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var l struct{ Messages []map[string]any }
	json.NewDecoder(resp.Body).Decode(&l)
	return l.Messages
}

// TestSendAgainstSim: a Flow SMS reaches sim's MSG91 as the DLT template its Flow is mapped to,
// with VAR1, VAR2 in place, and MSG91's request id comes back; refusals come back as *Error
// with MSG91's status and message.
func TestSendAgainstSim(t *testing.T) {
	base := simtest.Start(t)
	c := New(Config{APIURL: base + "/msg91", AuthKey: "drape-sim-msg91-authkey"}, nil)
	ctx := context.Background()
	id, err := c.Send(ctx, "6561a1f0d6fc0530ae4b8f25", "919829012345", []string{"DR-1002", "https://drape.example/c/abc"})
	if err != nil || len(id) != 24 {
		t.Fatalf("send: %q, %v", id, err)
	}
	got := simLog(t, base)
	if len(got) != 1 || got[0]["id"] != id || got[0]["dltTemplateId"] != "1107170000000000105" ||
		got[0]["text"] != "drape: please confirm your cash on delivery order DR-1002 so we can ship it: https://drape.example/c/abc" {
		t.Fatalf("sim logged %v", got)
	}
	for _, r := range []struct {
		name             string
		client           *Client
		template, mobile string
		vars             []string
		status           int
		message          string
	}{
		{"bad authkey", New(Config{APIURL: base + "/msg91", AuthKey: "nope"}, nil), "6561a1f0d6fc0530ae4b8f24", "919829012345", []string{"X"}, 401, "Authentication failure"},
		{"unknown template", c, "000000000000000000000000", "919829012345", []string{"X"}, 400, "Template ID is not valid"},
		{"bad mobile", c, "6561a1f0d6fc0530ae4b8f24", "12345", []string{"X"}, 400, "Mobile number is not valid: 12345"},
		{"variable missing", c, "6561a1f0d6fc0530ae4b8f25", "919829012345", []string{"X"}, 400, "VAR2 is missing for 919829012345"},
	} {
		_, err := r.client.Send(ctx, r.template, r.mobile, r.vars)
		var e *Error
		if !errors.As(err, &e) || e.Status != r.status || e.Message != r.message {
			t.Errorf("%s: %v, want HTTP %d %q", r.name, err, r.status, r.message)
		}
	}
	resp, err := http.Post(base+"/msg91/control", "application/json", strings.NewReader(`{"down": true}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	_, err = c.Send(ctx, "6561a1f0d6fc0530ae4b8f24", "919829012345", []string{"X"})
	var e *Error
	if !errors.As(err, &e) || e.HTTPStatus() != 503 {
		t.Errorf("down: %v", err)
	}
	if n := len(simLog(t, base)); n != 1 {
		t.Errorf("sim logged %d SMS, want only the first", n)
	}
}
