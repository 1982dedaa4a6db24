package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/catalog/catalogdb"
)

// runListing compares GET /api/getproduct?type=…&page=… on our server with a bare Fiber+pgx
// handler running the same queries, on a catalog of at least -products products.
func runListing(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("listing", flag.ContinueOnError)
	products := fs.Int("products", 50_000, "catalog size")
	rate := fs.Int("rate", 2000, "offered requests a second for the latency run")
	duration := fs.Duration("duration", 8*time.Second, "length of each run")
	workers := fs.Int("workers", 32, "concurrent requests in the throughput run")
	if err := fs.Parse(args); err != nil {
		return err
	}
	serverBin := os.Getenv("SERVER_BIN")
	if serverBin == "" || os.Getenv("DATABASE_URL") == "" {
		return fmt.Errorf("set SERVER_BIN, DATABASE_URL and REDIS_URL (make bench does)")
	}

	if err := seedCatalog(ctx, serverBin, *products); err != nil {
		return err
	}

	ours, stopOurs, err := startProcess(ctx, serverBin, nil, "/readyz")
	if err != nil {
		return err
	}
	defer stopOurs()
	// The same server reading every listing from the database: the fair match for the bare
	// handler, which has no cache.
	uncached, stopUncached, err := startProcess(ctx, serverBin, nil, "/readyz", "LISTING_FRESH=0")
	if err != nil {
		return err
	}
	defer stopUncached()
	self, _ := os.Executable()
	bare, stopBare, err := startProcess(ctx, self, []string{"bare-listing"}, "/healthz")
	if err != nil {
		return err
	}
	defer stopBare()

	types, err := subCategoryTypes(ours)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var oursURLs, uncachedURLs, bareURLs, searchURLs, bareSearchURLs []string
	words := []string{"suit", "navy", "wool", "slim", "tuxedo", "linen", "blazer", "charcoal", "silk", "formal", "shrt", "trouser"}
	for i := 0; i < 2000; i++ {
		q := url.Values{"type": {types[rng.IntN(len(types))]}, "page": {strconv.Itoa(1 + rng.IntN(40))}}.Encode()
		oursURLs = append(oursURLs, ours+"/api/getproduct?"+q)
		uncachedURLs = append(uncachedURLs, uncached+"/api/getproduct?"+q)
		bareURLs = append(bareURLs, bare+"/bare/getproduct?"+q)
		sq := url.Values{"q": {words[rng.IntN(len(words))]}, "page": {strconv.Itoa(1 + rng.IntN(3))}}.Encode()
		searchURLs = append(searchURLs, uncached+"/api/products/search?"+sq)
		bareSearchURLs = append(bareSearchURLs, bare+"/bare/search?"+sq)
	}
	staticURLs, bareStaticURLs := []string{ours + "/healthz"}, []string{bare + "/bare/static"}
	for _, u := range []string{oursURLs[0], uncachedURLs[0], bareURLs[0], searchURLs[0], bareSearchURLs[0], staticURLs[0], bareStaticURLs[0]} {
		if !get(u) {
			return fmt.Errorf("GET %s failed", u)
		}
	}
	fmt.Println("warming up…")
	for _, urls := range [][]string{bareURLs, oursURLs, uncachedURLs, bareStaticURLs, staticURLs} {
		throughput(ctx, urls, *workers, 2*time.Second)
	}

	fmt.Println("throughput…")
	staticBareRPS, _ := throughput(ctx, bareStaticURLs, *workers, *duration)
	staticRPS, staticFailed := throughput(ctx, staticURLs, *workers, *duration)
	bareRPS, bareFailed := throughput(ctx, bareURLs, *workers, *duration)
	uncachedRPS, uncachedFailed := throughput(ctx, uncachedURLs, *workers, *duration)
	oursRPS, oursFailed := throughput(ctx, oursURLs, *workers, *duration)
	bareSearchRPS, _ := throughput(ctx, bareSearchURLs, *workers, *duration)
	searchRPS, searchFailed := throughput(ctx, searchURLs, *workers, *duration)
	fmt.Printf("latency at %d req/s…\n", *rate)
	// Ours first: the bare handler cannot keep up with the offered rate, and the backlog it
	// leaves in PostgreSQL would weigh on whatever runs after it.
	oursLat := latencies(ctx, oursURLs, *rate, *duration)
	bareLat := latencies(ctx, bareURLs, *rate, *duration)

	t := table{title: fmt.Sprintf("Static route, product listing and search, %d products, %d sub-categories, pages 1–40", *products, len(types))}
	t.add("static route through our middleware (/healthz) vs a bare Fiber JSON route: req/s, %d workers", staticRPS, staticBareRPS, "≥ 0.9× bare", staticRPS >= 0.9*staticBareRPS, *workers)
	t.add("listing, every request from the database (LISTING_FRESH=0) vs bare Fiber+pgx, same queries: req/s", uncachedRPS, bareRPS, "≥ 0.8× bare", uncachedRPS >= 0.8*bareRPS)
	t.add("cached listing (as served) vs bare Fiber+pgx: req/s", oursRPS, bareRPS, "≥ 0.8× bare", oursRPS >= 0.8*bareRPS)
	t.addDuration(fmt.Sprintf("cached listing p50 at %d req/s offered", *rate), oursLat.p50, bareLat.p50, "", true)
	t.addDuration(fmt.Sprintf("cached listing p99 at %d req/s offered", *rate), oursLat.p99, bareLat.p99, "≤ 10 ms", oursLat.p99 <= 10*time.Millisecond)
	t.add("product search (12 words, pages 1–3) vs bare Fiber+pgx, same queries: req/s", searchRPS, bareSearchRPS, "≥ 0.8× bare", searchRPS >= 0.8*bareSearchRPS)
	t.note(fmt.Sprintf("failed requests: static %d, listing uncached %d, cached %d + %d, search %d, bare %d + %d; achieved rate ours %.0f, bare %.0f req/s",
		staticFailed, uncachedFailed, oursFailed, oursLat.failed, searchFailed, bareFailed, bareLat.failed, oursLat.achieved, bareLat.achieved))
	t.note("The bare reference is Fiber and pgx with nothing else (no envelope, pricing, middleware, logging or cache) running the same sqlc queries. Latency is measured open-loop: requests are sent at the offered rate whatever the answers' pace.")
	return t.write("listing")
}

// startProcess starts bin on a free loopback port, with env added to this process's, and
// waits until path answers 200.
// seedCatalog runs `server seed` to top the bench database's catalog up to products, with
// flags (--orders=false: no demo month), its pictures in the benches' temporary uploads.
func seedCatalog(ctx context.Context, serverBin string, products int, flags ...string) error {
	fmt.Printf("seeding the catalog to %d products…\n", products)
	seed := exec.CommandContext(ctx, serverBin, append([]string{"seed", "--products", strconv.Itoa(products)}, flags...)...)
	seed.Stdout, seed.Stderr = os.Stdout, os.Stderr
	seed.Env = append(os.Environ(), "LOG_LEVEL=warn", "UPLOADS_DIR="+os.TempDir()+"/drape-bench-uploads")
	if err := seed.Run(); err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	return nil
}

func startProcess(ctx context.Context, bin string, args []string, path string, env ...string) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(append(os.Environ(), "PORT="+strconv.Itoa(port), "LOG_LEVEL=warn", "CLIENT_DIR="+os.TempDir()), env...)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	stop := func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() }
	base := "http://127.0.0.1:" + strconv.Itoa(port)
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if resp, err := http.Get(base + path); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return base, stop, nil
			}
		}
	}
	stop()
	return "", nil, fmt.Errorf("%s did not become ready", bin)
}

func subCategoryTypes(base string) ([]string, error) {
	resp, err := http.Get(base + "/api/getcategory")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var body struct {
		Data struct {
			Items []struct {
				SubCategory []struct {
					CategoryType string `json:"categoryType"`
				} `json:"subCategory"`
			} `json:"items"`
		} `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		return nil, err
	}
	var types []string
	for _, c := range body.Data.Items {
		for _, sc := range c.SubCategory {
			types = append(types, sc.CategoryType)
		}
	}
	if len(types) == 0 {
		return nil, fmt.Errorf("the catalog has no sub-categories")
	}
	return types, nil
}

// serveBareListing is the reference: Fiber and pgx with nothing else, running the same
// queries as the catalog listing (sub-category by name, the page, the count, the sizes) and
// writing the rows as JSON. No envelope, pricing, middleware, logging or cache.
func serveBareListing(ctx context.Context) error {
	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		return err
	}
	defer pool.Close()
	q := catalogdb.New(pool)
	app := fiber.New()
	app.Get("/healthz", func(c fiber.Ctx) error { return c.SendString("ok") })
	app.Get("/bare/static", func(c fiber.Ctx) error { return c.JSON(fiber.Map{"status": "up"}) })
	app.Get("/bare/search", bareSearch(q))
	app.Get("/bare/suggest", bareSuggest(q))
	app.Get("/bare/getproduct", func(c fiber.Ctx) error {
		page, _ := strconv.Atoi(c.Query("page", "1"))
		ctx := c.Context()
		sc, err := q.SubCategoryByType(ctx, c.Query("type"))
		if err != nil {
			return err
		}
		rows, err := q.ProductsInSubCategory(ctx, catalogdb.ProductsInSubCategoryParams{SubCategoryID: sc.ID, PageSize: 12, PageOffset: int32((page - 1) * 12)})
		if err != nil {
			return err
		}
		total, err := q.CountInSubCategory(ctx, sc.ID)
		if err != nil {
			return err
		}
		productIDs := make([]string, len(rows))
		for i, r := range rows {
			productIDs[i] = r.ID
		}
		sizes, err := q.SizesOf(ctx, productIDs)
		if err != nil {
			return err
		}
		return c.JSON(fiber.Map{"items": rows, "sizes": sizes, "total": total})
	})
	ln, err := net.Listen("tcp", "127.0.0.1:"+os.Getenv("PORT"))
	if err != nil {
		return err
	}
	go func() { <-ctx.Done(); app.Shutdown() }()
	return app.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true})
}
