package privacy

import (
	"context"
	"time"

	"drape/internal/privacy/privacydb"
	"drape/internal/shop"
)

// store reads and writes consents, the request log and the marketing sends.
type store struct{ q *privacydb.Queries }

// consents is userID's every choice, newest first, read through q (a transaction's or not).
func (s store) consents(ctx context.Context, q *privacydb.Queries, userID string) ([]Consent, error) {
	rows, err := q.ConsentsOfUser(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make([]Consent, len(rows))
	for i, r := range rows {
		out[i] = Consent{Channel: Channel(r.Channel), Granted: r.Granted, Source: r.Source, WordingVersion: r.WordingVersion,
			Wording: r.Wording, At: r.CreatedAt}
	}
	return out, nil
}

// sends is every marketing message userID was sent, newest first.
func (s store) sends(ctx context.Context, userID string) ([]Sent, error) {
	rows, err := s.q.SendsOfUser(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make([]Sent, len(rows))
	for i, r := range rows {
		out[i] = Sent{Campaign: r.Campaign, Channel: Channel(r.Channel), At: r.SentAt}
	}
	return out, nil
}

// logDone writes a request that is done as it is asked (a download, a withdrawal).
func (s store) logDone(ctx context.Context, q *privacydb.Queries, userID, kind, detail string) error {
	now := time.Now()
	_, err := q.InsertRequest(ctx, privacydb.InsertRequestParams{ID: shop.NewID(), UserID: userID, Kind: kind, Status: StatusCompleted,
		Detail: detail, CompletedAt: &now})
	return err
}

func toRequest(r privacydb.PrivacyRequest) Request {
	return Request{ID: r.ID, Kind: r.Kind, Status: r.Status, Detail: r.Detail, RequestedAt: r.RequestedAt, CompletedAt: r.CompletedAt}
}
