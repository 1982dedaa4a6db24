package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/invoice"
	"drape/internal/order"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
	"drape/migrations"
)

// invoicesDB is the database the invoice benchmark builds from nothing (and drops after).
const invoicesDB = "drape_bench_invoices"

// referenceSeries is the invoice series the reference issues in, beside ours (the demo's JF).
const referenceSeries = "REF"

// runInvoices measures GST tax invoices issued a second as orders are handed to the courier:
// N placed orders moved to SHIPPED by two issuers at once through order.Service.Move (the
// server's use case: lock the order, record the move, queue the shipped mail and the events,
// and issue the invoice in the same transaction: the company, each line's HSN and rate band,
// the coupon and shipping apportioned, CGST/SGST or IGST, the next serial of the series from
// its counter row, the invoice and its lines), against a reference transaction written by hand
// with pgx that does the least a gapless invoice needs (lock the order, mark it shipped, take
// the next serial, write one invoice and one line), on copies of the same order, alternating
// run by run. After every run the numbers are checked: one invoice per order, distinct numbers,
// and each series' serials 1..count with no gap.
func runInvoices(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("invoices", flag.ContinueOnError)
	n := fs.Int("orders", 1000, "handed-over orders per run")
	issuers := fs.Int("issuers", 2, "orders handed over at once")
	rounds := fs.Int("rounds", 3, "runs of each implementation, alternating which goes first")
	conns := fs.Int("conns", 20, "connection pool size, for both (the server's DATABASE_MAX_CONNS default)")
	keep := fs.Bool("keep", false, "keep the benchmark database afterwards")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *n < 1 || *issuers < 1 || *rounds < 1 || *conns < 2 {
		return fmt.Errorf("-orders, -issuers, -rounds must be positive and -conns at least 2")
	}
	baseURL := os.Getenv("DATABASE_URL")
	if baseURL == "" {
		return fmt.Errorf("set DATABASE_URL (scripts/bench.sh does)")
	}
	fmt.Printf("creating database %s…\n", invoicesDB)
	dbURL, drop, err := freshDatabase(ctx, baseURL, invoicesDB)
	if err != nil {
		return err
	}
	if !*keep {
		defer drop()
	}
	pool, err := postgres.Open(ctx, dbURL, int32(*conns))
	if err != nil {
		return err
	}
	defer pool.Close()
	if _, err := migrations.Up(ctx, pool); err != nil {
		return err
	}
	loadBefore := loadAverage()
	b := &invoiceBench{pool: pool, checkout: &checkoutBench{pool: pool, svc: newCheckoutServices(pool)}, n: *n}
	fmt.Println("setting up the shop and the order every run copies…")
	if err := b.setup(ctx); err != nil {
		return err
	}
	impls := []invoiceImpl{{name: "reference", hand: b.reference}, {name: "ours", hand: b.ours}}
	fmt.Println("warming up…")
	for _, im := range impls {
		if _, err := b.run(ctx, im, *issuers, -1); err != nil {
			return err
		}
	}
	results := map[string]*invoiceRun{"ours": {}, "reference": {}}
	var byRound []string
	for round := range *rounds {
		turn := impls
		if round%2 == 1 {
			turn = []invoiceImpl{impls[1], impls[0]}
		}
		rates := map[string]float64{}
		for _, im := range turn {
			r, err := b.run(ctx, im, *issuers, round)
			if err != nil {
				return err
			}
			results[im.name].add(r)
			rates[im.name] = r.rate()
			fmt.Printf("%-9s round %d: %5.0f invoices/s, p99 %s, %d issued, %d errors\n", im.name, round+1, r.rate(), ms(percentile(r.lat, 99)),
				r.ok, r.failed)
		}
		byRound = append(byRound, fmt.Sprintf("%.2f×", rates["ours"]/rates["reference"]))
	}
	gaps := map[string]gapCheck{}
	for name, series := range map[string]string{"ours": "JF", "reference": referenceSeries} {
		if gaps[name], err = b.checkSeries(ctx, series); err != nil {
			return err
		}
	}

	ours, ref := results["ours"], results["reference"]
	t := table{title: "Invoices: GST tax invoices issued at hand-over, order.Service.Move vs a hand-written pgx transaction"}
	okRate := ours.rate() >= 200 && gaps["ours"].problems() == 0 && ours.failed == 0
	t.add("%d handed-over orders a run, %d issuers at once: invoices issued/s", ours.rate(), ref.rate(), "≥ 200/s, 0 gaps", okRate, *n, *issuers)
	t.addDuration(fmt.Sprintf("%d issuers: p99 of a hand-over with its invoice", *issuers), percentile(ours.lat, 99), percentile(ref.lat, 99), "", true)
	t.row(fmt.Sprintf("problems after %d invoices a series (gaps, duplicate numbers, orders without one, totals not the order's, errors)",
		ours.ok), fmt.Sprint(gaps["ours"].problems()+ours.failed), fmt.Sprint(gaps["reference"].problems()+ref.failed), "—", "0",
		gaps["ours"].problems()+ours.failed == 0)
	t.note(fmt.Sprintf("ours/reference round by round: %s.", strings.Join(byRound, ", ")))
	t.note(fmt.Sprintf("**%s** against the goal: at least 200 invoices issued a second by %d issuers at once, with every series gapless.",
		map[bool]string{true: "PASS", false: "FAIL"}[okRate], *issuers))
	t.note(fmt.Sprintf("Every run hands over %d fresh copies of one placed cash-on-delivery order (2 lines, 3 pieces, shipping, a business buyer's "+
		"GSTIN; delivery in Rajasthan, the company's state: CGST + SGST), each moved PENDING → SHIPPED by one of %d goroutines taking "+
		"them from a shared queue; invoices/s is invoices issued over the run's wall time, p99 of one hand-over (the whole call). "+
		"Each series is checked after all runs (%d + warm-up): serials 1..count, one invoice per order, numbers distinct, "+
		"each of ours totalling its order.", *n, *issuers, *rounds))
	t.note("Reference: BEGIN; SELECT … FROM orders WHERE id = $1 FOR UPDATE; UPDATE orders SET order_status = 'SHIPPED'; the same counter " +
		"upsert as ours (INSERT INTO invoice_counters … ON CONFLICT DO UPDATE … RETURNING last_serial) in its own series; INSERT one invoice " +
		"and one line with the order's total as taxable value; COMMIT — no company, HSN, rate or coupon reads, no tax split, no timeline, " +
		"mail or events. Both share one pgx pool, in this process.")
	t.note(fmt.Sprintf("Load average %s at the start, %s at the end (2 CPUs shared with the other engineers' runs). "+
		"Reproduce: `scripts/bench.sh invoices` (flags: -orders, -issuers, -rounds, -conns).", loadBefore, loadAverage()))
	return t.write("invoices")
}

type invoiceBench struct {
	pool     *pgxpool.Pool
	checkout *checkoutBench
	n        int
	model    string // the placed order every run copies
	copies   int    // copies written so far (their ids are 1..copies in hex)
}

type invoiceImpl struct {
	name string
	hand func(ctx context.Context, id string) error
}

type invoiceRun struct {
	ok, failed int
	lat        []time.Duration
	wall       time.Duration
}

func (r invoiceRun) rate() float64 { return float64(r.ok) / max(r.wall.Seconds(), 1e-9) }

// add counts run r into a, the sum of an implementation's runs.
func (a *invoiceRun) add(r invoiceRun) {
	a.ok += r.ok
	a.failed += r.failed
	a.lat = append(a.lat, r.lat...)
	a.wall += r.wall
}

// setup loads the checkout benchmark's shop (the demo company, GST-registered in Rajasthan
// with series JF, and its shirts), then places the order every run copies: two sizes, three
// pieces, for a business buyer.
func (b *invoiceBench) setup(ctx context.Context) error {
	if err := b.checkout.setup(ctx, 100, 1); err != nil {
		return err
	}
	user, address := b.checkout.users[0], b.checkout.addresses[0]
	lines := [][]any{{shop.NewID(), user, b.checkout.hot.productID, "M", 1}}
	if len(b.checkout.spreadSizes) > 0 {
		s := b.checkout.spreadSizes[0]
		lines = append(lines, []any{shop.NewID(), user, s.productID, s.size, 2})
	}
	if _, err := b.pool.CopyFrom(ctx, pgx.Identifier{"cart_items"}, []string{"id", "user_id", "product_id", "size", "quantity"},
		pgx.CopyFromRows(lines)); err != nil {
		return err
	}
	o, _, err := b.checkout.svc.orders.Place(ctx, order.Placement{UserID: user, Mode: order.COD, AddressID: address,
		IdempotencyKey: "bench-invoice-model", BusinessGSTIN: "08AABCD1234E1Z8", BusinessName: "Bench Traders"})
	if err != nil {
		return err
	}
	b.model = o.ID
	return nil
}

// copiesOfModel writes n copies of the model order, PENDING, straight to the tables, and answers
// their ids.
func (b *invoiceBench) copiesOfModel(ctx context.Context, n int) ([]string, error) {
	first := b.copies + 1
	b.copies += n
	if _, err := b.pool.Exec(ctx, `
		INSERT INTO orders (id, order_number, user_id, idempotency_key, payment_mode, payment_status, order_status, list_total,
		                    subtotal, coupon_code, coupon_discount, shipping, tax, total, address, shipment, stock_held,
		                    business_gstin, business_name)
		SELECT lpad(to_hex(g), 24, '0'), o.order_number || '-' || g, o.user_id, o.idempotency_key || '-' || g, o.payment_mode,
		       o.payment_status, 'PENDING', o.list_total, o.subtotal, o.coupon_code, o.coupon_discount, o.shipping, o.tax,
		       o.total, o.address, o.shipment, false, o.business_gstin, o.business_name
		FROM orders o, generate_series($2::int, $3::int) g WHERE o.id = $1`, b.model, first, b.copies); err != nil {
		return nil, err
	}
	if _, err := b.pool.Exec(ctx, `
		INSERT INTO order_lines (order_id, position, product_id, product_code, product_name, size, quantity, list_price,
		                         discount, sale_name, sale_discount, unit_price, line_total, thumbnail)
		SELECT lpad(to_hex(g), 24, '0'), l.position, l.product_id, l.product_code, l.product_name, l.size, l.quantity,
		       l.list_price, l.discount, l.sale_name, l.sale_discount, l.unit_price, l.line_total, l.thumbnail
		FROM order_lines l, generate_series($2::int, $3::int) g WHERE l.order_id = $1`, b.model, first, b.copies); err != nil {
		return nil, err
	}
	ids := make([]string, 0, n)
	for g := first; g <= b.copies; g++ {
		ids = append(ids, fmt.Sprintf("%024x", g))
	}
	_, err := b.pool.Exec(ctx, `ANALYZE orders, order_lines`)
	return ids, err
}

// run hands over fresh copies of the model order (b.n of them; a tenth for the warm-up,
// round < 0) with issuers goroutines at once.
func (b *invoiceBench) run(ctx context.Context, im invoiceImpl, issuers, round int) (invoiceRun, error) {
	n := b.n
	if round < 0 {
		n = max(1, b.n/10)
	}
	ids, err := b.copiesOfModel(ctx, n)
	if err != nil {
		return invoiceRun{}, err
	}
	queue := make(chan string, len(ids))
	for _, id := range ids {
		queue <- id
	}
	close(queue)
	var (
		mu  sync.Mutex
		r   invoiceRun
		wg  sync.WaitGroup
		bad error
	)
	start := time.Now()
	for range issuers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for id := range queue {
				began := time.Now()
				err := im.hand(ctx, id)
				took := time.Since(began)
				mu.Lock()
				if err != nil {
					r.failed++
					bad = err
				} else {
					r.ok++
					r.lat = append(r.lat, took)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	r.wall = time.Since(start)
	if bad != nil {
		fmt.Printf("%s: %d hand-overs failed, the last: %v\n", im.name, r.failed, bad)
	}
	return r, ctx.Err()
}

// ours hands order id to the courier through the order service, which issues its invoice.
func (b *invoiceBench) ours(ctx context.Context, id string) error {
	_, err := b.checkout.svc.orders.Move(ctx, id, order.Shipped, order.ActorCourier, "", order.StartRefunds)
	return err
}

// reference hands order id over by hand: the order locked and marked shipped, the next serial
// of the reference series, one invoice and one line for the order's total.
func (b *invoiceBench) reference(ctx context.Context, id string) error {
	return pgx.BeginFunc(ctx, b.pool, func(tx pgx.Tx) error {
		var total int64
		var name string
		if err := tx.QueryRow(ctx, `SELECT total, business_name FROM orders WHERE id = $1 FOR UPDATE`, id).Scan(&total, &name); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE orders SET order_status = 'SHIPPED', updated_at = now() WHERE id = $1`, id); err != nil {
			return err
		}
		now := time.Now()
		fy := invoice.FinancialYear(now)
		var serial int
		if err := tx.QueryRow(ctx, `INSERT INTO invoice_counters (series, financial_year, last_serial) VALUES ($1, $2, 1)
			ON CONFLICT (series, financial_year) DO UPDATE SET last_serial = invoice_counters.last_serial + 1
			RETURNING last_serial`, referenceSeries, fy).Scan(&serial); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO invoices (order_id, number, series, financial_year, serial, issued_at, supplier_name,
			supplier_address, supplier_gstin, supplier_state, recipient_name, recipient_address, place_state, place_code,
			taxable_value, cgst, sgst, igst, total) VALUES ($1, $2, $3, $4, $5, $6, 'Bench', 'Jaipur', '08AAACJ4321K1ZO',
			'Rajasthan', $7, 'Jaipur', 'Rajasthan', '08', $8, 0, 0, 0, $8)`,
			id, invoice.Number(referenceSeries, fy, serial), referenceSeries, fy, serial, now, name, total); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO invoice_lines (order_id, position, description, hsn, quantity, unit_price, discount,
			taxable_value, rate, cgst, sgst, igst, total) VALUES ($1, 0, 'Order', '6205', 1, $2, 0, $2, 0, 0, 0, 0, $2)`, id, total)
		return err
	})
}

// gapCheck is what the numbers of one series look like after the runs.
type gapCheck struct {
	count, distinct, low, high, ordersWithout, wrongTotals int
}

// problems counts what is wrong: missing serials, duplicate numbers, a series not starting at
// 1, handed-over orders of the series' kind without an invoice, totals not the order's.
func (g gapCheck) problems() int {
	p := (g.high - g.count) + (g.count - g.distinct) + g.ordersWithout + g.wrongTotals
	if g.count > 0 && g.low != 1 {
		p++
	}
	return p
}

// checkSeries reads series' invoices of this financial year against the shipped orders.
func (b *invoiceBench) checkSeries(ctx context.Context, series string) (gapCheck, error) {
	var g gapCheck
	err := b.pool.QueryRow(ctx, `
		SELECT count(*), count(DISTINCT i.number), coalesce(min(i.serial), 0), coalesce(max(i.serial), 0),
		       count(*) FILTER (WHERE i.total <> o.total)
		FROM invoices i JOIN orders o ON o.id = i.order_id
		WHERE i.series = $1 AND i.financial_year = $2`, series, invoice.FinancialYear(time.Now())).Scan(&g.count, &g.distinct, &g.low, &g.high, &g.wrongTotals)
	if err != nil {
		return g, err
	}
	err = b.pool.QueryRow(ctx, `SELECT count(*) FROM orders o WHERE o.order_status = 'SHIPPED' AND o.id <> $1
		AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id)`, b.model).Scan(&g.ordersWithout)
	fmt.Printf("series %s: %d invoices, %d distinct numbers, serials %d..%d, %d totals not the order's, %d shipped orders without one\n",
		series, g.count, g.distinct, g.low, g.high, g.wrongTotals, g.ordersWithout)
	return g, err
}
