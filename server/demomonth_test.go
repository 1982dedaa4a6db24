package main

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"drape/internal/demo"
	"drape/internal/invoice"
	"drape/internal/order"
	"drape/internal/shop"
)

// gstFigures are money figures of GST documents in paise.
type gstFigures struct{ taxable, cgst, sgst, igst, total int64 }

func (f *gstFigures) add(sign int64, l invoice.Line) {
	f.taxable += sign * int64(l.TaxableValue)
	f.cgst += sign * int64(l.CGST)
	f.sgst += sign * int64(l.SGST)
	f.igst += sign * int64(l.IGST)
	f.total += sign * int64(l.Total)
}

// paise reads a GSTR-1 CSV amount, rupees with two decimals ("1713.34", "-95.00").
func paise(t *testing.T, rupees string) int64 {
	t.Helper()
	whole, frac, ok := strings.Cut(rupees, ".")
	n, err := strconv.ParseInt(whole+frac, 10, 64)
	if !ok || len(frac) != 2 || err != nil {
		t.Fatalf("amount %q is not rupees with two decimals", rupees)
	}
	return n
}

// gstr1Sheet is one CSV of the export: its rows as column → value.
type gstr1Sheet []map[string]string

func (s gstr1Sheet) column(name string) []string {
	var out []string
	for _, r := range s {
		out = append(out, r[name])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestDemoMonthGSTR1AddsUp: the demo shop as `server seed` loads it has a month of orders, and
// the GSTR-1 export of that month adds up, in exact paise, to the month's tax invoices minus its
// credit notes as the order records carry them: per rate and in total, in taxable value (B2B +
// B2CL + B2CS − CDNR − CDNUR) and in every tax (the HSN summaries); each section holds the
// right documents (invoices to a GSTIN in B2B, the big inter-state one in B2CL, B2CS summed by
// state and rate net of its notes, the note against a business's invoice in CDNR), and the
// documents-issued table spans the month's series without a gap.
func TestDemoMonthGSTR1AddsUp(t *testing.T) {
	t.Parallel()
	app, d := testApp(t)
	ctx := context.Background()
	if err := seed(ctx, d.cfg, d.log, nil, io.Discard); err != nil {
		t.Fatal(err)
	}
	svc := newServices(d)
	if _, err := svc.accounts.CreateStaff(ctx, accountStaff("owner@drape.in", "admin")); err != nil {
		t.Fatal(err)
	}
	status, body := send(t, app, "POST", "/api/admin/login", "", map[string]any{"email": "owner@drape.in", "password": "back-office-1"})
	expect(t, "admin login", status, body, 200, nil)
	admin := jsonValue(t, body, "token").(string)
	start := demo.DemoMonth(time.Now())
	until := start.AddDate(0, 1, 0)
	inMonth := func(at time.Time) bool { return !at.Before(start) && at.Before(until) }

	// What the month's documents say, from the order records.
	orders, err := svc.orders.AdminList(ctx, order.AdminFilter{}, shop.Page{Number: 1, Size: 100})
	if err != nil {
		t.Fatal(err)
	}
	byRate, all := map[string]*gstFigures{}, &gstFigures{}
	figures := func(rate float64) *gstFigures {
		k := strconv.FormatFloat(rate, 'f', -1, 64)
		if byRate[k] == nil {
			byRate[k] = &gstFigures{}
		}
		return byRate[k]
	}
	want := map[string][]string{} // section → document numbers
	b2cs := map[string]int64{}    // "place/rate" → taxable value net of notes
	var invoiceNumbers, noteNumbers []string
	intra, inter, coupons := 0, 0, 0
	for _, o := range orders.Items {
		inv, err := svc.invoices.ForOrder(ctx, o.ID)
		if err != nil {
			t.Fatal(err)
		}
		if inv == nil {
			continue
		}
		if o.CouponDiscount > 0 {
			coupons++
		}
		kind := "b2cs"
		interState := inv.PlaceOfSupply.Code != demo.DemoGSTIN[:2]
		switch {
		case inv.RecipientGSTIN != "":
			kind = "b2b"
		case interState && inv.Totals.Total > invoice.Amount(shop.Rupees(100000)):
			kind = "b2cl"
		}
		place := inv.PlaceOfSupply.Code + "-" + inv.PlaceOfSupply.Name
		count := func(sign int64, lines []invoice.Line) {
			for _, l := range lines {
				figures(l.Rate).add(sign, l)
				all.add(sign, l)
				if kind == "b2cs" {
					b2cs[place+"/"+strconv.FormatFloat(l.Rate, 'f', -1, 64)] += sign * int64(l.TaxableValue)
				}
			}
		}
		if inMonth(inv.IssuedAt) {
			count(1, inv.Lines)
			want[kind] = append(want[kind], inv.Number)
			invoiceNumbers = append(invoiceNumbers, inv.Number)
			if interState {
				inter++
			} else {
				intra++
			}
		}
		for _, n := range inv.CreditNotes {
			if inMonth(n.IssuedAt) {
				count(-1, n.Lines)
				noteNumbers = append(noteNumbers, n.Number)
				switch kind {
				case "b2b":
					want["cdnr"] = append(want["cdnr"], n.Number)
				case "b2cl":
					want["cdnur"] = append(want["cdnur"], n.Number)
				}
			}
		}
	}
	// The demo month is what the README says it is.
	if orders.Total != 24 || len(invoiceNumbers) != 21 || len(noteNumbers) != 2 || len(want["b2b"]) < 2 ||
		len(want["b2cl"]) != 1 || len(want["cdnr"]) != 1 || intra == 0 || inter == 0 || coupons == 0 || len(byRate) < 2 {
		t.Fatalf("the demo month: %d orders, %d invoices (%d intra-state, %d inter-state, %d with a coupon), notes %v, rates %d, sections %v",
			orders.Total, len(invoiceNumbers), intra, inter, coupons, noteNumbers, len(byRate), want)
	}

	// The export.
	resp, raw := call(t, app, "GET", "/api/admin/gstr1?month="+start.Format("2006-01"), map[string]string{"Authorization": "Bearer " + admin}, nil)
	if resp.StatusCode != 200 {
		t.Fatalf("export: %d %s", resp.StatusCode, raw)
	}
	z, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatal(err)
	}
	sheets := map[string]gstr1Sheet{}
	for _, f := range z.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(r).ReadAll()
		r.Close()
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		name := strings.TrimSuffix(strings.TrimPrefix(f.Name, "gstr1-"+start.Format("2006-01")+"-"), ".csv")
		for _, row := range rows[1:] {
			m := map[string]string{}
			for i, h := range rows[0] {
				m[h] = row[i]
			}
			sheets[name] = append(sheets[name], m)
		}
	}

	// Each section holds the right documents.
	for _, s := range []struct{ section, column string }{{"b2b", "Invoice Number"}, {"b2cl", "Invoice Number"},
		{"cdnr", "Note Number"}, {"cdnur", "Note Number"}} {
		expected := slices.Compact(slices.Sorted(slices.Values(want[s.section])))
		if got := sheets[s.section].column(s.column); !slices.Equal(got, expected) {
			t.Errorf("%s holds %v, want %v", s.section, got, expected)
		}
	}
	gotB2CS := map[string]int64{}
	for _, r := range sheets["b2cs"] {
		if r["Type"] != "OE" {
			t.Errorf("b2cs type %q", r["Type"])
		}
		gotB2CS[r["Place Of Supply"]+"/"+r["Rate"]] += paise(t, r["Taxable Value"])
	}
	for k, v := range b2cs {
		if v != 0 && gotB2CS[k] != v {
			t.Errorf("b2cs %s: %d paise, want %d", k, gotB2CS[k], v)
		}
		if v == 0 && gotB2CS[k] != 0 {
			t.Errorf("b2cs %s nets to nothing but reads %d paise", k, gotB2CS[k])
		}
	}
	if len(gotB2CS) != len(b2cs)-countZero(b2cs) {
		t.Errorf("b2cs rows %v, want %v", gotB2CS, b2cs)
	}

	// Taxable value per rate: B2B + B2CL + B2CS − CDNR − CDNUR is the invoices less the notes.
	taxable := map[string]int64{}
	for section, sign := range map[string]int64{"b2b": 1, "b2cl": 1, "b2cs": 1, "cdnr": -1, "cdnur": -1} {
		for _, r := range sheets[section] {
			taxable[r["Rate"]] += sign * paise(t, r["Taxable Value"])
		}
	}
	// Every figure per rate and in total from the HSN summaries, B2B and B2C.
	hsn, hsnAll := map[string]*gstFigures{}, &gstFigures{}
	for _, section := range []string{"hsnb2b", "hsnb2c"} {
		for _, r := range sheets[section] {
			if r["UQC"] != "PCS-PIECES" || r["HSN"] == "" {
				t.Errorf("%s row %v", section, r)
			}
			if want := hsnNames[r["HSN"]]; r["Description"] != want || want == "" {
				t.Errorf("%s: HSN %s is described %q, want %q", section, r["HSN"], r["Description"], want)
			}
			f := hsn[r["Rate"]]
			if f == nil {
				f = &gstFigures{}
				hsn[r["Rate"]] = f
			}
			for _, g := range []*gstFigures{f, hsnAll} {
				g.taxable += paise(t, r["Taxable Value"])
				g.igst += paise(t, r["Integrated Tax Amount"])
				g.cgst += paise(t, r["Central Tax Amount"])
				g.sgst += paise(t, r["State/UT Tax Amount"])
				g.total += paise(t, r["Total Value"])
			}
		}
	}
	for rate, f := range byRate {
		if taxable[rate] != f.taxable {
			t.Errorf("%s%%: the sections' taxable value is %d paise, the documents' %d", rate, taxable[rate], f.taxable)
		}
		if h := hsn[rate]; h == nil || *h != *f {
			t.Errorf("%s%%: the HSN summary gives %+v paise, the documents %+v", rate, h, *f)
		}
	}
	if len(taxable) != len(byRate) || len(hsn) != len(byRate) {
		t.Errorf("rates in the sections %v and HSN summary %v, in the documents %v", taxable, hsn, byRate)
	}
	if *hsnAll != *all || all.taxable+all.cgst+all.sgst+all.igst != all.total {
		t.Errorf("in total the HSN summary gives %+v paise, the documents %+v", *hsnAll, *all)
	}

	// Documents issued: both series of the month, first to last, none missing.
	slices.Sort(invoiceNumbers)
	slices.Sort(noteNumbers)
	wantDocs := [][]string{{"Invoices for outward supply", invoiceNumbers[0], invoiceNumbers[len(invoiceNumbers)-1], strconv.Itoa(len(invoiceNumbers)), "0"},
		{"Credit Note", noteNumbers[0], noteNumbers[len(noteNumbers)-1], strconv.Itoa(len(noteNumbers)), "0"}}
	if len(sheets["docs"]) != 2 {
		t.Fatalf("docs %v", sheets["docs"])
	}
	for i, r := range sheets["docs"] {
		got := []string{r["Nature of Document"], r["Sr. No. From"], r["Sr. No. To"], r["Total Number"], r["Cancelled"]}
		if !slices.Equal(got, wantDocs[i]) {
			t.Errorf("docs row %d: %v, want %v", i, got, wantDocs[i])
		}
	}
}

// hsnNames are the descriptions the HSN summary gives the demo catalogue's codes (the customs
// tariff's headings).
var hsnNames = map[string]string{
	"6203": "Men's or boys' suits, ensembles, jackets, blazers, trousers and shorts",
	"6204": "Women's or girls' suits, ensembles, jackets, blazers, dresses, skirts, trousers and shorts",
	"6205": "Men's or boys' shirts",
	"6206": "Women's or girls' blouses, shirts and shirt-blouses",
	"6211": "Track suits, ski suits and swimwear; other garments",
}

// countZero is how many of m's values are 0.
func countZero(m map[string]int64) int {
	n := 0
	for _, v := range m {
		if v == 0 {
			n++
		}
	}
	return n
}

// TestDemoMonthAfterASeedWithoutIt: `server seed --orders=false` (the browser tests' and the
// benches' shop) switches the demo's COD confirmation on; a later plain `server seed` on the same
// database still places the whole month, each order confirmed at once so its later steps ship it.
// Before, the month's first shipment was refused ("waiting for its cash-on-delivery
// confirmation") and the seed failed.
func TestDemoMonthAfterASeedWithoutIt(t *testing.T) {
	t.Parallel()
	_, d := testApp(t)
	ctx := context.Background()
	if err := seed(ctx, d.cfg, d.log, []string{"--orders=false"}, io.Discard); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := seed(ctx, d.cfg, d.log, nil, &out); err != nil {
		t.Fatalf("the second seed: %v", err)
	}
	if !strings.Contains(out.String(), "demo month of 24 orders placed") {
		t.Fatalf("the second seed said %q", out.String())
	}
	orders, err := newServices(d).orders.AdminList(ctx, order.AdminFilter{}, shop.Page{Number: 1, Size: 100})
	if err != nil {
		t.Fatal(err)
	}
	shipped := 0
	for _, o := range orders.Items {
		if o.CODConfirmation == nil || o.CODConfirmation.State != order.CODConfirmed {
			t.Errorf("order %s: confirmation %+v, want confirmed", o.Number, o.CODConfirmation)
		}
		if o.Status != order.Pending && o.Status != order.Canceled {
			shipped++
		}
	}
	if shipped == 0 {
		t.Error("no demo order went past pending")
	}
}
