package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/platform/postgres"
	"drape/migrations"
)

// adminListsDB is the database the admin lists benchmark builds from nothing (and drops after).
const adminListsDB = "drape_bench_adminlists"

// runAdminLists times the back office's order list (GET /api/admin/getalloder) on a big shop:
// -products products (seeded as `server seed` does) and -orders orders of -customers
// customers with one or two lines each, written straight into PostgreSQL. Each question the
// board asks (the first page, a deep page, a status, an order id, free text matching a name,
// an e-mail, a phone, a city or a product, a date range, cash on delivery) is asked -n times,
// one at a time, through the real server, and its p50/p95 compared with the goal (p95 ≤ 50 ms)
// and with a reference asked the same way in the same run: the back-office profile (the same
// authentication and envelope, and one primary-key read).
func runAdminLists(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("adminlists", flag.ContinueOnError)
	products := fs.Int("products", 50_000, "catalog size")
	orders := fs.Int("orders", 100_000, "orders in the shop")
	customers := fs.Int("customers", 20_000, "customers who placed them")
	n := fs.Int("n", 200, "requests timed per question")
	keep := fs.Bool("keep", false, "keep the database afterwards (to look at query plans)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	serverBin, baseURL := os.Getenv("SERVER_BIN"), os.Getenv("DATABASE_URL")
	if serverBin == "" || baseURL == "" || os.Getenv("REDIS_URL") == "" {
		return fmt.Errorf("set SERVER_BIN, DATABASE_URL and REDIS_URL (scripts/bench.sh does)")
	}
	dbURL, drop, err := freshDatabase(ctx, baseURL, adminListsDB)
	if err != nil {
		return err
	}
	if !*keep {
		defer drop()
	}
	db, err := postgres.Open(ctx, dbURL, 4)
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := migrations.Up(ctx, db); err != nil {
		return err
	}
	env := []string{"DATABASE_URL=" + dbURL, "LOG_LEVEL=warn", "UPLOADS_DIR=" + os.TempDir() + "/drape-bench-uploads"}
	started := time.Now()
	fmt.Printf("seeding %d products…\n", *products)
	if err := runServerCommand(ctx, serverBin, env, "seed", "--products", strconv.Itoa(*products)); err != nil {
		return err
	}
	fmt.Printf("seeding %d customers and %d orders…\n", *customers, *orders)
	if err := seedOrders(ctx, db, *customers, *orders); err != nil {
		return err
	}
	if err := runServerCommand(ctx, serverBin, env, "admin", "create", "--email", "bench-admin@drape.local", "--password", "bench-admin-2026", "--name", "Bench Admin"); err != nil {
		return err
	}
	fmt.Printf("seeded in %s\n", time.Since(started).Round(time.Second))

	base, stop, err := startProcess(ctx, serverBin, nil, "/readyz", env...)
	if err != nil {
		return err
	}
	defer stop()
	token, err := adminToken(base, "bench-admin@drape.local", "bench-admin-2026")
	if err != nil {
		return err
	}
	var sample struct{ ID, Number, Email, Phone, City, First, Product string }
	if err := db.QueryRow(ctx, `SELECT o.id, o.order_number, o.address->>'email', o.address->>'phone', o.address->>'city', o.address->>'firstName', l.product_name
		FROM orders o JOIN order_lines l ON l.order_id = o.id ORDER BY o.created_at LIMIT 1 OFFSET 5000`).
		Scan(&sample.ID, &sample.Number, &sample.Email, &sample.Phone, &sample.City, &sample.First, &sample.Product); err != nil {
		return err
	}
	today := time.Now().In(time.FixedZone("IST", 5*3600+1800))
	questions := []struct{ name, query string }{
		{"page 1, newest first", "page=1"},
		{"page 500", "page=500"},
		{"orderStatus=DELIVERED, page 3", "orderStatus=DELIVERED&page=3"},
		{"an order id (24 hex)", "orderId=" + sample.ID},
		{"search: a customer's first name", "search=" + url.QueryEscape(sample.First)},
		{"search: an e-mail", "search=" + url.QueryEscape(sample.Email)},
		{"search: a phone", "search=" + url.QueryEscape(sample.Phone)},
		{"search: a city", "search=" + url.QueryEscape(sample.City)},
		{"search: a product's name", "search=" + url.QueryEscape(sample.Product)},
		{"startDate..endDate, 30 days", "startDate=" + today.AddDate(0, 0, -30).Format("2006-01-02") + "&endDate=" + today.Format("2006-01-02")},
		{"filter=cod, page 2", "filter=cod&page=2"},
	}
	ask := func(path string) (p50, p95 time.Duration, err error) {
		for range 10 { // untimed
			if _, err := adminGet(base+path, token); err != nil {
				return 0, 0, err
			}
		}
		lat := make([]time.Duration, 0, *n)
		for range *n {
			d, err := adminGet(base+path, token)
			if err != nil {
				return 0, 0, err
			}
			lat = append(lat, d)
		}
		return percentile(lat, 50), percentile(lat, 95), nil
	}
	refP50, refP95, err := ask("/api/admin/profile")
	if err != nil {
		return err
	}
	t := table{title: fmt.Sprintf("Back-office order list (GET /api/admin/getalloder): %d orders, %d customers, %d products", *orders, *customers, *products)}
	for _, q := range questions {
		p50, p95, err := ask("/api/admin/getalloder?" + q.query)
		if err != nil {
			return fmt.Errorf("%s: %w", q.name, err)
		}
		fmt.Printf("  %-36s p50 %s, p95 %s\n", q.name, ms(p50), ms(p95))
		t.addDuration(q.name+": p95", p95, refP95, "≤ 50 ms", p95 <= 50*time.Millisecond)
		_ = p50
	}
	t.note(fmt.Sprintf("Each question asked %d times one after another (after 10 untimed), through the real server with an admin token. Reference: GET /api/admin/profile the same way (p50 %s, p95 %s): the same authentication, middleware and envelope around one primary-key read. Load average %s.",
		*n, ms(refP50), ms(refP95), loadAverage()))
	t.note("Reproduce: `scripts/bench.sh adminlists` (flags: -products, -orders, -customers, -n).")
	return t.write("adminlists")
}

// runServerCommand runs a server subcommand (seed, admin create) with env.
func runServerCommand(ctx context.Context, bin string, env []string, args ...string) error {
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = os.Stderr
	if out, err := cmd.Output(); err != nil {
		return fmt.Errorf("server %v: %w (%s)", args, err, out)
	}
	return nil
}

// seedOrders writes customers and orders straight into the database: realistic names,
// e-mails, phones and cities in the delivery address, statuses and payment modes spread over
// the last 180 days, and one or two lines of real products each.
func seedOrders(ctx context.Context, db *pgxpool.Pool, customers, orders int) error {
	statements := []string{
		`INSERT INTO users (id, email, first_name, last_name, phone)
		 SELECT 'ab' || lpad(to_hex(i), 22, '0'), 'customer' || i || '@example.in',
		        (ARRAY['Aarav','Vivaan','Aditya','Ishaan','Kabir','Ananya','Diya','Saanvi','Myra','Aadhya','Rohan','Meera'])[1 + i % 12] || i,
		        (ARRAY['Sharma','Verma','Iyer','Nair','Reddy','Gupta','Mehta','Kapoor','Singh','Das'])[1 + i % 10],
		        '9' || lpad((800000000 + i)::text, 9, '0')
		 FROM generate_series(1, $1::int) i`,
		`INSERT INTO orders (id, order_number, user_id, idempotency_key, payment_mode, payment_status, order_status,
		                     list_total, subtotal, total, address, shipment, stock_held, created_at, updated_at)
		 SELECT 'bc' || lpad(to_hex(i), 22, '0'), 'DRP' || lpad(i::text, 9, '0'), u.id, 'bench-' || i,
		        CASE WHEN i % 3 = 0 THEN 'cod' ELSE 'online' END,
		        CASE WHEN i % 3 = 0 THEN 'unpaid' ELSE 'success' END,
		        (ARRAY['PENDING','CONFIRMED','NEW','SHIPPED','IN_TRANSIT','DELIVERED','DELIVERED','DELIVERED','CANCELED','RETURNED'])[1 + i % 10],
		        499900, 449900, 449900,
		        jsonb_build_object('firstName', u.first_name, 'lastName', u.last_name, 'email', u.email, 'phone', u.phone,
		                           'city', (ARRAY['Mumbai','Delhi','Bengaluru','Chennai','Kolkata','Hyderabad','Pune','Jaipur','Lucknow','Kochi','Indore','Surat'])[1 + (i / 7) % 12] || (i % 97),
		                           'addressLine1', i || ' MG Road', 'state', 'Maharashtra', 'zip', '400001'),
		        '{}'::jsonb, false, now() - (i % 180) * interval '1 day' - (i % 86400) * interval '1 second', now()
		 FROM generate_series(1, $2::int) i
		 JOIN users u ON u.id = 'ab' || lpad(to_hex(1 + i % $1::int), 22, '0')`,
		`WITH p AS (SELECT id, code, name, row_number() OVER (ORDER BY id) - 1 AS k FROM products)
		 INSERT INTO order_lines (order_id, position, product_id, product_code, product_name, size, quantity, list_price, unit_price, line_total)
		 SELECT o.id, l.position, p.id, p.code, p.name, 'M', 1, 249950, 224950, 224950
		 FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM orders) o
		 CROSS JOIN generate_series(1, 2) l(position)
		 JOIN p ON p.k = (o.n * 7 + l.position) % (SELECT count(*) FROM products)
		 WHERE l.position = 1 OR o.n % 2 = 0`,
		// As autovacuum leaves a table after a bulk insert (it vacuums on inserts too): the
		// visibility map set, so counts can read the narrow indexes, and fresh statistics.
		`VACUUM (ANALYZE)`,
	}
	for _, q := range statements {
		var err error
		switch {
		case bytes.Contains([]byte(q), []byte("$2")):
			_, err = db.Exec(ctx, q, customers, orders)
		case bytes.Contains([]byte(q), []byte("$1")):
			_, err = db.Exec(ctx, q, customers)
		default:
			_, err = db.Exec(ctx, q)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// adminToken signs in to the back office.
func adminToken(base, email, password string) (string, error) {
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	resp, err := http.Post(base+"/api/admin/login", "application/json", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var out struct {
		Token string `json:"token"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || out.Token == "" {
		return "", fmt.Errorf("admin sign-in failed (%d)", resp.StatusCode)
	}
	return out.Token, nil
}

// adminGet sends one GET with the admin token and returns how long the whole answer took.
func adminGet(u, token string) (time.Duration, error) {
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	start := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	var sink bytes.Buffer
	_, err = sink.ReadFrom(resp.Body)
	resp.Body.Close()
	d := time.Since(start)
	if err != nil {
		return 0, err
	}
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("GET %s: %d %.200s", u, resp.StatusCode, sink.String())
	}
	return d, nil
}
