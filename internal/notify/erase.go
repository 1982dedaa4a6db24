package notify

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// Erase deletes in tx userID's WhatsApp and SMS messages and their channel choice, for the
// shopper's erasure (package privacy). Errors: those of the database.
func (s *Service) Erase(ctx context.Context, tx pgx.Tx, userID string) error {
	q := s.store.q.WithTx(tx)
	if err := q.EraseMessagesOfUser(ctx, userID); err != nil {
		return err
	}
	return q.ErasePreferenceOfUser(ctx, userID)
}

// ForgetDoneBefore removes the WhatsApp and SMS messages done before before, with their numbers
// and words, for the shop's log retention (package privacy); it returns how many. Errors: those
// of the database.
func (s *Service) ForgetDoneBefore(ctx context.Context, before time.Time) (int64, error) {
	return s.store.q.ForgetDoneBefore(ctx, before)
}
