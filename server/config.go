package main

import (
	"fmt"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"time"

	"drape/internal/platform/config"
)

// Config is everything the server reads from its environment, once, at start.
type Config struct {
	BindAddr        string        // BIND_ADDR: interface to listen on
	Port            int           // PORT
	PublicURL       string        // PUBLIC_URL: the shop's address as shoppers see it
	AllowedOrigins  []string      // ALLOWED_ORIGINS: browser origins allowed on the websocket
	DatabaseURL     string        // DATABASE_URL
	DatabaseConns   int           // DATABASE_MAX_CONNS
	RedisURL        string        // REDIS_URL
	RealtimeChannel string        // REALTIME_CHANNEL: Redis pub/sub channel of live events
	ClientDir       string        // CLIENT_DIR: the built client (index.html and assets/)
	UploadsDir      string        // UPLOADS_DIR: product, sub-category and sale images
	BodyLimit       int           // BODY_LIMIT_BYTES
	ShutdownTimeout time.Duration // SHUTDOWN_TIMEOUT
	LogLevel        slog.Level    // LOG_LEVEL
}

func loadConfig(getenv func(string) string) (Config, error) {
	r := config.NewReader(getenv)
	c := Config{
		BindAddr:        r.String("BIND_ADDR", "127.0.0.1"),
		Port:            r.Int("PORT", 8080, 1, 65535),
		DatabaseURL:     r.URL("DATABASE_URL", "", true, "postgres", "postgresql"),
		DatabaseConns:   r.Int("DATABASE_MAX_CONNS", 20, 2, 500),
		RedisURL:        r.URL("REDIS_URL", "", true, "redis", "rediss"),
		RealtimeChannel: r.String("REALTIME_CHANNEL", "drape:events"),
		ClientDir:       r.String("CLIENT_DIR", "client/dist"),
		UploadsDir:      r.String("UPLOADS_DIR", "uploads"),
		BodyLimit:       r.Int("BODY_LIMIT_BYTES", 1<<20, 1024, 64<<20),
		ShutdownTimeout: r.Duration("SHUTDOWN_TIMEOUT", 15*time.Second, time.Second, 5*time.Minute),
	}
	c.PublicURL = strings.TrimRight(r.URL("PUBLIC_URL", "http://127.0.0.1:"+strconv.Itoa(c.Port), false, "http", "https"), "/")
	c.AllowedOrigins = r.List("ALLOWED_ORIGINS", nil)
	level := r.OneOf("LOG_LEVEL", "info", "debug", "info", "warn", "error")
	c.LogLevel.UnmarshalText([]byte(level))
	if err := r.Err(); err != nil {
		return Config{}, err
	}
	if u, err := url.Parse(c.PublicURL); err == nil {
		c.AllowedOrigins = append(c.AllowedOrigins, u.Scheme+"://"+u.Host)
	}
	c.AllowedOrigins = append(c.AllowedOrigins,
		fmt.Sprintf("http://127.0.0.1:%d", c.Port), fmt.Sprintf("http://localhost:%d", c.Port))
	return c, nil
}

// LogValue is the config for logs, secrets masked.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("bind_addr", c.BindAddr),
		slog.Int("port", c.Port),
		slog.String("public_url", c.PublicURL),
		slog.Any("allowed_origins", c.AllowedOrigins),
		slog.String("database_url", config.Mask(c.DatabaseURL)),
		slog.Int("database_max_conns", c.DatabaseConns),
		slog.String("redis_url", config.Mask(c.RedisURL)),
		slog.String("realtime_channel", c.RealtimeChannel),
		slog.String("client_dir", c.ClientDir),
		slog.String("uploads_dir", c.UploadsDir),
		slog.Int("body_limit_bytes", c.BodyLimit),
		slog.Duration("shutdown_timeout", c.ShutdownTimeout),
		slog.String("log_level", c.LogLevel.String()),
	)
}
