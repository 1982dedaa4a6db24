// Package migrations holds drape's database schema as plain goose SQL files, embedded in the
// binaries so that every process can bring a database up to date at start.
//
// Files are named 00001_verb_noun.sql and never edited once landed: a change is a new file.
package migrations

import (
	"context"
	"embed"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// Files is the embedded migration files.
//
//go:embed *.sql
var Files embed.FS

// Up applies every pending migration and returns how many it applied. A PostgreSQL session
// lock makes several processes starting at once migrate one after another.
func Up(ctx context.Context, pool *pgxpool.Pool) (int, error) {
	db := stdlib.OpenDBFromPool(pool)
	defer db.Close()
	locker, err := lock.NewPostgresSessionLocker()
	if err != nil {
		return 0, fmt.Errorf("migrations: %w", err)
	}
	provider, err := goose.NewProvider(goose.DialectPostgres, db, Files, goose.WithSessionLocker(locker))
	if err != nil {
		return 0, fmt.Errorf("migrations: %w", err)
	}
	results, err := provider.Up(ctx)
	if err != nil {
		return 0, fmt.Errorf("migrations: %w", err)
	}
	return len(results), nil
}
