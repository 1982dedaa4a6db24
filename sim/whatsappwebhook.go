package main

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// WhatsApp's webhook as Meta delivers it: a JSON POST of {"object":"whatsapp_business_account",
// "entry":[{"id":<WABA id>,"changes":[{"field":"messages","value":{"messaging_product":
// "whatsapp","metadata":{"display_phone_number","phone_number_id"},"contacts"?,"messages"?,
// "statuses"?}}]}]} with X-Hub-Signature-256: sha256=<HMAC-SHA256 of the body under the app
// secret, hex>. Inbound button replies are messages of type "button" with context.id (the
// message replied to) and button {payload, text}; status callbacks are statuses [{id,
// status, timestamp, recipient_id}].

const (
	defaultWhatsAppAppSecret = "drape-sim-whatsapp-app-secret"
	// whatsAppBusinessAccountID is the id of sim's WhatsApp Business Account (entry[].id).
	whatsAppBusinessAccountID = "102290129340398"
	// whatsAppDisplayNumber is the business's number as shoppers see it.
	whatsAppDisplayNumber = "919000000000"
	// whatsAppStatusDelay is how long after accepting a message its "sent" callback goes, and
	// "delivered" after that: the shop records the message's id when it hears the answer.
	whatsAppStatusDelay = 300 * time.Millisecond
)

// delivery is a webhook body of one change carrying value (messages or statuses).
func (s *whatsAppSim) delivery(value map[string]any) []byte {
	value["messaging_product"] = "whatsapp"
	value["metadata"] = map[string]string{"display_phone_number": whatsAppDisplayNumber, "phone_number_id": s.phoneNumberID}
	body, _ := json.Marshal(map[string]any{"object": "whatsapp_business_account", "entry": []map[string]any{{
		"id": whatsAppBusinessAccountID, "changes": []map[string]any{{"field": "messages", "value": value}}}}})
	return body
}

// post delivers body to the shop's webhook, signed, and answers the shop's HTTP status.
func (s *whatsAppSim) post(body []byte) (int, error) {
	req, err := http.NewRequest(http.MethodPost, s.webhookURL, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	mac := hmac.New(sha256.New, []byte(s.appSecret))
	mac.Write(body)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Hub-Signature-256", "sha256="+hex.EncodeToString(mac.Sum(nil)))
	resp, err := s.webhook.Do(req)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

// reportStatuses sends the status callbacks of message id, accepted for to: sent, then
// delivered, each after statusDelay. Nothing without a webhook URL.
func (s *whatsAppSim) reportStatuses(id, to string) {
	if s.webhookURL == "" {
		return
	}
	go func() {
		for _, status := range []string{"sent", "delivered"} {
			time.Sleep(s.statusDelay)
			s.post(s.delivery(map[string]any{"statuses": []map[string]any{{"id": id, "status": status,
				"timestamp": strconv.FormatInt(time.Now().Unix(), 10), "recipient_id": to,
				"pricing": map[string]any{"billable": true, "pricing_model": "PMP", "category": "utility"}}}}))
		}
	}()
}

// serveReply is POST /messages/api/messages/{id}/reply {button, times?}: the shopper taps the
// quick-reply button labelled button on WhatsApp message id, and sim delivers the reply to the
// shop's webhook times times (1 when absent, at most 5: Meta delivers again a delivery it
// thinks failed), each with the same reply id. It answers {"reply": <the reply's id>,
// "deliveries": [the shop's HTTP statuses]}; 404 for an unknown message, 400 for a button it
// does not have, 409 without a webhook URL.
func (s *whatsAppSim) serveReply(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Button string `json:"button"`
		Times  int    `json:"times"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&in); err != nil || in.Times < 0 || in.Times > 5 {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": `body must be {"button": "<label>", "times": 1..5}`})
		return
	}
	m, ok := s.log.byID(r.PathValue("id"))
	if !ok || m.Provider != "whatsapp" {
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "no such WhatsApp message"})
		return
	}
	var button *loggedButton
	for i := range m.Buttons {
		if strings.EqualFold(m.Buttons[i].Text, strings.TrimSpace(in.Button)) {
			button = &m.Buttons[i]
		}
	}
	if button == nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": fmt.Sprintf("message %s has no button %q", m.ID, in.Button)})
		return
	}
	if s.webhookURL == "" {
		writeJSON(w, http.StatusConflict, map[string]string{"error": "no webhook URL configured (SIM_WHATSAPP_WEBHOOK_URL)"})
		return
	}
	replyID := "wamid.HBgM" + strings.ToUpper(randomHex(18))
	body := s.delivery(map[string]any{
		"contacts": []map[string]any{{"profile": map[string]string{"name": "Shopper"}, "wa_id": m.To}},
		"messages": []map[string]any{{"context": map[string]string{"from": whatsAppDisplayNumber, "id": m.ID},
			"from": m.To, "id": replyID, "timestamp": strconv.FormatInt(time.Now().Unix(), 10), "type": "button",
			"button": map[string]string{"payload": button.Payload, "text": button.Text}}},
	})
	deliveries := []int{}
	for range max(in.Times, 1) {
		status, err := s.post(body)
		if err != nil {
			writeJSON(w, http.StatusBadGateway, map[string]any{"error": "the shop's webhook: " + err.Error(), "reply": replyID, "deliveries": deliveries})
			return
		}
		deliveries = append(deliveries, status)
	}
	writeJSON(w, http.StatusOK, map[string]any{"reply": replyID, "deliveries": deliveries})
}
