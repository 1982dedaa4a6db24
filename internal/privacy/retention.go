package privacy

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"drape/internal/account"
	"drape/internal/mailqueue"
	"drape/internal/outbox"
	"drape/internal/platform/postgres"
	"drape/internal/privacy/privacydb"
	"drape/internal/shop"
	"drape/jobs"
)

// RetentionNotice is how long before an inactive shopper's erasure they are warned by mail.
const RetentionNotice = 48 * time.Hour

// RetentionMailKind is the warning's mail kind (mailqueue); its ref is "<user id>:<microseconds since 1970 of
// the activity it is about>", one warning per spell of inactivity.
const RetentionMailKind = "retention_warning"

// retentionMails is the warning in the shop's mail layout.
var retentionMails = mailqueue.NewLayout(`
{{- define "retention_warning" -}}
{{template "open" .}}
<p>You have not signed in to your account since {{.Since}}. As our privacy notice says, we keep a shopper's personal data for {{.Period}} after their last visit.</p>
<p>Unless you sign in before {{.Erase}}, we will erase your account: your name, e-mail, phone, addresses, cart and wishlist. Your orders' tax invoices are kept as the law requires.</p>
<p><a href="{{.Link}}" style="display:inline-block;background:#1f2a44;color:#fff;padding:10px 18px;text-decoration:none">Sign in to keep your account</a></p>
{{template "close" .}}
{{- end}}
`, `
{{- define "retention_warning" -}}
{{template "open" .}}

You have not signed in to your account since {{.Since}}. As our privacy notice says, we keep a shopper's personal data for {{.Period}} after their last visit.

Unless you sign in before {{.Erase}}, we will erase your account: your name, e-mail, phone, addresses, cart and wishlist. Your orders' tax invoices are kept as the law requires.

Sign in to keep your account: {{.Link}}
{{template "close" .}}
{{- end}}
`)

// SweepRetention applies the retention period (0: none) to up to limit shoppers a run. A
// shopper inactive for the period less RetentionNotice is mailed a warning, once per spell of
// inactivity; one warned at least RetentionNotice ago, and not signed in since, is erased: an
// erasure request is logged and queued as if they had asked (so an order still on its way holds
// it back, and the next sweep tries again). It returns how many were warned and how many
// erasures it asked. Errors: those of the domains and the database.
func (s *Service) SweepRetention(ctx context.Context, period time.Duration, limit int) (warned, erased int, err error) {
	if period <= RetentionNotice {
		return 0, 0, nil
	}
	now := s.now()
	inactive, err := s.d.Accounts.Inactive(ctx, now.Add(-(period - RetentionNotice)), limit)
	if err != nil {
		return 0, 0, err
	}
	for _, u := range inactive {
		w, err := s.store.q.RetentionWarning(ctx, u.ID)
		found := err == nil
		if err != nil && !shop.Is(err, shop.NotFound) {
			return warned, erased, err
		}
		switch {
		case !found || !w.ActiveAt.Equal(u.ActiveAt):
			if err := s.warn(ctx, u, now, period); err != nil {
				return warned, erased, err
			}
			warned++
		case !w.WarnedAt.After(now.Add(-RetentionNotice)) && !u.ActiveAt.After(now.Add(-period)):
			if err := s.settled(ctx, u.ID); shop.Is(err, shop.Conflict) {
				continue
			} else if err != nil {
				return warned, erased, err
			}
			asked, err := s.askRetentionErasure(ctx, u)
			if err != nil {
				return warned, erased, err
			}
			if asked {
				erased++
			}
		}
	}
	return warned, erased, nil
}

// warn mails u the retention warning and records it, in one transaction.
func (s *Service) warn(ctx context.Context, u account.Inactive, now time.Time, period time.Duration) error {
	day := func(t time.Time) string { return t.In(shop.India).Format("2 January 2006") }
	data := struct{ Name, Since, Period, Erase, Link string }{Name: firstOr(u.FirstName, "there"), Since: day(u.ActiveAt),
		Period: fmt.Sprintf("%d days", int(period.Hours()/24)), Erase: day(now.Add(RetentionNotice)), Link: s.cfg.PublicURL + "/login"}
	html, text := retentionMails.Render(RetentionMailKind, data)
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.store.q.WithTx(tx).SaveRetentionWarning(ctx, privacydb.SaveRetentionWarningParams{UserID: u.ID, WarnedAt: now, ActiveAt: u.ActiveAt}); err != nil {
			return err
		}
		return mailqueue.Queue(ctx, tx, mailqueue.Message{Kind: RetentionMailKind, Ref: fmt.Sprintf("%s:%d", u.ID, u.ActiveAt.UnixMicro()), To: u.Email,
			Subject: "Sign in to keep your drape account", Text: text, HTML: html})
	})
}

// askRetentionErasure logs and queues u's erasure for inactivity, unless one is waiting.
func (s *Service) askRetentionErasure(ctx context.Context, u account.Inactive) (bool, error) {
	asked := false
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		if _, err := q.WaitingErasure(ctx, u.ID); err == nil {
			return nil
		} else if !shop.Is(err, shop.NotFound) {
			return err
		}
		row, err := q.InsertRequest(ctx, privacydb.InsertRequestParams{ID: shop.NewID(), UserID: u.ID, Kind: KindErase, Status: StatusReceived,
			Detail: "Inactive since " + u.ActiveAt.In(shop.India).Format("2 January 2006") + ": erased at the end of the retention period"})
		if err != nil {
			return err
		}
		asked = true
		return outbox.Enqueue(ctx, tx, jobs.EraseShopper(row.ID))
	})
	return asked, err
}

// ForgetOldLogs removes the logs of sent mails and WhatsApp and SMS messages older than age
// (0: kept), so they hold nobody's address, number or words past the shop's log retention; it
// returns how many went. Errors: those of the database.
func (s *Service) ForgetOldLogs(ctx context.Context, age time.Duration) (int64, error) {
	if age <= 0 {
		return 0, nil
	}
	before := s.now().Add(-age)
	mails, err := s.d.Mails.ForgetSentBefore(ctx, before)
	if err != nil {
		return 0, err
	}
	messages, err := s.d.Messages.ForgetDoneBefore(ctx, before)
	return mails + messages, err
}
