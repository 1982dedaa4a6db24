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
	approvedKind  = "return_approved"
	rejectedKind  = "return_rejected"
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

// kindWord is how mails name a request of kind.
func kindWord(kind Kind) string {
	if kind == Exchange {
		return "exchange"
	}
	return "return"
}

// approvedMail tells the shopper staff approved request r of order o, with staff's note, and
// what happens next.
func approvedMail(o order.Order, r Request, note, publicURL string) mailqueue.Message {
	what := kindWord(r.Kind)
	data := struct {
		Name, Opening, Link string
		Lines, Paragraphs   []string
	}{Name: o.Address.FirstName, Link: publicURL + "/user/orders",
		Opening: fmt.Sprintf("We have approved your %s request %s for order %s:", what, r.Number, o.Number),
		Lines:   requestLines(r.Lines)}
	data.Paragraphs = append(data.Paragraphs,
		"Next we book a courier to pick the items up from your delivery address; we will write to you with the pickup date.",
		"Please pack them unused, with their tags on.")
	if r.Kind == Exchange {
		data.Paragraphs = append(data.Paragraphs, "Your new size stays held for you and ships once we have checked the items you send back.")
	} else {
		data.Paragraphs = append(data.Paragraphs, "We refund you once we have checked the items you send back.")
	}
	if note != "" {
		data.Paragraphs = append(data.Paragraphs, "Our note: "+note)
	}
	html, text := mails.Render("requested", data)
	return mailqueue.Message{Kind: approvedKind, Ref: r.ID, To: o.Address.Email,
		Subject: fmt.Sprintf("Your %s request %s is approved", what, r.Number), Text: text, HTML: html}
}

// rejectedMail tells the shopper staff rejected request r of order o, and why.
func rejectedMail(o order.Order, r Request, reason, publicURL string) mailqueue.Message {
	what := kindWord(r.Kind)
	data := struct {
		Name, Opening, Link string
		Lines, Paragraphs   []string
	}{Name: o.Address.FirstName, Link: publicURL + "/user/orders",
		Opening: fmt.Sprintf("We cannot accept your %s request %s for order %s:", what, r.Number, o.Number),
		Lines:   requestLines(r.Lines)}
	data.Paragraphs = append(data.Paragraphs, "The reason: "+reason)
	if r.Kind == Exchange {
		data.Paragraphs = append(data.Paragraphs, "The size we held for you is released.")
	}
	data.Paragraphs = append(data.Paragraphs, "Keep the items you have. If you have questions, reply to this mail.")
	html, text := mails.Render("requested", data)
	return mailqueue.Message{Kind: rejectedKind, Ref: r.ID, To: o.Address.Email,
		Subject: fmt.Sprintf("Your %s request %s is not accepted", what, r.Number), Text: text, HTML: html}
}

// requestLines are the lines of a request as mails list them.
func requestLines(lines []Line) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = fmt.Sprintf("%d × %s, size %s", l.Quantity, l.ProductName, l.Size)
		if l.NewSize != "" {
			out[i] += ", for size " + l.NewSize
		}
	}
	return out
}

// Mail kinds of the courier's steps (pickup.go).
const (
	pickupScheduledKind = "return_pickup_scheduled"
	pickedUpKind        = "return_picked_up"
	receivedKind        = "return_received"
)

// pickupMail tells the shopper the courier moved request r of order o to status: its pickup
// is booked (with the AWB), the parcel is picked up, or it reached the shop.
func pickupMail(o order.Order, r Request, status Status, publicURL string) mailqueue.Message {
	what := kindWord(r.Kind)
	data := struct {
		Name, Opening, Link string
		Lines, Paragraphs   []string
	}{Name: o.Address.FirstName, Link: publicURL + "/user/orders", Lines: requestLines(r.Lines)}
	kind, subject := pickupScheduledKind, fmt.Sprintf("The pickup of your %s %s is booked", what, r.Number)
	switch status {
	case PickedUp:
		kind, subject = pickedUpKind, fmt.Sprintf("The courier picked up your %s %s", what, r.Number)
		data.Opening = fmt.Sprintf("The courier has picked up the items of your %s request %s for order %s:", what, r.Number, o.Number)
		data.Paragraphs = append(data.Paragraphs, "We write again when they reach us.")
	case Received:
		kind, subject = receivedKind, fmt.Sprintf("We have received your %s %s", what, r.Number)
		data.Opening = fmt.Sprintf("The items of your %s request %s for order %s have reached us:", what, r.Number, o.Number)
		if r.Kind == Exchange {
			data.Paragraphs = append(data.Paragraphs, "We check them now; your new size ships once they pass.")
		} else {
			data.Paragraphs = append(data.Paragraphs, "We check them now and refund you once they pass.")
		}
	default:
		data.Opening = fmt.Sprintf("A courier will pick up the items of your %s request %s for order %s:", what, r.Number, o.Number)
		data.Paragraphs = append(data.Paragraphs, "Please keep them packed, unused and with their tags on, at your delivery address.")
	}
	if p := r.Pickup; p != nil && p.AWB != "" {
		data.Paragraphs = append(data.Paragraphs, fmt.Sprintf("Courier: %s, AWB %s.", p.CourierName, p.AWB))
	}
	html, text := mails.Render("requested", data)
	return mailqueue.Message{Kind: kind, Ref: r.ID, To: o.Address.Email, Subject: subject, Text: text, HTML: html}
}
