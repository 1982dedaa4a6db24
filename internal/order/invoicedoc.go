package order

import (
	"context"
	"strings"

	"drape/internal/invoice"
	"drape/internal/order/orderdb"
	"drape/internal/shop"
)

// msgNoInvoice is what anyone hears of an invoice they may not have: the same whether the
// order is someone else's, does not exist or has no invoice yet.
const msgNoInvoice = "Invoice not found"

// InvoicePDF is the tax invoice of the user's order number as a PDF. Errors: NotFound
// 'Invoice not found' when the order is not the user's or has no invoice yet.
func (s *Service) InvoicePDF(ctx context.Context, userID, number string) (invoice.Document, error) {
	row, err := s.store.q.OrderOfUser(ctx, orderdb.OrderOfUserParams{OrderNumber: number, UserID: userID})
	if err != nil {
		return invoice.Document{}, noInvoice(err)
	}
	doc, err := s.invoices.Document(ctx, row.ID)
	return doc, noInvoice(err)
}

// AdminInvoicePDF is the tax invoice of the order whose id or number is ref as a PDF, for the
// back office. Errors: NotFound 'Invoice not found' when there is no such order or it has no
// invoice yet.
func (s *Service) AdminInvoicePDF(ctx context.Context, ref string) (invoice.Document, error) {
	row, err := s.orderOfRef(ctx, ref)
	if err != nil {
		return invoice.Document{}, noInvoice(err)
	}
	doc, err := s.invoices.Document(ctx, row.ID)
	return doc, noInvoice(err)
}

// msgNoCreditNote is what anyone hears of a credit note they may not have.
const msgNoCreditNote = "Credit note not found"

// CreditNotePDF is the credit note named file (JF-CN-26-27-0001.pdf: its number, each / made
// -) of the user's order number as a PDF. Errors: NotFound 'Credit note not found' when the
// order is not the user's or has no such note.
func (s *Service) CreditNotePDF(ctx context.Context, userID, number, file string) (invoice.Document, error) {
	row, err := s.store.q.OrderOfUser(ctx, orderdb.OrderOfUserParams{OrderNumber: number, UserID: userID})
	if err != nil {
		return invoice.Document{}, noCreditNote(err)
	}
	doc, err := s.invoices.CreditNoteDocument(ctx, row.ID, file)
	return doc, noCreditNote(err)
}

// AdminCreditNotePDF is the credit note named file of the order whose id or number is ref as a
// PDF, for the back office. Errors: NotFound 'Credit note not found' when there is no such
// order or note.
func (s *Service) AdminCreditNotePDF(ctx context.Context, ref, file string) (invoice.Document, error) {
	row, err := s.orderOfRef(ctx, ref)
	if err != nil {
		return invoice.Document{}, noCreditNote(err)
	}
	doc, err := s.invoices.CreditNoteDocument(ctx, row.ID, file)
	return doc, noCreditNote(err)
}

// orderOfRef is the order whose id or number is ref.
func (s *Service) orderOfRef(ctx context.Context, ref string) (orderdb.Order, error) {
	ref = strings.TrimSpace(ref)
	if shop.IsID(ref) {
		return s.store.q.OrderByID(ctx, strings.ToLower(ref))
	}
	return s.store.q.OrderByNumber(ctx, strings.ToUpper(ref))
}

func noCreditNote(err error) error {
	if shop.Is(err, shop.NotFound) {
		return shop.E(shop.NotFound, msgNoCreditNote)
	}
	return err
}

func noInvoice(err error) error {
	if shop.Is(err, shop.NotFound) {
		return shop.E(shop.NotFound, msgNoInvoice)
	}
	return err
}
