package outbox_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/outbox"
	"drape/internal/platform/dbtest"
	"drape/jobs"
	"drape/realtime"
)

// recorder counts what the relay hands over; it can be told to fail like a Redis outage.
type recorder struct {
	mu     sync.Mutex
	jobs   map[string]int
	events map[string]int
	down   bool
	poison map[string]bool // job ids that can never be delivered
	got    chan struct{}
}

func newRecorder() *recorder {
	return &recorder{jobs: map[string]int{}, events: map[string]int{}, poison: map[string]bool{}, got: make(chan struct{}, 10000)}
}

func (r *recorder) Enqueue(_ context.Context, j jobs.Job) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.down {
		return errors.New("redis: connection refused")
	}
	if r.poison[j.ID] {
		return errors.New("payload rejected")
	}
	r.jobs[j.ID]++
	r.got <- struct{}{}
	return nil
}

func (r *recorder) Publish(_ context.Context, ev realtime.Event) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.down {
		return errors.New("redis: connection refused")
	}
	r.events[ev.Type+"/"+ev.Topic]++
	r.got <- struct{}{}
	return nil
}

func (r *recorder) setDown(down bool) {
	r.mu.Lock()
	r.down = down
	r.mu.Unlock()
}

func (r *recorder) counts() (map[string]int, map[string]int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	j, e := map[string]int{}, map[string]int{}
	for k, v := range r.jobs {
		j[k] = v
	}
	for k, v := range r.events {
		e[k] = v
	}
	return j, e
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func write(t *testing.T, pool *pgxpool.Pool, commit bool, fn func(tx pgx.Tx) error) {
	t.Helper()
	ctx := context.Background()
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := fn(tx); err != nil {
		t.Fatal(err)
	}
	if commit {
		if err := tx.Commit(ctx); err != nil {
			t.Fatal(err)
		}
	} else if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
}

func startRelay(t *testing.T, pool *pgxpool.Pool, rec *recorder, poll time.Duration) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	relay := outbox.NewRelay(pool, rec, rec, quiet())
	relay.PollInterval = poll
	done := make(chan struct{})
	go func() { relay.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func pending(t *testing.T, pool *pgxpool.Pool) int64 {
	t.Helper()
	s, err := outbox.PendingStats(context.Background(), pool)
	if err != nil {
		t.Fatal(err)
	}
	return s.Pending
}

func TestCommittedRowsAreDeliveredAndRolledBackRowsNever(t *testing.T) {
	pool, _ := dbtest.New(t)
	rec := newRecorder()
	// A long poll interval: delivery within the test's wait proves NOTIFY woke the relay.
	startRelay(t, pool, rec, time.Minute)

	ctx := context.Background()
	write(t, pool, false, func(tx pgx.Tx) error {
		if err := outbox.Enqueue(ctx, tx, jobs.SendMail("order_confirmation", "rolled-back")); err != nil {
			return err
		}
		return outbox.Publish(ctx, tx, "sale.changed", realtime.TopicSales, map[string]string{"sale": "ghost"})
	})
	write(t, pool, true, func(tx pgx.Tx) error {
		if err := outbox.Enqueue(ctx, tx, jobs.SendMail("order_confirmation", "o1")); err != nil {
			return err
		}
		return outbox.Publish(ctx, tx, "order.created", realtime.TopicAdminOrders, map[string]string{"id": "o1"})
	})

	waitFor(t, "both committed rows", func() bool { j, e := rec.counts(); return len(j) == 1 && len(e) == 1 })
	j, e := rec.counts()
	if j["mail:order_confirmation:o1"] != 1 || e["order.created/admin:orders"] != 1 {
		t.Fatalf("delivered jobs %v events %v", j, e)
	}
	if j["mail:order_confirmation:rolled-back"] != 0 || e["sale.changed/sales"] != 0 {
		t.Fatalf("a rolled-back row was delivered: jobs %v events %v", j, e)
	}
	// The relay marks a row done after delivering it: on a loaded machine the recorder can see
	// both before the marks are committed.
	waitFor(t, "the delivered rows marked done", func() bool { return pending(t, pool) == 0 })
}

func TestRowsWaitOutAnOutageAndAreDeliveredAfterIt(t *testing.T) {
	pool, _ := dbtest.New(t)
	rec := newRecorder()
	rec.setDown(true)
	startRelay(t, pool, rec, 50*time.Millisecond)
	ctx := context.Background()
	for i := 0; i < 20; i++ {
		write(t, pool, true, func(tx pgx.Tx) error {
			return outbox.Enqueue(ctx, tx, jobs.SendMail("otp", fmt.Sprint(i)))
		})
	}
	waitFor(t, "a failed attempt to be recorded", func() bool {
		var attempts int
		pool.QueryRow(ctx, "SELECT coalesce(max(attempts), 0) FROM outbox").Scan(&attempts)
		return attempts > 0
	})
	if n := pending(t, pool); n != 20 {
		t.Fatalf("pending during the outage = %d, want 20", n)
	}
	rec.setDown(false)
	waitFor(t, "the backlog to drain", func() bool { return pending(t, pool) == 0 })
	j, _ := rec.counts()
	if len(j) != 20 {
		t.Fatalf("delivered %d distinct jobs, want 20", len(j))
	}
	var lastError string
	pool.QueryRow(ctx, "SELECT last_error FROM outbox WHERE attempts > 1 LIMIT 1").Scan(&lastError)
	if lastError == "" {
		t.Fatal("the failure was not recorded on the row")
	}
}

func TestSeveralRelaysDeliverEachRowOnce(t *testing.T) {
	pool, _ := dbtest.New(t)
	rec := newRecorder()
	for i := 0; i < 3; i++ {
		startRelay(t, pool, rec, 20*time.Millisecond)
	}
	ctx := context.Background()
	const rows = 600
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < rows; i += 4 {
				tx, err := pool.Begin(ctx)
				if err != nil {
					t.Error(err)
					return
				}
				outbox.Enqueue(ctx, tx, jobs.SendMail("n", fmt.Sprint(i)))
				tx.Commit(ctx)
			}
		}()
	}
	wg.Wait()
	waitFor(t, "all rows", func() bool { return pending(t, pool) == 0 })
	j, _ := rec.counts()
	if len(j) != rows {
		t.Fatalf("delivered %d distinct jobs, want %d", len(j), rows)
	}
	for id, n := range j {
		if n != 1 {
			t.Fatalf("job %s delivered %d times", id, n)
		}
	}
}

func TestARowThatCannotBeDeliveredDoesNotHoldUpTheOthers(t *testing.T) {
	pool, _ := dbtest.New(t)
	rec := newRecorder()
	bad := jobs.SendMail("broken", "x")
	rec.poison[bad.ID] = true
	startRelay(t, pool, rec, 20*time.Millisecond)
	ctx := context.Background()
	write(t, pool, true, func(tx pgx.Tx) error { return outbox.Enqueue(ctx, tx, bad) })
	for i := 0; i < 5; i++ {
		write(t, pool, true, func(tx pgx.Tx) error { return outbox.Enqueue(ctx, tx, jobs.SendMail("ok", fmt.Sprint(i))) })
	}
	waitFor(t, "the five good rows", func() bool { j, _ := rec.counts(); return len(j) == 5 })
	// The broken row's failure is recorded, and it stays pending; the good ones are marked.
	waitFor(t, "the broken row's failure on record", func() bool {
		var attempts int
		var lastError string
		pool.QueryRow(ctx, "SELECT attempts, last_error FROM outbox WHERE dedupe_key = $1", bad.ID).Scan(&attempts, &lastError)
		return attempts >= 1 && lastError != ""
	})
	waitFor(t, "only the broken row pending", func() bool { return pending(t, pool) == 1 })
}
