package audit

import (
	"context"

	"github.com/jackc/pgx/v5/pgtype"

	"drape/internal/audit/auditdb"
	"drape/internal/shop"
)

// store reads and writes the audit log.
type store struct{ q *auditdb.Queries }

func (s store) insert(ctx context.Context, id string, c Change, before, after []byte) error {
	return s.q.InsertEntry(ctx, auditdb.InsertEntryParams{
		ID: id, ActorID: c.ActorID, ActorRole: c.ActorRole, Action: c.Action, EntityType: c.EntityType,
		EntityID: c.EntityID, Before: before, After: after, RequestID: c.RequestID,
	})
}

func (s store) list(ctx context.Context, f Filter, page shop.Page) ([]Entry, int64, error) {
	text := func(v string) pgtype.Text { return pgtype.Text{String: v, Valid: v != ""} }
	total, err := s.q.CountEntries(ctx, auditdb.CountEntriesParams{
		Actor: text(f.Actor), EntityType: text(f.EntityType), EntityID: text(f.EntityID), Action: text(f.Action),
		Since: f.Since, BeforeTime: f.Before,
	})
	if err != nil || total == 0 {
		return []Entry{}, total, err
	}
	rows, err := s.q.ListEntries(ctx, auditdb.ListEntriesParams{
		Actor: text(f.Actor), EntityType: text(f.EntityType), EntityID: text(f.EntityID), Action: text(f.Action),
		Since: f.Since, BeforeTime: f.Before, PageSize: int32(page.Size), PageOffset: int32(page.Offset()),
	})
	if err != nil {
		return nil, 0, err
	}
	entries := make([]Entry, len(rows))
	for i, r := range rows {
		entries[i] = Entry{
			ID: r.ID, At: r.At, ActorID: r.ActorID, ActorRole: r.ActorRole, ActorEmail: r.ActorEmail, ActorName: r.ActorName,
			Action: r.Action, EntityType: r.EntityType, EntityID: r.EntityID, Before: r.Before, After: r.After, RequestID: r.RequestID,
		}
	}
	return entries, total, nil
}
