package invoice

import (
	"drape/internal/gst"
	"drape/internal/invoice/invoicedb"
)

// store reads and writes invoices and their counters.
type store struct{ q *invoicedb.Queries }

func fromRows(r invoicedb.Invoice, lines []invoicedb.InvoiceLine) Invoice {
	inv := Invoice{Number: r.Number, Date: r.IssuedAt.In(gst.IST).Format("2006-01-02"), IssuedAt: r.IssuedAt,
		PlaceOfSupply: gst.State{Code: r.PlaceCode, Name: r.PlaceState},
		Supplier:      Party{Name: r.SupplierName, Address: r.SupplierAddress, State: r.SupplierState},
		Recipient:     Party{Name: r.RecipientName, Address: r.RecipientAddress, State: r.PlaceState},
		SupplierGSTIN: r.SupplierGstin, RecipientGSTIN: r.RecipientGstin, Lines: make([]Line, len(lines)),
		Totals: Totals{TaxableValue: Amount(r.TaxableValue), CGST: Amount(r.Cgst), SGST: Amount(r.Sgst), IGST: Amount(r.Igst),
			Total: Amount(r.Total)},
		CreditNotes: []CreditNote{}}
	for i, l := range lines {
		inv.Lines[i] = Line{Description: l.Description, HSN: l.Hsn, Quantity: int(l.Quantity), UnitPrice: Amount(l.UnitPrice),
			Discount: Amount(l.Discount), TaxableValue: Amount(l.TaxableValue), Rate: gst.Rate(l.Rate).Percent(),
			CGST: Amount(l.Cgst), SGST: Amount(l.Sgst), IGST: Amount(l.Igst), Total: Amount(l.Total)}
	}
	return inv
}
