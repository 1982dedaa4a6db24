// Package invoice issues GST tax invoices: one per order, when the order is handed to the
// courier (the removal of goods, s.31(1)), split into taxable value and tax by package gst,
// numbered PREFIX/YY-YY/NNNNNN per financial year (April to March).
//
// It guarantees: numbers are unique and gapless per series and financial year, however many
// issuers run at once (a counter row, locked until the issuing transaction ends, not a
// sequence); an issued invoice and its lines never change (the database refuses it); an
// invoice's total is its order's total; an order is invoiced at most once; a shop that is not
// GST-registered issues none.
package invoice

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/catalog"
	"drape/internal/company"
	"drape/internal/gst"
	"drape/internal/invoice/invoicedb"
	"drape/internal/mailqueue"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
)

// Service is the invoice use cases.
type Service struct {
	store   store
	catalog *catalog.Service
	company *company.Service
	rates   gst.Rates
	now     func() time.Time // the date of credit notes
}

// NewService makes the invoice service; products give the lines' HSN codes and companies the
// supplier.
func NewService(pool *pgxpool.Pool, products *catalog.Service, companies *company.Service) *Service {
	return &Service{store: store{q: invoicedb.New(postgres.Translating(pool))}, catalog: products, company: companies,
		rates: gst.Apparel, now: time.Now}
}

// DatedBy makes the service date the credit notes it issues by the clock now, and returns it.
func (s *Service) DatedBy(now func() time.Time) *Service {
	s.now = now
	return s
}

// Issue issues sale's invoice in tx, the transaction that hands the order to the courier, and
// says whether it did: not when the shop is not GST-registered, nor when the order has one
// already. It queues the invoice's mail to sale.Email in tx, so a rolled-back hand-over mails
// nothing. The place of supply is the delivery state (the supplier's own state when the
// address names none GST knows). Errors: Invalid when the sale cannot be taxed (a product
// without an HSN code, or one no rate covers: see gst.Rates.Invoice); Internal when the
// series is full.
func (s *Service) Issue(ctx context.Context, tx pgx.Tx, sale Sale) (bool, error) {
	// Everything is read through tx: the caller holds the order's row lock.
	firm, err := s.company.GetInTx(ctx, tx)
	if shop.Is(err, shop.NotFound) || (err == nil && !firm.Registered) {
		return false, nil
	} else if err != nil {
		return false, err
	}
	q := s.store.q.WithTx(tx)
	if done, err := q.InvoiceExists(ctx, sale.OrderID); err != nil || done {
		return false, err
	}
	ids := make([]string, len(sale.Lines))
	for i, l := range sale.Lines {
		ids[i] = l.ProductID
	}
	hsns, err := s.catalog.HSNsInTx(ctx, tx, ids)
	if err != nil {
		return false, err
	}
	supplier, _ := gst.StateOfGSTIN(firm.GSTIN)
	place, ok := gst.StateNamed(sale.Buyer.State)
	if !ok {
		place = supplier
	}
	order := gst.Order{Date: sale.At, SupplierState: supplier.Code, PlaceOfSupply: place.Code, RecipientGSTIN: sale.BuyerGSTIN,
		CouponDiscount: sale.CouponDiscount, Fees: sale.Fees}
	for _, l := range sale.Lines {
		if hsns[l.ProductID] == "" {
			return false, shop.E(shop.Invalid, "%s has no HSN code: set one in the product editor before the order ships", l.Description)
		}
		order.Lines = append(order.Lines, gst.Line{Description: l.Description, HSN: hsns[l.ProductID], Quantity: l.Quantity,
			ListPrice: l.ListPrice, UnitPrice: l.UnitPrice})
	}
	split, err := s.rates.Invoice(order)
	if err != nil {
		return false, err
	}
	fy := FinancialYear(sale.At)
	serial, err := q.NextSerial(ctx, invoicedb.NextSerialParams{Series: firm.InvoicePrefix, FinancialYear: fy})
	if err != nil {
		return false, err
	}
	number := Number(firm.InvoicePrefix, fy, int(serial))
	if len(number) > 16 {
		return false, fmt.Errorf("invoice: series %s/%s is full at %d", firm.InvoicePrefix, fy, serial)
	}
	t := split.Totals
	if err := q.InsertInvoice(ctx, invoicedb.InsertInvoiceParams{OrderID: sale.OrderID, Number: number,
		Series: firm.InvoicePrefix, FinancialYear: fy, Serial: serial, IssuedAt: sale.At, SupplierName: firm.LegalName,
		SupplierAddress: firm.Address, SupplierGstin: firm.GSTIN, SupplierState: supplier.Name,
		RecipientName: sale.Buyer.Name, RecipientAddress: sale.Buyer.Address, RecipientGstin: sale.BuyerGSTIN,
		PlaceState: place.Name, PlaceCode: place.Code, TaxableValue: int64(t.TaxableValue), Cgst: int64(t.CGST),
		Sgst: int64(t.SGST), Igst: int64(t.IGST), Total: int64(t.Total)}); err != nil {
		return false, err
	}
	for i, l := range split.Lines {
		if err := q.InsertInvoiceLine(ctx, invoicedb.InsertInvoiceLineParams{OrderID: sale.OrderID, Position: int32(i),
			Description: l.Description, Hsn: l.HSN, Quantity: int32(l.Quantity), UnitPrice: int64(l.UnitPrice),
			Discount: int64(l.Discount), TaxableValue: int64(l.TaxableValue), Rate: int32(l.Rate), Cgst: int64(l.CGST),
			Sgst: int64(l.SGST), Igst: int64(l.IGST), Total: int64(l.Total)}); err != nil {
			return false, err
		}
	}
	if sale.Email != "" {
		if err := mailqueue.Queue(ctx, tx, invoiceMail(sale.OrderID, sale.OrderNumber, number, Amount(t.Total), sale.Email,
			sale.Greeting)); err != nil {
			return false, err
		}
	}
	return true, nil
}

// ForOrder is order id's invoice with its credit notes, or nil before it is issued.
func (s *Service) ForOrder(ctx context.Context, orderID string) (*Invoice, error) {
	row, err := s.store.q.InvoiceOfOrder(ctx, orderID)
	if shop.Is(err, shop.NotFound) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	lines, err := s.store.q.InvoiceLines(ctx, orderID)
	if err != nil {
		return nil, err
	}
	inv := fromRows(row, lines)
	if inv.CreditNotes, err = creditNotes(ctx, s.store.q, orderID); err != nil {
		return nil, err
	}
	return &inv, nil
}

// ForOrders is the invoices, each with its credit notes, of those of the orders ids that have
// one, by order id: read in four statements however many orders there are.
func (s *Service) ForOrders(ctx context.Context, ids []string) (map[string]*Invoice, error) {
	out := map[string]*Invoice{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := s.store.q.InvoicesOfOrders(ctx, ids)
	if err != nil || len(rows) == 0 {
		return out, err
	}
	invoiced := make([]string, len(rows))
	for i, r := range rows {
		invoiced[i] = r.OrderID
	}
	lines, err := s.store.q.InvoiceLinesOfOrders(ctx, invoiced)
	if err != nil {
		return nil, err
	}
	notes, err := s.store.q.CreditNotesOfOrders(ctx, invoiced)
	if err != nil {
		return nil, err
	}
	noteLines, err := s.store.q.CreditNoteLinesOfOrders(ctx, invoiced)
	if err != nil {
		return nil, err
	}
	linesOf, notesOf, noteLinesOf := map[string][]invoicedb.InvoiceLine{}, map[string][]invoicedb.CreditNote{}, map[string][]invoicedb.CreditNoteLine{}
	for _, l := range lines {
		linesOf[l.OrderID] = append(linesOf[l.OrderID], l)
	}
	for _, n := range notes {
		notesOf[n.OrderID] = append(notesOf[n.OrderID], n)
	}
	for _, l := range noteLines {
		noteLinesOf[l.OrderID] = append(noteLinesOf[l.OrderID], l)
	}
	for _, r := range rows {
		inv := fromRows(r, linesOf[r.OrderID])
		inv.CreditNotes = notesFromRows(notesOf[r.OrderID], noteLinesOf[r.OrderID])
		out[r.OrderID] = &inv
	}
	return out, nil
}

// FinancialYear is the Indian financial year (April to March) of IST day t: "26-27" for 1
// April 2026 to 31 March 2027.
func FinancialYear(t time.Time) string {
	t = t.In(gst.IST)
	start := t.Year()
	if t.Month() < time.April {
		start--
	}
	return fmt.Sprintf("%02d-%02d", start%100, (start+1)%100)
}

// Number is the invoice number of serial in series prefix and financial year fy:
// JF/26-27/000123 (at most 16 characters for prefixes of up to 3).
func Number(prefix, fy string, serial int) string {
	return strings.Join([]string{prefix, fy, fmt.Sprintf("%06d", serial)}, "/")
}
