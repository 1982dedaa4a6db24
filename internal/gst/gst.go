// Package gst splits drape's GST-inclusive order totals into taxable value and tax, line by
// line, as a tax invoice shows them (INDIA.md §1). It is pure: no I/O, no database, integer
// paise throughout.
//
// It guarantees, for every order it accepts: each line's taxable value plus its taxes equals
// the line's total; the lines' totals add up to the order's total (goods after discounts, plus
// fees), so the invoice total equals what the shopper paid; the coupon's shares add up exactly
// to the order's coupon discount; CGST equals SGST on every line.
//
// The rules, decided where INDIA.md leaves them open and written in the README:
//   - rates come from a schedule of dated bands (Rates, Apparel); an invoice uses the band in
//     force on its IST date;
//   - a line's rate is judged per piece, on the dearest piece's value after its sale discount
//     and its share of the coupon, GST-inclusive: at most Threshold × (1 + Low) is Low, above
//     is High (the ₹2,625–₹2,950 gap, where neither rate is self-consistent, is High);
//   - the coupon is shared across lines in proportion to their value, largest remainder first
//     (ties to the earlier line);
//   - fees (shipping, cash on delivery) are composite with the goods and taxed at the order's
//     highest goods rate, under the HSN of the first line at that rate; they do not count
//     towards any piece's value;
//   - each tax head is the exact tax rounded half-up to the paisa: intra-state CGST and SGST
//     are each half the tax, rounded, and equal; the taxable value is the line total less the
//     rounded taxes, so any odd paisa stays in the taxable value.
package gst

import (
	"math/bits"
	"time"

	"drape/internal/shop"
)

// Order is what an invoice is computed from: the goods as bought (GST-inclusive prices), the
// coupon discount on them, fees charged with them, where they go and when.
type Order struct {
	Date           time.Time // the invoice date: its IST day picks the rates
	SupplierState  string    // the company's GST state code, "08"
	PlaceOfSupply  string    // the delivery address's GST state code
	RecipientGSTIN string    // a business buyer's GSTIN, "" for a consumer
	Lines          []Line
	CouponDiscount shop.Money // off the goods' total, 0 ≤ discount ≤ goods total
	Fees           []Fee
}

// Line is a goods line: one product in one size, how many, and its GST-inclusive prices.
type Line struct {
	Description string
	HSN         string
	Quantity    int
	ListPrice   shop.Money // one piece before any discount
	UnitPrice   shop.Money // one piece after the product's and the sale's discount
}

// Fee is an amount charged with the goods (shipping, cash-on-delivery fee), GST-inclusive.
type Fee struct {
	Description string
	Amount      shop.Money
}

// Invoice is an order's tax split.
type Invoice struct {
	Intra  bool // same state: CGST and SGST; otherwise IGST
	Lines  []InvoiceLine
	Totals Totals
}

// InvoiceLine is one invoice line. UnitPrice and Discount are GST-inclusive, as the shop's
// prices are: Quantity × UnitPrice − Discount = Total = TaxableValue + CGST + SGST + IGST.
type InvoiceLine struct {
	Description  string
	HSN          string
	Quantity     int
	UnitPrice    shop.Money // list price of one piece
	Discount     shop.Money // the product's and sale's discount and the coupon's share, for the line
	TaxableValue shop.Money
	Rate         Rate
	CGST         shop.Money
	SGST         shop.Money
	IGST         shop.Money
	Total        shop.Money
}

// Tax is the line's tax, all heads.
func (l InvoiceLine) Tax() shop.Money { return l.CGST + l.SGST + l.IGST }

// Totals add up an invoice's lines.
type Totals struct {
	TaxableValue shop.Money
	CGST         shop.Money
	SGST         shop.Money
	IGST         shop.Money
	Total        shop.Money
}

// Invoice computes o's tax split with the schedule rs. Errors: Invalid when a line's quantity
// or prices are impossible, the coupon exceeds the goods, a fee is negative, a state code is
// unknown, the recipient's GSTIN is not valid, or a line's HSN has no rate on the date. A
// business buyer changes nothing in the figures: the place of supply is the delivery state
// whatever state the buyer's GSTIN is from.
func (rs Rates) Invoice(o Order) (Invoice, error) {
	if err := rs.check(o); err != nil {
		return Invoice{}, err
	}
	inv := Invoice{Intra: o.SupplierState == o.PlaceOfSupply}
	values := make([]shop.Money, len(o.Lines))
	for i, l := range o.Lines {
		values[i] = l.UnitPrice * shop.Money(l.Quantity)
	}
	shares := Apportion(o.CouponDiscount, values)
	highest, highestHSN := Rate(-1), ""
	for i, l := range o.Lines {
		b, _ := rs.band(l.HSN, o.Date)
		value := values[i] - shares[i]
		dearest := (value + shop.Money(l.Quantity) - 1) / shop.Money(l.Quantity)
		rate := b.pieceRate(dearest)
		if rate > highest {
			highest, highestHSN = rate, l.HSN
		}
		inv.Lines = append(inv.Lines, split(InvoiceLine{Description: l.Description, HSN: l.HSN, Quantity: l.Quantity,
			UnitPrice: l.ListPrice, Discount: l.ListPrice*shop.Money(l.Quantity) - value, Rate: rate, Total: value}, inv.Intra))
	}
	for _, f := range o.Fees {
		if f.Amount == 0 {
			continue
		}
		inv.Lines = append(inv.Lines, split(InvoiceLine{Description: f.Description, HSN: highestHSN, Quantity: 1,
			UnitPrice: f.Amount, Rate: highest, Total: f.Amount}, inv.Intra))
	}
	for _, l := range inv.Lines {
		inv.Totals.TaxableValue += l.TaxableValue
		inv.Totals.CGST += l.CGST
		inv.Totals.SGST += l.SGST
		inv.Totals.IGST += l.IGST
		inv.Totals.Total += l.Total
	}
	return inv, nil
}

// split fills l's taxes and taxable value from its total and rate.
func split(l InvoiceLine, intra bool) InvoiceLine {
	v, r := int64(l.Total), int64(l.Rate)
	if intra {
		half := shop.Money(halfUp(v*r, 2*(10_000+r)))
		l.CGST, l.SGST = half, half
	} else {
		l.IGST = shop.Money(halfUp(v*r, 10_000+r))
	}
	l.TaxableValue = l.Total - l.Tax()
	return l
}

// halfUp is n ÷ d rounded half-up, for n ≥ 0 and d > 0.
func halfUp(n, d int64) int64 { return (2*n + d) / (2 * d) }

// Apportion shares amount across parts in proportion to their sizes so that the shares add up
// to amount exactly: each share is the floor of its exact part, and the paise left over go one
// each to the largest remainders (ties to the earlier part). With 0 ≤ amount ≤ the parts' sum
// and parts ≥ 0, each share is between 0 and its part; a larger amount is cut to the sum and a
// negative one shares nothing.
func Apportion(amount shop.Money, parts []shop.Money) []shop.Money {
	shares := make([]shop.Money, len(parts))
	var sum int64
	for _, p := range parts {
		sum += int64(p)
	}
	amount = min(amount, shop.Money(sum))
	if sum == 0 || amount <= 0 {
		return shares
	}
	remainders := make([]int64, len(parts))
	left := amount
	for i, p := range parts {
		// amount × p ÷ sum in 128 bits: amount ≤ sum keeps the quotient within 64.
		hi, lo := bits.Mul64(uint64(amount), uint64(p))
		q, r := bits.Div64(hi, lo, uint64(sum))
		shares[i] = shop.Money(q)
		remainders[i] = int64(r)
		left -= shares[i]
	}
	for ; left > 0; left-- {
		best := -1
		for i, r := range remainders {
			if r > 0 && (best < 0 || r > remainders[best]) {
				best = i
			}
		}
		shares[best]++
		remainders[best] = 0
	}
	return shares
}

// maxOrder bounds an order's goods and fees so products of paise never overflow: ₹10⁹.
const maxOrder = shop.Money(100_000_000_000)

func (rs Rates) check(o Order) error {
	p := shop.Problems{}
	_, supplier := StateCoded(o.SupplierState)
	p.Check(!supplier, "supplierState", "The company's state has no GST state code")
	_, pos := StateCoded(o.PlaceOfSupply)
	p.Check(!pos, "placeOfSupply", "The delivery state has no GST state code")
	if o.RecipientGSTIN != "" {
		if problem := GSTINProblem(o.RecipientGSTIN); problem != "" {
			p.Add("recipientGstin", problem)
		}
	}
	p.Check(len(o.Lines) == 0, "lines", "An invoice needs at least one line")
	var goods, fees shop.Money
	for _, l := range o.Lines {
		p.Check(l.Quantity <= 0 || l.Quantity > 1_000_000, "lines", "A line's quantity must be between 1 and 1,000,000")
		p.Check(l.UnitPrice < 0 || l.UnitPrice > l.ListPrice || l.ListPrice > maxOrder, "lines", "A line's price must be between 0 and its list price")
		if _, ok := rs.band(l.HSN, o.Date); !ok {
			p.Add("hsn", "No GST rate for HSN "+l.HSN+" on "+o.Date.In(IST).Format("2 Jan 2006"))
		}
		if l.Quantity > 0 && l.ListPrice <= maxOrder {
			goods += l.UnitPrice * shop.Money(l.Quantity)
		}
	}
	for _, f := range o.Fees {
		p.Check(f.Amount < 0 || f.Amount > maxOrder, "fees", "A fee must be between 0 and ₹1,00,00,00,000")
		fees += max(0, min(f.Amount, maxOrder))
	}
	p.Check(goods+fees > maxOrder, "lines", "An order must be at most ₹1,00,00,00,000")
	p.Check(o.CouponDiscount < 0 || o.CouponDiscount > goods, "couponDiscount", "The coupon discount must be between 0 and the goods' total")
	return p.Err()
}
