package main

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

const (
	defaultWhatsAppToken         = "drape-sim-whatsapp-token"
	defaultWhatsAppPhoneNumberID = "109876543210987"
)

// whatsAppTemplate is a message template approved for the business: its language, its body
// with {{1}}, {{2}}… placeholders and the labels of its quick-reply buttons, whose payloads
// the sender sets per message.
type whatsAppTemplate struct {
	language string
	body     string
	buttons  []string
}

// whatsAppTemplates are the templates sim's business has approved (the shop's order updates).
var whatsAppTemplates = map[string]whatsAppTemplate{
	"order_placed":           {"en", "Your drape order {{1}} of {{2}} is placed. Track it at {{3}}", nil},
	"order_shipped":          {"en", "Your drape order {{1}} has shipped. Track it at {{2}}", nil},
	"order_out_for_delivery": {"en", "Your drape order {{1}} is out for delivery today.", nil},
	"order_delivered":        {"en", "Your drape order {{1}} is delivered. We hope it fits beautifully.", nil},
	"cod_confirm":            {"en", "Please confirm your cash on delivery order {{1}} so we can ship it: {{2}}", []string{"Confirm", "Cancel"}},
	"sale_offer":             {"en", "drape's {{1}} is on, {{2}}% off. Shop it at {{3}}", nil},
	"delivery_failed":        {"en", "The courier could not deliver your drape order {{1}}. Choose a new date, fix the address or cancel: {{2}}", nil},
}

// whatsAppSim plays WhatsApp's Cloud API for one business phone number:
//
//	POST /whatsapp/{version}/{phone-number-id}/messages   template messages, Authorization: Bearer
//	GET|POST /whatsapp/control, POST /whatsapp/control/reset   fault control and counters
//
// It answers as the Graph API does: 200 {messaging_product, contacts[{input,wa_id}],
// messages[{id:"wamid.…", message_status:"accepted"}]}, errors as {"error":{message, type,
// code, error_subcode?, fbtrace_id}}: 401 code 190 for a bad token, 400 code 100 for an
// unknown phone number id or a bad parameter, 404 code 132001 for a template not approved,
// 400 code 132000 for a wrong number of parameters, 503 code 2 when down, 500 code 1 for an
// injected error.
//
// With SIM_WHATSAPP_WEBHOOK_URL set it also plays the webhook, signed with
// SIM_WHATSAPP_APP_SECRET in X-Hub-Signature-256 (whatsappwebhook.go): the status callbacks of
// each accepted message (sent, then delivered), and the shopper's tap on a quick-reply button,
// which a tester makes with POST /messages/api/messages/{id}/reply or on the /messages page.
type whatsAppSim struct {
	token, phoneNumberID string
	webhookURL           string
	appSecret            string
	statusDelay          time.Duration
	webhook              *http.Client
	log                  *messageLog
	faults               messagingFaults
}

func newWhatsAppSim(getenv func(string) string, log *messageLog) *whatsAppSim {
	return &whatsAppSim{token: envOr(getenv, "SIM_WHATSAPP_TOKEN", defaultWhatsAppToken),
		phoneNumberID: envOr(getenv, "SIM_WHATSAPP_PHONE_NUMBER_ID", defaultWhatsAppPhoneNumberID),
		webhookURL:    envOr(getenv, "SIM_WHATSAPP_WEBHOOK_URL", ""),
		appSecret:     envOr(getenv, "SIM_WHATSAPP_APP_SECRET", defaultWhatsAppAppSecret),
		statusDelay:   whatsAppStatusDelay, webhook: &http.Client{Timeout: 10 * time.Second}, log: log}
}

func registerWhatsApp(mux *http.ServeMux, s *whatsAppSim) {
	mux.HandleFunc("POST /whatsapp/{version}/{phone}/messages", s.serveSend)
	mux.HandleFunc("POST /messages/api/messages/{id}/reply", s.serveReply)
	s.faults.register(mux, "/whatsapp")
}

var (
	graphVersion = regexp.MustCompile(`^v[0-9]+\.[0-9]+$`)
	waNumber     = regexp.MustCompile(`^[1-9][0-9]{7,14}$`)
)

// writeGraphError writes the Graph API's error body.
func writeGraphError(w http.ResponseWriter, status, code, subcode int, typ, message string) {
	body := map[string]any{"message": message, "type": typ, "code": code, "fbtrace_id": "A" + randomHex(11)}
	if subcode != 0 {
		body["error_subcode"] = subcode
	}
	if status >= 500 {
		body["is_transient"] = true
	}
	writeJSON(w, status, map[string]any{"error": body})
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

func (s *whatsAppSim) serveSend(w http.ResponseWriter, r *http.Request) {
	if !graphVersion.MatchString(r.PathValue("version")) {
		writeGraphError(w, http.StatusBadRequest, 2635, 0, "OAuthException", "(#2635) You are calling a deprecated version of the Graph API.")
		return
	}
	if r.Header.Get("Authorization") != "Bearer "+s.token {
		writeGraphError(w, http.StatusUnauthorized, 190, 0, "OAuthException", "Invalid OAuth access token - Cannot parse access token")
		return
	}
	if phone := r.PathValue("phone"); phone != s.phoneNumberID {
		writeGraphError(w, http.StatusBadRequest, 100, 33, "GraphMethodException",
			fmt.Sprintf("Unsupported post request. Object with ID '%s' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api", phone))
		return
	}
	refuse, delay := s.faults.next()
	wait(r, delay)
	switch refuse {
	case http.StatusServiceUnavailable:
		writeGraphError(w, refuse, 2, 0, "OAuthException", "Service temporarily unavailable")
		return
	case http.StatusInternalServerError:
		writeGraphError(w, refuse, 1, 0, "OAuthException", "An unknown error occurred")
		return
	}
	var req struct {
		MessagingProduct string `json:"messaging_product"`
		To               string `json:"to"`
		Type             string `json:"type"`
		Template         *struct {
			Name     string `json:"name"`
			Language struct {
				Code string `json:"code"`
			} `json:"language"`
			Components []struct {
				Type       string `json:"type"`
				SubType    string `json:"sub_type"`
				Index      string `json:"index"`
				Parameters []struct {
					Type    string `json:"type"`
					Text    string `json:"text"`
					Payload string `json:"payload"`
				} `json:"parameters"`
			} `json:"components"`
		} `json:"template"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&req); err != nil {
		writeGraphError(w, http.StatusBadRequest, 100, 0, "OAuthException", "(#100) Invalid parameter")
		return
	}
	switch {
	case req.MessagingProduct != "whatsapp":
		writeGraphError(w, http.StatusBadRequest, 100, 0, "OAuthException", "(#100) The parameter messaging_product is required.")
		return
	case !waNumber.MatchString(strings.TrimPrefix(req.To, "+")):
		writeGraphError(w, http.StatusBadRequest, 100, 0, "OAuthException", "(#100) Invalid parameter: to")
		return
	case req.Type != "template" || req.Template == nil:
		// Free text is allowed only within 24 hours of the user's last message; sim's users never write.
		writeGraphError(w, http.StatusBadRequest, 131047, 0, "OAuthException",
			"(#131047) Re-engagement message: more than 24 hours have passed since the recipient last replied to the sender number.")
		return
	}
	approved, ok := whatsAppTemplates[req.Template.Name]
	if !ok || approved.language != req.Template.Language.Code {
		writeGraphError(w, http.StatusNotFound, 132001, 0, "OAuthException",
			fmt.Sprintf("(#132001) Template name does not exist in the translation: %s (%s)", req.Template.Name, req.Template.Language.Code))
		return
	}
	var params []string
	var buttons []loggedButton
	for _, c := range req.Template.Components {
		switch c.Type {
		case "body":
			for _, p := range c.Parameters {
				params = append(params, p.Text)
			}
		case "button":
			// A quick-reply button's payload, for the approved button at index.
			i, err := strconv.Atoi(c.Index)
			if c.SubType != "quick_reply" || err != nil || i < 0 || i >= len(approved.buttons) || len(c.Parameters) != 1 ||
				c.Parameters[0].Type != "payload" || c.Parameters[0].Payload == "" || i != len(buttons) {
				writeGraphError(w, http.StatusBadRequest, 131008, 0, "OAuthException",
					fmt.Sprintf("(#131008) Required parameter is missing: button at index %q of template %s", c.Index, req.Template.Name))
				return
			}
			buttons = append(buttons, loggedButton{Text: approved.buttons[i], Payload: c.Parameters[0].Payload})
		}
	}
	if want := strings.Count(approved.body, "{{"); len(params) != want {
		writeGraphError(w, http.StatusBadRequest, 132000, 0, "OAuthException",
			fmt.Sprintf("(#132000) Number of parameters does not match the expected number of params: body: expected %d, got %d", want, len(params)))
		return
	}
	for i := len(buttons); i < len(approved.buttons); i++ {
		// A button sent without a payload replies with its label, as WhatsApp does.
		buttons = append(buttons, loggedButton{Text: approved.buttons[i], Payload: approved.buttons[i]})
	}
	to := strings.TrimPrefix(req.To, "+")
	id := "wamid.HBgM" + strings.ToUpper(randomHex(18))
	s.log.add(loggedMessage{ID: id, Provider: "whatsapp", To: to, Template: req.Template.Name, Params: params, Buttons: buttons,
		Text: fillTemplate(approved.body, params), ReceivedAt: time.Now().UTC()})
	s.reportStatuses(id, to)
	wait(r, s.faults.accept())
	writeJSON(w, http.StatusOK, map[string]any{
		"messaging_product": "whatsapp",
		"contacts":          []map[string]string{{"input": req.To, "wa_id": to}},
		"messages":          []map[string]string{{"id": id, "message_status": "accepted"}},
	})
}
