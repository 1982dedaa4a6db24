package mailqueue

import (
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Erase deletes in tx every mail to any of the addresses, sent or waiting, for the shopper's
// erasure (package privacy). Errors: those of the database.
func (s *Service) Erase(ctx context.Context, tx pgx.Tx, addresses []string) error {
	lower := make([]string, len(addresses))
	for i, a := range addresses {
		lower[i] = strings.ToLower(strings.TrimSpace(a))
	}
	return s.store.q.WithTx(tx).EraseMailsTo(ctx, lower)
}

// ForgetSentBefore removes the mails sent before before, with their recipients and words, for
// the shop's log retention (package privacy); it returns how many. Errors: those of the
// database.
func (s *Service) ForgetSentBefore(ctx context.Context, before time.Time) (int64, error) {
	return s.store.q.ForgetSentBefore(ctx, before)
}
