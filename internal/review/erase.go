package review

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5"

	"drape/internal/review/reviewdb"
)

// Erase replaces in tx each of values (the shopper's name, e-mail, phone, address lines)
// written into userID's reviews by [erased], for their erasure (package privacy): the reviews
// keep their rating and words, under the anonymised account's name. Errors: those of the
// database.
func (s *Service) Erase(ctx context.Context, tx pgx.Tx, userID string, values []string) error {
	q := s.store.q.WithTx(tx)
	for _, v := range values {
		if v = strings.TrimSpace(v); v == "" {
			continue
		}
		if err := q.RedactReviewsOfUser(ctx, reviewdb.RedactReviewsOfUserParams{UserID: userID, Value: v}); err != nil {
			return err
		}
	}
	return nil
}
