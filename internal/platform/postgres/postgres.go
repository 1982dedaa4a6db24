// Package postgres connects drape to PostgreSQL: the connection pool, transactions that
// retry on serialization failures, and the one place where driver errors become shop error
// kinds.
//
// It guarantees that a use case running in InTx either commits all of its writes (domain rows
// and outbox rows alike) or none of them.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/shop"
)

// Open connects a pool to url and checks that the database answers.
func Open(ctx context.Context, url string, maxConns int32) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres: bad DATABASE_URL: %w", err)
	}
	if maxConns > 0 {
		cfg.MaxConns = maxConns
	}
	// Product search matches words with small typos ("oxfrod") through pg_trgm's word
	// similarity; its default threshold (0.6) misses them.
	cfg.ConnConfig.RuntimeParams["pg_trgm.word_similarity_threshold"] = "0.38"
	cfg.MaxConnIdleTime = 5 * time.Minute
	cfg.HealthCheckPeriod = 15 * time.Second
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := pool.Ping(pingCtx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: cannot reach the database: %w", err)
	}
	return pool, nil
}

// maxAttempts bounds how often InTx retries a transaction that lost a serialization race.
const maxAttempts = 5

// InTx runs fn in a transaction and commits it when fn returns nil; otherwise it rolls back.
// A serialization failure or deadlock retries the whole of fn, so fn must not have effects
// outside the transaction. The statements fn runs on tx answer with shop errors (see
// Translating), and so does InTx.
func InTx(ctx context.Context, pool *pgxpool.Pool, fn func(tx pgx.Tx) error) error {
	var err error
	for attempt := 1; attempt <= maxAttempts; attempt++ {
		err = inTx(ctx, pool, fn)
		if !retryable(err) || ctx.Err() != nil {
			break
		}
		time.Sleep(time.Duration(attempt*attempt) * 5 * time.Millisecond)
	}
	return Translate(err)
}

func inTx(ctx context.Context, pool *pgxpool.Pool, fn func(tx pgx.Tx) error) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if err := fn(translatingTx{Tx: tx}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func retryable(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && (pgErr.Code == "40001" || pgErr.Code == "40P01")
}

// Translate turns driver errors into shop errors: no rows → NotFound, unique violation →
// Conflict, check/foreign-key/invalid-text violations → Invalid, a database that cannot be
// reached → Unavailable. Shop errors and nil pass through unchanged; anything else stays an
// Internal error with its cause.
func Translate(err error) error {
	if err == nil {
		return nil
	}
	var se *shop.Error
	if errors.As(err, &se) {
		return err
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return shop.Wrap(shop.NotFound, err, "Not found")
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		if strings.HasPrefix(pgErr.Code, "22") || pgErr.Code == "54000" {
			// Data exceptions (bad encoding, out of range, too long for an index): the input.
			return shop.Wrap(shop.Invalid, err, "The data is not valid")
		}
		switch pgErr.Code {
		case "23505":
			return shop.Wrap(shop.Conflict, err, "It already exists")
		case "23503":
			return shop.Wrap(shop.Invalid, err, "It refers to something that does not exist")
		case "23514", "23502":
			return shop.Wrap(shop.Invalid, err, "The data is not valid")
		case "40001", "40P01", "55P03", "57014":
			return shop.Wrap(shop.Unavailable, err, "The shop is busy, please try again")
		case "57P01", "57P02", "57P03", "53300":
			return shop.Wrap(shop.Unavailable, err, "The shop is busy, please try again")
		}
		return err
	}
	if pgconn.SafeToRetry(err) || errors.Is(err, context.DeadlineExceeded) {
		return shop.Wrap(shop.Unavailable, err, "The shop is busy, please try again")
	}
	return err
}
