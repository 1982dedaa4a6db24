package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestMessageLogPageAndControl: a WhatsApp message and an SMS sim accepted are listed on
// /messages (newest first, with the DLT template of the SMS) and in its JSON, filtered by
// provider; a bad fault control is a 400 that changes nothing; reset clears the counters.
func TestMessageLogPageAndControl(t *testing.T) {
	mux := http.NewServeMux()
	registerMessaging(mux, func(string) string { return "" })
	srv := httptest.NewServer(mux)
	defer srv.Close()
	do := func(method, path, body string, headers ...string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		for i := 0; i+1 < len(headers); i += 2 {
			req.Header.Set(headers[i], headers[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	status, body := do("POST", "/whatsapp/v21.0/109876543210987/messages",
		`{"messaging_product":"whatsapp","to":"919829012345","type":"template","template":{"name":"order_out_for_delivery","language":{"code":"en"},"components":[{"type":"body","parameters":[{"type":"text","text":"DR-7"}]}]}}`,
		"Authorization", "Bearer drape-sim-whatsapp-token")
	if status != 200 || !strings.Contains(body, `"message_status":"accepted"`) {
		t.Fatalf("whatsapp: %d %s", status, body)
	}
	status, body = do("POST", "/msg91/api/v5/flow", `{"template_id":"6561a1f0d6fc0530ae4b8f24","short_url":"0","recipients":[{"mobiles":"919829012345","VAR1":"DR-8"}]}`,
		"authkey", "drape-sim-msg91-authkey")
	if status != 200 || !strings.Contains(body, `"type":"success"`) {
		t.Fatalf("msg91: %d %s", status, body)
	}
	_, page := do("GET", "/messages", "")
	sms := strings.Index(page, "drape: your order DR-8 is delivered.")
	wa := strings.Index(page, "Your drape order DR-7 is out for delivery today.")
	if sms < 0 || wa < 0 || sms > wa || !strings.Contains(page, "DLT 1107170000000000104") {
		t.Fatalf("page lacks the messages newest first:\n%s", page)
	}
	if _, list := do("GET", "/messages/api/messages?provider=sms", ""); strings.Count(list, `"provider"`) != 1 || !strings.Contains(list, `"DR-8"`) {
		t.Fatalf("sms listing: %s", list)
	}
	if status, _ := do("POST", "/whatsapp/control", `{"errorRate": 2}`); status != 400 {
		t.Fatalf("bad control answered %d", status)
	}
	if _, state := do("GET", "/whatsapp/control", ""); !strings.Contains(state, `"errorRate":0`) || !strings.Contains(state, `"accepted":1`) {
		t.Fatalf("control after a refused change: %s", state)
	}
	if _, state := do("POST", "/whatsapp/control/reset", ""); !strings.Contains(state, `"accepted":0`) {
		t.Fatalf("reset: %s", state)
	}
}

// TestWhatsAppReplyReachesTheShopSigned: a template sent with quick-reply payloads lists its
// buttons; a tester's tap on one is delivered to the shop's webhook as Meta delivers it (a
// button message replying to the sent one, signed with the app secret in X-Hub-Signature-256),
// twice when asked, with the same reply id; the message's status callbacks follow, sent then
// delivered. A button the message lacks is a 400 that delivers nothing.
func TestWhatsAppReplyReachesTheShopSigned(t *testing.T) {
	type heard struct {
		body      map[string]any
		signature bool
	}
	deliveries := make(chan heard, 10)
	shop := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		mac := hmac.New(sha256.New, []byte("shop-app-secret"))
		mac.Write(raw)
		var body map[string]any
		json.Unmarshal(raw, &body)
		deliveries <- heard{body: body, signature: r.Header.Get("X-Hub-Signature-256") == "sha256="+hex.EncodeToString(mac.Sum(nil))}
	}))
	defer shop.Close()
	env := map[string]string{"SIM_WHATSAPP_WEBHOOK_URL": shop.URL, "SIM_WHATSAPP_APP_SECRET": "shop-app-secret"}
	mux := http.NewServeMux()
	registerMessaging(mux, func(k string) string { return env[k] })
	srv := httptest.NewServer(mux)
	defer srv.Close()
	post := func(path, body string, headers ...string) (int, map[string]any) {
		t.Helper()
		req, _ := http.NewRequest("POST", srv.URL+path, strings.NewReader(body))
		for i := 0; i+1 < len(headers); i += 2 {
			req.Header.Set(headers[i], headers[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		json.NewDecoder(resp.Body).Decode(&out)
		return resp.StatusCode, out
	}
	status, sent := post("/whatsapp/v21.0/109876543210987/messages", `{"messaging_product":"whatsapp","to":"919829012345","type":"template",
		"template":{"name":"cod_confirm","language":{"code":"en"},"components":[{"type":"body","parameters":[{"type":"text","text":"DR-9"},{"type":"text","text":"https://x/c/t"}]},
		{"type":"button","sub_type":"quick_reply","index":"0","parameters":[{"type":"payload","payload":"cod_confirm:t"}]},
		{"type":"button","sub_type":"quick_reply","index":"1","parameters":[{"type":"payload","payload":"cod_cancel:t"}]}]}}`,
		"Authorization", "Bearer drape-sim-whatsapp-token")
	if status != 200 {
		t.Fatalf("send: %d %v", status, sent)
	}
	id := sent["messages"].([]any)[0].(map[string]any)["id"].(string)
	next := func() heard {
		t.Helper()
		select {
		case h := <-deliveries:
			return h
		case <-time.After(5 * time.Second):
			t.Fatal("no delivery reached the shop")
			return heard{}
		}
	}
	value := func(h heard) map[string]any {
		return h.body["entry"].([]any)[0].(map[string]any)["changes"].([]any)[0].(map[string]any)["value"].(map[string]any)
	}
	for _, want := range []string{"sent", "delivered"} {
		h := next()
		st := value(h)["statuses"].([]any)[0].(map[string]any)
		if !h.signature || h.body["object"] != "whatsapp_business_account" || st["id"] != id || st["status"] != want {
			t.Fatalf("status callback %v (signed %v), want %s of %s", h.body, h.signature, want, id)
		}
	}
	resp, err := http.Get(srv.URL + "/messages")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(page), ">Confirm</button>") || !strings.Contains(string(page), ">Cancel</button>") {
		t.Fatalf("the /messages page lacks the message's buttons:\n%s", page)
	}
	if status, out := post("/messages/api/messages/"+id+"/reply", `{"button":"Maybe"}`); status != 400 {
		t.Fatalf("a button the message lacks: %d %v", status, out)
	}
	status, out := post("/messages/api/messages/"+id+"/reply", `{"button":"Confirm","times":2}`)
	if status != 200 || len(out["deliveries"].([]any)) != 2 {
		t.Fatalf("reply: %d %v", status, out)
	}
	for range 2 {
		h := next()
		m := value(h)["messages"].([]any)[0].(map[string]any)
		button := m["button"].(map[string]any)
		if !h.signature || m["type"] != "button" || m["id"] != out["reply"] || m["from"] != "919829012345" ||
			m["context"].(map[string]any)["id"] != id || button["payload"] != "cod_confirm:t" || button["text"] != "Confirm" {
			t.Fatalf("the reply as the shop heard it (signed %v): %v", h.signature, h.body)
		}
	}
	select {
	case h := <-deliveries:
		t.Fatalf("an extra delivery: %v", h.body)
	case <-time.After(100 * time.Millisecond):
	}
}
