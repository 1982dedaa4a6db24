// Package redistest gives each test its own Redis database index on the real test Redis
// (started with 1024 databases), emptied before use, and a unique prefix for pub/sub
// channels, which Redis shares across database indexes.
package redistest

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"testing"

	"github.com/redis/go-redis/v9"

	"drape/internal/platform/testenv"
	"drape/internal/shop"
)

// DB is one test's slice of Redis.
type DB struct {
	Client *redis.Client
	URL    string // redis://host:port/<index>
	Prefix string // unique per test; use it in pub/sub channel names
}

// New claims a database index for t.
func New(t testing.TB) DB {
	t.Helper()
	_, base, err := testenv.URLs()
	if err != nil {
		t.Fatal(err)
	}
	opts, err := redis.ParseURL(base)
	if err != nil {
		t.Fatalf("redistest: %v", err)
	}
	ctx := context.Background()
	root := redis.NewClient(opts)
	defer root.Close()
	databases := 16
	if cfg, err := root.ConfigGet(ctx, "databases").Result(); err == nil {
		if n, err := strconv.Atoi(cfg["databases"]); err == nil {
			databases = n
		}
	}
	if databases < 1024 && os.Getenv("REDISTEST_SMALL_OK") != "1" {
		t.Fatalf("redistest: %s has %d databases; tests flush databases, so they want the project's test Redis "+
			"(1024 databases, started by scripts/services.sh). Set REDISTEST_SMALL_OK=1 to use this one anyway.", base, databases)
	}
	n, err := root.Incr(ctx, "redistest:next").Result()
	if err != nil {
		t.Fatalf("redistest: %v", err)
	}
	index := 1 + int(n%int64(databases-1))
	opts.DB = index
	client := redis.NewClient(opts)
	if err := client.FlushDB(ctx).Err(); err != nil {
		t.Fatalf("redistest: %v", err)
	}
	t.Cleanup(func() {
		client.FlushDB(context.Background())
		client.Close()
	})
	u, _ := url.Parse(base)
	u.Path = fmt.Sprintf("/%d", index)
	return DB{Client: client, URL: u.String(), Prefix: "t" + shop.NewID() + ":"}
}
