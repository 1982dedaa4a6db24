package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/address"
	"drape/internal/cart"
	"drape/internal/catalog"
	"drape/internal/company"
	"drape/internal/coupon"
	"drape/internal/demo"
	"drape/internal/order"
	"drape/internal/platform/postgres"
	"drape/internal/sale"
	"drape/internal/shop"
	"drape/internal/shop/event"
	"drape/jobs"
	"drape/migrations"
)

// checkoutDB is the database the checkout benchmark builds from nothing (and drops after), on
// the server DATABASE_URL points at, so the other benchmarks' catalog stays as it is.
const checkoutDB = "drape_bench_checkout"

// runCheckout measures cash-on-delivery checkouts placed in process through order.Service.Place
// (the server's use case: prices the server cart, then one transaction that locks the cart,
// takes the stock with a conditional UPDATE and writes the order, its lines, its timeline and
// its outbox rows) against a reference transaction written by hand with pgx (take the stock,
// insert the order, its line and one outbox row, commit), on the same shoppers and carts at the
// same concurrency, alternating run by run. Two scenarios: "hot", every shopper after one size
// of one product with less stock than shoppers (a flash sale), and "spread", shoppers after
// random sizes of 50 products with stock to spare. After every run the database is checked:
// no size below zero, each size's units in order lines equal to what left its stock, one order
// per success.
func runCheckout(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("checkout", flag.ContinueOnError)
	stock := fs.Int("stock", 500, "hot: units in stock of the one hot size")
	hotShoppers := fs.Int("hot-shoppers", 1000, "hot: shoppers, each with one unit of the hot size in their cart")
	spreadShoppers := fs.Int("spread-shoppers", 24000, "spread: shoppers, each with one unit of a random size (at most one order each)")
	duration := fs.Duration("duration", 3*time.Second, "spread: length of each run (and at most 20× this for a hot run)")
	rounds := fs.Int("rounds", 3, "runs of each implementation per scenario and concurrency, alternating")
	concurrencyFlag := fs.String("concurrency", "16,64", "concurrent checkouts, comma-separated")
	conns := fs.Int("conns", 20, "connection pool size, for both (the server's DATABASE_MAX_CONNS default)")
	only := fs.String("scenarios", "hot,spread", "scenarios to run, comma-separated")
	breakdown := fs.Bool("breakdown", true, "one more traced run of each per scenario: statements, lock hold, where the time goes")
	keep := fs.Bool("keep", false, "keep the benchmark database afterwards")
	cpuProfile := fs.String("cpuprofile", "", "write this process's CPU profile of the whole run to the file (go tool pprof)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	var concurrency []int
	for _, s := range strings.Split(*concurrencyFlag, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			return fmt.Errorf("bad -concurrency %q", *concurrencyFlag)
		}
		concurrency = append(concurrency, n)
	}
	if *stock < 1 || *hotShoppers < 1 || *spreadShoppers < 1 || *rounds < 1 || *conns < 2 {
		return fmt.Errorf("-stock, -hot-shoppers, -spread-shoppers, -rounds must be positive and -conns at least 2")
	}
	baseURL := os.Getenv("DATABASE_URL")
	if baseURL == "" {
		return fmt.Errorf("set DATABASE_URL (scripts/bench.sh does)")
	}

	fmt.Printf("creating database %s…\n", checkoutDB)
	dbURL, drop, err := freshDatabase(ctx, baseURL, checkoutDB)
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
	b := &checkoutBench{pool: pool, svc: newCheckoutServices(pool)}
	fmt.Println("setting up the shop, shoppers and carts…")
	if err := b.setup(ctx, *stock, max(*hotShoppers, *spreadShoppers)); err != nil {
		return err
	}
	scenarios := []*scenario{
		{name: "hot", title: fmt.Sprintf("hot: 1 size, %d in stock, %d shoppers", *stock, *hotShoppers), shoppers: *hotShoppers, sellOut: true, limit: 20 * *duration},
		{name: "spread", title: fmt.Sprintf("spread: %d sizes (%d products × %d), stock to spare, up to %d shoppers, %s runs",
			len(b.spreadSizes), spreadProducts, len(spreadSizeNames), *spreadShoppers, *duration), shoppers: *spreadShoppers, limit: *duration},
	}
	scenarios = slices.DeleteFunc(scenarios, func(sc *scenario) bool { return !slices.Contains(strings.Split(*only, ","), sc.name) })
	if len(scenarios) == 0 {
		return fmt.Errorf("-scenarios: hot, spread or both")
	}
	for _, sc := range scenarios {
		sc.pick = make([]stockSize, sc.shoppers)
		rng := rand.New(rand.NewPCG(7, 11))
		for i := range sc.pick {
			if sc.name == "hot" {
				sc.pick[i] = b.hot
			} else {
				sc.pick[i] = b.spreadSizes[rng.IntN(len(b.spreadSizes))]
			}
		}
	}
	impls := []implementation{
		{name: "reference", place: b.reference(pool)},
		{name: "ours", place: b.ours(b.svc.orders)},
	}

	fmt.Println("warming up…")
	for _, im := range impls {
		if _, err := b.run(ctx, scenarios[len(scenarios)-1], im, concurrency[0], time.Second); err != nil {
			return err
		}
	}

	results := map[string]*aggregate{}
	key := func(sc, impl string, c int) string { return fmt.Sprintf("%s/%s/%d", sc, impl, c) }
	for _, sc := range scenarios {
		for _, c := range concurrency {
			for round := range *rounds {
				turn := impls
				if round%2 == 1 {
					turn = []implementation{impls[1], impls[0]}
				}
				for _, im := range turn {
					r, err := b.run(ctx, sc, im, c, sc.limit)
					if err != nil {
						return err
					}
					k := key(sc.name, im.name, c)
					if results[k] == nil {
						results[k] = &aggregate{}
					}
					results[k].add(r)
					fmt.Printf("%-6s %-9s %3d workers round %d: %7.0f orders/s, p99 %s, %d placed, %d sold out, %d errors, %d oversold%s\n",
						sc.name, im.name, c, round+1, r.rate(), ms(percentile(r.lat, 99)), r.ok, r.refused, r.failed, r.check.oversold, problemSuffix(r))
				}
			}
		}
	}

	var traces map[string]traceReport
	if *breakdown {
		fmt.Println("traced runs (where the time goes)…")
		if traces, err = b.traced(ctx, dbURL, *conns, scenarios, concurrency[0]); err != nil {
			return err
		}
	}

	var settings [3]string
	pool.QueryRow(ctx, `SELECT current_setting('server_version'), current_setting('fsync'), current_setting('synchronous_commit')`).Scan(&settings[0], &settings[1], &settings[2])
	t := table{title: "Checkout: order.Service.Place (cash on delivery) vs a hand-written pgx transaction"}
	var detail strings.Builder
	detail.WriteString("| scenario | implementation | workers | orders/s | p50 | p99 | placed | refused (sold out) | errors | oversold | outbox rows/order | Go CPU/order | PG CPU/order |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	verdict := true
	var byRound []string
	for _, sc := range scenarios {
		bad := map[string][]string{}
		for _, c := range concurrency {
			ours, ref := results[key(sc.name, "ours", c)], results[key(sc.name, "reference", c)]
			for _, x := range []struct {
				name string
				a    *aggregate
			}{{"reference", ref}, {"ours", ours}} {
				fmt.Fprintf(&detail, "| %s | %s | %d | %.0f | %s | %s | %d | %d | %d | %d | %.1f | %s | %s |\n", sc.name, x.name, c, x.a.rate(),
					ms(percentile(x.a.lat, 50)), ms(percentile(x.a.lat, 99)), x.a.ok, x.a.refused, x.a.failed, x.a.oversold,
					x.a.outboxPerOrder(), ms(x.a.perOrder(x.a.goCPU)), ms(x.a.perOrder(x.a.pgCPU)))
				bad[x.name] = append(bad[x.name], x.a.problems...)
			}
			ok := ours.rate() >= 0.5*ref.rate() && ours.oversold == 0 && ours.failed == 0 && len(ours.problems) == 0
			verdict = verdict && ok
			t.add("%s, %d workers: orders/s", ours.rate(), ref.rate(), "≥ 0.5× reference, 0 oversold, 0 errors", ok, sc.title, c)
			t.addDuration(fmt.Sprintf("%s, %d workers: p99 of a placed order", sc.name, c), percentile(ours.lat, 99), percentile(ref.lat, 99), "", true)
			byRound = append(byRound, fmt.Sprintf("%s at %d workers %s", sc.name, c, ours.ratios(ref)))
		}
		oursBad, refBad := len(bad["ours"]), len(bad["reference"])
		t.row(sc.name+": problems (oversold units, a size below 0, counts that disagree, errors)", strconv.Itoa(oursBad), strconv.Itoa(refBad), "—", "0", oursBad == 0)
		for _, p := range append(bad["ours"], bad["reference"]...) {
			t.note("problem: " + p)
		}
		verdict = verdict && oursBad == 0
	}
	t.note("ours/reference round by round: " + strings.Join(byRound, "; ") + ".")
	result := "PASS"
	if !verdict {
		result = "FAIL"
	}
	t.note(fmt.Sprintf("**%s** against the goal: ours ≥ 0.5× the reference's orders/s in every scenario and concurrency, with 0 oversold.", result))
	t.note("Every run (" + strconv.Itoa(*rounds) + " per row, alternating which goes first) starts from the same state: orders, lines, timeline, mails and outbox emptied, stock reset, each shopper's cart refilled with one unit. " +
		"orders/s is placed orders over the selling window (hot: from the start to the last order placed; the shoppers left are then refused) or over the run (spread). p50/p99 are of placed orders, " +
		"the whole call (ours: Place, including its reads before and after the transaction). Refused means told the size is sold out; errors are anything else. " +
		"Oversold is units in order lines beyond a size's stock; every run is also checked for a size below 0, units sold ≠ stock taken and orders ≠ successes. " +
		"CPU is per order placed, refusals' cost included.\n\n" + detail.String())
	t.note(fmt.Sprintf("Reference: BEGIN; UPDATE product_sizes SET stock = stock - 1 WHERE … AND stock >= 1 RETURNING stock; INSERT orders; INSERT order_lines; INSERT outbox (the shipment job); COMMIT — no cart, no reads. "+
		"Both share one pgx pool of %d connections, in this process. CPU per order: this process (getrusage) and the PostgreSQL backends of the benchmark database (/proc/PID/stat).", *conns))
	if traces != nil {
		t.note(renderTraces(traces, concurrency[0]))
	}
	t.note(fmt.Sprintf("PostgreSQL %s (fsync=%s, synchronous_commit=%s: scripts/services.sh with SERVICES_FAST=1, so a commit waits for no disk and round trips and CPU decide) and this process share the machine. "+
		"Reproduce: `scripts/bench.sh checkout` (flags: -stock, -hot-shoppers, -spread-shoppers, -duration, -rounds, -concurrency, -conns, -scenarios, -breakdown).", settings[0], settings[1], settings[2]))
	return t.write("checkout")
}

const spreadProducts = 50

var spreadSizeNames = []string{"S", "M", "L", "XL", "XXL"}

// spreadStock is the stock of each spread size: more than any run can sell (a run sells a few
// thousand), and the most a size may hold.
const spreadStock = catalog.MaxStock

// stockSize is one size of one product, with what the reference writes into an order line.
type stockSize struct {
	productID, code, name, size string
	price                       shop.Money
}

type checkoutServices struct {
	orders *order.Service
}

// newCheckoutServices wires the services Place needs as server/app.go's newServices does.
func newCheckoutServices(pool *pgxpool.Pool) checkoutServices {
	sales := sale.NewService(pool)
	sales.CacheRunning()
	products := catalog.NewService(pool, sales)
	carts := cart.NewService(pool, products)
	return checkoutServices{orders: order.NewService(pool, order.Config{PublicURL: "http://127.0.0.1:8080", PickupLocation: "Primary"},
		products, carts, coupon.NewService(pool), address.NewService(pool), company.NewService(pool))}
}

type checkoutBench struct {
	pool        *pgxpool.Pool
	svc         checkoutServices
	hot         stockSize
	spreadSizes []stockSize
	initial     map[[2]string]int
	users       []string
	addresses   []string
	runs        int
}

type scenario struct {
	name, title string
	shoppers    int
	sellOut     bool          // measure up to the last order placed, not to the end of the run
	limit       time.Duration // a run stops taking new shoppers after this
	pick        []stockSize   // what shopper i has in their cart
}

type outcome int

const (
	placed outcome = iota
	soldOut
	failed
)

type implementation struct {
	name  string
	place func(ctx context.Context, run, i int, s stockSize) (outcome, error)
}

// setup creates the shop through the services (category, sub-category, products, company) and
// the shoppers with SQL, as server/oversell_test.go does.
func (b *checkoutBench) setup(ctx context.Context, stock, shoppers int) error {
	products := catalog.NewService(b.pool, sale.NewService(b.pool))
	if _, err := demo.LoadSelling(ctx, demo.SellingDeps{Company: company.NewService(b.pool), Coupons: coupon.NewService(b.pool)}); err != nil {
		return err
	}
	men, err := products.CreateCategory(ctx, catalog.NewCategory{Name: "Men", Gender: "Men", Position: 1})
	if err != nil {
		return err
	}
	shirts, err := products.CreateSubCategory(ctx, catalog.NewSubCategory{CategoryID: men.ID, CategoryType: "Formal Shirts"})
	if err != nil {
		return err
	}
	create := func(code, name string, price shop.Money, sizes []catalog.Size) (catalog.Product, error) {
		return products.CreateProduct(ctx, catalog.NewProduct{Code: code, Name: name, Gender: "Men", SubCategoryID: shirts.ID,
			Price: price, Colour: "white", Thumbnail: "JF-1.svg", BasicDescription: "A benchmark shirt.", Sizes: sizes})
	}
	b.initial = map[[2]string]int{}
	hot, err := create("JF-FLASH-1", "Flash Sale Shirt", shop.Rupees(1499), []catalog.Size{{Size: "M", Stock: stock}})
	if err != nil {
		return err
	}
	b.hot = stockSize{productID: hot.ID, code: hot.Code, name: hot.Name, size: "M", price: hot.Price}
	b.initial[[2]string{hot.ID, "M"}] = stock
	for i := range spreadProducts {
		sizes := make([]catalog.Size, len(spreadSizeNames))
		for j, s := range spreadSizeNames {
			sizes[j] = catalog.Size{Size: s, Stock: spreadStock}
		}
		p, err := create(fmt.Sprintf("JF-SPREAD-%03d", i), fmt.Sprintf("Oxford Shirt %d", i), shop.Rupees(int64(999+100*(i%10))), sizes)
		if err != nil {
			return err
		}
		for _, s := range spreadSizeNames {
			b.spreadSizes = append(b.spreadSizes, stockSize{productID: p.ID, code: p.Code, name: p.Name, size: s, price: p.Price})
			b.initial[[2]string{p.ID, s}] = spreadStock
		}
	}
	b.users, b.addresses = make([]string, shoppers), make([]string, shoppers)
	userRows, addressRows := make([][]any, shoppers), make([][]any, shoppers)
	for i := range shoppers {
		b.users[i], b.addresses[i] = shop.NewID(), shop.NewID()
		email := fmt.Sprintf("shopper%d@bench.drape.test", i)
		userRows[i] = []any{b.users[i], email, "Bench"}
		addressRows[i] = []any{b.addresses[i], b.users[i], "Bench", "Buyer", "1 MI Road", "Floor 2", "Jaipur", "Rajasthan", "302001", email, "home", "9829012345"}
	}
	if _, err := b.pool.CopyFrom(ctx, pgx.Identifier{"users"}, []string{"id", "email", "first_name"}, pgx.CopyFromRows(userRows)); err != nil {
		return err
	}
	_, err = b.pool.CopyFrom(ctx, pgx.Identifier{"addresses"}, []string{"id", "user_id", "first_name", "last_name", "address1", "address2",
		"city", "state", "pincode", "email", "type", "phone"}, pgx.CopyFromRows(addressRows))
	if err != nil {
		return err
	}
	_, err = b.pool.Exec(ctx, `ANALYZE`)
	return err
}

// reset brings the database back to the state every run starts from: no orders (nor their
// lines, timelines, mails and outbox rows), every size at its initial stock, and each of the
// scenario's shoppers with one unit of their size in the cart.
func (b *checkoutBench) reset(ctx context.Context, sc *scenario) error {
	for _, q := range []string{`TRUNCATE orders, order_lines, order_events, courier_reports, refunds, mails, outbox, cart_items`,
		fmt.Sprintf(`UPDATE product_sizes SET stock = CASE WHEN product_id = '%s' THEN %d ELSE %d END`, b.hot.productID, b.initial[[2]string{b.hot.productID, "M"}], spreadStock)} {
		if _, err := b.pool.Exec(ctx, q); err != nil {
			return err
		}
	}
	rows := make([][]any, sc.shoppers)
	for i, s := range sc.pick {
		rows[i] = []any{shop.NewID(), b.users[i], s.productID, s.size, 1}
	}
	if _, err := b.pool.CopyFrom(ctx, pgx.Identifier{"cart_items"}, []string{"id", "user_id", "product_id", "size", "quantity"}, pgx.CopyFromRows(rows)); err != nil {
		return err
	}
	_, err := b.pool.Exec(ctx, `ANALYZE cart_items, product_sizes`)
	return err
}

// ours places shopper i's cart as a cash-on-delivery order through the order service.
func (b *checkoutBench) ours(orders *order.Service) func(ctx context.Context, run, i int, s stockSize) (outcome, error) {
	return func(ctx context.Context, run, i int, s stockSize) (outcome, error) {
		_, _, err := orders.Place(ctx, order.Placement{UserID: b.users[i], Mode: order.COD, AddressID: b.addresses[i],
			IdempotencyKey: fmt.Sprintf("bench-%d-%d", run, i)})
		switch {
		case err == nil:
			return placed, nil
		case shop.Is(err, shop.Conflict) && strings.HasSuffix(err.Error(), "is sold out"):
			return soldOut, nil
		}
		return failed, err
	}
}

// reference is the same checkout written by hand as the fewest statements that leave the same
// rows behind: read the shopper's cart line with its price and stock, take one unit while
// there is one, write the order with its line and first timeline step, queue the confirmation
// mail, write the outbox rows a placed order needs (mail job, shipment push, the shopper's and
// the back office's order events, the cart and stock events) in one statement, and empty the
// cart, in one transaction. What ours does beyond it — pricing through the catalog and the
// running sales, the idempotency lock, the address and company checks — is the overhead the
// ratio measures.
func (b *checkoutBench) reference(pool *pgxpool.Pool) func(ctx context.Context, run, i int, s stockSize) (outcome, error) {
	address, _ := json.Marshal(order.Address{FirstName: "Bench", LastName: "Buyer", Address1: "1 MI Road", City: "Jaipur",
		State: "Rajasthan", Pincode: "302001", Phone: "9829012345", Country: "India"})
	return func(ctx context.Context, run, i int, s stockSize) (outcome, error) {
		tx, err := pool.Begin(ctx)
		if err != nil {
			return failed, err
		}
		defer tx.Rollback(context.WithoutCancel(ctx))
		user := b.users[i]
		var productID, size, name, code string
		var quantity int
		var price int64
		err = tx.QueryRow(ctx, `SELECT c.product_id, c.size, c.quantity, p.name, p.code, p.price
			FROM cart_items c JOIN products p ON p.id = c.product_id WHERE c.user_id = $1 FOR UPDATE OF c`, user).
			Scan(&productID, &size, &quantity, &name, &code, &price)
		if err != nil {
			return failed, err
		}
		id := shop.NewID()
		number := fmt.Sprintf("REF%d%d-%d", time.Now().UnixMilli(), run, i)
		total := price * int64(quantity)
		if _, err := tx.Exec(ctx, `INSERT INTO orders (id, order_number, user_id, idempotency_key, payment_mode, payment_status, order_status,
			list_total, subtotal, total, address, shipment) VALUES ($1, $2, $3, $4, 'cod', 'unpaid', 'PENDING', $5, $5, $5, $6, '{}')`,
			id, number, user, fmt.Sprintf("bench-%d-%d", run, i), total, address); err != nil {
			return failed, err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO order_lines (order_id, position, product_id, product_code, product_name, size, quantity,
			list_price, unit_price, line_total) VALUES ($1, 0, $2, $3, $4, $5, $6, $7, $7, $8)`, id, productID, code, name, size, quantity, price, total); err != nil {
			return failed, err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO order_events (order_id, status) VALUES ($1, 'PLACED')`, id); err != nil {
			return failed, err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO mails (id, kind, ref, recipient, subject, text_body) VALUES ($1, 'order_confirmation', $2, 'bench@example.in', $3, $3)`,
			shop.NewID(), id, "Your order "+number); err != nil {
			return failed, err
		}
		mail, ship := jobs.SendMail("order_confirmation", id), jobs.PushShipment(id)
		created := `{"type":"` + string(event.OrderCreated) + `"}`
		if _, err := tx.Exec(ctx, `INSERT INTO outbox (kind, name, topic, queue, dedupe_key, payload) VALUES
			('task', $1, '', $2, $3, $4), ('task', $5, '', $6, $7, $8),
			('event', $15, $9, '', $10, $11), ('event', $15, 'admin:orders', '', $12, $11),
			('event', $16, $9, '', $13, '{}'), ('event', $17, 'catalog', '', $14, '{}')`,
			mail.Type, mail.Queue, mail.ID, mail.Payload, ship.Type, ship.Queue, ship.ID, ship.Payload,
			"user:"+user, shop.NewID(), created, shop.NewID(), shop.NewID(), shop.NewID(),
			string(event.OrderCreated), string(event.CartChanged), string(event.StockChanged)); err != nil {
			return failed, err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM cart_items WHERE user_id = $1`, user); err != nil {
			return failed, err
		}
		var left int
		err = tx.QueryRow(ctx, `UPDATE product_sizes SET stock = stock - $3 WHERE product_id = $1 AND size = $2 AND stock >= $3 RETURNING stock`,
			productID, size, quantity).Scan(&left)
		if errors.Is(err, pgx.ErrNoRows) {
			return soldOut, nil
		}
		if err != nil {
			return failed, err
		}
		if err := tx.Commit(ctx); err != nil {
			return failed, err
		}
		return placed, nil
	}
}

// runResult is one run of one implementation.
type runResult struct {
	ok, refused, failed int
	lat                 []time.Duration // of placed orders
	window              time.Duration
	firstErr            error
	check               checkResult
	goCPU, pgCPU        time.Duration
}

func (r runResult) rate() float64 { return float64(r.ok) / max(r.window.Seconds(), 1e-9) }

func problemSuffix(r runResult) string {
	var parts []string
	if r.firstErr != nil {
		parts = append(parts, "first error: "+r.firstErr.Error())
	}
	parts = append(parts, r.check.problems...)
	if len(parts) == 0 {
		return ""
	}
	return " — " + strings.Join(parts, "; ")
}

// run resets the database for sc and has workers place the scenario's shoppers' carts one after
// another until every shopper has had a turn or limit has passed, then checks the database.
func (b *checkoutBench) run(ctx context.Context, sc *scenario, im implementation, workers int, limit time.Duration) (runResult, error) {
	if err := b.reset(ctx, sc); err != nil {
		return runResult{}, err
	}
	b.runs++
	run := b.runs
	type local struct {
		lat             []time.Duration
		refused, failed int
		last            time.Time
		err             error
	}
	locals := make([]local, workers)
	var next atomic.Int64
	goBefore, pgBefore := processCPU(), b.backendCPU(ctx)
	start := time.Now()
	until := start.Add(limit)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			l := &locals[w]
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= sc.shoppers || time.Now().After(until) {
					return
				}
				t0 := time.Now()
				out, err := im.place(ctx, run, i, sc.pick[i])
				t1 := time.Now()
				switch out {
				case placed:
					l.lat = append(l.lat, t1.Sub(t0))
					l.last = t1
				case soldOut:
					l.refused++
				default:
					l.failed++
					if l.err == nil {
						l.err = err
					}
				}
			}
		})
	}
	wg.Wait()
	end := time.Now()
	if err := ctx.Err(); err != nil {
		return runResult{}, err
	}
	r := runResult{goCPU: processCPU() - goBefore, pgCPU: b.backendCPU(ctx) - pgBefore, window: end.Sub(start)}
	last := start
	for _, l := range locals {
		r.lat = append(r.lat, l.lat...)
		r.refused += l.refused
		r.failed += l.failed
		if l.last.After(last) {
			last = l.last
		}
		if r.firstErr == nil {
			r.firstErr = l.err
		}
	}
	r.ok = len(r.lat)
	if sc.sellOut && r.ok > 0 {
		r.window = last.Sub(start)
	}
	var err error
	r.check, err = b.verify(ctx, sc, r.ok)
	return r, err
}

// checkResult is what the database says after a run.
type checkResult struct {
	oversold int // units in order lines beyond a size's initial stock
	orders   int
	outbox   int
	problems []string
}

// verify checks the run's orders against the stock: no size below 0, for every size the units
// in order lines equal what left its stock and never exceed what it had, one order row (of one
// unit) per success; and, when every shopper of a sell-out had a turn, the size sold out.
func (b *checkoutBench) verify(ctx context.Context, sc *scenario, successes int) (checkResult, error) {
	var c checkResult
	rows, err := b.pool.Query(ctx, `SELECT ps.product_id, ps.size, ps.stock, coalesce(l.units, 0)
		FROM product_sizes ps LEFT JOIN (SELECT product_id, size, sum(quantity) AS units FROM order_lines GROUP BY 1, 2) l USING (product_id, size)`)
	if err != nil {
		return c, err
	}
	var negative, mismatched, units int
	for rows.Next() {
		var id, size string
		var left, sold int
		if err := rows.Scan(&id, &size, &left, &sold); err != nil {
			return c, err
		}
		had := b.initial[[2]string{id, size}]
		if left < 0 {
			negative++
		}
		if sold != had-left {
			mismatched++
		}
		c.oversold += max(0, sold-had)
		units += sold
	}
	if err := rows.Err(); err != nil {
		return c, err
	}
	if err := b.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM orders), (SELECT count(*) FROM outbox)`).Scan(&c.orders, &c.outbox); err != nil {
		return c, err
	}
	if negative > 0 {
		c.problems = append(c.problems, fmt.Sprintf("%d sizes below 0", negative))
	}
	if mismatched > 0 {
		c.problems = append(c.problems, fmt.Sprintf("%d sizes whose units sold differ from the stock taken", mismatched))
	}
	if c.orders != successes || units != successes {
		c.problems = append(c.problems, fmt.Sprintf("%d successes but %d orders holding %d units", successes, c.orders, units))
	}
	if had := b.initial[[2]string{b.hot.productID, "M"}]; sc.sellOut && sc.shoppers >= had && successes != had {
		c.problems = append(c.problems, fmt.Sprintf("%d of %d units sold (the run was cut short, or shoppers were refused before it sold out)", successes, had))
	}
	if c.oversold > 0 {
		c.problems = append(c.problems, fmt.Sprintf("%d units oversold", c.oversold))
	}
	return c, nil
}

// aggregate is the runs of one implementation in one scenario at one concurrency.
type aggregate struct {
	ok, refused, failed, oversold, outbox int
	lat                                   []time.Duration
	window, goCPU, pgCPU                  time.Duration
	rates                                 []float64
	problems                              []string
}

func (a *aggregate) add(r runResult) {
	a.ok += r.ok
	a.refused += r.refused
	a.failed += r.failed
	a.oversold += r.check.oversold
	a.outbox += r.check.outbox
	a.lat = append(a.lat, r.lat...)
	a.window += r.window
	a.goCPU += r.goCPU
	a.pgCPU += r.pgCPU
	a.rates = append(a.rates, r.rate())
	if r.firstErr != nil {
		a.problems = append(a.problems, "error: "+r.firstErr.Error())
	}
	a.problems = append(a.problems, r.check.problems...)
}

func (a *aggregate) rate() float64 { return float64(a.ok) / max(a.window.Seconds(), 1e-9) }

func (a *aggregate) outboxPerOrder() float64 { return float64(a.outbox) / float64(max(a.ok, 1)) }

func (a *aggregate) perOrder(d time.Duration) time.Duration { return d / time.Duration(max(a.ok, 1)) }

// ratios is ours/reference round by round (the runs of a round follow each other).
func (a *aggregate) ratios(ref *aggregate) string {
	var parts []string
	for i := range min(len(a.rates), len(ref.rates)) {
		parts = append(parts, fmt.Sprintf("%.2f×", a.rates[i]/max(ref.rates[i], 1e-9)))
	}
	return strings.Join(parts, ", ")
}

func percentile(lat []time.Duration, p int) time.Duration {
	if len(lat) == 0 {
		return 0
	}
	s := slices.Clone(lat)
	slices.Sort(s)
	return s[min(len(s)-1, len(s)*p/100)]
}

// processCPU is the CPU time this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// backendCPU is the CPU time used so far by the PostgreSQL backends connected to the benchmark
// database (user + system ticks from /proc, at 100 a second).
func (b *checkoutBench) backendCPU(ctx context.Context) time.Duration {
	rows, err := b.pool.Query(ctx, `SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)
	if err != nil {
		return 0
	}
	pids, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		return 0
	}
	var ticks int64
	for _, pid := range pids {
		raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue
		}
		s := string(raw)
		fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(fields) > 12 {
			u, _ := strconv.ParseInt(fields[11], 10, 64)
			k, _ := strconv.ParseInt(fields[12], 10, 64)
			ticks += u + k
		}
	}
	return time.Duration(ticks) * 10 * time.Millisecond
}

// freshDatabase drops and creates database name on the server of base and returns its URL and
// a function that drops it.
func freshDatabase(ctx context.Context, base, name string) (string, func(), error) {
	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		return "", nil, err
	}
	defer admin.Close(ctx)
	for _, q := range []string{"DROP DATABASE IF EXISTS " + name + " WITH (FORCE)", "CREATE DATABASE " + name} {
		if _, err := admin.Exec(ctx, q); err != nil {
			return "", nil, err
		}
	}
	u, err := url.Parse(base)
	if err != nil {
		return "", nil, err
	}
	u.Path = "/" + name
	drop := func() {
		conn, err := pgx.Connect(context.Background(), base)
		if err != nil {
			return
		}
		defer conn.Close(context.Background())
		conn.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	}
	return u.String(), drop, nil
}
