// Package msg91 is a client of MSG91's Flow API, the Indian SMS gateway the shop sends
// transactional SMS through: POST /api/v5/flow with the authkey header, a Flow template id
// (mapped in MSG91's panel to the DLT template it was registered under) and the recipients
// with their template variables VAR1, VAR2… (INDIA.md §5).
//
// It knows no domain. Like WhatsApp's, the API has no idempotency key; Error says whether the
// API answered, so a caller can tell "refused" from "unknown".
package msg91

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

// DefaultBaseURL is MSG91's control API.
const DefaultBaseURL = "https://control.msg91.com"

// Config is the shop's MSG91 account as its processes read it from the environment:
// MSG91_API_URL and MSG91_AUTHKEY. Without an authkey, SMS wait and retry.
type Config struct {
	APIURL  string
	AuthKey string
}

// ReadConfig reads the account through r, which collects any bad values.
func ReadConfig(r *config.Reader) Config {
	return Config{
		APIURL:  strings.TrimRight(r.URL("MSG91_API_URL", DefaultBaseURL, false, "http", "https"), "/"),
		AuthKey: r.String("MSG91_AUTHKEY", ""),
	}
}

// Enabled reports whether an authkey is configured.
func (c Config) Enabled() bool { return c.AuthKey != "" }

// LogValue is the config for logs, the key masked.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(slog.String("api_url", c.APIURL), slog.String("authkey", config.Mask(c.AuthKey)))
}

// Client sends Flow SMS.
type Client struct {
	cfg  Config
	http *http.Client
}

// New is a client for cfg; hc nil means a client with a 10 s timeout.
func New(cfg Config, hc *http.Client) *Client {
	if hc == nil {
		hc = &http.Client{Timeout: 10 * time.Second}
	}
	return &Client{cfg: cfg, http: hc}
}

// Error is an error answer: {"type":"error","message":…} (sometimes with a "code") and its
// HTTP status.
type Error struct {
	Status  int
	Message string
}

func (e *Error) Error() string { return fmt.Sprintf("msg91: HTTP %d: %s", e.Status, e.Message) }

// HTTPStatus is the status the API answered with: the request was answered, not lost.
func (e *Error) HTTPStatus() int { return e.Status }

// ErrNoID is a success answer without a request id: MSG91 took the SMS.
var ErrNoID = errors.New("msg91: accepted, but the answer has no request id")

type reply struct {
	Type    string `json:"type"`
	Message string `json:"message"`
}

// Send sends Flow template templateID to mobile (country code and number, digits only, e.g.
// "919829012345") with vars as VAR1, VAR2…, and returns MSG91's request id. Errors: *Error
// when MSG91 answered with an error; otherwise the transport's error, after which the SMS may
// or may not have been sent.
func (c *Client) Send(ctx context.Context, templateID, mobile string, vars []string) (string, error) {
	recipient := map[string]string{"mobiles": mobile}
	for i, v := range vars {
		recipient["VAR"+strconv.Itoa(i+1)] = v
	}
	b, err := json.Marshal(map[string]any{"template_id": templateID, "short_url": "0", "recipients": []map[string]string{recipient}})
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.APIURL+"/api/v5/flow", bytes.NewReader(b))
	if err != nil {
		return "", err
	}
	req.Header.Set("authkey", c.cfg.AuthKey)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("msg91: %w", err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return "", fmt.Errorf("msg91: reading the answer: %w", err)
	}
	var r reply
	decodeErr := json.Unmarshal(raw, &r)
	if resp.StatusCode/100 != 2 || r.Type == "error" {
		msg := r.Message
		if decodeErr != nil || msg == "" {
			msg = strings.TrimSpace(string(raw))
		}
		status := resp.StatusCode
		if status/100 == 2 {
			status = http.StatusBadRequest // an error in a 200: refused all the same
		}
		return "", &Error{Status: status, Message: msg}
	}
	if decodeErr != nil || r.Message == "" {
		return "", errors.Join(ErrNoID, decodeErr)
	}
	return r.Message, nil
}
