package payment

import (
	"context"
	"fmt"

	"drape/internal/shop"
)

// ReturnNote is the note a return's refund carries: the return request's id, so that the
// refund's webhook marks that request refunded and not the whole order.
const ReturnNote = "return_id"

// ReturnRefunds are told when the gateway has processed a return's refund (package returns).
type ReturnRefunds interface {
	// RefundProcessed records that the refund refundID of return request returnID went
	// through; a second call changes nothing.
	RefundProcessed(ctx context.Context, returnID, refundID string) error
}

// SetReturnRefunds names who is told of a return's processed refund (refund.processed
// webhooks whose refund carries ReturnNote).
func (s *Service) SetReturnRefunds(r ReturnRefunds) { s.returns = r }

// PartRefund is a refund of part of an order's payment, as the gateway answered it.
type PartRefund struct {
	ID        string
	Processed bool
}

// RefundReturn refunds amount of order orderID's captured online payment for return request
// returnID, with the idempotency key return_<returnID>, so a retried job, a second worker or a
// repeated click never refunds twice: the gateway answers the first refund again. The
// refund's notes name the order number and the request (ReturnNote). Errors: Unavailable when
// online payment is not configured; Conflict when the order has no captured online payment;
// the gateway's, worth a retry.
func (s *Service) RefundReturn(ctx context.Context, orderID, returnID string, amount shop.Money) (PartRefund, error) {
	o, err := s.orders.ByID(ctx, orderID)
	if err != nil {
		return PartRefund{}, err
	}
	if o.PaymentID == "" {
		return PartRefund{}, shop.E(shop.Conflict, "Order %s has no online payment to refund", o.Number)
	}
	if !s.Enabled() {
		return PartRefund{}, shop.E(shop.Unavailable, "refund of return %s: online payment is not configured", returnID)
	}
	r, err := s.gateway.Refund(ctx, o.PaymentID, int64(amount), fmt.Sprintf("return_%s", returnID),
		map[string]string{"order_id": o.Number, ReturnNote: returnID})
	if err != nil {
		return PartRefund{}, err
	}
	return PartRefund{ID: r.ID, Processed: r.Status == "processed"}, nil
}

// returnRefundProcessed tells the returns that the refund refundID of request returnID went
// through.
func (s *Service) returnRefundProcessed(ctx context.Context, returnID, refundID string) error {
	if s.returns == nil {
		return shop.E(shop.Unavailable, "a return's refund was processed, but nothing here records returns")
	}
	return s.returns.RefundProcessed(ctx, returnID, refundID)
}
