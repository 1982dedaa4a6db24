package outbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/outbox/outboxdb"
	"drape/jobs"
	"drape/realtime"
)

// Enqueuer puts a job on the task queue. Enqueuing a job whose ID is already queued must
// succeed without queuing it twice.
type Enqueuer interface {
	Enqueue(ctx context.Context, j jobs.Job) error
}

// Broadcaster sends an event to every server's hub.
type Broadcaster interface {
	Publish(ctx context.Context, ev realtime.Event) error
}

// Relay delivers outbox rows: it wakes on NOTIFY outbox (and every PollInterval in case a
// notification was missed), claims batches with FOR UPDATE SKIP LOCKED, hands tasks to the
// Enqueuer and events to the Broadcaster, and marks them delivered in the same transaction.
type Relay struct {
	pool   *pgxpool.Pool
	jobs   Enqueuer
	events Broadcaster
	log    *slog.Logger

	// Batch is how many rows one transaction claims.
	Batch int
	// PollInterval bounds how long a row can wait when a notification is lost.
	PollInterval time.Duration
	// Parallel is how many jobs of a batch are handed to the queue at once. Events are always
	// published one after the other, in the order they were written.
	Parallel int
	// Retention is how long delivered rows are kept before they are deleted.
	Retention time.Duration

	delivered atomic.Uint64
	failed    atomic.Uint64
}

// NewRelay makes a relay with default batch size, poll interval and retention.
func NewRelay(pool *pgxpool.Pool, enqueuer Enqueuer, broadcaster Broadcaster, log *slog.Logger) *Relay {
	return &Relay{
		pool: pool, jobs: enqueuer, events: broadcaster, log: log,
		Batch: 100, PollInterval: 2 * time.Second, Parallel: 8, Retention: 72 * time.Hour,
	}
}

// Delivered is how many rows this relay has delivered.
func (r *Relay) Delivered() uint64 { return r.delivered.Load() }

// Failed is how many delivery attempts failed (the rows stay pending and are retried).
func (r *Relay) Failed() uint64 { return r.failed.Load() }

// Run delivers rows until ctx is done. Failures to reach PostgreSQL, Redis or the queue are
// logged and retried with backoff; Run returns only ctx's error.
func (r *Relay) Run(ctx context.Context) error {
	backoff := newBackoff()
	lastPrune := time.Time{}
	for ctx.Err() == nil {
		conn, err := r.listen(ctx)
		if err != nil {
			r.log.Warn("outbox relay cannot listen", "err", err)
			backoff.wait(ctx)
			continue
		}
		err = r.loop(ctx, conn, backoff, &lastPrune)
		conn.Release()
		if err != nil && ctx.Err() == nil {
			r.log.Warn("outbox relay lost its listening connection", "err", err)
			backoff.wait(ctx)
		}
	}
	return ctx.Err()
}

func (r *Relay) listen(ctx context.Context) (*pgxpool.Conn, error) {
	conn, err := r.pool.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, "LISTEN outbox"); err != nil {
		conn.Release()
		return nil, err
	}
	return conn, nil
}

// loop drains and waits on one listening connection until it breaks.
//
// Every committed transaction that wrote outbox rows sends a notification. A goroutine reads
// them off the connection and folds those that arrive while the relay is busy into one wake-up,
// so a busy outbox is drained once per burst of commits rather than once per commit (each
// drain is a transaction of its own, and most of them would find nothing left to claim).
func (r *Relay) loop(ctx context.Context, conn *pgxpool.Conn, backoff *backoff, lastPrune *time.Time) error {
	wake := make(chan struct{}, 1)
	listenCtx, stopListening := context.WithCancel(ctx)
	listenErr := make(chan error, 1)
	go func() {
		for {
			if _, err := conn.Conn().WaitForNotification(listenCtx); err != nil {
				listenErr <- err
				return
			}
			select {
			case wake <- struct{}{}:
			default: // a wake-up is already pending; this commit's rows are drained with it
			}
		}
	}()
	defer func() {
		stopListening()
		<-listenErr //nolint:errcheck // only waits for the listener to end: stopListening ended it
		_, _ = conn.Exec(context.WithoutCancel(ctx), "UNLISTEN outbox")
	}()

	poll := time.NewTimer(r.PollInterval)
	defer poll.Stop()
	for ctx.Err() == nil {
		if err := r.Drain(ctx); err != nil {
			r.log.Warn("outbox relay delivery failed; retrying", "err", err)
			backoff.wait(ctx)
			continue
		}
		backoff.reset()
		if time.Since(*lastPrune) > time.Hour {
			*lastPrune = time.Now()
			r.prune(ctx)
		}
		poll.Reset(r.PollInterval)
		select {
		case <-wake:
		case <-poll.C:
		case <-ctx.Done():
		case err := <-listenErr:
			listenErr <- err // for the deferred wait
			if ctx.Err() == nil {
				conn.Conn().Close(context.Background())
				return err
			}
		}
	}
	return nil
}

// Drain delivers pending rows batch by batch until none are left or a delivery fails.
func (r *Relay) Drain(ctx context.Context) error {
	for {
		n, err := r.deliverBatch(ctx)
		if err != nil {
			return err
		}
		if n < r.Batch {
			return nil
		}
	}
}

// deliverBatch claims up to Batch due rows and delivers them: events one after the other in
// order, jobs up to Parallel at a time (each under its deterministic TaskID, so a job handed
// over twice is queued once). At the first failure it starts no more (the queue or Redis is
// probably down): the earliest failing row is put off with a growing delay, so it cannot hold
// up the rows behind it, the rows not handed over stay pending, and the delivered ones are
// marked. The transaction runs to its end even when ctx is cancelled, so a relay that is
// stopping records what it has already handed over instead of handing it over again after a
// restart.
func (r *Relay) deliverBatch(ctx context.Context) (int, error) {
	var claimed int
	var deliveryErr error
	txCtx := context.WithoutCancel(ctx)
	err := pgx.BeginFunc(txCtx, r.pool, func(tx pgx.Tx) error {
		q := outboxdb.New(tx)
		rows, err := q.ClaimPending(txCtx, int32(r.Batch))
		if err != nil {
			return err
		}
		claimed = len(rows)
		errs, stopped := r.deliverRows(ctx, txCtx, rows)
		if stopped {
			claimed = 0
		}
		done := make([]int64, 0, len(rows))
		for i, row := range rows {
			switch {
			case errs[i] == errNotAttempted:
			case errs[i] != nil && deliveryErr == nil:
				deliveryErr = fmt.Errorf("outbox row %d (%s %s): %w", row.ID, row.Kind, row.Name, errs[i])
				if err := q.MarkFailed(txCtx, outboxdb.MarkFailedParams{ID: row.ID, LastError: errs[i].Error()}); err != nil {
					return err
				}
			case errs[i] == nil:
				done = append(done, row.ID)
			}
		}
		if len(done) > 0 {
			if err := q.MarkDelivered(txCtx, done); err != nil {
				return err
			}
		}
		r.delivered.Add(uint64(len(done)))
		return nil
	})
	if err != nil {
		return 0, err
	}
	if deliveryErr != nil {
		return 0, deliveryErr
	}
	return claimed, nil
}

// errNotAttempted marks a row deliverRows did not hand over.
var errNotAttempted = errors.New("not attempted")

// deliverRows hands rows over, events in order on this goroutine and jobs on up to Parallel
// goroutines, until all are handed over, one fails, or ctx ends (stopped). It returns each
// row's outcome: nil, the delivery error, or errNotAttempted.
func (r *Relay) deliverRows(ctx, txCtx context.Context, rows []outboxdb.ClaimPendingRow) (errs []error, stopped bool) {
	errs = make([]error, len(rows))
	var failing atomic.Bool
	slots := make(chan struct{}, max(r.Parallel, 1))
	var wg sync.WaitGroup
	for i, row := range rows {
		if ctx.Err() != nil || failing.Load() {
			stopped = ctx.Err() != nil
			for j := i; j < len(rows); j++ {
				errs[j] = errNotAttempted
			}
			break
		}
		if row.Kind == kindEvent {
			if errs[i] = r.deliver(txCtx, row); errs[i] != nil {
				r.failed.Add(1)
				failing.Store(true)
			}
			continue
		}
		slots <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-slots; wg.Done() }()
			if errs[i] = r.deliver(txCtx, row); errs[i] != nil {
				r.failed.Add(1)
				failing.Store(true)
			}
		}()
	}
	wg.Wait()
	return errs, stopped
}

func (r *Relay) deliver(ctx context.Context, row outboxdb.ClaimPendingRow) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	switch row.Kind {
	case kindTask:
		return r.jobs.Enqueue(ctx, jobs.Job{Type: row.Name, ID: row.DedupeKey, Queue: row.Queue, Payload: row.Payload})
	case kindEvent:
		var ev realtime.Event
		if err := json.Unmarshal(row.Payload, &ev); err != nil {
			return fmt.Errorf("stored event does not decode: %w", err)
		}
		return r.events.Publish(ctx, ev)
	}
	return fmt.Errorf("unknown outbox kind %q", row.Kind)
}

func (r *Relay) prune(ctx context.Context) {
	n, err := outboxdb.New(r.pool).DeleteDeliveredBefore(ctx, time.Now().Add(-r.Retention))
	if err != nil {
		r.log.Warn("outbox prune failed", "err", err)
		return
	}
	if n > 0 {
		r.log.Info("outbox pruned delivered rows", "rows", n)
	}
}

// backoff doubles from 100 ms to 5 s between failed attempts.
type backoff struct{ d time.Duration }

func newBackoff() *backoff { return &backoff{d: 100 * time.Millisecond} }

func (b *backoff) reset() { b.d = 100 * time.Millisecond }

func (b *backoff) wait(ctx context.Context) {
	t := time.NewTimer(b.d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
	b.d = min(b.d*2, 5*time.Second)
}
