package main

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// stmtTracer times every statement a pool runs, as seen by the client (the round trip), and
// tells statements inside a transaction from those outside; it also measures how long a
// transaction keeps a size's row locked: from the end of its stock UPDATE to the end of its
// COMMIT (or ROLLBACK).
type stmtTracer struct {
	mu    sync.Mutex
	stats map[string]*stmtStat
	inTx  map[*pgx.Conn]bool
	took  map[*pgx.Conn]time.Time
	hold  time.Duration
	holds int
}

type stmtStat struct {
	name   string
	calls  int
	total  time.Duration
	inTx   int // calls made inside a transaction
	txTime time.Duration
}

type traceStart struct{}

type traceBegan struct {
	at  time.Time
	sql string
}

func newStmtTracer() *stmtTracer {
	return &stmtTracer{stats: map[string]*stmtStat{}, inTx: map[*pgx.Conn]bool{}, took: map[*pgx.Conn]time.Time{}}
}

// TraceQueryStart implements pgx.QueryTracer.
func (t *stmtTracer) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	return context.WithValue(ctx, traceStart{}, traceBegan{at: time.Now(), sql: data.SQL})
}

// TraceQueryEnd implements pgx.QueryTracer.
func (t *stmtTracer) TraceQueryEnd(ctx context.Context, conn *pgx.Conn, data pgx.TraceQueryEndData) {
	began, ok := ctx.Value(traceStart{}).(traceBegan)
	if !ok {
		return
	}
	now := time.Now()
	d := now.Sub(began.at)
	name := stmtName(began.sql)
	t.mu.Lock()
	defer t.mu.Unlock()
	if name == "begin" {
		t.inTx[conn] = true
	}
	s := t.stats[name]
	if s == nil {
		s = &stmtStat{name: name}
		t.stats[name] = s
	}
	s.calls++
	s.total += d
	if t.inTx[conn] {
		s.inTx++
		s.txTime += d
	}
	switch {
	case strings.Contains(began.sql, "UPDATE product_sizes SET stock = stock -") && data.Err == nil:
		if _, held := t.took[conn]; !held {
			t.took[conn] = now
		}
	case name == "commit" || name == "rollback":
		if at, held := t.took[conn]; held {
			t.hold += now.Sub(at)
			t.holds++
			delete(t.took, conn)
		}
		t.inTx[conn] = false
	}
}

// stmtName is a sqlc query's name ("-- name: TakeStock :one" → TakeStock), else the first
// words of the statement.
func stmtName(sql string) string {
	sql = strings.TrimSpace(sql)
	if rest, ok := strings.CutPrefix(sql, "-- name: "); ok {
		if f := strings.Fields(rest); len(f) > 0 {
			return f[0]
		}
	}
	f := strings.Fields(sql)
	switch {
	case len(f) == 0:
		return "(empty)"
	case len(f) == 1:
		return strings.ToLower(f[0])
	case strings.EqualFold(f[0], "INSERT") && len(f) > 2:
		return "insert " + f[2] + " (raw)"
	default:
		return strings.ToLower(f[0]) + " " + f[1] + " (raw)"
	}
}

// traceReport is one traced run.
type traceReport struct {
	run         runResult
	stats       []stmtStat
	hold        time.Duration
	holds       int
	acquires    int64
	acquireWait time.Duration
}

func (r traceReport) perOrder(d time.Duration) time.Duration {
	return d / time.Duration(max(r.run.ok, 1))
}

func (r traceReport) count(inTx bool) (n int, d time.Duration) {
	for _, s := range r.stats {
		if inTx {
			n, d = n+s.inTx, d+s.txTime
		} else {
			n, d = n+s.calls-s.inTx, d+s.total-s.txTime
		}
	}
	return
}

// traced runs each implementation once more per scenario at the given concurrency, on a pool
// of its own that times every statement.
func (b *checkoutBench) traced(ctx context.Context, dbURL string, conns int, scenarios []*scenario, workers int) (map[string]traceReport, error) {
	out := map[string]traceReport{}
	for _, sc := range scenarios {
		for _, name := range []string{"reference", "ours"} {
			tracer := newStmtTracer()
			cfg, err := pgxpool.ParseConfig(dbURL)
			if err != nil {
				return nil, err
			}
			cfg.MaxConns = int32(conns)
			cfg.ConnConfig.RuntimeParams["pg_trgm.word_similarity_threshold"] = "0.38"
			cfg.ConnConfig.Tracer = tracer
			pool, err := pgxpool.NewWithConfig(ctx, cfg)
			if err != nil {
				return nil, err
			}
			im := implementation{name: name, place: b.reference(pool)}
			if name == "ours" {
				im.place = b.ours(newCheckoutServices(pool).orders)
			}
			before := pool.Stat()
			r, err := b.run(ctx, sc, im, workers, sc.limit)
			after := pool.Stat()
			pool.Close()
			if err != nil {
				return nil, err
			}
			rep := traceReport{run: r, hold: tracer.hold, holds: tracer.holds,
				acquires: after.AcquireCount() - before.AcquireCount(), acquireWait: after.AcquireDuration() - before.AcquireDuration()}
			for _, s := range slices.Collect(maps.Values(tracer.stats)) {
				rep.stats = append(rep.stats, *s)
			}
			slices.SortFunc(rep.stats, func(a, b stmtStat) int { return cmp.Compare(b.total, a.total) })
			out[sc.name+"/"+name] = rep
			fmt.Printf("traced %-6s %-9s: %7.0f orders/s%s\n", sc.name, name, r.rate(), problemSuffix(r))
		}
	}
	return out, nil
}

// renderTraces is the traced runs as markdown: per scenario, ours next to the reference, then
// our statements by the time they take.
func renderTraces(traces map[string]traceReport, workers int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Where the time goes: one more run of each, %d workers, every statement timed at the client (its round trip; the timing costs some throughput). Per order placed (refusals' cost included).\n\n", workers)
	for _, sc := range []string{"hot", "spread"} {
		ours, okOurs := traces[sc+"/ours"]
		ref, okRef := traces[sc+"/reference"]
		if !okOurs || !okRef {
			continue
		}
		fmt.Fprintf(&b, "| %s | ours | reference |\n|---|---|---|\n", sc)
		row := func(figure string, f func(r traceReport) string) {
			fmt.Fprintf(&b, "| %s | %s | %s |\n", figure, f(ours), f(ref))
		}
		row("orders/s (traced)", func(r traceReport) string { return fmt.Sprintf("%.0f", r.run.rate()) })
		row("statements in the transaction (BEGIN…COMMIT)", func(r traceReport) string {
			n, _ := r.count(true)
			return fmt.Sprintf("%.1f", float64(n)/float64(max(r.run.ok, 1)))
		})
		row("statements outside it", func(r traceReport) string {
			n, _ := r.count(false)
			return fmt.Sprintf("%.1f", float64(n)/float64(max(r.run.ok, 1)))
		})
		row("their round trips, summed: in / outside the transaction", func(r traceReport) string {
			_, in := r.count(true)
			_, out := r.count(false)
			return ms(r.perOrder(in)) + " / " + ms(r.perOrder(out))
		})
		row("stock row locked (stock UPDATE done → COMMIT done), mean", func(r traceReport) string {
			return ms(r.hold / time.Duration(max(r.holds, 1)))
		})
		row("stock UPDATE round trip (waits for the row lock), mean", func(r traceReport) string {
			for _, s := range r.stats {
				if s.name == "TakeStock" || s.name == "update product_sizes (raw)" {
					return ms(s.total / time.Duration(max(s.calls, 1)))
				}
			}
			return "—"
		})
		row("pool: connections taken, mean wait for one", func(r traceReport) string {
			return fmt.Sprintf("%.1f, %s", float64(r.acquires)/float64(max(r.run.ok, 1)), ms(r.acquireWait/time.Duration(max(r.acquires, 1))))
		})
		row("CPU: this process / PostgreSQL backends", func(r traceReport) string {
			return ms(r.perOrder(r.run.goCPU)) + " / " + ms(r.perOrder(r.run.pgCPU))
		})
		b.WriteString("\n")
		fmt.Fprintf(&b, "Ours, %s: statements by total round-trip time\n\n| statement | per order | in transaction | mean | share |\n|---|---|---|---|---|\n", sc)
		var total time.Duration
		for _, s := range ours.stats {
			total += s.total
		}
		for _, s := range ours.stats {
			fmt.Fprintf(&b, "| %s | %.2f | %.2f | %s | %.0f%% |\n", s.name, float64(s.calls)/float64(max(ours.run.ok, 1)),
				float64(s.inTx)/float64(max(ours.run.ok, 1)), ms(s.total/time.Duration(max(s.calls, 1))), 100*float64(s.total)/float64(max(total, 1)))
		}
		b.WriteString("\n")
	}
	return strings.TrimRight(b.String(), "\n")
}
