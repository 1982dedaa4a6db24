package whatsapp

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"

	"drape/internal/platform/simtest"
)

func simPost(t *testing.T, url, body string) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("POST %s: %v %v", url, resp, err)
	}
	resp.Body.Close()
}

func simLog(t *testing.T, base string) []map[string]any {
	t.Helper()
	resp, err := http.Get(base + "/messages/api/messages?provider=whatsapp")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var l struct{ Messages []map[string]any }
	json.NewDecoder(resp.Body).Decode(&l)
	return l.Messages
}

// TestSendAgainstSim: a template message reaches sim's WhatsApp with its parameters in
// place and the id sim gave it comes back; sim's refusals come back as *Error with the Graph
// API's status and code, and a provider that cannot be reached as a dial error.
func TestSendAgainstSim(t *testing.T) {
	base := simtest.Start(t)
	cfg := Config{APIURL: base + "/whatsapp", PhoneNumberID: "109876543210987", Token: "drape-sim-whatsapp-token"}
	c := New(cfg, nil)
	ctx := context.Background()
	id, err := c.Send(ctx, "919829012345", Template{Name: "order_shipped", Language: "en", Params: []string{"DR-1001", "https://t.example/1"}})
	if err != nil || !strings.HasPrefix(id, "wamid.") {
		t.Fatalf("send: %q, %v", id, err)
	}
	got := simLog(t, base)
	if len(got) != 1 || got[0]["id"] != id || got[0]["to"] != "919829012345" ||
		got[0]["text"] != "Your drape order DR-1001 has shipped. Track it at https://t.example/1" {
		t.Fatalf("sim logged %v", got)
	}

	refusals := []struct {
		name         string
		client       *Client
		tmpl         Template
		status, code int
	}{
		{"bad token", New(Config{APIURL: cfg.APIURL, PhoneNumberID: cfg.PhoneNumberID, Token: "wrong"}, nil), Template{Name: "order_delivered", Language: "en", Params: []string{"X"}}, 401, 190},
		{"unknown number id", New(Config{APIURL: cfg.APIURL, PhoneNumberID: "1", Token: cfg.Token}, nil), Template{Name: "order_delivered", Language: "en", Params: []string{"X"}}, 400, 100},
		{"template not approved", c, Template{Name: "summer_sale", Language: "en"}, 404, 132001},
		{"parameters missing", c, Template{Name: "order_shipped", Language: "en", Params: []string{"X"}}, 400, 132000},
	}
	for _, r := range refusals {
		_, err := r.client.Send(ctx, "919829012345", r.tmpl)
		var e *Error
		if !errors.As(err, &e) || e.Status != r.status || e.Code != r.code || e.Message == "" {
			t.Errorf("%s: %v, want HTTP %d code %d", r.name, err, r.status, r.code)
		}
	}
	simPost(t, base+"/whatsapp/control", `{"down": true}`)
	_, err = c.Send(ctx, "919829012345", Template{Name: "order_delivered", Language: "en", Params: []string{"X"}})
	var e *Error
	if !errors.As(err, &e) || e.HTTPStatus() != 503 || e.Code != 2 {
		t.Errorf("down: %v", err)
	}
	if n := len(simLog(t, base)); n != 1 {
		t.Errorf("sim logged %d messages, want only the first", n)
	}
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	closed := ln.Addr().String()
	ln.Close()
	_, err = New(Config{APIURL: "http://" + closed, PhoneNumberID: "1", Token: "t"}, nil).Send(ctx, "919829012345", Template{Name: "x"})
	var op *net.OpError
	if !errors.As(err, &op) || op.Op != "dial" {
		t.Errorf("unreachable: %v, want a dial error", err)
	}
}
