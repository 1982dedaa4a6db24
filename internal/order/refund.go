package order

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5"

	"drape/internal/mailqueue"
	"drape/internal/order/orderdb"
	"drape/internal/outbox"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
	"drape/jobs"
)

// Refunds says what a move that gives a paid order's money back does: only an admin's
// action starts a refund. Staff's moves ask for one, recorded for an admin to confirm (see
// RequestRefund); the shopper's own cancel before shipping, the courier's returns and the
// system's refunds follow the shop's policy and start at once.
type Refunds int

// What a move does with a paid order's money.
const (
	StartRefunds   Refunds = iota // the refund starts: its job asks the gateway
	RequestRefunds                // the refund is requested: recorded and shown, no gateway call
)

// RequestRefund is an admin refunding order ref's online payment in full, or confirming the
// refund staff requested for it. Asking again while the refund is on its way, or after it was
// made, changes nothing; a refund that failed is tried again. Errors: NotFound 'Order not
// found'; Conflict when there is no captured online payment to refund.
func (s *Service) RequestRefund(ctx context.Context, ref, actor, reason string) (Order, error) {
	var id string
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		row, err := s.lockRef(ctx, tx, ref)
		if err != nil {
			return err
		}
		id = row.ID
		switch PaymentStatus(row.PaymentStatus) {
		case RefundPending, Refunded:
			return nil
		case Paid:
			if Mode(row.PaymentMode) != Online || row.PaymentID == "" {
				return shop.E(shop.Conflict, "Order %s was paid in cash: refund it by hand", row.OrderNumber)
			}
		default:
			return shop.E(shop.Conflict, "Order %s has no payment to refund", row.OrderNumber)
		}
		return s.startRefund(ctx, tx, id, orDefaultReason(strings.TrimSpace(reason), "Refunded by the shop"), actor)
	})
	if err != nil {
		return Order{}, err
	}
	return s.byID(ctx, id)
}

// Refund is an order's refund as the payment job needs it.
type Refund struct {
	OrderID string
	Status  string // pending, processed or failed
	Attempt int    // from 1; a failed refund tried again is a new attempt with a new idempotency key
	Amount  shop.Money
}

// RefundOf is order id's refund. Errors: NotFound when none was asked for.
func (s *Service) RefundOf(ctx context.Context, id string) (Refund, error) {
	r, err := s.store.q.RefundOf(ctx, id)
	if err != nil {
		return Refund{}, notFound(err)
	}
	return Refund{OrderID: r.OrderID, Status: r.Status, Attempt: int(r.Attempt), Amount: shop.Money(r.Amount)}, nil
}

// MarkRefundFailed records that the gateway could not make order id's refund: the payment is
// the shop's again until staff ask once more. Errors: NotFound.
func (s *Service) MarkRefundFailed(ctx context.Context, id, reason string) error {
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		row, err := q.LockOrder(ctx, id)
		if err != nil {
			return notFound(err)
		}
		changed, err := q.SetRefundFailed(ctx, orderdb.SetRefundFailedParams{OrderID: id, Failure: truncate(reason, 300)})
		if err != nil || changed == 0 || PaymentStatus(row.PaymentStatus) != RefundPending {
			return err
		}
		if err := q.SetOrderStatus(ctx, orderdb.SetOrderStatusParams{ID: id, OrderStatus: row.OrderStatus,
			PaymentStatus: string(Paid), StockHeld: row.StockHeld}); err != nil {
			return err
		}
		if err := q.InsertMove(ctx, orderdb.InsertMoveParams{OrderID: id, Status: "REFUND_FAILED", Note: truncate(reason, 300),
			FromStatus: row.OrderStatus, Actor: ActorSystem}); err != nil {
			return err
		}
		return s.announce(ctx, tx, PaymentEvent, id)
	})
}

// MarkRefundFailedByPayment is MarkRefundFailed for the order paid by payment paymentID.
func (s *Service) MarkRefundFailedByPayment(ctx context.Context, paymentID, reason string) error {
	id, err := s.store.q.OrderIDByPayment(ctx, paymentID)
	if err != nil {
		return notFound(err)
	}
	return s.MarkRefundFailed(ctx, id, reason)
}

// refund starts the refund of paid order id (none when it cost nothing), or, for refunds RequestRefunds, records it as
// requested for an admin to confirm: the money stays paid, the timeline says so, and nothing
// is asked of the gateway.
func (s *Service) refund(ctx context.Context, tx pgx.Tx, id, reason, actor string, refunds Refunds) error {
	q := s.store.q.WithTx(tx)
	row, err := q.LockOrder(ctx, id)
	if err != nil || row.Total == 0 { // nothing was paid: an exchange's new parcel at no charge
		return err
	}
	if refunds == StartRefunds {
		return s.startRefund(ctx, tx, id, reason, actor)
	}
	added, err := q.InsertRefundRequest(ctx, orderdb.InsertRefundRequestParams{OrderID: id, Amount: row.Total, Reason: truncate(reason, 300), RequestedBy: actor})
	if err != nil || added == 0 {
		return err
	}
	return q.InsertMove(ctx, orderdb.InsertMoveParams{OrderID: id, Status: "REFUND_REQUESTED", Note: reason,
		FromStatus: row.OrderStatus, Actor: actor})
}

// startRefund marks a paid order's money as being refunded, records the refund and queues
// the job that asks the gateway for it. A refund staff requested is confirmed (actor is the
// admin); one that failed before is tried again.
func (s *Service) startRefund(ctx context.Context, tx pgx.Tx, id, reason, actor string) error {
	q := s.store.q.WithTx(tx)
	row, err := q.LockOrder(ctx, id)
	if err != nil {
		return err
	}
	added, err := q.InsertRefund(ctx, orderdb.InsertRefundParams{OrderID: id, Amount: row.Total, Reason: truncate(reason, 300), RequestedBy: actor})
	if err != nil {
		return err
	}
	attempt := int32(1)
	if added == 0 {
		attempt, err = q.ConfirmRefund(ctx, orderdb.ConfirmRefundParams{OrderID: id, ApprovedBy: actor})
		if shop.Is(err, shop.NotFound) {
			attempt, err = q.RetryRefund(ctx, orderdb.RetryRefundParams{OrderID: id, RequestedBy: actor})
		}
		if err != nil {
			return notFound(err)
		}
	}
	if err := q.SetStatus(ctx, orderdb.SetStatusParams{ID: id, OrderStatus: row.OrderStatus, PaymentStatus: string(RefundPending),
		StockHeld: row.StockHeld, CancelReason: row.CancelReason, PaymentError: row.PaymentError, ExpiresAt: row.ExpiresAt}); err != nil {
		return err
	}
	if err := q.InsertMove(ctx, orderdb.InsertMoveParams{OrderID: id, Status: "REFUND_PENDING", Note: reason,
		FromStatus: row.OrderStatus, Actor: actor}); err != nil {
		return err
	}
	return outbox.Enqueue(ctx, tx, jobs.RefundPayment(id, int(attempt)))
}

// MarkRefunded records that the refund of order id was processed (refunded stays refunded).
// Errors: NotFound.
func (s *Service) MarkRefunded(ctx context.Context, id, refundID string) error {
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		row, err := q.LockOrder(ctx, id)
		if err != nil {
			return err
		}
		if row.PaymentStatus == string(Refunded) {
			return nil
		}
		if err := q.SetRefundProcessed(ctx, orderdb.SetRefundProcessedParams{OrderID: id, GatewayRefundID: refundID}); err != nil {
			return err
		}
		if err := q.SetStatus(ctx, orderdb.SetStatusParams{ID: id, OrderStatus: row.OrderStatus, PaymentStatus: string(Refunded),
			StockHeld: row.StockHeld, CancelReason: row.CancelReason, PaymentError: row.PaymentError, ExpiresAt: row.ExpiresAt}); err != nil {
			return err
		}
		if err := q.InsertMove(ctx, orderdb.InsertMoveParams{OrderID: id, Status: "REFUNDED", Note: refundID,
			FromStatus: row.OrderStatus, Actor: ActorSystem}); err != nil {
			return err
		}
		o, err := s.get(ctx, q, row)
		if err != nil {
			return err
		}
		o.PaymentStatus = Refunded
		if err := mailqueue.Queue(ctx, tx, refundMail(o)); err != nil {
			return err
		}
		return s.announce(ctx, tx, PaymentEvent, id)
	})
}

// MarkRefundedByPayment is MarkRefunded for the order paid by gateway payment paymentID.
// Errors: NotFound when no order has that payment.
func (s *Service) MarkRefundedByPayment(ctx context.Context, paymentID, refundID string) error {
	id, err := s.store.q.OrderIDByPayment(ctx, paymentID)
	if err != nil {
		return notFound(err)
	}
	return s.MarkRefunded(ctx, id, refundID)
}
