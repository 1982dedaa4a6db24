package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/order"
	"drape/internal/shop"
	"drape/migrations"
)

// pgCluster is one PostgreSQL server of the drill's own, primary or replica, run as the
// postgres user when the test runs as root (PostgreSQL refuses root), as scripts/services.sh
// does.
type pgCluster struct {
	bin, dir string
	port     int
}

// pgBin is the newest installed PostgreSQL's bin directory, or PGBIN; "" when there is none.
func pgBin() string {
	if bin := os.Getenv("PGBIN"); bin != "" {
		return bin
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool {
		a, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[i])))
		b, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[j])))
		return a < b
	})
	if len(dirs) == 0 {
		return ""
	}
	return dirs[len(dirs)-1]
}

// runPG runs a PostgreSQL program, as the postgres user when we are root.
func runPG(t *testing.T, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	if os.Geteuid() == 0 {
		cmd = exec.Command("runuser", append([]string{"-u", "postgres", "--", name}, args...)...)
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %v: %v\n%s", filepath.Base(name), args, err, out)
	}
}

// pgDir makes an empty directory the postgres user owns, removed when t ends.
func pgDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "drape-pg-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Skipf("no postgres user to run PostgreSQL as: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// start starts the cluster in c.dir on c.port with settings, and stops it (immediately) when
// t ends.
func (c *pgCluster) start(t *testing.T, settings string) {
	t.Helper()
	conf := fmt.Sprintf("\nport = %d\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '%s'\nfsync = off\n%s\n", c.port, c.dir, settings)
	f, err := os.OpenFile(filepath.Join(c.dir, "data", "postgresql.conf"), os.O_APPEND|os.O_WRONLY, 0)
	if err == nil {
		_, err = f.WriteString(conf)
		f.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	runPG(t, filepath.Join(c.bin, "pg_ctl"), "-D", filepath.Join(c.dir, "data"), "-l", filepath.Join(c.dir, "server.log"), "-w", "-t", "60", "start")
	t.Cleanup(func() {
		_ = exec.Command("runuser", "-u", "postgres", "--", filepath.Join(c.bin, "pg_ctl"), "-D", filepath.Join(c.dir, "data"), "-m", "immediate", "stop").Run()
	})
}

// TestPostgresPrimaryPromoted: PostgreSQL runs as ops run it for a shop past one machine: a
// primary with a streaming replica (pg_basebackup) that every commit waits for
// (synchronous_standby_names), and every process given both hosts with
// target_session_attrs=read-write. The primary is killed during 100 checkouts and the replica
// promoted: shoppers whose checkout failed in the gap press again (the same idempotency key),
// no committed order is lost or doubled, the server answers again without a restart, the
// outbox drains, and every order reaches the courier and is mailed once.
func TestPostgresPrimaryPromoted(t *testing.T) {
	t.Parallel() // real processes mostly waiting: they overlap well
	bin := pgBin()
	if bin == "" {
		t.Skip("no PostgreSQL binaries")
	}
	primary := &pgCluster{bin: bin, dir: pgDir(t), port: freePort(t)}
	replica := &pgCluster{bin: bin, dir: pgDir(t), port: freePort(t)}
	runPG(t, filepath.Join(bin, "initdb"), "-D", filepath.Join(primary.dir, "data"), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8")
	primary.start(t, "wal_level = replica\nmax_wal_senders = 4")
	runPG(t, filepath.Join(bin, "createdb"), "-h", "127.0.0.1", "-p", strconv.Itoa(primary.port), "-U", "postgres", "drape")
	runPG(t, filepath.Join(bin, "pg_basebackup"), "-h", "127.0.0.1", "-p", strconv.Itoa(primary.port), "-U", "postgres",
		"-D", filepath.Join(replica.dir, "data"), "-R", "--no-sync")
	replica.start(t, "")

	ctx := context.Background()
	direct, err := pgxpool.New(ctx, fmt.Sprintf("postgres://postgres@127.0.0.1:%d/drape?sslmode=disable", primary.port))
	if err != nil {
		t.Fatal(err)
	}
	// Every commit waits for the replica from now on: a commit the shop answered is on both.
	if _, err := direct.Exec(ctx, `ALTER SYSTEM SET synchronous_standby_names = '*'`); err != nil {
		t.Fatal(err)
	}
	if _, err := direct.Exec(ctx, `SELECT pg_reload_conf()`); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, 30*time.Second, "the replica to stream synchronously", func() bool {
		var n int
		err := direct.QueryRow(ctx, `SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming' AND sync_state = 'sync'`).Scan(&n)
		return err == nil && n == 1
	})
	if _, err := migrations.Up(ctx, direct); err != nil {
		t.Fatal(err)
	}
	direct.Close()

	both := fmt.Sprintf("postgres://postgres@127.0.0.1:%d,127.0.0.1:%d/drape?sslmode=disable&target_session_attrs=read-write&connect_timeout=2",
		primary.port, replica.port)
	d := newCourierDeployment(t, "off", "DATABASE_URL="+both, "JOB_REQUEUE_AFTER=3s")
	base := d.startServerOn(t, d.port)
	startWorker(t, d.env)
	users, addresses := d.shoppers(t, 100, "promoted")

	var killedAt time.Time
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		time.Sleep(300 * time.Millisecond)
		killedAt = time.Now()
		runPG(t, filepath.Join(bin, "pg_ctl"), "-D", filepath.Join(primary.dir, "data"), "-m", "immediate", "stop")
		time.Sleep(time.Second) // ops notice, then promote
		runPG(t, filepath.Join(bin, "pg_ctl"), "-D", filepath.Join(replica.dir, "data"), "-w", "promote")
	}()
	placed, retries := map[string]bool{}, 0
	for i, u := range users {
		// A shopper whose page failed in the gap adds the line again; it is added once.
		waitUntil(t, 60*time.Second, "the cart to take the line", func() bool {
			_, err := d.pool.Exec(ctx, `INSERT INTO cart_items (id, user_id, product_id, size, quantity)
				SELECT $1, $2, $3, 'M', 1 WHERE NOT EXISTS (SELECT 1 FROM cart_items WHERE user_id = $2)`, shop.NewID(), u, d.product.ID)
			if err != nil {
				retries++
			}
			return err == nil
		})
		var o order.Order
		waitUntil(t, 60*time.Second, "the checkout to go through", func() bool {
			o, _, err = d.svc.orders.Place(ctx, order.Placement{UserID: u, Mode: order.COD, AddressID: addresses[i], IdempotencyKey: "promoted"})
			if err != nil {
				retries++
			}
			return err == nil
		})
		placed[o.Number] = true
	}
	wg.Wait()
	drill := "PostgreSQL primary killed during 100 checkouts; its synchronous replica promoted"
	got := d.count(t, `SELECT count(*) FROM orders`)
	drillReport(t, drill, "orders kept (checkouts pressed again in the gap: "+strconv.Itoa(retries)+")", len(users), min(got, len(placed)), max(got-len(placed), 0))
	if got != len(users) || len(placed) != len(users) {
		t.Fatalf("%d orders in the database and %d distinct order numbers answered, want %d of each", got, len(placed), len(users))
	}
	recovered := time.Duration(0)
	waitUntil(t, 30*time.Second, "the server to answer from the promoted replica", func() bool {
		resp, err := http.Get(base + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			recovered = time.Since(killedAt)
		}
		return resp.StatusCode == http.StatusOK
	})
	apiCall(t, base, "GET", "/api/getcategory", "", nil, 200)
	t.Logf("the server answered again %v after the kill, without a restart", recovered.Round(100*time.Millisecond))
	drillReport(t, drill, "server answering again, no restart", 1, 1, 0)

	d.expectPushedAndMailedOnce(t, drill, len(users))
}
