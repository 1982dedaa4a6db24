package privacy

import (
	"context"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"

	"drape/internal/mailqueue"
	"drape/internal/notify"
	"drape/internal/platform/postgres"
	"drape/internal/privacy/privacydb"
	"drape/internal/sale"
	"drape/internal/shop"
)

// SaleMailKind is the sale announcement's mail kind (mailqueue); its ref is "<sale id>:<user id>".
const SaleMailKind = "sale_offer"

// offerMails is the sale announcement in the shop's mail layout.
var offerMails = mailqueue.NewLayout(`
{{- define "sale_offer" -}}
{{template "open" .}}
<p>Our {{.Sale}} is on: {{.Discount}}% off while it lasts.</p>
<p><a href="{{.Link}}" style="display:inline-block;background:#1f2a44;color:#fff;padding:10px 18px;text-decoration:none">Shop the sale</a></p>
<p style="font-size:13px;color:#555">You get this mail because you opted in to sale news by e-mail. <a href="{{.Stop}}">Turn it off in your account</a>.</p>
{{template "close" .}}
{{- end}}
`, `
{{- define "sale_offer" -}}
{{template "open" .}}

Our {{.Sale}} is on: {{.Discount}}% off while it lasts.

{{.Link}}

You get this mail because you opted in to sale news by e-mail. Turn it off in your account:
{{.Stop}}

{{template "close" .}}
{{- end}}
`)

// AnnounceSale sends the running sale saleID to every shopper whose choice in force for a
// channel is a consent, once per shopper and channel however often it is asked (the worker's
// job after a sale is switched on): a mail, and a WhatsApp or SMS message on the channel
// consented to, each queued in the transaction that records the send, after the consent is
// read again there. A sale not running (switched off meanwhile, deleted) is announced to
// nobody. It answers how many messages it queued. Errors: those of the database.
func (s *Service) AnnounceSale(ctx context.Context, saleID string) (int, error) {
	if s.d.Sales == nil {
		return 0, nil
	}
	running, err := s.d.Sales.RunningSale(ctx, saleID)
	if shop.Is(err, shop.NotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, channel := range Channels {
		after := ""
		for {
			ids, err := s.Consenting(ctx, channel, after, 200)
			if err != nil {
				return sent, err
			}
			for _, id := range ids {
				queued, err := s.offer(ctx, running, id, channel)
				if err != nil {
					return sent, err
				}
				if queued {
					sent++
				}
			}
			if len(ids) < 200 {
				break
			}
			after = ids[len(ids)-1]
		}
	}
	return sent, nil
}

// offer queues the sale's message to userID on channel, unless it was sent before or the
// shopper's consent was withdrawn since it was listed.
func (s *Service) offer(ctx context.Context, running sale.Sale, userID string, channel Channel) (bool, error) {
	u, err := s.d.Accounts.Profile(ctx, userID)
	if shop.Is(err, shop.NotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	queued := false
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		queued = false
		q := s.store.q.WithTx(tx)
		history, err := s.store.consents(ctx, q, userID)
		if err != nil || !inForce(history)[channel] {
			return err
		}
		n, err := q.RecordSend(ctx, privacydb.RecordSendParams{Campaign: "sale:" + running.ID, UserID: userID, Channel: string(channel)})
		if err != nil || n == 0 {
			return err
		}
		queued = true
		ref := running.ID + ":" + userID
		link := s.cfg.PublicURL + "/sale"
		if channel == Email {
			data := struct{ Name, Sale, Link, Stop, Discount string }{Name: firstOr(u.FirstName, "there"), Sale: running.Name, Link: link,
				Stop: s.cfg.PublicURL + "/user/accountdetails", Discount: strconv.Itoa(running.Discount)}
			html, text := offerMails.Render(SaleMailKind, data)
			return mailqueue.Queue(ctx, tx, mailqueue.Message{Kind: SaleMailKind, Ref: ref, To: u.Email,
				Subject: fmt.Sprintf("%s is on: %d%% off", running.Name, running.Discount), Text: text, HTML: html})
		}
		if u.Phone == "" {
			return nil // recorded as sent: there is no number to send it to
		}
		return notify.Queue(ctx, tx, notify.Message{Kind: notify.KindSaleOffer, Ref: ref, UserID: userID, Phone: u.Phone,
			Vars: []string{running.Name, strconv.Itoa(running.Discount), link}, Channel: notify.Channel(channel)})
	})
	return queued, err
}

func firstOr(name, fallback string) string {
	if name == "" {
		return fallback
	}
	return name
}
