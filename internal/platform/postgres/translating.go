package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Translating is db answering with shop errors: every error its statements, rows and row
// scans return has been through Translate (no rows → NotFound, unique violation → Conflict,
// …). The driver's error stays the cause, so errors.Is(err, pgx.ErrNoRows) and errors.As to
// a *pgconn.PgError still see it. Every domain's generated queries run on a Translating pool
// or on the transaction InTx hands out, which translates the same way, so no call site
// translates for itself.
func Translating(db DB) DB {
	if t, ok := db.(translatingDB); ok {
		return t
	}
	return translatingDB{db: db}
}

type translatingDB struct{ db DB }

// Exec runs sql, answering with a shop error.
func (t translatingDB) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	tag, err := t.db.Exec(ctx, sql, args...)
	return tag, Translate(err)
}

// Query runs sql, answering (and scanning) with shop errors.
func (t translatingDB) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return translateRows(t.db.Query(ctx, sql, args...))
}

// QueryRow runs sql; its row scans with shop errors.
func (t translatingDB) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return translatingRow{row: t.db.QueryRow(ctx, sql, args...)}
}

// translatingTx is a transaction whose statements answer with shop errors; its savepoints
// (Begin) do too. Commit, Rollback and batches answer with the driver's errors: InTx
// translates what its function returns.
type translatingTx struct{ pgx.Tx }

// Begin starts a savepoint that translates as its transaction does.
func (t translatingTx) Begin(ctx context.Context) (pgx.Tx, error) {
	tx, err := t.Tx.Begin(ctx)
	if err != nil {
		return nil, Translate(err)
	}
	return translatingTx{Tx: tx}, nil
}

// Exec runs sql in the transaction, answering with a shop error.
func (t translatingTx) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return translatingDB{db: t.Tx}.Exec(ctx, sql, args...)
}

// Query runs sql in the transaction, answering (and scanning) with shop errors.
func (t translatingTx) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return translatingDB{db: t.Tx}.Query(ctx, sql, args...)
}

// QueryRow runs sql in the transaction; its row scans with shop errors.
func (t translatingTx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return translatingDB{db: t.Tx}.QueryRow(ctx, sql, args...)
}

func translateRows(rows pgx.Rows, err error) (pgx.Rows, error) {
	if err != nil {
		return rows, Translate(err)
	}
	return translatingRows{Rows: rows}, nil
}

type translatingRow struct{ row pgx.Row }

// Scan reads the row, answering with a shop error (NotFound when there is none).
func (r translatingRow) Scan(dest ...any) error { return Translate(r.row.Scan(dest...)) }

type translatingRows struct{ pgx.Rows }

// Err is the error that ended the rows, as a shop error.
func (r translatingRows) Err() error { return Translate(r.Rows.Err()) }

// Scan reads the current row, answering with a shop error.
func (r translatingRows) Scan(dest ...any) error { return Translate(r.Rows.Scan(dest...)) }

// Constraint is the name of the constraint whose violation caused err ("" when none did), for
// a use case that answers one unique index's Conflict differently from others.
func Constraint(err error) string {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.ConstraintName
	}
	return ""
}
