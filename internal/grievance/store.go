package grievance

import (
	"context"

	"drape/internal/grievance/grievancedb"
)

// store reads and writes the complaints and their history.
type store struct{ q *grievancedb.Queries }

// complaint is row as the API answers it, overdue when it is unresolved past its due time.
func (s *Service) complaint(row grievancedb.Complaint) Complaint {
	return Complaint{ID: row.ID, Ticket: row.Ticket, Name: row.Name, Email: row.Email, Phone: row.Phone, OrderRef: row.OrderRef,
		Subject: row.Subject, Message: row.Message, Status: row.Status, Note: row.Note, CreatedAt: row.CreatedAt, DueAt: row.DueAt,
		ResolvedAt: row.ResolvedAt, Overdue: (row.Status == Open || row.Status == InProgress) && s.now().After(row.DueAt)}
}

// withHistory is row with its history, oldest step first.
func (s *Service) withHistory(ctx context.Context, row grievancedb.Complaint) (Complaint, error) {
	events, err := s.store.q.EventsOf(ctx, row.ID)
	if err != nil {
		return Complaint{}, err
	}
	c := s.complaint(row)
	c.History = make([]Event, len(events))
	for i, e := range events {
		c.History[i] = Event{Status: e.Status, Note: e.Note, At: e.At, ByStaff: e.ByStaff}
	}
	return c, nil
}
