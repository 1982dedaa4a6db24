// Package whatsapp is a client of the WhatsApp Business Cloud API (Meta's Graph API) for the
// one call the shop makes: send an approved template message to a phone,
// POST /{version}/{phone-number-id}/messages with a bearer token (INDIA.md §5).
//
// It knows no domain. The API has no idempotency key: a request whose answer is lost may have
// been sent, and the caller decides what to do about that (package notify never sends it
// again). Error says whether the API answered, so a caller can tell "refused" from "unknown".
package whatsapp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"drape/internal/platform/config"
)

// DefaultBaseURL is the Graph API's address.
const DefaultBaseURL = "https://graph.facebook.com"

// DefaultVersion is the Graph API version the client calls.
const DefaultVersion = "v21.0"

// Config is the shop's WhatsApp Business account as its processes read it from the
// environment: WHATSAPP_API_URL, WHATSAPP_API_VERSION, WHATSAPP_PHONE_NUMBER_ID (the sending
// number's id in Meta's business manager) and WHATSAPP_TOKEN (a system user's access token).
// Without a phone number id and token, WhatsApp messages wait and retry. The webhook that
// hears replies and status callbacks reads WHATSAPP_APP_SECRET (the Meta app's secret, which
// signs each delivery) and WHATSAPP_VERIFY_TOKEN (answered in the subscription handshake);
// without an app secret the webhook refuses every delivery.
type Config struct {
	APIURL        string
	Version       string
	PhoneNumberID string
	Token         string
	AppSecret     string
	VerifyToken   string
}

// ReadConfig reads the account through r, which collects any bad values.
func ReadConfig(r *config.Reader) Config {
	return Config{
		APIURL:        strings.TrimRight(r.URL("WHATSAPP_API_URL", DefaultBaseURL, false, "http", "https"), "/"),
		Version:       r.String("WHATSAPP_API_VERSION", DefaultVersion),
		PhoneNumberID: r.String("WHATSAPP_PHONE_NUMBER_ID", ""),
		Token:         r.String("WHATSAPP_TOKEN", ""),
		AppSecret:     r.String("WHATSAPP_APP_SECRET", ""),
		VerifyToken:   r.String("WHATSAPP_VERIFY_TOKEN", ""),
	}
}

// Enabled reports whether a number and token are configured.
func (c Config) Enabled() bool { return c.PhoneNumberID != "" && c.Token != "" }

// LogValue is the config for logs, the token masked.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(slog.String("api_url", c.APIURL), slog.String("version", c.Version),
		slog.String("phone_number_id", c.PhoneNumberID), slog.String("token", config.Mask(c.Token)),
		slog.String("app_secret", config.Mask(c.AppSecret)), slog.String("verify_token", config.Mask(c.VerifyToken)))
}

// Client sends template messages from one business phone number.
type Client struct {
	cfg  Config
	http *http.Client
}

// New is a client for cfg; hc nil means a client with a 10 s timeout.
func New(cfg Config, hc *http.Client) *Client {
	if hc == nil {
		hc = &http.Client{Timeout: 10 * time.Second}
	}
	if cfg.Version == "" {
		cfg.Version = DefaultVersion
	}
	return &Client{cfg: cfg, http: hc}
}

// Template is an approved message template, the values of its body's {{1}}, {{2}}… and the
// payloads of its quick-reply buttons, in order: a tap on button i comes back to the webhook
// as a message of type "button" carrying Buttons[i] (webhook.go).
type Template struct {
	Name     string
	Language string // e.g. "en"
	Params   []string
	Buttons  []string
}

// Error is an error answer of the Graph API: {"error":{message,type,code,error_subcode,
// error_data,fbtrace_id}} with its HTTP status.
type Error struct {
	Status    int    `json:"-"`
	Message   string `json:"message"`
	Type      string `json:"type"`
	Code      int    `json:"code"`
	Subcode   int    `json:"error_subcode"`
	FBTraceID string `json:"fbtrace_id"`
}

func (e *Error) Error() string {
	return fmt.Sprintf("whatsapp: HTTP %d: (#%d) %s", e.Status, e.Code, e.Message)
}

// HTTPStatus is the status the API answered with: the request was answered, not lost.
func (e *Error) HTTPStatus() int { return e.Status }

type param struct {
	Type    string `json:"type"`
	Text    string `json:"text,omitempty"`
	Payload string `json:"payload,omitempty"`
}

type component struct {
	Type       string  `json:"type"`
	SubType    string  `json:"sub_type,omitempty"`
	Index      string  `json:"index,omitempty"`
	Parameters []param `json:"parameters"`
}

type request struct {
	MessagingProduct string `json:"messaging_product"`
	RecipientType    string `json:"recipient_type"`
	To               string `json:"to"`
	Type             string `json:"type"`
	Template         struct {
		Name     string `json:"name"`
		Language struct {
			Code string `json:"code"`
		} `json:"language"`
		Components []component `json:"components,omitempty"`
	} `json:"template"`
}

type reply struct {
	Messages []struct {
		ID string `json:"id"`
	} `json:"messages"`
	Error *Error `json:"error"`
}

// Send sends template t to phone to (country code and number, digits only, e.g.
// "919829012345") and returns the message id the API gave it ("wamid.…"). Errors: *Error when
// the API answered with an error; otherwise the transport's error, after which the message may
// or may not have been sent.
func (c *Client) Send(ctx context.Context, to string, t Template) (string, error) {
	var body request
	body.MessagingProduct, body.RecipientType, body.To, body.Type = "whatsapp", "individual", to, "template"
	body.Template.Name, body.Template.Language.Code = t.Name, t.Language
	if len(t.Params) > 0 {
		c := component{Type: "body"}
		for _, p := range t.Params {
			c.Parameters = append(c.Parameters, param{Type: "text", Text: p})
		}
		body.Template.Components = []component{c}
	}
	for i, payload := range t.Buttons {
		body.Template.Components = append(body.Template.Components, component{Type: "button", SubType: "quick_reply",
			Index: strconv.Itoa(i), Parameters: []param{{Type: "payload", Payload: payload}}})
	}
	b, err := json.Marshal(body)
	if err != nil {
		return "", err
	}
	url := c.cfg.APIURL + "/" + c.cfg.Version + "/" + c.cfg.PhoneNumberID + "/messages"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(b))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+c.cfg.Token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("whatsapp: %w", err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return "", fmt.Errorf("whatsapp: reading the answer: %w", err)
	}
	var r reply
	decodeErr := json.Unmarshal(raw, &r)
	if resp.StatusCode/100 != 2 {
		if r.Error == nil {
			r.Error = &Error{Message: strings.TrimSpace(string(raw))}
		}
		r.Error.Status = resp.StatusCode
		return "", r.Error
	}
	if decodeErr != nil || len(r.Messages) == 0 || r.Messages[0].ID == "" {
		// Answered 2xx: the message was accepted, only its id is unreadable.
		return "", errors.Join(ErrNoID, decodeErr)
	}
	return r.Messages[0].ID, nil
}

// ErrNoID is a 2xx answer without a message id: the API took the message.
var ErrNoID = errors.New("whatsapp: accepted, but the answer has no message id")
