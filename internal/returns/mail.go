package returns

import (
	"fmt"

	"drape/internal/mailqueue"
	"drape/internal/order"
	"drape/internal/shop"
)

// Mail kinds this package queues.
const (
	requestedKind = "return_requested"
)

// mails are the return mails in the shop's mail layout, as HTML and as plain text.
var mails = mailqueue.NewLayout(`
{{- define "requested" -}}
{{template "open" .}}
<p>{{.Opening}}</p>
<ul>{{range .Lines}}<li>{{.}}</li>{{end}}</ul>
{{range .Paragraphs}}<p>{{.}}</p>{{end}}
<p><a href="{{.Link}}" style="color:#1f2a44">See your orders</a></p>{{template "close" .}}
{{- end}}
`, `
{{- define "requested" -}}
{{template "open" .}}

{{.Opening}}

{{range .Lines}}  - {{.}}
{{end}}{{range .Paragraphs}}
{{.}}
{{end}}
Your orders: {{.Link}}

{{template "close" .}}
{{- end}}
`)

// requestedMail tells the shopper their request number for order o is recorded: what comes
// back, for what, and what happens next.
func requestedMail(o order.Order, number string, kind Kind, reason Reason, lines []Line, fee shop.Money, publicURL, id string) mailqueue.Message {
	what := "return"
	if kind == Exchange {
		what = "exchange"
	}
	data := struct {
		Name, Opening, Link string
		Lines, Paragraphs   []string
	}{Name: o.Address.FirstName, Link: publicURL + "/user/orders",
		Opening: fmt.Sprintf("We have your %s request %s for order %s (%s):", what, number, o.Number, reason.Label)}
	for _, l := range lines {
		line := fmt.Sprintf("%d × %s, size %s", l.Quantity, l.ProductName, l.Size)
		if l.NewSize != "" {
			line += fmt.Sprintf(", for size %s (held for you)", l.NewSize)
		}
		data.Lines = append(data.Lines, line)
	}
	data.Paragraphs = append(data.Paragraphs, "We will check it and write to you when it is approved and the courier's pickup is booked.")
	if fee > 0 {
		data.Paragraphs = append(data.Paragraphs, "The return pickup costs "+fee.String()+".")
	}
	html, text := mails.Render("requested", data)
	return mailqueue.Message{Kind: requestedKind, Ref: id, To: o.Address.Email,
		Subject: fmt.Sprintf("We have your %s request %s", what, number), Text: text, HTML: html}
}
