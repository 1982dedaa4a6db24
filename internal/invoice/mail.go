package invoice

import (
	"context"

	"drape/internal/mailqueue"
	"drape/internal/provider/mail"
)

// MailKind is the kind of the mail that sends the shopper their invoice, its PDF attached
// (MailFiles makes it when the mail is sent).
const MailKind = "tax_invoice"

// mails are the invoice's mail in the shop's mail layout.
var mails = mailqueue.NewLayout(`
{{- define "invoice" -}}
{{template "open" .}}
<p>Your order <strong>{{.Order}}</strong> is with the courier. Its GST tax invoice <strong>{{.Number}}</strong> for {{.Total}} is attached as a PDF.</p>
<p style="color:#6b6b6b;font-size:13px">You can download it again from your orders at any time.</p>{{template "close" .}}
{{- end}}
`, `
{{- define "invoice" -}}
{{template "open" .}}

Your order {{.Order}} is with the courier. Its GST tax invoice {{.Number}} for {{.Total}} is attached as a PDF.

You can download it again from your orders at any time.

{{template "close" .}}
{{- end}}
`)

// invoiceMail is the mail of order's invoice number for total to the shopper at to.
func invoiceMail(orderID, orderNumber, number string, total Amount, to, name string) mailqueue.Message {
	data := struct{ Name, Order, Number, Total string }{Name: name, Order: orderNumber, Number: number,
		Total: "₹" + figure(total)}
	html, text := mails.Render("invoice", data)
	return mailqueue.Message{Kind: MailKind, Ref: orderID, To: to, Subject: "Your drape tax invoice " + number + " for order " + orderNumber,
		Text: text, HTML: html}
}

// MailFiles is the attachment of the invoice mail of order ref: the invoice's PDF. Errors:
// NotFound 'Invoice not found' when the order has no invoice.
func (s *Service) MailFiles(ctx context.Context, ref string) ([]mail.Attachment, error) {
	doc, err := s.Document(ctx, ref)
	if err != nil {
		return nil, err
	}
	return []mail.Attachment{{Name: doc.FileName, ContentType: "application/pdf", Data: doc.PDF}}, nil
}
