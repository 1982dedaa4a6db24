// Package payment takes online payments through Razorpay for orders: it creates the
// gateway's order for ours, verifies the checkout's signed callback, handles the gateway's
// webhooks, asks the gateway about orders whose news never came, and refunds.
//
// It guarantees an order is marked paid only on proof: a payment signature made with our key
// secret over the gateway order id we stored (never the one the browser echoes), or a webhook
// signed with our webhook secret over its exact bytes; a webhook event is acted on once however
// often it is delivered; the amount charged is the order total computed by the server; and a
// refund is asked for with an idempotency key, so a retried refund never pays out twice.
package payment

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/order"
	"drape/internal/payment/paymentdb"
	"drape/internal/platform/postgres"
	"drape/internal/provider/razorpay"
	"drape/internal/shop"
)

// Gateway is the part of Razorpay's API the shop uses (razorpay.Client).
type Gateway interface {
	CreateOrder(ctx context.Context, amountPaise int64, receipt string, notes map[string]string) (razorpay.Order, error)
	OrderPayments(ctx context.Context, orderID string) ([]razorpay.Payment, error)
	Refund(ctx context.Context, paymentID string, amountPaise int64, idempotencyKey string, notes map[string]string) (razorpay.Refund, error)
}

const (
	msgUnverified  = "Payment could not be verified"
	msgUnavailable = "Online payment is unavailable right now. Please try again, or choose cash on delivery."
)

// Service is the payment use cases.
type Service struct {
	store   store
	orders  *order.Service
	gateway Gateway
	cfg     Config
	log     *slog.Logger
	returns ReturnRefunds // nil until SetReturnRefunds
}

// NewService makes the payment service; gateway nil means online payment is off.
func NewService(pool *pgxpool.Pool, cfg Config, orders *order.Service, gateway Gateway, log *slog.Logger) *Service {
	if cfg.MerchantName == "" {
		cfg.MerchantName = "drape"
	}
	return &Service{store: store{q: paymentdb.New(postgres.Translating(pool))}, orders: orders, gateway: gateway, cfg: cfg, log: log}
}

// Enabled reports whether online payment is configured.
func (s *Service) Enabled() bool {
	return s.gateway != nil && s.cfg.KeyID != "" && s.cfg.KeySecret != ""
}

// Start places the shopper's cart as an online order waiting for payment (stock held; see
// order.Service.Place) and creates the gateway's order for its total, answering what the
// checkout needs. A retry with the same idempotency key answers the same orders. Errors:
// those of Place; Unavailable when the gateway cannot be reached (the order is then
// cancelled and its stock released).
func (s *Service) Start(ctx context.Context, p order.Placement) (Checkout, error) {
	if !s.Enabled() {
		return Checkout{}, shop.E(shop.Unavailable, msgUnavailable)
	}
	p.Mode = order.Online
	o, _, err := s.orders.Place(ctx, p)
	if err != nil {
		return Checkout{}, err
	}
	if o.GatewayOrderID == "" && o.Status == order.AwaitingPayment {
		g, err := s.gateway.CreateOrder(ctx, int64(o.Amount), o.Number, map[string]string{"order_id": o.ID})
		if err != nil {
			s.log.Error("razorpay: create order failed", "order", o.Number, "err", err)
			if _, abandonErr := s.orders.Abandon(context.WithoutCancel(ctx), o.UserID, o.Number, "Online payment was unavailable"); abandonErr != nil {
				s.log.Error("abandoning order after gateway failure", "order", o.Number, "err", abandonErr)
			}
			return Checkout{}, shop.Wrap(shop.Unavailable, err, msgUnavailable)
		}
		if err := s.orders.AttachGatewayOrder(ctx, o.ID, g.ID); err != nil {
			return Checkout{}, err
		}
		if o, err = s.orders.ByID(ctx, o.ID); err != nil {
			return Checkout{}, err
		}
	}
	a := o.Address
	return Checkout{OrderID: o.Number, RazorpayOrderID: o.GatewayOrderID, Key: s.cfg.KeyID, Amount: int64(o.Amount),
		Currency: "INR", Name: s.cfg.MerchantName, Description: "Order " + o.Number,
		Prefill: Prefill{Name: a.FirstName + " " + a.LastName, Email: a.Email, Contact: a.Phone}, Order: o}, nil
}

// Confirm checks the checkout's callback for the user's order number — the signature must be
// HMAC-SHA256(key secret, stored gateway order id | paymentID) — and marks the order paid.
// Errors: NotFound 'Order not found'; Invalid 'Payment could not be verified' for a forged or
// mismatched signature (nothing changes); Conflict when the order is cancelled, which a
// payment arriving after it lapsed may leave it (see order.Service.MarkPaid): the message says
// what happens to the money, never 'Thank you for purchasing.'.
func (s *Service) Confirm(ctx context.Context, userID, number, paymentID, signature string) (order.Order, error) {
	o, err := s.orders.Get(ctx, userID, number)
	if err != nil {
		return order.Order{}, err
	}
	if o.GatewayOrderID == "" || paymentID == "" || !razorpay.VerifyPayment(s.cfg.KeySecret, o.GatewayOrderID, paymentID, signature) {
		return order.Order{}, shop.E(shop.Invalid, msgUnverified)
	}
	paid, _, err := s.orders.MarkPaid(ctx, order.Payment{GatewayOrderID: o.GatewayOrderID, PaymentID: paymentID, Signature: signature})
	if err != nil || paid.Status != order.Canceled {
		return paid, err
	}
	switch paid.PaymentStatus {
	case order.RefundPending:
		return order.Order{}, shop.E(shop.Conflict, "Order %s is cancelled, so it will not be sent; your payment of %s is being refunded in full.", paid.Number, paid.Amount)
	case order.Refunded:
		return order.Order{}, shop.E(shop.Conflict, "Order %s is cancelled, so it will not be sent; your payment of %s has been refunded.", paid.Number, paid.Amount)
	}
	return order.Order{}, shop.E(shop.Conflict, "Order %s is cancelled, so it will not be sent. Please contact us about your payment of %s.", paid.Number, paid.Amount)
}

// Abandon cancels the user's order number that is still waiting for payment, after the
// shopper gave up in the checkout (see order.Service.Abandon).
func (s *Service) Abandon(ctx context.Context, userID, number, reason string) (order.Order, error) {
	return s.orders.Abandon(ctx, userID, number, reason)
}

// HandleWebhook acts on one webhook delivery: body is the exact request body, signature its
// X-Razorpay-Signature and eventID its X-Razorpay-Event-Id. A captured payment (or a paid
// order) marks its order paid, a failed one records the failure, a processed refund marks the
// order refunded; an event already handled, or about an order that is not ours, is
// acknowledged and ignored. Errors: Unauthorized for a bad signature (nothing is read);
// Invalid for a body that is not an event; others are worth a redelivery.
func (s *Service) HandleWebhook(ctx context.Context, body []byte, signature, eventID string) error {
	if s.cfg.WebhookSecret == "" || !razorpay.VerifyWebhook(s.cfg.WebhookSecret, body, signature) {
		return shop.E(shop.Unauthorized, "Invalid webhook signature")
	}
	if eventID == "" {
		sum := sha256.Sum256(body)
		eventID = "sha256:" + hex.EncodeToString(sum[:])
	}
	seen, err := s.store.q.SeenEvent(ctx, eventID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	ev, err := razorpay.ParseEvent(body)
	if err != nil {
		return shop.Wrap(shop.Invalid, err, "Not a webhook event")
	}
	orderRef, err := s.apply(ctx, ev)
	if err != nil && !shop.Is(err, shop.NotFound) {
		return err
	}
	if err != nil {
		s.log.Warn("razorpay webhook about an unknown order", "event", ev.Event, "event_id", eventID)
	}
	err = s.store.q.RecordEvent(ctx, paymentdb.RecordEventParams{EventID: eventID, Event: ev.Event, OrderID: pgText(orderRef)})
	return err
}

// apply changes the order an event is about and says which gateway order that was.
func (s *Service) apply(ctx context.Context, ev razorpay.Event) (string, error) {
	var p razorpay.Payment
	if ev.Payload.Payment != nil {
		p = ev.Payload.Payment.Entity
	}
	switch ev.Event {
	case "payment.captured", "order.paid":
		if p.ID == "" || p.OrderID == "" {
			return "", shop.E(shop.Invalid, "The event carries no payment")
		}
		_, _, err := s.orders.MarkPaid(ctx, order.Payment{GatewayOrderID: p.OrderID, PaymentID: p.ID, Amount: shop.Money(p.Amount)})
		return p.OrderID, err
	case "payment.failed":
		reason := p.ErrorDescription
		if reason == "" {
			reason = "Payment failed"
		}
		return p.OrderID, s.orders.MarkPaymentFailed(ctx, p.OrderID, reason)
	case "refund.processed":
		if ev.Payload.Refund == nil {
			return "", shop.E(shop.Invalid, "The event carries no refund")
		}
		r := ev.Payload.Refund.Entity
		if returnID := r.Notes[ReturnNote]; returnID != "" {
			return p.OrderID, s.returnRefundProcessed(ctx, returnID, r.ID)
		}
		return p.OrderID, s.orders.MarkRefundedByPayment(ctx, r.PaymentID, r.ID)
	case "refund.failed":
		if ev.Payload.Refund == nil {
			return "", shop.E(shop.Invalid, "The event carries no refund")
		}
		r := ev.Payload.Refund.Entity
		if returnID := r.Notes[ReturnNote]; returnID != "" {
			s.log.Warn("razorpay could not refund a return: its job tries again", "return_id", returnID, "refund_id", r.ID)
			return p.OrderID, nil
		}
		return p.OrderID, s.orders.MarkRefundFailedByPayment(ctx, r.PaymentID, "The gateway could not refund the payment")
	default:
		// payment.authorized (captured follows: auto-capture), refund.created and others.
		return p.OrderID, nil
	}
}

// Reconcile asks the gateway about order id when it still waits for its payment, and marks it
// paid when a captured payment is found (a lost webhook and a closed browser). Errors: the
// gateway's, worth a retry.
func (s *Service) Reconcile(ctx context.Context, id string) error {
	if !s.Enabled() {
		return nil
	}
	o, err := s.orders.ByID(ctx, id)
	if err != nil || o.Status != order.AwaitingPayment || o.GatewayOrderID == "" {
		return err
	}
	payments, err := s.gateway.OrderPayments(ctx, o.GatewayOrderID)
	if err != nil {
		return err
	}
	for _, p := range payments {
		if p.Status == "captured" {
			_, _, err := s.orders.MarkPaid(ctx, order.Payment{GatewayOrderID: o.GatewayOrderID, PaymentID: p.ID, Amount: shop.Money(p.Amount)})
			return err
		}
	}
	return nil
}

// Refund refunds the whole payment of order id when its refund is pending, with an
// idempotency key derived from the order and the refund's attempt, so a retried job never
// refunds twice (and a failed refund asked for again is a new request). Errors: the
// gateway's, worth a retry.
func (s *Service) Refund(ctx context.Context, id string) error {
	o, err := s.orders.ByID(ctx, id)
	if err != nil || o.PaymentStatus != order.RefundPending {
		return err
	}
	if !s.Enabled() {
		return shop.E(shop.Unavailable, "refund of %s: online payment is not configured", o.Number)
	}
	refund, err := s.orders.RefundOf(ctx, id)
	if err != nil || refund.Status != "pending" {
		return err
	}
	key := fmt.Sprintf("refund_%s_%d", o.ID, refund.Attempt)
	r, err := s.gateway.Refund(ctx, o.PaymentID, int64(refund.Amount), key, map[string]string{"order_id": o.Number})
	if err != nil {
		return err
	}
	if r.Status == "processed" {
		return s.orders.MarkRefunded(ctx, o.ID, r.ID)
	}
	return nil
}
