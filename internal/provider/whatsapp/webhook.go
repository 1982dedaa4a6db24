package whatsapp

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"
)

// The webhook: Meta POSTs every inbound message and every status change of a message the
// business sent to one address, as {"object":"whatsapp_business_account","entry":[{"id",
// "changes":[{"field":"messages","value":{"messaging_product","metadata":{phone_number_id…},
// "contacts","messages":[…],"statuses":[…]}}]}]}, signed with the app secret in
// X-Hub-Signature-256 ("sha256=" and the HMAC-SHA256 of the raw body, hex). A delivery not
// answered 200 is retried, so the same message or status may arrive more than once. The
// address is first verified with GET ?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…,
// answered with the challenge.

// SignatureHeader is the header carrying a delivery's signature.
const SignatureHeader = "X-Hub-Signature-256"

// Sign is the X-Hub-Signature-256 value of body under appSecret.
func Sign(appSecret string, body []byte) string {
	mac := hmac.New(sha256.New, []byte(appSecret))
	mac.Write(body)
	return "sha256=" + hex.EncodeToString(mac.Sum(nil))
}

// VerifySignature reports whether signature is body's X-Hub-Signature-256 under appSecret; an
// empty secret verifies nothing.
func VerifySignature(appSecret string, body []byte, signature string) bool {
	given, ok := strings.CutPrefix(signature, "sha256=")
	if appSecret == "" || !ok {
		return false
	}
	sum, err := hex.DecodeString(given)
	if err != nil {
		return false
	}
	mac := hmac.New(sha256.New, []byte(appSecret))
	mac.Write(body)
	return hmac.Equal(mac.Sum(nil), sum)
}

// Challenge is the answer to the subscription handshake's query (hub.mode, hub.verify_token,
// hub.challenge): the challenge, and whether the handshake is ours (mode "subscribe" and our
// verify token, which must be set).
func (c Config) Challenge(mode, verifyToken, challenge string) (string, bool) {
	if mode != "subscribe" || c.VerifyToken == "" || challenge == "" ||
		!hmac.Equal([]byte(verifyToken), []byte(c.VerifyToken)) {
		return "", false
	}
	return challenge, true
}

// Reply is a shopper's tap on a quick-reply button of a template message.
type Reply struct {
	ID      string    // the reply's own message id (wamid.…), the same on a repeated delivery
	From    string    // the shopper's WhatsApp number
	Payload string    // the button's payload, set when the template was sent
	Text    string    // the button's label
	Context string    // the id of the message replied to
	At      time.Time // when the shopper tapped
}

// Status is a status callback: where a message the business sent stands.
type Status struct {
	MessageID string // the sent message's id (wamid.…)
	Status    string // sent, delivered, read or failed
	At        time.Time
	Recipient string
	Error     string // failed only: the reason, "(#code) title"
}

// Delivery is what one webhook delivery reports: button replies and status callbacks (other
// inbound messages, such as typed text, are not read).
type Delivery struct {
	Replies  []Reply
	Statuses []Status
}

// ErrNotWhatsApp is a body that is not a WhatsApp Business Account webhook.
var ErrNotWhatsApp = errors.New("whatsapp: not a whatsapp_business_account webhook")

type webhookBody struct {
	Object string `json:"object"`
	Entry  []struct {
		Changes []struct {
			Field string `json:"field"`
			Value struct {
				Messages []struct {
					ID        string `json:"id"`
					From      string `json:"from"`
					Timestamp string `json:"timestamp"`
					Type      string `json:"type"`
					Context   struct {
						ID string `json:"id"`
					} `json:"context"`
					Button struct {
						Payload string `json:"payload"`
						Text    string `json:"text"`
					} `json:"button"`
				} `json:"messages"`
				Statuses []struct {
					ID          string `json:"id"`
					Status      string `json:"status"`
					Timestamp   string `json:"timestamp"`
					RecipientID string `json:"recipient_id"`
					Errors      []struct {
						Code  int    `json:"code"`
						Title string `json:"title"`
					} `json:"errors"`
				} `json:"statuses"`
			} `json:"value"`
		} `json:"changes"`
	} `json:"entry"`
}

// ParseWebhook reads a delivery's body (its signature checked first). Errors: ErrNotWhatsApp
// for a body that is not JSON of a WhatsApp Business Account webhook.
func ParseWebhook(body []byte) (Delivery, error) {
	var b webhookBody
	if err := json.Unmarshal(body, &b); err != nil || b.Object != "whatsapp_business_account" {
		return Delivery{}, errors.Join(ErrNotWhatsApp, err)
	}
	var d Delivery
	for _, e := range b.Entry {
		for _, c := range e.Changes {
			if c.Field != "messages" {
				continue
			}
			for _, m := range c.Value.Messages {
				if m.Type != "button" || m.ID == "" {
					continue
				}
				d.Replies = append(d.Replies, Reply{ID: m.ID, From: m.From, Payload: m.Button.Payload, Text: m.Button.Text,
					Context: m.Context.ID, At: unixTime(m.Timestamp)})
			}
			for _, s := range c.Value.Statuses {
				st := Status{MessageID: s.ID, Status: s.Status, At: unixTime(s.Timestamp), Recipient: s.RecipientID}
				for _, e := range s.Errors {
					st.Error = strings.TrimSpace(st.Error + " (#" + strconv.Itoa(e.Code) + ") " + e.Title)
				}
				d.Statuses = append(d.Statuses, st)
			}
		}
	}
	return d, nil
}

// unixTime reads the webhook's timestamps (seconds since the epoch, as a string); zero when
// unreadable.
func unixTime(s string) time.Time {
	sec, err := strconv.ParseInt(s, 10, 64)
	if err != nil || sec <= 0 {
		return time.Time{}
	}
	return time.Unix(sec, 0).UTC()
}
