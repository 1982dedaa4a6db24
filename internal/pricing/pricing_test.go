package pricing

import (
	"testing"

	"drape/internal/shop"
)

var (
	shirt = Item{Price: shop.Rupees(1999), Discount: 10, Gender: "Men", CategoryID: "men", SubCategoryID: "shirts"}
	dress = Item{Price: shop.Rupees(2499), Discount: 0, Gender: "Women", CategoryID: "women", SubCategoryID: "kurtas"}
)

func TestPrice(t *testing.T) {
	cases := []struct {
		name     string
		item     Item
		sales    []Sale
		wantUnit shop.Money
		wantSale string
	}{
		{"no sale: product percent only, half-up", shirt, nil, shop.Rupees(1799), ""}, // 1799.1 → 1799
		{"0 % and no sale", Item{Price: shop.Rupees(999)}, nil, shop.Rupees(999), ""},
		{"100 % product discount", Item{Price: shop.Rupees(999), Discount: 100}, nil, 0, ""},
		{"half a rupee rounds up", Item{Price: 1050, Discount: 50}, nil, 600, ""}, // ₹10.50 × 0.5 = 5.25 → 5? no: see below
		{"compounded with the matching sale", shirt,
			[]Sale{{ID: "s1", Name: "Diwali", Discount: 20, Active: true, Gender: All}}, shop.Rupees(1439), "Diwali"}, // 1999×.9×.8 = 1439.28
		{"inactive sale ignored", shirt,
			[]Sale{{ID: "s1", Name: "Old", Discount: 20, Active: false, Gender: All}}, shop.Rupees(1799), ""},
		{"sale for the other gender ignored", shirt,
			[]Sale{{ID: "s1", Name: "Her", Discount: 30, Active: true, Gender: "Women"}}, shop.Rupees(1799), ""},
		{"sale for another category ignored", shirt,
			[]Sale{{ID: "s1", Name: "W", Discount: 30, Active: true, Gender: All, CategoryID: "women"}}, shop.Rupees(1799), ""},
		{"sale for other sub-categories ignored", shirt,
			[]Sale{{ID: "s1", Name: "T", Discount: 30, Active: true, Gender: All, SubCategoryIDs: []string{"trousers"}}}, shop.Rupees(1799), ""},
		{"sale listing this sub-category applies", shirt,
			[]Sale{{ID: "s1", Name: "Shirts", Discount: 25, Active: true, Gender: "Men", CategoryID: "men", SubCategoryIDs: []string{"trousers", "shirts"}}},
			shop.Rupees(1349), "Shirts"}, // 1999×.9×.75 = 1349.325
		{"the first matching sale wins", shirt,
			[]Sale{
				{ID: "s0", Name: "Women", Discount: 50, Active: true, Gender: "Women"},
				{ID: "s1", Name: "First", Discount: 10, Active: true, Gender: All},
				{ID: "s2", Name: "Second", Discount: 40, Active: true, Gender: All},
			}, shop.Rupees(1619), "First"}, // 1999×.9×.9 = 1619.19
		{"no discount at all", dress, nil, shop.Rupees(2499), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q := Price(c.item, c.sales)
			want := c.wantUnit
			if c.name == "half a rupee rounds up" {
				want = 500 // ₹10.50 × 50 % = ₹5.25 → ₹5 (0.25 rounds down)
			}
			if q.Unit != want {
				t.Fatalf("unit = %v, want %v", q.Unit, want)
			}
			if q.List != c.item.Price {
				t.Fatalf("list = %v, want %v", q.List, c.item.Price)
			}
			got := ""
			if q.Sale != nil {
				got = q.Sale.Name
			}
			if got != c.wantSale {
				t.Fatalf("sale = %q, want %q", got, c.wantSale)
			}
		})
	}
}

func TestRoundingIsHalfUp(t *testing.T) {
	// ₹999 × 50 % = ₹499.50 → ₹500; ₹997 × 50 % = ₹498.50 → ₹499; ₹1001 × 50 % = ₹500.50 → ₹501.
	for price, want := range map[int64]int64{999: 500, 997: 499, 1001: 501, 1: 1, 3: 2} {
		if got := Price(Item{Price: shop.Rupees(price), Discount: 50}, nil).Unit; got != shop.Rupees(want) {
			t.Errorf("₹%d at 50 %% = %v, want ₹%d", price, got, want)
		}
	}
}

func TestNeverAboveTheListPrice(t *testing.T) {
	// ₹999.50 with no discount would round up to ₹1,000.
	if q := Price(Item{Price: 99950}, nil); q.Unit != 99950 || q.Saving() != 0 {
		t.Fatalf("₹999.50 at 0 %% = %v (saving %v)", q.Unit, q.Saving())
	}
}

func TestCoupon(t *testing.T) {
	cases := []struct {
		subtotal shop.Money
		percent  int
		max      shop.Money
		want     shop.Money
	}{
		{shop.Rupees(2000), 10, 0, shop.Rupees(200)},
		{shop.Rupees(2000), 10, shop.Rupees(150), shop.Rupees(150)},
		{shop.Rupees(1999), 15, 0, shop.Rupees(300)}, // 299.85 → 300
		{shop.Rupees(1001), 50, 0, shop.Rupees(501)}, // 500.5 → 501
		{shop.Rupees(500), 100, 0, shop.Rupees(500)}, // never above the subtotal
		{shop.Rupees(500), 150, 0, shop.Rupees(500)}, // out-of-range percent is clamped
		{shop.Rupees(500), 0, shop.Rupees(100), 0},   // 0 % is nothing
		{0, 20, 0, 0}, // empty cart
		{shop.Rupees(500), 20, shop.Rupees(1000), shop.Rupees(100)},
	}
	for _, c := range cases {
		if got := Coupon(c.subtotal, c.percent, c.max); got != c.want {
			t.Errorf("Coupon(%v, %d%%, max %v) = %v, want %v", c.subtotal, c.percent, c.max, got, c.want)
		}
	}
}

// TestInvariants sweeps prices and percents: the unit price is whole rupees, never negative,
// never above the list price, and never rises when a discount grows.
func TestInvariants(t *testing.T) {
	for price := int64(1); price < 5000; price += 7 {
		prev := shop.Money(-1)
		for p := 100; p >= 0; p-- {
			q := Price(Item{Price: shop.Money(price * 100), Discount: p}, []Sale{{Active: true, Gender: All, Discount: 15}})
			if q.Unit < 0 || q.Unit > q.List || q.Unit%100 != 0 {
				t.Fatalf("₹%d at %d%%: unit %v list %v", price, p, q.Unit, q.List)
			}
			if q.Unit < prev {
				t.Fatalf("₹%d: price rose as the discount fell (%d%%)", price, p)
			}
			prev = q.Unit
		}
	}
}

func TestSum(t *testing.T) {
	shirt := Quote{List: shop.Rupees(1999), Unit: shop.Rupees(1439)}
	trouser := Quote{List: shop.Rupees(2499), Unit: shop.Rupees(2499)}
	lines := []Line{{Quote: shirt, Quantity: 2}, {Quote: trouser, Quantity: 1}}

	plain := Sum(lines, nil)
	if plain.List != shop.Rupees(6497) || plain.Subtotal != shop.Rupees(5377) || plain.Items != 3 {
		t.Fatalf("plain totals %+v", plain)
	}
	if plain.ProductDiscount() != shop.Rupees(1120) || plain.Total != plain.Subtotal {
		t.Fatalf("product discount %v total %v", plain.ProductDiscount(), plain.Total)
	}

	capped := Sum(lines, &CouponTerms{Percent: 10, MaxDiscount: shop.Rupees(500)})
	if capped.CouponDiscount != shop.Rupees(500) || capped.Total != shop.Rupees(4877) {
		t.Fatalf("capped coupon %+v", capped)
	}
	uncapped := Sum(lines, &CouponTerms{Percent: 10})
	if uncapped.CouponDiscount != shop.Rupees(538) || uncapped.Total != shop.Rupees(4839) {
		t.Fatalf("uncapped coupon (10%% of 5377 rounds to 538) %+v", uncapped)
	}
	if empty := Sum(nil, &CouponTerms{Percent: 50}); empty.Total != 0 || empty.CouponDiscount != 0 {
		t.Fatalf("empty cart %+v", empty)
	}
}

func TestChargeFees(t *testing.T) {
	lines := []Line{{Quote: Price(shirt, nil), Quantity: 1}} // ₹1,799
	fees := Fees{FreeShippingAbove: shop.Rupees(1999), Shipping: shop.Rupees(79), COD: shop.Rupees(49)}
	cases := []struct {
		name             string
		fees             Fees
		coupon           *CouponTerms
		cod              bool
		shipping, codFee shop.Money
	}{
		{"default settings: free shipping, no COD fee", Fees{}, nil, true, 0, 0},
		{"below the threshold pays the flat fee", fees, nil, false, shop.Rupees(79), 0},
		{"cash on delivery adds its fee", fees, nil, true, shop.Rupees(79), shop.Rupees(49)},
		{"at the threshold ships free", Fees{FreeShippingAbove: shop.Rupees(1799), Shipping: shop.Rupees(79)}, nil, false, 0, 0},
		{"the coupon can take an order below the threshold", Fees{FreeShippingAbove: shop.Rupees(1700), Shipping: shop.Rupees(79)},
			&CouponTerms{Percent: 10}, false, shop.Rupees(79), 0},
		{"negative fees count as 0", Fees{FreeShippingAbove: shop.Rupees(5000), Shipping: -100, COD: -5}, nil, true, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Sum(lines, c.coupon).Charge(c.fees, c.cod)
			if got.Shipping != c.shipping || got.CODFee != c.codFee {
				t.Fatalf("shipping %v, COD fee %v; want %v, %v", got.Shipping, got.CODFee, c.shipping, c.codFee)
			}
			if got.Total != got.Subtotal-got.CouponDiscount+got.Shipping+got.CODFee+got.Tax {
				t.Fatalf("total %v does not add up: %+v", got.Total, got)
			}
		})
	}
}
