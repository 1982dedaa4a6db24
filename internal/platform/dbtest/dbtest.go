// Package dbtest gives each test its own PostgreSQL database, cloned from a template that
// has every migration applied, and drops it when the test ends. Tests run against the real
// database: no mocks.
package dbtest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/platform/postgres"
	"drape/internal/platform/testenv"
	"drape/internal/shop"
	"drape/migrations"
)

var (
	templateOnce sync.Once
	templateName string
	templateErr  error
	// copyStrategy is how a test's database is copied from the template (copyStrategyFor).
	copyStrategy string
	// admin creates and drops the tests' databases: one pool for the whole test binary. A
	// connection of its own for each CREATE and each DROP cost PostgreSQL a backend's start
	// each, about a fifth of what a test's database cost it (0.38 CPU-s of PostgreSQL for a
	// database made, pinged and dropped).
	admin *pgxpool.Pool
)

// New creates a fresh, migrated database for t and returns a pool on it and its URL.
func New(t testing.TB) (*pgxpool.Pool, string) {
	t.Helper()
	baseURL, _, err := testenv.URLs()
	if err != nil {
		t.Fatal(err)
	}
	templateOnce.Do(func() {
		templateName, templateErr = ensureTemplate(baseURL)
		if templateErr == nil {
			copyStrategy, templateErr = copyStrategyFor(baseURL)
		}
		if templateErr == nil {
			admin, templateErr = postgres.Open(context.Background(), baseURL, 4)
		}
	})
	if templateErr != nil {
		t.Fatal(templateErr)
	}
	ctx := context.Background()
	name := "t_" + shop.NewID()
	if _, err := admin.Exec(ctx, fmt.Sprintf("CREATE DATABASE %s TEMPLATE %s%s", name, templateName, copyStrategy)); err != nil {
		t.Fatalf("dbtest: create database: %v", err)
	}
	// Registered first, so it runs last (after the pool's Close below) and also when the pool
	// cannot be opened.
	t.Cleanup(func() {
		admin.Exec(context.Background(), fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name))
	})
	dbURL := withDatabase(baseURL, name)
	pool, err := postgres.Open(ctx, dbURL, 10)
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	t.Cleanup(pool.Close)
	return pool, dbURL
}

// copyStrategyFor is the CREATE DATABASE clause that copies the template cheapest on the
// cluster at baseURL. On a test cluster that never syncs (fsync off, as make test and the
// project's own test services run it) and PostgreSQL 15 or later, that is FILE_COPY: the
// template's files are copied instead of each of its pages being written to the WAL (15's
// default, WAL_LOG), and the checkpoint FILE_COPY asks for is cheap. 20 copies of the 11 MB
// migrated template, and their drops: 1.6 s and 1.8 CPU-s of PostgreSQL instead of 3.8 s and
// 3.6 CPU-s. Elsewhere (a cluster of one's own given by DATABASE_URL, which syncs), the default.
func copyStrategyFor(baseURL string) (string, error) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, baseURL)
	if err != nil {
		return "", fmt.Errorf("dbtest: %w", err)
	}
	defer conn.Close(ctx)
	var fileCopy bool
	err = conn.QueryRow(ctx, "SELECT current_setting('server_version_num')::int >= 150000 AND current_setting('fsync') = 'off'").Scan(&fileCopy)
	if err != nil {
		return "", fmt.Errorf("dbtest: %w", err)
	}
	if fileCopy {
		return " STRATEGY FILE_COPY", nil
	}
	return "", nil
}

// ensureTemplate creates (once, across every test binary running at the same time) a
// database with all migrations applied, named after a hash of the migration files.
func ensureTemplate(baseURL string) (string, error) {
	ctx := context.Background()
	name, err := templateNameFor()
	if err != nil {
		return "", err
	}
	lock, err := pgx.Connect(ctx, baseURL)
	if err != nil {
		return "", fmt.Errorf("dbtest: %w", err)
	}
	defer lock.Close(ctx)
	if _, err := lock.Exec(ctx, "SELECT pg_advisory_lock(90210)"); err != nil {
		return "", fmt.Errorf("dbtest: %w", err)
	}
	defer lock.Exec(ctx, "SELECT pg_advisory_unlock(90210)")
	var exists bool
	if err := lock.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return "", fmt.Errorf("dbtest: %w", err)
	}
	if exists {
		return name, nil
	}
	building := name + "_building"
	lock.Exec(ctx, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", building))
	if _, err := lock.Exec(ctx, "CREATE DATABASE "+building); err != nil {
		return "", fmt.Errorf("dbtest: %w", err)
	}
	pool, err := postgres.Open(ctx, withDatabase(baseURL, building), 2)
	if err != nil {
		return "", err
	}
	_, err = migrations.Up(ctx, pool)
	pool.Close()
	if err != nil {
		return "", err
	}
	if _, err := lock.Exec(ctx, fmt.Sprintf("ALTER DATABASE %s RENAME TO %s", building, name)); err != nil {
		return "", fmt.Errorf("dbtest: %w", err)
	}
	return name, nil
}

func templateNameFor() (string, error) {
	h := sha256.New()
	var names []string
	err := fs.WalkDir(migrations.Files, ".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, path)
		}
		return err
	})
	if err != nil {
		return "", err
	}
	sort.Strings(names)
	for _, n := range names {
		b, _ := fs.ReadFile(migrations.Files, n)
		h.Write([]byte(n))
		h.Write(b)
	}
	return "tmpl_" + hex.EncodeToString(h.Sum(nil))[:16], nil
}

func withDatabase(raw, name string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	u.Path = "/" + strings.TrimPrefix(name, "/")
	return u.String()
}
