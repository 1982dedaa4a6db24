package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"time"
)

// runFilters measures GET /api/getproduct with filters, a sort and facet counts (issue 20)
// against the cached unfiltered listing of the same sub-categories and pages, both on our
// server, open loop at -rate requests a second, on a catalog of at least -products products.
func runFilters(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("filters", flag.ContinueOnError)
	products := fs.Int("products", 50_000, "catalog size")
	rate := fs.Int("rate", 200, "offered requests a second")
	duration := fs.Duration("duration", 10*time.Second, "length of each run")
	if err := fs.Parse(args); err != nil {
		return err
	}
	serverBin := os.Getenv("SERVER_BIN")
	if serverBin == "" || os.Getenv("DATABASE_URL") == "" {
		return fmt.Errorf("set SERVER_BIN, DATABASE_URL and REDIS_URL (make bench does)")
	}
	if err := seedCatalog(ctx, serverBin, *products, "--orders=false"); err != nil { // the filters need no orders
		return err
	}
	ours, stop, err := startProcess(ctx, serverBin, nil, "/readyz")
	if err != nil {
		return err
	}
	defer stop()
	types, err := subCategoryTypes(ours)
	if err != nil {
		return err
	}
	// Each sub-category's facet values, as a shopper's filter bar gets them.
	facets := map[string]listingFacets{}
	for _, ty := range types {
		f, err := facetsOf(ours + "/api/getproduct?" + url.Values{"type": {ty}, "sort": {"newest"}, "limit": {"1"}}.Encode())
		if err != nil {
			return err
		}
		facets[ty] = f
	}
	sorts := []string{"newest", "price_asc", "price_desc", "discount", "bestselling"}
	rng := rand.New(rand.NewPCG(3, 4))
	pick := func(values []facetValue) string {
		if len(values) == 0 {
			return ""
		}
		return values[rng.IntN(len(values))].Value
	}
	var plain, filtered []string
	for i := 0; i < 2000; i++ {
		ty := types[rng.IntN(len(types))]
		q := url.Values{"type": {ty}, "page": {strconv.Itoa(1 + rng.IntN(5))}}
		plain = append(plain, ours+"/api/getproduct?"+q.Encode())
		f := facets[ty]
		q.Set("sort", sorts[rng.IntN(len(sorts))])
		for key, values := range map[string][]facetValue{"size": f.Size, "color": f.Color, "fit": f.Fit, "price": f.Price} {
			if rng.IntN(3) > 0 {
				if v := pick(values); v != "" {
					q.Set(key, v)
				}
			}
		}
		if rng.IntN(4) == 0 {
			q.Set("onsale", "1")
		}
		filtered = append(filtered, ours+"/api/getproduct?"+q.Encode())
	}
	if !get(filtered[0]) || !get(plain[0]) {
		return fmt.Errorf("GET %s failed", filtered[0])
	}
	fmt.Println("warming up…")
	latencies(ctx, plain, *rate, 2*time.Second)
	latencies(ctx, filtered, *rate, 2*time.Second)
	// One at a time, on addresses the warm-up did not ask: each filtered answer computed anew.
	fmt.Println("one request at a time…")
	plainOne50, plainOne95 := oneAtATime(ctx, plain[1000:1300], 300)
	filteredOne50, filteredOne95 := oneAtATime(ctx, filtered[1000:1300], 300)
	fmt.Printf("latency at %d req/s…\n", *rate)
	plainLat := latencies(ctx, plain, *rate, *duration)
	filteredLat := latencies(ctx, filtered, *rate, *duration)

	t := table{title: fmt.Sprintf("Filtered listing with facet counts, %d products, %d sub-categories, pages 1–5", *products, len(types))}
	t.addDuration(fmt.Sprintf("filtered listing with facets (size, colour, fit, price, on sale, sort) vs the cached listing: p95 at %d req/s offered", *rate),
		filteredLat.p95, plainLat.p95, "≤ 15 ms", filteredLat.p95 <= 15*time.Millisecond && filteredLat.failed == 0)
	t.addDuration(fmt.Sprintf("filtered listing p50 at %d req/s offered", *rate), filteredLat.p50, plainLat.p50, "", true)
	t.addDuration("filtered listing p50, one request at a time (warm server, each answer computed anew)", filteredOne50, plainOne50, "", true)
	t.addDuration("filtered listing p95, one request at a time", filteredOne95, plainOne95, "", true)
	t.note(fmt.Sprintf("failed requests: filtered %d, cached %d; achieved rate filtered %.0f, cached %.0f req/s",
		filteredLat.failed, plainLat.failed, filteredLat.achieved, plainLat.achieved))
	t.note("Each filtered request picks a sub-category, a page of 1–5, a sort, and with probability 2/3 each a size, colour, fit and price band from that sub-category's facets (and on sale with 1/4). The reference is the same server's cached unfiltered listing of the same sub-categories and pages. Open loop: requests are sent at the offered rate whatever the answers' pace.")
	return t.write("filters")
}

type facetValue struct {
	Value string `json:"value"`
}

type listingFacets struct {
	Size, Color, Fit, Price []facetValue
}

func facetsOf(u string) (listingFacets, error) {
	resp, err := http.Get(u)
	if err != nil {
		return listingFacets{}, err
	}
	defer resp.Body.Close()
	var body struct {
		Data struct {
			Facets listingFacets `json:"facets"`
		} `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		return listingFacets{}, fmt.Errorf("%s: %w", u, err)
	}
	return body.Data.Facets, nil
}
