package main

import (
	"encoding/base64"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"drape/internal/account"
	"drape/internal/cart"
	"drape/internal/catalog"
	"drape/internal/order"
	"drape/internal/platform/config"
	"drape/internal/platform/objectstore"
	"drape/internal/platform/redisconn"
	"drape/internal/provider/razorpay"
	"drape/internal/provider/shiprocket"
	"drape/internal/provider/whatsapp"
	"drape/internal/returns"
)

// Config is everything the server reads from its environment, once, at start.
type Config struct {
	BindAddr        string             // BIND_ADDR: interface to listen on
	Port            int                // PORT
	MetricsAddr     string             // METRICS_ADDR: where /metrics listens; empty turns it off
	PublicURL       string             // PUBLIC_URL: the shop's address as shoppers see it
	AllowedOrigins  []string           // ALLOWED_ORIGINS: browser origins allowed on the websocket
	DatabaseURL     string             // DATABASE_URL
	DatabaseReadURL string             // DATABASE_READ_URL: a streaming replica for the storefront's catalog reads; empty: the primary
	DatabaseConns   int                // DATABASE_MAX_CONNS
	Redis           redisconn.Config   // REDIS_URL, or REDIS_SENTINELS and REDIS_MASTER_NAME
	RealtimeChannel string             // REALTIME_CHANNEL: Redis pub/sub channel of live events
	ClientDir       string             // CLIENT_DIR: the built client (index.html and assets/)
	UploadsDir      string             // UPLOADS_DIR: product, sub-category and sale images, unless S3 names a bucket
	S3              objectstore.Config // S3_*: the bucket uploads go to instead of UPLOADS_DIR
	TrustedProxies  []string           // TRUSTED_PROXIES: balancer addresses whose X-Forwarded-For names the client
	BodyLimit       int                // BODY_LIMIT_BYTES
	RequestTimeout  time.Duration      // REQUEST_TIMEOUT: the most one request may take
	DrainDelay      time.Duration      // DRAIN_DELAY: /readyz answers 503 this long before the listener closes
	ListingFresh    time.Duration      // LISTING_FRESH: how long a listing page is served from memory before it reloads; 0 reads every request from the database
	ShutdownTimeout time.Duration      // SHUTDOWN_TIMEOUT
	LogLevel        slog.Level         // LOG_LEVEL
	JWTSecret       string             // JWT_SECRET: signs session tokens and keys reset codes (32+ characters)
	// PayoutKey seals COD shoppers' refund details (RETURN_PAYOUT_KEY: 32 bytes, base64); unset,
	// it is derived from JWT_SECRET (returnPayoutKey).
	PayoutKey string
	Google    GoogleConfig // GOOGLE_CLIENT_ID, GOOGLE_ISSUER, GOOGLE_CERTS_URL, GOOGLE_SCRIPT_URL
	// Razorpay is online payment: RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET,
	// RAZORPAY_API_URL, RAZORPAY_CHECKOUT_URL. Off without keys (cash on delivery only).
	Razorpay razorpay.Config
	// Shiprocket is the courier account; the server uses its webhook token
	// (SHIPROCKET_WEBHOOK_TOKEN) to trust status updates.
	Shiprocket shiprocket.Config
	// WhatsApp is the WhatsApp Business account; the server uses its app secret
	// (WHATSAPP_APP_SECRET) to trust the webhook's replies and status callbacks, and its verify
	// token (WHATSAPP_VERIFY_TOKEN) for Meta's subscription handshake.
	WhatsApp whatsapp.Config
	// PickupLocation is the courier pickup address's nickname on shipments (PICKUP_LOCATION).
	PickupLocation string
	// LiveSockets caps this server's websocket connections (WS_MAX_CONNECTIONS) and those from
	// one client address (WS_MAX_CONNECTIONS_PER_ADDRESS).
	LiveSockets, LiveSocketsPerAddress int
	// PasswordCost is argon2id's cost for new password hashes (PASSWORD_COST): "strong" (the
	// default, account.StrongPasswordCost) or "test" (account.TestPasswordCost), which the test
	// stacks set and which is refused unless BIND_ADDR and PUBLIC_URL are both on loopback, so a
	// shop that anyone can reach never stores cheap hashes.
	PasswordCost account.PasswordCost
	// Unpaid bounds the stock unpaid online orders hold: UNPAID_UNITS_PER_SIZE,
	// UNPAID_ORDERS_PER_DAY, PAYMENT_STARTS_PER_ACCOUNT, PAYMENT_STARTS_PER_ADDRESS.
	Unpaid UnpaidLimits
}

// UnpaidLimits bound what one account or client address can hold in orders awaiting online
// payment.
type UnpaidLimits struct {
	UnitsPerSize     int // units of one size one order awaiting payment may hold
	OrdersPerDay     int // online orders one account may leave unpaid in 24 hours
	StartsPerAccount int // payment starts per account per hour
	StartsPerAddress int // payment starts per client address per hour
}

// The websocket caps when unset: one tab holds one socket, so 50 from one address leaves room
// for an office or a carrier-grade NAT, and 20,000 sockets take about 30 MB of this server's
// memory (bench: 1.4 KB each) and as many file descriptors.
const (
	defaultLiveSockets           = 20_000
	defaultLiveSocketsPerAddress = 50
)

// GoogleConfig is Google sign-in: off without a client id. Sim plays Google in development.
type GoogleConfig struct {
	ClientID  string
	Issuer    string
	CertsURL  string
	ScriptURL string
}

func loadConfig(getenv func(string) string) (Config, error) {
	r := config.NewReader(getenv)
	c := Config{
		BindAddr:        r.String("BIND_ADDR", "127.0.0.1"),
		Port:            r.Int("PORT", 8080, 1, 65535),
		MetricsAddr:     r.String("METRICS_ADDR", ""),
		DatabaseURL:     r.URL("DATABASE_URL", "", true, "postgres", "postgresql"),
		DatabaseReadURL: r.URL("DATABASE_READ_URL", "", false, "postgres", "postgresql"),
		DatabaseConns:   r.Int("DATABASE_MAX_CONNS", 20, 2, 500),
		Redis:           redisconn.ReadConfig(r),
		RealtimeChannel: r.String("REALTIME_CHANNEL", "drape:events"),
		ClientDir:       r.String("CLIENT_DIR", "client/dist"),
		UploadsDir:      r.String("UPLOADS_DIR", "uploads"),
		S3:              objectstore.ReadConfig(r),
		BodyLimit:       r.Int("BODY_LIMIT_BYTES", 1<<20, 1024, 64<<20),
		RequestTimeout:  r.Duration("REQUEST_TIMEOUT", 15*time.Second, time.Second, 5*time.Minute),
		DrainDelay:      r.Duration("DRAIN_DELAY", 0, 0, time.Minute),
		ListingFresh:    r.Duration("LISTING_FRESH", catalog.ListingFresh, 0, time.Minute),
		ShutdownTimeout: r.Duration("SHUTDOWN_TIMEOUT", 15*time.Second, time.Second, 5*time.Minute),
		LiveSockets:     r.Int("WS_MAX_CONNECTIONS", defaultLiveSockets, 1, 1_000_000),
	}
	c.LiveSocketsPerAddress = r.Int("WS_MAX_CONNECTIONS_PER_ADDRESS", min(defaultLiveSocketsPerAddress, c.LiveSockets), 1, c.LiveSockets)
	c.PublicURL = strings.TrimRight(r.URL("PUBLIC_URL", "http://127.0.0.1:"+strconv.Itoa(c.Port), false, "http", "https"), "/")
	c.AllowedOrigins = r.List("ALLOWED_ORIGINS", nil)
	c.TrustedProxies = r.List("TRUSTED_PROXIES", nil)
	c.JWTSecret = r.Required("JWT_SECRET")
	c.PayoutKey = r.String("RETURN_PAYOUT_KEY", "")
	c.Google = GoogleConfig{
		ClientID:  r.String("GOOGLE_CLIENT_ID", ""),
		Issuer:    r.String("GOOGLE_ISSUER", "https://accounts.google.com"),
		CertsURL:  r.URL("GOOGLE_CERTS_URL", "https://www.googleapis.com/oauth2/v3/certs", false, "http", "https"),
		ScriptURL: r.URL("GOOGLE_SCRIPT_URL", "https://accounts.google.com/gsi/client", false, "http", "https"),
	}
	c.Razorpay = razorpay.ReadConfig(r)
	c.Shiprocket = shiprocket.ReadConfig(r)
	c.WhatsApp = whatsapp.ReadConfig(r)
	c.PickupLocation = r.String("PICKUP_LOCATION", "Primary")
	c.Unpaid = UnpaidLimits{
		UnitsPerSize:     r.Int("UNPAID_UNITS_PER_SIZE", order.DefaultUnpaidUnitsPerSize, 1, cart.MaxQuantity),
		OrdersPerDay:     r.Int("UNPAID_ORDERS_PER_DAY", order.DefaultUnpaidOrdersPerDay, 1, 1000),
		StartsPerAccount: r.Int("PAYMENT_STARTS_PER_ACCOUNT", 10, 1, 10000),
		StartsPerAddress: r.Int("PAYMENT_STARTS_PER_ADDRESS", 60, 1, 100000),
	}
	passwordCost := r.OneOf("PASSWORD_COST", "strong", "strong", "test")
	level := r.OneOf("LOG_LEVEL", "info", "debug", "info", "warn", "error")
	_ = c.LogLevel.UnmarshalText([]byte(level)) // OneOf allowed only names it knows
	if err := r.Err(); err != nil {
		return Config{}, err
	}
	c.PasswordCost = account.StrongPasswordCost
	if passwordCost == "test" {
		if !loopbackHost(c.BindAddr) || !loopbackURL(c.PublicURL) {
			return Config{}, fmt.Errorf("bad configuration:\n  PASSWORD_COST: test is only for a test stack on this machine (BIND_ADDR %s and PUBLIC_URL %s must be on loopback)", c.BindAddr, c.PublicURL)
		}
		c.PasswordCost = account.TestPasswordCost
	}
	if len(c.JWTSecret) < 32 {
		return Config{}, fmt.Errorf("bad configuration:\n  JWT_SECRET: must be at least 32 characters (e.g. head -c 32 /dev/urandom | base64)")
	}
	if key, err := base64.StdEncoding.DecodeString(c.PayoutKey); c.PayoutKey != "" && (err != nil || len(key) != returns.PayoutKeySize) {
		return Config{}, fmt.Errorf("bad configuration:\n  RETURN_PAYOUT_KEY: must be 32 bytes in base64 (e.g. head -c 32 /dev/urandom | base64)")
	}
	origins := append(c.AllowedOrigins, c.PublicURL,
		fmt.Sprintf("http://127.0.0.1:%d", c.Port), fmt.Sprintf("http://localhost:%d", c.Port))
	c.AllowedOrigins = c.AllowedOrigins[:0:0]
	for _, o := range origins {
		c.AllowedOrigins = append(c.AllowedOrigins, normalOrigin(o))
	}
	return c, nil
}

// loopbackHost reports whether host (a name or an address) is this machine only.
func loopbackHost(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

// loopbackURL reports whether raw's host is this machine only.
func loopbackURL(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && loopbackHost(u.Hostname())
}

// normalOrigin is an origin as browsers send it: lowercase scheme and host, no default port,
// no path ("HTTPS://Shop.example:443/" → "https://shop.example").
func normalOrigin(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" {
		return strings.ToLower(strings.TrimRight(raw, "/"))
	}
	scheme, host := strings.ToLower(u.Scheme), strings.ToLower(u.Host)
	if (scheme == "https" && strings.HasSuffix(host, ":443")) || (scheme == "http" && strings.HasSuffix(host, ":80")) {
		host = host[:strings.LastIndex(host, ":")]
	}
	return scheme + "://" + host
}

// LogValue is the config for logs, secrets masked.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("bind_addr", c.BindAddr),
		slog.Int("port", c.Port),
		slog.String("metrics_addr", c.MetricsAddr),
		slog.String("public_url", c.PublicURL),
		slog.Any("allowed_origins", c.AllowedOrigins),
		slog.String("database_url", config.Mask(c.DatabaseURL)),
		slog.String("database_read_url", config.Mask(c.DatabaseReadURL)),
		slog.Int("database_max_conns", c.DatabaseConns),
		slog.Any("redis", c.Redis),
		slog.String("realtime_channel", c.RealtimeChannel),
		slog.String("client_dir", c.ClientDir),
		slog.String("uploads_dir", c.UploadsDir),
		slog.Any("s3", c.S3),
		slog.Any("trusted_proxies", c.TrustedProxies),
		slog.Int("ws_max_connections", c.LiveSockets),
		slog.Int("ws_max_connections_per_address", c.LiveSocketsPerAddress),
		slog.Int("body_limit_bytes", c.BodyLimit),
		slog.Duration("request_timeout", c.RequestTimeout),
		slog.Duration("listing_fresh", c.ListingFresh),
		slog.Duration("drain_delay", c.DrainDelay),
		slog.Duration("shutdown_timeout", c.ShutdownTimeout),
		slog.String("log_level", c.LogLevel.String()),
		slog.Any("unpaid_limits", c.Unpaid),
		slog.Any("password_cost", c.PasswordCost),
		slog.String("jwt_secret", config.Mask(c.JWTSecret)),
		slog.String("return_payout_key", config.Mask(c.PayoutKey)),
		slog.String("google_client_id", c.Google.ClientID),
		slog.String("google_issuer", c.Google.Issuer),
		slog.String("google_certs_url", c.Google.CertsURL),
		slog.String("google_script_url", c.Google.ScriptURL),
		slog.Any("razorpay", c.Razorpay),
		slog.Any("shiprocket", c.Shiprocket),
		slog.Any("whatsapp", c.WhatsApp),
		slog.String("pickup_location", c.PickupLocation),
	)
}
