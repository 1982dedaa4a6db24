package main

import (
	"context"
	"io"
	"net/http"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// client is shared by every load run: keep-alive connections, no proxy.
var client = &http.Client{
	Timeout: 10 * time.Second,
	Transport: &http.Transport{
		MaxIdleConns: 1024, MaxIdleConnsPerHost: 1024, IdleConnTimeout: 30 * time.Second, Proxy: nil,
	},
}

func get(url string) bool {
	resp, err := client.Get(url)
	if err != nil {
		return false
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

// throughput runs workers that each send one request after another for d and returns
// requests per second and failures.
func throughput(ctx context.Context, urls []string, workers int, d time.Duration) (float64, int64) {
	var done, failed atomic.Int64
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; time.Now().Before(deadline) && ctx.Err() == nil; i += workers {
				if !get(urls[i%len(urls)]) {
					failed.Add(1)
				}
				done.Add(1)
			}
		}(w)
	}
	wg.Wait()
	return float64(done.Load()) / d.Seconds(), failed.Load()
}

// latencies offers rate requests a second for d, open loop: each request is sent at its
// scheduled time whatever happened to the earlier ones, and its latency counts from that
// time, so a stalled server cannot hide its queueing (no coordinated omission).
type latencyResult struct {
	sent, failed int
	p50, p95     time.Duration
	p99          time.Duration
	achieved     float64
}

func latencies(ctx context.Context, urls []string, rate int, d time.Duration) latencyResult {
	interval := time.Second / time.Duration(rate)
	total := int(d / interval)
	results := make([]time.Duration, total)
	ok := make([]bool, total)
	sem := make(chan struct{}, 2048)
	var wg sync.WaitGroup
	start := time.Now()
	for i := 0; i < total && ctx.Err() == nil; i++ {
		at := start.Add(time.Duration(i) * interval)
		time.Sleep(time.Until(at))
		sem <- struct{}{}
		wg.Add(1)
		go func(i int, at time.Time) {
			defer func() { <-sem; wg.Done() }()
			ok[i] = get(urls[i%len(urls)])
			results[i] = time.Since(at)
		}(i, at)
	}
	wg.Wait()
	elapsed := time.Since(start)
	r := latencyResult{sent: total}
	sorted := make([]time.Duration, 0, total)
	for i := range results {
		if !ok[i] {
			r.failed++
		}
		sorted = append(sorted, results[i])
	}
	sort.Slice(sorted, func(a, b int) bool { return sorted[a] < sorted[b] })
	if len(sorted) > 0 {
		r.p50 = sorted[len(sorted)/2]
		r.p95 = sorted[len(sorted)*95/100]
		r.p99 = sorted[len(sorted)*99/100]
	}
	r.achieved = float64(total) / elapsed.Seconds()
	return r
}

// oneAtATime sends urls one after another (each once, in turn, for n requests) and returns the
// latencies' p50 and p95: what a request costs when nothing else is asked of the server.
func oneAtATime(ctx context.Context, urls []string, n int) (p50, p95 time.Duration) {
	took := make([]time.Duration, 0, n)
	for i := 0; i < n && ctx.Err() == nil; i++ {
		start := time.Now()
		get(urls[i%len(urls)])
		took = append(took, time.Since(start))
	}
	sort.Slice(took, func(a, b int) bool { return took[a] < took[b] })
	if len(took) == 0 {
		return 0, 0
	}
	return took[len(took)/2], took[len(took)*95/100]
}

// settle waits, up to a minute, until the database runs no statement but this one: a
// reference that fell behind leaves its queries running after its clients gave up, and the
// next run would be measured against them.
func settle(ctx context.Context, db *pgxpool.Pool) {
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline) && ctx.Err() == nil; time.Sleep(200 * time.Millisecond) {
		var active int
		if err := db.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid() AND datname = current_database()`).Scan(&active); err != nil || active == 0 {
			return
		}
	}
}
