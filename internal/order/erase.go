package order

import (
	"context"

	"github.com/jackc/pgx/v5"

	"drape/internal/shop"
)

// MsgOpenOrders refuses an erasure while an order is on its way.
const MsgOpenOrders = "You have orders on their way: your account can be erased once they are delivered or cancelled"

// OpenFor is how many of userID's orders are still on their way (not delivered, cancelled or
// back at the shop): an erasure waits for them. Errors: those of the database.
func (s *Service) OpenFor(ctx context.Context, userID string) (int, error) {
	n, err := s.store.q.OpenOrdersOfUser(ctx, userID)
	return int(n), err
}

// Erase reduces in tx userID's orders to what the law keeps, for the shopper's erasure (package
// privacy): the orders stay (money, tax, stock) with the delivery address reduced to its state
// and country (the place of supply), the courier's copy without name, address, e-mail or
// phone, the COD override gone, and their invoices' recipients reduced as Rule 46 allows
// (invoice.Service.ReduceRecipients). Errors: Conflict while an order is still on its way;
// those of the database.
func (s *Service) Erase(ctx context.Context, tx pgx.Tx, userID string) error {
	q := s.store.q.WithTx(tx)
	open, err := q.OpenOrdersOfUser(ctx, userID)
	if err != nil {
		return err
	}
	if open > 0 {
		return shop.E(shop.Conflict, MsgOpenOrders)
	}
	ids, err := q.OrderIDsOfUser(ctx, userID)
	if err != nil {
		return err
	}
	if err := q.EraseOrdersOfUser(ctx, userID); err != nil {
		return err
	}
	if err := q.EraseCODOverride(ctx, userID); err != nil {
		return err
	}
	return s.invoices.ReduceRecipients(ctx, tx, ids)
}
