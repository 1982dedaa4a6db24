package gst

import (
	"encoding/binary"
	"testing"

	"drape/internal/shop"
)

// FuzzInvoice builds a cart from random bytes (up to 8 lines of random HSN chapter, list
// price, sale price and quantity, a coupon up to the goods' total, fees, either state, either
// band's date) and checks the package's promises: every line's taxable value plus its taxes
// is its total, the totals add the lines up, the invoice total is what the shopper paid, the
// discounts are the list value less the total, CGST equals SGST, and no figure is negative.
func FuzzInvoice(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, uint64(600), uint32(99), true, true)
	f.Add([]byte("\xff\xff\xff\xff\x10\x00\x00\x00\x03\x02\x01\x00\x7f\x33\x00\x11"), uint64(1<<40), uint32(0), false, false)
	f.Add([]byte{}, uint64(0), uint32(0), true, false)
	f.Fuzz(func(t *testing.T, data []byte, coupon uint64, fee uint32, intra, recent bool) {
		o := Order{SupplierState: rajasthan, PlaceOfSupply: maharashtra, Date: beforeSep2025}
		if intra {
			o.PlaceOfSupply = rajasthan
		}
		if recent {
			o.Date = afterSep2025
		}
		var goods shop.Money
		for len(data) >= 8 && len(o.Lines) < 8 {
			word := binary.LittleEndian.Uint64(data[:8])
			data = data[8:]
			list := shop.Money(word % 1_000_000_00)           // up to ₹10 lakh a piece
			unit := shop.Money((word >> 32) % uint64(list+1)) // at most the list price
			qty := int(word>>60)%10 + 1
			hsn := "6205"
			if word&1 == 1 {
				hsn = "6109"
			}
			o.Lines = append(o.Lines, Line{Description: "piece", HSN: hsn, Quantity: qty, ListPrice: list, UnitPrice: unit})
			goods += unit * shop.Money(qty)
		}
		if len(o.Lines) == 0 {
			o.Lines = []Line{{Description: "piece", HSN: "6203", Quantity: 1, ListPrice: 262500, UnitPrice: 262500}}
			goods = 262500
		}
		o.CouponDiscount = shop.Money(coupon % uint64(goods+1))
		o.Fees = []Fee{{Description: "Shipping", Amount: shop.Money(fee % 50_000)}}
		inv, err := Apparel.Invoice(o)
		if err != nil {
			t.Fatalf("%+v: %v", o, err)
		}
		paid := goods - o.CouponDiscount + o.Fees[0].Amount
		var sum Totals
		var listValue shop.Money
		for i, l := range inv.Lines {
			if l.TaxableValue+l.CGST+l.SGST+l.IGST != l.Total {
				t.Fatalf("line %d: %d + %d + %d + %d ≠ %d", i, l.TaxableValue, l.CGST, l.SGST, l.IGST, l.Total)
			}
			if l.CGST != l.SGST || l.TaxableValue < 0 || l.IGST < 0 || l.CGST < 0 || l.Discount < 0 {
				t.Fatalf("line %d: %+v", i, l)
			}
			if (l.IGST != 0 && intra) || (l.CGST != 0 && !intra) {
				t.Fatalf("line %d: wrong tax heads for intra=%v: %+v", i, intra, l)
			}
			if l.UnitPrice*shop.Money(l.Quantity)-l.Discount != l.Total {
				t.Fatalf("line %d: %d × %d − %d ≠ %d", i, l.Quantity, l.UnitPrice, l.Discount, l.Total)
			}
			sum.TaxableValue += l.TaxableValue
			sum.CGST += l.CGST
			sum.SGST += l.SGST
			sum.IGST += l.IGST
			sum.Total += l.Total
			if i < len(o.Lines) {
				listValue += o.Lines[i].ListPrice * shop.Money(o.Lines[i].Quantity)
			}
		}
		if sum != inv.Totals || inv.Totals.Total != paid {
			t.Fatalf("totals %+v, lines add up to %+v, paid %d", inv.Totals, sum, paid)
		}
		if inv.Totals.TaxableValue+inv.Totals.CGST+inv.Totals.SGST+inv.Totals.IGST != paid {
			t.Fatalf("taxable + tax ≠ paid %d: %+v", paid, inv.Totals)
		}
		var discounts shop.Money
		for _, l := range inv.Lines[:len(o.Lines)] {
			discounts += l.Discount
		}
		if listValue-discounts != goods-o.CouponDiscount {
			t.Fatalf("discounts %d do not come to the list value %d less the goods paid for %d", discounts, listValue, goods-o.CouponDiscount)
		}
		checkCreditNotes(t, inv, coupon)
	})
}

// checkCreditNotes returns every piece of inv in two credit notes, split by seed, and checks
// each note's lines as an invoice's and that the two add up to the invoice exactly.
func checkCreditNotes(t *testing.T, inv Invoice, seed uint64) {
	first := make([]int, len(inv.Lines))
	rest := make([]int, len(inv.Lines))
	for i, l := range inv.Lines {
		first[i] = int((seed >> (i % 64)) % uint64(l.Quantity+1))
		rest[i] = l.Quantity - first[i]
	}
	var sum Totals
	for _, step := range []struct{ already, returned []int }{{nil, first}, {first, rest}} {
		pieces := 0
		for _, k := range step.returned {
			pieces += k
		}
		if pieces == 0 {
			continue // nothing returned in this step
		}
		note, err := CreditNote(inv, step.already, step.returned)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range note.Lines {
			if l.TaxableValue+l.Tax() != l.Total || l.UnitPrice*shop.Money(l.Quantity)-l.Discount != l.Total ||
				l.TaxableValue < 0 || l.Discount < 0 || l.CGST != l.SGST {
				t.Fatalf("credit line %+v", l)
			}
		}
		sum.TaxableValue += note.Totals.TaxableValue
		sum.CGST += note.Totals.CGST
		sum.SGST += note.Totals.SGST
		sum.IGST += note.Totals.IGST
		sum.Total += note.Totals.Total
	}
	if sum != inv.Totals {
		t.Fatalf("credit notes for every piece add up to %+v, the invoice to %+v", sum, inv.Totals)
	}
}
