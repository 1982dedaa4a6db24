package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"

	"drape/internal/outbox"
	"drape/internal/platform/postgres"
	"drape/jobs"
	"drape/migrations"
	"drape/realtime"
)

// jobsDB is the database the jobs benchmark builds from nothing (and drops after), so its
// relay sees no other benchmark's outbox rows.
const jobsDB = "drape_bench_jobs"

// noopTask is the task type both sides queue; its handler only counts.
const noopTask = "bench:noop"

// runJobs measures background jobs through the outbox: -jobs rows written with outbox.Enqueue,
// one per committed transaction by -producers writers, carried to asynq by the real relay and
// run by a real asynq server with a handler that does nothing; jobs/s from the first insert to
// the last job handled. The reference is the same jobs queued by the same writers straight on
// asynq (the options jobs.Client gives them: TaskID, queue, retries, retention) and run by the
// same asynq server. Runs alternate between the two, each on an emptied Redis database.
func runJobs(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("jobs", flag.ContinueOnError)
	n := fs.Int("jobs", 20_000, "jobs per run")
	producers := fs.Int("producers", 8, "concurrent writers (transactions, or asynq enqueues for the reference)")
	concurrency := fs.Int("concurrency", 10, "asynq server concurrency (the worker's WORKER_CONCURRENCY default)")
	rounds := fs.Int("rounds", 3, "runs of each, alternating which goes first")
	redisDB := fs.Int("redis-db", 9, "Redis database the runs use and empty (REDIS_URL's server)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *n < 1 || *producers < 1 || *concurrency < 1 || *rounds < 1 || *redisDB < 1 {
		return fmt.Errorf("-jobs, -producers, -concurrency, -rounds and -redis-db must be positive")
	}
	baseURL := os.Getenv("DATABASE_URL")
	if baseURL == "" || os.Getenv("REDIS_URL") == "" {
		return fmt.Errorf("set DATABASE_URL and REDIS_URL (scripts/bench.sh does)")
	}

	fmt.Printf("creating database %s…\n", jobsDB)
	dbURL, drop, err := freshDatabase(ctx, baseURL, jobsDB)
	if err != nil {
		return err
	}
	defer drop()
	// As the worker sizes its pool: its concurrency plus room for the relay.
	pool, err := postgres.Open(ctx, dbURL, int32(*producers+4))
	if err != nil {
		return err
	}
	defer pool.Close()
	if _, err := migrations.Up(ctx, pool); err != nil {
		return err
	}
	rdb, err := benchRedis(*redisDB)
	if err != nil {
		return err
	}
	defer rdb.Close()
	defer rdb.FlushDB(context.WithoutCancel(ctx)) // the runs' finished tasks, kept for their retention
	b := &jobsBench{pool: pool, rdb: rdb, jobs: *n, producers: *producers, concurrency: *concurrency,
		log: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))}

	loadBefore := loadAverage()
	fmt.Println("warming up…")
	for _, impl := range []string{"reference", "ours"} {
		if _, err := b.run(ctx, impl, min(*n, 2000)); err != nil {
			return err
		}
	}
	results := map[string][]jobsRun{}
	for round := range *rounds {
		order := []string{"ours", "reference"}
		if round%2 == 1 {
			order = []string{"reference", "ours"}
		}
		for _, impl := range order {
			r, err := b.run(ctx, impl, *n)
			if err != nil {
				return err
			}
			results[impl] = append(results[impl], r)
			fmt.Printf("%-9s round %d: %6.0f jobs/s (%s), all written in %s, on asynq in %s, %d handled, %d twice, %d left in the outbox; CPU per job: Go %s, PostgreSQL %s, Redis %s\n",
				impl, round+1, r.rate(), r.elapsed.Round(time.Millisecond), r.written.Round(time.Millisecond), r.queued.Round(time.Millisecond), r.handled, r.twice, r.pending,
				r.perJob(r.goCPU), r.perJob(r.pgCPU), r.perJob(r.redisCPU))
		}
	}

	ours, ref := sumJobRuns(results["ours"]), sumJobRuns(results["reference"])
	relayDefaults := outbox.NewRelay(nil, nil, nil, nil)
	t := table{title: fmt.Sprintf("Jobs through the outbox: %d no-op jobs, %d writers, asynq concurrency %d", *n, *producers, *concurrency)}
	t.add("jobs/s, first insert → last job handled (all rounds)", ours.rate(), ref.rate(), "≥ 0.5× reference", ours.rate() >= 0.5*ref.rate())
	t.add("jobs/s written (commits, or asynq enqueues for the reference)", float64(ours.handled)/ours.written.Seconds(), float64(ref.handled)/ref.written.Seconds(), "", true)
	problems := ours.missing + ours.twice + int(ours.pending)
	t.row("jobs missing, handled twice, or left in the outbox", strconv.Itoa(problems), strconv.Itoa(ref.missing+ref.twice), "—", "0", problems == 0)
	var byRound []string
	for i := range min(len(results["ours"]), len(results["reference"])) {
		byRound = append(byRound, fmt.Sprintf("%.2f× (%.0f vs %.0f)", results["ours"][i].rate()/results["reference"][i].rate(), results["ours"][i].rate(), results["reference"][i].rate()))
	}
	t.note("ours/reference round by round: " + strings.Join(byRound, "; ") + ".")
	t.note(fmt.Sprintf("CPU per job, from the first write to the last job handled: this process (writers, relay, asynq client and server) ours %s, reference %s; "+
		"PostgreSQL backends of the benchmark database ours %s, reference %s; Redis ours %s, reference %s. Time until every job was on asynq: ours %s (relayed; the writers were done after %s), reference %s.",
		ours.perJob(ours.goCPU), ref.perJob(ref.goCPU), ours.perJob(ours.pgCPU), ref.perJob(ref.pgCPU), ours.perJob(ours.redisCPU), ref.perJob(ref.redisCPU),
		(ours.queued / time.Duration(*rounds)).Round(time.Millisecond), (ours.written / time.Duration(*rounds)).Round(time.Millisecond), (ref.queued / time.Duration(*rounds)).Round(time.Millisecond)))
	t.note(fmt.Sprintf("Ours: each writer commits one transaction per job with outbox.Enqueue (postgres.InTx, a jobs.Job of type %s on the default queue with a unique id); "+
		"NOTIFY wakes the relay (outbox.NewRelay with jobs.NewClient over asynq, as worker/main.go wires it: batches of %d, %d jobs handed over at once), which enqueues each row on asynq under its id and marks the batch delivered. "+
		"Reference: the same writers call asynq's Client.EnqueueContext with the same task, TaskID, queue, MaxRetry and Retention. "+
		"Both: an asynq server from asynq.NewServerFromRedisClient with Concurrency %d and jobs.Queues, a handler that only counts, all in this process; Redis database %d is emptied before each run and the outbox truncated. "+
		"A run ends when every job has been handled once; the rate is jobs over the time from the first write to the last job handled.",
		noopTask, relayDefaults.Batch, relayDefaults.Parallel, *concurrency, *redisDB))
	t.note(fmt.Sprintf("PostgreSQL runs with fsync off (scripts/services.sh with SERVICES_FAST=1); it, Redis and this process share the machine (load average %s at the start, %s at the end). "+
		"Reproduce: `scripts/bench.sh jobs` (flags: -jobs, -producers, -concurrency, -rounds, -redis-db).", loadBefore, loadAverage()))
	return t.write("jobs")
}

// jobsBench is what every run shares: the benchmark database, the emptied Redis database, the
// settings, and a run counter that keeps each run's task ids apart.
type jobsBench struct {
	pool                         *pgxpool.Pool
	rdb                          *redis.Client
	jobs, producers, concurrency int
	log                          *slog.Logger
	runs                         int
}

// jobsRun is one run's figures: how long until every job was handled, how long the writes
// took, and what went wrong.
type jobsRun struct {
	elapsed, written time.Duration
	queued           time.Duration // until every job was on asynq: written, or relayed
	goCPU, pgCPU     time.Duration // this process, and the benchmark database's backends
	redisCPU         time.Duration
	handled, twice   int
	missing          int
	pending          int64
}

func (r jobsRun) rate() float64 { return float64(r.handled) / max(r.elapsed.Seconds(), 1e-9) }

// sumJobRuns adds runs up, so that rates over the sum weigh every run by its length.
func sumJobRuns(runs []jobsRun) jobsRun {
	var s jobsRun
	for _, r := range runs {
		s.elapsed += r.elapsed
		s.written += r.written
		s.queued += r.queued
		s.handled += r.handled
		s.twice += r.twice
		s.missing += r.missing
		s.pending += r.pending
		s.goCPU += r.goCPU
		s.pgCPU += r.pgCPU
		s.redisCPU += r.redisCPU
	}
	return s
}

func (r jobsRun) perJob(d time.Duration) string {
	return fmt.Sprintf("%.0f µs", float64(d.Microseconds())/float64(max(r.handled, 1)))
}

// cpu is the CPU time used so far by this process, by the PostgreSQL backends of the
// benchmark database, and by the Redis server.
func (b *jobsBench) cpu(ctx context.Context) (goCPU, pgCPU, redisCPU time.Duration) {
	pgCPU = (&checkoutBench{pool: b.pool}).backendCPU(ctx)
	if info, err := b.rdb.Info(ctx, "server").Result(); err == nil {
		for _, line := range strings.Split(info, "\n") {
			if pid, ok := strings.CutPrefix(strings.TrimSpace(line), "process_id:"); ok {
				redisCPU = processTicks(pid)
			}
		}
	}
	return processCPU(), pgCPU, redisCPU
}

// processTicks is the CPU time process pid has used (user + system ticks from /proc, at 100 a
// second), or 0 when it cannot be read.
func processTicks(pid string) time.Duration {
	raw, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return 0
	}
	fields := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+1:]))
	if len(fields) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(fields[11], 10, 64)
	k, _ := strconv.ParseInt(fields[12], 10, 64)
	return time.Duration(u+k) * 10 * time.Millisecond
}

// run queues n jobs through impl ("ours": the outbox and its relay; "reference": asynq
// directly) and waits until the asynq server has handled each of them.
func (b *jobsBench) run(ctx context.Context, impl string, n int) (jobsRun, error) {
	b.runs++
	if err := b.rdb.FlushDB(ctx).Err(); err != nil {
		return jobsRun{}, err
	}
	if _, err := b.pool.Exec(ctx, "TRUNCATE outbox RESTART IDENTITY"); err != nil {
		return jobsRun{}, err
	}

	handled := make([]atomic.Int32, n)
	var distinct atomic.Int64
	var lastHandled atomic.Int64
	all := make(chan struct{})
	mux := asynq.NewServeMux()
	mux.HandleFunc(noopTask, func(_ context.Context, t *asynq.Task) error {
		var p struct {
			Seq int `json:"seq"`
		}
		if err := json.Unmarshal(t.Payload(), &p); err != nil || p.Seq < 0 || p.Seq >= n {
			return fmt.Errorf("bad payload %s: %w", t.Payload(), asynq.SkipRetry)
		}
		if handled[p.Seq].Add(1) == 1 && distinct.Add(1) == int64(n) {
			lastHandled.Store(time.Now().UnixNano())
			close(all)
		}
		return nil
	})
	srv := asynq.NewServerFromRedisClient(b.rdb, asynq.Config{
		Concurrency: b.concurrency, Queues: jobs.Queues, LogLevel: asynq.WarnLevel, ShutdownTimeout: 5 * time.Second,
	})
	if err := srv.Start(mux); err != nil {
		return jobsRun{}, err
	}
	defer srv.Shutdown()
	queue := asynq.NewClientFromRedisClient(b.rdb)
	defer queue.Close()

	var relay *outbox.Relay
	if impl == "ours" {
		relay = outbox.NewRelay(b.pool, jobs.NewClient(queue), realtime.NewBridge(b.rdb, "drape:bench:jobs"), b.log)
		relayCtx, stopRelay := context.WithCancel(ctx)
		relayDone := make(chan struct{})
		go func() { defer close(relayDone); relay.Run(relayCtx) }()
		defer func() { stopRelay(); <-relayDone }()
		time.Sleep(100 * time.Millisecond) // until it listens
	}

	job := func(i int) jobs.Job {
		return jobs.Job{Type: noopTask, ID: fmt.Sprintf("bench:%d:%d", b.runs, i), Queue: jobs.QueueDefault,
			Payload: json.RawMessage(`{"seq":` + strconv.Itoa(i) + `}`)}
	}
	write := func(i int) error {
		return postgres.InTx(ctx, b.pool, func(tx pgx.Tx) error { return outbox.Enqueue(ctx, tx, job(i)) })
	}
	if impl == "reference" {
		write = func(i int) error {
			j := job(i)
			_, err := queue.EnqueueContext(ctx, asynq.NewTask(j.Type, j.Payload), asynq.TaskID(j.ID), asynq.Queue(j.Queue),
				asynq.MaxRetry(jobs.MaxRetry), asynq.Retention(jobs.Retention))
			return err
		}
	}

	goBefore, pgBefore, redisBefore := b.cpu(ctx)
	start := time.Now()
	var relayed atomic.Int64 // when the relay had handed every row to asynq
	if relay != nil {
		go func() {
			for relay.Delivered() < uint64(n) && ctx.Err() == nil {
				time.Sleep(2 * time.Millisecond)
			}
			relayed.Store(int64(time.Since(start)))
		}()
	}
	var next atomic.Int64
	var firstErr error
	var errOnce sync.Once
	var wg sync.WaitGroup
	for range b.producers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n && ctx.Err() == nil; i = int(next.Add(1) - 1) {
				if err := write(i); err != nil {
					errOnce.Do(func() { firstErr = fmt.Errorf("%s: job %d: %w", impl, i, err) })
					return
				}
			}
		}()
	}
	wg.Wait()
	r := jobsRun{written: time.Since(start)}
	if firstErr != nil {
		return r, firstErr
	}
	select {
	case <-all:
	case <-time.After(2 * time.Minute):
	case <-ctx.Done():
		return r, ctx.Err()
	}
	end := time.Now()
	if at := lastHandled.Load(); at != 0 {
		end = time.Unix(0, at)
	}
	goAfter, pgAfter, redisAfter := b.cpu(ctx)
	r.goCPU, r.pgCPU, r.redisCPU = goAfter-goBefore, pgAfter-pgBefore, redisAfter-redisBefore
	r.elapsed = end.Sub(start)
	r.queued = r.written
	if relay != nil {
		r.queued = time.Duration(relayed.Load())
	}
	time.Sleep(200 * time.Millisecond) // a repeat would show by now
	for i := range handled {
		switch c := handled[i].Load(); {
		case c == 0:
			r.missing++
		case c > 1:
			r.twice++
		}
	}
	r.handled = n - r.missing
	if relay != nil {
		stats, err := outbox.PendingStats(ctx, b.pool)
		if err != nil {
			return r, err
		}
		r.pending = stats.Pending
	}
	return r, nil
}
