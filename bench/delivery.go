package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"drape/internal/company"
	"drape/internal/delivery"
	"drape/internal/platform/postgres"
	"drape/internal/provider/shiprocket"
	"drape/migrations"
)

// deliveryDB is the database the pincode benchmark builds from nothing (and drops after).
const deliveryDB = "drape_bench_delivery"

// runDelivery measures the pincode check (delivery.Service.Check, what GET /api/delivery
// calls) against sim's Shiprocket answering every serviceability call after -latency: p95 of a
// check answered from the Redis cache against a bare Redis GET of the same key, and p95 of a
// check that misses (a pincode never asked) against the courier's own answer time, with
// -concurrency checks at once. A miss must answer within the 300 ms budget: neutrally when the
// courier is slower, the lookup finishing into the cache.
func runDelivery(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("delivery", flag.ContinueOnError)
	hits := fs.Int("hits", 5000, "checks answered from the cache")
	misses := fs.Int("misses", 300, "checks of pincodes never asked")
	concurrency := fs.Int("concurrency", 8, "checks at once")
	latency := fs.Duration("latency", 150*time.Millisecond, "sim's serviceability answer time")
	redisDB := fs.Int("redis-db", 10, "Redis database the runs use and empty (REDIS_URL's server)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *hits < 1 || *misses < 1 || *concurrency < 1 {
		return fmt.Errorf("-hits, -misses and -concurrency must be positive")
	}
	simBin := os.Getenv("SIM_BIN")
	if simBin == "" || os.Getenv("DATABASE_URL") == "" {
		return fmt.Errorf("set DATABASE_URL and SIM_BIN (scripts/bench.sh does)")
	}
	dbURL, drop, err := freshDatabase(ctx, os.Getenv("DATABASE_URL"), deliveryDB)
	if err != nil {
		return err
	}
	defer drop()
	pool, err := postgres.Open(ctx, dbURL, 4)
	if err != nil {
		return err
	}
	defer pool.Close()
	if _, err := migrations.Up(ctx, pool); err != nil {
		return err
	}
	companies := company.NewService(pool)
	if _, err := companies.Save(ctx, company.Company{Name: "Jaipur Formals", City: "Jaipur", State: "Rajasthan", Zip: "302001"}, nil); err != nil {
		return err
	}
	rdb, err := benchRedis(*redisDB)
	if err != nil {
		return err
	}
	defer rdb.Close()
	if err := rdb.FlushDB(ctx).Err(); err != nil {
		return err
	}
	simURL, stopSim, err := startBenchSim(ctx, simBin)
	if err != nil {
		return err
	}
	defer stopSim()
	resp, err := http.Post(simURL+"/shiprocket/control", "application/json",
		strings.NewReader(fmt.Sprintf(`{"serviceabilityMs": %d}`, latency.Milliseconds())))
	if err != nil {
		return err
	}
	resp.Body.Close()
	creds := shiprocket.Credentials{Email: "api@drape.local", Password: "drape-sim-shiprocket"}
	session := shiprocket.NewSession(shiprocket.New(simURL+"/shiprocket", nil), rdb)
	svc := delivery.NewService(session, rdb, companies, delivery.Config{Credentials: creds})
	loadBefore := loadAverage()

	// The courier alone, for the miss's reference (also logs in once, as the server would have).
	var courier []time.Duration
	for i := range 20 {
		started := time.Now()
		if _, err := session.Serviceability(ctx, creds, "302001", fmt.Sprintf("4%05d", 10000+i), false, delivery.DefaultWeightKg); err != nil {
			return err
		}
		courier = append(courier, time.Since(started))
	}

	// Misses: every check a pincode never asked, -concurrency at once.
	missLat, neutral, err := concurrently(*misses, *concurrency, func(i int) (bool, error) {
		p, err := svc.Check(ctx, fmt.Sprintf("%06d", 110001+i), false)
		return !p.Known, err
	})
	if err != nil {
		return err
	}
	time.Sleep(2 * *latency) // the lookups past the budget land in the cache

	// Hits: one pincode, asked again and again, against a bare GET of its key.
	if _, err := svc.Route(ctx, "302017"); err != nil {
		return err
	}
	hitLat, unknown, err := concurrently(*hits, *concurrency, func(int) (bool, error) {
		p, err := svc.Check(ctx, "302017", false)
		return !p.Known, err
	})
	if err != nil {
		return err
	}
	bareLat, _, err := concurrently(*hits, *concurrency, func(int) (bool, error) {
		return false, rdb.Get(ctx, "delivery:route:v1:302001:302017").Err()
	})
	if err != nil {
		return err
	}

	t := table{title: "Delivery: the pincode check (delivery.Service.Check) from the cache and on a miss, sim's Shiprocket answering in " + latency.String()}
	hitP95, missP95 := percentile(hitLat, 95), percentile(missLat, 95)
	t.addDuration(fmt.Sprintf("%d checks from the cache, %d at once: p95 (vs a bare Redis GET)", *hits, *concurrency), hitP95, percentile(bareLat, 95),
		"≤ 5 ms", hitP95 <= 5*time.Millisecond && unknown == 0)
	t.addDuration(fmt.Sprintf("%d checks of new pincodes, %d at once: p95 (vs the courier's own answer)", *misses, *concurrency), missP95,
		percentile(courier, 95), "≤ 300 ms", missP95 <= 300*time.Millisecond)
	t.note(fmt.Sprintf("%d of %d misses answered neutrally (the courier past the 300 ms budget); %d cache hits without an answer.", neutral, *misses, unknown))
	t.note(fmt.Sprintf("Load average before: %s, after: %s.", loadBefore, loadAverage()))
	return t.write("delivery")
}

// concurrently runs n calls of do, c at once, and returns each call's time and how many
// reported true.
func concurrently(n, c int, do func(i int) (bool, error)) ([]time.Duration, int, error) {
	lat := make([]time.Duration, n)
	var mu sync.Mutex
	flagged := 0
	var firstErr error
	next := make(chan int)
	var wg sync.WaitGroup
	for range c {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				started := time.Now()
				flag, err := do(i)
				lat[i] = time.Since(started)
				mu.Lock()
				if flag {
					flagged++
				}
				if err != nil && firstErr == nil {
					firstErr = err
				}
				mu.Unlock()
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return lat, flagged, firstErr
}

// startBenchSim starts sim on free ports and returns its HTTP base URL.
func startBenchSim(ctx context.Context, bin string) (string, func(), error) {
	cmd := exec.CommandContext(ctx, bin)
	cmd.Env = append(os.Environ(), "SIM_ADDR=127.0.0.1:0", "SIM_SMTP_ADDR=127.0.0.1:0")
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", nil, err
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	stop := func() { cmd.Process.Kill(); cmd.Wait() }
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		if i := strings.Index(lines.Text(), "sim listening http="); i >= 0 {
			addr := strings.TrimPrefix(strings.Fields(lines.Text()[i:])[2], "http=")
			go func() {
				for lines.Scan() {
				}
			}()
			return "http://" + addr, stop, nil
		}
	}
	stop()
	return "", nil, fmt.Errorf("sim did not start")
}
