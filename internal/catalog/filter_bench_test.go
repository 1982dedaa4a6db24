package catalog

import (
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"drape/internal/catalog/catalogdb"
	"drape/internal/pricing"
	"drape/internal/shop"
)

// benchIndex is a filter index of n products like the bench catalog's: 11 sub-categories in 2
// categories, 12 colours, 4 fits, letter or waist sizes with some sold out, a sale on one
// sub-category.
func benchIndex(n int) (*filterIndex, []Category, []pricing.Sale) {
	rng := rand.New(rand.NewPCG(5, 6))
	cats := []Category{{ID: "men", Name: "Men"}, {ID: "women", Name: "Women"}}
	for i := 0; i < 11; i++ {
		c := &cats[i%2]
		c.SubCategories = append(c.SubCategories, SubCategory{ID: "sc" + strconv.Itoa(i), CategoryID: c.ID, CategoryType: "Type " + strconv.Itoa(i)})
	}
	colours := []string{"Navy", "White", "Light Blue", "Black", "Grey", "Charcoal", "Beige", "Wine", "Ivory", "Olive", "Brown", "Pink"}
	fits := []string{"Slim fit", "Regular fit", "Relaxed fit", "Tailored fit"}
	letters := []string{"S", "M", "L", "XL", "XXL"}
	waists := []string{"28", "30", "32", "34", "36", "38", "40"}
	rows := make([]catalogdb.FilterIndexRowsRow, n)
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range rows {
		sc := i % 11
		sizes := letters
		if sc%3 == 0 {
			sizes = waists
		}
		var inStock []string
		for _, s := range sizes {
			if rng.IntN(5) > 0 {
				inStock = append(inStock, s)
			}
		}
		status := ""
		if rng.IntN(10) == 0 {
			status = StatusBestSeller
		}
		rows[i] = catalogdb.FilterIndexRowsRow{ID: shop.NewID(), Price: int64(shop.Rupees(int64(800 + rng.IntN(12_000)))), Discount: int32(rng.IntN(4) * 10),
			Gender: []string{"Men", "Women"}[sc%2], Status: status, SubCategoryID: "sc" + strconv.Itoa(sc), CategoryID: cats[sc%2].ID,
			Colour: colours[rng.IntN(len(colours))], Fit: fits[rng.IntN(len(fits))], CreatedAt: base.Add(time.Duration(rng.IntN(1e6)) * time.Second),
			SizesInStock: inStock, Sold: int64(rng.IntN(200))}
	}
	sales := []pricing.Sale{{ID: "s1", Name: "Sale", Discount: 30, Active: true, Gender: pricing.All, SubCategoryIDs: []string{"sc4"}}}
	return indexOf(rows, time.Now()), cats, sales
}

// benchFilters are filtered requests as the bench sends them: a sub-category, a page of 1–5,
// a sort, and some of a size, colour, fit, price band and on sale.
func benchFilters(n int) ([]Listing, []Filter, []shop.Page) {
	rng := rand.New(rand.NewPCG(3, 4))
	var ls []Listing
	var fs []Filter
	var ps []shop.Page
	for i := 0; i < n; i++ {
		f := Filter{Sort: Sorts[rng.IntN(len(Sorts))]}
		if rng.IntN(3) > 0 {
			f.Sizes = []string{[]string{"M", "L", "32", "34"}[rng.IntN(4)]}
		}
		if rng.IntN(3) > 0 {
			f.Colours = []string{[]string{"navy", "white", "light-blue", "grey"}[rng.IntN(4)]}
		}
		if rng.IntN(3) > 0 {
			f.Fits = []string{[]string{"slim-fit", "regular-fit"}[rng.IntN(2)]}
		}
		if rng.IntN(3) > 0 {
			f.Prices = []PriceBand{PriceBands[rng.IntN(len(PriceBands))]}
		}
		f.OnSale = rng.IntN(4) == 0
		ls = append(ls, Listing{SubCategoryType: "Type " + strconv.Itoa(rng.IntN(11))})
		fs = append(fs, f)
		ps = append(ps, shop.Page{Number: 1 + rng.IntN(5), Size: 12})
	}
	return ls, fs, ps
}

// BenchmarkFilterPage is one filtered listing's page and facets from the index (no database):
// what GET /api/getproduct with filters computes in Go, on 50,000 products.
func BenchmarkFilterPage(b *testing.B) {
	idx, cats, sales := benchIndex(50_000)
	pr := idx.pricesUnder(sales)
	ls, fs, ps := benchFilters(256)
	for j := range ls { // what a running server has found already
		benchPage(idx, cats, ls[j], fs[j], pr, ps[j])
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := i % len(ls)
		if !benchPage(idx, cats, ls[j], fs[j], pr, ps[j]) {
			b.Fatal("unknown listing")
		}
	}
}

// BenchmarkFilterPageAll is the same on the listing of every product (/shop with filters).
func BenchmarkFilterPageAll(b *testing.B) {
	idx, cats, sales := benchIndex(50_000)
	pr := idx.pricesUnder(sales)
	_, fs, ps := benchFilters(256)
	for j := range fs { // what a running server has found already
		benchPage(idx, cats, Listing{}, fs[j], pr, ps[j])
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := i % len(fs)
		if !benchPage(idx, cats, Listing{}, fs[j], pr, ps[j]) {
			b.Fatal("unknown listing")
		}
	}
}

// benchPage computes what FilteredProducts does in Go for one request: the listing's members in
// the sort's order, filtered, counted and paged.
func benchPage(idx *filterIndex, cats []Category, l Listing, f Filter, pr *indexPricing, page shop.Page) bool {
	members, ok := idx.members(l, cats)
	if !ok {
		return false
	}
	idx.filter(idx.ordered(l.key(0, 0), members, f.Sort, pr), idx.compile(f), page.Offset(), page.Size)
	return true
}

// BenchmarkMemoryPerProduct reports what the filtered listings keep per product (bytes/product,
// by runtime.MemStats): the filter index's entry (with its rows under every sort of one
// listing, the newest order and the pricing) and a product's card, as the bench catalog's
// products are on average (a 32-character name, 142 and 211 characters of descriptions, two
// images, 6.6 sizes).
func BenchmarkMemoryPerProduct(b *testing.B) {
	const n = 50_000
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	for i := 0; i < b.N; i++ {
		before := heap()
		idx, cats, sales := benchIndex(n)
		pr := idx.pricesUnder(sales)
		members, _ := idx.members(Listing{}, cats)
		for _, sort := range Sorts {
			idx.ordered("all", members, sort, pr)
		}
		indexed := heap()
		cards := productCards{byID: make(map[string]Product, n)}
		for k := range idx.entries {
			e := &idx.entries[k]
			p := productFromRow(productRow{ID: e.id, Code: "JF-MST-" + strconv.Itoa(k), Name: strings.Repeat("n", 32), Gender: e.gender,
				SubCategoryID: e.subCategoryID, Price: int64(e.list), Colour: "Navy", Fit: "Slim fit",
				Thumbnail: strings.Repeat("t", 19), Images: []string{strings.Repeat("i", 20), strings.Repeat("j", 20)},
				BasicDescription: strings.Repeat("b", 142), ReturnDescription: strings.Repeat("r", 211), Slug: strings.Repeat("s", 41),
				CategoryType: "Formal Shirts", CategoryID: e.categoryID, CategoryName: "Men", CreatedAt: e.createdAt})
			for _, sz := range []string{"S", "M", "L", "XL", "XXL", "28", "30"} {
				p.Sizes = append(p.Sizes, Size{Size: sz, Stock: 7})
				p.Stock[sz] = 7
			}
			cards.byID[p.ID] = p
		}
		carded := heap()
		b.ReportMetric(float64(indexed-before)/n, "index-bytes/product")
		b.ReportMetric(float64(carded-indexed)/n, "card-bytes/product")
		runtime.KeepAlive(idx)
		runtime.KeepAlive(&cards)
	}
}

// BenchmarkFilterOrders is what a newly read index pays before its first answers: every
// sub-category's members newest first and in every sort's order, on 50,000 products.
func BenchmarkFilterOrders(b *testing.B) {
	idx, cats, sales := benchIndex(50_000)
	pr := idx.pricesUnder(sales)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		idx.listings, idx.orders = sync.Map{}, sync.Map{}
		for k := 0; k < 11; k++ {
			l := Listing{SubCategoryType: "Type " + strconv.Itoa(k)}
			members, _ := idx.members(l, cats)
			for _, sort := range Sorts {
				idx.ordered(l.key(0, 0), members, sort, pr)
			}
		}
	}
}
