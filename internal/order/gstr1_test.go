package order_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"drape/internal/address"
	"drape/internal/cart"
	"drape/internal/catalog"
	"drape/internal/gst"
	"drape/internal/invoice"
	"drape/internal/order"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
)

// TestGSTR1AddsUpToTheMonth: a month of orders (two intra-state to consumers, one inter-state,
// a ₹1,50,000 blazer to Maharashtra, a business order) handed to the courier, the blazer and
// an intra-state shirt coming back (RTO) and one of the business order's two shirts credited:
// the GSTR-1 sections put the business invoice in b2b and its note in cdnr, the blazer in
// b2cl and its note in cdnur, the rest in b2cs by place and rate net of the shirt's note; the
// sections' taxable values (b2b + b2cl + b2cs − cdnr − cdnur) and the HSN summary's values
// and taxes equal the month's invoices minus its credit notes to the paisa; the documents
// issued give 5 invoices and 3 credit notes, none cancelled.
func TestGSTR1AddsUpToTheMonth(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	registerGST(t, s)
	blazer, err := s.Catalog.CreateProduct(ctx, catalog.NewProduct{Code: "JF-MBZ-0001", Name: "Silk Blazer", Gender: "Men",
		SubCategoryID: s.Shirt.SubCategoryID, Price: shop.Rupees(150000), Colour: "black", WeightGrams: 900, HSN: "6203",
		Sizes: []catalog.Size{{Size: "40", Stock: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	jaipur, home := s.Shopper(t, "meera@example.in")
	mumbai, _ := s.Shopper(t, "kabir@example.in")
	away, err := s.Addresses.Add(ctx, mumbai, address.Input{FirstName: "Kabir", LastName: "Mehta", Address1: "7 Marine Drive", Address2: "Churchgate",
		City: "Mumbai", State: "Maharashtra", Pincode: "400020", Email: "kabir@example.in", Type: "home", Phone: "9820012345",
		IsDefault: true})
	if err != nil {
		t.Fatal(err)
	}
	firm, firmHome := s.Shopper(t, "accounts@acme.in")
	ship := func(o order.Order) order.Order {
		t.Helper()
		if _, err := s.Orders.Move(ctx, o.ID, order.Shipped, "staff:1", "", order.RequestRefunds); err != nil {
			t.Fatal(err)
		}
		return o
	}
	rto := func(o order.Order) {
		t.Helper()
		for _, to := range []order.Status{order.RTOInitiated, order.RTODelivered} {
			if _, err := s.Orders.Move(ctx, o.ID, to, order.ActorCourier, "", order.RequestRefunds); err != nil {
				t.Fatal(err)
			}
		}
	}
	s.Add(t, jaipur, "M", 2)
	ship(s.Place(t, jaipur, home, order.COD))
	s.Add(t, jaipur, "S", 1)
	returned := ship(s.Place(t, jaipur, home, order.COD))
	s.Add(t, mumbai, "XL", 1)
	ship(s.Place(t, mumbai, away.ID, order.COD))
	if _, err := s.Carts.Add(ctx, mumbai, []cart.Want{{ProductID: blazer.ID, Size: "40", Quantity: 1}}); err != nil {
		t.Fatal(err)
	}
	large := ship(s.Place(t, mumbai, away.ID, order.COD))
	s.Add(t, firm, "S", 2)
	business, _, err := s.Orders.Place(ctx, order.Placement{UserID: firm, Mode: order.COD, AddressID: firmHome,
		BusinessGSTIN: "27AAPFU0939F1ZV", BusinessName: "Acme Traders"})
	if err != nil {
		t.Fatal(err)
	}
	ship(business)
	rto(returned)
	rto(large)
	if err := postgres.InTx(ctx, s.Pool, func(tx pgx.Tx) error {
		_, err := invoice.NewService(s.Pool, s.Catalog, s.Company).IssueCreditNote(ctx, tx, business.ID,
			[]invoice.ReturnedLine{{Line: 0, Quantity: 1}}, "One shirt returned")
		return err
	}); err != nil {
		t.Fatal(err)
	}

	month, _ := invoice.ParseMonth(time.Now().In(gst.IST).Format("2006-01"))
	sections, err := invoice.NewService(s.Pool, s.Catalog, s.Company).GSTR1(ctx, month)
	if err != nil {
		t.Fatal(err)
	}
	tables := map[string][]map[string]string{}
	for _, sec := range sections {
		var buf bytes.Buffer
		if err := invoice.WriteCSV(&buf, sec); err != nil {
			t.Fatal(err)
		}
		records, err := csv.NewReader(&buf).ReadAll()
		if err != nil {
			t.Fatalf("%s: %v", sec.Name, err)
		}
		for _, r := range records[1:] {
			row := map[string]string{}
			for i, h := range records[0] {
				row[h] = r[i]
			}
			tables[sec.Name] = append(tables[sec.Name], row)
		}
		if sec.Name == "b2cs" && !reflect.DeepEqual(records[0], []string{"Type", "Place Of Supply", "Applicable % of Tax Rate",
			"Rate", "Taxable Value", "Cess Amount", "E-Commerce GSTIN"}) {
			t.Errorf("b2cs header %q", records[0])
		}
	}
	paise := func(rupees string) int64 {
		t.Helper()
		whole, frac, _ := strings.Cut(rupees, ".")
		r, err1 := strconv.ParseInt(whole, 10, 64)
		p, err2 := strconv.ParseInt(frac, 10, 64)
		if err1 != nil || err2 != nil || len(frac) != 2 {
			t.Fatalf("%q is not rupees with two decimals", rupees)
		}
		if strings.HasPrefix(whole, "-") {
			return r*100 - p
		}
		return r*100 + p
	}
	sum := func(section, column string) int64 {
		var total int64
		for _, row := range tables[section] {
			total += paise(row[column])
		}
		return total
	}
	var want struct{ taxable, cgst, sgst, igst, total int64 }
	if err := s.Pool.QueryRow(ctx, `
		SELECT (SELECT sum(taxable_value) FROM invoices) - (SELECT sum(taxable_value) FROM credit_notes),
		       (SELECT sum(cgst) FROM invoices) - (SELECT sum(cgst) FROM credit_notes),
		       (SELECT sum(sgst) FROM invoices) - (SELECT sum(sgst) FROM credit_notes),
		       (SELECT sum(igst) FROM invoices) - (SELECT sum(igst) FROM credit_notes),
		       (SELECT sum(total) FROM invoices) - (SELECT sum(total) FROM credit_notes)`).
		Scan(&want.taxable, &want.cgst, &want.sgst, &want.igst, &want.total); err != nil {
		t.Fatal(err)
	}
	if want.igst == 0 || want.cgst == 0 {
		t.Fatalf("the month has no inter- or no intra-state tax: %+v", want)
	}
	if got := sum("b2b", "Taxable Value") + sum("b2cl", "Taxable Value") + sum("b2cs", "Taxable Value") -
		sum("cdnr", "Taxable Value") - sum("cdnur", "Taxable Value"); got != want.taxable {
		t.Errorf("the sections' taxable value %d paise, the month's invoices less notes %d", got, want.taxable)
	}
	for column, w := range map[string]int64{"Taxable Value": want.taxable, "Central Tax Amount": want.cgst,
		"State/UT Tax Amount": want.sgst, "Integrated Tax Amount": want.igst, "Total Value": want.total} {
		if got := sum("hsnb2b", column) + sum("hsnb2c", column); got != w {
			t.Errorf("HSN summary %s %d paise, want %d", column, got, w)
		}
	}
	inv := func(o order.Order) *invoice.Invoice {
		t.Helper()
		got, err := s.Orders.AdminDetail(ctx, o.ID)
		if err != nil || got.Order.Invoice.Invoice == nil {
			t.Fatalf("invoice of %s: %v", o.Number, err)
		}
		return got.Order.Invoice.Invoice
	}
	if b2cl := tables["b2cl"]; len(b2cl) != 1 || b2cl[0]["Invoice Number"] != inv(large).Number || b2cl[0]["Invoice Value"] != "150000.00" ||
		b2cl[0]["Place Of Supply"] != "27-Maharashtra" || b2cl[0]["Rate"] != "18" {
		t.Errorf("b2cl %v, want the blazer's invoice", b2cl)
	}
	if cdnur := tables["cdnur"]; len(cdnur) != 1 || cdnur[0]["UR Type"] != "B2CL" || cdnur[0]["Note Value"] != "150000.00" {
		t.Errorf("cdnur %v, want the blazer's note", cdnur)
	}
	if b2b := tables["b2b"]; len(b2b) != 1 || b2b[0]["GSTIN/UIN of Recipient"] != "27AAPFU0939F1ZV" ||
		b2b[0]["Invoice Number"] != inv(business).Number || b2b[0]["Place Of Supply"] != "08-Rajasthan" || b2b[0]["Invoice Type"] != "Regular B2B" {
		t.Errorf("b2b %v, want the business order's invoice", b2b)
	}
	if cdnr := tables["cdnr"]; len(cdnr) != 1 || cdnr[0]["Note Type"] != "C" || cdnr[0]["Receiver Name"] != "Acme Traders" {
		t.Errorf("cdnr %v, want the business order's note", cdnr)
	}
	places := map[string]bool{}
	for _, row := range tables["b2cs"] {
		places[row["Type"]+" "+row["Place Of Supply"]+" "+row["Rate"]] = true
	}
	if len(places) != 2 || !places["OE 08-Rajasthan 5"] || !places["OE 27-Maharashtra 5"] {
		t.Errorf("b2cs %v, want Rajasthan and Maharashtra at 5%%", tables["b2cs"])
	}
	fy := invoice.FinancialYear(time.Now())
	wantDocs := []map[string]string{
		{"Nature of Document": "Invoices for outward supply", "Sr. No. From": "JF/" + fy + "/000001", "Sr. No. To": "JF/" + fy + "/000005",
			"Total Number": "5", "Cancelled": "0"},
		{"Nature of Document": "Credit Note", "Sr. No. From": "JF/CN/" + fy + "/0001", "Sr. No. To": "JF/CN/" + fy + "/0003",
			"Total Number": "3", "Cancelled": "0"},
	}
	if !reflect.DeepEqual(tables["docs"], wantDocs) {
		t.Errorf("docs %v, want %v", tables["docs"], wantDocs)
	}
	// The blazer, credited in full, leaves no HSN row; the shirts are 3 pieces net.
	if hsn := tables["hsnb2c"]; len(hsn) != 1 || hsn[0]["HSN"] != "6205" || hsn[0]["UQC"] != "PCS-PIECES" || hsn[0]["Total Quantity"] != "3" {
		t.Errorf("hsn(b2c) %v, want one row of 3 pieces of 6205", hsn)
	}
}
