package returns

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// OpenFor is how many of userID's return requests are not yet settled (an erasure waits for
// them). Errors: those of the database.
func (s *Service) OpenFor(ctx context.Context, userID string) (int, error) {
	n, err := s.store.q.OpenRequestsOfUser(ctx, userID)
	return int(n), err
}

// Erase clears in tx the notes, photos and refund account userID gave with their returns, for
// the shopper's erasure (package privacy); the requests (what came back, what was refunded)
// stay with their orders. Errors: those of the database.
func (s *Service) Erase(ctx context.Context, tx pgx.Tx, userID string) error {
	q := s.store.q.WithTx(tx)
	if err := q.ErasePayoutsOfUser(ctx, userID); err != nil {
		return err
	}
	return q.EraseRequestsOfUser(ctx, userID)
}
