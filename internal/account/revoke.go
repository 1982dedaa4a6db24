package account

import (
	"context"
	"time"

	"drape/internal/account/accountdb"
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
// on). Authenticate refuses a revoked token on every server from the moment this commits.
func (s *Service) revokeTokens(ctx context.Context, q *accountdb.Queries, r revocation) error {
	if r.TokenID == "" {
		return q.BumpTokenVersion(ctx, r.UserID)
	}
	if err := q.DeleteExpiredRevocations(ctx); err != nil {
		return err
	}
	return q.RevokeToken(ctx, accountdb.RevokeTokenParams{TokenID: r.TokenID, UserID: r.UserID, ExpiresAt: r.ExpiresAt})
}
