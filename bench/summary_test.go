package main

import (
	"strings"
	"testing"
)

// sampleSummary is part of a real bench/results/latest.md, with one checkout row turned into
// a failure (0.41× against ≥ 0.5×) and one admin list into a slow one (56.61 ms against ≤ 50 ms).
const sampleSummary = `### drape benchmarks: every figure against its reference

2026-11-25 13:49 UTC, vm, 2 CPUs, go1.26.8

| figure | ours | reference | ratio | goal | result |
|---|---|---|---|---|---|
| pages: static route through our middleware (/healthz) vs a bare Fiber JSON route: req/s, 32 workers | 30923 | 34189 | 0.90× | ≥ 0.9× bare | pass |
| pages: cached listing (as served) vs bare Fiber+pgx: req/s | 22656 | 227 | 99.70× | ≥ 0.8× bare | pass |
| pages: cached listing p50 at 2000 req/s offered | 0.64 ms | 5252.70 ms | 0.00× |  | — |
| pages: cached listing p99 at 2000 req/s offered | 2.65 ms | 9784.25 ms | 0.00× | ≤ 10 ms | pass |
| admin lists: page 1, newest first: p95 | 15.68 ms | 0.51 ms | 30.69× | ≤ 50 ms | pass |
| admin lists: search: a product's name: p95 | 56.61 ms | 0.51 ms | 111.22× | ≤ 50 ms | FAIL |
| checkout: hot: 1 size, 500 in stock, 1000 shoppers, 16 workers: orders/s | 1704 | 2719 | 0.63× | ≥ 0.5× reference, 0 oversold, 0 errors | pass |
| checkout: hot, 16 workers: p99 of a placed order | 27.35 ms | 23.54 ms | 1.16× |  | — |
| checkout: hot: 1 size, 500 in stock, 1000 shoppers, 64 workers: orders/s | 1032 | 2524 | 0.41× | ≥ 0.5× reference, 0 oversold, 0 errors | FAIL |
| checkout: hot: problems (oversold units, a size below 0, counts that disagree, errors) | 0 | 0 | — | 0 | pass |
| login: 1000 wrong passwords a second from one address: share answered 429 | 99.9% of 7504 | — | — | ≥ 99% | pass |
| login: listing p99 during the flood vs alone | 1.76 ms | 4.63 ms | 0.38× | ≤ 2× alone or ≤ 10 ms | pass |
| websocket: idle memory per socket: live heap + goroutine stacks after a GC, growth / 10000 | 1.4 KB | 15.0 KB | 0.10× | ≤ 8 KB | pass |
| websocket: delivery p99, commit → socket, 10000 subscribers | 95.84 ms | 147.19 ms | 0.65× | ≤ 100.00 ms | pass |
| jobs: jobs/s, first insert → last job handled (all rounds) | 4724 | 5485 | 0.86× | ≥ 0.5× reference | pass |

Each row comes from its benchmark's own table, where its method is described: bench/results/listing.md (2026-11-25 13:49 UTC).

12 passed, 2 failed
`

func TestReadResults(t *testing.T) {
	r, err := readResults(strings.NewReader(sampleSummary))
	if err != nil {
		t.Fatal(err)
	}
	if r.title != "drape benchmarks: every figure against its reference" {
		t.Errorf("title %q", r.title)
	}
	if r.machine != "2026-11-25 13:49 UTC, vm, 2 CPUs, go1.26.8" {
		t.Errorf("machine line %q", r.machine)
	}
	if len(r.rows) != 15 {
		t.Fatalf("%d rows, want 15", len(r.rows))
	}
	if got := strings.Join(r.rows[3], " | "); got != "pages: cached listing p99 at 2000 req/s offered | 2.65 ms | 9784.25 ms | 0.00× | ≤ 10 ms | pass" {
		t.Errorf("row 4: %q", got)
	}
	if _, err := readResults(strings.NewReader("| figure | ours |\n|---|\n| a | b | c |\n")); err == nil {
		t.Error("a row of three cells was read without an error")
	}
}
