package backinstock

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"drape/internal/backinstock/backinstockdb"
)

// Asked is one back-in-stock request of a shopper, for their data download.
type Asked struct {
	ID        string     `json:"id"`
	ProductID string     `json:"productId"`
	Size      string     `json:"size"`
	Email     string     `json:"email"`
	State     string     `json:"state"`
	AskedAt   time.Time  `json:"askedAt"`
	SentAt    *time.Time `json:"sentAt,omitempty"`
}

// OfShopper is every request userID made, or made with one of emails, newest first (package
// privacy's data download). Errors: those of the database.
func (s *Service) OfShopper(ctx context.Context, userID string, emails []string) ([]Asked, error) {
	rows, err := s.store.q.AlertsOfUser(ctx, backinstockdb.AlertsOfUserParams{UserID: pgtype.Text{String: userID, Valid: true}, Emails: emails})
	if err != nil {
		return nil, err
	}
	out := make([]Asked, len(rows))
	for i, r := range rows {
		out[i] = Asked{ID: r.ID, ProductID: r.ProductID, Size: r.Size, Email: r.Email, State: r.State, AskedAt: r.CreatedAt, SentAt: r.SentAt}
	}
	return out, nil
}

// Erase deletes in tx every request userID made, or made with one of emails, for the
// shopper's erasure (package privacy). Errors: those of the database.
func (s *Service) Erase(ctx context.Context, tx pgx.Tx, userID string, emails []string) error {
	return s.store.q.WithTx(tx).EraseAlertsOfUser(ctx, backinstockdb.EraseAlertsOfUserParams{UserID: pgtype.Text{String: userID, Valid: true}, Emails: emails})
}
