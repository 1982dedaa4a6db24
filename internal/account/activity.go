package account

import (
	"context"
	"time"

	"drape/internal/account/accountdb"
)

// Inactive is a shopper who has not signed in for a while, for the retention sweep (package
// privacy).
type Inactive struct {
	ID        string
	Email     string
	FirstName string
	ActiveAt  time.Time // the last sign-in, or the account's creation when none is recorded
}

// Inactive is up to limit active shoppers' accounts whose last sign-in (or creation) is before
// before, longest inactive first. Errors: those of the database.
func (s *Service) Inactive(ctx context.Context, before time.Time, limit int) ([]Inactive, error) {
	rows, err := s.q.InactiveShoppers(ctx, accountdb.InactiveShoppersParams{Before: before, MaxUsers: int32(limit)})
	if err != nil {
		return nil, err
	}
	out := make([]Inactive, len(rows))
	for i, r := range rows {
		out[i] = Inactive{ID: r.ID, Email: r.Email, FirstName: r.FirstName, ActiveAt: r.ActiveAt}
	}
	return out, nil
}

// signedIn records a sign-in of userID as its latest activity (the retention period counts
// from it).
func (s *Service) signedIn(ctx context.Context, userID string) error {
	return s.q.TouchActivity(ctx, userID)
}
