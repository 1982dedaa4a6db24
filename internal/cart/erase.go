package cart

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Erase empties userID's cart in tx, for the shopper's erasure (package privacy). Errors:
// those of the database.
func (s *Service) Erase(ctx context.Context, tx pgx.Tx, userID string) error {
	return s.store.q.WithTx(tx).EraseCartOfUser(ctx, userID)
}
