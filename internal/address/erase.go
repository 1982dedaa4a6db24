package address

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Erase deletes every saved address of userID in tx, for the shopper's erasure (package
// privacy). Errors: those of the database.
func (s *Service) Erase(ctx context.Context, tx pgx.Tx, userID string) error {
	return s.q.WithTx(tx).EraseAddressesOfUser(ctx, userID)
}
