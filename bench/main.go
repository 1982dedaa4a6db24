// Command bench measures drape against references run side by side in the same invocation, on
// this machine, so that the figures that matter are ratios (absolute numbers drift on a shared
// machine). Each run prints a table and writes it to bench/results/.
//
//	go run ./bench listing   product listing: our server vs a bare Fiber+pgx handler
//	go run ./bench filters   filtered listings with facet counts vs the cached unfiltered listing: p95
//	go run ./bench login     argon2id sign-ins a second, and the limiter under a flood
//	go run ./bench checkout  order.Service.Place vs a hand-written pgx transaction: orders/s, p99, oversell
//	go run ./bench realtime  idle websocket memory and outbox → socket delivery vs a bare websocket server
//	go run ./bench jobs      jobs/s through the outbox and relay into asynq vs enqueuing on asynq directly
//	go run ./bench invoices  GST invoices issued/s at hand-over by 2 issuers, gapless, vs a hand-written pgx transaction
//	go run ./bench search    search (typos, synonyms, codes) and suggestions p95 at 200 req/s vs a bare Fiber+pgx handler
//	go run ./bench delivery  the pincode check: p95 from the cache and on a miss, sim's courier slowed to 150 ms
//	go run ./bench summary   one table of every benchmark's latest results (latest.md)
//
// It expects DATABASE_URL and REDIS_URL (scripts/bench.sh provides them) and the server binary
// path in SERVER_BIN.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: bench listing | filters | login | checkout | realtime | jobs | adminlists | invoices | delivery | search | summary | bare-listing | bare-websocket")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "listing":
		err = runListing(ctx, os.Args[2:])
	case "filters":
		err = runFilters(ctx, os.Args[2:])
	case "login":
		err = runLogin(ctx, os.Args[2:])
	case "checkout":
		err = runCheckout(ctx, os.Args[2:])
	case "realtime":
		err = runRealtime(ctx, os.Args[2:])
	case "jobs":
		err = runJobs(ctx, os.Args[2:])
	case "adminlists":
		err = runAdminLists(ctx, os.Args[2:])
	case "invoices":
		err = runInvoices(ctx, os.Args[2:])
	case "delivery":
		err = runDelivery(ctx, os.Args[2:])
	case "search":
		err = runSearch(ctx, os.Args[2:])
	case "summary":
		err = runSummary()
	case "bare-listing":
		err = serveBareListing(ctx)
	case "bare-websocket":
		err = serveBareWebsocket(ctx)
	default:
		err = fmt.Errorf("unknown benchmark %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}
