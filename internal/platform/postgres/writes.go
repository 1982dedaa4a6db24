package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// DB is what every generated query package runs its statements on: a pool, a transaction,
// or Writes. Each sqlc package's DBTX has the same methods, so a DB fits all of them.
type DB interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// ErrNotDeferrable is what Writes answers a statement that returns rows: only writes whose
// outcome nobody reads can wait for Send.
var ErrNotDeferrable = errors.New("postgres: a statement that returns rows cannot wait in Writes")

// Writes collects the writes of a use case inside its transaction and sends them in one round
// trip, instead of one per statement. It is a DB for generated queries that return nothing
// (sqlc :exec): Exec queues the statement and answers at once; the statements run, in the
// order queued, when Send is called, and the first failure fails Send (and so the
// transaction). A query that returns rows gets ErrNotDeferrable.
type Writes struct {
	batch pgx.Batch
}

// Exec queues sql with args to run at Send.
func (w *Writes) Exec(_ context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	w.batch.Queue(sql, args...)
	return pgconn.CommandTag{}, nil
}

// Query refuses: its rows would be needed before Send.
func (w *Writes) Query(context.Context, string, ...any) (pgx.Rows, error) {
	return nil, ErrNotDeferrable
}

// QueryRow refuses: its row would be needed before Send.
func (w *Writes) QueryRow(context.Context, string, ...any) pgx.Row {
	return refusedRow{}
}

// Len is how many statements wait.
func (w *Writes) Len() int { return w.batch.Len() }

// Send runs the waiting statements in tx, in one round trip, and empties w. Errors: the first
// statement's failure, translated (see Translate).
func (w *Writes) Send(ctx context.Context, tx pgx.Tx) error {
	if w.batch.Len() == 0 {
		return nil
	}
	batch := w.batch
	w.batch = pgx.Batch{}
	return Translate(tx.SendBatch(ctx, &batch).Close())
}

type refusedRow struct{}

// Scan returns ErrNotDeferrable.
func (refusedRow) Scan(...any) error { return ErrNotDeferrable }
