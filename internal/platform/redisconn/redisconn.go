// Package redisconn opens the Redis client a drape process shares between its job queue,
// pub/sub, rate limits and caches: the server REDIS_URL names, or, when REDIS_SENTINELS and
// REDIS_MASTER_NAME are set, whichever server the Sentinels say is the primary. A client opened
// on Sentinels follows a failover by itself: go-redis's failover client asks the Sentinels
// again when the primary goes away and reconnects its pub/sub subscriptions to the new one, so
// no process needs a restart when the primary is lost.
package redisconn

import (
	"fmt"
	"log/slog"
	"net"
	"strings"

	"github.com/redis/go-redis/v9"

	"drape/internal/platform/config"
)

// Config says where Redis is.
type Config struct {
	// URL is REDIS_URL. With Sentinels set its host is not used (the Sentinels name the
	// primary); its user, password, database number and TLS still are.
	URL string
	// Sentinels are the Sentinels' host:port addresses (REDIS_SENTINELS, comma-separated).
	Sentinels []string
	// MasterName is the name the Sentinels monitor the primary under (REDIS_MASTER_NAME).
	MasterName string
	// SentinelPassword is the Sentinels' own password, when they have one
	// (REDIS_SENTINEL_PASSWORD).
	SentinelPassword string
}

// ReadConfig reads REDIS_URL, REDIS_SENTINELS, REDIS_MASTER_NAME and REDIS_SENTINEL_PASSWORD;
// a Sentinel list without a master name, or an address without a port, is reported to r.
func ReadConfig(r *config.Reader) Config {
	c := Config{
		URL:              r.URL("REDIS_URL", "", true, "redis", "rediss"),
		Sentinels:        r.List("REDIS_SENTINELS", nil),
		MasterName:       r.String("REDIS_MASTER_NAME", ""),
		SentinelPassword: r.String("REDIS_SENTINEL_PASSWORD", ""),
	}
	r.Check(len(c.Sentinels) > 0 && c.MasterName == "", "REDIS_MASTER_NAME", "is required with REDIS_SENTINELS")
	for _, addr := range c.Sentinels {
		_, port, err := net.SplitHostPort(addr)
		r.Check(err != nil || port == "", "REDIS_SENTINELS", fmt.Sprintf("%q is not host:port", addr))
	}
	return c
}

// Open answers a client of the server URL names, or of the Sentinels' primary. It does not
// connect: the first command does.
func (c Config) Open() (*redis.Client, error) {
	opts, err := redis.ParseURL(c.URL)
	if err != nil {
		return nil, fmt.Errorf("REDIS_URL: %w", err)
	}
	if len(c.Sentinels) == 0 {
		return redis.NewClient(opts), nil
	}
	return redis.NewFailoverClient(&redis.FailoverOptions{
		MasterName:       c.MasterName,
		SentinelAddrs:    c.Sentinels,
		SentinelPassword: c.SentinelPassword,
		Username:         opts.Username,
		Password:         opts.Password,
		DB:               opts.DB,
		TLSConfig:        opts.TLSConfig,
		Protocol:         opts.Protocol,
	}), nil
}

// String says where Redis is, for a message about reaching it (no password).
func (c Config) String() string {
	if len(c.Sentinels) > 0 {
		return fmt.Sprintf("the primary %q of Sentinels %s", c.MasterName, strings.Join(c.Sentinels, ","))
	}
	return config.Mask(c.URL)
}

// LogValue is the config for logs, secrets masked.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("url", config.Mask(c.URL)),
		slog.String("sentinels", strings.Join(c.Sentinels, ",")),
		slog.String("master_name", c.MasterName),
		slog.String("sentinel_password", config.Mask(c.SentinelPassword)),
	)
}
