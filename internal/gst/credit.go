package gst

import "drape/internal/shop"

// CreditNote is the credit for pieces returned of an invoice's lines: returned[i] pieces of
// inv.Lines[i], after already[i] of them were credited by earlier notes (nil for none). Its
// figures follow the invoice's: each line keeps its rate and tax heads, and every figure is the
// share of the invoice line's for the pieces credited so far less the share for those
// credited before, each share rounded half-up to the paisa. So the notes for every piece of a
// line add up to that line exactly, and each note's lines satisfy quantity × unitPrice −
// discount = total = taxableValue + taxes, as an invoice's do. Lines nothing is returned of
// are left out. Errors: Invalid when the counts do not match the lines, are negative, return
// nothing, or would credit more pieces than a line has.
func CreditNote(inv Invoice, already, returned []int) (Invoice, error) {
	p := shop.Problems{}
	p.Check(len(returned) != len(inv.Lines) || (already != nil && len(already) != len(inv.Lines)), "lines",
		"A credit note names a count for every invoice line")
	if err := p.Err(); err != nil {
		return Invoice{}, err
	}
	note := Invoice{Intra: inv.Intra}
	for i, l := range inv.Lines {
		a := 0
		if already != nil {
			a = already[i]
		}
		k := returned[i]
		p.Check(a < 0 || k < 0 || a+k > l.Quantity, "lines", "A line cannot be credited for more pieces than it has")
		if k <= 0 || a < 0 || a+k > l.Quantity {
			continue
		}
		b, n := int64(a+k), int64(l.Quantity)
		share := func(v shop.Money) shop.Money {
			return shop.Money(halfUp(int64(v)*b, n) - halfUp(int64(v)*int64(a), n))
		}
		c := InvoiceLine{Description: l.Description, HSN: l.HSN, Quantity: k, UnitPrice: l.UnitPrice, Rate: l.Rate,
			CGST: share(l.CGST), SGST: share(l.SGST), IGST: share(l.IGST), Total: share(l.Total)}
		c.TaxableValue = c.Total - c.Tax()
		c.Discount = l.UnitPrice*shop.Money(k) - c.Total
		note.Lines = append(note.Lines, c)
		note.Totals.TaxableValue += c.TaxableValue
		note.Totals.CGST += c.CGST
		note.Totals.SGST += c.SGST
		note.Totals.IGST += c.IGST
		note.Totals.Total += c.Total
	}
	p.Check(len(note.Lines) == 0, "lines", "A credit note credits at least one piece")
	if err := p.Err(); err != nil {
		return Invoice{}, err
	}
	return note, nil
}
