package backinstock

import (
	"net/url"

	"drape/internal/catalog"
	"drape/internal/mailqueue"
)

// mails is the back-in-stock mail in the shop's mail layout.
var mails = mailqueue.NewLayout(`
{{- define "back_in_stock" -}}
{{template "open" .}}
<p>Size {{.Size}} of {{.Product}} is back in stock. You asked us to tell you: here it is, while it lasts.</p>
<p><a href="{{.Link}}" style="display:inline-block;background:#1f2a44;color:#fff;padding:10px 18px;text-decoration:none">See {{.Product}}</a></p>
<p style="font-size:13px;color:#555">You get this mail because you asked on our shop to be told when this size is back. <a href="{{.StopLink}}">Stop back-in-stock mails</a></p>
{{template "close" .}}
{{- end}}
`, `
{{- define "back_in_stock" -}}
{{template "open" .}}

Size {{.Size}} of {{.Product}} is back in stock. You asked us to tell you: here it is, while it lasts.

{{.Link}}

You get this mail because you asked on our shop to be told when this size is back. To stop back-in-stock mails:
{{.StopLink}}

{{template "close" .}}
{{- end}}
`)

// mail is request id's back-in-stock mail to email about size of product, with the stop link's
// token.
func (s *Service) mail(id, email string, product catalog.Product, size, token string) mailqueue.Message {
	data := struct{ Name, Size, Product, Link, StopLink string }{Name: "there", Size: size, Product: product.Name,
		Link:     s.cfg.PublicURL + "/product/" + url.PathEscape(product.Slug) + "?size=" + url.QueryEscape(size),
		StopLink: s.cfg.PublicURL + "/restock-alerts/" + token}
	html, text := mails.Render(MailKind, data)
	return mailqueue.Message{Kind: MailKind, Ref: id, To: email, Subject: "Back in stock: " + product.Name + ", size " + size,
		Text: text, HTML: html}
}
