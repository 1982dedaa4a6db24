package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/catalog"
	"drape/internal/order"
	"drape/internal/shop"
)

// courierDeployment is the real programs around a courier: sim playing Shiprocket (and SMTP),
// and the environment servers and workers share, on a fresh database and Redis.
type courierDeployment struct {
	env     []string
	dbURL   string
	sim     string // sim's HTTP address
	hookURL string // the server that hears the courier
	port    int    // that server's port
	pool    *pgxpool.Pool
	svc     services
	product catalog.Product
}

// newCourierDeployment starts sim (its courier stepping every step, "off" for never) and
// prepares a shop with one product in stock; servers and workers are started by the test.
func newCourierDeployment(t testing.TB, step string, env ...string) *courierDeployment {
	t.Helper()
	d := &courierDeployment{port: freePort(t)}
	d.hookURL = fmt.Sprintf("http://127.0.0.1:%d", d.port)
	simHTTP, simSMTP := startSim(t, "SIM_SHIPROCKET_STEP="+step, "SIM_SHIPROCKET_WEBHOOK_URL="+d.hookURL+"/api/hooks/courier",
		"SIM_SHIPROCKET_WEBHOOK_TOKEN="+courierToken, "SIM_WHATSAPP_WEBHOOK_URL="+d.hookURL+"/api/webhooks/whatsapp")
	d.sim = simHTTP
	var shopEnvironment []string
	shopEnvironment, d.dbURL, _ = shopEnv(t)
	smtpHost, smtpPort, _ := net.SplitHostPort(simSMTP)
	d.env = append(shopEnvironment, "SMTP_HOST="+smtpHost, "SMTP_PORT="+smtpPort, "PUBLIC_URL="+d.hookURL,
		"SHIPROCKET_EMAIL=api@drape.local", "SHIPROCKET_PASSWORD=drape-sim-shiprocket",
		"SHIPROCKET_API_URL=http://"+simHTTP+"/shiprocket", "SHIPROCKET_WEBHOOK_TOKEN="+courierToken,
		"SHIPMENT_RETRY_DELAY=100ms", "SHIPMENT_RETRY_MAX_DELAY=400ms", "JOB_POLL_INTERVAL=100ms", "ORDER_SWEEP_INTERVAL=1s")
	d.env = append(d.env, env...)
	for _, kv := range env { // a drill may bring its own database (the last DATABASE_URL wins)
		if url, ok := strings.CutPrefix(kv, "DATABASE_URL="); ok {
			d.dbURL = url
		}
	}
	pool, err := pgxpool.New(context.Background(), d.dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	d.pool = pool
	dp := fixtureDeps(pool, d.hookURL)
	f := checkoutFixture(t, dp)
	d.svc = newServices(dp)
	d.product, err = d.svc.catalog.CreateProduct(context.Background(), catalog.NewProduct{Code: "JF-SHIP-1", Name: "Courier Shirt",
		Gender: "Men", SubCategoryID: f.shirts.ID, Price: shop.Rupees(1499), Sizes: []catalog.Size{{Size: "M", Stock: 100000}}})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// startServerOn starts a server on port.
func (d *courierDeployment) startServerOn(t testing.TB, port int) string {
	t.Helper()
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	p := start(t, "server", append(d.env, fmt.Sprintf("PORT=%d", port)))
	waitReady(t, base, p)
	return base
}

// shoppers makes n shoppers with an address each and returns their ids and address ids.
func (d *courierDeployment) shoppers(t testing.TB, n int, prefix string) (users, addresses []string) {
	t.Helper()
	ctx := context.Background()
	users, addresses = make([]string, n), make([]string, n)
	for i := range users {
		users[i], addresses[i] = shop.NewID(), shop.NewID()
		email := fmt.Sprintf("%s%d@example.in", prefix, i)
		_, err := d.pool.Exec(ctx, `INSERT INTO users (id, email, first_name) VALUES ($1, $2, 'Ship')`, users[i], email)
		if err == nil {
			_, err = d.pool.Exec(ctx, `INSERT INTO addresses (id, user_id, first_name, last_name, address1, address2, city, state, pincode, email, type, phone)
				VALUES ($1, $2, 'Ship', 'Buyer', '1 MI Road', 'Floor 2', 'Jaipur', 'Rajasthan', '302001', $3, 'home', '9829012345')`,
				addresses[i], users[i], email)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return users, addresses
}

// placeInProcess places one cash-on-delivery order for each shopper, through the order
// service on the deployment's database (the workers and servers see them like any other).
func (d *courierDeployment) placeInProcess(t testing.TB, users, addresses []string) []string {
	t.Helper()
	ctx := context.Background()
	numbers := make([]string, len(users))
	for i, u := range users {
		if _, err := d.pool.Exec(ctx, `INSERT INTO cart_items (id, user_id, product_id, size, quantity) VALUES ($1, $2, $3, 'M', 1)`,
			shop.NewID(), u, d.product.ID); err != nil {
			t.Fatal(err)
		}
		o, _, err := d.svc.orders.Place(ctx, order.Placement{UserID: u, Mode: order.COD, AddressID: addresses[i], IdempotencyKey: "ship"})
		if err != nil {
			t.Fatal(err)
		}
		numbers[i] = o.Number
	}
	return numbers
}

// courierCounts is sim's count of orders created at the courier and of duplicate creates.
func (d *courierDeployment) courierCounts(t testing.TB) (orders, duplicates int) {
	t.Helper()
	resp, err := http.Get("http://" + d.sim + "/shiprocket/control")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var c struct {
		Orders     int `json:"orders"`
		Duplicates int `json:"duplicates"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&c); err != nil {
		t.Fatal(err)
	}
	return c.Orders, c.Duplicates
}

func (d *courierDeployment) control(t testing.TB, body map[string]any) {
	t.Helper()
	raw, _ := json.Marshal(body)
	resp, err := http.Post("http://"+d.sim+"/shiprocket/control", "application/json", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("sim control %v: %d", body, resp.StatusCode)
	}
}

func (d *courierDeployment) count(t testing.TB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := d.pool.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// waitUntil polls cond every 100 ms until it holds or within passes.
// drillReport records what a fault drill sent, what arrived, what arrived twice and what never
// did: in the test's log, and as a table row in the file CHAOS_REPORT names (make chaos prints
// it). lost is sent minus arrived.
func drillReport(t testing.TB, drill, what string, sent, arrived, duplicated int) {
	t.Helper()
	row := fmt.Sprintf("| %s | %s | %d | %d | %d | %d |", drill, what, sent, arrived, duplicated, sent-arrived)
	t.Log("drill " + row)
	path := os.Getenv("CHAOS_REPORT")
	if path == "" {
		return
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Errorf("chaos report: %v", err)
		return
	}
	defer f.Close()
	fmt.Fprintln(f, row)
}

func waitUntil(t testing.TB, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %s waiting for %s", within, what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// staffToken makes a staff member and signs them in at base.
func (d *courierDeployment) staffToken(t testing.TB, base string) string {
	t.Helper()
	if _, err := d.svc.accounts.CreateStaff(context.Background(), accountStaff("board@drape.in", "staff")); err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(map[string]any{"email": "board@drape.in", "password": "back-office-1"})
	resp, err := http.Post(base+"/api/admin/login", "application/json", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var answer struct {
		Token string `json:"token"`
	}
	json.NewDecoder(resp.Body).Decode(&answer)
	if answer.Token == "" {
		t.Fatalf("staff login: %d", resp.StatusCode)
	}
	return answer.Token
}

// dialLiveAs is dialLive with a token: the hello signs the socket in.
func dialLiveAs(t testing.TB, base, token string, topics ...string) (*liveClient, []string) {
	t.Helper()
	url := "ws" + strings.TrimPrefix(base, "http") + "/api/ws"
	c := dialLiveRaw(t, url, base)
	c.send(t, map[string]any{"type": "hello", "token": token})
	if m := c.next(t, 5*time.Second); m["type"] != "welcome" {
		t.Fatalf("hello answered %v", m)
	}
	c.send(t, map[string]any{"type": "subscribe", "topics": topics})
	m := c.next(t, 5*time.Second)
	if m["type"] != "subscribed" {
		t.Fatalf("subscribe answered %v", m)
	}
	var denied []string
	if list, ok := m["denied"].([]any); ok {
		for _, x := range list {
			denied = append(denied, fmt.Sprint(x))
		}
	}
	return c, denied
}

// TestTwoServersTwoWorkers runs the shop as ops would scale it: two servers and two workers
// on one database and Redis, and sim's courier walking every shipment to delivery. Orders
// placed through server A reach a staff board connected to server B, created and then at each
// step to DELIVERED; each order reaches the courier exactly once and each mail goes once,
// although both workers relay the outbox and run jobs.
func TestTwoServersTwoWorkers(t *testing.T) {
	t.Parallel() // real processes mostly waiting on timers: they overlap well
	d := newCourierDeployment(t, "300ms")
	a := d.startServerOn(t, d.port)
	startWorker(t, d.env)
	startWorker(t, d.env)
	b := d.startServerOn(t, freePort(t))

	board, denied := dialLiveAs(t, b, d.staffToken(t, b), "admin:orders")
	if len(denied) != 0 {
		t.Fatalf("staff denied %v", denied)
	}
	guest, denied := dialLiveAs(t, b, "", "admin:orders", "sales")
	if len(denied) != 1 || denied[0] != "admin:orders" {
		t.Fatalf("a guest socket was allowed admin:orders (denied %v)", denied)
	}

	// Twelve shoppers order through server A's API.
	const n = 12
	numbers := make([]string, n)
	for i := range numbers {
		token, addressID := signUpOver(t, a, fmt.Sprintf("scale%d@example.in", i))
		apiCall(t, a, "POST", "/api/addToCart", token, map[string]any{"productId": d.product.ID, "size": "M", "quantity": 1}, 200)
		placed := apiCall(t, a, "POST", "/api/createOrder", token, map[string]any{"paymentMode": "cod", "address": addressID}, 201)
		numbers[i] = placed["data"].(map[string]any)["orderId"].(string)
	}

	created, delivered := map[string]bool{}, map[string]bool{}
	deadline := time.Now().Add(90 * time.Second)
	for len(delivered) < n {
		if time.Now().After(deadline) {
			t.Fatalf("board saw %d created and %d delivered of %d", len(created), len(delivered), n)
		}
		m := board.next(t, time.Until(deadline))
		data, _ := m["data"].(map[string]any)
		if data == nil {
			continue
		}
		number, _ := data["orderId"].(string)
		switch {
		case m["type"] == "order.created":
			created[number] = true
		case data["orderStatus"] == "DELIVERED":
			delivered[number] = true
		}
	}
	for _, number := range numbers {
		if !created[number] || !delivered[number] {
			t.Fatalf("order %s: created %v, delivered %v on the board", number, created[number], delivered[number])
		}
	}
	guest.conn.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
	if _, data, err := guest.conn.ReadMessage(); err == nil && strings.Contains(string(data), "order.") {
		t.Fatalf("a guest socket heard %s", data)
	}

	orders, duplicates := d.courierCounts(t)
	if orders != n || duplicates != 0 {
		t.Fatalf("courier has %d orders and saw %d duplicate creates, want %d and 0", orders, duplicates, n)
	}
	// Each order: its confirmation, shipped and delivered mails, and its tax invoice (the demo
	// company is GST-registered: the invoice is issued at hand-over and mailed with its PDF).
	const mailsPerOrder = 4
	waitUntil(t, 30*time.Second, "every mail sent", func() bool {
		return d.count(t, `SELECT count(*) FROM mails WHERE sent_at IS NOT NULL AND kind IN ('order_confirmation', 'order_shipped', 'order_delivered', 'tax_invoice')`) == mailsPerOrder*n
	})
	if got := d.count(t, `SELECT count(*) FROM mails`); got != mailsPerOrder*n {
		t.Fatalf("%d mails written, want %d", got, mailsPerOrder*n)
	}
	if got := d.count(t, `SELECT count(*) FROM invoices`); got != n {
		t.Fatalf("%d invoices issued, want %d (one per order handed over)", got, n)
	}
	inbox := mailboxCount(t, d.sim)
	if inbox != mailsPerOrder*n {
		t.Fatalf("sim's mailbox holds %d mails, want %d (each sent once)", inbox, mailsPerOrder*n)
	}
}

// TestAWorkerKilledMidPush: 200 orders are pushed by two workers and one is killed (SIGKILL)
// in the middle; a new worker takes over. Every order reaches the courier exactly once: a
// push whose worker died is retried, and the retry asks the courier before creating.
func TestAWorkerKilledMidPush(t *testing.T) {
	t.Parallel() // real processes mostly waiting on timers: they overlap well
	d := newCourierDeployment(t, "off")
	d.startServerOn(t, d.port)
	users, addresses := d.shoppers(t, 200, "kill")
	numbers := d.placeInProcess(t, users, addresses)
	// Every create hangs for a while, so the kill lands while pushes are in flight.
	d.control(t, map[string]any{"timeout": 1000, "hangMs": 150, "timeoutCreates": true})

	victim := startWorker(t, d.env)
	startWorker(t, d.env)
	waitUntil(t, 60*time.Second, "a third of the pushes", func() bool {
		orders, _ := d.courierCounts(t)
		return orders >= len(numbers)/3
	})
	if err := victim.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	startWorker(t, d.env)
	d.control(t, map[string]any{"timeout": 0})
	waitUntil(t, 150*time.Second, "every order on the courier", func() bool {
		return d.count(t, `SELECT count(*) FROM orders WHERE courier_order_id IS NOT NULL`) == len(numbers)
	})
	orders, duplicates := d.courierCounts(t)
	drillReport(t, "worker kill -9 mid-push, courier slow (creates time out)", "orders pushed to the courier", len(numbers), orders, duplicates)
	if orders != len(numbers) || duplicates != 0 {
		t.Fatalf("courier has %d orders and saw %d duplicate creates, want %d and 0", orders, duplicates, len(numbers))
	}
	if n := d.count(t, `SELECT count(*) FROM orders WHERE order_status <> 'NEW' OR push_failed`); n != 0 {
		t.Fatalf("%d orders are not NEW at the courier", n)
	}
}

// TestCourierDownThenStaffRetry: while the courier answers 503 every push is retried and then
// given up: the order shows 'Not Added on Shiprocket' (notaddorder). Once the courier is
// back, staff push it again and it gets there, once.
func TestCourierDownThenStaffRetry(t *testing.T) {
	t.Parallel() // real processes mostly waiting on timers: they overlap well
	d := newCourierDeployment(t, "off")
	base := d.startServerOn(t, d.port)
	d.control(t, map[string]any{"fail": 1000, "failStatus": 503})
	startWorker(t, d.env)
	users, addresses := d.shoppers(t, 1, "down")
	number := d.placeInProcess(t, users, addresses)[0]
	waitUntil(t, 60*time.Second, "the push to be given up", func() bool {
		return d.count(t, `SELECT count(*) FROM orders WHERE push_failed`) == 1
	})
	token := d.staffToken(t, base)
	list := apiCall(t, base, "GET", "/api/admin/getalloder?orderId="+number, token, nil, 200)
	row := list["data"].(map[string]any)["items"].([]any)[0].(map[string]any)
	if row["notaddorder"] != true || row["orderStatus"] != "PENDING" {
		t.Fatalf("after the retries: notaddorder %v, status %v", row["notaddorder"], row["orderStatus"])
	}
	d.control(t, map[string]any{"fail": 0})
	retried := apiCall(t, base, "POST", "/api/admin/orders/"+number+"/push", token, nil, 200)
	if retried["data"].(map[string]any)["notaddorder"] != false {
		t.Fatalf("retry answered %v", retried)
	}
	waitUntil(t, 30*time.Second, "the order on the courier", func() bool {
		return d.count(t, `SELECT count(*) FROM orders WHERE courier_order_id IS NOT NULL AND order_status = 'NEW' AND NOT push_failed`) == 1
	})
	apiCall(t, base, "POST", "/api/admin/orders/"+number+"/push", token, nil, 409)
	orders, duplicates := d.courierCounts(t)
	drillReport(t, "courier down (503) until the retries give up, then staff retry", "orders pushed to the courier", 1, orders, duplicates)
	if orders != 1 || duplicates != 0 {
		t.Fatalf("courier has %d orders, %d duplicates", orders, duplicates)
	}

	// Cancelled by the shop once the courier has it: it is cancelled at the courier too.
	apiCall(t, base, "POST", "/api/orderStatus", token, map[string]any{"id": number, "orderStatus": "CANCELED", "note": "Out of fabric"}, 200)
	waitUntil(t, 30*time.Second, "the courier to cancel the shipment", func() bool {
		resp, err := http.Get("http://" + d.sim + "/shiprocket/control")
		if err != nil {
			return false
		}
		defer resp.Body.Close()
		var c struct {
			Cancelled int `json:"cancelled"`
		}
		json.NewDecoder(resp.Body).Decode(&c)
		return c.Cancelled == 1
	})
}

// TestRedisStopsDuringCheckouts: Redis goes away while 100 orders are placed, and comes back:
// once stopped cleanly (its append-only file kept), once crashed with all its data lost. No
// order is lost (they are in PostgreSQL), and nothing they set off is lost: the outbox holds
// jobs and events until Redis is back, and the sweeper queues again, under their own job ids,
// the pushes and mails whose jobs Redis lost. Every order reaches the courier once and every
// confirmation mail goes once.
func TestRedisStopsDuringCheckouts(t *testing.T) {
	t.Parallel() // real processes mostly waiting on timers: they overlap well
	for _, c := range []struct {
		name     string
		signal   syscall.Signal
		keepData bool
	}{{"stopped", syscall.SIGTERM, true}, {"crashed and lost its data", syscall.SIGKILL, false}} {
		t.Run(c.name, func(t *testing.T) {
			port, dir := freePort(t), t.TempDir()
			redisURL := fmt.Sprintf("redis://127.0.0.1:%d/0", port)
			startRedis := func() *exec.Cmd {
				if !c.keepData {
					dir = t.TempDir()
				}
				// Redis as ops run it for a job queue: persisted to an append-only file.
				cmd := exec.Command("redis-server", "--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--save", "",
					"--appendonly", "yes", "--dir", dir)
				if err := cmd.Start(); err != nil {
					t.Skipf("redis-server: %v", err)
				}
				waitUntil(t, 10*time.Second, "redis up", func() bool {
					conn, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
					if err == nil {
						conn.Close()
					}
					return err == nil
				})
				return cmd
			}
			redis := startRedis()
			t.Cleanup(func() { redis.Process.Kill(); redis.Wait() })
			d := newCourierDeployment(t, "off", "REDIS_URL="+redisURL, "JOB_REQUEUE_AFTER=3s")
			d.startServerOn(t, d.port)
			startWorker(t, d.env)
			users, addresses := d.shoppers(t, 100, "redis")

			var wg sync.WaitGroup
			wg.Add(1)
			go func() {
				defer wg.Done()
				time.Sleep(300 * time.Millisecond)
				redis.Process.Signal(c.signal)
				redis.Wait()
			}()
			numbers := d.placeInProcess(t, users, addresses)
			wg.Wait()
			drill := "Redis " + c.name + " during 100 checkouts"
			got := d.count(t, `SELECT count(*) FROM orders`)
			drillReport(t, drill, "orders kept", len(users), got, 0)
			if got != len(numbers) {
				t.Fatalf("%d orders, want %d", got, len(numbers))
			}
			time.Sleep(time.Second)
			redis = startRedis()
			d.expectPushedAndMailedOnce(t, drill, len(numbers))
		})
	}
}

// TestDatabaseConnectionsDropped: PostgreSQL ends every connection of the shop's database
// (pg_terminate_backend); the server finds its feet by itself: readiness and requests work
// again without a restart.
func TestDatabaseConnectionsDropped(t *testing.T) {
	t.Parallel()
	env, dbURL, _ := shopEnv(t)
	base, _ := startServer(t, env)
	apiCall(t, base, "GET", "/api/getcategory", "", nil, 200)
	admin, err := pgxpool.New(context.Background(), strings.Replace(dbURL, "/"+dbName(dbURL)+"?", "/postgres?", 1))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	var ended int
	if err := admin.QueryRow(context.Background(), `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
		dbName(dbURL)).Scan(&ended); err != nil {
		t.Fatal(err)
	}
	if ended == 0 {
		t.Fatal("no connection was ended")
	}
	waitUntil(t, 15*time.Second, "the server to answer again", func() bool {
		resp, err := http.Get(base + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			return false
		}
		resp, err = http.Get(base + "/api/getcategory")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == 200
	})
	for range 20 {
		apiCall(t, base, "GET", "/api/getcategory", "", nil, 200)
	}
	drillReport(t, fmt.Sprintf("PostgreSQL ends all %d connections (pg_terminate_backend)", ended), "requests answered after recovery, no restart", 20, 20, 0)
}

func dbName(url string) string {
	rest := url[strings.LastIndex(url, "/")+1:]
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		rest = rest[:i]
	}
	return rest
}

// signUpOver registers a shopper with an address through the API at base.
func signUpOver(t testing.TB, base, email string) (token, addressID string) {
	t.Helper()
	reg := apiCall(t, base, "POST", "/api/register", "", map[string]any{"firstName": "Scale", "email": email, "password": "tailored-fit-42"}, 200)
	token = reg["token"].(string)
	addr := apiCall(t, base, "POST", "/api/addAddress", token, with(homeAddress(), "email", email), 200)
	return token, addr["data"].(map[string]any)["_id"].(string)
}

// apiCall sends a JSON request to base and wants status back; it returns the decoded answer.
func apiCall(t testing.TB, base, method, path, token string, body any, status int) map[string]any {
	t.Helper()
	var reader io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		reader = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, base+path, reader)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != status {
		t.Fatalf("%s %s: %d, want %d: %.300s", method, path, resp.StatusCode, status, raw)
	}
	var out map[string]any
	json.Unmarshal(raw, &out)
	return out
}

// mailboxCount is how many mails sim's mailbox holds.
func mailboxCount(t testing.TB, sim string) int {
	t.Helper()
	resp, err := http.Get("http://" + sim + "/mail/api/messages")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var box struct {
		Messages []any `json:"messages"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&box); err != nil {
		t.Fatalf("sim's mailbox: %v", err)
	}
	return len(box.Messages)
}

// TestLostWebhooksAreCaughtByTracking: the courier's webhooks never arrive; the worker's sweep
// asks the courier about shipments that went quiet and the order follows it anyway.
func TestLostWebhooksAreCaughtByTracking(t *testing.T) {
	t.Parallel() // real processes mostly waiting on timers: they overlap well
	d := newCourierDeployment(t, "off", "SHIPMENT_TRACK_AFTER=1s")
	d.startServerOn(t, d.port)
	d.control(t, map[string]any{"webhooks": "off"})
	startWorker(t, d.env)
	users, addresses := d.shoppers(t, 1, "quiet")
	number := d.placeInProcess(t, users, addresses)[0]
	waitUntil(t, 30*time.Second, "the order on the courier", func() bool {
		return d.count(t, `SELECT count(*) FROM orders WHERE courier_order_id IS NOT NULL`) == 1
	})
	for range 3 { // NEW → PICKUP SCHEDULED → SHIPPED → IN TRANSIT, none of it told
		raw, _ := json.Marshal(map[string]any{"order_id": number})
		resp, err := http.Post("http://"+d.sim+"/shiprocket/control/advance", "application/json", bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	waitUntil(t, 30*time.Second, "the order to follow the courier", func() bool {
		return d.count(t, `SELECT count(*) FROM orders WHERE order_status = 'IN_TRANSIT' AND awb <> ''`) == 1
	})
	drillReport(t, "courier webhooks lost (never sent)", "status changes caught by tracking", 3, 3, 0)
}
