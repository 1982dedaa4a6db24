// Package pricing is the one place drape computes money: unit prices after the product's own
// discount and the first matching running sale, coupon discounts, and order totals. The
// storefront, sale page, cart, checkout, mails and admin all call it; clients only format.
//
// It guarantees, for every input it accepts: 0 ≤ unit price ≤ list price, whole rupees for unit
// prices (rounded half-up), 0 ≤ coupon discount ≤ subtotal, and totals that add up. It does no
// I/O and knows no database.
package pricing

import (
	"slices"

	"drape/internal/shop"
)

// All is the gender or category value of a sale that matches everything.
const All = "All"

// Sale is a sale as pricing needs it.
type Sale struct {
	ID             string
	Name           string
	Discount       int      // percent, 1..90
	Active         bool     // saleStatus: only active sales apply
	Gender         string   // All, or the gender it applies to
	CategoryID     string   // "" for All, or the category it applies to
	SubCategoryIDs []string // empty: every sub-category (of CategoryID when set)
}

// Item is what a price depends on.
type Item struct {
	Price         shop.Money // list price
	Discount      int        // the product's own percent, 0..100
	Gender        string
	CategoryID    string
	SubCategoryID string
}

// Applied is the sale that priced an item.
type Applied struct {
	ID       string `json:"_id"`
	Name     string `json:"saleName"`
	Discount int    `json:"discount"`
}

// Quote is an item's price.
type Quote struct {
	List shop.Money // the struck-through price
	Unit shop.Money // what the shopper pays for one
	Sale *Applied   // the sale that applied, if any
}

// Saving is how much one unit saves against the list price.
func (q Quote) Saving() shop.Money { return q.List - q.Unit }

// Matches reports whether sale s applies to it: the sale is active, and its gender, category
// and sub-categories each match (All and empty lists match everything).
func Matches(s Sale, it Item) bool {
	if !s.Active {
		return false
	}
	if s.Gender != All && s.Gender != "" && s.Gender != it.Gender {
		return false
	}
	if s.CategoryID != "" && s.CategoryID != it.CategoryID {
		return false
	}
	return len(s.SubCategoryIDs) == 0 || slices.Contains(s.SubCategoryIDs, it.SubCategoryID)
}

// FirstSale is the first sale in sales (the order the shop lists them in) that matches it.
func FirstSale(sales []Sale, it Item) *Sale {
	for i := range sales {
		if Matches(sales[i], it) {
			return &sales[i]
		}
	}
	return nil
}

// Price prices one unit of it: the product's percent, then the first matching sale's percent,
// compounded, rounded half-up to the rupee.
func Price(it Item, sales []Sale) Quote {
	q := Quote{List: it.Price}
	saleDiscount := 0
	if s := FirstSale(sales, it); s != nil {
		saleDiscount = s.Discount
		q.Sale = &Applied{ID: s.ID, Name: s.Name, Discount: s.Discount}
	}
	// A list price with paise (₹999.50) can round up: never charge more than the list price,
	// nor less than nothing (a negative list price, which validation refuses before here).
	q.Unit = max(0, min(discounted(it.Price, clampPercent(it.Discount), clampPercent(saleDiscount)), it.Price))
	return q
}

// discounted is price × (100−a)/100 × (100−b)/100, rounded half-up to whole rupees, in paise.
func discounted(price shop.Money, a, b int) shop.Money {
	if price <= 0 {
		return 0
	}
	exact := int64(price) * int64(100-a) * int64(100-b) // paise × 10⁴
	const paisePerRupee = 100
	const scale = 10_000 * paisePerRupee
	rupees := (exact + scale/2) / scale
	return shop.Money(rupees * paisePerRupee)
}

func clampPercent(p int) int { return max(0, min(100, p)) }

// Coupon is the discount a coupon of percent gives on subtotal: rounded half-up to the rupee,
// capped by maxDiscount unless it is 0, never above the subtotal.
func Coupon(subtotal shop.Money, percent int, maxDiscount shop.Money) shop.Money {
	if subtotal <= 0 {
		return 0
	}
	d := discounted(subtotal, 100-clampPercent(percent), 0)
	if maxDiscount > 0 && d > maxDiscount {
		d = maxDiscount
	}
	return min(d, subtotal)
}

// Line is a priced cart or order line: one unit's quote and how many.
type Line struct {
	Quote    Quote
	Quantity int
}

// Total is what one line costs.
func (l Line) Total() shop.Money { return l.Quote.Unit * shop.Money(l.Quantity) }

// CouponTerms is a coupon as pricing needs it: its percent and its cap (0 means no cap).
type CouponTerms struct {
	Percent     int
	MaxDiscount shop.Money
}

// Totals is what a cart or an order costs: Total = Subtotal - CouponDiscount + Shipping +
// CODFee + Tax. Tax is 0: prices include GST (SPEC §9). Shipping and CODFee are 0 until
// Charge adds the shop's fees.
type Totals struct {
	List           shop.Money // list prices added up
	Subtotal       shop.Money // unit prices after product and sale discounts, added up
	CouponDiscount shop.Money
	Shipping       shop.Money
	CODFee         shop.Money
	Tax            shop.Money
	Total          shop.Money
	Items          int // units
}

// ProductDiscount is what product and sale discounts save against the list prices.
func (t Totals) ProductDiscount() shop.Money { return t.List - t.Subtotal }

// Sum adds up lines and applies coupon (nil for none).
func Sum(lines []Line, coupon *CouponTerms) Totals {
	var t Totals
	for _, l := range lines {
		t.List += l.Quote.List * shop.Money(l.Quantity)
		t.Subtotal += l.Total()
		t.Items += l.Quantity
	}
	if coupon != nil {
		t.CouponDiscount = Coupon(t.Subtotal, coupon.Percent, coupon.MaxDiscount)
	}
	t.Total = t.Subtotal - t.CouponDiscount + t.Shipping + t.CODFee + t.Tax
	return t
}

// Fees are the shop's charges beside the goods (the company's delivery settings).
type Fees struct {
	// FreeShippingAbove: an order worth at least this after its coupon ships free; 0 ships
	// every order free.
	FreeShippingAbove shop.Money
	// Shipping is the flat fee of an order below FreeShippingAbove.
	Shipping shop.Money
	// COD is added to a cash-on-delivery order.
	COD shop.Money
}

// Charge adds fees to t, for a cash-on-delivery order when cod: shipping unless the goods'
// value after the coupon reaches FreeShippingAbove (or it is 0), and the COD fee. Negative
// fees count as 0.
func (t Totals) Charge(f Fees, cod bool) Totals {
	t.Shipping, t.CODFee = 0, 0
	if f.FreeShippingAbove > 0 && t.Subtotal-t.CouponDiscount < f.FreeShippingAbove {
		t.Shipping = max(0, f.Shipping)
	}
	if cod {
		t.CODFee = max(0, f.COD)
	}
	t.Total = t.Subtotal - t.CouponDiscount + t.Shipping + t.CODFee + t.Tax
	return t
}
