// Package mailqueue sends the shop's e-mails durably: a use case queues a message in the
// transaction that causes it (an OTP request, a placed order), and the worker sends it after
// commit through the outbox.
//
// It guarantees at most one queued message per (kind, ref), that a message of a rolled-back
// transaction is never sent, that a sent message is not sent again by a redelivered job, and
// that sensitive bodies (one-time codes) are wiped once sent.
package mailqueue

import (
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/mailqueue/mailqueuedb"
	"drape/internal/outbox"
	"drape/internal/platform/postgres"
	"drape/internal/provider/mail"
	"drape/internal/shop"
	"drape/jobs"
)

// Sender delivers one message (provider/mail's SMTP sender in production).
type Sender interface {
	Send(ctx context.Context, m mail.Message) error
}

// Queue writes m into the caller's transaction, with the job that will send it.
func Queue(ctx context.Context, tx mailqueuedb.DBTX, m Message) error {
	if m.Kind == "" || m.Ref == "" || strings.TrimSpace(m.To) == "" {
		return shop.E(shop.Internal, "mailqueue: a message needs a kind, a ref and a recipient")
	}
	err := mailqueuedb.New(tx).InsertMail(ctx, mailqueuedb.InsertMailParams{
		ID: shop.NewID(), Kind: m.Kind, Ref: m.Ref, Recipient: m.To, Subject: m.Subject,
		TextBody: m.Text, HtmlBody: m.HTML, Sensitive: m.Sensitive,
	})
	if err != nil {
		return err
	}
	return outbox.Enqueue(ctx, tx, jobs.SendMail(m.Kind, m.Ref))
}

// Service sends queued mails.
type Service struct {
	store  store
	sender Sender
	files  map[string]Files
}

// Files makes the attachments of a queued mail, when it is sent, from the ref it was queued
// with. A mail's files are not stored: they are made again from records that never change
// (an issued invoice), so they are the same whenever the mail is sent.
type Files func(ctx context.Context, ref string) ([]mail.Attachment, error)

// NewService makes the service that sends through sender.
func NewService(pool *pgxpool.Pool, sender Sender) *Service {
	return &Service{store: store{q: mailqueuedb.New(postgres.Translating(pool))}, sender: sender, files: map[string]Files{}}
}

// Attach makes every mail of kind carry the files files makes. Call it before sending starts.
func (s *Service) Attach(kind string, files Files) { s.files[kind] = files }

// Deliver sends the queued message (kind, ref), with the files Attach gave its kind, unless it
// was sent already. Errors: NotFound when no such message was queued (its transaction rolled
// back), and the errors of the sender and of the kind's Files.
func (s *Service) Deliver(ctx context.Context, kind, ref string) error {
	m, err := s.store.q.MailByKindRef(ctx, mailqueuedb.MailByKindRefParams{Kind: kind, Ref: ref})
	if err != nil {
		return err
	}
	if m.SentAt != nil {
		return nil
	}
	// The mail's Message-ID is its own (kind and ref): a send repeated after the database lost
	// the record of the first (a failover between the two) reaches the shopper's mailbox as the
	// same message.
	msg := mail.Message{To: m.Recipient, Subject: m.Subject, Text: m.TextBody, HTML: m.HtmlBody, ID: messageID(m.Kind, m.Ref)}
	if files := s.files[kind]; files != nil {
		if msg.Attachments, err = files(ctx, ref); err != nil {
			return err
		}
	}
	if err := s.sender.Send(ctx, msg); err != nil {
		return err
	}
	return s.store.q.MarkMailSent(ctx, m.ID)
}

// Unsent is a queued mail not yet sent.
type Unsent struct{ Kind, Ref string }

// UnsentSince lists up to limit mails queued longer ago than age and still not sent, oldest
// first, so their jobs can be queued again (a job lost with Redis's data; a queued one is not
// duplicated, as jobs keep their ids).
func (s *Service) UnsentSince(ctx context.Context, age time.Duration, limit int) ([]Unsent, error) {
	rows, err := s.store.q.UnsentSince(ctx, mailqueuedb.UnsentSinceParams{Before: time.Now().Add(-age), MaxMails: int32(limit)})
	if err != nil {
		return nil, err
	}
	out := make([]Unsent, len(rows))
	for i, r := range rows {
		out[i] = Unsent{Kind: r.Kind, Ref: r.Ref}
	}
	return out, nil
}

// messageID is the Message-ID value of the mail kind/ref: both as a dot-atom (RFC 5322), under
// the shop's mail id domain.
func messageID(kind, ref string) string {
	atom := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
				return r
			}
			return '-'
		}, s)
	}
	return atom(kind) + "." + atom(ref) + "@mail.drape"
}
