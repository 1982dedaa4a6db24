package account

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"drape/internal/account/accountdb"
	"drape/internal/outbox"
	"drape/realtime"
)

// revocation names tokens that stop working: every token of UserID, or, when TokenID is set,
// that one token (which would have expired at ExpiresAt anyway).
type revocation struct {
	UserID    string
	TokenID   string
	ExpiresAt time.Time
}

// revokeTokens is the one place tokens are made to stop working, in the transaction of the use
// case that revokes them: signing out (one token), signing out everywhere, a new, reset or
// admin-set password and deactivation (every token of the user, by moving its token version
// on). Authenticate refuses a revoked token on every server from the moment tx commits, and
// the sockets that said hello with a revoked token close then on every server.
func (s *Service) revokeTokens(ctx context.Context, tx pgx.Tx, r revocation) error {
	q := s.q.WithTx(tx)
	if r.TokenID == "" {
		if err := q.BumpTokenVersion(ctx, r.UserID); err != nil {
			return err
		}
		return closeSockets(ctx, tx, r.UserID, "")
	}
	if err := q.DeleteExpiredRevocations(ctx); err != nil {
		return err
	}
	if err := q.RevokeToken(ctx, accountdb.RevokeTokenParams{TokenID: r.TokenID, UserID: r.UserID, ExpiresAt: r.ExpiresAt}); err != nil {
		return err
	}
	return closeSockets(ctx, tx, r.UserID, r.TokenID)
}

// closeSockets has every server close, with 4401, the live sockets of userID that said hello
// with a token that no longer works: with tokenID "", every token older than the user's token
// version as tx now holds it (so call it after the bump: a token signed since stays
// connected); otherwise exactly the token of that id. The notice is an outbox row in tx, so it
// goes out if and only if the change commits, and travels to every server as events do.
func closeSockets(ctx context.Context, tx pgx.Tx, userID, tokenID string) error {
	r := realtime.Revocation{UserID: userID, TokenID: tokenID}
	if tokenID == "" {
		u, err := accountdb.New(tx).UserByID(ctx, userID)
		if err != nil {
			return err
		}
		r.Version = int64(u.TokenVersion)
	}
	return outbox.Publish(ctx, tx, realtime.TypeRevocation, realtime.TopicSessions, r)
}
