package pricing

import (
	"testing"

	"drape/internal/shop"
)

// FuzzPrice checks the package's promises for any list price, discounts and sale: 0 ≤ unit ≤
// list, whole rupees, and the sale applied only when it matches.
func FuzzPrice(f *testing.F) {
	f.Add(int64(149950), 10, 20, true, "Men", "Men")
	f.Add(int64(99950), 0, 90, true, "All", "Women")
	f.Add(int64(1), 100, 100, true, "", "Kids")
	f.Add(int64(0), -5, 200, false, "Men", "Men")
	f.Add(int64(-100), 50, 50, true, "Men", "Men")
	f.Fuzz(func(t *testing.T, price int64, discount, saleDiscount int, active bool, saleGender, gender string) {
		if price > 1e13 || price < -1e13 { // ₹10¹¹: far beyond any garment, and no overflow
			t.Skip()
		}
		it := Item{Price: shop.Money(price), Discount: discount, Gender: gender, CategoryID: "c1", SubCategoryID: "s1"}
		sale := Sale{ID: "s", Name: "Sale", Discount: saleDiscount, Active: active, Gender: saleGender}
		q := Price(it, []Sale{sale})
		if q.Unit < 0 || (price >= 0 && q.Unit > q.List) {
			t.Fatalf("Price(%+v) = unit %d, list %d: want 0 ≤ unit ≤ list", it, q.Unit, q.List)
		}
		if q.Unit%100 != 0 && q.Unit != q.List {
			t.Fatalf("unit %d is not whole rupees", q.Unit)
		}
		if (q.Sale != nil) != Matches(sale, it) {
			t.Fatalf("sale applied %v, matches %v", q.Sale != nil, Matches(sale, it))
		}
	})
}

// FuzzSum checks that totals add up and the coupon never exceeds the subtotal, whatever the
// lines and the coupon's terms.
func FuzzSum(f *testing.F) {
	f.Add(int64(149900), int64(129900), 2, int64(99900), int64(99900), 1, 15, int64(50000), true)
	f.Add(int64(0), int64(0), 0, int64(100), int64(100), 10, 100, int64(0), true)
	f.Add(int64(50000), int64(50000), 1, int64(1), int64(1), 1, -20, int64(-5), true)
	f.Add(int64(50000), int64(40000), 3, int64(1000), int64(900), 2, 0, int64(0), false)
	f.Fuzz(func(t *testing.T, list1, unit1 int64, qty1 int, list2, unit2 int64, qty2, percent int, maxDiscount int64, withCoupon bool) {
		for _, v := range []int64{list1, unit1, list2, unit2, maxDiscount} {
			if v < 0 || v > 1e11 {
				t.Skip()
			}
		}
		if qty1 < 0 || qty1 > 1000 || qty2 < 0 || qty2 > 1000 || unit1 > list1 || unit2 > list2 {
			t.Skip()
		}
		lines := []Line{
			{Quote: Quote{List: shop.Money(list1), Unit: shop.Money(unit1)}, Quantity: qty1},
			{Quote: Quote{List: shop.Money(list2), Unit: shop.Money(unit2)}, Quantity: qty2},
		}
		var coupon *CouponTerms
		if withCoupon {
			coupon = &CouponTerms{Percent: percent, MaxDiscount: shop.Money(maxDiscount)}
		}
		tot := Sum(lines, coupon)
		if tot.Subtotal != lines[0].Total()+lines[1].Total() || tot.Items != qty1+qty2 {
			t.Fatalf("subtotal %d / items %d do not add up for %+v", tot.Subtotal, tot.Items, lines)
		}
		if tot.CouponDiscount < 0 || tot.CouponDiscount > tot.Subtotal {
			t.Fatalf("coupon discount %d outside 0..subtotal %d", tot.CouponDiscount, tot.Subtotal)
		}
		if coupon == nil && tot.CouponDiscount != 0 {
			t.Fatalf("a coupon discount %d without a coupon", tot.CouponDiscount)
		}
		if tot.Total != tot.Subtotal-tot.CouponDiscount+tot.Shipping+tot.Tax || tot.Total < 0 {
			t.Fatalf("total %d ≠ %d − %d + %d + %d", tot.Total, tot.Subtotal, tot.CouponDiscount, tot.Shipping, tot.Tax)
		}
		if tot.ProductDiscount() < 0 {
			t.Fatalf("product discount %d is negative", tot.ProductDiscount())
		}
	})
}
