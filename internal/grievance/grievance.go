// Package grievance keeps shoppers' complaints to the grievance officer, as the Consumer
// Protection (E-Commerce) Rules 2020 ask (issue 23): each complaint gets a ticket number at
// once, an acknowledgement mail (queued in the same transaction, so well within the rules' 48
// hours), a status page for the shopper and a place in the back office's queue, which is
// due one month after filing.
//
// It guarantees: a complaint is filed with its first history step and its acknowledgement
// mail in one transaction, so it is acknowledged exactly once or not filed at all; bad input
// files nothing; a shopper sees a complaint only with its ticket and the e-mail it was filed
// with, or from their own account; staff moves follow open → in progress → resolved or
// closed, each in the history with its note, and a resolved or closed complaint moves no more.
package grievance

import (
	"context"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/grievance/grievancedb"
	"drape/internal/mailqueue"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
)

// MailKind is the kind of the acknowledgement mail (mailqueue); its ref is the complaint's id.
const MailKind = "complaint_ack"

// Config is what the service needs to know about the shop.
type Config struct {
	PublicURL string // the shop's address, for the status link in the mail
}

// Service is the complaints' use cases.
type Service struct {
	pool  *pgxpool.Pool
	store store
	cfg   Config
	now   func() time.Time
}

// NewService makes the complaints service.
func NewService(pool *pgxpool.Pool, cfg Config) *Service {
	return &Service{pool: pool, store: store{q: grievancedb.New(postgres.Translating(pool))}, cfg: cfg, now: time.Now}
}

// Lengths of a complaint's fields, in characters.
const (
	nameMaxLength    = 120
	subjectMaxLength = 200
	messageMaxLength = 4000
	orderMaxLength   = 60
	noteMaxLength    = 2000
)

var phoneShape = regexp.MustCompile(`^\+?[0-9 ()-]{7,20}$`)

// File records f and queues its acknowledgement mail, in one transaction, and answers the
// complaint with its ticket. Errors: Invalid (fields name, email, phone, orderRef, subject,
// message) for a missing or malformed field, or one too long.
func (s *Service) File(ctx context.Context, f Filing) (Complaint, error) {
	f.Name, f.Phone, f.OrderRef = strings.TrimSpace(f.Name), strings.TrimSpace(f.Phone), strings.TrimSpace(f.OrderRef)
	f.Subject, f.Message = strings.TrimSpace(f.Subject), strings.TrimSpace(f.Message)
	email, emailOK := shop.NormalEmail(f.Email)
	p := shop.Problems{}
	p.Check(f.Name == "", "name", "Enter your name")
	p.Check(utf8.RuneCountInString(f.Name) > nameMaxLength, "name", "Name must be at most 120 characters")
	p.Check(strings.TrimSpace(f.Email) == "", "email", "Enter your e-mail address")
	p.Check(strings.TrimSpace(f.Email) != "" && !emailOK, "email", "Enter a valid e-mail address")
	p.Check(f.Phone != "" && !phoneShape.MatchString(f.Phone), "phone", "Enter a valid phone number")
	p.Check(utf8.RuneCountInString(f.OrderRef) > orderMaxLength, "orderRef", "Order number must be at most 60 characters")
	p.Check(f.Subject == "", "subject", "Say what the complaint is about")
	p.Check(utf8.RuneCountInString(f.Subject) > subjectMaxLength, "subject", "Subject must be at most 200 characters")
	p.Check(f.Message == "", "message", "Describe the problem")
	p.Check(utf8.RuneCountInString(f.Message) > messageMaxLength, "message", "Description must be at most 4000 characters")
	for field, v := range map[string]string{"name": f.Name, "subject": f.Subject, "orderRef": f.OrderRef, "message": f.Message} {
		p.Check(strings.ContainsFunc(v, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' && r != '\r' }),
			field, field+" has characters that are not allowed")
	}
	if err := p.Err(); err != nil {
		return Complaint{}, err
	}
	var out Complaint
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		row, err := q.InsertComplaint(ctx, grievancedb.InsertComplaintParams{ID: shop.NewID(), UserID: optional(f.UserID), Name: f.Name,
			Email: email, Phone: f.Phone, OrderRef: f.OrderRef, Subject: f.Subject, Message: f.Message})
		if err != nil {
			return err
		}
		if err := q.InsertEvent(ctx, grievancedb.InsertEventParams{ID: shop.NewID(), ComplaintID: row.ID, Status: Open}); err != nil {
			return err
		}
		out = s.complaint(row)
		return mailqueue.Queue(ctx, tx, s.ackMail(out))
	})
	if err != nil {
		return Complaint{}, err
	}
	out.History = []Event{{Status: Open, At: out.CreatedAt}}
	return out, nil
}

// Status is the complaint with ticket as its shopper sees it, with its history, when email is
// the one it was filed with. Errors: NotFound (msgNoSuchTicket) otherwise, whichever part is
// wrong.
func (s *Service) Status(ctx context.Context, ticket, email string) (Complaint, error) {
	normal, ok := shop.NormalEmail(email)
	if !ok {
		return Complaint{}, shop.E(shop.NotFound, msgNoSuchTicket)
	}
	row, err := s.store.q.ComplaintByTicket(ctx, grievancedb.ComplaintByTicketParams{Ticket: strings.ToUpper(strings.TrimSpace(ticket)), Email: normal})
	if shop.Is(err, shop.NotFound) {
		return Complaint{}, shop.E(shop.NotFound, msgNoSuchTicket)
	}
	if err != nil {
		return Complaint{}, err
	}
	return s.withHistory(ctx, row)
}

// Mine is the complaints a signed-in shopper filed from their account, newest first (at most
// 50). Errors: those of the database.
func (s *Service) Mine(ctx context.Context, userID string) ([]Complaint, error) {
	rows, err := s.store.q.ComplaintsOfUser(ctx, optional(userID))
	if err != nil {
		return nil, err
	}
	out := make([]Complaint, len(rows))
	for i, r := range rows {
		out[i] = s.complaint(r)
	}
	return out, nil
}

// Get is complaint id with its history, for the back office. Errors: NotFound.
func (s *Service) Get(ctx context.Context, id string) (Complaint, error) {
	row, err := s.store.q.ComplaintByID(ctx, id)
	if err != nil {
		return Complaint{}, err
	}
	return s.withHistory(ctx, row)
}

// List is one page of the back office's queue: the complaints of status (any unresolved one
// when ""), those due first first. Errors: Invalid (status) for an unknown status.
func (s *Service) List(ctx context.Context, status string, page shop.Page) (Queue, error) {
	if status != "" && !known(status) {
		return Queue{}, &shop.Error{Kind: shop.Invalid, Message: "Unknown status " + status,
			Fields: map[string]string{"status": "Choose open, in_progress, resolved or closed"}}
	}
	rows, err := s.store.q.Queue(ctx, grievancedb.QueueParams{Status: status, PageOffset: int32(page.Offset()), PageSize: int32(page.Size)})
	if err != nil {
		return Queue{}, err
	}
	total, err := s.store.q.CountQueue(ctx, status)
	if err != nil {
		return Queue{}, err
	}
	items := make([]Complaint, len(rows))
	for i, r := range rows {
		items[i] = s.complaint(r)
	}
	return Queue{Items: items, Page: page.Number, TotalPages: shop.TotalPages(total, page.Size), Total: total}, nil
}

// MoveTo moves complaint id as m says and records the step in its history. Errors: NotFound;
// Invalid (status, note) for an unknown status or a note that is missing (to resolve or
// close) or too long; Conflict for a move its status does not allow (a resolved or closed
// complaint, or back to open).
func (s *Service) MoveTo(ctx context.Context, id string, m Move) (Complaint, error) {
	m.Status, m.Note = strings.TrimSpace(m.Status), strings.TrimSpace(m.Note)
	p := shop.Problems{}
	p.Check(!known(m.Status), "status", "Choose in_progress, resolved or closed")
	p.Check((m.Status == Resolved || m.Status == Closed) && m.Note == "", "note", "Say how it was resolved: the shopper reads this note")
	p.Check(utf8.RuneCountInString(m.Note) > noteMaxLength, "note", "Note must be at most 2000 characters")
	if err := p.Err(); err != nil {
		return Complaint{}, err
	}
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		row, err := q.LockComplaint(ctx, id)
		if err != nil {
			return err
		}
		if !allowed(row.Status, m.Status) {
			return shop.E(shop.Conflict, "A complaint that is %s cannot move to %s", label(row.Status), label(m.Status))
		}
		note := m.Note
		if note == "" {
			note = row.Note
		}
		if err := q.MoveComplaint(ctx, grievancedb.MoveComplaintParams{ID: id, Status: m.Status, Note: note}); err != nil {
			return err
		}
		if err := q.InsertEvent(ctx, grievancedb.InsertEventParams{ID: shop.NewID(), ComplaintID: id, Status: m.Status, Note: m.Note,
			ActorID: optional(m.ActorID)}); err != nil {
			return err
		}
		return nil
	})
	if err != nil {
		return Complaint{}, err
	}
	return s.Get(ctx, id)
}

// Figures are the dashboard card's counts. Errors: those of the database.
func (s *Service) Figures(ctx context.Context) (Figures, error) {
	f, err := s.store.q.Figures(ctx)
	return Figures{Unresolved: f.Unresolved, Overdue: f.Overdue}, err
}

// msgNoSuchTicket answers a status asked with a ticket and e-mail that name no complaint.
const msgNoSuchTicket = "No complaint has this ticket number and e-mail address"

func known(status string) bool {
	switch status {
	case Open, InProgress, Resolved, Closed:
		return true
	}
	return false
}

// allowed is whether a complaint may move from one status to another.
func allowed(from, to string) bool {
	switch from {
	case Open:
		return to == InProgress || to == Resolved || to == Closed
	case InProgress:
		return to == Resolved || to == Closed
	}
	return false
}

// label is a status as a person reads it.
func label(status string) string {
	return strings.ReplaceAll(status, "_", " ")
}

func optional(id string) pgtype.Text { return pgtype.Text{String: id, Valid: id != ""} }
