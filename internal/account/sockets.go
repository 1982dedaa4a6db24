package account

import (
	"context"

	"github.com/jackc/pgx/v5"

	"drape/internal/account/accountdb"
	"drape/internal/outbox"
	"drape/realtime"
)

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
