package ndr

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"drape/internal/mailqueue"
	"drape/internal/ndr/ndrdb"
	"drape/internal/notify"
	"drape/internal/order"
)

// MessageKind is the kind of the shopper's message about a failed attempt (mail now; the
// WhatsApp and SMS sends of package notify use the same kind).
const MessageKind = "ndr"

// mails is the failed-delivery mail in the shop's mail layout.
var mails = mailqueue.NewLayout(`
{{- define "ndr" -}}
{{template "open" .}}
<p>The courier could not deliver your order {{.Number}} today (attempt {{.Attempt}} of {{.Limit}}): {{.Reason}}.</p>
<p>Tell us what should happen next: another attempt on a day that suits you, a corrected phone number or address, or cancel and let the courier bring it back.</p>
<p><a href="{{.Link}}" style="display:inline-block;background:#1f2a44;color:#fff;padding:10px 18px;text-decoration:none">Choose what happens next</a></p>
<p>If we do not hear from you, the courier tries again; after {{.Limit}} failed attempts the parcel comes back to us.</p>
{{template "close" .}}
{{- end}}
`, `
{{- define "ndr" -}}
{{template "open" .}}

The courier could not deliver your order {{.Number}} today (attempt {{.Attempt}} of {{.Limit}}): {{.Reason}}.

Tell us what should happen next (another attempt on a day that suits you, a corrected phone number or address, or cancel):
{{.Link}}

If we do not hear from you, the courier tries again; after {{.Limit}} failed attempts the parcel comes back to us.

{{template "close" .}}
{{- end}}
`)

// queueMessage queues the shopper's message about failed attempt a of order o, with the link
// to answer it, in tx, by mail and by WhatsApp or SMS (notify): once per attempt (kind and
// attempt id key it).
func (s *Service) queueMessage(ctx context.Context, tx pgx.Tx, o order.Order, a ndrdb.NdrAttempt) error {
	limit, err := s.store.q.WithTx(tx).AttemptLimit(ctx)
	if err != nil {
		return err
	}
	data := struct {
		Name, Number, Reason, Link string
		Attempt, Limit             int32
	}{Name: o.Address.FirstName, Number: o.Number, Reason: a.Reason, Link: s.Link(a.ID), Attempt: a.Attempt, Limit: limit}
	html, text := mails.Render("ndr", data)
	err = mailqueue.Queue(ctx, tx, mailqueue.Message{Kind: MessageKind, Ref: a.ID, To: o.Address.Email,
		Subject: fmt.Sprintf("We could not deliver your order %s", o.Number), Text: text, HTML: html})
	if err != nil {
		return err
	}
	return notify.Queue(ctx, tx, notify.Message{Kind: notify.KindNDR, Ref: a.ID, UserID: o.UserID, Phone: o.Address.Phone,
		Vars: []string{o.Number, data.Link}})
}

// Link is the shopper's page to answer failed attempt id.
func (s *Service) Link(id string) string {
	return s.cfg.PublicURL + "/delivery-issue/" + s.token(id)
}
