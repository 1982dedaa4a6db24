package order

import (
	"context"

	"github.com/jackc/pgx/v5"

	"drape/internal/shop"
)

// ReturnRequests is what a whole-order return asks of the per-piece returns; *returns.Service
// is the real one.
type ReturnRequests interface {
	// HasRequests reports, in tx, whether order id has return or exchange requests that were
	// neither rejected nor withdrawn.
	HasRequests(ctx context.Context, tx pgx.Tx, orderID string) (bool, error)
	// ReplacementDelivered records, in tx, that the child order orderID (an exchange's new
	// parcel, see PlaceReplacement) was delivered.
	ReplacementDelivered(ctx context.Context, tx pgx.Tx, orderID string) error
}

// GuardReturnsWith makes staff's whole-order RETURNED refuse an order that has requests of its
// own: those give stock back, credit and refund piece by piece, so a whole-order return on top
// would do it twice. Package returns registers itself when it is made.
func (s *Service) GuardReturnsWith(requests ReturnRequests) { s.requests = requests }

// checkNoRequests refuses the whole-order return of order id (number) when it has requests of its own.
// Errors: Conflict.
func (s *Service) checkNoRequests(ctx context.Context, tx pgx.Tx, id, number string) error {
	if s.requests == nil {
		return nil
	}
	has, err := s.requests.HasRequests(ctx, tx, id)
	if err != nil {
		return err
	}
	if has {
		return shop.E(shop.Conflict, "Order %s has return or exchange requests: its pieces come back, and are refunded, through Returns", number)
	}
	return nil
}
