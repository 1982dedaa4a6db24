package gst

import (
	"reflect"
	"testing"
	"time"

	"drape/internal/shop"
)

// rajasthan is the demo company's state; maharashtra is another.
const (
	rajasthan   = "08"
	maharashtra = "27"
)

var (
	afterSep2025  = time.Date(2026, time.January, 10, 12, 0, 0, 0, IST)
	beforeSep2025 = time.Date(2025, time.September, 21, 12, 0, 0, 0, IST)
)

func piece(hsn string, list, unit shop.Money, qty int) Line {
	return Line{Description: "piece " + hsn, HSN: hsn, Quantity: qty, ListPrice: list, UnitPrice: unit}
}

// TestInvoice: each case's lines in exact paise. Expected figures were worked by hand: the
// coupon's shares by largest remainder, the band on the dearest piece's value after its
// discounts (inclusive ≤ threshold × 1.05 is 5%), each tax head half-up to the paisa.
func TestInvoice(t *testing.T) {
	for _, c := range []struct {
		name   string
		order  Order
		intra  bool
		lines  []InvoiceLine
		totals Totals
	}{
		{
			name:  "intra-state: a ₹1,999 shirt to Rajasthan from Rajasthan is CGST 2.5% + SGST 2.5%",
			order: Order{PlaceOfSupply: rajasthan, Lines: []Line{piece("6205", 199900, 199900, 1)}},
			intra: true,
			lines: []InvoiceLine{{HSN: "6205", Quantity: 1, UnitPrice: 199900, TaxableValue: 190380, Rate: 500, CGST: 4760, SGST: 4760, Total: 199900}},
		},
		{
			name:  "inter-state: the same shirt to Maharashtra is IGST 5%",
			order: Order{PlaceOfSupply: maharashtra, Lines: []Line{piece("6205", 199900, 199900, 1)}},
			lines: []InvoiceLine{{HSN: "6205", Quantity: 1, UnitPrice: 199900, TaxableValue: 190381, Rate: 500, IGST: 9519, Total: 199900}},
		},
		{
			name:  "just under the band: ₹2,625 inclusive is ₹2,500 taxable, 5%",
			order: Order{PlaceOfSupply: maharashtra, Lines: []Line{piece("6203", 262500, 262500, 1)}},
			lines: []InvoiceLine{{HSN: "6203", Quantity: 1, UnitPrice: 262500, TaxableValue: 250000, Rate: 500, IGST: 12500, Total: 262500}},
		},
		{
			name:  "just over the band: ₹2,999 inclusive is 18%, ₹2,541.53 taxable",
			order: Order{PlaceOfSupply: maharashtra, Lines: []Line{piece("6203", 299900, 299900, 1)}},
			lines: []InvoiceLine{{HSN: "6203", Quantity: 1, UnitPrice: 299900, TaxableValue: 254153, Rate: 1800, IGST: 45747, Total: 299900}},
		},
		{
			name:  "boundary zone: ₹2,599 inclusive (above ₹2,500, at most ₹2,625) is under the band, 5%",
			order: Order{PlaceOfSupply: maharashtra, Lines: []Line{piece("6203", 259900, 259900, 1)}},
			lines: []InvoiceLine{{HSN: "6203", Quantity: 1, UnitPrice: 259900, TaxableValue: 247524, Rate: 500, IGST: 12376, Total: 259900}},
		},
		{
			name:  "the gap: ₹2,625.01 inclusive is over the band, 18%",
			order: Order{PlaceOfSupply: maharashtra, Lines: []Line{piece("6203", 262501, 262501, 1)}},
			lines: []InvoiceLine{{HSN: "6203", Quantity: 1, UnitPrice: 262501, TaxableValue: 222458, Rate: 1800, IGST: 40043, Total: 262501}},
		},
		{
			name:  "the gap: ₹2,800 inclusive, where neither rate is self-consistent, is 18%",
			order: Order{PlaceOfSupply: maharashtra, Lines: []Line{piece("6203", 280000, 280000, 1)}},
			lines: []InvoiceLine{{HSN: "6203", Quantity: 1, UnitPrice: 280000, TaxableValue: 237288, Rate: 1800, IGST: 42712, Total: 280000}},
		},
		{
			name:  "the band is judged after the sale discount: ₹3,499 at 30% off is ₹2,449, 5%",
			order: Order{PlaceOfSupply: rajasthan, Lines: []Line{piece("6203", 349900, 244900, 1)}},
			intra: true,
			lines: []InvoiceLine{{HSN: "6203", Quantity: 1, UnitPrice: 349900, Discount: 105000, TaxableValue: 233238, Rate: 500, CGST: 5831, SGST: 5831, Total: 244900}},
		},
		{
			name: "a ₹600 coupon over 3 lines: shares 129.99 + 199.93 + 270.08 add up, and it brings the ₹2,699 blazer under the band",
			order: Order{PlaceOfSupply: rajasthan, CouponDiscount: 60000, Lines: []Line{
				piece("6205", 129900, 129900, 1), piece("6205", 99900, 99900, 2), piece("6203", 269900, 269900, 1)}},
			intra: true,
			lines: []InvoiceLine{
				{HSN: "6205", Quantity: 1, UnitPrice: 129900, Discount: 12999, TaxableValue: 111335, Rate: 500, CGST: 2783, SGST: 2783, Total: 116901},
				{HSN: "6205", Quantity: 2, UnitPrice: 99900, Discount: 19993, TaxableValue: 171245, Rate: 500, CGST: 4281, SGST: 4281, Total: 179807},
				{HSN: "6203", Quantity: 1, UnitPrice: 269900, Discount: 27008, TaxableValue: 231326, Rate: 500, CGST: 5783, SGST: 5783, Total: 242892},
			},
		},
		{
			name: "shipping and COD fee lines are taxed at the order's highest goods rate, under that line's HSN",
			order: Order{PlaceOfSupply: maharashtra, Lines: []Line{piece("6205", 149900, 149900, 1), piece("6203", 499900, 499900, 1)},
				Fees: []Fee{{Description: "Shipping", Amount: 9900}, {Description: "Cash on delivery fee", Amount: 4900}, {Description: "Free", Amount: 0}}},
			lines: []InvoiceLine{
				{HSN: "6205", Quantity: 1, UnitPrice: 149900, TaxableValue: 142762, Rate: 500, IGST: 7138, Total: 149900},
				{HSN: "6203", Quantity: 1, UnitPrice: 499900, TaxableValue: 423644, Rate: 1800, IGST: 76256, Total: 499900},
				{Description: "Shipping", HSN: "6203", Quantity: 1, UnitPrice: 9900, TaxableValue: 8390, Rate: 1800, IGST: 1510, Total: 9900},
				{Description: "Cash on delivery fee", HSN: "6203", Quantity: 1, UnitPrice: 4900, TaxableValue: 4153, Rate: 1800, IGST: 747, Total: 4900},
			},
		},
		{
			name: "B2B: a Maharashtra business delivering to Rajasthan is intra-state (place of supply is the delivery state)",
			order: Order{PlaceOfSupply: rajasthan, RecipientGSTIN: "27AAPFU0939F1ZV",
				Lines: []Line{piece("6203", 549900, 439900, 2)}},
			intra: true,
			lines: []InvoiceLine{{HSN: "6203", Quantity: 2, UnitPrice: 549900, Discount: 220000, TaxableValue: 745594, Rate: 1800, CGST: 67103, SGST: 67103, Total: 879800}},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.order.SupplierState = rajasthan
			c.order.Date = afterSep2025
			got, err := Apparel.Invoice(c.order)
			if err != nil {
				t.Fatal(err)
			}
			for i := range c.lines {
				if c.lines[i].Description == "" {
					c.lines[i].Description = "piece " + c.lines[i].HSN
				}
			}
			if got.Intra != c.intra || !reflect.DeepEqual(got.Lines, c.lines) {
				t.Fatalf("intra %v, lines\n%+v\nwant intra %v,\n%+v", got.Intra, got.Lines, c.intra, c.lines)
			}
			var want Totals
			var paid shop.Money
			for _, l := range c.lines {
				want.TaxableValue += l.TaxableValue
				want.CGST += l.CGST
				want.SGST += l.SGST
				want.IGST += l.IGST
				want.Total += l.Total
			}
			for _, l := range c.order.Lines {
				paid += l.UnitPrice * shop.Money(l.Quantity)
			}
			for _, f := range c.order.Fees {
				paid += f.Amount
			}
			paid -= c.order.CouponDiscount
			if got.Totals != want || got.Totals.Total != paid {
				t.Fatalf("totals %+v, want %+v and a total of %d (what the shopper paid)", got.Totals, want, paid)
			}
		})
	}
}

// TestRatesInForceOnTheInvoiceDate: a ₹1,100 shirt was 12% until 21 September 2025 (IST) and
// is 5% from 22 September; the day turns at IST midnight, not UTC's.
func TestRatesInForceOnTheInvoiceDate(t *testing.T) {
	for _, c := range []struct {
		at          time.Time
		rate        Rate
		taxable, cg shop.Money
	}{
		{beforeSep2025, 1200, 98214, 5893},
		{time.Date(2025, time.September, 21, 18, 29, 0, 0, time.UTC), 1200, 98214, 5893}, // 23:59 IST on the 21st
		{time.Date(2025, time.September, 21, 18, 31, 0, 0, time.UTC), 500, 104762, 2619}, // 00:01 IST on the 22nd
		{afterSep2025, 500, 104762, 2619},
	} {
		inv, err := Apparel.Invoice(Order{Date: c.at, SupplierState: rajasthan, PlaceOfSupply: rajasthan,
			Lines: []Line{piece("6205", 110000, 110000, 1)}})
		if err != nil {
			t.Fatal(err)
		}
		l := inv.Lines[0]
		if l.Rate != c.rate || l.TaxableValue != c.taxable || l.CGST != c.cg || l.SGST != c.cg {
			t.Errorf("%v: %+v, want rate %d, taxable %d, CGST = SGST = %d", c.at, l, c.rate, c.taxable, c.cg)
		}
	}
}

// TestInvoiceRefusesWhatItCannotTax: bad input is Invalid and names what is wrong.
func TestInvoiceRefusesWhatItCannotTax(t *testing.T) {
	good := Order{Date: afterSep2025, SupplierState: rajasthan, PlaceOfSupply: maharashtra, Lines: []Line{piece("6205", 199900, 199900, 1)}}
	for _, c := range []struct {
		field  string
		change func(*Order)
	}{
		{"placeOfSupply", func(o *Order) { o.PlaceOfSupply = "40" }},
		{"supplierState", func(o *Order) { o.SupplierState = "" }},
		{"lines", func(o *Order) { o.Lines = nil }},
		{"lines", func(o *Order) { o.Lines[0].Quantity = 0 }},
		{"lines", func(o *Order) { o.Lines[0].UnitPrice = 200000 }},
		{"hsn", func(o *Order) { o.Lines[0].HSN = "6404" }}, // footwear: no band here
		{"hsn", func(o *Order) { o.Date = time.Date(2017, time.June, 30, 12, 0, 0, 0, IST) }},
		{"couponDiscount", func(o *Order) { o.CouponDiscount = 199901 }},
		{"fees", func(o *Order) { o.Fees = []Fee{{Description: "Shipping", Amount: -1}} }},
		{"recipientGstin", func(o *Order) { o.RecipientGSTIN = "27AAPFU0939F1ZW" }},
	} {
		bad := good
		bad.Lines = append([]Line(nil), good.Lines...)
		c.change(&bad)
		_, err := Apparel.Invoice(bad)
		se, ok := err.(*shop.Error)
		if !ok || se.Kind != shop.Invalid || se.Fields[c.field] == "" {
			t.Errorf("%+v: %v, want Invalid naming %s", bad, err, c.field)
		}
	}
}

// TestApportion: shares add up to the amount and the leftover paise go to the largest
// remainders, earlier first on a tie.
func TestApportion(t *testing.T) {
	for _, c := range []struct {
		amount shop.Money
		parts  []shop.Money
		want   []shop.Money
	}{
		{60000, []shop.Money{129900, 199800, 269900}, []shop.Money{12999, 19993, 27008}},
		{100, []shop.Money{100, 100, 100}, []shop.Money{34, 33, 33}},
		{100, []shop.Money{1, 1, 1}, []shop.Money{1, 1, 1}}, // more than the parts: cut to their sum
		{2, []shop.Money{1, 1, 1}, []shop.Money{1, 1, 0}},
		{5, []shop.Money{0, 10}, []shop.Money{0, 5}},
		{0, []shop.Money{10, 20}, []shop.Money{0, 0}},
		{7, []shop.Money{0, 0}, []shop.Money{0, 0}},
		{100_000_000_000, []shop.Money{99_999_999_999, 1}, []shop.Money{99_999_999_999, 1}},
	} {
		if got := Apportion(c.amount, c.parts); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Apportion(%d, %v) = %v, want %v", c.amount, c.parts, got, c.want)
		}
	}
}

// TestCreditNote: a partial return of the coupon order (one of the two ₹999 shirts, then the
// other) credits each piece's share in exact paise, rate and heads kept; the two notes add up
// to the invoice line exactly; more pieces than the line has are refused.
func TestCreditNote(t *testing.T) {
	inv, err := Apparel.Invoice(Order{Date: afterSep2025, SupplierState: rajasthan, PlaceOfSupply: rajasthan, CouponDiscount: 60000,
		Lines: []Line{piece("6205", 129900, 129900, 1), piece("6205", 99900, 99900, 2), piece("6203", 269900, 269900, 1)}})
	if err != nil {
		t.Fatal(err)
	}
	first, err := CreditNote(inv, nil, []int{0, 1, 0})
	if err != nil {
		t.Fatal(err)
	}
	wantFirst := []InvoiceLine{{Description: "piece 6205", HSN: "6205", Quantity: 1, UnitPrice: 99900, Discount: 9996,
		TaxableValue: 85622, Rate: 500, CGST: 2141, SGST: 2141, Total: 89904}}
	if !first.Intra || !reflect.DeepEqual(first.Lines, wantFirst) ||
		first.Totals != (Totals{TaxableValue: 85622, CGST: 2141, SGST: 2141, Total: 89904}) {
		t.Fatalf("first note %+v, want lines %+v", first, wantFirst)
	}
	second, err := CreditNote(inv, []int{0, 1, 0}, []int{0, 1, 0})
	if err != nil {
		t.Fatal(err)
	}
	wantSecond := []InvoiceLine{{Description: "piece 6205", HSN: "6205", Quantity: 1, UnitPrice: 99900, Discount: 9997,
		TaxableValue: 85623, Rate: 500, CGST: 2140, SGST: 2140, Total: 89903}}
	if !reflect.DeepEqual(second.Lines, wantSecond) {
		t.Fatalf("second note %+v, want %+v", second.Lines, wantSecond)
	}
	line := inv.Lines[1]
	a, b := first.Lines[0], second.Lines[0]
	if a.Total+b.Total != line.Total || a.TaxableValue+b.TaxableValue != line.TaxableValue || a.CGST+b.CGST != line.CGST ||
		a.Discount+b.Discount != line.Discount {
		t.Fatalf("the notes %+v + %+v do not add up to the line %+v", a, b, line)
	}
	for _, bad := range []struct{ already, returned []int }{
		{[]int{0, 1, 0}, []int{0, 2, 0}}, // three of two
		{nil, []int{0, 0, 0}},            // nothing
		{nil, []int{0, -1, 1}},
		{nil, []int{1, 1}},
	} {
		if _, err := CreditNote(inv, bad.already, bad.returned); !shop.Is(err, shop.Invalid) {
			t.Errorf("CreditNote(%v, %v): %v, want Invalid", bad.already, bad.returned, err)
		}
	}
}
