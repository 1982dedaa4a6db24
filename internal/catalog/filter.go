package catalog

import (
	"cmp"
	"context"
	"math/bits"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"

	"drape/internal/catalog/catalogdb"
	"drape/internal/pricing"
	"drape/internal/shop"
)

// Filter narrows and orders a listing: sizes in stock, colours, fits and price bands (any of
// the values chosen within each, all of the kinds chosen), on sale only, and the sort. The
// zero value is the listing as it is, newest first.
type Filter struct {
	Sizes   []string    // sizes as the products name them ("M", "32"): any of them in stock
	Colours []string    // colour values (FacetValue.Value: "light-blue")
	Fits    []string    // fit values ("slim-fit")
	Prices  []PriceBand // on the price the shopper pays
	OnSale  bool        // only products sold below their list price
	Sort    string      // one of Sorts; "" is SortNewest
}

// PriceBand is a range of the price the shopper pays, whole rupees, both ends included; an
// open band (Open) has no upper end.
type PriceBand struct {
	Min, Max int64 // rupees
	Open     bool
}

// Sorts a filtered listing takes. Ties are broken newest first, then by id.
const (
	SortNewest      = "newest"
	SortPriceAsc    = "price_asc"  // the price the shopper pays, lowest first
	SortPriceDesc   = "price_desc" // the price the shopper pays, highest first
	SortDiscount    = "discount"   // the biggest saving on the list price, in percent, first
	SortBestSelling = "bestselling"
)

// Sorts is every sort, in the order a shopper is offered them.
var Sorts = []string{SortNewest, SortPriceAsc, SortPriceDesc, SortDiscount, SortBestSelling}

// PriceBands are the price facet's bands.
var PriceBands = []PriceBand{{0, 999, false}, {1000, 1999, false}, {2000, 2999, false}, {3000, 4999, false}, {5000, 9999, false}, {10000, 0, true}}

// FilterParams are the query parameters a filter is read from (ParseFilter).
var FilterParams = []string{"size", "color", "fit", "price", "onsale", "sort"}

// FacetValue is one value a shopper may choose in a facet and how many products of the listing
// have it under the other facets' choices.
type FacetValue struct {
	Value string `json:"value"`
	Label string `json:"label"`
	Count int    `json:"count"`
}

// Facets are a filtered listing's facets, each with the values found in the listing: a value's
// count follows the choices in every other facet, not its own (disjunctive faceting), so a
// shopper sees how many products each further choice would add.
type Facets struct {
	Size   []FacetValue `json:"size"`
	Color  []FacetValue `json:"color"`
	Fit    []FacetValue `json:"fit"`
	Price  []FacetValue `json:"price"`
	OnSale []FacetValue `json:"onsale"`
}

// FilteredPage is one page of a filtered listing and its facets.
type FilteredPage struct {
	ProductPage
	Facets Facets
}

const maxFilterValues = 20

var facetValuePattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
var priceBandPattern = regexp.MustCompile(`^([0-9]{1,7})-([0-9]{0,7})$`)

// ParseFilter reads a filter from query parameters (FilterParams), each value repeated or
// comma-separated: size=M&size=L or size=M,L; color and fit take facet values (light-blue),
// price takes bands of rupees (0-1999, 5000-), onsale takes 1, sort one of Sorts. Errors:
// Invalid naming each parameter that is wrong.
func ParseFilter(query func(name string) []string) (Filter, error) {
	var f Filter
	p := shop.Problems{}
	values := func(name string) []string {
		var out []string
		for _, v := range query(name) {
			for _, part := range strings.Split(v, ",") {
				if part = strings.TrimSpace(part); part != "" && !slices.Contains(out, part) {
					out = append(out, part)
				}
			}
		}
		p.Check(len(out) > maxFilterValues, name, name+" takes at most "+strconv.Itoa(maxFilterValues)+" values")
		return out
	}
	f.Sizes = values("size")
	for _, sz := range f.Sizes {
		p.Check(len(sz) > 20 || hasControl(sz), "size", "size must be a size name, such as M or 32")
	}
	f.Colours = values("color")
	for _, c := range f.Colours {
		p.Check(!facetValuePattern.MatchString(c), "color", "color must be a colour value, such as light-blue")
	}
	f.Fits = values("fit")
	for _, c := range f.Fits {
		p.Check(!facetValuePattern.MatchString(c), "fit", "fit must be a fit value, such as slim-fit")
	}
	for _, v := range values("price") {
		m := priceBandPattern.FindStringSubmatch(v)
		if m == nil {
			p.Add("price", "price must be a band of whole rupees, such as 1000-1999 or 5000-")
			continue
		}
		band := PriceBand{Open: m[2] == ""}
		band.Min, _ = strconv.ParseInt(m[1], 10, 64)
		if !band.Open {
			band.Max, _ = strconv.ParseInt(m[2], 10, 64)
		}
		if !band.Open && band.Max < band.Min {
			p.Add("price", "price must be a band from the lower to the higher price, such as 1000-1999")
			continue
		}
		f.Prices = append(f.Prices, band)
	}
	switch onSale := values("onsale"); {
	case len(onSale) == 0:
	case len(onSale) == 1 && onSale[0] == "1":
		f.OnSale = true
	default:
		p.Add("onsale", "onsale must be 1")
	}
	switch sort := values("sort"); {
	case len(sort) == 0:
	case len(sort) == 1 && slices.Contains(Sorts, sort[0]):
		f.Sort = sort[0]
	default:
		p.Add("sort", "sort must be one of "+strings.Join(Sorts, ", "))
	}
	if err := p.Err(); err != nil {
		return Filter{}, err
	}
	return f, nil
}

// String is the band as the price parameter writes it: 1000-1999, 10000-.
func (b PriceBand) String() string {
	if b.Open {
		return strconv.FormatInt(b.Min, 10) + "-"
	}
	return strconv.FormatInt(b.Min, 10) + "-" + strconv.FormatInt(b.Max, 10)
}

func (b PriceBand) label() string {
	switch {
	case b.Open:
		return shop.Rupees(b.Min).String() + " and above"
	case b.Min == 0:
		return "Under " + shop.Rupees(b.Max+1).String()
	}
	return shop.Rupees(b.Min).String() + " – " + shop.Rupees(b.Max).String()
}

func (b PriceBand) holds(price shop.Money) bool {
	return price >= shop.Rupees(b.Min) && (b.Open || price <= shop.Rupees(b.Max))
}

// FilteredProducts is one page of the listing l narrowed and ordered by f, with its facets,
// computed from the filter index: every visible product's listing, colour, fit, sizes in stock,
// units sold and price (priced by package pricing against the running sales, as listings are).
// The index is read from the database once and kept like listing pages: this server's own
// changes show at once, other servers' on the next request after they are announced (served
// from the previous index meanwhile), and it is read again in the background every 30 s. An
// answer is kept like a listing page (fresh for ListingFresh, then served while it is computed
// again) while the index, the running sales and the listing cache's changes are the same: an
// identical request meanwhile gets it; any change, this server's or announced, makes the next
// one compute it anew. An
// unknown sub-category or category is an empty listing. The page is shared: do not modify it.
// Errors: Unavailable when the database is.
func (s *Service) FilteredProducts(ctx context.Context, l Listing, f Filter, page shop.Page) (FilteredPage, error) {
	return s.filtered(ctx, "l"+l.key(0, 0), f, page, func(ctx context.Context, idx *filterIndex, pr *indexPricing) ([]facetRow, bool, error) {
		cats, err := s.Categories(ctx)
		if err != nil {
			return nil, false, err
		}
		members, ok := idx.members(l, cats)
		if !ok {
			return nil, false, nil
		}
		return idx.ordered(l.key(0, 0), members, f.Sort, pr), true, nil
	})
}

// filtered answers a filtered page of the listing whose members (in f's order) members finds,
// from the answers kept under key or computed now.
func (s *Service) filtered(ctx context.Context, key string, f Filter, page shop.Page,
	members func(ctx context.Context, idx *filterIndex, pr *indexPricing) ([]facetRow, bool, error)) (FilteredPage, error) {
	generation, _ := s.listings.changes()
	idx, err := s.filterIndex(ctx)
	if err != nil {
		return FilteredPage{}, err
	}
	pr, err := s.indexPrices(ctx, idx)
	if err != nil {
		return FilteredPage{}, err
	}
	key = answerKey(strconv.FormatUint(generation, 10), strconv.FormatUint(pr.version, 10), key, f.key(), strconv.Itoa(page.Number), strconv.Itoa(page.Size))
	return idx.answers.get(key, s.listings.fresh, s.listings.usable, func() (FilteredPage, error) {
		ctx := context.WithoutCancel(ctx)
		order, ok, err := members(ctx, idx, pr)
		if err != nil {
			return FilteredPage{}, err
		}
		if !ok {
			return FilteredPage{ProductPage: emptyPage(page), Facets: emptyFacets()}, nil
		}
		ids, total, facets := idx.filter(order, idx.compile(f), page.Offset(), page.Size)
		products, err := s.cardsOf(ctx, idx.cards, generation, ids)
		if err != nil {
			return FilteredPage{}, err
		}
		return FilteredPage{
			ProductPage: ProductPage{Items: products, Total: int64(total), Page: page.Number, PageSize: page.Size, TotalPages: shop.TotalPages(int64(total), page.Size)},
			Facets:      facets,
		}, nil
	})
}

// key identifies f among filters: the same key, the same answer.
func (f Filter) key() string {
	var b strings.Builder
	for _, part := range [][]string{f.Sizes, f.Colours, f.Fits} {
		b.WriteString(strings.Join(part, ","))
		b.WriteByte('|')
	}
	for _, band := range f.Prices {
		b.WriteString(band.String())
		b.WriteByte(',')
	}
	b.WriteByte('|')
	b.WriteString(strconv.FormatBool(f.OnSale))
	b.WriteByte('|')
	b.WriteString(f.Sort)
	return b.String()
}

func emptyFacets() Facets {
	return Facets{Size: []FacetValue{}, Color: []FacetValue{}, Fit: []FacetValue{}, Price: []FacetValue{}, OnSale: []FacetValue{}}
}

// listingMembers is which products listing l shows, as the listing queries choose them; false
// when it names a sub-category or category the shop does not have.
func listingMembers(l Listing, cats []Category) (func(e *indexEntry) bool, bool) {
	if l.CategoryName != "" {
		i := slices.IndexFunc(cats, func(c Category) bool { return strings.EqualFold(c.Name, l.CategoryName) })
		if i < 0 {
			return nil, false
		}
		l.CategoryID = cats[i].ID
	}
	switch {
	case l.SubCategoryType != "":
		l.SubCategoryIDs = nil
		for _, c := range cats {
			for _, sc := range c.SubCategories {
				if strings.EqualFold(sc.CategoryType, l.SubCategoryType) {
					l.SubCategoryIDs = append(l.SubCategoryIDs, sc.ID)
				}
			}
		}
		if len(l.SubCategoryIDs) == 0 {
			return nil, false
		}
	case len(l.SubCategoryIDs) == 0 && l.CategoryID != "":
		for _, c := range cats {
			if c.ID == l.CategoryID {
				for _, sc := range c.SubCategories {
					l.SubCategoryIDs = append(l.SubCategoryIDs, sc.ID)
				}
			}
		}
		if len(l.SubCategoryIDs) == 0 {
			return nil, false
		}
	}
	switch {
	case len(l.SubCategoryIDs) > 0:
		return func(e *indexEntry) bool {
			return slices.Contains(l.SubCategoryIDs, e.subCategoryID) && (l.Gender == "" || e.gender == l.Gender)
		}, true
	case l.BestSellers:
		return func(e *indexEntry) bool { return e.status == StatusBestSeller }, true
	case l.Gender != "":
		return func(e *indexEntry) bool { return e.gender == l.Gender }, true
	}
	return func(*indexEntry) bool { return true }, true
}

// filterIndex is every visible product as filters, facets and sorts read it. Its entries are
// shared and never modified once built; what is derived from them (each listing's members,
// their orders under each sort, the answers) is kept beside them, found once.
type filterIndex struct {
	generation, clears uint64 // the listing cache's, when it was read
	readAt             time.Time
	entries            []indexEntry
	positions          map[string]int32 // product id → its entry
	sizes              facetNames       // the sizes in stock, by the entries' size numbers
	colours, fits      facetNames       // the colours and fits, by the entries' numbers
	priced             atomic.Pointer[indexPricing]
	pricedMu           sync.Mutex
	listings           sync.Map // Listing.key → []int32: the positions of the listing's entries, newest first
	orders             sync.Map // listing, sort and pricing version → []facetRow: a listing in a sort's order
	answers            answers[FilteredPage]
	cards              *productCards // the products its pages have shown
}

type indexEntry struct {
	id, gender, status        string
	subCategoryID, categoryID string
	colour, fit               int32   // numbers in the index's colours and fits; -1 for none
	sizes                     []int32 // numbers in the index's sizes, of the sizes in stock
	list                      shop.Money
	discount                  int
	createdAt                 time.Time
	newest                    int32 // its place among all entries newest first (ties by id): 0 is the newest
	sold                      int64
}

// facetNames are a facet's values, numbered in the order they were met, with their labels and
// the order the facet lists them in.
type facetNames struct {
	values, labels []string
	numbers        map[string]int32
	listed         []int32 // every number, in the order the facet lists its values
}

// number is the number of value (labelled label), given it when it is new; -1 for "".
func (n *facetNames) number(value, label string) int32 {
	if value == "" {
		return -1
	}
	if i, ok := n.numbers[value]; ok {
		return i
	}
	if n.numbers == nil {
		n.numbers = map[string]int32{}
	}
	i := int32(len(n.values))
	n.numbers[value] = i
	n.values, n.labels = append(n.values, value), append(n.labels, label)
	return i
}

// list orders the facet's values by cmp for listing.
func (n *facetNames) list(by func(a, b int32) int) {
	n.listed = make([]int32, len(n.values))
	for i := range n.listed {
		n.listed[i] = int32(i)
	}
	slices.SortFunc(n.listed, by)
}

// members is the positions of the entries listing l shows, newest first, found once per index;
// false when l names a sub-category or category the shop does not have.
func (idx *filterIndex) members(l Listing, cats []Category) ([]int32, bool) {
	key := l.key(0, 0)
	if v, ok := idx.listings.Load(key); ok {
		return v.([]int32), true
	}
	in, ok := listingMembers(l, cats)
	if !ok {
		return nil, false // not kept: unknown names are the shopper's to make up
	}
	members := []int32{}
	for i := range idx.entries {
		if in(&idx.entries[i]) {
			members = append(members, int32(i))
		}
	}
	idx.sortBy(members, SortNewest, nil)
	idx.listings.Store(key, members)
	return members, true
}

// ordered is the rows of members (of the listing keyed listing, newest first) in the order of
// sort, under the pricing pr: found once per index and pricing version.
func (idx *filterIndex) ordered(listing string, members []int32, sort string, pr *indexPricing) []facetRow {
	key := listing + "\x00" + sort + "\x00" + strconv.FormatUint(pr.version, 10)
	if v, ok := idx.orders.Load(key); ok {
		return v.([]facetRow)
	}
	order := members
	if sort != "" && sort != SortNewest {
		order = slices.Clone(members)
		idx.sortBy(order, sort, pr)
	}
	rows := idx.rows(order, pr)
	idx.orders.Store(key, rows)
	return rows
}

// facetRow is what filtering and counting read of an entry, small and kept in the order of a
// listing's sort so that a filtered request reads memory in sequence.
type facetRow struct {
	unit        shop.Money
	position    int32
	sizes       uint64 // bit n: size number n in stock; bit 63 also for every number from 63 on
	colour, fit int16  // -1 for none
	band        int8   // the PriceBands holding unit, -1 for none
	sale        bool   // sold below its list price
}

// overflowSize is the bit of sizes numbered from it on, which the entry's own list then decides.
const overflowSize = 63

// rows is the facet rows of positions, in their order, under the pricing pr.
func (idx *filterIndex) rows(positions []int32, pr *indexPricing) []facetRow {
	rows := make([]facetRow, len(positions))
	for k, i := range positions {
		e := &idx.entries[i]
		r := facetRow{unit: pr.unit[i], position: i, colour: int16(e.colour), fit: int16(e.fit), band: pr.band[i], sale: pr.unit[i] < e.list}
		for _, sz := range e.sizes {
			r.sizes |= 1 << min(sz, overflowSize)
		}
		rows[k] = r
	}
	return rows
}

// indexPricing is the price the shopper pays for each entry, at one pricing version, and the
// price band (PriceBands) holding it, -1 for none.
type indexPricing struct {
	version uint64
	unit    []shop.Money
	band    []int8
}

// indexFresh is how long an index answers before it is read again in the background when no
// change was announced meanwhile: what is not announced (a size's stock above LowStock, units
// sold) changes no filter's answer but a count or the best-selling order, and reading 50,000
// products takes seconds of a busy database.
const indexFresh = 30 * time.Second

// filterIndexes keeps the service's filter index.
type filterIndexes struct {
	group      singleflight.Group
	mu         sync.Mutex
	current    *filterIndex
	refreshing bool
}

// filterIndex is the index to answer from: the kept one while it is fresh; the kept one while a
// new one is read in the background when another server's change or age made it stale (up to
// ListingUsable); else one read now.
func (s *Service) filterIndex(ctx context.Context) (*filterIndex, error) {
	generation, clears := s.listings.changes()
	s.indexes.mu.Lock()
	idx := s.indexes.current
	if idx != nil && idx.clears == clears && s.listings.fresh > 0 {
		age := time.Since(idx.readAt)
		if idx.generation == generation && age < indexFresh {
			s.indexes.mu.Unlock()
			return idx, nil
		}
		if age < s.listings.usable {
			if !s.indexes.refreshing {
				s.indexes.refreshing = true
				go func() { _, _ = s.readFilterIndex(context.WithoutCancel(ctx)) }() // a failed read keeps the index it has
			}
			s.indexes.mu.Unlock()
			return idx, nil
		}
	}
	s.indexes.mu.Unlock()
	return s.readFilterIndex(context.WithoutCancel(ctx))
}

// readFilterIndex reads the index once for all who ask at the same time and keeps it.
func (s *Service) readFilterIndex(ctx context.Context) (*filterIndex, error) {
	v, err, _ := s.indexes.group.Do("", func() (any, error) {
		generation, clears := s.listings.changes()
		idx, err := s.buildFilterIndex(ctx)
		s.indexes.mu.Lock()
		defer s.indexes.mu.Unlock()
		s.indexes.refreshing = false
		if err != nil {
			return nil, err
		}
		idx.generation, idx.clears = generation, clears
		idx.cards = &productCards{}
		if old := s.indexes.current; old != nil && old.generation == generation {
			idx.cards = old.cards // nothing announced since: the products shown stay as they were read
		}
		s.indexes.current = idx
		return idx, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*filterIndex), nil
}

func (s *Service) buildFilterIndex(ctx context.Context) (*filterIndex, error) {
	readAt := time.Now()
	rows, err := s.reads.q.FilterIndexRows(ctx)
	if err != nil {
		return nil, err
	}
	return indexOf(rows, readAt), nil
}

// indexOf is the filter index of rows, read at readAt. A colour's or fit's facet value is the
// field in hyphenated lower case ("Light Blue" is light-blue), its label the field as first met.
func indexOf(rows []catalogdb.FilterIndexRowsRow, readAt time.Time) *filterIndex {
	idx := &filterIndex{readAt: readAt, entries: make([]indexEntry, len(rows)), positions: make(map[string]int32, len(rows))}
	for i, r := range rows {
		e := indexEntry{
			id: r.ID, gender: r.Gender, status: r.Status, subCategoryID: r.SubCategoryID, categoryID: r.CategoryID,
			colour: idx.colours.number(hyphenated(r.Colour), strings.TrimSpace(r.Colour)),
			fit:    idx.fits.number(hyphenated(r.Fit), strings.TrimSpace(r.Fit)),
			sizes:  make([]int32, 0, len(r.SizesInStock)),
			list:   shop.Money(r.Price), discount: int(r.Discount), createdAt: r.CreatedAt, sold: r.Sold,
		}
		for _, sz := range r.SizesInStock {
			if n := idx.sizes.number(sz, sz); !slices.Contains(e.sizes, n) {
				e.sizes = append(e.sizes, n)
			}
		}
		idx.entries[i] = e
		idx.positions[r.ID] = int32(i)
	}
	byNewest := make([]int32, len(idx.entries))
	for i := range byNewest {
		byNewest[i] = int32(i)
	}
	slices.SortFunc(byNewest, func(a, b int32) int {
		ea, eb := &idx.entries[a], &idx.entries[b]
		return cmp.Or(eb.createdAt.Compare(ea.createdAt), cmp.Compare(eb.id, ea.id))
	})
	for place, i := range byNewest {
		idx.entries[i].newest = int32(place)
	}
	idx.sizes.list(func(a, b int32) int { return compareSizes(idx.sizes.values[a], idx.sizes.values[b]) })
	byLabel := func(n *facetNames) func(a, b int32) int {
		return func(a, b int32) int {
			return cmp.Or(cmp.Compare(n.labels[a], n.labels[b]), cmp.Compare(n.values[a], n.values[b]))
		}
	}
	idx.colours.list(byLabel(&idx.colours))
	idx.fits.list(byLabel(&idx.fits))
	return idx
}

// indexPrices is the price the shopper pays for each of idx's entries under the running sales,
// by pricing.Price as every listing is priced; computed once per pricing version.
func (s *Service) indexPrices(ctx context.Context, idx *filterIndex) (*indexPricing, error) {
	version := s.sales.PricingVersion()
	if pr := idx.priced.Load(); pr != nil && pr.version == version {
		return pr, nil
	}
	idx.pricedMu.Lock()
	defer idx.pricedMu.Unlock()
	if pr := idx.priced.Load(); pr != nil && pr.version == version {
		return pr, nil
	}
	sales, err := s.sales.PricingSales(ctx)
	if err != nil {
		return nil, err
	}
	pr := idx.pricesUnder(sales)
	pr.version = version
	idx.priced.Store(pr)
	return pr, nil
}

// pricesUnder is the price the shopper pays for each entry under sales, and its band.
func (idx *filterIndex) pricesUnder(sales []pricing.Sale) *indexPricing {
	pr := &indexPricing{unit: make([]shop.Money, len(idx.entries)), band: make([]int8, len(idx.entries))}
	for i, e := range idx.entries {
		unit := pricing.Price(pricing.Item{Price: e.list, Discount: e.discount, Gender: e.gender, CategoryID: e.categoryID, SubCategoryID: e.subCategoryID}, sales).Unit
		pr.unit[i], pr.band[i] = unit, -1
		for b, band := range PriceBands {
			if band.holds(unit) {
				pr.band[i] = int8(b)
				break
			}
		}
	}
	return pr
}

// The facets, as bits: an entry's match of each.
const (
	facetSize = 1 << iota
	facetColour
	facetFit
	facetPrice
	facetOnSale
	allFacets = facetSize | facetColour | facetFit | facetPrice | facetOnSale
)

// compiledFilter is a filter as the index reads it: which numbered sizes (as bits, and by
// number), colours and fits it takes (nil for any).
type compiledFilter struct {
	sizes                    uint64
	sizeNames, colours, fits []bool
	prices                   []PriceBand
	onSale                   bool
}

// compile is f against idx's numbers: a value the index does not have is taken by no entry.
func (idx *filterIndex) compile(f Filter) compiledFilter {
	chosen := func(values []string, names *facetNames) []bool {
		if len(values) == 0 {
			return nil
		}
		out := make([]bool, len(names.values))
		for _, v := range values {
			if n, ok := names.numbers[v]; ok {
				out[n] = true
			}
		}
		return out
	}
	c := compiledFilter{sizeNames: chosen(f.Sizes, &idx.sizes), colours: chosen(f.Colours, &idx.colours), fits: chosen(f.Fits, &idx.fits),
		prices: f.Prices, onSale: f.OnSale}
	if c.sizeNames != nil {
		for n, yes := range c.sizeNames {
			if yes {
				c.sizes |= 1 << min(n, overflowSize)
			}
		}
	}
	return c
}

// holds reports whether one of the chosen price bands holds unit.
func (f *compiledFilter) holds(unit shop.Money) bool {
	for _, b := range f.prices {
		if b.holds(unit) {
			return true
		}
	}
	return false
}

// filter is, of rows (in the order to list them), the ids of those f keeps from offset on (size
// at most), how many it keeps in all, and the facets' counts.
func (idx *filterIndex) filter(rows []facetRow, f compiledFilter, offset, size int) ([]string, int, Facets) {
	ids := make([]string, 0, size)
	kept := 0
	sizeCounts, colourCounts, fitCounts := make([]int, len(idx.sizes.values)), make([]int, len(idx.colours.values)), make([]int, len(idx.fits.values))
	var sizesSeen uint64
	colourSeen, fitSeen := make([]bool, len(idx.colours.values)), make([]bool, len(idx.fits.values))
	priceCounts, present := make([]int, len(PriceBands)), make([]bool, len(PriceBands))
	onSale, anyOnSale := 0, false
	for k := range rows {
		r := &rows[k]
		matched := 0
		if f.sizeNames == nil || r.sizes&f.sizes != 0 && (r.sizes&f.sizes != 1<<overflowSize || idx.overflowMatch(r.position, f.sizeNames)) {
			matched |= facetSize
		}
		if f.colours == nil || r.colour >= 0 && f.colours[r.colour] {
			matched |= facetColour
		}
		if f.fits == nil || r.fit >= 0 && f.fits[r.fit] {
			matched |= facetFit
		}
		if f.prices == nil || f.holds(r.unit) {
			matched |= facetPrice
		}
		if !f.onSale || r.sale {
			matched |= facetOnSale
		}
		// Every value of the listing is offered; it counts when the other facets match.
		if r.sizes != 0 {
			sizesSeen |= r.sizes
			if n := others(matched, facetSize); n > 0 {
				if r.sizes&(1<<overflowSize) != 0 {
					for _, sz := range idx.entries[r.position].sizes {
						sizeCounts[sz]++
					}
				} else {
					for b := r.sizes; b != 0; b &= b - 1 {
						sizeCounts[bits.TrailingZeros64(b)]++
					}
				}
			}
		}
		if r.colour >= 0 {
			colourSeen[r.colour] = true
			colourCounts[r.colour] += others(matched, facetColour)
		}
		if r.fit >= 0 {
			fitSeen[r.fit] = true
			fitCounts[r.fit] += others(matched, facetFit)
		}
		if r.band >= 0 {
			present[r.band] = true
			priceCounts[r.band] += others(matched, facetPrice)
		}
		if r.sale {
			anyOnSale = true
			onSale += others(matched, facetOnSale)
		}
		if matched == allFacets {
			if kept >= offset && len(ids) < size {
				ids = append(ids, idx.entries[r.position].id)
			}
			kept++
		}
	}
	sizeSeen := make([]bool, len(idx.sizes.values))
	for n := range sizeSeen {
		sizeSeen[n] = sizesSeen&(1<<min(n, overflowSize)) != 0 && (n < overflowSize || sizeCounts[n] > 0 || idx.sizeInListing(rows, int32(n)))
	}
	facets := Facets{
		Size:   listed(&idx.sizes, sizeSeen, sizeCounts),
		Color:  listed(&idx.colours, colourSeen, colourCounts),
		Fit:    listed(&idx.fits, fitSeen, fitCounts),
		Price:  []FacetValue{},
		OnSale: []FacetValue{},
	}
	for b, band := range PriceBands {
		if present[b] {
			facets.Price = append(facets.Price, FacetValue{Value: band.String(), Label: band.label(), Count: priceCounts[b]})
		}
	}
	if anyOnSale {
		facets.OnSale = append(facets.OnSale, FacetValue{Value: "1", Label: "On sale", Count: onSale})
	}
	return ids, kept, facets
}

// overflowMatch reports whether the entry at position has in stock one of the sizes numbered
// from overflowSize on that chosen holds.
func (idx *filterIndex) overflowMatch(position int32, chosen []bool) bool {
	return slices.ContainsFunc(idx.entries[position].sizes, func(sz int32) bool { return sz >= overflowSize && chosen[sz] })
}

// sizeInListing reports whether an entry of rows has size number n (from overflowSize on) in stock.
func (idx *filterIndex) sizeInListing(rows []facetRow, n int32) bool {
	return slices.ContainsFunc(rows, func(r facetRow) bool {
		return r.sizes&(1<<overflowSize) != 0 && slices.Contains(idx.entries[r.position].sizes, n)
	})
}

// others is 1 when matched holds every facet but facet, else 0: the entry counts for facet.
func others(matched, facet int) int {
	if matched|facet == allFacets {
		return 1
	}
	return 0
}

// listed is a facet's values seen in a listing, with their counts, in the facet's order.
func listed(names *facetNames, seen []bool, counts []int) []FacetValue {
	out := []FacetValue{}
	for _, n := range names.listed {
		if seen[n] {
			out = append(out, FacetValue{Value: names.values[n], Label: names.labels[n], Count: counts[n]})
		}
	}
	return out
}

// letterSizes are garment sizes in letters, smallest first.
var letterSizes = []string{"XXS", "XS", "S", "M", "L", "XL", "XXL", "2XL", "XXXL", "3XL", "4XL", "5XL"}

// compareSizes orders sizes as a size chart does: letters smallest first, then numbers
// smallest first, then any other name alphabetically.
func compareSizes(a, b string) int {
	rank := func(s string) (int, float64) {
		if i := slices.Index(letterSizes, strings.ToUpper(s)); i >= 0 {
			return 0, float64(i)
		}
		if n, err := strconv.ParseFloat(s, 64); err == nil {
			return 1, n
		}
		return 2, 0
	}
	ka, na := rank(a)
	kb, nb := rank(b)
	return cmp.Or(cmp.Compare(ka, kb), cmp.Compare(na, nb), cmp.Compare(a, b))
}

// sortBy orders positions by the sort named, ties newest first then by id (as listings are);
// pr is needed by the sorts that read prices.
func (idx *filterIndex) sortBy(positions []int32, sort string, pr *indexPricing) {
	newest := func(a, b int32) int { return cmp.Compare(idx.entries[a].newest, idx.entries[b].newest) }
	var by func(a, b int32) int
	switch sort {
	case SortPriceAsc:
		by = func(a, b int32) int { return cmp.Compare(pr.unit[a], pr.unit[b]) }
	case SortPriceDesc:
		by = func(a, b int32) int { return cmp.Compare(pr.unit[b], pr.unit[a]) }
	case SortDiscount:
		// Per ten thousand of the list price, so 33.4% sorts above 33.3%.
		saving := func(i int32) int64 {
			if l := idx.entries[i].list; l > 0 {
				return int64(l-pr.unit[i]) * 10_000 / int64(l)
			}
			return 0
		}
		by = func(a, b int32) int { return cmp.Compare(saving(b), saving(a)) }
	case SortBestSelling:
		by = func(a, b int32) int { return cmp.Compare(idx.entries[b].sold, idx.entries[a].sold) }
	default:
		by = func(int32, int32) int { return 0 }
	}
	slices.SortFunc(positions, func(a, b int32) int { return cmp.Or(by(a, b), newest(a, b)) })
}
