package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"drape/internal/catalog"
	"drape/internal/shop"
)

// TestListingFiltersOverHTTP: getproduct with a filter and a sort answers the SPEC page plus
// data.facets, priced as the listing is; bad values are a 400 naming the parameter.
func TestListingFiltersOverHTTP(t *testing.T) {
	t.Parallel()
	app, d := testApp(t)
	f := seedShop(t, d)
	// Formal Shirts: 30 navy shirts with S, M, XL, XXL in stock and L sold out, on a 20 % sale.
	_, body := call(t, app, "GET", "/api/getproduct?type=Formal%20Shirts&size=L,XL&color=navy&sort=price_asc&limit=12", nil, nil)
	for path, want := range map[string]any{
		"success": true, "data.metadata.total": 30.0, "data.metadata.totalPages": 3.0, "data.items.#": 12,
		"data.items.0._id": f.newestShirt.ID, "data.items.0.discountedPrice": 1439.0,
		"data.facets.size.#": 4, "data.facets.size.0.value": "S", "data.facets.size.3.value": "XXL",
		"data.facets.color.0.value": "navy", "data.facets.color.0.label": "navy", "data.facets.color.0.count": 30.0,
		"data.facets.price.0.value": "1000-1999", "data.facets.price.0.count": 30.0, "data.facets.onsale.0.count": 30.0,
	} {
		if got := jsonValue(t, body, path); got != want {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
	// Men's category: 35 products, of which the 4 trousers with stock have a 32.
	_, body = call(t, app, "GET", "/api/getproduct?category=Men&size=32&sort=price_desc", nil, nil)
	if got := jsonValue(t, body, "data.metadata.total"); got != 4.0 {
		t.Errorf("Men in size 32: %v products, want 4", got)
	}
	if got := jsonValue(t, body, "data.items.0.subCategory"); got != "Formal Trousers" {
		t.Errorf("Men in size 32 lists %v first", got)
	}
	_, body = call(t, app, "GET", "/api/getproduct?status=BestSeller&sort=price_asc&onsale=1", nil, nil)
	if got := jsonValue(t, body, "data.metadata.total"); got != 3.0 {
		t.Errorf("best sellers on sale: %v, want the 3 best-selling shirts", got)
	}
	_, body = call(t, app, "GET", "/api/getproduct?sale="+f.sale.ID+"&price=1400-1500", nil, nil)
	if got := jsonValue(t, body, "data.metadata.total"); got != 30.0 {
		t.Errorf("the sale's page at ₹1,400–1,500: %v, want the 30 shirts at ₹1,439", got)
	}

	for _, c := range []struct{ query, field string }{
		{"sort=cheapest", "sort"},
		{"price=abc", "price"},
		{"price=2000-1000", "price"},
		{"color=Navy%20Blue", "color"},
		{"onsale=yes", "onsale"},
	} {
		resp, body := call(t, app, "GET", "/api/getproduct?type=Formal%20Shirts&"+c.query, nil, nil)
		if resp.StatusCode != 400 || jsonValue(t, body, "success") != false {
			t.Errorf("%s: %d %s, want 400", c.query, resp.StatusCode, body)
			continue
		}
		if msg, _ := jsonValue(t, body, "errors."+c.field).(string); !strings.HasPrefix(msg, c.field+" must") {
			t.Errorf("%s: errors.%s = %q", c.query, c.field, msg)
		}
	}
}

// TestUnfilteredListingIsUnchanged: without a filter the answer is today's cached listing byte
// for byte (no facets), before and after filtered requests for the same listing.
func TestUnfilteredListingIsUnchanged(t *testing.T) {
	t.Parallel()
	app, d := testApp(t)
	seedShop(t, d)
	const path = "/api/getproduct?type=Formal%20Shirts&page=2"
	_, before := call(t, app, "GET", path, nil, nil)
	page, err := newServices(d).catalog.Products(context.Background(), catalog.Listing{SubCategoryType: "Formal Shirts"}, shop.Page{Number: 2, Size: productPageSize})
	if err != nil {
		t.Fatal(err)
	}
	want, err := jsonEncode(envelope{Code: 200, Success: true, Data: pageAnswer(page)})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, want) {
		t.Fatalf("unfiltered answer differs from the listing's encoding:\n%s\n%s", before, want)
	}
	if _, filtered := call(t, app, "GET", path+"&size=M", nil, nil); !bytes.Contains(filtered, []byte(`"facets"`)) {
		t.Fatalf("the filtered answer has no facets: %.200s", filtered)
	}
	if _, after := call(t, app, "GET", path, nil, nil); !bytes.Equal(after, before) {
		t.Fatalf("unfiltered answer changed after a filtered request:\n%s\n%s", after, before)
	}
	if bytes.Contains(before, []byte("facets")) {
		t.Fatal("the unfiltered answer carries facets")
	}
}
