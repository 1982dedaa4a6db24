package main

import (
	"context"
	"flag"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"drape/internal/catalog"
	"drape/internal/catalog/catalogdb"
	"drape/internal/platform/postgres"
)

// searchQueries are what shoppers type in the search bench: words, typos, synonyms, codes.
var searchQueries = []string{"shrt", "oxfrod", "blazr", "trousr", "navy shirt", "pant", "tee", "JF-MST-0020",
	"jf-mbl", "suit", "linen", "charcoal wool", "stretch", "waistcoat", "grey trousers", "slim fit shirt"}

// suggestQueries are what the search box sends while they type.
var suggestQueries = []string{"sh", "shi", "shir", "oxf", "nav", "navy bl", "blaz", "JF-MST-00", "trou", "char", "wai", "linen sh"}

// runSearch measures GET /api/products/search (typo cases included) and /api/products/suggest
// at an offered rate against a bare Fiber+pgx handler running the same queries, on a catalog
// of at least -products products.
func runSearch(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("search", flag.ContinueOnError)
	products := fs.Int("products", 50_000, "catalog size")
	rate := fs.Int("rate", 200, "offered requests a second")
	duration := fs.Duration("duration", 8*time.Second, "length of each run")
	if err := fs.Parse(args); err != nil {
		return err
	}
	serverBin := os.Getenv("SERVER_BIN")
	if serverBin == "" || os.Getenv("DATABASE_URL") == "" {
		return fmt.Errorf("set SERVER_BIN, DATABASE_URL and REDIS_URL (make bench does)")
	}
	if err := seedCatalog(ctx, serverBin, *products, "--orders=false"); err != nil {
		return err
	}
	ours, stopOurs, err := startProcess(ctx, serverBin, nil, "/readyz")
	if err != nil {
		return err
	}
	defer stopOurs()
	// The same server keeping no answers (LISTING_FRESH=0): every request searched anew.
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

	var searchURLs, bareSearchURLs, suggestURLs, bareSuggestURLs, uncachedSearchURLs, uncachedSuggestURLs []string
	for i := 0; i < 3; i++ {
		for _, q := range searchQueries {
			v := url.Values{"q": {q}, "page": {strconv.Itoa(1 + i)}}.Encode()
			searchURLs = append(searchURLs, ours+"/api/products/search?"+v)
			uncachedSearchURLs = append(uncachedSearchURLs, uncached+"/api/products/search?"+v)
			bareSearchURLs = append(bareSearchURLs, bare+"/bare/search?"+v)
		}
	}
	for _, q := range suggestQueries {
		v := url.Values{"q": {q}}.Encode()
		suggestURLs = append(suggestURLs, ours+"/api/products/suggest?"+v)
		uncachedSuggestURLs = append(uncachedSuggestURLs, uncached+"/api/products/suggest?"+v)
		bareSuggestURLs = append(bareSuggestURLs, bare+"/bare/suggest?"+v)
	}
	for _, urls := range [][]string{searchURLs, bareSearchURLs, suggestURLs, bareSuggestURLs} {
		for _, u := range urls {
			if !get(u) {
				return fmt.Errorf("GET %s failed", u)
			}
		}
	}
	db, err := postgres.Open(ctx, os.Getenv("DATABASE_URL"), 1)
	if err != nil {
		return err
	}
	defer db.Close()
	// One at a time first, while nothing else runs: each address once more than the checks.
	fmt.Println("one request at a time…")
	oneSearch50, oneSearch95 := oneAtATime(ctx, searchURLs, 4*len(searchURLs))
	oneBareSearch50, oneBareSearch95 := oneAtATime(ctx, bareSearchURLs, 4*len(bareSearchURLs))
	oneSuggest50, oneSuggest95 := oneAtATime(ctx, suggestURLs, 8*len(suggestURLs))
	oneBareSuggest50, oneBareSuggest95 := oneAtATime(ctx, bareSuggestURLs, 8*len(bareSuggestURLs))
	fmt.Println("warming up…")
	for _, urls := range [][]string{bareSearchURLs, searchURLs, bareSuggestURLs, suggestURLs} {
		latencies(ctx, urls, *rate, 2*time.Second)
		settle(ctx, db)
	}
	fmt.Printf("latency at %d req/s…\n", *rate)
	// Each run starts once the database has finished the statements of the run before it.
	run := func(urls []string) latencyResult {
		settle(ctx, db)
		return latencies(ctx, urls, *rate, *duration)
	}
	bareSearch := run(bareSearchURLs)
	search := run(searchURLs)
	bareSuggest := run(bareSuggestURLs)
	suggest := run(suggestURLs)
	uncachedSearch := run(uncachedSearchURLs)
	uncachedSuggest := run(uncachedSuggestURLs)

	t := table{title: fmt.Sprintf("Search and suggestions, %d products, %d req/s offered", *products, *rate)}
	t.addDuration(fmt.Sprintf("search p50 (%d queries: typos, synonyms, codes; pages 1–3)", len(searchQueries)), search.p50, bareSearch.p50, "", true)
	t.addDuration("search p95", search.p95, bareSearch.p95, "≤ 10 ms", search.p95 <= 10*time.Millisecond)
	t.addDuration("search p99", search.p99, bareSearch.p99, "", true)
	t.addDuration(fmt.Sprintf("suggestions p50 (%d prefixes as typed)", len(suggestQueries)), suggest.p50, bareSuggest.p50, "", true)
	t.addDuration("suggestions p95", suggest.p95, bareSuggest.p95, "≤ 5 ms", suggest.p95 <= 5*time.Millisecond)
	t.addDuration("search p95, no answers kept (LISTING_FRESH=0): every request searched anew", uncachedSearch.p95, bareSearch.p95, "", true)
	t.addDuration("suggestions p95, no answers kept (LISTING_FRESH=0)", uncachedSuggest.p95, bareSuggest.p95, "", true)
	t.addDuration("search p50, one request at a time (warm)", oneSearch50, oneBareSearch50, "", true)
	t.addDuration("search p95, one request at a time", oneSearch95, oneBareSearch95, "", true)
	t.addDuration("suggestions p50, one request at a time (warm)", oneSuggest50, oneBareSuggest50, "", true)
	t.addDuration("suggestions p95, one request at a time", oneSuggest95, oneBareSuggest95, "", true)
	t.note(fmt.Sprintf("failed requests: search %d, bare search %d, suggestions %d, bare suggestions %d, uncached search %d, uncached suggestions %d; achieved rate search %.0f, suggestions %.0f req/s",
		search.failed, bareSearch.failed, suggest.failed, bareSuggest.failed, uncachedSearch.failed, uncachedSuggest.failed, search.achieved, suggest.achieved))
	t.note("Our server keeps each answer for ListingFresh (5 s) while the catalog, its stock and the running sales are the same; the bench's 48 search and 12 suggestion addresses repeat every fraction of a second, so the goal rows are answered from memory after the first of each. The rows marked no answers kept are the same server with LISTING_FRESH=0, searching every request anew in PostgreSQL.")
	t.note("The reference is a bare Fiber+pgx handler running the same sqlc queries (the query's words, the ranked page, its sizes; the suggestions' products and sub-categories) with nothing else: no envelope, pricing, middleware or logging. Latency is measured open-loop; each run starts once the database has finished the statements of the run before (a reference that fell behind leaves its queries running after its clients gave up). One at a time: each address in turn, before the runs at the offered rate.")
	return t.write("search")
}

// bareSearch is the reference search: the same queries as catalog.Search, rows written as JSON.
func bareSearch(q *catalogdb.Queries) fiber.Handler {
	return func(c fiber.Ctx) error {
		page, _ := strconv.Atoi(c.Query("page", "1"))
		ctx, lower := c.Context(), strings.ToLower(strings.TrimSpace(c.Query("q")))
		terms, err := q.SearchTerms(ctx, catalog.SearchWords(lower))
		if err != nil {
			return err
		}
		code, end := catalog.SearchCode(lower)
		rows, err := q.SearchProducts(ctx, catalogdb.SearchProductsParams{Tsquery: catalog.SearchTSQuery(terms, false, " & "),
			Code: code, CodeEnd: end, Bound: catalog.SearchBound, PageSize: 12, PageOffset: int32((page - 1) * 12)})
		if err != nil {
			return err
		}
		ids := make([]string, len(rows))
		for i, r := range rows {
			ids[i] = r.ID
		}
		sizes, err := q.SizesOf(ctx, ids)
		if err != nil {
			return err
		}
		return c.JSON(fiber.Map{"items": rows, "sizes": sizes})
	}
}

// bareSuggest is the reference for suggestions: the same queries as catalog.Suggest.
func bareSuggest(q *catalogdb.Queries) fiber.Handler {
	return func(c fiber.Ctx) error {
		ctx, lower := c.Context(), strings.ToLower(strings.TrimSpace(c.Query("q")))
		terms, err := q.SearchTerms(ctx, catalog.SearchWords(lower))
		if err != nil {
			return err
		}
		tsquery := catalog.SearchTSQuery(terms, true, " & ")
		code, end := catalog.SearchCode(lower)
		products, err := q.SuggestProducts(ctx, catalogdb.SuggestProductsParams{Tsquery: tsquery, Code: code, CodeEnd: end, Size: 6})
		if err != nil {
			return err
		}
		subs, err := q.SuggestSubCategories(ctx, catalogdb.SuggestSubCategoriesParams{Tsquery: tsquery, Pattern: lower, Size: 4})
		if err != nil {
			return err
		}
		return c.JSON(fiber.Map{"products": products, "categories": subs})
	}
}
