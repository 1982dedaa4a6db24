package order

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"drape/internal/company"
	"drape/internal/mailqueue"
	"drape/internal/notify"
	"drape/internal/order/orderdb"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
)

// COD confirmation: with the shop's company.CODConfirmation on, a cash-on-delivery order is
// placed PENDING but waits — its shipment is not pushed — until the shopper confirms it
// through the link mailed to them or staff confirm it after a call. Confirming queues what
// placing queues for any other order (the confirmation mail, the shipment push, the event) in
// the confirming transaction; a second confirmation changes nothing. An order still waiting
// when its hours are up is cancelled by the worker's sweep (ExpireUnconfirmed) through the
// one cancel path, so its stock comes back once.
//
// The expiry is a sweep, not a job scheduled per order: the due time is on the order, so an
// order whose job Redis lost cannot wait for ever; the sweeper already runs in every worker
// and claims rows with SKIP LOCKED; and the query reads a partial index of the waiting orders.

// CODConfirmState is where an order's confirmation is.
type CODConfirmState string

// The confirmation states (orders.cod_confirm_state).
const (
	CODAwaiting  CODConfirmState = "awaiting"
	CODConfirmed CODConfirmState = "confirmed"
	CODExpired   CODConfirmState = "expired"
	CODCancelled CODConfirmState = "cancelled" // the order was cancelled while it waited
)

// CODConfirmation is an order's confirmation before dispatch: nil for an order that never
// needed one (paid online, or placed while the shop asked for none).
type CODConfirmation struct {
	State CODConfirmState `json:"state"`
	Due   *time.Time      `json:"due,omitempty"` // when a waiting order is cancelled
	By    string          `json:"by,omitempty"`  // shopper, staff or system
	At    *time.Time      `json:"at,omitempty"`
	Note  string          `json:"note,omitempty"`
}

// Mail kind of the request to confirm a cash-on-delivery order.
const codConfirmKind = "cod_confirm"

// Timeline steps of the confirmation.
const (
	stepAwaitingConfirmation = "AWAITING_CONFIRMATION"
	stepCODConfirmed         = "COD_CONFIRMED"
)

// Messages of the confirmation.
const (
	msgBadConfirmLink = "This confirmation link is not valid. Please check the link in your mail."
	maxConfirmNote    = 500
)

// codConfirmationOf reads row's confirmation.
func codConfirmationOf(r orderdb.Order) *CODConfirmation {
	if r.CodConfirmState == "" {
		return nil
	}
	by, _, _ := strings.Cut(r.CodConfirmBy, ":")
	return &CODConfirmation{State: CODConfirmState(r.CodConfirmState), Due: r.CodConfirmDue, By: by, At: r.CodConfirmAt, Note: r.CodConfirmNote}
}

// awaitCODConfirmation makes new order o, placed cash on delivery and written through w, wait
// for its confirmation when firm asks for one: it records the hashed link token and the due
// time, adds the step, asks the shopper and announces the order. It reports whether it did;
// when it did not, the caller confirms the order at once as before.
func (s *Service) awaitCODConfirmation(ctx context.Context, w *postgres.Writes, o *Order, firm company.Company) (bool, error) {
	if o.PaymentMode != COD || !firm.CODConfirmation.Required {
		return false, nil
	}
	token, hash, err := newConfirmToken()
	if err != nil {
		return false, err
	}
	due := o.CreatedAt.Add(time.Duration(max(firm.CODConfirmation.Hours, 1)) * time.Hour)
	q := orderdb.New(w)
	if err := q.AwaitCODConfirmation(ctx, orderdb.AwaitCODConfirmationParams{ID: o.ID, TokenHash: pgText(hash), Due: &due}); err != nil {
		return false, err
	}
	at := o.CreatedAt
	note := fmt.Sprintf("Cash on delivery: waiting for the shopper to confirm (cancelled after %d hours)", firm.CODConfirmation.Hours)
	if err := q.InsertStep(ctx, orderdb.InsertStepParams{OrderID: o.ID, Status: stepAwaitingConfirmation, Note: note, At: &at}); err != nil {
		return false, err
	}
	o.CODConfirmation = &CODConfirmation{State: CODAwaiting, Due: &due}
	o.Timeline = append(o.Timeline, Step{Status: stepAwaitingConfirmation, Label: stepLabels[stepAwaitingConfirmation], Note: note, At: at})
	if err := s.requestCODConfirmation(ctx, w, *o, token); err != nil {
		return false, err
	}
	data := orderEventData(o.Number, o.ID, string(o.Status), string(o.PaymentStatus), string(o.PaymentMode), o.Amount, false, "")
	data.CODConfirmation = string(CODAwaiting)
	return true, publishOrder(ctx, w, CreatedEvent, o.UserID, data)
}

// requestCODConfirmation asks the shopper of order o to confirm it, with the link carrying
// token: the one place the request is sent from, by mail and by WhatsApp or SMS (notify).
func (s *Service) requestCODConfirmation(ctx context.Context, db postgres.DB, o Order, token string) error {
	link := s.confirmLink(token)
	if err := mailqueue.Queue(ctx, db, codConfirmMail(o, link)); err != nil {
		return err
	}
	return notify.Queue(ctx, db, notify.Message{Kind: notify.KindCODConfirm, Ref: o.ID, UserID: o.UserID, Phone: o.Address.Phone,
		Vars: []string{o.Number, link}, Buttons: []string{replyConfirm + token, replyCancel + token}})
}

// The payloads of the Confirm and Cancel buttons of the WhatsApp message asking to confirm:
// a prefix and the order's link token, so a tap names its order as the link does, and never
// by the phone number it came from.
const (
	replyConfirm = "cod_confirm:"
	replyCancel  = "cod_cancel:"
)

// AnswerByReply is the shopper tapping Confirm or Cancel on the message asking them to
// confirm their cash-on-delivery order; payload is the button's, via names the channel for the
// order's history ("WhatsApp"). Confirm is ConfirmByLink (noted as confirmed by reply), Cancel
// is CancelByLink; either arriving again changes nothing (already is true for a second
// confirm). Errors: NotFound for a payload not of these buttons or whose token no order has;
// Conflict as ConfirmByLink's and CancelByLink's.
func (s *Service) AnswerByReply(ctx context.Context, payload, via string) (o Order, cancelled, already bool, err error) {
	if token, ok := strings.CutPrefix(payload, replyCancel); ok {
		o, err := s.CancelByLink(ctx, token)
		return o, true, false, err
	}
	token, ok := strings.CutPrefix(payload, replyConfirm)
	if !ok {
		return Order{}, false, false, shop.E(shop.NotFound, msgBadConfirmLink)
	}
	o, already, err = s.confirmByToken(ctx, token, "Confirmed by replying on "+via)
	return o, false, already, err
}

// confirmLink is the shopper's page confirming an order with token.
func (s *Service) confirmLink(token string) string {
	return s.cfg.PublicURL + "/confirm-order/" + token
}

// newConfirmToken makes a link token (256 random bits) and the hash the order keeps of it.
func newConfirmToken() (token, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", err
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, tokenHash(token), nil
}

func tokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// codConfirmMail asks the shopper to confirm order o through link.
func codConfirmMail(o Order, link string) mailqueue.Message {
	a := o.Address
	data := struct {
		Name, Number, Payment, Where, Link string
		Money                              moneyTable
	}{Name: a.FirstName, Number: o.Label(), Payment: "Cash on delivery: " + o.Amount.String() + " to pay when it arrives.", Money: money(o),
		Where: a.FirstName + " " + a.LastName + ", " + a.Address1 + ", " + a.City + ", " + a.State + " " + a.Pincode, Link: link}
	html, text := mails.Render("codconfirm", data)
	return mailqueue.Message{Kind: codConfirmKind, Ref: o.ID, To: a.Email, Subject: "Please confirm your drape order " + o.Label(),
		Text: text, HTML: html}
}

// ConfirmationByLink is the order a confirmation link is for, for the shopper's page.
// Errors: NotFound when no order has the link's token.
func (s *Service) ConfirmationByLink(ctx context.Context, token string) (Order, error) {
	row, err := s.rowByToken(ctx, s.store.q, token)
	if err != nil {
		return Order{}, err
	}
	return s.get(ctx, s.store.q, row)
}

// ConfirmByLink is the shopper confirming their cash-on-delivery order through the link: its
// shipment push is queued. A confirmed order stays as it is (already true). Errors: NotFound
// for an unknown link; Conflict when the order was cancelled, or not confirmed in time (it is
// cancelled then, if the sweep has not done it yet).
func (s *Service) ConfirmByLink(ctx context.Context, token string) (o Order, already bool, err error) {
	return s.confirmByToken(ctx, token, "")
}

// confirmByToken is the shopper confirming the order whose link carries token, with note.
func (s *Service) confirmByToken(ctx context.Context, token, note string) (Order, bool, error) {
	row, err := s.rowByToken(ctx, s.store.q, token)
	if err != nil {
		return Order{}, false, err
	}
	return s.confirmCOD(ctx, row.ID, func(tx pgx.Tx) (orderdb.Order, error) { return s.store.q.WithTx(tx).LockOrder(ctx, row.ID) }, ActorShopper, note)
}

// ConfirmByStaff is staff confirming cash-on-delivery order ref (an id or number) after
// calling the shopper, with a note of the call. Errors: Invalid without a note or with one
// over 500 characters; NotFound; Conflict as ConfirmByLink's, and for an order that needs no
// confirmation.
func (s *Service) ConfirmByStaff(ctx context.Context, ref, actor, note string) (o Order, already bool, err error) {
	note = strings.TrimSpace(note)
	p := shop.Problems{}
	p.Check(note == "", "note", "Say how the shopper confirmed (for example: called, confirmed the address)")
	p.Check(utf8.RuneCountInString(note) > maxConfirmNote, "note", "The note must be at most 500 characters")
	if err := p.Err(); err != nil {
		return Order{}, false, err
	}
	return s.confirmCOD(ctx, "", func(tx pgx.Tx) (orderdb.Order, error) { return s.lockRef(ctx, tx, ref) }, actor, note)
}

// confirmCOD confirms the order lock locks, by actor with note. id may be "" (lock finds it).
func (s *Service) confirmCOD(ctx context.Context, id string, lock func(pgx.Tx) (orderdb.Order, error), actor, note string) (Order, bool, error) {
	var already bool
	var refusal error
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		already, refusal = false, nil
		row, err := lock(tx)
		if err != nil {
			return err
		}
		id = row.ID
		now := s.cfg.Now()
		switch CODConfirmState(row.CodConfirmState) {
		case CODConfirmed:
			already = true
			return nil
		case CODExpired:
			refusal = lateConfirmation(row)
			return nil
		case CODCancelled:
			refusal = shop.E(shop.Conflict, "Order %s has been cancelled, so it cannot be confirmed.", row.OrderNumber)
			return nil
		case CODAwaiting:
		default:
			refusal = shop.E(shop.Conflict, "Order %s does not need confirming.", row.OrderNumber)
			return nil
		}
		if Status(row.OrderStatus) != Pending {
			refusal = shop.E(shop.Conflict, "Order %s is %s, so it cannot be confirmed.", row.OrderNumber, row.OrderStatus)
			return nil
		}
		if row.CodConfirmDue != nil && !now.Before(*row.CodConfirmDue) {
			// Past its hours: the sweep would cancel it any moment; do it now, and say so.
			refusal = lateConfirmation(row)
			return s.expireUnconfirmed(ctx, tx, row)
		}
		q := s.store.q.WithTx(tx)
		if err := q.SettleCODConfirmation(ctx, orderdb.SettleCODConfirmationParams{ID: id, State: string(CODConfirmed), By: actor, Note: note, At: &now}); err != nil {
			return err
		}
		if err := q.InsertMove(ctx, orderdb.InsertMoveParams{OrderID: id, Status: stepCODConfirmed, Note: note, FromStatus: row.OrderStatus, Actor: actor, At: &now}); err != nil {
			return err
		}
		return s.confirm(ctx, tx, id, UpdatedEvent)
	})
	if err == nil {
		err = refusal
	}
	if err != nil {
		return Order{}, false, err
	}
	o, err := s.byID(ctx, id)
	return o, already, err
}

// lateConfirmation is the refusal of a confirmation that came after row's hours.
func lateConfirmation(row orderdb.Order) error {
	return shop.E(shop.Conflict, "Order %s was not confirmed in time and has been cancelled. Its items are back in stock: you are welcome to order again.", row.OrderNumber)
}

// CancelByLink is the shopper cancelling their order through the confirmation link, as
// Cancel. Errors: NotFound for an unknown link; Conflict 'This order can no longer be
// cancelled' once it has shipped.
func (s *Service) CancelByLink(ctx context.Context, token string) (Order, error) {
	row, err := s.rowByToken(ctx, s.store.q, token)
	if err != nil {
		return Order{}, err
	}
	return s.Cancel(ctx, row.UserID, row.OrderNumber)
}

// rowByToken is the order whose confirmation link carries token. Errors: NotFound.
func (s *Service) rowByToken(ctx context.Context, q *orderdb.Queries, token string) (orderdb.Order, error) {
	token = strings.TrimSpace(token)
	if token == "" || len(token) > 100 {
		return orderdb.Order{}, shop.E(shop.NotFound, msgBadConfirmLink)
	}
	row, err := q.OrderByCODToken(ctx, pgText(tokenHash(token)))
	if shop.Is(err, shop.NotFound) {
		return orderdb.Order{}, shop.E(shop.NotFound, msgBadConfirmLink)
	}
	return row, err
}

// ExpireUnconfirmed cancels up to limit cash-on-delivery orders whose confirmation did not
// come within their hours (their stock goes back, the shopper is told), and says how many.
// Several workers may run it at once: each order is claimed by one (SKIP LOCKED), and an
// order confirmed meanwhile is no longer waiting.
func (s *Service) ExpireUnconfirmed(ctx context.Context, limit int) (int, error) {
	expired := 0
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		expired = 0
		q := s.store.q.WithTx(tx)
		now := s.cfg.Now()
		ids, err := q.UnconfirmedPastDue(ctx, orderdb.UnconfirmedPastDueParams{Now: &now, MaxOrders: int32(limit)})
		if err != nil {
			return err
		}
		for _, id := range ids {
			row, err := q.LockOrder(ctx, id)
			if err != nil {
				return err
			}
			if err := s.expireUnconfirmed(ctx, tx, row); err != nil {
				return err
			}
			expired++
		}
		return nil
	})
	return expired, err
}

// expireUnconfirmed cancels locked row, waiting past its hours.
func (s *Service) expireUnconfirmed(ctx context.Context, tx pgx.Tx, row orderdb.Order) error {
	now := s.cfg.Now()
	if err := s.store.q.WithTx(tx).SettleCODConfirmation(ctx, orderdb.SettleCODConfirmationParams{ID: row.ID, State: string(CODExpired),
		By: ActorSystem, At: &now}); err != nil {
		return err
	}
	hours := 24
	if row.CodConfirmDue != nil {
		hours = int(row.CodConfirmDue.Sub(row.CreatedAt).Round(time.Hour).Hours())
	}
	return s.cancel(ctx, tx, row, PaymentStatus(row.PaymentStatus), fmt.Sprintf("Not confirmed within %d hours", hours), ActorSystem, true, StartRefunds)
}

// settleCancelledConfirmation ends the confirmation of order id, cancelled by actor for
// reason while it waited (nothing when it was not waiting).
func settleCancelledConfirmation(ctx context.Context, q *orderdb.Queries, id, actor, reason string, at time.Time) error {
	return q.SettleCODConfirmation(ctx, orderdb.SettleCODConfirmationParams{ID: id, State: string(CODCancelled), By: actor, Note: truncate(reason, maxConfirmNote), At: &at})
}
