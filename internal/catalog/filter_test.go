package catalog

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"drape/internal/platform/dbtest"
	"drape/internal/platform/postgres"
	"drape/internal/pricing"
	"drape/internal/shop"
)

// blazerSale is a running 70 % sale on one sub-category.
type blazerSale struct{ subCategoryID string }

func (b blazerSale) PricingSales(context.Context) ([]pricing.Sale, error) {
	return []pricing.Sale{{ID: "s1", Name: "Blazer Week", Discount: 70, Active: true, Gender: pricing.All, SubCategoryIDs: []string{b.subCategoryID}}}, nil
}
func (blazerSale) PricingVersion() uint64                                       { return 1 }
func (blazerSale) Covering(context.Context, string, []string) ([]string, error) { return nil, nil }

// filterShop is Men: Shirts A–D and Blazers F (on a 70 % sale), created in that order.
//
//	A Navy Oxford       Navy        Slim fit     ₹2,000            M 5, L 0
//	B White Poplin      White       Regular fit  ₹1,500            M 0, L 3
//	C Navy Twill        Navy        Regular fit  ₹3,000 − 50 %     S 2, M 1   pays ₹1,500
//	D Light Blue Linen  Light Blue  Slim fit     ₹2,500            L 4
//	F Navy Blazer       Navy        Slim fit     ₹6,000 − sale 70% M 2        pays ₹1,800
type filterShop struct {
	s         *Service
	names     map[string]string // id → name
	ids       map[string]string // letter → id
	blazersID string
	shirtsID  string
}

func newFilterShop(t *testing.T, fresh time.Duration) filterShop {
	t.Helper()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	seed := NewService(pool, noSales{})
	men, err := seed.CreateCategory(ctx, NewCategory{Name: "Men", Gender: "Men"})
	if err != nil {
		t.Fatal(err)
	}
	shirts, err := seed.CreateSubCategory(ctx, NewSubCategory{CategoryID: men.ID, CategoryType: "Shirts"})
	if err != nil {
		t.Fatal(err)
	}
	blazers, err := seed.CreateSubCategory(ctx, NewSubCategory{CategoryID: men.ID, CategoryType: "Blazers", Position: 1})
	if err != nil {
		t.Fatal(err)
	}
	f := filterShop{s: NewServiceFresh(pool, blazerSale{blazers.ID}, fresh), names: map[string]string{}, ids: map[string]string{}, blazersID: blazers.ID, shirtsID: shirts.ID}
	base := time.Now().Add(-time.Hour)
	for i, p := range []struct {
		letter, name, colour, fit, sub string
		price                          int64
		discount                       int
		sizes                          []Size
	}{
		{"A", "Navy Oxford", "Navy", "Slim fit", shirts.ID, 2000, 0, []Size{{"M", 5}, {"L", 0}}},
		{"B", "White Poplin", "White", "Regular fit", shirts.ID, 1500, 0, []Size{{"M", 0}, {"L", 3}}},
		{"C", "Navy Twill", "Navy", "Regular fit", shirts.ID, 3000, 50, []Size{{"S", 2}, {"M", 1}}},
		{"D", "Light Blue Linen", "Light Blue", "Slim fit", shirts.ID, 2500, 0, []Size{{"L", 4}}},
		{"F", "Navy Blazer", "Navy", "Slim fit", blazers.ID, 6000, 0, []Size{{"M", 2}}},
	} {
		created, err := seed.CreateProduct(ctx, NewProduct{Code: "JF-" + p.letter, Name: p.name, Gender: "Men", SubCategoryID: p.sub,
			Price: shop.Rupees(p.price), Discount: p.discount, Colour: p.colour, Fit: p.fit, Sizes: p.sizes,
			CreatedAt: base.Add(time.Duration(i) * time.Minute)})
		if err != nil {
			t.Fatal(err)
		}
		f.names[created.ID], f.ids[p.letter] = p.letter, created.ID
	}
	return f
}

// list is the letters of the products the filtered listing shows, in order, and its facets.
func (f filterShop) list(t *testing.T, l Listing, query map[string][]string) (string, Facets) {
	t.Helper()
	filter, err := ParseFilter(func(name string) []string { return query[name] })
	if err != nil {
		t.Fatal(err)
	}
	p, err := f.s.FilteredProducts(context.Background(), l, filter, shop.Page{Number: 1, Size: 48})
	if err != nil {
		t.Fatal(err)
	}
	var letters []string
	for _, it := range p.Items {
		letters = append(letters, f.names[it.ID])
	}
	if int(p.Total) != len(p.Items) {
		t.Fatalf("total %d for %d items", p.Total, len(p.Items))
	}
	return strings.Join(letters, ""), p.Facets
}

func counts(values []FacetValue) string {
	var out []string
	for _, v := range values {
		out = append(out, v.Value+"="+itoa(v.Count))
	}
	return strings.Join(out, " ")
}

func itoa(n int) string { return strconv.Itoa(n) }

var men = Listing{CategoryName: "men"}

// TestFilterSizesInStockOnly: size=M lists the products with M in stock (B's M is sold out),
// and the size facet counts only sizes in stock (A's sold-out L is not counted).
func TestFilterSizesInStockOnly(t *testing.T) {
	f := newFilterShop(t, 0)
	got, facets := f.list(t, men, map[string][]string{"size": {"M"}})
	if got != "FCA" {
		t.Fatalf("size=M lists %q, want FCA (newest first; B's M is sold out)", got)
	}
	if c := counts(facets.Size); c != "S=1 M=3 L=2" {
		t.Fatalf("size facet %q, want S=1 M=3 L=2 (sizes in stock only)", c)
	}
}

// TestFacetsFollowTheOtherFilters: with size=M and color=navy chosen, the colour facet counts
// under size=M alone and the size facet under color=navy alone; the others under both.
func TestFacetsFollowTheOtherFilters(t *testing.T) {
	f := newFilterShop(t, 0)
	got, facets := f.list(t, men, map[string][]string{"size": {"M"}, "color": {"navy"}})
	if got != "FCA" {
		t.Fatalf("size=M&color=navy lists %q, want FCA", got)
	}
	if c := counts(facets.Color); c != "light-blue=0 navy=3 white=0" {
		t.Fatalf("colour facet %q, want light-blue=0 navy=3 white=0 (under size=M)", c)
	}
	if facets.Color[0].Label != "Light Blue" {
		t.Fatalf("colour label %q, want Light Blue", facets.Color[0].Label)
	}
	if c := counts(facets.Size); c != "S=1 M=3 L=0" {
		t.Fatalf("size facet %q, want S=1 M=3 L=0 (under color=navy: A's L is sold out)", c)
	}
	if c := counts(facets.Fit); c != "regular-fit=1 slim-fit=2" {
		t.Fatalf("fit facet %q, want regular-fit=1 slim-fit=2 (under both)", c)
	}
	if c := counts(facets.Price); c != "1000-1999=2 2000-2999=1" {
		t.Fatalf("price facet %q, want 1000-1999=2 2000-2999=1 (C ₹1,500 and F ₹1,800 after discounts)", c)
	}
	got, facets = f.list(t, men, map[string][]string{"size": {"M", "L"}, "color": {"navy,white"}, "fit": {"regular-fit"}})
	if got != "CB" {
		t.Fatalf("sizes M or L, navy or white, regular fit lists %q, want CB", got)
	}
	if c := counts(facets.Fit); c != "regular-fit=2 slim-fit=2" {
		t.Fatalf("fit facet %q, want regular-fit=2 slim-fit=2", c)
	}
}

// TestFilterSortsBySalePrice: price sorts and bands use the price the shopper pays (C's own
// 50 % and F's 70 % sale), not the list price; ties newest first.
func TestFilterSortsBySalePrice(t *testing.T) {
	f := newFilterShop(t, 0)
	if got, _ := f.list(t, men, map[string][]string{"sort": {"price_asc"}}); got != "CBFAD" {
		t.Fatalf("price_asc %q, want CBFAD (₹1,500 C newer than B, ₹1,800 F, ₹2,000 A, ₹2,500 D)", got)
	}
	if got, _ := f.list(t, men, map[string][]string{"sort": {"price_desc"}}); got != "DAFCB" {
		t.Fatalf("price_desc %q, want DAFCB", got)
	}
	if got, _ := f.list(t, men, map[string][]string{"sort": {"discount"}}); got != "FCDBA" {
		t.Fatalf("discount %q, want FCDBA (70 %%, 50 %%, then newest)", got)
	}
	if got, _ := f.list(t, men, map[string][]string{"price": {"1500-1800"}}); got != "FCB" {
		t.Fatalf("price=1500-1800 %q, want FCB", got)
	}
	got, facets := f.list(t, men, map[string][]string{"onsale": {"1"}})
	if got != "FC" || counts(facets.OnSale) != "1=2" {
		t.Fatalf("onsale=1 %q facet %q, want FC and 1=2", got, counts(facets.OnSale))
	}
	if got, _ := f.list(t, Listing{SubCategoryType: "blazers"}, map[string][]string{"sort": {"price_asc"}}); got != "F" {
		t.Fatalf("the blazers listing %q, want F", got)
	}
	if got, _ := f.list(t, Listing{SubCategoryIDs: []string{f.blazersID}}, map[string][]string{"size": {"M"}}); got != "F" {
		t.Fatalf("the sale's listing %q, want F", got)
	}
	if got, _ := f.list(t, Listing{SubCategoryType: "Kurtas"}, map[string][]string{"size": {"M"}}); got != "" {
		t.Fatalf("an unknown sub-category lists %q", got)
	}
}

// TestBestSellingSortCountsUnitsSold: units taken by orders count, units given back do not.
func TestBestSellingSortCountsUnitsSold(t *testing.T) {
	f := newFilterShop(t, 0)
	ctx := context.Background()
	take := func(letter, size string, n int, back bool) {
		t.Helper()
		err := postgres.InTx(ctx, f.s.pool, func(tx pgx.Tx) error {
			c := []StockChange{{ProductID: f.ids[letter], Name: letter, Size: size, Quantity: n}}
			if back {
				return f.s.ReturnStock(ctx, tx, c)
			}
			return f.s.TakeStock(ctx, tx, c)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	take("D", "L", 3, false)
	take("A", "M", 2, false)
	take("B", "L", 3, false)
	take("B", "L", 2, true) // a cancelled order
	if got, _ := f.list(t, men, map[string][]string{"sort": {"bestselling"}}); got != "DABFC" {
		t.Fatalf("bestselling %q, want DABFC (3, 2, 1 sold, then newest)", got)
	}
}

// TestFilterShowsOwnChangesAtOnce: with the index kept in memory, a stock change made through
// this server shows in the next filtered listing.
func TestFilterShowsOwnChangesAtOnce(t *testing.T) {
	f := newFilterShop(t, time.Minute)
	if got, _ := f.list(t, men, map[string][]string{"size": {"M"}}); got != "FCA" {
		t.Fatalf("size=M lists %q, want FCA", got)
	}
	zero := 5
	if _, err := f.s.SetStock(context.Background(), f.ids["A"], []StockLevel{{Size: "M", Stock: 0, Was: &zero}, {Size: "L", Stock: 0}}); err != nil {
		t.Fatal(err)
	}
	if got, _ := f.list(t, men, map[string][]string{"size": {"M"}}); got != "FC" {
		t.Fatalf("after A's M sold out size=M lists %q, want FC", got)
	}
}

// TestFilteredAnswersShowStockChanges: identical filtered requests are answered from memory for
// a while, but never with the stock from before a change: this server's own (the stock editor)
// shows in the next answer, and so does another server's announced one (an order placed there:
// Expire), first in the products' sizes, then, once the index is read again, in the filter.
func TestFilteredAnswersShowStockChanges(t *testing.T) {
	f := newFilterShop(t, time.Minute)
	ctx := context.Background()
	stockOf := func(letter, size string) (int, string) {
		t.Helper()
		filter, err := ParseFilter(func(name string) []string { return map[string][]string{"size": {"M"}}[name] })
		if err != nil {
			t.Fatal(err)
		}
		p, err := f.s.FilteredProducts(ctx, men, filter, shop.Page{Number: 1, Size: 12})
		if err != nil {
			t.Fatal(err)
		}
		stock, letters := -1, ""
		for _, it := range p.Items {
			letters += f.names[it.ID]
			if it.ID == f.ids[letter] {
				for _, sz := range it.Sizes {
					if sz.Size == size {
						stock = sz.Stock
					}
				}
			}
		}
		return stock, letters
	}
	if stock, got := stockOf("A", "M"); got != "FCA" || stock != 5 {
		t.Fatalf("size=M lists %q with A's M at %d, want FCA and 5", got, stock)
	}
	five := 5
	if _, err := f.s.SetStock(ctx, f.ids["A"], []StockLevel{{Size: "M", Stock: 3, Was: &five}, {Size: "L", Stock: 0}}); err != nil {
		t.Fatal(err)
	}
	if stock, got := stockOf("A", "M"); got != "FCA" || stock != 3 {
		t.Fatalf("after the stock editor set A's M to 3, size=M lists %q with A's M at %d", got, stock)
	}
	// Another server sells A's last 3 in M and announces it.
	err := postgres.InTx(ctx, f.s.pool, func(tx pgx.Tx) error {
		return f.s.TakeStock(ctx, tx, []StockChange{{ProductID: f.ids["A"], Name: "A", Size: "M", Quantity: 3}})
	})
	if err != nil {
		t.Fatal(err)
	}
	f.s.Expire()
	if stock, _ := stockOf("A", "M"); stock > 0 {
		t.Fatalf("after another server sold A's M out, the answer shows %d in stock", stock)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, got := stockOf("A", "M")
		if got == "FC" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("10 s after another server sold A's M out, size=M still lists %q", got)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestParseFilterRefusesBadValues(t *testing.T) {
	for _, c := range []struct {
		field string
		query map[string][]string
	}{
		{"sort", map[string][]string{"sort": {"cheapest"}}},
		{"sort", map[string][]string{"sort": {"newest", "price_asc"}}},
		{"price", map[string][]string{"price": {"cheap"}}},
		{"price", map[string][]string{"price": {"2000-1000"}}},
		{"price", map[string][]string{"price": {"-5"}}},
		{"color", map[string][]string{"color": {"Navy Blue"}}},
		{"fit", map[string][]string{"fit": {"<slim>"}}},
		{"onsale", map[string][]string{"onsale": {"yes"}}},
		{"size", map[string][]string{"size": {strings.Repeat("X", 21)}}},
		{"size", map[string][]string{"size": {"1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21"}}},
	} {
		_, err := ParseFilter(func(name string) []string { return c.query[name] })
		var e *shop.Error
		if !shop.Is(err, shop.Invalid) || !errors.As(err, &e) || e.Fields[c.field] == "" {
			t.Errorf("%v: got %v, want Invalid naming %s", c.query, err, c.field)
		}
	}
	f, err := ParseFilter(func(name string) []string {
		return map[string][]string{"price": {"0-999,5000-"}, "size": {"M", "L,M"}}[name]
	})
	if err != nil || len(f.Prices) != 2 || !f.Prices[1].Open || !slices.Equal(f.Sizes, []string{"M", "L"}) {
		t.Fatalf("good values: %+v %v", f, err)
	}
}

// TestFilteredPagesKeepTheirProducts: a filtered page whose products an earlier filtered page
// showed is drawn from memory, without a database read, and still shows this server's own
// change to one of them at once.
func TestFilteredPagesKeepTheirProducts(t *testing.T) {
	f := newFilterShop(t, time.Minute)
	if got, _ := f.list(t, men, map[string][]string{"color": {"navy"}}); got != "FCA" {
		t.Fatalf("color=navy lists %q, want FCA", got)
	}
	before := f.s.pool.Stat().AcquireCount()
	if got, _ := f.list(t, men, map[string][]string{"color": {"navy"}, "fit": {"slim-fit"}}); got != "FA" {
		t.Fatalf("color=navy&fit=slim-fit lists %q, want FA", got)
	}
	if reads := f.s.pool.Stat().AcquireCount() - before; reads != 0 {
		t.Fatalf("a page of products shown before took %d database reads, want none", reads)
	}
	five := 5
	if _, err := f.s.SetStock(context.Background(), f.ids["A"], []StockLevel{{Size: "M", Stock: 4, Was: &five}, {Size: "L", Stock: 0}}); err != nil {
		t.Fatal(err)
	}
	filter := Filter{Colours: []string{"navy"}, Fits: []string{"slim-fit"}, Sort: SortNewest}
	p, err := f.s.FilteredProducts(context.Background(), men, filter, shop.Page{Number: 1, Size: 12})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Items) != 2 || p.Items[1].ID != f.ids["A"] || p.Items[1].Stock["M"] != 4 {
		t.Fatalf("after A's M was set to 4 the page shows %+v, want F then A with M at 4", p.Items)
	}
}

// TestSearchWordsAreReadOnce: what a typed word means (its synonyms, its correction: "oxfrod"
// is oxford) is read once, so the suggestions for words searched before make one database read
// fewer; a change to the catalog's words shows at once (once the shop has an "Oxfrod", the word
// is no longer corrected).
func TestSearchWordsAreReadOnce(t *testing.T) {
	f := newFilterShop(t, time.Minute)
	ctx := context.Background()
	names := func(items []Product) string {
		var out []string
		for _, p := range items {
			out = append(out, p.Name)
		}
		return strings.Join(out, ", ")
	}
	p, err := f.s.Search(ctx, "oxfrod navy", shop.Page{Number: 1, Size: 12})
	if err != nil {
		t.Fatal(err)
	}
	if names(p.Items) != "Navy Oxford" {
		t.Fatalf("oxfrod navy finds %q, want Navy Oxford", names(p.Items))
	}
	before := f.s.pool.Stat().AcquireCount()
	s, err := f.s.Suggest(ctx, "navy oxfrod")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Products) != 1 || s.Products[0].Name != "Navy Oxford" {
		t.Fatalf("navy oxfrod suggests %+v, want Navy Oxford", s.Products)
	}
	if reads := f.s.pool.Stat().AcquireCount() - before; reads != 2 {
		t.Fatalf("suggestions for words searched before took %d database reads, want 2 (products, sub-categories)", reads)
	}
	if _, err := f.s.CreateProduct(ctx, NewProduct{Code: "JF-X", Name: "Oxfrod Tee", Gender: "Men", SubCategoryID: f.shirtsID,
		Price: shop.Rupees(900), Colour: "Navy", Fit: "Slim fit", Sizes: []Size{{"M", 1}}}); err != nil {
		t.Fatal(err)
	}
	if p, err = f.s.Search(ctx, "oxfrod navy", shop.Page{Number: 1, Size: 12}); err != nil {
		t.Fatal(err)
	}
	if names(p.Items) != "Oxfrod Tee" {
		t.Fatalf("with an Oxfrod in the shop, oxfrod navy finds %q, want Oxfrod Tee alone", names(p.Items))
	}
}
