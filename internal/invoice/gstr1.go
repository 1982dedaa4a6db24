package invoice

import (
	"archive/zip"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"drape/internal/gst"
	"drape/internal/invoice/invoicedb"
	"drape/internal/shop"
)

// B2CLThreshold is, from a date on, the invoice value above which an inter-state invoice to an
// unregistered buyer is reported invoice by invoice in GSTR-1 Table 5 (B2CL) rather than
// summed in Table 7 (B2CS).
type B2CLThreshold struct {
	From  time.Time // first IST day of invoices it applies to
	Above shop.Money
}

// B2CLThresholds is the schedule, oldest first (INDIA.md §1 "GSTR-1"): ₹2,50,000 from the start
// of GST, ₹1,00,000 for invoices from 1 August 2024 (Notification 12/2024-Central Tax).
var B2CLThresholds = []B2CLThreshold{
	{From: time.Date(2017, time.July, 1, 0, 0, 0, 0, gst.IST), Above: shop.Rupees(250000)},
	{From: time.Date(2024, time.August, 1, 0, 0, 0, 0, gst.IST), Above: shop.Rupees(100000)},
}

// Section is one GSTR-1 table as the GST offline tool imports it from CSV: its sheet's column
// headers, word for word, and its rows.
type Section struct {
	Name   string // b2b, b2cl, b2cs, cdnr, cdnur, hsnb2b, hsnb2c, docs
	Header []string
	Rows   [][]string
}

// Sections are the GSTR-1 sections drape exports, in the return's order.
var Sections = []string{"b2b", "b2cl", "b2cs", "cdnr", "cdnur", "hsnb2b", "hsnb2c", "docs"}

// The offline tool's column headers (GSTR-1 Excel workbook template, sheets b2b, b2cl, b2cs,
// cdnr, cdnur, hsn(b2b), hsn(b2c), docs; see README "GSTR-1 export").
var headers = map[string][]string{
	"b2b": {"GSTIN/UIN of Recipient", "Receiver Name", "Invoice Number", "Invoice date", "Invoice Value", "Place Of Supply",
		"Reverse Charge", "Applicable % of Tax Rate", "Invoice Type", "E-Commerce GSTIN", "Rate", "Taxable Value", "Cess Amount"},
	"b2cl": {"Invoice Number", "Invoice date", "Invoice Value", "Place Of Supply", "Applicable % of Tax Rate", "Rate",
		"Taxable Value", "Cess Amount", "E-Commerce GSTIN"},
	"b2cs": {"Type", "Place Of Supply", "Applicable % of Tax Rate", "Rate", "Taxable Value", "Cess Amount", "E-Commerce GSTIN"},
	"cdnr": {"GSTIN/UIN of Recipient", "Receiver Name", "Note Number", "Note Date", "Note Type", "Place Of Supply",
		"Reverse Charge", "Note Supply Type", "Note Value", "Applicable % of Tax Rate", "Rate", "Taxable Value", "Cess Amount"},
	"cdnur": {"UR Type", "Note Number", "Note Date", "Note Type", "Place Of Supply", "Note Value", "Applicable % of Tax Rate",
		"Rate", "Taxable Value", "Cess Amount"},
	"hsnb2b": hsnHeader,
	"hsnb2c": hsnHeader,
	"docs":   {"Nature of Document", "Sr. No. From", "Sr. No. To", "Total Number", "Cancelled"},
}

var hsnHeader = []string{"HSN", "Description", "UQC", "Total Quantity", "Total Value", "Rate", "Taxable Value",
	"Integrated Tax Amount", "Central Tax Amount", "State/UT Tax Amount", "Cess Amount"}

// ParseMonth reads a return period, "2026-11". Errors: Invalid for anything else.
func ParseMonth(month string) (time.Time, error) {
	t, err := time.ParseInLocation("2006-01", strings.TrimSpace(month), gst.IST)
	if err != nil {
		return time.Time{}, shop.E(shop.Invalid, "month must be a month like 2026-11")
	}
	return t, nil
}

// GSTR1 is the GSTR-1 return of the IST month starting at month (see ParseMonth): every
// section of Sections, from the invoices and credit notes dated in the month (IST). Invoices
// to a GSTIN are B2B; inter-state ones to unregistered buyers above the B2CL threshold of
// their date are B2CL; the rest are summed by place of supply and rate in B2CS, net of the
// month's credit notes against such invoices. Notes against B2B invoices are CDNR, against
// B2CL ones CDNUR. The HSN summary is net of the month's credit notes, B2B and B2C apart,
// quantities in pieces of goods (fees count none), each code described by its heading
// (gst.HSNDescription). Documents issued give each series' first
// and last number, how many numbers that spans and how many of them are missing (cancelled:
// none, the series being gapless). Errors: none of its own.
func (s *Service) GSTR1(ctx context.Context, month time.Time) ([]Section, error) {
	start := time.Date(month.Year(), month.Month(), 1, 0, 0, 0, 0, gst.IST)
	span := invoicedb.InvoiceLinesIssuedParams{Since: start, Until: start.AddDate(0, 1, 0)}
	invRows, err := s.store.q.InvoiceLinesIssued(ctx, span)
	if err != nil {
		return nil, err
	}
	noteRows, err := s.store.q.CreditNoteLinesIssued(ctx, invoicedb.CreditNoteLinesIssuedParams(span))
	if err != nil {
		return nil, err
	}
	var invoices, notes []document
	for _, r := range invRows {
		if len(invoices) == 0 || invoices[len(invoices)-1].number != r.Number {
			invoices = append(invoices, document{number: r.Number, series: r.Series, fy: r.FinancialYear, serial: r.Serial,
				at: r.IssuedAt, value: r.InvoiceTotal, recipientName: r.RecipientName, recipientGSTIN: r.RecipientGstin,
				supplierGSTIN: r.SupplierGstin, placeCode: r.PlaceCode, placeState: r.PlaceState, invoiceValue: r.InvoiceTotal,
				invoiceAt: r.IssuedAt})
		}
		d := &invoices[len(invoices)-1]
		d.lines = append(d.lines, documentLine{hsn: r.Hsn, quantity: int64(r.Quantity), goods: r.Goods, rate: gst.Rate(r.Rate),
			taxable: r.TaxableValue, cgst: r.Cgst, sgst: r.Sgst, igst: r.Igst, total: r.Total})
	}
	for _, r := range noteRows {
		if len(notes) == 0 || notes[len(notes)-1].number != r.Number {
			notes = append(notes, document{number: r.Number, series: r.Series, fy: r.FinancialYear, serial: r.Serial,
				at: r.IssuedAt, value: r.NoteTotal, recipientName: r.RecipientName, recipientGSTIN: r.RecipientGstin,
				supplierGSTIN: r.SupplierGstin, placeCode: r.PlaceCode, placeState: r.PlaceState, invoiceValue: r.InvoiceTotal,
				invoiceAt: r.InvoiceIssuedAt})
		}
		d := &notes[len(notes)-1]
		d.lines = append(d.lines, documentLine{hsn: r.Hsn, quantity: int64(r.Quantity), goods: r.Goods, rate: gst.Rate(r.Rate),
			taxable: r.TaxableValue, cgst: r.Cgst, sgst: r.Sgst, igst: r.Igst, total: r.Total})
	}
	return gstr1(invoices, notes), nil
}

// WriteCSV writes section as CSV: its header, then its rows.
func WriteCSV(w io.Writer, section Section) error {
	out := csv.NewWriter(w)
	if err := out.Write(section.Header); err != nil {
		return err
	}
	if err := out.WriteAll(section.Rows); err != nil {
		return err
	}
	out.Flush()
	return out.Error()
}

// WriteZip writes sections as a zip of CSV files named prefix-<section>.csv.
func WriteZip(w io.Writer, prefix string, sections []Section) error {
	z := zip.NewWriter(w)
	for _, s := range sections {
		f, err := z.Create(prefix + "-" + s.Name + ".csv")
		if err != nil {
			return err
		}
		if err := WriteCSV(f, s); err != nil {
			return err
		}
	}
	return z.Close()
}

// document is an invoice or a credit note as GSTR-1 reads it: for a note, the recipient, place
// and invoice fields are those of the invoice it credits.
type document struct {
	number, series, fy string
	serial             int32
	at                 time.Time
	value              int64 // the document's total
	recipientName      string
	recipientGSTIN     string
	supplierGSTIN      string
	placeCode          string
	placeState         string
	invoiceValue       int64
	invoiceAt          time.Time
	lines              []documentLine
}

type documentLine struct {
	hsn                              string
	quantity                         int64
	goods                            bool
	rate                             gst.Rate
	taxable, cgst, sgst, igst, total int64
}

// kind is the GSTR-1 table the invoice (or the invoice a note credits) belongs to.
func (d document) kind() string {
	if d.recipientGSTIN != "" {
		return "b2b"
	}
	inter := len(d.supplierGSTIN) < 2 || d.supplierGSTIN[:2] != d.placeCode
	if inter && shop.Money(d.invoiceValue) > b2clAbove(d.invoiceAt) {
		return "b2cl"
	}
	return "b2cs"
}

// b2clAbove is the B2CL threshold for an invoice dated at.
func b2clAbove(at time.Time) shop.Money {
	above := B2CLThresholds[0].Above
	for _, t := range B2CLThresholds {
		if !at.Before(t.From) {
			above = t.Above
		}
	}
	return above
}

// byRate is d's taxable value per rate, rates ascending.
func (d document) byRate() ([]gst.Rate, map[gst.Rate]int64) {
	sums := map[gst.Rate]int64{}
	var rates []gst.Rate
	for _, l := range d.lines {
		if _, ok := sums[l.rate]; !ok {
			rates = append(rates, l.rate)
		}
		sums[l.rate] += l.taxable
	}
	slices.Sort(rates)
	return rates, sums
}

// hsnSum is one row of the HSN summary.
type hsnSum struct {
	hsn                                        string
	rate                                       gst.Rate
	quantity, total, taxable, igst, cgst, sgst int64
}

func gstr1(invoices, notes []document) []Section {
	out := map[string]*Section{}
	for _, name := range Sections {
		out[name] = &Section{Name: name, Header: headers[name], Rows: [][]string{}}
	}
	type b2csKey struct {
		place string
		rate  gst.Rate
	}
	b2cs := map[b2csKey]int64{}
	var b2csOrder []b2csKey
	addB2CS := func(d document, sign int64) {
		rates, sums := d.byRate()
		for _, r := range rates {
			k := b2csKey{d.placeCode, r}
			if _, ok := b2cs[k]; !ok {
				b2csOrder = append(b2csOrder, k)
			}
			b2cs[k] += sign * sums[r]
		}
	}
	hsn := map[string]map[[2]string]*hsnSum{"hsnb2b": {}, "hsnb2c": {}}
	addHSN := func(d document, sign int64) {
		tab := "hsnb2c"
		if d.kind() == "b2b" {
			tab = "hsnb2b"
		}
		for _, l := range d.lines {
			k := [2]string{l.hsn, strconv.Itoa(int(l.rate))}
			h := hsn[tab][k]
			if h == nil {
				h = &hsnSum{hsn: l.hsn, rate: l.rate}
				hsn[tab][k] = h
			}
			if l.goods {
				h.quantity += sign * l.quantity
			}
			h.total += sign * l.total
			h.taxable += sign * l.taxable
			h.igst += sign * l.igst
			h.cgst += sign * l.cgst
			h.sgst += sign * l.sgst
		}
	}
	for _, d := range invoices {
		addHSN(d, 1)
		rates, sums := d.byRate()
		switch d.kind() {
		case "b2b":
			for _, r := range rates {
				out["b2b"].Rows = append(out["b2b"].Rows, []string{d.recipientGSTIN, d.recipientName, d.number, day(d.at),
					rupees(d.value), place(d.placeCode, d.placeState), "N", "", "Regular B2B", "", percent(r), rupees(sums[r]), ""})
			}
		case "b2cl":
			for _, r := range rates {
				out["b2cl"].Rows = append(out["b2cl"].Rows, []string{d.number, day(d.at), rupees(d.value),
					place(d.placeCode, d.placeState), "", percent(r), rupees(sums[r]), "", ""})
			}
		default:
			addB2CS(d, 1)
		}
	}
	for _, d := range notes {
		addHSN(d, -1)
		rates, sums := d.byRate()
		switch d.kind() {
		case "b2b":
			for _, r := range rates {
				out["cdnr"].Rows = append(out["cdnr"].Rows, []string{d.recipientGSTIN, d.recipientName, d.number, day(d.at), "C",
					place(d.placeCode, d.placeState), "N", "Regular B2B", rupees(d.value), "", percent(r), rupees(sums[r]), ""})
			}
		case "b2cl":
			for _, r := range rates {
				out["cdnur"].Rows = append(out["cdnur"].Rows, []string{"B2CL", d.number, day(d.at), "C",
					place(d.placeCode, d.placeState), rupees(d.value), "", percent(r), rupees(sums[r]), ""})
			}
		default:
			addB2CS(d, -1)
		}
	}
	slices.SortFunc(b2csOrder, func(a, b b2csKey) int {
		return strings.Compare(fmt.Sprintf("%s/%05d", a.place, a.rate), fmt.Sprintf("%s/%05d", b.place, b.rate))
	})
	for _, k := range b2csOrder {
		if b2cs[k] == 0 {
			continue // credited in full: nothing to report
		}
		name := ""
		if st, ok := gst.StateCoded(k.place); ok {
			name = st.Name
		}
		out["b2cs"].Rows = append(out["b2cs"].Rows, []string{"OE", place(k.place, name), "", percent(k.rate), rupees(b2cs[k]), "", ""})
	}
	for tab, sums := range hsn {
		rows := make([]*hsnSum, 0, len(sums))
		for _, h := range sums {
			rows = append(rows, h)
		}
		slices.SortFunc(rows, func(a, b *hsnSum) int {
			if c := strings.Compare(a.hsn, b.hsn); c != 0 {
				return c
			}
			return int(a.rate - b.rate)
		})
		for _, h := range rows {
			if *h == (hsnSum{hsn: h.hsn, rate: h.rate}) {
				continue // credited in full
			}
			out[tab].Rows = append(out[tab].Rows, []string{h.hsn, gst.HSNDescription(h.hsn), "PCS-PIECES", strconv.FormatInt(h.quantity, 10),
				rupees(h.total), percent(h.rate), rupees(h.taxable), rupees(h.igst), rupees(h.cgst), rupees(h.sgst), ""})
		}
	}
	out["docs"].Rows = append(documentsIssued("Invoices for outward supply", invoices), documentsIssued("Credit Note", notes)...)
	sections := make([]Section, len(Sections))
	for i, name := range Sections {
		sections[i] = *out[name]
	}
	return sections
}

// documentsIssued is Table 13's rows for docs of one nature: per series and financial year,
// the first and last number, the numbers between them, and how many of those are missing.
func documentsIssued(nature string, docs []document) [][]string {
	type run struct {
		first, last document
		count       int
	}
	var runs []*run
	at := map[string]*run{}
	for _, d := range docs {
		k := d.series + " " + d.fy
		r := at[k]
		if r == nil {
			r = &run{first: d, last: d}
			at[k] = r
			runs = append(runs, r)
		}
		if d.serial < r.first.serial {
			r.first = d
		}
		if d.serial > r.last.serial {
			r.last = d
		}
		r.count++
	}
	rows := [][]string{}
	for _, r := range runs {
		span := int(r.last.serial-r.first.serial) + 1
		rows = append(rows, []string{nature, r.first.number, r.last.number, strconv.Itoa(span), strconv.Itoa(span - r.count)})
	}
	return rows
}

// day is an IST date as the offline tool reads it: 05-Nov-2026.
func day(t time.Time) string { return t.In(gst.IST).Format("02-Jan-2006") }

// rupees is paise as rupees with two decimals: 1713.34, -95.00.
func rupees(paise int64) string {
	b, _ := Amount(paise).MarshalJSON()
	return string(b)
}

// percent is a rate as the offline tool's Rate column has it: 5, 18, 2.5.
func percent(r gst.Rate) string { return strconv.FormatFloat(r.Percent(), 'f', -1, 64) }

// place is a place of supply as the offline tool names it: 08-Rajasthan, 01-Jammu & Kashmir.
func place(code, name string) string {
	name = strings.ReplaceAll(strings.TrimSuffix(name, " (before 2014)"), " and ", " & ")
	return code + "-" + name
}
