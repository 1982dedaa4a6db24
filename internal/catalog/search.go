package catalog

import (
	"context"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"drape/internal/catalog/catalogdb"
	"drape/internal/shop"
)

// Search in PostgreSQL (issue 20; README "Search" has the measurements against bleve): a
// query's words become a tsquery in which each word may also be one of its synonyms
// (search_synonyms) or, when the shop uses no such word, the nearest words it does use
// (search_words: "shrt" → shirt). Matches are ranked within a bounded candidate set, by tier
// (the code itself, the name, the start of the code, the sub-category and colour, the
// description), then by full-text rank, then newest first.

const (
	// SearchBound caps each candidate list a search ranks: name matches, matches anywhere,
	// codes: 20 pages of 12 products (ranking cost grows with it: 480 took twice 120's time).
	SearchBound = 240
	// maxSearchLength is the longest query, in characters.
	maxSearchLength = 100
	// suggestedProducts and suggestedCategories are how many suggestions a keystroke gets.
	suggestedProducts   = 6
	suggestedCategories = 4
)

// codeLike is a query that may be a product code or its start: JF-MST-0020, jf-mst.
var codeLike = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]*)+$`)

// Suggestions is what the search box offers while a shopper types: a few products (the code
// first when the query is one) and the sub-categories whose name matches.
//
// When no product matches every word, Products are those matching any (Closest); when no
// sub-category matches, Categories are the most stocked ones (Popular): what a search that
// found nothing offers instead.
type Suggestions struct {
	Products   []SuggestedProduct  `json:"products"`
	Categories []SuggestedCategory `json:"categories"`
	Closest    bool                `json:"closest"`
	Popular    bool                `json:"popular"`
}

// SuggestedProduct is a product as a suggestion: enough to show and open it.
type SuggestedProduct struct {
	ID          string `json:"_id"`
	Code        string `json:"productId"`
	Name        string `json:"productName"`
	Slug        string `json:"slug"`
	Thumbnail   string `json:"thumbnail"`
	SubCategory string `json:"subCategory"`
}

// SuggestedCategory is a sub-category as a suggestion; its listing is /products/{categoryType}.
type SuggestedCategory struct {
	ID           string `json:"_id"`
	CategoryType string `json:"categoryType"`
	Category     string `json:"category"`
}

// searchQuery is a shopper's query made ready for the database.
type searchQuery struct {
	tsquery string // the words, their synonyms and corrections; '' when there are none
	anyWord string // tsquery matching any of the words rather than all
	code    string // the query lowercased when it may be a code, else ''
	codeEnd string // code followed by the highest character: the end of the codes starting with it
	pattern string // the query lowercased as a LIKE substring
}

// Search finds products for query, best first: a product code exactly, then names, then the
// start of a code, then sub-categories and colours, then descriptions; words are also found
// by their synonyms and, misspelt, by the shop's nearest words ("oxfrod" finds oxford). The
// total counts the ranked candidates (at most SearchBound a list). Errors: Invalid for an empty or
// overlong query.
//
// An answer is kept like a listing page (fresh for ListingFresh, then served while it is ranked
// again, up to ListingUsable) while the catalog, its stock (as the listing cache's change count
// follows them) and the running sales are the same, so the same query meanwhile is not ranked
// again. The page is shared: do not modify it.
func (s *Service) Search(ctx context.Context, query string, page shop.Page) (ProductPage, error) {
	lower, err := cleanQuery(query)
	if err != nil {
		return ProductPage{}, err
	}
	generation, _ := s.listings.changes()
	key := answerKey(strconv.FormatUint(generation, 10), strconv.FormatUint(s.sales.PricingVersion(), 10), lower, strconv.Itoa(page.Number), strconv.Itoa(page.Size))
	return s.searches.get(key, s.listings.fresh, s.listings.usable, func() (ProductPage, error) {
		return s.search(context.WithoutCancel(ctx), lower, page)
	})
}

func (s *Service) search(ctx context.Context, lower string, page shop.Page) (ProductPage, error) {
	sq, err := s.prepareSearch(ctx, lower, false)
	if err != nil {
		return ProductPage{}, err
	}
	if sq.tsquery == "" && sq.code == "" {
		return s.page(ctx, nil, 0, page)
	}
	r, err := s.reads.q.SearchProducts(ctx, catalogdb.SearchProductsParams{Tsquery: sq.tsquery, Code: sq.code, CodeEnd: sq.codeEnd,
		Bound: SearchBound, PageSize: int32(page.Size), PageOffset: int32(page.Offset())})
	if err != nil {
		return ProductPage{}, err
	}
	var total int64
	if len(r) > 0 {
		total = r[0].Total
	}
	rows := convertRows(r, func(x catalogdb.SearchProductsRow) productRow {
		return productRow{ID: x.ID, Code: x.Code, Name: x.Name, Gender: x.Gender, Status: x.Status, SubCategoryID: x.SubCategoryID,
			Price: x.Price, Discount: x.Discount, Colour: x.Colour, Thumbnail: x.Thumbnail, Images: x.Images,
			BasicDescription: x.BasicDescription, ReturnDescription: x.ReturnDescription, SizeChart: x.SizeChart, Fit: x.Fit,
			LengthCm: x.LengthCm, WidthCm: x.WidthCm, HeightCm: x.HeightCm, WeightGrams: x.WeightGrams, CreatedAt: x.CreatedAt,
			CategoryType: x.CategoryType, CategoryID: x.CategoryID, CategoryName: x.CategoryName, Slug: x.Slug}
	})
	return s.page(ctx, rows, total, page)
}

// FilteredSearch is Search's matches narrowed and ordered by f as a listing's are
// (FilteredProducts), with the facets of the matches: by relevance unless f sorts them, among
// the same bounded candidates (their total counts the candidates kept). Answers are kept as
// FilteredProducts's are. Errors: Invalid for an empty or overlong query, Unavailable when the
// database is.
func (s *Service) FilteredSearch(ctx context.Context, query string, f Filter, page shop.Page) (FilteredPage, error) {
	lower, err := cleanQuery(query)
	if err != nil {
		return FilteredPage{}, err
	}
	return s.filtered(ctx, "q"+lower, f, page, func(ctx context.Context, idx *filterIndex, pr *indexPricing) ([]facetRow, bool, error) {
		ids, err := s.searchIDs(ctx, lower)
		if err != nil {
			return nil, false, err
		}
		positions := make([]int32, 0, len(ids))
		for _, id := range ids {
			if i, ok := idx.positions[id]; ok {
				positions = append(positions, i)
			}
		}
		if f.Sort != "" {
			idx.sortBy(positions, f.Sort, pr)
		}
		return idx.rows(positions, pr), true, nil
	})
}

// searchIDs is the ids of every ranked candidate of the query (cleanQuery's), best first.
func (s *Service) searchIDs(ctx context.Context, lower string) ([]string, error) {
	sq, err := s.prepareSearch(ctx, lower, false)
	if err != nil || sq.tsquery == "" && sq.code == "" {
		return nil, err
	}
	r, err := s.reads.q.SearchProducts(ctx, catalogdb.SearchProductsParams{Tsquery: sq.tsquery, Code: sq.code, CodeEnd: sq.codeEnd,
		Bound: SearchBound, PageSize: 3 * SearchBound, PageOffset: 0})
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(r))
	for i, x := range r {
		ids[i] = x.ID
	}
	return ids, nil
}

// Suggest is what the search box offers for query as it is typed: up to 6 products (a code
// starting with the query first, then names, the last word taken as the start of a word) and
// up to 4 sub-categories. Errors: Invalid for an empty or overlong query.
// Suggestions are kept like search answers (they carry no price or stock, so only the
// catalog's changes renew them). The answer is shared: do not modify it.
func (s *Service) Suggest(ctx context.Context, query string) (Suggestions, error) {
	lower, err := cleanQuery(query)
	if err != nil {
		return Suggestions{Products: []SuggestedProduct{}, Categories: []SuggestedCategory{}}, err
	}
	generation, _ := s.listings.changes()
	key := answerKey(strconv.FormatUint(generation, 10), lower)
	return s.suggestions.get(key, s.listings.fresh, s.listings.usable, func() (Suggestions, error) {
		return s.suggest(context.WithoutCancel(ctx), lower)
	})
}

func (s *Service) suggest(ctx context.Context, lower string) (Suggestions, error) {
	out := Suggestions{Products: []SuggestedProduct{}, Categories: []SuggestedCategory{}}
	sq, err := s.prepareSearch(ctx, lower, true)
	if err != nil {
		return out, err
	}
	if sq.tsquery == "" && sq.code == "" {
		return out, nil
	}
	products, err := s.reads.q.SuggestProducts(ctx, catalogdb.SuggestProductsParams{Tsquery: sq.tsquery, Code: sq.code, CodeEnd: sq.codeEnd, Size: suggestedProducts})
	if err != nil {
		return out, err
	}
	if len(products) == 0 && sq.anyWord != sq.tsquery {
		out.Closest = true
		if products, err = s.reads.q.SuggestProducts(ctx, catalogdb.SuggestProductsParams{Tsquery: sq.anyWord, Size: suggestedProducts}); err != nil {
			return out, err
		}
	}
	for _, p := range products {
		out.Products = append(out.Products, SuggestedProduct{ID: p.ID, Code: p.Code, Name: p.Name, Slug: p.Slug,
			Thumbnail: uploadPath("products", p.Thumbnail), SubCategory: p.CategoryType})
	}
	subs, err := s.reads.q.SuggestSubCategories(ctx, catalogdb.SuggestSubCategoriesParams{Tsquery: sq.tsquery, Pattern: sq.pattern, Size: suggestedCategories})
	if err != nil {
		return out, err
	}
	for _, c := range subs {
		out.Categories = append(out.Categories, SuggestedCategory{ID: c.ID, CategoryType: c.CategoryType, Category: c.CategoryName})
	}
	if len(out.Products) == 0 && len(out.Categories) == 0 {
		out.Popular = true
		out.Categories, err = s.PopularCategories(ctx, suggestedCategories)
	}
	return out, err
}

// PopularCategories is the sub-categories with the most products on show, n at most: what a
// search that found nothing offers instead.
func (s *Service) PopularCategories(ctx context.Context, n int) ([]SuggestedCategory, error) {
	rows, err := s.store.q.PopularSubCategories(ctx, int32(n))
	if err != nil {
		return nil, err
	}
	out := make([]SuggestedCategory, len(rows))
	for i, c := range rows {
		out[i] = SuggestedCategory{ID: c.ID, CategoryType: c.CategoryType, Category: c.CategoryName}
	}
	return out, nil
}

// cleanQuery is query trimmed and lowercased. Errors: Invalid for an empty or overlong query.
func cleanQuery(query string) (string, error) {
	query = strings.TrimSpace(query)
	if query == "" {
		return "", &shop.Error{Kind: shop.Invalid, Message: "Type something to search for", Fields: map[string]string{"q": "q is required"}}
	}
	if utf8.RuneCountInString(query) > maxSearchLength {
		return "", &shop.Error{Kind: shop.Invalid, Message: "Search for at most 100 characters", Fields: map[string]string{"q": "q must be at most 100 characters"}}
	}
	return strings.ToLower(query), nil
}

// prepareSearch turns a query (cleanQuery's) into a searchQuery: each word with its synonyms
// and, for a word the shop doesn't use, its nearest words (within one edit for words up to 5
// letters, two beyond). prefix takes the last word as the start of a word (typing).
func (s *Service) prepareSearch(ctx context.Context, lower string, prefix bool) (searchQuery, error) {
	sq := searchQuery{pattern: likePattern(lower)}
	sq.code, sq.codeEnd = SearchCode(lower)
	words := SearchWords(lower)
	if len(words) == 0 {
		return sq, nil
	}
	terms, err := s.searchTerms(ctx, words)
	if err != nil {
		return searchQuery{}, err
	}
	sq.tsquery, sq.anyWord = SearchTSQuery(terms, prefix, " & "), SearchTSQuery(terms, prefix, " | ")
	return sq, nil
}

// searchTerms keeps what each word typed means (SearchTerms: the shop's use of it, its synonyms,
// its nearest words) for one change count of the listing cache: the words of names,
// sub-categories and colours change with the catalog, which any change, this server's or
// announced, starts anew.
type searchTerms struct {
	mu         sync.Mutex
	generation uint64
	byWord     map[string]catalogdb.SearchTermsRow
}

// searchTermsMax bounds the words kept: past it they are forgotten and kept anew.
const searchTermsMax = 20_000

// searchTerms is what each of words means, in their order: kept, or read in one query for the
// words not kept.
func (s *Service) searchTerms(ctx context.Context, words []string) ([]catalogdb.SearchTermsRow, error) {
	if s.listings.fresh <= 0 {
		return s.reads.q.SearchTerms(ctx, words)
	}
	generation, _ := s.listings.changes()
	kept := &s.terms
	out := make([]catalogdb.SearchTermsRow, len(words))
	var missing []string
	kept.mu.Lock()
	if kept.generation != generation || kept.byWord == nil || len(kept.byWord) >= searchTermsMax {
		kept.generation, kept.byWord = generation, map[string]catalogdb.SearchTermsRow{}
	}
	for i, w := range words {
		if t, ok := kept.byWord[w]; ok {
			out[i] = t
		} else if !slices.Contains(missing, w) {
			missing = append(missing, w)
		}
	}
	kept.mu.Unlock()
	if len(missing) == 0 {
		return out, nil
	}
	rows, err := s.reads.q.SearchTerms(ctx, missing)
	if err != nil {
		return nil, err
	}
	read := make(map[string]catalogdb.SearchTermsRow, len(rows))
	for _, r := range rows {
		read[r.Term] = r
	}
	kept.mu.Lock()
	if kept.generation == generation {
		maps.Copy(kept.byWord, read)
	}
	kept.mu.Unlock()
	for i, w := range words {
		if t, ok := read[w]; ok {
			out[i] = t
		} else if out[i].Term == "" {
			out[i] = catalogdb.SearchTermsRow{Term: w}
		}
	}
	return out, nil
}

// SearchCode is a lowercased query as a product code's start, with the end of the range of
// codes starting with it, when it may be one (JF-MST-0020, jf-mst); else empty strings.
func SearchCode(lower string) (code, end string) {
	if !codeLike.MatchString(lower) {
		return "", ""
	}
	return lower, lower + "\U0010FFFF"
}

// SearchTSQuery is the tsquery for a query's words as SearchTerms described them: each word
// or one of its synonyms or corrections, joined by join (" & " every word, " | " any). prefix
// takes the last word as the start of a word (typing).
func SearchTSQuery(terms []catalogdb.SearchTermsRow, prefix bool, join string) string {
	groups := make([]string, 0, len(terms))
	for i, t := range terms {
		alternatives := []string{t.Term}
		if prefix && i == len(terms)-1 {
			alternatives[0] += ":*"
		}
		alternatives = append(alternatives, t.Synonyms...)
		alternatives = append(alternatives, corrections(t.Term, t.Nearest)...)
		groups = append(groups, "("+strings.Join(alternatives, " | ")+")")
	}
	return strings.Join(groups, join)
}

// SearchWords is the words of a lowercased query: runs of letters and digits, at most 8.
// Nothing else reaches a tsquery, so its operators cannot be typed in.
func SearchWords(query string) []string {
	words := strings.FieldsFunc(query, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') })
	if len(words) > 8 {
		words = words[:8]
	}
	return words
}

// corrections is those of nearest (the shop's words closest to word by trigrams) that are the
// fewest edits from word, when that is at most one edit for words up to 5 letters and two
// beyond: "shrt" → shirt, "oxfrod" → oxford (a swap of two letters is one edit).
func corrections(word string, nearest []string) []string {
	limit := 1
	if len(word) > 5 {
		limit = 2
	}
	best, out := limit+1, []string(nil)
	for _, n := range nearest {
		switch d := editDistance(word, n); {
		case d < best:
			best, out = d, []string{n}
		case d == best:
			out = append(out, n)
		}
	}
	return out
}

// editDistance is the optimal string alignment distance between a and b (ASCII): insertions,
// deletions, substitutions and swaps of neighbouring letters each count one.
func editDistance(a, b string) int {
	rows := make([][]int, len(a)+1)
	for i := range rows {
		rows[i] = make([]int, len(b)+1)
		rows[i][0] = i
	}
	for j := range rows[0] {
		rows[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			rows[i][j] = min(rows[i-1][j]+1, rows[i][j-1]+1, rows[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				rows[i][j] = min(rows[i][j], rows[i-2][j-2]+1)
			}
		}
	}
	return rows[len(a)][len(b)]
}
