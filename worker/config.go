package main

import (
	"log/slog"
	"strings"
	"time"

	"drape/internal/platform/config"
	"drape/internal/platform/redisconn"
	"drape/internal/provider/mail"
	"drape/internal/provider/msg91"
	"drape/internal/provider/razorpay"
	"drape/internal/provider/shiprocket"
	"drape/internal/provider/whatsapp"
)

// Config is everything the worker reads from its environment, once, at start.
type Config struct {
	DatabaseURL     string           // DATABASE_URL
	Redis           redisconn.Config // REDIS_URL, or REDIS_SENTINELS and REDIS_MASTER_NAME
	RealtimeChannel string           // REALTIME_CHANNEL: Redis pub/sub channel of live events
	Concurrency     int              // WORKER_CONCURRENCY: jobs run at once by this process
	MetricsAddr     string           // WORKER_METRICS_ADDR: /healthz, /metrics and /queues/; empty turns it off
	// OpsToken opens the job queues' page (/queues/ on MetricsAddr) to whoever gives it
	// (OPS_TOKEN); empty leaves the page off.
	OpsToken        string
	ShutdownTimeout time.Duration // SHUTDOWN_TIMEOUT: how long running jobs get to finish
	Mail            mail.Config   // SMTP_HOST, SMTP_PORT, SMTP_USERNAME, SMTP_PASSWORD, SMTP_FROM, SMTP_TLS
	LogLevel        slog.Level    // LOG_LEVEL
	// Razorpay is the payment account refunds and reconciliation use (see the server's).
	Razorpay razorpay.Config
	// Shiprocket is the courier account shipments are pushed to (SHIPROCKET_EMAIL,
	// SHIPROCKET_PASSWORD, SHIPROCKET_API_URL); without one, pushes wait and retry.
	Shiprocket shiprocket.Config
	// WhatsApp and MSG91 are the accounts order updates are sent through (WHATSAPP_*,
	// MSG91_*); a channel without one keeps its messages waiting.
	WhatsApp whatsapp.Config
	MSG91    msg91.Config
	// ShopName is the reseller name on parcels (SHOP_NAME).
	ShopName string
	// ShipmentRetryDelay is the first wait before a courier job is retried; each retry
	// waits twice as long, up to ShipmentRetryMaxDelay (SHIPMENT_RETRY_DELAY,
	// SHIPMENT_RETRY_MAX_DELAY). With the defaults a push is given up (and flagged for
	// staff) after about three hours of failures.
	ShipmentRetryDelay    time.Duration
	ShipmentRetryMaxDelay time.Duration
	// RequeueAfter is how long a shipment push or a mail may stay undone before the sweeper
	// queues its job again, in case Redis lost it (JOB_REQUEUE_AFTER).
	RequeueAfter time.Duration
	// JobPollInterval is how often retries and scheduled jobs that came due are moved to
	// their queues (JOB_POLL_INTERVAL).
	JobPollInterval time.Duration
	// TrackAfter is how long a shipment may go without news before the worker asks the
	// courier about it (SHIPMENT_TRACK_AFTER).
	TrackAfter time.Duration
	// ShopperRetention is how long after a shopper's last sign-in their personal data is kept:
	// they are warned by mail 48 hours before it ends, then erased (SHOPPER_RETENTION_DAYS, 0 for
	// no limit; README "Privacy and data rights").
	ShopperRetention time.Duration
	// MessageLogRetention is how long the log of sent mails and WhatsApp and SMS messages is kept,
	// with their addresses, numbers and words (MESSAGE_LOG_DAYS, 0 for no limit).
	MessageLogRetention time.Duration
	// PublicURL is the shop's address, for links in mails (PUBLIC_URL).
	PublicURL string
	// LinkSecret signs the links in mails the servers check (JWT_SECRET, the servers' own).
	LinkSecret string
	// PickupLocation names the courier pickup address on shipments (PICKUP_LOCATION).
	PickupLocation string
	// SweepInterval is how often unpaid orders are expired and stale ones reconciled
	// (ORDER_SWEEP_INTERVAL).
	SweepInterval time.Duration
}

func loadConfig(getenv func(string) string) (Config, error) {
	r := config.NewReader(getenv)
	c := Config{
		DatabaseURL:     r.URL("DATABASE_URL", "", true, "postgres", "postgresql"),
		Redis:           redisconn.ReadConfig(r),
		RealtimeChannel: r.String("REALTIME_CHANNEL", "drape:events"),
		Concurrency:     r.Int("WORKER_CONCURRENCY", 10, 1, 500),
		MetricsAddr:     r.String("WORKER_METRICS_ADDR", ""),
		OpsToken:        r.String("OPS_TOKEN", ""),
		ShutdownTimeout: r.Duration("SHUTDOWN_TIMEOUT", 15*time.Second, time.Second, 5*time.Minute),
		Mail: mail.Config{
			Host:     r.Required("SMTP_HOST"),
			Port:     r.Int("SMTP_PORT", 587, 1, 65535),
			Username: r.String("SMTP_USERNAME", ""),
			Password: r.String("SMTP_PASSWORD", ""),
			From:     r.Required("SMTP_FROM"),
			TLS:      r.OneOf("SMTP_TLS", "starttls", "none", "starttls", "tls"),
		},
	}
	c.Razorpay = razorpay.ReadConfig(r)
	c.Shiprocket = shiprocket.ReadConfig(r)
	c.WhatsApp = whatsapp.ReadConfig(r)
	c.MSG91 = msg91.ReadConfig(r)
	c.ShopName = r.String("SHOP_NAME", "drape")
	c.ShipmentRetryDelay = r.Duration("SHIPMENT_RETRY_DELAY", 10*time.Second, time.Millisecond, time.Hour)
	c.ShipmentRetryMaxDelay = r.Duration("SHIPMENT_RETRY_MAX_DELAY", 30*time.Minute, time.Millisecond, 24*time.Hour)
	c.RequeueAfter = r.Duration("JOB_REQUEUE_AFTER", 10*time.Minute, time.Second, 24*time.Hour)
	c.JobPollInterval = r.Duration("JOB_POLL_INTERVAL", time.Second, 10*time.Millisecond, time.Minute)
	c.TrackAfter = r.Duration("SHIPMENT_TRACK_AFTER", time.Hour, time.Second, 7*24*time.Hour)
	c.ShopperRetention = time.Duration(r.Int("SHOPPER_RETENTION_DAYS", 1095, 0, 36500)) * 24 * time.Hour
	c.MessageLogRetention = time.Duration(r.Int("MESSAGE_LOG_DAYS", 180, 0, 36500)) * 24 * time.Hour
	c.PublicURL = strings.TrimRight(r.URL("PUBLIC_URL", "http://127.0.0.1:8080", false, "http", "https"), "/")
	c.PickupLocation = r.String("PICKUP_LOCATION", "Primary")
	c.LinkSecret = r.String("JWT_SECRET", "")
	c.SweepInterval = r.Duration("ORDER_SWEEP_INTERVAL", 30*time.Second, time.Second, time.Hour)
	level := r.OneOf("LOG_LEVEL", "info", "debug", "info", "warn", "error")
	_ = c.LogLevel.UnmarshalText([]byte(level)) // OneOf allowed only names it knows
	return c, r.Err()
}

// LogValue is the config for logs, secrets masked.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("database_url", config.Mask(c.DatabaseURL)),
		slog.Any("redis", c.Redis),
		slog.String("realtime_channel", c.RealtimeChannel),
		slog.Int("concurrency", c.Concurrency),
		slog.String("metrics_addr", c.MetricsAddr),
		slog.String("ops_token", config.Mask(c.OpsToken)),
		slog.Duration("shutdown_timeout", c.ShutdownTimeout),
		slog.String("smtp_host", c.Mail.Host),
		slog.Int("smtp_port", c.Mail.Port),
		slog.String("smtp_username", c.Mail.Username),
		slog.String("smtp_password", config.Mask(c.Mail.Password)),
		slog.String("smtp_from", c.Mail.From),
		slog.String("smtp_tls", c.Mail.TLS),
		slog.String("log_level", c.LogLevel.String()),
		slog.Any("razorpay", c.Razorpay),
		slog.Any("shiprocket", c.Shiprocket),
		slog.Any("whatsapp", c.WhatsApp),
		slog.Any("msg91", c.MSG91),
		slog.String("shop_name", c.ShopName),
		slog.Duration("shipment_retry_delay", c.ShipmentRetryDelay),
		slog.Duration("shipment_retry_max_delay", c.ShipmentRetryMaxDelay),
		slog.Duration("job_poll_interval", c.JobPollInterval),
		slog.Duration("job_requeue_after", c.RequeueAfter),
		slog.Duration("shipment_track_after", c.TrackAfter),
		slog.Duration("shopper_retention", c.ShopperRetention),
		slog.Duration("message_log_retention", c.MessageLogRetention),
		slog.String("public_url", c.PublicURL),
		slog.String("pickup_location", c.PickupLocation),
		slog.Duration("order_sweep_interval", c.SweepInterval),
	)
}
