package ndr

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Erase clears in tx the phone, address and note userID gave for failed deliveries, for the
// shopper's erasure (package privacy); the attempts stay with their orders. Errors: those of
// the database.
func (s *Service) Erase(ctx context.Context, tx pgx.Tx, userID string) error {
	return s.store.q.WithTx(tx).EraseAttemptsOfUser(ctx, userID)
}
