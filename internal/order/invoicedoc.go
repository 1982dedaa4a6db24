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
	ref = strings.TrimSpace(ref)
	var row orderdb.Order
	var err error
	if shop.IsID(ref) {
		row, err = s.store.q.OrderByID(ctx, strings.ToLower(ref))
	} else {
		row, err = s.store.q.OrderByNumber(ctx, strings.ToUpper(ref))
	}
	if err != nil {
		return invoice.Document{}, noInvoice(err)
	}
	doc, err := s.invoices.Document(ctx, row.ID)
	return doc, noInvoice(err)
}

func noInvoice(err error) error {
	if shop.Is(err, shop.NotFound) {
		return shop.E(shop.NotFound, msgNoInvoice)
	}
	return err
}
