// Package notify sends the shop's WhatsApp and SMS order updates durably, like package
// mailqueue sends mails: a use case queues a message in the transaction that causes it (an
// order placed, shipped, out for delivery, delivered), and the worker sends it after commit
// through the outbox, in the channel the shopper chose (WhatsApp by default, SMS, or none).
//
// It guarantees at most one message per (kind, ref); that a message of a rolled-back
// transaction is never sent; that a shopper who opted out gets none (the message is recorded
// as skipped); and that no message is sent twice. Neither WhatsApp's Cloud API nor MSG91's
// Flow API takes an idempotency key, so a message is marked 'sending' (committed) before the
// provider is called. When the provider answers with an error it did not take the message,
// which waits for the next try; when its answer is lost (a timeout, a crash between its
// accepting and our recording), the message may have been sent, so it is never sent again:
// it is recorded as unknown. A rare lost message is preferred to a doubled one.
package notify

import (
	"context"
	"errors"
	"net"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/notify/notifydb"
	"drape/internal/outbox"
	"drape/internal/platform/postgres"
	"drape/internal/provider/msg91"
	"drape/internal/provider/whatsapp"
	"drape/internal/shop"
	"drape/jobs"
)

// Provider sends one templated message to a mobile number (country code and number, digits
// only) and returns the provider's id for it. Its errors say whether the provider answered:
// an error with an HTTPStatus() int method means it answered and did not take the message.
type Provider interface {
	Send(ctx context.Context, to string, t Template, vars []string) (id string, err error)
}

// Queue writes m into the caller's transaction, with the job that will send it.
func Queue(ctx context.Context, db postgres.DB, m Message) error {
	if m.Kind == "" || m.Ref == "" {
		return shop.E(shop.Internal, "notify: a message needs a kind and a ref")
	}
	vars, buttons := m.Vars, m.Buttons
	if vars == nil {
		vars = []string{}
	}
	if buttons == nil {
		buttons = []string{}
	}
	err := notifydb.New(db).InsertMessage(ctx, notifydb.InsertMessageParams{
		ID: shop.NewID(), Kind: m.Kind, Ref: m.Ref, UserID: m.UserID, Phone: Mobile(m.Phone), Vars: vars, Buttons: buttons,
		WantedChannel: string(m.Channel),
	})
	if err != nil {
		return err
	}
	return outbox.Enqueue(ctx, db, jobs.SendMessage(m.Kind, m.Ref))
}

var tenDigits = regexp.MustCompile(`^[6-9][0-9]{9}$`)

// Mobile is phone as the providers take an Indian mobile number, "91" and its ten digits, or
// "" when phone is not one.
func Mobile(phone string) string {
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, phone)
	switch {
	case len(digits) == 12 && strings.HasPrefix(digits, "91"):
		digits = digits[2:]
	case len(digits) == 11 && strings.HasPrefix(digits, "0"):
		digits = digits[1:]
	}
	if !tenDigits.MatchString(digits) {
		return ""
	}
	return "91" + digits
}

// Service sends queued messages and keeps shoppers' channel choices.
type Service struct {
	store     store
	providers map[Channel]Provider
}

// NewService makes the service that sends WhatsApp messages through wa and SMS through sms;
// a nil provider is a channel not configured, whose messages wait and retry.
func NewService(pool *pgxpool.Pool, wa, sms Provider) *Service {
	return &Service{store: store{q: notifydb.New(postgres.Translating(pool))}, providers: map[Channel]Provider{WhatsApp: wa, SMS: sms}}
}

// staleSending is how long a message may be 'sending' before the run that claimed it is taken
// for dead (a provider call gives up after 10 s).
const staleSending = time.Minute

// errNotConfigured is a channel without a provider: the message waits for one.
var errNotConfigured = errors.New("notify: the channel's provider is not configured")

// Deliver sends the queued message (kind, ref) through its shopper's channel, unless it was
// sent or ended already. A shopper who chose none, or a message without a mobile number, is
// skipped. Errors: NotFound when no such message was queued (its transaction rolled back);
// Unavailable when the provider refused it for now or is not configured (the message waits,
// retry later). A refusal for good (a bad number, an unknown template) and a lost answer end
// the message (failed, unknown) and are not errors: retrying cannot help, or could double it.
func (s *Service) Deliver(ctx context.Context, kind, ref string) error {
	m, err := s.store.q.MessageToSend(ctx, notifydb.MessageToSendParams{Kind: kind, Ref: ref})
	if err != nil {
		return err
	}
	switch Status(m.Status) {
	case Queued:
	case Sending:
		if m.AttemptedAt != nil && time.Since(*m.AttemptedAt) < staleSending {
			return shop.E(shop.Unavailable, "notify: another run is sending %s %s", kind, ref)
		}
		// A run before this one handed it to the provider and never recorded the answer.
		return s.end(ctx, m.ID, Unknown, "", "the provider's answer was lost; not sent again")
	default:
		return nil
	}
	channel := Channel(m.Preference)
	if channel == "" {
		channel = WhatsApp
	}
	if m.WantedChannel != "" {
		channel = Channel(m.WantedChannel) // consented to for this message: the order updates choice does not apply
	}
	switch {
	case channel == None:
		return s.end(ctx, m.ID, Skipped, "", "the shopper opted out of order updates")
	case m.Phone == "":
		return s.end(ctx, m.ID, Skipped, "", "no mobile number")
	}
	provider := s.providers[channel]
	if provider == nil {
		return &shop.Error{Kind: shop.Unavailable, Message: "notify: " + string(channel) + " is not configured", Err: errNotConfigured}
	}
	claimed, err := s.store.q.ClaimMessage(ctx, notifydb.ClaimMessageParams{ID: m.ID, Channel: string(channel)})
	if err != nil || claimed == 0 {
		return err // 0: another run has it
	}
	t := Template{Kind: m.Kind, WhatsAppName: m.WhatsappTemplate, WhatsAppLanguage: m.WhatsappLanguage,
		MSG91TemplateID: m.Msg91TemplateID, DLTTemplateID: m.DltTemplateID, Buttons: m.Buttons}
	id, sendErr := provider.Send(ctx, m.Phone, t, m.Vars)
	switch outcomeOf(sendErr) {
	case accepted:
		return s.store.q.MarkMessageSent(context.WithoutCancel(ctx), notifydb.MarkMessageSentParams{ID: m.ID, ProviderMessageID: id})
	case refusedForNow:
		if err := s.store.q.ReleaseMessage(context.WithoutCancel(ctx), notifydb.ReleaseMessageParams{ID: m.ID, LastError: sendErr.Error()}); err != nil {
			return err
		}
		return &shop.Error{Kind: shop.Unavailable, Message: "notify: the provider refused the message for now", Err: sendErr}
	case refusedForGood:
		return s.end(context.WithoutCancel(ctx), m.ID, Failed, string(channel), sendErr.Error())
	default:
		return s.end(context.WithoutCancel(ctx), m.ID, Unknown, string(channel), sendErr.Error())
	}
}

func (s *Service) end(ctx context.Context, id string, status Status, channel, reason string) error {
	return s.store.q.EndMessage(ctx, notifydb.EndMessageParams{ID: id, Status: string(status), Channel: channel, LastError: reason})
}

type outcome int

const (
	accepted outcome = iota
	refusedForNow
	refusedForGood
	lost
)

// outcomeOf reads a provider's error: none or a 2xx without an id is accepted; an answer of
// 429, 5xx, 401 or 403 (the provider busy or down, our token wrong) is refused for now, any
// other answer refused for good; a connection never made is refused for now; anything else (a
// timeout, a connection cut after the request went) may have been accepted: lost.
func outcomeOf(err error) outcome {
	if err == nil || errors.Is(err, whatsapp.ErrNoID) || errors.Is(err, msg91.ErrNoID) {
		return accepted
	}
	var answered interface{ HTTPStatus() int }
	if errors.As(err, &answered) {
		switch s := answered.HTTPStatus(); {
		case s == 429 || s >= 500 || s == 401 || s == 403:
			return refusedForNow
		default:
			return refusedForGood
		}
	}
	var op *net.OpError
	if errors.As(err, &op) && op.Op == "dial" {
		return refusedForNow
	}
	return lost
}

// WaitingSince lists up to limit messages queued longer ago than age and still waiting,
// oldest first, so their jobs can be queued again (a job lost with Redis's data, or one that
// ended after its last retry while the provider was down).
func (s *Service) WaitingSince(ctx context.Context, age time.Duration, limit int) ([]Waiting, error) {
	rows, err := s.store.q.WaitingSince(ctx, notifydb.WaitingSinceParams{Before: new(time.Now().Add(-age)), MaxMessages: int32(limit)})
	if err != nil {
		return nil, err
	}
	out := make([]Waiting, len(rows))
	for i, r := range rows {
		out[i] = Waiting{Kind: r.Kind, Ref: r.Ref, Attempts: int(r.Attempts)}
	}
	return out, nil
}

// RecordDelivery records a provider's status callback d on the message it names, unless the
// message is already further along (a callback late or repeated changes nothing); a callback
// about a message this shop did not send is ignored. It reports whether it changed the
// message. Errors: Invalid for a status other than sent, delivered, read or failed.
func (s *Service) RecordDelivery(ctx context.Context, d Delivery) (bool, error) {
	if !slices.Contains(deliveryStatuses, d.Status) || d.ProviderMessageID == "" {
		return false, shop.E(shop.Invalid, "notify: a delivery report needs a message id and one of sent, delivered, read, failed (got %q)", d.Status)
	}
	at := d.At
	if at.IsZero() {
		at = time.Now()
	}
	n, err := s.store.q.RecordDeliveryStatus(ctx, notifydb.RecordDeliveryStatusParams{Status: d.Status, At: &at,
		Error: d.Error, ProviderMessageID: d.ProviderMessageID, Channel: string(d.Channel)})
	return n > 0, err
}

// About is the messages about ref (an order's id), oldest first.
func (s *Service) About(ctx context.Context, ref string) ([]Record, error) {
	rows, err := s.store.q.MessagesAbout(ctx, ref)
	if err != nil {
		return nil, err
	}
	out := make([]Record, len(rows))
	for i, r := range rows {
		out[i] = Record{Kind: r.Kind, Channel: r.Channel, Status: Status(r.Status), Attempts: int(r.Attempts), LastError: r.LastError,
			DeliveryStatus: r.DeliveryStatus, DeliveryStatusAt: r.DeliveryStatusAt, DeliveryError: r.DeliveryError, CreatedAt: r.CreatedAt, DoneAt: r.DoneAt}
	}
	return out, nil
}

// Preference is the channel user chose for order updates (WhatsApp when they never chose).
func (s *Service) Preference(ctx context.Context, userID string) (Channel, error) {
	c, err := s.store.q.Preference(ctx, userID)
	if shop.Is(err, shop.NotFound) {
		return WhatsApp, nil
	}
	return Channel(c), err
}

// SetPreference records the channel user wants order updates in. Errors: Invalid when channel
// is not whatsapp, sms or none.
func (s *Service) SetPreference(ctx context.Context, userID string, channel Channel) (Channel, error) {
	if !channel.Valid() {
		return "", &shop.Error{Kind: shop.Invalid, Message: "Choose whatsapp, sms or none",
			Fields: map[string]string{"channel": "Choose whatsapp, sms or none"}}
	}
	return channel, s.store.q.SetPreference(ctx, notifydb.SetPreferenceParams{UserID: userID, Channel: string(channel)})
}

// Templates lists every kind of message with the templates it is sent as, in the order an order
// meets them. Errors: Unavailable when the database is.
func (s *Service) Templates(ctx context.Context) ([]Registered, error) {
	rows, err := s.store.q.Templates(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Registered, len(rows))
	for i, r := range rows {
		out[i] = Registered{Kind: r.Kind, WhatsAppName: r.WhatsappTemplate, WhatsAppLanguage: r.WhatsappLanguage,
			MSG91TemplateID: r.Msg91TemplateID, DLTTemplateID: r.DltTemplateID, Body: r.Body}
	}
	return out, nil
}
