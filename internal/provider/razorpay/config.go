package razorpay

import (
	"log/slog"
	"strings"

	"drape/internal/platform/config"
)

// Config is the shop's Razorpay account as its processes read it from the environment:
// RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET, RAZORPAY_API_URL and
// RAZORPAY_CHECKOUT_URL. Without a key id and secret online payment is off.
type Config struct {
	KeyID         string
	KeySecret     string
	WebhookSecret string
	APIURL        string // e.g. https://api.razorpay.com (sim in development)
	CheckoutURL   string // the checkout script the browser loads
}

// ReadConfig reads the Razorpay keys through r, which collects any bad values.
func ReadConfig(r *config.Reader) Config {
	return Config{
		KeyID:         r.String("RAZORPAY_KEY_ID", ""),
		KeySecret:     r.String("RAZORPAY_KEY_SECRET", ""),
		WebhookSecret: r.String("RAZORPAY_WEBHOOK_SECRET", ""),
		APIURL:        r.URL("RAZORPAY_API_URL", "https://api.razorpay.com", false, "http", "https"),
		CheckoutURL:   r.URL("RAZORPAY_CHECKOUT_URL", "https://checkout.razorpay.com/v1/checkout.js", false, "http", "https"),
	}
}

// Enabled reports whether the account is configured.
func (c Config) Enabled() bool { return c.KeyID != "" && c.KeySecret != "" }

// LogValue is the config for logs, secrets masked.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("key_id", c.KeyID),
		slog.String("key_secret", config.Mask(c.KeySecret)),
		slog.String("webhook_secret", config.Mask(c.WebhookSecret)),
		slog.String("api_url", c.APIURL),
		slog.String("checkout_url", c.CheckoutURL),
	)
}

// NewClient is a client for the configured account, or nil when it is not configured.
func (c Config) NewClient() *Client {
	if !c.Enabled() {
		return nil
	}
	return New(c.APIURL, c.KeyID, c.KeySecret, nil)
}

// Settings is what the back office shows of the Razorpay account: never a secret, only
// whether each is set, and what to configure on Razorpay's dashboard.
type Settings struct {
	Enabled          bool     `json:"enabled"`
	KeyID            string   `json:"keyId"`
	Mode             string   `json:"mode"` // test, live or "" (not configured)
	KeySecretSet     bool     `json:"keySecretSet"`
	WebhookSecretSet bool     `json:"webhookSecretSet"`
	WebhookURL       string   `json:"webhookUrl"`
	WebhookEvents    []string `json:"webhookEvents"`
}

// WebhookEvents are the events the shop acts on; the Razorpay dashboard's webhook must send them.
var WebhookEvents = []string{"payment.captured", "payment.failed", "order.paid", "refund.processed", "refund.failed"}

// Settings describes the account for the back office; webhookURL is where the shop receives
// Razorpay's webhooks.
func (c Config) Settings(webhookURL string) Settings {
	mode := ""
	switch {
	case strings.HasPrefix(c.KeyID, "rzp_live_"):
		mode = "live"
	case c.KeyID != "":
		mode = "test"
	}
	return Settings{Enabled: c.Enabled(), KeyID: c.KeyID, Mode: mode, KeySecretSet: c.KeySecret != "",
		WebhookSecretSet: c.WebhookSecret != "", WebhookURL: webhookURL, WebhookEvents: WebhookEvents}
}
