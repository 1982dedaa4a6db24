package invoice

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	"golang.org/x/image/font/sfnt"

	"drape/internal/gst"
	"drape/internal/invoice/invoicetest"
)

// sampleInvoice is an invoice of the Rajasthan shop delivered to place: two shirts with a
// sale discount and a shipping line.
func sampleInvoice(place gst.State, intra bool) Invoice {
	at := time.Date(2026, 11, 26, 6, 30, 0, 0, time.UTC)
	shirt := Line{Description: "Oxford Button-Down Shirt (M)", HSN: "62052000", Quantity: 2, UnitPrice: 249900, Discount: 50000,
		TaxableValue: 428572, Rate: 5, Total: 449800}
	ship := Line{Description: "Shipping", HSN: "62052000", Quantity: 1, UnitPrice: 9900, TaxableValue: 9429, Rate: 5, Total: 9900}
	if intra {
		shirt.CGST, shirt.SGST, ship.CGST, ship.SGST = 10614, 10614, 236, 235
	} else {
		shirt.IGST, ship.IGST = 21228, 471
	}
	inv := Invoice{Number: "JF/26-27/000123", Date: "2026-11-26", IssuedAt: at, PlaceOfSupply: place,
		Supplier:      Party{Name: "Jaipur Formals Private Limited", Address: "14 Mirza Ismail Road, Jaipur 302001", State: "Rajasthan"},
		Recipient:     Party{Name: "Ira Rao", Address: "221 Marine Drive, Mumbai, Maharashtra, 400001", State: place.Name},
		SupplierGSTIN: "08AAACJ4321K1ZO", Lines: []Line{shirt, ship}, CreditNotes: []CreditNote{}}
	for _, l := range inv.Lines {
		inv.Totals.TaxableValue += l.TaxableValue
		inv.Totals.CGST += l.CGST
		inv.Totals.SGST += l.SGST
		inv.Totals.IGST += l.IGST
		inv.Totals.Total += l.Total
	}
	return inv
}

// TestInvoicePDF: the rendered PDF's text, as a PDF reader extracts it, holds every field
// Rule 46 asks for: CGST and SGST within Rajasthan, IGST to Maharashtra, a business buyer's
// GSTIN; the same invoice renders to the same bytes.
func TestInvoicePDF(t *testing.T) {
	rajasthan, _ := gst.StateCoded("08")
	maharashtra, _ := gst.StateCoded("27")
	b2b := sampleInvoice(rajasthan, true)
	b2b.Recipient.Name, b2b.RecipientGSTIN = "Acme Traders", "27AAPFU0939F1ZV"
	for _, c := range []struct {
		name    string
		inv     Invoice
		want    []string
		notWant []string
	}{
		{"within the state", sampleInvoice(rajasthan, true),
			[]string{"CGST", "SGST", "Place of supply Rajasthan (08)", "106.14", "@ 2.5%", "CGST ₹108.50", "SGST ₹108.49"},
			[]string{"IGST"}},
		{"across states", sampleInvoice(maharashtra, false),
			[]string{"IGST", "Place of supply Maharashtra (27)", "212.28", "@ 5%", "IGST ₹216.99"},
			[]string{"CGST", "SGST"}},
		{"to a business", b2b, []string{"Acme Traders", "GSTIN 27AAPFU0939F1ZV"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc, err := PDF(c.inv)
			if err != nil {
				t.Fatal(err)
			}
			if os.Getenv("INVOICE_PDF_OUT") != "" {
				os.WriteFile(os.Getenv("INVOICE_PDF_OUT")+"/"+strings.ReplaceAll(c.name, " ", "-")+".pdf", doc, 0o644)
			}
			text := invoicetest.Text(t, doc)
			want := append([]string{
				"TAX INVOICE", "Jaipur Formals Private Limited", "14 Mirza Ismail Road, Jaipur 302001", "GSTIN 08AAACJ4321K1ZO",
				"Invoice number JF/26-27/000123", "Invoice date 26 November 2026", "Tax payable on reverse charge No",
				"221 Marine Drive, Mumbai, Maharashtra, 400001",
				"Description", "HSN", "Qty", "Value", "Discount", "Taxable value (₹)", "Total",
				"Oxford Button-Down Shirt (M)", "2 × ₹2,499.00", "62052000", "2 PCS", "4,998.00", "500.00", "4,285.72", "4,498.00",
				"Shipping", "1 × ₹99.00", "1 OTH", "99.00", "94.29",
				"Taxable value ₹4,380.01", "Invoice total ₹4,597.00",
				"Rupees Four Thousand Five Hundred and Ninety-Seven Only",
				"For Jaipur Formals Private Limited", "Authorised signatory",
			}, c.want...)
			flat := strings.Join(strings.Fields(text), " ")
			for _, w := range want {
				if !strings.Contains(flat, w) {
					t.Errorf("the PDF's text lacks %q:\n%s", w, text)
				}
			}
			for _, w := range c.notWant {
				if strings.Contains(flat, w) {
					t.Errorf("the PDF's text has %q:\n%s", w, text)
				}
			}
			again, err := PDF(c.inv)
			if err != nil || !bytes.Equal(doc, again) {
				t.Errorf("the same invoice rendered to different bytes (%d and %d bytes, %v)", len(doc), len(again), err)
			}
		})
	}
}

// TestInvoiceFontHasTheRupeeSign: both embedded faces have a glyph for ₹ (U+20B9), so the
// invoice's amounts never show a missing-glyph box.
func TestInvoiceFontHasTheRupeeSign(t *testing.T) {
	for name, face := range map[string][]byte{"regular": regularFont, "bold": boldFont} {
		f, err := sfnt.Parse(face)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		g, err := f.GlyphIndex(nil, '₹')
		if err != nil || g == 0 {
			t.Errorf("%s has no glyph for ₹ (index %d, %v)", name, g, err)
		}
	}
}
