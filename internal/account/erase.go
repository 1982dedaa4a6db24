package account

import (
	"context"

	"github.com/jackc/pgx/v5"

	"drape/internal/shop"
)

// Erase anonymises in tx the shopper userID, for their erasure (package privacy): the account
// row stays (orders, reviews and the request log name it) with a placeholder e-mail
// (erased-<id>@erased.invalid), 'Former customer' as its name, no phone, password, Google link
// or photo, deactivated; its reset codes, e-mail changes and revoked tokens are deleted, and
// every token it holds stops working at once, its sockets closed. Neither a password nor Google
// can sign into it again: its e-mail and Google subject are gone, so a later Google sign-in
// with the same account makes a new, empty account. Errors: NotFound for an unknown account,
// Forbidden for a staff or admin account.
func (s *Service) Erase(ctx context.Context, tx pgx.Tx, userID string) error {
	q := s.q.WithTx(tx)
	u, err := q.UserForUpdate(ctx, userID)
	if shop.Is(err, shop.NotFound) {
		return shop.E(shop.NotFound, "User not found")
	} else if err != nil {
		return err
	}
	if u.Role != RoleUser {
		return shop.E(shop.Forbidden, "Only a shopper's account can be erased this way")
	}
	for _, erase := range []func(context.Context, string) error{q.EraseSecretsOfUser, q.EraseEmailChangesOfUser, q.EraseRevocationsOfUser, q.EraseUser} {
		if err := erase(ctx, userID); err != nil {
			return err
		}
	}
	return closeSockets(ctx, tx, userID, "")
}
