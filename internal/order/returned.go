package order

import (
	"context"

	"github.com/jackc/pgx/v5"

	"drape/internal/invoice"
	"drape/internal/order/orderdb"
	"drape/internal/shop"
)

// CreditReturn issues, in tx, the GST credit note for the pieces of order id that a return
// brings back (invoice.IssueCreditNote: lines are invoice positions, goods in the order's
// order, then the fees), and says whether it did: not when the order has no invoice (its
// company was not GST-registered when it shipped). Errors: invoice's Invalid when the pieces
// are more than are left uncredited.
func (s *Service) CreditReturn(ctx context.Context, tx pgx.Tx, id string, lines []invoice.ReturnedLine, reason string) (invoice.CreditNote, bool, error) {
	note, err := s.invoices.IssueCreditNote(ctx, tx, id, lines, reason)
	if shop.Is(err, shop.NotFound) {
		return invoice.CreditNote{}, false, nil
	}
	return note, err == nil, err
}

// ReturnedInFull moves order id, delivered (or with a return requested), to RETURNED in tx
// once its returns have brought back and refunded every piece: the returns gave each piece's
// stock back, credited it and refunded it, so this move gives back no stock, credits nothing
// and starts no refund; the money is marked refunded. An order already RETURNED changes
// nothing. Errors: NotFound; Conflict when the order is elsewhere.
func (s *Service) ReturnedInFull(ctx context.Context, tx pgx.Tx, id, actor, note string) error {
	q := s.store.q.WithTx(tx)
	row, err := q.LockOrder(ctx, id)
	if err != nil {
		return notFound(err)
	}
	from := Status(row.OrderStatus)
	switch from {
	case Returned:
		return nil
	case Delivered, ReturnRequested:
	default:
		return shop.E(shop.Conflict, "Order %s is %s: it cannot be returned", row.OrderNumber, from)
	}
	if err := q.SetOrderStatus(ctx, orderdb.SetOrderStatusParams{ID: id, OrderStatus: string(Returned),
		PaymentStatus: string(Refunded), StockHeld: false}); err != nil {
		return err
	}
	if err := q.InsertMove(ctx, orderdb.InsertMoveParams{OrderID: id, Status: string(Returned), Note: note,
		FromStatus: string(from), Actor: actor}); err != nil {
		return err
	}
	return s.announce(ctx, tx, UpdatedEvent, id)
}

// SetReturnRequested moves order id, in tx, to RETURN_REQUESTED (requested true) when its
// shopper's return requests come to every piece of it, or back to DELIVERED (false) when a
// request no longer does (rejected, withdrawn, failed its quality check). It moves no stock
// and no money: the requests do that piece by piece. An order already there, or elsewhere
// (a requested order RETURNED meanwhile, a delivered one asked to go back), changes nothing.
// Errors: NotFound.
func (s *Service) SetReturnRequested(ctx context.Context, tx pgx.Tx, id string, requested bool, actor, note string) error {
	q := s.store.q.WithTx(tx)
	row, err := q.LockOrder(ctx, id)
	if err != nil {
		return notFound(err)
	}
	from, to := Status(row.OrderStatus), Delivered
	if requested {
		to = ReturnRequested
	}
	if from == to || !from.CanMove(to) || (from != Delivered && from != ReturnRequested) {
		return nil
	}
	if err := q.SetOrderStatus(ctx, orderdb.SetOrderStatusParams{ID: id, OrderStatus: string(to),
		PaymentStatus: row.PaymentStatus, StockHeld: row.StockHeld}); err != nil {
		return err
	}
	if err := q.InsertMove(ctx, orderdb.InsertMoveParams{OrderID: id, Status: string(to), Note: note,
		FromStatus: string(from), Actor: actor}); err != nil {
		return err
	}
	return s.announce(ctx, tx, UpdatedEvent, id)
}
