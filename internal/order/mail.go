package order

import (
	"strconv"
	"strings"

	"drape/internal/mailqueue"
	"drape/internal/shop"
)

// Mail kinds this package queues.
const (
	confirmationKind = "order_confirmation"
	cancellationKind = "order_cancellation"
	shippedKind      = "order_shipped"
	deliveredKind    = "order_delivered"
	refundKind       = "order_refunded"
)

// mails are the order mails in the shop's mail layout, as HTML and as plain text.
var mails = mailqueue.NewLayout(`
{{- define "money" -}}
<table style="width:100%;border-collapse:collapse;font-family:Arial,sans-serif;font-size:14px">
{{- range .Lines}}
<tr><td style="padding:6px 0">{{.Quantity}} × {{.Name}} <span style="color:#6b6b6b">size {{.Size}}</span>{{if .Off}}<br><span style="color:#6b6b6b;font-size:12px">{{.Off}}</span>{{end}}</td><td style="padding:6px 0;text-align:right">{{.Amount}}</td></tr>
{{- end}}
{{- range .Adjustments}}
<tr><td style="padding:4px 0;color:#2f6f4f">{{.Label}}</td><td style="padding:4px 0;text-align:right;color:#2f6f4f">{{.Amount}}</td></tr>
{{- end}}
<tr><td style="border-top:1px solid #ddd;padding-top:8px">Total</td><td style="border-top:1px solid #ddd;padding-top:8px;text-align:right"><strong>{{.Total}}</strong></td></tr>
</table>
{{- end}}

{{- define "confirmation" -}}
{{template "open" .}}
<p>Thank you for your order <strong>{{.Number}}</strong>. We'll keep you updated.</p>
{{template "money" .Money}}
<p style="font-family:Arial,sans-serif;font-size:14px">{{.Payment}}<br>Delivering to {{.Where}}</p>
<p><a href="{{.Link}}" style="color:#1f2a44">Track your order</a></p>{{template "close" .}}
{{- end}}

{{- define "codconfirm" -}}
{{template "open" .}}
<p>Thank you for your order <strong>{{.Number}}</strong>. Please confirm it, and we'll send it on its way.</p>
{{template "money" .Money}}
<p style="font-family:Arial,sans-serif;font-size:14px">{{.Payment}}<br>Delivering to {{.Where}}</p>
<p><a href="{{.Link}}" style="display:inline-block;background:#1f2a44;color:#fff;padding:10px 18px;text-decoration:none">Confirm or cancel your order</a></p>
<p style="font-family:Arial,sans-serif;font-size:12px;color:#6b6b6b">An order not confirmed in time is cancelled.</p>{{template "close" .}}
{{- end}}

{{- define "lines" -}}
{{template "open" .}}
{{range .Paragraphs}}<p>{{.}}</p>{{end}}
{{- if .Link}}<p><a href="{{.Link}}" style="color:#1f2a44">Track your order</a></p>{{end}}{{template "close" .}}
{{- end}}
`, `
{{- define "money" -}}
{{range .Lines}}  {{.Quantity}} × {{.Name}} (size {{.Size}})  {{.Amount}}{{if .Off}}  [{{.Off}}]{{end}}
{{end}}{{range .Adjustments}}  {{.Label}}  {{.Amount}}
{{end}}  Total  {{.Total}}
{{- end}}

{{- define "confirmation" -}}
{{template "open" .}}

Thank you for your order {{.Number}}. We'll keep you updated.

{{template "money" .Money}}

{{.Payment}}
Delivering to: {{.Where}}

Track it: {{.Link}}

{{template "close" .}}
{{- end}}

{{- define "codconfirm" -}}
{{template "open" .}}

Thank you for your order {{.Number}}. Please confirm it, and we'll send it on its way.

{{template "money" .Money}}

{{.Payment}}
Delivering to: {{.Where}}

Confirm or cancel your order: {{.Link}}

An order not confirmed in time is cancelled.

{{template "close" .}}
{{- end}}

{{- define "lines" -}}
{{template "open" .}}
{{range .Paragraphs}}
{{.}}
{{end}}{{if .Link}}
Track it: {{.Link}}
{{end}}
{{template "close" .}}
{{- end}}
`)

// moneyTable is what an order cost, as its mails show it: each line at its list price, then
// the discounts and coupon as negative amounts, so that the rows add up to the total.
type moneyTable struct {
	Lines       []moneyLine
	Adjustments []moneyRow
	Total       shop.Money
}

type moneyLine struct {
	Quantity int
	Name     string
	Size     string
	Off      string // the discounts that priced it, in words ("20% off, Diwali Sale 10% off")
	Amount   shop.Money
}

type moneyRow struct {
	Label  string
	Amount string
}

// money is o's money table: lines at list price, less product and sale discounts, less the
// coupon, plus shipping, the COD fee and tax when there are any; the rows add up to o.Amount.
func money(o Order) moneyTable {
	t := moneyTable{Total: o.Amount}
	var list shop.Money
	for _, it := range o.Items {
		var off []string
		if it.Discount > 0 {
			off = append(off, strconv.Itoa(it.Discount)+"% off")
		}
		if it.SaleDiscount > 0 {
			off = append(off, strings.TrimSpace(it.SaleName+" "+strconv.Itoa(it.SaleDiscount)+"% off"))
		}
		amount := it.Price * shop.Money(it.Quantity)
		list += amount
		t.Lines = append(t.Lines, moneyLine{Quantity: it.Quantity, Name: it.ProductName, Size: it.Size, Off: strings.Join(off, ", "), Amount: amount})
	}
	if saved := list - o.SubTotal; saved != 0 {
		t.Adjustments = append(t.Adjustments, moneyRow{Label: "Product and sale discounts", Amount: (-saved).String()})
	}
	if o.CouponDiscount > 0 {
		t.Adjustments = append(t.Adjustments, moneyRow{Label: "Coupon " + o.CouponCode, Amount: (-o.CouponDiscount).String()})
	}
	shipping := "Free"
	if o.Shipping > 0 {
		shipping = o.Shipping.String()
	}
	t.Adjustments = append(t.Adjustments, moneyRow{Label: "Shipping", Amount: shipping})
	if o.CODFee > 0 {
		t.Adjustments = append(t.Adjustments, moneyRow{Label: "Cash on delivery fee", Amount: o.CODFee.String()})
	}
	if o.Tax > 0 {
		t.Adjustments = append(t.Adjustments, moneyRow{Label: "Tax", Amount: o.Tax.String()})
	}
	return t
}

// confirmationMail tells the shopper their order is placed: what, where it goes, what it
// cost and how it is paid.
func confirmationMail(o Order, publicURL string) mailqueue.Message {
	payment := "Cash on delivery: please keep " + o.Amount.String() + " ready."
	if o.PaymentMode == Online {
		payment = "Paid online (payment " + o.PaymentID + ")."
	}
	a := o.Address
	data := struct {
		Name, Number, Payment, Where, Link string
		Money                              moneyTable
	}{Name: a.FirstName, Number: o.Label(), Payment: payment, Money: money(o),
		Where: a.FirstName + " " + a.LastName + ", " + a.Address1 + ", " + a.City + ", " + a.State + " " + a.Pincode,
		Link:  publicURL + "/trackid?orderId=" + o.Number}
	html, text := mails.Render("confirmation", data)
	return mailqueue.Message{Kind: confirmationKind, Ref: o.ID, To: a.Email, Subject: "Your drape order " + o.Label() + " is placed",
		Text: text, HTML: html}
}

// linesMail is a mail of a few paragraphs and, when link is set, a link to track the order.
func linesMail(kind, ref, to, subject, name, link string, paragraphs ...string) mailqueue.Message {
	data := struct {
		Name, Link string
		Paragraphs []string
	}{Name: name, Link: link, Paragraphs: paragraphs}
	html, text := mails.Render("lines", data)
	return mailqueue.Message{Kind: kind, Ref: ref, To: to, Subject: subject, Text: text, HTML: html}
}

// cancellationMail tells the shopper an order was cancelled, and what happens to their money.
func cancellationMail(o Order, reason string) mailqueue.Message {
	money := "Nothing was charged."
	if o.PaymentStatus == RefundPending || o.PaymentStatus == Refunded {
		money = "Your payment of " + o.Amount.String() + " is being refunded to the original method (5–7 working days)."
	}
	return linesMail(cancellationKind, o.ID, o.Address.Email, "Your drape order "+o.Label()+" is cancelled", o.Address.FirstName, "",
		"Your order "+o.Label()+" has been cancelled: "+reason+".", money)
}

// progressMail tells the shopper their order shipped (with the courier, its airway bill and
// tracking link when there are some) or was delivered.
func progressMail(o Order, publicURL string) mailqueue.Message {
	track := publicURL + "/trackid?orderId=" + o.Number
	kind, subject, line := shippedKind, "Your drape order "+o.Label()+" is on its way", "Your order "+o.Label()+" has shipped."
	if o.Courier.AWB != "" {
		line += " " + strings.TrimSpace(o.Courier.Name+" airway bill "+o.Courier.AWB) + "."
	}
	if o.Courier.TrackURL != "" {
		track = o.Courier.TrackURL
	}
	if o.Status == Delivered {
		kind, subject, line = deliveredKind, "Your drape order "+o.Label()+" is delivered", "Your order "+o.Label()+" has been delivered. We hope it fits beautifully."
	}
	return linesMail(kind, o.ID, o.Address.Email, subject, o.Address.FirstName, track, line)
}

// refundMail tells the shopper their payment was refunded.
func refundMail(o Order) mailqueue.Message {
	line := "We have refunded " + o.Amount.String() + " for your order " + o.Label() + " to the original payment method. Banks take 5–7 working days to show it."
	return linesMail(refundKind, o.ID, o.Address.Email, "Your drape refund for "+o.Label(), o.Address.FirstName, "", line)
}
