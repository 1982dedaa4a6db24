package invoice

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"drape/internal/gst"
	"drape/internal/invoice/invoicedb"
	"drape/internal/shop"
)

// ReturnedLine is pieces of an invoice line coming back: Line is the line's position on the
// invoice (from 0: the order's lines in their order, then its fees, shipping first), Quantity
// how many of its pieces.
type ReturnedLine struct {
	Line     int
	Quantity int
}

// IssueCreditNote issues, in tx, a credit note against order orderID's invoice for the pieces
// lines name (s.34: goods returned), for reason, and returns it. Its number is the next of the
// invoice series' credit notes in the financial year of today (IST); its figures are the
// invoice lines' shares for the pieces (gst.CreditNote), so all the notes of a line add up to
// the line exactly. The invoice row stays locked until tx ends: notes against one invoice
// take turns. Errors: NotFound when the order has no invoice; Invalid when a line is not on
// the invoice, nothing is returned, a count is negative, more pieces are returned than are
// still uncredited, or the reason is empty or longer than 200 characters.
func (s *Service) IssueCreditNote(ctx context.Context, tx pgx.Tx, orderID string, lines []ReturnedLine, reason string) (CreditNote, error) {
	reason = strings.TrimSpace(reason)
	p := shop.Problems{}
	p.Check(reason == "" || utf8.RuneCountInString(reason) > 200, "reason", "A credit note needs a reason of at most 200 characters")
	if err := p.Err(); err != nil {
		return CreditNote{}, err
	}
	q := s.store.q.WithTx(tx)
	inv, invLines, already, err := lockForCredit(ctx, q, orderID)
	if err != nil {
		return CreditNote{}, err
	}
	returned := make([]int, len(invLines))
	for _, l := range lines {
		if l.Line < 0 || l.Line >= len(invLines) {
			p.Add("lines", fmt.Sprintf("Invoice %s has no line %d", inv.Number, l.Line+1))
			continue
		}
		returned[l.Line] += l.Quantity
	}
	if err := p.Err(); err != nil {
		return CreditNote{}, err
	}
	return credit(ctx, q, inv, invLines, already, returned, reason, s.now())
}

// CreditRemainder issues, in tx, a credit note for every piece of order orderID's invoice that
// no note has credited yet (the goods came back whole: a shipment returned to origin), and
// says whether it did: not when the order has no invoice, nor when everything is credited
// already, so a second call credits nothing more.
func (s *Service) CreditRemainder(ctx context.Context, tx pgx.Tx, orderID, reason string) (bool, error) {
	q := s.store.q.WithTx(tx)
	inv, invLines, already, err := lockForCredit(ctx, q, orderID)
	if shop.Is(err, shop.NotFound) {
		return false, nil
	} else if err != nil {
		return false, err
	}
	returned := make([]int, len(invLines))
	left := false
	for i, l := range invLines {
		returned[i] = int(l.Quantity) - already[i]
		left = left || returned[i] > 0
	}
	if !left {
		return false, nil
	}
	_, err = credit(ctx, q, inv, invLines, already, returned, reason, s.now())
	return err == nil, err
}

// CreditNoteNumber is the number of credit note serial in invoice series prefix and financial
// year fy: JF/CN/26-27/0001. The serial has four digits, three for a three-letter prefix, so
// that the number keeps to GST's 16 characters.
func CreditNoteNumber(prefix, fy string, serial int) string {
	width := min(4, 16-len(prefix)-len("/CN/")-len(fy)-1)
	return fmt.Sprintf("%s/CN/%s/%0*d", prefix, fy, width, serial)
}

// lockForCredit locks order orderID's invoice and reads its lines and how many pieces of each
// earlier notes credited. Errors: NotFound when the order has no invoice.
func lockForCredit(ctx context.Context, q *invoicedb.Queries, orderID string) (invoicedb.Invoice, []invoicedb.InvoiceLine, []int, error) {
	inv, err := q.LockInvoice(ctx, orderID)
	if shop.Is(err, shop.NotFound) {
		return inv, nil, nil, shop.E(shop.NotFound, "The order has no invoice to credit")
	} else if err != nil {
		return inv, nil, nil, err
	}
	lines, err := q.InvoiceLines(ctx, orderID)
	if err != nil {
		return inv, nil, nil, err
	}
	credited, err := q.CreditedQuantities(ctx, orderID)
	if err != nil {
		return inv, nil, nil, err
	}
	already := make([]int, len(lines))
	for _, c := range credited {
		if int(c.InvoicePosition) < len(already) {
			already[c.InvoicePosition] = int(c.Quantity)
		}
	}
	return inv, lines, already, nil
}

// credit writes the note for returned pieces of inv's lines, already credited before, at at.
func credit(ctx context.Context, q *invoicedb.Queries, inv invoicedb.Invoice, lines []invoicedb.InvoiceLine, already, returned []int,
	reason string, at time.Time) (CreditNote, error) {
	split := gst.Invoice{Intra: len(inv.SupplierGstin) >= 2 && inv.SupplierGstin[:2] == inv.PlaceCode}
	for _, l := range lines {
		split.Lines = append(split.Lines, gst.InvoiceLine{Description: l.Description, HSN: l.Hsn, Quantity: int(l.Quantity),
			UnitPrice: shop.Money(l.UnitPrice), Discount: shop.Money(l.Discount), TaxableValue: shop.Money(l.TaxableValue),
			Rate: gst.Rate(l.Rate), CGST: shop.Money(l.Cgst), SGST: shop.Money(l.Sgst), IGST: shop.Money(l.Igst),
			Total: shop.Money(l.Total)})
	}
	note, err := gst.CreditNote(split, already, returned)
	if err != nil {
		return CreditNote{}, err
	}
	fy := FinancialYear(at)
	serial, err := q.NextCreditNoteSerial(ctx, invoicedb.NextCreditNoteSerialParams{Series: inv.Series, FinancialYear: fy})
	if err != nil {
		return CreditNote{}, err
	}
	number := CreditNoteNumber(inv.Series, fy, int(serial))
	if len(number) > 16 {
		return CreditNote{}, fmt.Errorf("invoice: credit-note series %s/%s is full at %d", inv.Series, fy, serial)
	}
	t := note.Totals
	if err := q.InsertCreditNote(ctx, invoicedb.InsertCreditNoteParams{Number: number, OrderID: inv.OrderID, Series: inv.Series,
		FinancialYear: fy, Serial: serial, IssuedAt: at, Reason: reason, TaxableValue: int64(t.TaxableValue), Cgst: int64(t.CGST),
		Sgst: int64(t.SGST), Igst: int64(t.IGST), Total: int64(t.Total)}); err != nil {
		return CreditNote{}, err
	}
	// gst.CreditNote keeps the invoice's order and leaves out the lines nothing came back of.
	var positions []int32
	for i, k := range returned {
		if k > 0 {
			positions = append(positions, int32(i))
		}
	}
	cn := CreditNote{Number: number, Date: at.In(gst.IST).Format("2006-01-02"), IssuedAt: at, Reason: reason,
		Totals: Totals{TaxableValue: Amount(t.TaxableValue), CGST: Amount(t.CGST), SGST: Amount(t.SGST), IGST: Amount(t.IGST),
			Total: Amount(t.Total)}}
	for i, l := range note.Lines {
		row := invoicedb.CreditNoteLine{Number: number, Position: int32(i), OrderID: inv.OrderID, InvoicePosition: positions[i],
			Description: l.Description, Hsn: l.HSN, Quantity: int32(l.Quantity), UnitPrice: int64(l.UnitPrice),
			Discount: int64(l.Discount), TaxableValue: int64(l.TaxableValue), Rate: int32(l.Rate), Cgst: int64(l.CGST),
			Sgst: int64(l.SGST), Igst: int64(l.IGST), Total: int64(l.Total)}
		if err := q.InsertCreditNoteLine(ctx, invoicedb.InsertCreditNoteLineParams(row)); err != nil {
			return CreditNote{}, err
		}
		cn.Lines = append(cn.Lines, noteLine(row))
	}
	return cn, nil
}

// creditNotes is order orderID's credit notes, oldest first ([] for none).
func creditNotes(ctx context.Context, q *invoicedb.Queries, orderID string) ([]CreditNote, error) {
	notes, err := q.CreditNotesOfOrder(ctx, orderID)
	if err != nil {
		return nil, err
	}
	lines, err := q.CreditNoteLinesOfOrder(ctx, orderID)
	if err != nil {
		return nil, err
	}
	return notesFromRows(notes, lines), nil
}

// notesFromRows is the credit notes of rows with their lines, in the rows' order.
func notesFromRows(rows []invoicedb.CreditNote, lines []invoicedb.CreditNoteLine) []CreditNote {
	out := make([]CreditNote, len(rows))
	at := map[string]int{}
	for i, n := range rows {
		at[n.Number] = i
		out[i] = CreditNote{Number: n.Number, Date: n.IssuedAt.In(gst.IST).Format("2006-01-02"), IssuedAt: n.IssuedAt,
			Reason: n.Reason, Lines: []Line{}, Totals: Totals{TaxableValue: Amount(n.TaxableValue), CGST: Amount(n.Cgst),
				SGST: Amount(n.Sgst), IGST: Amount(n.Igst), Total: Amount(n.Total)}}
	}
	for _, l := range lines {
		if i, ok := at[l.Number]; ok {
			out[i].Lines = append(out[i].Lines, noteLine(l))
		}
	}
	return out
}

// noteLine is a credit-note line as the wire carries it.
func noteLine(l invoicedb.CreditNoteLine) Line {
	return Line{Description: l.Description, HSN: l.Hsn, Quantity: int(l.Quantity), UnitPrice: Amount(l.UnitPrice),
		Discount: Amount(l.Discount), TaxableValue: Amount(l.TaxableValue), Rate: gst.Rate(l.Rate).Percent(),
		CGST: Amount(l.Cgst), SGST: Amount(l.Sgst), IGST: Amount(l.Igst), Total: Amount(l.Total)}
}
