package grievance

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"drape/internal/grievance/grievancedb"
)

// Erase anonymises in tx the complaints userID filed, signed in or as a guest with one of
// emails, for their erasure (package privacy): the ticket, subject, status and dates stay for
// the grievance record; the name, e-mail, phone and message go. Errors: those of the database.
func (s *Service) Erase(ctx context.Context, tx pgx.Tx, userID string, emails []string) error {
	return s.store.q.WithTx(tx).EraseComplaintsOf(ctx, grievancedb.EraseComplaintsOfParams{UserID: pgtype.Text{String: userID, Valid: true}, Emails: emails})
}
