package main

import (
	"github.com/gofiber/fiber/v3"

	"drape/internal/account"
	"drape/internal/invoice"
	"drape/internal/shop"
)

// requireUserOrStaff lets through requests with a valid shopper token or a valid back-office
// token; caller(c).Audience says which. A shopper's token that is refused for another reason
// than its audience (a deactivated account) stays refused.
func (s *server) requireUserOrStaff(c fiber.Ctx) error {
	err := s.authenticateOnly(c, account.AudienceShop)
	if err == nil {
		return c.Next()
	}
	if !shop.Is(err, shop.Unauthorized) {
		return err
	}
	return s.authenticate(c, account.AudienceAdmin)
}

// invoicePDF answers GET /api/orders/{orderId}/invoice.pdf: the order's tax invoice as a PDF
// download, for its shopper or the back office; 404 for anyone else and before it is issued.
func (s *server) invoicePDF(c fiber.Ctx) error {
	var doc invoice.Document
	var err error
	if who := caller(c); who.Audience == account.AudienceAdmin {
		doc, err = s.orders.AdminInvoicePDF(c.Context(), c.Params("orderId"))
	} else {
		doc, err = s.orders.InvoicePDF(c.Context(), who.UserID, c.Params("orderId"))
	}
	if err != nil {
		return err
	}
	return sendPDF(c, doc)
}

// creditNotePDF answers GET /api/orders/{orderId}/creditnotes/{file}: the order's credit note
// whose file name is file (JF-CN-26-27-0001.pdf) as a PDF download, for the order's shopper or
// the back office; 404 for anyone else and for a note the order does not have.
func (s *server) creditNotePDF(c fiber.Ctx) error {
	var doc invoice.Document
	var err error
	if who := caller(c); who.Audience == account.AudienceAdmin {
		doc, err = s.orders.AdminCreditNotePDF(c.Context(), c.Params("orderId"), c.Params("file"))
	} else {
		doc, err = s.orders.CreditNotePDF(c.Context(), who.UserID, c.Params("orderId"), c.Params("file"))
	}
	if err != nil {
		return err
	}
	return sendPDF(c, doc)
}

// sendPDF answers with doc as a PDF download under its file name, never cached by others.
func sendPDF(c fiber.Ctx, doc invoice.Document) error {
	c.Set(fiber.HeaderContentType, "application/pdf")
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="`+doc.FileName+`"`)
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return c.Send(doc.PDF)
}
