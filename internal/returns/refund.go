package returns

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"drape/internal/gst"
	"drape/internal/invoice"
	"drape/internal/mailqueue"
	"drape/internal/order"
	"drape/internal/outbox"
	"drape/internal/payment"
	"drape/internal/returns/returnsdb"
	"drape/internal/shop"
	"drape/jobs"
)

// How a return's money goes back.
const (
	ByGateway = "razorpay" // a partial refund of the order's online payment
	ByPayout  = "payout"   // staff pay a cash-on-delivery shopper and record the reference
)

// Refund is what a return gives back and where, as the request carries it. Money is in paise
// inside and rupees on the wire.
type Refund struct {
	// PayTo is a COD shopper's UPI id or bank account, masked.
	PayTo  string `json:"payTo,omitempty"`
	Method string `json:"method,omitempty"` // ByGateway or ByPayout, once QC passed
	// Credit is what was paid for the returned pieces (their invoice lines' shares: sale
	// price less the coupon's share, and the fees with the order's last pieces); Fee the
	// return fee kept; Amount = Credit − Fee, what goes back.
	Credit     shop.Money `json:"credit"`
	Fee        shop.Money `json:"fee"`
	Amount     shop.Money `json:"amount"`
	CreditNote string     `json:"creditNote,omitempty"` // the GST credit note's number
	RefundID   string     `json:"refundId,omitempty"`   // the gateway's refund id
	Reference  string     `json:"reference,omitempty"`  // the payout's reference
	RefundedAt *time.Time `json:"refundedAt,omitempty"`
}

// UsePayments gives the service the payment service that refunds returns of online orders
// (the worker's PayRefund).
func (s *Service) UsePayments(p *payment.Service) { s.payments = p }

// settleRefund fixes return r's refund as its QC passes, inside tx and under the order's
// return lock: the pieces' share of what order o's shopper paid by the invoice's own
// apportionment (gst.Apportion shares the coupon, gst.CreditNote the pieces of each line,
// the fees going with the order's last pieces), less r's return fee; the GST credit note for
// exactly those pieces when the order has an invoice; and, for an online order, the gateway
// refund's job.
func (s *Service) settleRefund(ctx context.Context, tx pgx.Tx, q *returnsdb.Queries, o order.Order, r Request) (Refund, error) {
	if err := q.LockOrderReturns(ctx, o.ID); err != nil {
		return Refund{}, err
	}
	earlier, err := q.RefundedPieces(ctx, o.ID)
	if err != nil {
		return Refund{}, err
	}
	split, goods := paidSplit(o)
	already, returned := make([]int, len(split.Lines)), make([]int, len(split.Lines))
	feesBack := false
	for _, e := range earlier {
		already[e.Item] = int(e.Quantity)
		feesBack = feesBack || e.FeesIncluded
	}
	for _, l := range r.Lines {
		returned[l.Item] += l.Quantity
	}
	last := true
	for i := range goods {
		last = last && already[i]+returned[i] == split.Lines[i].Quantity
	}
	includeFees := last && !feesBack && len(split.Lines) > goods
	var credited []invoice.ReturnedLine
	for i := range split.Lines {
		if i >= goods && includeFees {
			returned[i] = split.Lines[i].Quantity
		}
		if returned[i] > 0 {
			credited = append(credited, invoice.ReturnedLine{Line: i, Quantity: returned[i]})
		}
	}
	share, err := gst.CreditNote(split, already, returned)
	if err != nil {
		return Refund{}, err
	}
	refund := Refund{Credit: share.Totals.Total, Fee: min(r.Fee, share.Totals.Total), Method: ByPayout}
	refund.Amount = refund.Credit - refund.Fee
	if o.PaymentMode == order.Online && o.PaymentID != "" {
		refund.Method = ByGateway
	}
	note, issued, err := s.orders.CreditReturn(ctx, tx, o.ID, credited, "Goods returned: "+r.Number)
	if err != nil {
		return Refund{}, err
	}
	if issued {
		refund.CreditNote = note.Number
	}
	if err := q.InsertRefund(ctx, returnsdb.InsertRefundParams{RequestID: r.ID, OrderID: o.ID, Credit: int64(refund.Credit),
		Fee: int64(refund.Fee), Amount: int64(refund.Amount), FeesIncluded: includeFees, Method: refund.Method,
		CreditNote: refund.CreditNote, At: s.now()}); err != nil {
		return Refund{}, err
	}
	if refund.Method == ByGateway {
		return refund, outbox.Enqueue(ctx, tx, jobs.RefundReturn(r.ID))
	}
	return refund, nil
}

// paidSplit is what order o's shopper paid, line by line, as its GST invoice splits it: a
// line per item at its sale price less its share of the coupon (gst.Apportion, as the invoice
// shares it), then the fees that were charged; and how many of those lines are goods. Only
// the totals matter here (the refund), so no tax is split.
func paidSplit(o order.Order) (gst.Invoice, int) {
	values := make([]shop.Money, len(o.Items))
	for i, it := range o.Items {
		values[i] = it.DiscountedPrice * shop.Money(it.Quantity)
	}
	shares := gst.Apportion(o.CouponDiscount, values)
	var split gst.Invoice
	for i, it := range o.Items {
		split.Lines = append(split.Lines, gst.InvoiceLine{Description: it.ProductName, Quantity: it.Quantity,
			UnitPrice: it.DiscountedPrice, Total: values[i] - shares[i], TaxableValue: values[i] - shares[i]})
	}
	if o.Shipping > 0 {
		split.Lines = append(split.Lines, gst.InvoiceLine{Description: "Shipping", Quantity: 1, UnitPrice: o.Shipping,
			Total: o.Shipping, TaxableValue: o.Shipping})
	}
	return split, len(o.Items)
}

// PayRefund is the worker's refund of return requestID through the gateway, once its QC
// passed: a partial refund of the order's payment with the request's idempotency key, so a
// retry or a second worker never refunds twice. When the gateway answers processed (or there
// is nothing to refund after the return fee) the request is REFUNDED (RefundProcessed);
// otherwise the refund.processed webhook does it. A request not waiting for a gateway refund
// is left alone. Errors: the gateway's and payment's, worth a retry.
func (s *Service) PayRefund(ctx context.Context, requestID string) error {
	r, err := s.Request(ctx, requestID)
	if shop.Is(err, shop.NotFound) {
		return nil
	} else if err != nil {
		return err
	}
	if r.Status != QCPassed || r.Refund == nil || r.Refund.Method != ByGateway || r.Refund.RefundedAt != nil {
		return nil
	}
	if r.Refund.Amount == 0 {
		return s.RefundProcessed(ctx, r.ID, "")
	}
	if s.payments == nil {
		return shop.E(shop.Unavailable, "refund of return %s: no payment service", r.Number)
	}
	got, err := s.payments.RefundReturn(ctx, r.OrderID, r.ID, r.Refund.Amount)
	if err != nil {
		return err
	}
	if !got.Processed {
		return fmt.Errorf("returns: refund %s of %s is not processed yet", got.ID, r.Number)
	}
	return s.RefundProcessed(ctx, r.ID, got.ID)
}

// RefundProcessed records that the gateway refunded return requestID (refund refundID): the
// request moves to REFUNDED, by the system, with its step, event and the shopper's mail, and
// when every piece of the order has come back refunded the order is RETURNED. A second call
// changes nothing (payment.ReturnRefunds). Errors: NotFound; Conflict when the request is not
// waiting for its refund.
func (s *Service) RefundProcessed(ctx context.Context, requestID, refundID string) error {
	_, _, err := s.move(ctx, Move{RequestID: requestID, To: Refunded, Note: refundNote(refundID), then: s.refunded(ByGateway, refundID, "")})
	return err
}

func refundNote(refundID string) string {
	if refundID == "" {
		return "Nothing to refund after the return fee"
	}
	return "Razorpay refund " + refundID
}

// payoutReference is what a payout reference may be: a UTR or a UPI transaction id.
var payoutReference = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9/_.-]{3,49}$`)

// RecordPayout is staff recording that they paid a cash-on-delivery return's refund to the
// shopper's UPI id or bank account, with the payment's reference (its UTR or UPI transaction
// id) and an optional note: the request moves to REFUNDED with its step, event and the
// shopper's mail, and when every piece of the order has come back refunded the order is
// RETURNED. Recording it again changes nothing (moved false). Errors: move's; Invalid naming
// reference when it is not 4 to 50 letters, digits, '/', '_', '.' or '-'; Conflict when the
// request is not a COD return whose QC passed.
func (s *Service) RecordPayout(ctx context.Context, requestID, staffID, reference, note string) (Request, bool, error) {
	reference = strings.TrimSpace(reference)
	p := shop.Problems{}
	p.Check(!payoutReference.MatchString(reference), "reference", "Enter the payment's reference (UTR or UPI transaction id)")
	if err := p.Err(); err != nil {
		return Request{}, false, err
	}
	note = strings.TrimSpace(note)
	step := "Paid out, reference " + reference
	if note != "" {
		step += ": " + note
	}
	return s.move(ctx, Move{RequestID: requestID, To: Refunded, StaffID: staffID, Note: step, then: s.refunded(ByPayout, "", reference)})
}

// refunded records a request's refund as made by method and, when the order's every piece
// has now come back refunded, moves the order to RETURNED.
func (s *Service) refunded(method, refundID, reference string) effect {
	return func(ctx context.Context, tx pgx.Tx, q *returnsdb.Queries, o order.Order, r Request, actor string) (mailqueue.Message, error) {
		if r.Refund == nil || r.Refund.Method == "" {
			return mailqueue.Message{}, shop.E(shop.Conflict, "Return request %s has no refund to record", r.Number)
		}
		if r.Refund.Method != method {
			if r.Refund.Method == ByGateway {
				return mailqueue.Message{}, shop.E(shop.Conflict, "Return request %s was paid online: Razorpay refunds it, there is no payout to record", r.Number)
			}
			return mailqueue.Message{}, shop.E(shop.Conflict, "Return request %s was paid cash on delivery: staff record its payout", r.Number)
		}
		if err := q.SetRefunded(ctx, returnsdb.SetRefundedParams{RequestID: r.ID, GatewayID: refundID, Reference: reference, At: ptrTime(s.now())}); err != nil {
			return mailqueue.Message{}, err
		}
		r.Refund.RefundID, r.Refund.Reference = refundID, reference
		whole, err := q.OrderFullyRefunded(ctx, returnsdb.OrderFullyRefundedParams{Quantities: quantitiesOf(o), OrderID: o.ID})
		if err != nil {
			return mailqueue.Message{}, err
		}
		if whole {
			if err := s.orders.ReturnedInFull(ctx, tx, o.ID, actor, "Every piece came back: the last return "+r.Number+" is refunded"); err != nil {
				return mailqueue.Message{}, err
			}
		}
		return refundedMail(o, r, s.cfg.PublicURL), nil
	}
}

// fillRefunds reads the refunds and payout details of requests out (index: their positions
// by id) into them.
func fillRefunds(ctx context.Context, q *returnsdb.Queries, out []Request, ids []string, index map[string]int) error {
	payouts, err := q.PayoutsOf(ctx, ids)
	if err != nil {
		return err
	}
	for _, p := range payouts {
		out[index[p.RequestID]].Refund = &Refund{PayTo: p.Masked}
	}
	refunds, err := q.RefundsOf(ctx, ids)
	if err != nil {
		return err
	}
	for _, f := range refunds {
		r := &out[index[f.RequestID]]
		if r.Refund == nil {
			r.Refund = &Refund{}
		}
		r.Refund.Method, r.Refund.Credit, r.Refund.Fee, r.Refund.Amount = f.Method, shop.Money(f.Credit), shop.Money(f.Fee), shop.Money(f.Amount)
		r.Refund.CreditNote, r.Refund.RefundID, r.Refund.Reference, r.Refund.RefundedAt = f.CreditNote, f.GatewayID, f.Reference, f.RefundedAt
	}
	return nil
}

func ptrTime(t time.Time) *time.Time { return &t }
