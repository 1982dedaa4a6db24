package main

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"drape/internal/demo"
)

// demoShop is the test app with the demo shop's catalog (95 products in 11 sub-categories),
// the catalog search is judged on.
func demoShop(t *testing.T) getter {
	t.Helper()
	a, d := testApp(t)
	svc := newServices(d)
	if _, err := demo.Load(context.Background(), demo.Deps{Catalog: svc.catalog, Sales: svc.sales, CMS: svc.cms,
		Banners: svc.banners, UploadsDir: d.cfg.UploadsDir, Log: d.log}); err != nil {
		t.Fatal(err)
	}
	return getter(func(path string) (int, []byte) {
		resp, body := call(t, a, "GET", path, nil, nil)
		return resp.StatusCode, body
	})
}

// getter answers a GET of path with the status and body.
type getter func(path string) (int, []byte)

func (g getter) get(path string) (int, []byte) { return g(path) }

// found is a search's answer as the results page shows it.
type found struct {
	Data struct {
		Items []struct {
			Code        string `json:"productId"`
			Name        string `json:"productName"`
			SubCategory string `json:"subCategory"`
		} `json:"items"`
		Metadata struct {
			Total int `json:"total"`
		} `json:"metadata"`
	} `json:"data"`
}

// TestSearchRelevance is the relevance table: for each query, what a shopper must see at the
// top of the results (typos, synonyms and product codes included), on the demo catalog.
func TestSearchRelevance(t *testing.T) {
	shop := demoShop(t)
	nameHas := func(words ...string) func(name, code, sub string) bool {
		return func(name, _, _ string) bool {
			for _, w := range words {
				if !strings.Contains(strings.ToLower(name), w) {
					return false
				}
			}
			return true
		}
	}
	cases := []struct {
		query string
		top   int                               // how many of the first results must pass want
		want  func(name, code, sub string) bool // what each of them must be
		about string
	}{
		{"shrt", 12, nameHas("shirt"), "a missing letter: shirts first, no stretch pant among them"},
		{"shirts", 12, nameHas("shirt"), "the plural"},
		{"oxfrod", 3, nameHas("oxford"), "two letters swapped"},
		{"blazr", 6, nameHas("blazer"), "a missing letter"},
		{"trousr", 6, nameHas("trousers"), "a missing letter"},
		{"JF-MST-0020", 1, func(_, code, _ string) bool { return code == "JF-MST-0020" }, "a product code, exactly"},
		{"jf-mst-0020", 1, func(_, code, _ string) bool { return code == "JF-MST-0020" }, "a product code in lower case"},
		{"JF-MBL", 8, func(_, code, _ string) bool { return strings.HasPrefix(code, "JF-MBL-") }, "the start of a code"},
		{"pant", 12, func(name, _, _ string) bool {
			return nameHas("pant")(name, "", "") || nameHas("trousers")(name, "", "")
		}, "pant finds trousers too"},
		{"tee", 6, nameHas("shirt"), "a synonym: tee finds shirts"},
		{"jacket", 6, func(_, _, sub string) bool { return strings.Contains(sub, "Blazers") }, "a synonym: jacket finds blazers"},
		{"gray trousers", 3, nameHas("grey", "trousers"), "American spelling of a colour"},
		{"navy shirt", 1, nameHas("navy", "shirt"), "two words, both in the name (the demo has one navy shirt)"},
		{"ivory shirts", 3, nameHas("ivory", "shirt"), "colour and garment"},
		{"stretch", 8, nameHas("stretch"), "names before descriptions"},
	}
	for _, tc := range cases {
		t.Run(tc.query, func(t *testing.T) {
			status, body := shop.get("/api/products/search?limit=48&q=" + url.QueryEscape(tc.query))
			if status != 200 {
				t.Fatalf("status %d: %.300s", status, body)
			}
			var f found
			if err := json.Unmarshal(body, &f); err != nil {
				t.Fatal(err)
			}
			items := f.Data.Items
			if len(items) < tc.top {
				t.Fatalf("%s: %d results, want at least %d", tc.about, len(items), tc.top)
			}
			for i, it := range items[:tc.top] {
				if !tc.want(it.Name, it.Code, it.SubCategory) {
					t.Errorf("%s: result %d is %s %q (%s)", tc.about, i+1, it.Code, it.Name, it.SubCategory)
				}
			}
		})
	}
}

// TestSearchRanksNamesBeforeDescriptions: every product named a shirt comes before the
// products whose description only mentions one ("keeps your shirt tucked in").
func TestSearchRanksNamesBeforeDescriptions(t *testing.T) {
	shop := demoShop(t)
	_, body := shop.get("/api/products/search?limit=48&q=shirt")
	var f found
	if err := json.Unmarshal(body, &f); err != nil {
		t.Fatal(err)
	}
	other := ""
	for _, it := range f.Data.Items {
		named := strings.Contains(strings.ToLower(it.Name), "shirt")
		if !named && other == "" {
			other = it.Name
		}
		if named && other != "" {
			t.Fatalf("%q ranks below %q, which isn't named a shirt", it.Name, other)
		}
	}
	if other == "" {
		t.Fatal("no product found by its description (the stretch pants keep a shirt tucked in)")
	}
}

// TestSearchSuggestions is what the search box offers while a shopper types.
func TestSearchSuggestions(t *testing.T) {
	shop := demoShop(t)
	type suggestions struct {
		Data struct {
			Products []struct {
				Code string `json:"productId"`
				Name string `json:"productName"`
				Slug string `json:"slug"`
			} `json:"products"`
			Categories []struct {
				CategoryType string `json:"categoryType"`
			} `json:"categories"`
			Closest bool `json:"closest"`
			Popular bool `json:"popular"`
		} `json:"data"`
	}
	suggest := func(q string) suggestions {
		t.Helper()
		status, body := shop.get("/api/products/suggest?q=" + url.QueryEscape(q))
		if status != 200 {
			t.Fatalf("%q: status %d: %.300s", q, status, body)
		}
		var s suggestions
		if err := json.Unmarshal(body, &s); err != nil {
			t.Fatal(err)
		}
		if len(s.Data.Products) > 6 || len(s.Data.Categories) > 4 {
			t.Fatalf("%q: %d products and %d categories, want at most 6 and 4", q, len(s.Data.Products), len(s.Data.Categories))
		}
		return s
	}

	s := suggest("shi") // the start of a word
	if len(s.Data.Products) != 6 {
		t.Fatalf("shi: %d products, want 6", len(s.Data.Products))
	}
	for _, p := range s.Data.Products {
		if !strings.Contains(strings.ToLower(p.Name), "shirt") || p.Slug == "" {
			t.Errorf("shi suggests %q (slug %q)", p.Name, p.Slug)
		}
	}
	var cats []string
	for _, c := range s.Data.Categories {
		cats = append(cats, c.CategoryType)
	}
	if strings.Join(cats, ",") != "Formal Shirts,Women's Shirts" {
		t.Errorf("shi suggests the sub-categories %v, want Formal Shirts and Women's Shirts", cats)
	}

	if s := suggest("navy blaz"); len(s.Data.Products) == 0 || !strings.Contains(s.Data.Products[0].Name, "Navy") || !strings.Contains(s.Data.Products[0].Name, "Blazer") {
		t.Errorf("navy blaz suggests %+v, want a navy blazer first", s.Data.Products)
	}
	if s := suggest("JF-MST-00"); len(s.Data.Products) == 0 || !strings.HasPrefix(s.Data.Products[0].Code, "JF-MST-00") {
		t.Errorf("JF-MST-00 suggests %+v, want a code starting so first", s.Data.Products)
	}
	if s := suggest("oxfrod"); len(s.Data.Products) == 0 || !strings.Contains(s.Data.Products[0].Name, "Oxford") {
		t.Errorf("oxfrod suggests %+v, want an oxford", s.Data.Products)
	}
	// What the no-results page offers: products matching any word, or the popular sub-categories.
	if s := suggest("navy qwertyuiop"); !s.Data.Closest || len(s.Data.Products) == 0 || !strings.Contains(s.Data.Products[0].Name, "Navy") {
		t.Errorf("navy qwertyuiop suggests %+v, want the closest: navy products", s.Data)
	}
	if s := suggest("qwertyuiop"); !s.Data.Popular || len(s.Data.Categories) != 4 || len(s.Data.Products) != 0 {
		t.Errorf("qwertyuiop suggests %+v, want the 4 popular sub-categories", s.Data)
	}
	if status, _ := shop.get("/api/products/suggest?q=%20"); status != 400 {
		t.Errorf("an empty query: status %d, want 400", status)
	}
	if status, _ := shop.get("/api/products/suggest?q=" + strings.Repeat("a", 101)); status != 400 {
		t.Errorf("an overlong query: status %d, want 400", status)
	}
}

// TestSearchResultsTakeFilters: the search results are a listing like any other: getproduct
// with q lists them by relevance (as the search answers them) with their facets, narrowed by a
// colour and sorted by price when asked.
func TestSearchResultsTakeFilters(t *testing.T) {
	shop := demoShop(t)
	type listed struct {
		Data struct {
			Items []struct {
				ID     string  `json:"_id"`
				Name   string  `json:"productName"`
				Colour string  `json:"colour"`
				Price  float64 `json:"discountedPrice"`
			} `json:"items"`
			Metadata struct {
				Total int `json:"total"`
			} `json:"metadata"`
			Facets struct {
				Color []struct {
					Value string `json:"value"`
					Label string `json:"label"`
					Count int    `json:"count"`
				} `json:"color"`
			} `json:"facets"`
		} `json:"data"`
	}
	get := func(path string) listed {
		t.Helper()
		status, body := shop.get(path)
		if status != 200 {
			t.Fatalf("%s: status %d: %.300s", path, status, body)
		}
		var l listed
		if err := json.Unmarshal(body, &l); err != nil {
			t.Fatal(err)
		}
		return l
	}
	searched := get("/api/products/search?limit=48&q=shrt")
	all := get("/api/getproduct?limit=48&q=shrt")
	if all.Data.Metadata.Total != searched.Data.Metadata.Total || len(all.Data.Items) != len(searched.Data.Items) {
		t.Fatalf("q=shrt lists %d of %d, the search %d of %d", len(all.Data.Items), all.Data.Metadata.Total, len(searched.Data.Items), searched.Data.Metadata.Total)
	}
	for i := range all.Data.Items {
		if all.Data.Items[i].ID != searched.Data.Items[i].ID {
			t.Fatalf("result %d is %q, the search's %q: not by relevance", i+1, all.Data.Items[i].Name, searched.Data.Items[i].Name)
		}
	}
	if len(all.Data.Facets.Color) < 2 {
		t.Fatalf("the colour facet of shirts: %+v", all.Data.Facets.Color)
	}
	colour := all.Data.Facets.Color[0]
	narrowed := get("/api/getproduct?limit=48&sort=price_asc&q=shrt&color=" + url.QueryEscape(colour.Value))
	if narrowed.Data.Metadata.Total != colour.Count || narrowed.Data.Metadata.Total == 0 {
		t.Fatalf("q=shrt&color=%s lists %d, its facet said %d", colour.Value, narrowed.Data.Metadata.Total, colour.Count)
	}
	for i, it := range narrowed.Data.Items {
		if it.Colour != colour.Label {
			t.Errorf("q=shrt&color=%s lists %q (%s)", colour.Value, it.Name, it.Colour)
		}
		if i > 0 && it.Price < narrowed.Data.Items[i-1].Price {
			t.Errorf("sorted by price, %q (%v) comes after %v", it.Name, it.Price, narrowed.Data.Items[i-1].Price)
		}
	}
}
