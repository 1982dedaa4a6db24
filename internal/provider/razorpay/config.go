package razorpay

import (
	"log/slog"

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
