package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// runLogin measures sign-in with argon2id: logins a second when every request comes from its
// own address (the limiter stays out of the way), then a flood of wrong passwords from one
// address, during which the limiter must answer 429 and a product listing must stay as fast as
// it is without the flood.
func runLogin(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("login", flag.ContinueOnError)
	duration := fs.Duration("duration", 8*time.Second, "length of each run")
	workers := fs.Int("workers", 8, "concurrent logins")
	if err := fs.Parse(args); err != nil {
		return err
	}
	serverBin := os.Getenv("SERVER_BIN")
	if serverBin == "" {
		return fmt.Errorf("set SERVER_BIN, DATABASE_URL and REDIS_URL (make bench does)")
	}
	os.Setenv("TRUSTED_PROXIES", "127.0.0.1")
	ours, stop, err := startProcess(ctx, serverBin, nil, "/readyz")
	if err != nil {
		return err
	}
	defer stop()

	// Each e-mail may sign in 10 times in 10 minutes: enough accounts keep that limit out of
	// the way of measuring argon2id itself.
	const password = "bench-password-42"
	emails := make([]string, 64)
	for i := range emails {
		emails[i] = fmt.Sprintf("bench-%d-%d@drape.test", time.Now().UnixNano(), i)
		body := fmt.Sprintf(`{"firstName":"Bench","email":%q,"password":%q}`, emails[i], password)
		if status := postStatus(ours+"/api/register", body, fmt.Sprintf("10.1.0.%d", i+1)); status != 200 {
			return fmt.Errorf("register %s: status %d", emails[i], status)
		}
	}

	fmt.Println("logins from many addresses…")
	var ok, other atomic.Int64
	var n atomic.Int64
	deadline := time.Now().Add(*duration)
	var wg sync.WaitGroup
	for w := 0; w < *workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for time.Now().Before(deadline) && ctx.Err() == nil {
				i := n.Add(1)
				ip := fmt.Sprintf("10.%d.%d.%d", 2+i/65536%200, i/256%256, i%256)
				body := fmt.Sprintf(`{"email":%q,"password":%q}`, emails[int(i)%len(emails)], password)
				if postStatus(ours+"/api/login", body, ip) == 200 {
					ok.Add(1)
				} else {
					other.Add(1)
				}
			}
		}(w)
	}
	wg.Wait()
	loginsPerSecond := float64(ok.Load()) / duration.Seconds()

	listing := ours + "/api/getproduct?page=1"
	fmt.Println("listing latency alone…")
	alone := latencies(ctx, []string{listing}, 200, *duration)

	// The flood is offered at a fixed rate (open loop): 1,000 password guesses a second from one
	// address. Without the limiter each would cost an argon2id hash (~70 ms of CPU): the server
	// could not keep up and every other page would stall.
	const floodRate = 1000
	fmt.Printf("listing latency during %d wrong passwords a second from one address…\n", floodRate)
	floodCtx, endFlood := context.WithCancel(ctx)
	var flooded, limited atomic.Int64
	var floodWG sync.WaitGroup
	floodWG.Add(1)
	go func() {
		defer floodWG.Done()
		tick := time.NewTicker(time.Second / floodRate)
		defer tick.Stop()
		var inFlight sync.WaitGroup
		defer inFlight.Wait()
		for {
			select {
			case <-floodCtx.Done():
				return
			case <-tick.C:
			}
			inFlight.Add(1)
			go func() {
				defer inFlight.Done()
				status := postStatus(ours+"/api/login", `{"email":"victim@drape.test","password":"guess-guess-1"}`, "10.250.0.1")
				flooded.Add(1)
				if status == http.StatusTooManyRequests {
					limited.Add(1)
				}
			}()
		}
	}()
	during := latencies(ctx, []string{listing}, 200, *duration)
	endFlood()
	floodWG.Wait()

	t := table{title: "Sign-in (argon2id: 64 MiB, 3 passes, 1 lane, all cores but one) and its limiter"}
	t.add("logins a second (%d workers, distinct addresses)", loginsPerSecond, 0, "", true, *workers)
	limitedShare := float64(limited.Load()) / float64(max(flooded.Load(), 1))
	t.row(fmt.Sprintf("%d wrong passwords a second from one address: share answered 429", floodRate),
		fmt.Sprintf("%.1f%% of %d", 100*limitedShare, flooded.Load()), "—", "—", "≥ 99%", limitedShare >= 0.99)
	t.addDuration("listing p99 during the flood vs alone", during.p99, alone.p99, "≤ 2× alone or ≤ 10 ms",
		during.p99 <= 2*alone.p99 || during.p99 <= 10*time.Millisecond)
	t.note(fmt.Sprintf("logins that failed during the throughput run: %d; listing p50 alone %s, during the flood %s",
		other.Load(), ms(alone.p50), ms(during.p50)))
	return t.write("login")
}

// postStatus posts a JSON body as if from address ip (the server trusts X-Forwarded-For from
// loopback in this benchmark) and returns the status.
func postStatus(url, body, ip string) int {
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", ip)
	resp, err := client.Do(req)
	if err != nil {
		return 0
	}
	var discard json.RawMessage
	json.NewDecoder(resp.Body).Decode(&discard)
	resp.Body.Close()
	return resp.StatusCode
}
