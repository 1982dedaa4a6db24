package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"drape/realtime"
)

// redisProcess is one redis-server, as a primary, a replica or a Sentinel.
type redisProcess struct {
	port int
	cmd  *exec.Cmd
}

// startRedisProcess starts redis-server with args on a free port and waits until it answers;
// a machine without redis-server skips the test.
func startRedisProcess(t *testing.T, args ...string) *redisProcess {
	t.Helper()
	p := &redisProcess{port: freePort(t)}
	p.cmd = exec.Command("redis-server", append(args, "--port", fmt.Sprint(p.port), "--bind", "127.0.0.1")...)
	if err := p.cmd.Start(); err != nil {
		t.Skipf("redis-server: %v", err)
	}
	t.Cleanup(func() { _ = p.cmd.Process.Kill(); _ = p.cmd.Wait() })
	waitUntil(t, 10*time.Second, "redis-server on its port", func() bool {
		conn, err := net.Dial("tcp", p.addr())
		if err == nil {
			conn.Close()
		}
		return err == nil
	})
	return p
}

func (p *redisProcess) addr() string { return fmt.Sprintf("127.0.0.1:%d", p.port) }

// TestRedisPrimaryFailsOver: Redis runs as ops run it for a shop past one machine: a primary, a
// replica and three Sentinels (redis-server in Sentinel mode, which is what Debian's
// redis-sentinel starts). The primary is killed during 100 checkouts; the Sentinels promote
// the replica, the server and the worker follow them without a restart, every order reaches the
// courier once, every confirmation mail is sent once, and live events reach an open socket
// again within 5 s of the Sentinels naming the new primary.
func TestRedisPrimaryFailsOver(t *testing.T) {
	t.Parallel() // real processes mostly waiting on timers: they overlap well
	primary := startRedisProcess(t, "--save", "", "--appendonly", "yes", "--dir", t.TempDir())
	replica := startRedisProcess(t, "--save", "", "--appendonly", "yes", "--dir", t.TempDir(), "--replicaof", "127.0.0.1", fmt.Sprint(primary.port))
	var sentinels []string
	for range 3 {
		dir := t.TempDir()
		conf := filepath.Join(dir, "sentinel.conf")
		// A Sentinel rewrites its own config file as it learns; it needs one it may write.
		text := fmt.Sprintf("dir %s\nsentinel monitor drape 127.0.0.1 %d 2\nsentinel down-after-milliseconds drape 1000\n"+
			"sentinel failover-timeout drape 10000\nsentinel parallel-syncs drape 1\n", dir, primary.port)
		if err := os.WriteFile(conf, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		s := startRedisProcess(t, conf, "--sentinel")
		sentinels = append(sentinels, s.addr())
	}
	sentinel := redis.NewSentinelClient(&redis.Options{Addr: sentinels[0]})
	t.Cleanup(func() { sentinel.Close() })
	ctx := context.Background()
	// A failover needs the Sentinels to know the replica and each other: they learn both from
	// the primary within seconds of starting.
	waitUntil(t, 30*time.Second, "the Sentinels to know the replica and each other", func() bool {
		master, err := sentinel.Master(ctx, "drape").Result()
		replicas, rerr := sentinel.Replicas(ctx, "drape").Result()
		return err == nil && rerr == nil && master["num-other-sentinels"] == "2" && len(replicas) == 1 &&
			replicas[0]["master-link-status"] == "ok"
	})

	d := newCourierDeployment(t, "off", "REDIS_URL=redis://"+primary.addr()+"/0", "REDIS_SENTINELS="+strings.Join(sentinels, ","),
		"REDIS_MASTER_NAME=drape", "JOB_REQUEUE_AFTER=3s")
	base := d.startServerOn(t, d.port)
	startWorker(t, d.env)
	tab := dialLive(t, base, realtime.TopicSales)
	publishEvent(t, d.dbURL, "before", true)
	if m := tab.next(t, 15*time.Second); m["type"] != "sale.changed" {
		t.Fatalf("before the failover the socket got %v", m)
	}
	users, addresses := d.shoppers(t, 100, "failover")

	// The kill, then the Sentinels watched from it on, so the promotion is timed as it happens
	// and not when the checkouts are done.
	var killedAt time.Time
	var failedOver time.Duration // from the kill to the Sentinels naming the replica; 0: not within 30 s
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		time.Sleep(300 * time.Millisecond)
		killedAt = time.Now()
		_ = primary.cmd.Process.Signal(syscall.SIGKILL)
		for time.Since(killedAt) < 30*time.Second {
			addr, err := sentinel.GetMasterAddrByName(ctx, "drape").Result()
			if err == nil && len(addr) == 2 && addr[1] == fmt.Sprint(replica.port) {
				failedOver = time.Since(killedAt)
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	}()
	numbers := d.placeInProcess(t, users, addresses)
	wg.Wait()
	drill := "Redis primary killed during 100 checkouts; Sentinels promote the replica"
	got := d.count(t, `SELECT count(*) FROM orders`)
	drillReport(t, drill, "orders kept", len(users), got, 0)
	if got != len(numbers) {
		t.Fatalf("%d orders, want %d", got, len(numbers))
	}
	if failedOver == 0 {
		t.Fatal("the Sentinels did not name the replica primary within 30 s of the kill")
	}

	// Live events again: a marker goes through the outbox every 250 ms until one reaches the
	// open socket. The socket is read on a goroutine of its own, without a deadline: a read that
	// times out leaves a websocket broken for good.
	arrived := make(chan error, 1)
	go func() {
		for {
			var m map[string]any
			if err := tab.conn.ReadJSON(&m); err != nil {
				arrived <- err
				return
			}
			if m["type"] == "sale.changed" {
				arrived <- nil
				return
			}
		}
	}()
	var resumed time.Duration
	asking := time.Since(killedAt) // the markers start once the checkouts are done and the replica named
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for i := 0; resumed == 0; i++ {
		select {
		case err := <-arrived:
			if err != nil {
				t.Fatalf("the socket broke after the failover: %v", err)
			}
			resumed = time.Since(killedAt)
		case <-tick.C:
			if time.Since(killedAt) > 30*time.Second {
				t.Fatal("no live event reached the socket within 30 s of the kill")
			}
			publishEvent(t, d.dbURL, fmt.Sprintf("after %d", i), true)
		}
	}
	t.Logf("failover named the replica after %v; live events resumed %v after the kill", failedOver.Round(100*time.Millisecond), resumed.Round(100*time.Millisecond))
	// How soon the Sentinels promote is theirs (a second to call the primary down, then an
	// election, which a loaded machine may lose and hold again); following them is ours.
	followed := resumed - max(failedOver, asking)
	drillReport(t, drill, "live events resumed within 5 s of the promotion", 1, btoi(followed <= 5*time.Second), 0)
	if followed > 5*time.Second {
		t.Errorf("live events resumed %v after the Sentinels named the new primary, want within 5 s", followed)
	}

	d.expectPushedAndMailedOnce(t, drill, len(numbers))
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// expectPushedAndMailedOnce waits for the outbox to drain, then wants every one of n orders at
// the courier once and its confirmation mail in sim's mailbox once, reporting both for drill.
//
// The waits allow for asynq's slowest recovery. A job whose dequeue reached the replica but
// whose reply died with the primary sits "active" on the new primary, held by no worker; our
// sweeper cannot queue it again (its id is taken), and asynq's recoverer frees it only once
// its 30 s lease has been expired for 30 s more, on a one-minute tick: up to two minutes after
// the kill. (CI lost a run to the earlier 60 s wait for mails.)
func (d *courierDeployment) expectPushedAndMailedOnce(t *testing.T, drill string, n int) {
	t.Helper()
	const asynqRecovers = 150 * time.Second
	waitUntil(t, asynqRecovers, "the outbox to drain and every order to reach the courier", func() bool {
		return d.count(t, `SELECT count(*) FROM orders WHERE courier_order_id IS NOT NULL`) == n &&
			d.count(t, `SELECT count(*) FROM outbox WHERE delivered_at IS NULL`) == 0
	})
	t.Cleanup(func() { // a failed drill names the mails it missed, for the next engineer to follow
		if t.Failed() {
			rows, err := d.pool.Query(context.Background(), `SELECT ref, created_at FROM mails WHERE sent_at IS NULL ORDER BY created_at`)
			if err == nil {
				defer rows.Close()
				for rows.Next() {
					var ref string
					var at time.Time
					if rows.Scan(&ref, &at) == nil {
						t.Logf("mail %s queued %s, not sent", ref, at.Format(time.StampMilli))
					}
				}
			}
		}
	})
	waitUntil(t, asynqRecovers, "every confirmation mail", func() bool {
		return d.count(t, `SELECT count(*) FROM mails WHERE kind = 'order_confirmation' AND sent_at IS NOT NULL`) == n
	})
	orders, duplicates := d.courierCounts(t)
	inbox := mailboxCount(t, d.sim)
	drillReport(t, drill, "orders pushed to the courier", n, orders, duplicates)
	drillReport(t, drill, "confirmation mails", n, min(inbox, n), max(inbox-n, 0))
	if orders != n || duplicates != 0 {
		t.Fatalf("courier has %d orders, %d duplicates", orders, duplicates)
	}
	if inbox != n {
		t.Fatalf("sim's mailbox holds %d mails, want %d", inbox, n)
	}
}
