package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestPrivacyNoticePage: /privacy is a page of its own with its title and description in the
// HTML the server sends, and its default text (GET /api/getcms?type=privacy-notice) lists the
// data kept and why, retention, and how to withdraw consent, get or erase data and complain;
// SPEC's /returnpolicydetails stays the return policy's.
func TestPrivacyNoticePage(t *testing.T) {
	t.Parallel()
	s, _ := firstScreenShop(t)
	status, page := pageAt(t, s, "/privacy")
	if status != http.StatusOK || !strings.Contains(page, "<title>Privacy notice — ") ||
		!strings.Contains(headTag(page, "description"), "withdraw consent, download or erase your data") {
		t.Fatalf("/privacy: %d, head %.600s", status, page)
	}
	status, body := send(t, s.app, "GET", "/api/getcms?type=privacy-notice", "", nil)
	expect(t, "the privacy notice", status, body, 200, map[string]any{"data.type": "privacy-notice", "data.title": "Privacy notice"})
	text, _ := jsonValue(t, body, "data.description").(string)
	for _, want := range []string{"The data we keep and why", "How long we keep it", "Withdraw consent", "See your data", "Erase it",
		"grievance officer", `href="/contactus"`} {
		if !strings.Contains(text, want) {
			t.Errorf("the notice lacks %q", want)
		}
	}
	status, body = send(t, s.app, "GET", "/api/getcms?type=privacy", "", nil)
	if status == http.StatusOK && strings.Contains(string(body), "The data we keep and why") {
		t.Fatal("the return policy's page (type privacy) became the privacy notice")
	}
}

// TestSignUpMarketingConsentIsUntickedAndRecorded: a sign-up without marketing consents to
// nothing; one that ticks mail records mail only with the wording shown; a stale wording is
// refused before any account is made; the account page withdraws it; the download holds it.
func TestSignUpMarketingConsentIsUntickedAndRecorded(t *testing.T) {
	t.Parallel()
	app, _ := testApp(t)
	status, body := send(t, app, "GET", "/api/privacy/wordings", "", nil)
	expect(t, "wordings", status, body, 200, map[string]any{"data.0.channel": "email"})
	version, _ := jsonValue(t, body, "data.0.version").(string)

	plain, _ := signUp(t, app, "Nisha Rao", "nisha@example.in")
	status, body = send(t, app, "GET", "/api/privacy/marketing", plain, nil)
	expect(t, "no ticks", status, body, 200, map[string]any{"data.channels.email": false, "data.channels.whatsapp": false, "data.channels.sms": false})

	status, body = send(t, app, "POST", "/api/register", "", map[string]any{"firstName": "Old Page", "email": "old@example.in",
		"password": "tailored-fit-42", "marketing": map[string]any{"channels": map[string]bool{"email": true}, "version": "2001-01-01"}})
	expect(t, "stale wording", status, body, 400, nil)
	status, body = send(t, app, "POST", "/api/login", "", map[string]any{"email": "old@example.in", "password": "tailored-fit-42"})
	if status == http.StatusOK {
		t.Fatal("a refused sign-up made an account")
	}

	status, body = send(t, app, "POST", "/api/register", "", map[string]any{"firstName": "Kiran Dev", "email": "kiran@example.in",
		"password": "tailored-fit-42", "marketing": map[string]any{"channels": map[string]bool{"email": true, "sms": false}, "version": version}})
	expect(t, "sign-up with mail ticked", status, body, 200, nil)
	token := jsonValue(t, body, "token").(string)
	status, body = send(t, app, "GET", "/api/privacy/marketing", token, nil)
	expect(t, "mail ticked", status, body, 200, map[string]any{"data.channels.email": true, "data.channels.sms": false,
		"data.history.0.source": "signup", "data.history.0.wordingVersion": version})
	if w, _ := jsonValue(t, body, "data.history.0.wording").(string); !strings.Contains(w, "E-mail me") {
		t.Fatalf("wording recorded: %q", w)
	}
	status, body = send(t, app, "PUT", "/api/privacy/marketing", token, map[string]any{"channels": map[string]bool{"email": false}, "version": version})
	expect(t, "withdraw", status, body, 200, map[string]any{"data.channels.email": false})

	resp, raw := call(t, app, "GET", "/api/privacy/export", map[string]string{"Authorization": "Bearer " + token}, nil)
	if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("export: %d %v", resp.StatusCode, resp.Header)
	}
	var data struct {
		Profile   struct{ Email string }   `json:"profile"`
		Marketing []struct{ Granted bool } `json:"marketingConsents"`
		Requests  []struct{ Kind string }  `json:"privacyRequests"`
	}
	if err := json.Unmarshal(raw, &data); err != nil || data.Profile.Email != "kiran@example.in" || len(data.Marketing) != 2 || len(data.Requests) != 2 {
		t.Fatalf("export: %+v %v\n%.500s", data, err, raw)
	}
	if strings.Contains(string(raw), "nisha@example.in") {
		t.Fatal("the export holds another shopper's e-mail")
	}
}
