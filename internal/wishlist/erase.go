package wishlist

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Erase empties userID's wishlist in tx, for the shopper's erasure (package privacy). Errors:
// those of the database.
func (s *Service) Erase(ctx context.Context, tx pgx.Tx, userID string) error {
	return s.store.q.WithTx(tx).EraseWishlistOfUser(ctx, userID)
}
