package returns

import (
	"fmt"

	"drape/internal/mailqueue"
	"drape/internal/order"
)

// Mail kinds of the later steps.
const (
	qcPassedKind = "return_qc_passed"
	qcFailedKind = "return_qc_failed"
	refundedKind = "return_refunded"
)

// stepMail tells the shopper of order o that request r took a step: subject is a format of
// the request's kind word and number; staff's note follows the request's lines.
func stepMail(o order.Order, r Request, kind, subject, note, publicURL string) mailqueue.Message {
	return requestMail(o, r, kind, fmt.Sprintf(subject, kindWord(r.Kind), r.Number), note, publicURL)
}

// requestMail is a mail to order o's shopper about request r: the opening, the lines, the
// paragraphs and a link to their orders.
func requestMail(o order.Order, r Request, kind, subject, note, publicURL string, paragraphs ...string) mailqueue.Message {
	data := struct {
		Name, Opening, Link string
		Lines, Paragraphs   []string
	}{Name: o.Address.FirstName, Link: publicURL + "/user/orders", Opening: subject + " (order " + o.Number + "):",
		Lines: requestLines(r.Lines), Paragraphs: paragraphs}
	if note != "" {
		data.Paragraphs = append(data.Paragraphs, "Our note: "+note)
	}
	html, text := mails.Render("requested", data)
	return mailqueue.Message{Kind: kind, Ref: r.ID, To: o.Address.Email, Subject: subject, Text: text, HTML: html}
}

// qcPassedMail tells the shopper their return passed QC and what comes back, and how.
func qcPassedMail(o order.Order, r Request, f Refund, note, publicURL string) mailqueue.Message {
	what := fmt.Sprintf("We refund you %s: %s paid for these items", f.Amount, f.Credit)
	if f.Fee > 0 {
		what += fmt.Sprintf(", less the return fee of %s", f.Fee)
	}
	how := "It goes back to the card, UPI or bank account you paid with, usually within 5 to 7 working days."
	if f.Method == ByPayout {
		how = "We pay it to the UPI id or bank account you gave us and write to you with the payment's reference."
	}
	return requestMail(o, r, qcPassedKind, fmt.Sprintf("Your return %s passed our quality check", r.Number), note, publicURL, what+".", how)
}

// qcFailedMail tells the shopper their request failed QC, why, and that nothing is refunded.
func qcFailedMail(o order.Order, r Request, reason, publicURL string) mailqueue.Message {
	outcome := "We cannot refund these items, and we send them back to you."
	if r.Kind == Exchange {
		outcome = "We cannot exchange these items: the size we held is released, and we send them back to you."
	}
	return requestMail(o, r, qcFailedKind, fmt.Sprintf("Your %s %s did not pass our quality check", kindWord(r.Kind), r.Number), "", publicURL,
		"The reason: "+reason, outcome, "If you have questions, reply to this mail.")
}

// refundedMail tells the shopper their return's money is on its way.
func refundedMail(o order.Order, r Request, publicURL string) mailqueue.Message {
	var what string
	switch {
	case r.Refund == nil:
	case r.Refund.Reference != "":
		what = fmt.Sprintf("We have paid you %s to %s, reference %s.", r.Refund.Amount, r.Refund.PayTo, r.Refund.Reference)
	default:
		what = fmt.Sprintf("We have refunded %s to the way you paid; your bank shows it within 5 to 7 working days.", r.Refund.Amount)
	}
	if r.Refund != nil && r.Refund.CreditNote != "" {
		what += " Credit note " + r.Refund.CreditNote + " is against your invoice."
	}
	return requestMail(o, r, refundedKind, fmt.Sprintf("Your return %s is refunded", r.Number), "", publicURL, what)
}
