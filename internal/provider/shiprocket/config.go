package shiprocket

import (
	"log/slog"

	"github.com/redis/go-redis/v9"

	"drape/internal/platform/config"
)

// Config is the shop's Shiprocket account as its processes read it from the
// environment: SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD (the API user),
// SHIPROCKET_API_URL, and SHIPROCKET_WEBHOOK_TOKEN (the shared secret Shiprocket
// sends in x-api-key with every status webhook). Without an API user, pushing
// orders to Shiprocket is off. The pickup location is the worker's
// PICKUP_LOCATION.
type Config struct {
	Credentials Credentials
	// APIURL is e.g. DefaultBaseURL (sim in development).
	APIURL string
	// WebhookToken is what the status webhook's x-api-key must be; empty refuses every webhook.
	WebhookToken string
}

// ReadConfig reads the Shiprocket account through r, which collects any bad values.
func ReadConfig(r *config.Reader) Config {
	return Config{
		Credentials: Credentials{
			Email:    r.String("SHIPROCKET_EMAIL", ""),
			Password: r.String("SHIPROCKET_PASSWORD", ""),
		},
		APIURL:       r.URL("SHIPROCKET_API_URL", DefaultBaseURL, false, "http", "https"),
		WebhookToken: r.String("SHIPROCKET_WEBHOOK_TOKEN", ""),
	}
}

// Enabled reports whether an API user is configured.
func (c Config) Enabled() bool { return c.Credentials.Email != "" && c.Credentials.Password != "" }

// LogValue is the config for logs, secrets masked.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("email", c.Credentials.Email),
		slog.String("password", config.Mask(c.Credentials.Password)),
		slog.String("api_url", c.APIURL),
		slog.String("webhook_token", config.Mask(c.WebhookToken)),
	)
}

// String is the config with its secrets masked, as LogValue shows it.
func (c Config) String() string { return c.LogValue().String() }

// VerifyWebhook reports whether apiKey (a webhook's x-api-key header) is the
// configured webhook token; see VerifyWebhookToken.
func (c Config) VerifyWebhook(apiKey string) bool { return VerifyWebhookToken(c.WebhookToken, apiKey) }

// NewSession is a session for the configured API URL caching tokens in cache,
// or nil when the account is not configured.
func (c Config) NewSession(cache redis.Cmdable) *Session {
	if !c.Enabled() {
		return nil
	}
	return NewSession(New(c.APIURL, nil), cache)
}
