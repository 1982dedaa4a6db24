package objectstore

import (
	"context"
	"log/slog"
	"strings"

	"drape/internal/platform/config"
)

// Config is the bucket uploads go to (the S3_* variables); without S3_ENDPOINT they stay in a
// local folder.
type Config struct {
	Endpoint      string // S3_ENDPOINT: host:port of the S3-compatible server, no scheme
	Bucket        string // S3_BUCKET
	AccessKey     string // S3_ACCESS_KEY
	SecretKey     string // S3_SECRET_KEY
	Region        string // S3_REGION (us-east-1 when unset)
	UseSSL        bool   // S3_USE_SSL: https to the endpoint (true unless "false")
	PublicBaseURL string // S3_PUBLIC_BASE_URL: where browsers fetch objects directly (a CDN); unset, the shop serves them
}

// ReadConfig reads the S3_* variables; an endpoint without its bucket or keys
// is reported to r.
func ReadConfig(r *config.Reader) Config {
	c := Config{
		Endpoint:      r.String("S3_ENDPOINT", ""),
		Bucket:        r.String("S3_BUCKET", ""),
		AccessKey:     r.String("S3_ACCESS_KEY", ""),
		SecretKey:     r.String("S3_SECRET_KEY", ""),
		Region:        r.String("S3_REGION", "us-east-1"),
		UseSSL:        r.OneOf("S3_USE_SSL", "true", "true", "false") == "true",
		PublicBaseURL: strings.TrimRight(r.URL("S3_PUBLIC_BASE_URL", "", false, "http", "https"), "/"),
	}
	if c.Endpoint != "" {
		r.Check(strings.Contains(c.Endpoint, "://") || strings.Contains(c.Endpoint, "/"), "S3_ENDPOINT",
			"is host:port without a scheme or path (S3_USE_SSL chooses https)")
		r.Check(c.Bucket == "", "S3_BUCKET", "is required with S3_ENDPOINT")
		r.Check(c.AccessKey == "", "S3_ACCESS_KEY", "is required with S3_ENDPOINT")
		r.Check(c.SecretKey == "", "S3_SECRET_KEY", "is required with S3_ENDPOINT")
	}
	return c
}

// Bucketed says whether uploads go to a bucket (S3_ENDPOINT is set).
func (c Config) Bucketed() bool { return c.Endpoint != "" }

// Open answers the store c names: the bucket (checked, and made when missing), or without one
// the folder dir on this machine's disk.
func (c Config) Open(ctx context.Context, dir string) (Store, error) {
	if !c.Bucketed() {
		return Disk{Root: dir}, nil
	}
	return openS3(ctx, c)
}

// LogValue is the config for logs, the secret key masked.
func (c Config) LogValue() slog.Value {
	if !c.Bucketed() {
		return slog.StringValue("off")
	}
	return slog.GroupValue(slog.String("endpoint", c.Endpoint), slog.String("bucket", c.Bucket),
		slog.String("region", c.Region), slog.Bool("use_ssl", c.UseSSL), slog.String("access_key", c.AccessKey),
		slog.String("secret_key", config.Mask(c.SecretKey)), slog.String("public_base_url", c.PublicBaseURL))
}
