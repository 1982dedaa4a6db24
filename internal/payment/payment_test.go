package payment_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"testing"
	"time"

	"drape/internal/order"
	"drape/internal/order/ordertest"
	"drape/internal/payment"
	"drape/internal/provider/razorpay"
	"drape/internal/shop"
)

const (
	keySecret     = "payment-test-key-secret"
	webhookSecret = "payment-test-webhook-secret"
)

// paymentShop is the payment service over an ordertest shop, with an online order waiting
// for its payment at the gateway's order gatewayOrder.
type paymentShop struct {
	ordertest.Shop
	payments     *payment.Service
	user         string
	order        order.Order
	gatewayOrder string
}

// newPaymentShop runs t beside the package's other tests: each has its own database. The
// service has the account's secrets but no gateway to call: what is tested here is what the
// shop decides from the gateway's signed news.
func newPaymentShop(t *testing.T) paymentShop {
	t.Helper()
	t.Parallel()
	s := ordertest.New(t)
	user, home := s.Shopper(t, "aarav@example.in")
	s.Add(t, user, "M", 2)
	o := s.Place(t, user, home, order.Online)
	gatewayOrder := "order_" + shop.NewID()[:14]
	if err := s.Orders.AttachGatewayOrder(context.Background(), o.ID, gatewayOrder); err != nil {
		t.Fatal(err)
	}
	payments := payment.NewService(s.Pool, payment.Config{KeyID: "rzp_test_drape", KeySecret: keySecret, WebhookSecret: webhookSecret},
		s.Orders, nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	return paymentShop{Shop: s, payments: payments, user: user, order: o, gatewayOrder: gatewayOrder}
}

// event is a Razorpay webhook body about a payment of the gateway order, as Razorpay sends it.
func event(name, gatewayOrder, paymentID, status string, amount shop.Money) []byte {
	body, _ := json.Marshal(map[string]any{"entity": "event", "account_id": "acc_drape", "event": name,
		"contains": []string{"payment"}, "created_at": time.Now().Unix(),
		"payload": map[string]any{"payment": map[string]any{"entity": map[string]any{"id": paymentID, "entity": "payment",
			"order_id": gatewayOrder, "status": status, "method": "upi", "currency": "INR", "amount": int64(amount),
			"captured": status == "captured", "error_description": map[bool]string{true: "Payment declined by the bank"}[status == "failed"]}}}})
	return body
}

func (s paymentShop) now(t *testing.T) order.Order {
	t.Helper()
	o, err := s.Orders.ByID(context.Background(), s.order.ID)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestStartWithoutAGatewayPlacesNothing: with online payment off, starting a payment is
// refused as unavailable, and no order is placed and no stock held.
func TestStartWithoutAGatewayPlacesNothing(t *testing.T) {
	s := newPaymentShop(t)
	off := payment.NewService(s.Pool, payment.Config{}, s.Orders, nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if off.Enabled() {
		t.Fatal("enabled without an account")
	}
	user, home := s.Shopper(t, "kabir@example.in")
	s.Add(t, user, "S", 1)
	if _, err := off.Start(context.Background(), order.Placement{UserID: user, AddressID: home}); !shop.Is(err, shop.Unavailable) {
		t.Fatalf("start: %v, want Unavailable", err)
	}
	if got := s.Stock(t, "S"); got != 3 {
		t.Fatalf("stock of S after a refused start: %d, want 3", got)
	}
}

// TestConfirmNeedsOurSignature: the checkout's callback marks the order paid only when signed
// with our key secret over the gateway order we stored; a forged or mismatched one changes
// nothing, and confirming twice is the same paid order.
func TestConfirmNeedsOurSignature(t *testing.T) {
	s := newPaymentShop(t)
	ctx := context.Background()
	if s.order.Status != order.AwaitingPayment || s.order.Amount != 2*ordertest.ShirtPrice {
		t.Fatalf("the online order: %s, %d", s.order.Status, s.order.Amount)
	}
	for what, signature := range map[string]string{
		"a forged signature":                 "deadbeef",
		"signed with another secret":         razorpay.SignPayment("another-secret", s.gatewayOrder, "pay_A1"),
		"signed over another gateway order":  razorpay.SignPayment(keySecret, "order_someoneelse", "pay_A1"),
		"signed over another payment number": razorpay.SignPayment(keySecret, s.gatewayOrder, "pay_B2"),
	} {
		if _, err := s.payments.Confirm(ctx, s.user, s.order.Number, "pay_A1", signature); !shop.Is(err, shop.Invalid) {
			t.Errorf("%s: %v, want Invalid", what, err)
		}
	}
	if o := s.now(t); o.PaymentStatus == order.Paid {
		t.Fatal("a refused confirmation marked the order paid")
	}
	other, _ := s.Shopper(t, "kabir@example.in")
	if _, err := s.payments.Confirm(ctx, other, s.order.Number, "pay_A1", razorpay.SignPayment(keySecret, s.gatewayOrder, "pay_A1")); !shop.Is(err, shop.NotFound) {
		t.Errorf("another shopper confirms it: %v, want NotFound", err)
	}
	for range 2 {
		paid, err := s.payments.Confirm(ctx, s.user, s.order.Number, "pay_A1", razorpay.SignPayment(keySecret, s.gatewayOrder, "pay_A1"))
		if err != nil || paid.PaymentStatus != order.Paid || paid.PaymentID != "pay_A1" || paid.Status != order.Pending {
			t.Fatalf("confirmed: %s/%s %q, %v", paid.Status, paid.PaymentStatus, paid.PaymentID, err)
		}
	}
	if got := s.Stock(t, "M"); got != 1 {
		t.Fatalf("stock of M after paying for 2 of 3: %d", got)
	}
}

// TestWebhooks: only a delivery signed with our webhook secret over its exact bytes is read;
// a captured payment marks the order paid, and the same event delivered again, or about an
// order that is not ours, is acknowledged and changes nothing.
func TestWebhooks(t *testing.T) {
	s := newPaymentShop(t)
	ctx := context.Background()
	captured := event("payment.captured", s.gatewayOrder, "pay_W1", "captured", s.order.Amount)

	if err := s.payments.HandleWebhook(ctx, captured, razorpay.SignWebhook("another-secret", captured), "evt_1"); !shop.Is(err, shop.Unauthorized) {
		t.Errorf("signed with another secret: %v, want Unauthorized", err)
	}
	spaced := append([]byte(" "), captured...)
	if err := s.payments.HandleWebhook(ctx, spaced, razorpay.SignWebhook(webhookSecret, captured), "evt_1"); !shop.Is(err, shop.Unauthorized) {
		t.Errorf("bytes other than the signed ones: %v, want Unauthorized", err)
	}
	notEvent := []byte(`{"entity":"payment"}`)
	if err := s.payments.HandleWebhook(ctx, notEvent, razorpay.SignWebhook(webhookSecret, notEvent), "evt_0"); !shop.Is(err, shop.Invalid) {
		t.Errorf("a body that is not an event: %v, want Invalid", err)
	}
	if o := s.now(t); o.PaymentStatus == order.Paid {
		t.Fatal("a refused webhook marked the order paid")
	}

	if err := s.payments.HandleWebhook(ctx, captured, razorpay.SignWebhook(webhookSecret, captured), "evt_1"); err != nil {
		t.Fatal(err)
	}
	paid := s.now(t)
	if paid.PaymentStatus != order.Paid || paid.PaymentID != "pay_W1" || paid.Status != order.Pending {
		t.Fatalf("after payment.captured: %s/%s %q", paid.Status, paid.PaymentStatus, paid.PaymentID)
	}
	failed := event("payment.failed", s.gatewayOrder, "pay_W2", "failed", s.order.Amount)
	if err := s.payments.HandleWebhook(ctx, failed, razorpay.SignWebhook(webhookSecret, failed), "evt_2"); err != nil {
		t.Fatal(err)
	}
	if err := s.payments.HandleWebhook(ctx, captured, razorpay.SignWebhook(webhookSecret, captured), "evt_1"); err != nil {
		t.Fatalf("the same event again: %v", err)
	}
	if again := s.now(t); again.PaymentStatus != order.Paid || again.Status != order.Pending || again.PaymentID != "pay_W1" {
		t.Fatalf("a late failure or a redelivery changed the paid order: %s/%s %q", again.Status, again.PaymentStatus, again.PaymentID)
	}
	notOurs := event("payment.captured", "order_notours", "pay_W3", "captured", 1000)
	if err := s.payments.HandleWebhook(ctx, notOurs, razorpay.SignWebhook(webhookSecret, notOurs), "evt_3"); err != nil {
		t.Errorf("an order that is not ours: %v, want it acknowledged", err)
	}
}
