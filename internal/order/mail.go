package order

import (
	"fmt"
	"html"
	"strings"

	"drape/internal/mailqueue"
)

// Mail kinds this package queues.
const (
	confirmationKind = "order_confirmation"
	cancellationKind = "order_cancellation"
	shippedKind      = "order_shipped"
	deliveredKind    = "order_delivered"
	refundKind       = "order_refunded"
)

// confirmationMail tells the shopper their order is placed: what, where it goes, what it
// cost and how it is paid.
func confirmationMail(o Order, publicURL string) mailqueue.Message {
	var text, rows strings.Builder
	for _, it := range o.Items {
		fmt.Fprintf(&text, "  %d × %s (size %s)  %s\n", it.Quantity, it.ProductName, it.Size, it.Total)
		fmt.Fprintf(&rows, `<tr><td style="padding:6px 0">%d × %s <span style="color:#6b6b6b">size %s</span></td><td style="text-align:right">%s</td></tr>`,
			it.Quantity, html.EscapeString(it.ProductName), html.EscapeString(it.Size), it.Total)
	}
	payment := "Cash on delivery: please keep " + o.Amount.String() + " ready."
	if o.PaymentMode == Online {
		payment = "Paid online (payment " + o.PaymentID + ")."
	}
	a := o.Address
	where := fmt.Sprintf("%s %s, %s, %s, %s %s", a.FirstName, a.LastName, a.Address1, a.City, a.State, a.Pincode)
	link := publicURL + "/trackid?orderId=" + o.Number
	coupon := ""
	if o.CouponDiscount > 0 {
		coupon = fmt.Sprintf("Coupon %s: -%s\n", o.CouponCode, o.CouponDiscount)
	}
	body := fmt.Sprintf("Hello %s,\n\nThank you for your order %s. We'll keep you updated.\n\n%s\nSubtotal: %s\n%sShipping: free\nTotal: %s\n\n%s\nDelivering to: %s\n\nTrack it: %s\n\ndrape",
		a.FirstName, o.Number, text.String(), o.SubTotal, coupon, o.Amount, payment, where, link)
	page := fmt.Sprintf(`<div style="font-family:Georgia,serif;color:#1f2a44;max-width:560px;margin:auto;padding:24px">
<p style="font-size:22px;margin:0 0 16px">drape</p>
<p>Hello %s,</p><p>Thank you for your order <strong>%s</strong>. We'll keep you updated.</p>
<table style="width:100%%;border-collapse:collapse;font-family:Arial,sans-serif;font-size:14px">%s
<tr><td style="border-top:1px solid #ddd;padding-top:8px">Total</td><td style="border-top:1px solid #ddd;padding-top:8px;text-align:right"><strong>%s</strong></td></tr></table>
<p style="font-family:Arial,sans-serif;font-size:14px">%s<br>Delivering to %s</p>
<p><a href="%s" style="color:#1f2a44">Track your order</a></p></div>`,
		html.EscapeString(a.FirstName), o.Number, rows.String(), o.Amount, html.EscapeString(payment), html.EscapeString(where), html.EscapeString(link))
	return mailqueue.Message{Kind: confirmationKind, Ref: o.ID, To: a.Email, Subject: "Your drape order " + o.Number + " is placed",
		Text: body, HTML: page}
}

// cancellationMail tells the shopper an order was cancelled, and what happens to their money.
func cancellationMail(o Order, reason string) mailqueue.Message {
	money := "Nothing was charged."
	if o.PaymentStatus == RefundPending || o.PaymentStatus == Refunded {
		money = "Your payment of " + o.Amount.String() + " is being refunded to the original method (5–7 working days)."
	}
	text := fmt.Sprintf("Hello %s,\n\nYour order %s has been cancelled: %s.\n%s\n\ndrape", o.Address.FirstName, o.Number, reason, money)
	page := fmt.Sprintf(`<div style="font-family:Georgia,serif;color:#1f2a44;max-width:560px;margin:auto;padding:24px"><p style="font-size:22px">drape</p><p>Hello %s,</p><p>Your order <strong>%s</strong> has been cancelled: %s.</p><p>%s</p></div>`,
		html.EscapeString(o.Address.FirstName), o.Number, html.EscapeString(reason), html.EscapeString(money))
	return mailqueue.Message{Kind: cancellationKind, Ref: o.ID, To: o.Address.Email, Subject: "Your drape order " + o.Number + " is cancelled",
		Text: text, HTML: page}
}

// progressMail tells the shopper their order shipped (with the courier's tracking link when
// there is one) or was delivered.
func progressMail(o Order, publicURL string) mailqueue.Message {
	track := publicURL + "/trackid?orderId=" + o.Number
	kind, subject, line := shippedKind, "Your drape order "+o.Number+" is on its way", "Your order "+o.Number+" has shipped."
	if o.Courier.AWB != "" {
		line += " " + strings.TrimSpace(o.Courier.Name+" airway bill "+o.Courier.AWB) + "."
	}
	if o.Courier.TrackURL != "" {
		track = o.Courier.TrackURL
	}
	if o.Status == Delivered {
		kind, subject, line = deliveredKind, "Your drape order "+o.Number+" is delivered", "Your order "+o.Number+" has been delivered. We hope it fits beautifully."
	}
	text := fmt.Sprintf("Hello %s,\n\n%s\n\nTrack it: %s\n\ndrape", o.Address.FirstName, line, track)
	page := fmt.Sprintf(`<div style="font-family:Georgia,serif;color:#1f2a44;max-width:560px;margin:auto;padding:24px"><p style="font-size:22px">drape</p><p>Hello %s,</p><p>%s</p><p><a href="%s" style="color:#1f2a44">Track your order</a></p></div>`,
		html.EscapeString(o.Address.FirstName), html.EscapeString(line), html.EscapeString(track))
	return mailqueue.Message{Kind: kind, Ref: o.ID, To: o.Address.Email, Subject: subject, Text: text, HTML: page}
}

// refundMail tells the shopper their payment was refunded.
func refundMail(o Order) mailqueue.Message {
	line := fmt.Sprintf("We have refunded %s for your order %s to the original payment method. Banks take 5–7 working days to show it.", o.Amount, o.Number)
	text := fmt.Sprintf("Hello %s,\n\n%s\n\ndrape", o.Address.FirstName, line)
	page := fmt.Sprintf(`<div style="font-family:Georgia,serif;color:#1f2a44;max-width:560px;margin:auto;padding:24px"><p style="font-size:22px">drape</p><p>Hello %s,</p><p>%s</p></div>`,
		html.EscapeString(o.Address.FirstName), html.EscapeString(line))
	return mailqueue.Message{Kind: refundKind, Ref: o.ID, To: o.Address.Email, Subject: "Your drape refund for " + o.Number, Text: text, HTML: page}
}
