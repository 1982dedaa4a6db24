package order_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"drape/internal/invoice"
	"drape/internal/order"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
)

// TestPartialCreditNote: two of three shirts of an invoiced order come back: the credit note
// JF/CN/YY-YY/0001 credits ₹3,598 (₹3,426.66 taxable, ₹85.67 CGST and SGST), two thirds of
// the line rounded to the paisa; the order record carries it under its invoice in rupees;
// crediting two more pieces is refused, and the last piece gets exactly what is left of the
// line (₹1,799: ₹1,713.34 + ₹42.83 + ₹42.83), under the next number.
func TestPartialCreditNote(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	registerGST(t, s)
	user, home := s.Shopper(t, "meera@example.in")
	s.Add(t, user, "M", 3)
	placed := s.Place(t, user, home, order.COD)
	if _, err := s.Orders.Move(ctx, placed.ID, order.Shipped, "staff:1", "", order.RequestRefunds); err != nil {
		t.Fatal(err)
	}
	invoices := invoice.NewService(s.Pool, s.Catalog, s.Company)
	issue := func(lines []invoice.ReturnedLine) (invoice.CreditNote, error) {
		var note invoice.CreditNote
		err := postgres.InTx(ctx, s.Pool, func(tx pgx.Tx) error {
			var err error
			note, err = invoices.IssueCreditNote(ctx, tx, placed.ID, lines, "Returned: too tight")
			return err
		})
		return note, err
	}
	note, err := issue([]invoice.ReturnedLine{{Line: 0, Quantity: 2}})
	if err != nil {
		t.Fatal(err)
	}
	fy := invoice.FinancialYear(time.Now())
	want := invoice.Line{Description: "Oxford Shirt (M)", HSN: "6205", Quantity: 2, UnitPrice: 199900, Discount: 40000,
		TaxableValue: 342666, Rate: 5, CGST: 8567, SGST: 8567, Total: 359800}
	if note.Number != "JF/CN/"+fy+"/0001" || note.Reason != "Returned: too tight" || len(note.Lines) != 1 || note.Lines[0] != want ||
		note.Totals != (invoice.Totals{TaxableValue: 342666, CGST: 8567, SGST: 8567, Total: 359800}) {
		t.Fatalf("note %+v, want %s with line %+v", note, "JF/CN/"+fy+"/0001", want)
	}
	o, err := s.Orders.Get(ctx, user, placed.Number)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(o)
	for _, wire := range []string{`"creditNotes":[{"number":"JF/CN/` + fy + `/0001","date":"` + time.Now().In(time.FixedZone("IST", 19800)).Format("2006-01-02") + `"`,
		`"reason":"Returned: too tight"`, `"taxableValue":3426.66`, `"cgst":85.67`, `"total":3598.00`} {
		if !strings.Contains(string(body), wire) {
			t.Errorf("the order record lacks %s: %s", wire, body)
		}
	}
	if _, err := issue([]invoice.ReturnedLine{{Line: 0, Quantity: 2}}); !shop.Is(err, shop.Invalid) {
		t.Fatalf("two more of the one left: %v, want Invalid", err)
	}
	if _, err := issue([]invoice.ReturnedLine{{Line: 9, Quantity: 1}}); !shop.Is(err, shop.Invalid) {
		t.Fatalf("a line the invoice does not have: %v, want Invalid", err)
	}
	last, err := issue([]invoice.ReturnedLine{{Line: 0, Quantity: 1}})
	if err != nil {
		t.Fatal(err)
	}
	want = invoice.Line{Description: "Oxford Shirt (M)", HSN: "6205", Quantity: 1, UnitPrice: 199900, Discount: 20000,
		TaxableValue: 171334, Rate: 5, CGST: 4283, SGST: 4283, Total: 179900}
	if last.Number != "JF/CN/"+fy+"/0002" || len(last.Lines) != 1 || last.Lines[0] != want {
		t.Fatalf("last note %+v, want line %+v", last, want)
	}
	for _, change := range []string{`UPDATE credit_notes SET total = 0`, `DELETE FROM credit_note_lines`} {
		if _, err := s.Pool.Exec(ctx, change); err == nil {
			t.Errorf("%s: an issued credit note changed", change)
		}
	}
}

// TestRTOCreditsTheInvoiceOnce: an invoiced order that comes back to origin (RTO_DELIVERED)
// gets one credit note for its whole invoice, line for line; the courier reporting it again,
// or another full credit, issues nothing more; the database refuses a line that would credit
// a piece twice.
func TestRTOCreditsTheInvoiceOnce(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	registerGST(t, s)
	user, home := s.Shopper(t, "meera@example.in")
	s.Add(t, user, "M", 2)
	placed := s.Place(t, user, home, order.COD)
	for _, to := range []order.Status{order.Shipped, order.RTOInitiated, order.RTODelivered, order.RTODelivered} {
		if _, err := s.Orders.Move(ctx, placed.ID, to, order.ActorCourier, "", order.RequestRefunds); err != nil {
			t.Fatal(err)
		}
	}
	invoices := invoice.NewService(s.Pool, s.Catalog, s.Company)
	if err := postgres.InTx(ctx, s.Pool, func(tx pgx.Tx) error {
		again, err := invoices.CreditRemainder(ctx, tx, placed.ID, "again")
		if again {
			t.Error("a second full credit issued a note")
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	o, err := s.Orders.Get(ctx, user, placed.Number)
	if err != nil {
		t.Fatal(err)
	}
	inv := o.Invoice.Invoice
	if inv == nil || len(inv.CreditNotes) != 1 {
		t.Fatalf("invoice %+v: want one credit note", inv)
	}
	note := inv.CreditNotes[0]
	if note.Reason != "Shipment returned to origin (RTO)" || note.Totals != inv.Totals || len(note.Lines) != len(inv.Lines) {
		t.Fatalf("note %+v, want the whole invoice %+v", note, inv.Totals)
	}
	for i, l := range note.Lines {
		if l != inv.Lines[i] {
			t.Errorf("note line %d %+v, invoice line %+v", i, l, inv.Lines[i])
		}
	}
	var notes int
	if err := s.Pool.QueryRow(ctx, `SELECT count(*) FROM credit_notes`).Scan(&notes); err != nil || notes != 1 {
		t.Fatalf("%d credit notes (%v), want 1", notes, err)
	}
	// The database itself refuses a line crediting more than the invoice line has.
	if _, err := s.Pool.Exec(ctx, `
		INSERT INTO credit_notes (number, order_id, series, financial_year, serial, issued_at, reason, taxable_value, cgst, sgst, igst, total)
		VALUES ('JF/CN/99-00/0001', $1, 'JF', '99-00', 1, now(), 'x', 0, 0, 0, 0, 0)`, placed.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Pool.Exec(ctx, `
		INSERT INTO credit_note_lines (number, position, order_id, invoice_position, description, hsn, quantity, unit_price,
		                               discount, taxable_value, rate, cgst, sgst, igst, total)
		VALUES ('JF/CN/99-00/0001', 0, $1, 0, 'x', '6205', 1, 0, 0, 0, 500, 0, 0, 0, 0)`, placed.ID); err == nil {
		t.Fatal("the database let a note credit a piece twice")
	}
}

// TestCreditNoteNumbersGaplessUnderConcurrency: 300 invoiced orders coming back to origin,
// moved by two workers at once, get 300 credit notes numbered 1 to 300 with no gap, each
// crediting its invoice's total.
func TestCreditNoteNumbersGaplessUnderConcurrency(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	registerGST(t, s)
	user, home := s.Shopper(t, "meera@example.in")
	s.Add(t, user, "M", 1)
	model := s.Place(t, user, home, order.COD)
	const n = 300
	ids := copyOrder(t, s, model.ID, n)
	for _, id := range ids {
		for _, to := range []order.Status{order.Shipped, order.RTOInitiated} {
			if _, err := s.Orders.Move(ctx, id, to, order.ActorCourier, "", order.StartRefunds); err != nil {
				t.Fatal(err)
			}
		}
	}
	queue := make(chan string, n)
	for _, id := range ids {
		queue <- id
	}
	close(queue)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for id := range queue {
				if _, err := s.Orders.Move(ctx, id, order.RTODelivered, order.ActorCourier, "", order.StartRefunds); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	var count, distinct, low, high, wrong int
	if err := s.Pool.QueryRow(ctx, `
		SELECT count(*), count(DISTINCT n.number), min(n.serial), max(n.serial), count(*) FILTER (WHERE n.total <> i.total)
		FROM credit_notes n JOIN invoices i ON i.order_id = n.order_id`).Scan(&count, &distinct, &low, &high, &wrong); err != nil {
		t.Fatal(err)
	}
	if count != n || distinct != n || low != 1 || high != n || wrong != 0 {
		t.Fatalf("%d notes, %d distinct numbers, serials %d..%d, %d not crediting the invoice: want %d, %d, 1..%d, 0",
			count, distinct, low, high, wrong, n, n, n)
	}
}
