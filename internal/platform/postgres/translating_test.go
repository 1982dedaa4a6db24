package postgres_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"drape/internal/platform/dbtest"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
)

// TestDriverErrorsArriveAsShopKinds runs statements on a real database, outside and inside a
// transaction: a missing row answers NotFound and a second row with a taken key Conflict,
// before any caller translates, with the driver's error kept as the cause.
func TestDriverErrorsArriveAsShopKinds(t *testing.T) {
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `CREATE TABLE sizes (code text PRIMARY KEY, label text NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	db := postgres.Translating(pool)
	if _, err := db.Exec(ctx, `INSERT INTO sizes VALUES ('M', 'Medium')`); err != nil {
		t.Fatal(err)
	}

	check := func(t *testing.T, db postgres.DB) {
		t.Helper()
		var label string
		err := db.QueryRow(ctx, `SELECT label FROM sizes WHERE code = $1`, "XXL").Scan(&label)
		if !shop.Is(err, shop.NotFound) || !errors.Is(err, pgx.ErrNoRows) {
			t.Errorf("missing row: got %v (kind %v), want NotFound caused by pgx.ErrNoRows", err, shop.KindOf(err))
		}
		_, err = db.Exec(ctx, `INSERT INTO sizes VALUES ('M', 'Medium again')`)
		var pgErr *pgconn.PgError
		if !shop.Is(err, shop.Conflict) || !errors.As(err, &pgErr) || postgres.Constraint(err) != "sizes_pkey" {
			t.Errorf("taken key on Exec: got %v (kind %v), want Conflict caused by the sizes_pkey violation", err, shop.KindOf(err))
		}
		err = db.QueryRow(ctx, `INSERT INTO sizes VALUES ('M', 'Medium') RETURNING code`).Scan(&label)
		if !shop.Is(err, shop.Conflict) {
			t.Errorf("taken key on a returning insert: got %v (kind %v), want Conflict", err, shop.KindOf(err))
		}
		rows, err := db.Query(ctx, `SELECT label FROM sizes WHERE code = $1 AND 1 / (length(code) - 1) = 1`, "M")
		if err == nil {
			for rows.Next() {
			}
			rows.Close()
			err = rows.Err()
		}
		if !shop.Is(err, shop.Invalid) {
			t.Errorf("division by zero while reading rows: got %v (kind %v), want Invalid", err, shop.KindOf(err))
		}
	}

	t.Run("pool", func(t *testing.T) { check(t, db) })
	t.Run("transaction", func(t *testing.T) {
		err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error {
			sp, err := tx.Begin(ctx) // each failing statement gets its own savepoint
			if err != nil {
				return err
			}
			var label string
			err = sp.QueryRow(ctx, `SELECT label FROM sizes WHERE code = $1`, "XXL").Scan(&label)
			if !shop.Is(err, shop.NotFound) {
				t.Errorf("missing row in a savepoint: got %v (kind %v), want NotFound", err, shop.KindOf(err))
			}
			if err := sp.Rollback(ctx); err != nil {
				return err
			}
			_, err = tx.Exec(ctx, `INSERT INTO sizes VALUES ('M', 'Medium again')`)
			if !shop.Is(err, shop.Conflict) {
				t.Errorf("taken key in a transaction: got %v (kind %v), want Conflict", err, shop.KindOf(err))
			}
			return err
		})
		if !shop.Is(err, shop.Conflict) {
			t.Errorf("InTx: got %v (kind %v), want Conflict", err, shop.KindOf(err))
		}
	})
	t.Run("writes", func(t *testing.T) {
		err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error {
			var w postgres.Writes
			w.Exec(ctx, `INSERT INTO sizes VALUES ('L', 'Large')`)
			w.Exec(ctx, `INSERT INTO sizes VALUES ('M', 'Medium again')`)
			err := w.Send(ctx, tx)
			if !shop.Is(err, shop.Conflict) || postgres.Constraint(err) != "sizes_pkey" {
				t.Errorf("taken key in a batch: got %v (kind %v), want Conflict on sizes_pkey", err, shop.KindOf(err))
			}
			return err
		})
		if !shop.Is(err, shop.Conflict) {
			t.Errorf("InTx: got %v (kind %v), want Conflict", err, shop.KindOf(err))
		}
	})
}
