// Package razorpay is a thin typed client for the parts of Razorpay's REST API the
// shop uses: create and fetch orders, list an order's payments, fetch a payment,
// refund a payment, and check the signatures of checkout callbacks and webhooks.
// It speaks the protocol directly with net/http and encoding/json (no SDK), so the
// base URL can point at api.razorpay.com in production or at sim in development
// and tests.
//
// It guarantees:
//   - Every call sends HTTP Basic key_id:key_secret and is bounded by the
//     http.Client's timeout (10 s unless the caller supplies a client) and by ctx.
//   - A call returns an entity or an error, never an empty entity: a 2xx answer
//     without an "id" (or, for lists, without entity "collection") is an error
//     wrapping ErrBadResponse, unlike the official Go SDK.
//   - A non-2xx answer is an *APIError carrying Razorpay's error code,
//     description and field. IsTemporary tells retryable failures (429, 5xx,
//     network and timeout errors) from permanent ones (4xx, malformed answers),
//     so callers can decide to retry without parsing messages.
//   - Signature checks (VerifyPayment, VerifyWebhook) are HMAC-SHA256 compared in
//     constant time; VerifyWebhook works on the raw body exactly as received.
//
// A Client is safe for concurrent use.
package razorpay

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// DefaultTimeout bounds one call when New is given no http.Client; it is the
// official SDK's default too.
const DefaultTimeout = 10 * time.Second

// Currency is the only currency the shop charges in.
const Currency = "INR"

// maxResponseBytes caps how much of an answer is read; Razorpay's entities are a few KB.
const maxResponseBytes = 4 << 20

// ErrBadResponse is wrapped by calls whose 2xx answer is not the expected
// entity (not JSON, or without an id). It is permanent: IsTemporary is false.
var ErrBadResponse = errors.New("razorpay: unexpected response")

// ErrInvalidArgument is wrapped by calls refused before any network call, such as
// an empty id or a malformed idempotency key. It is permanent.
var ErrInvalidArgument = errors.New("razorpay: invalid argument")

// Client calls Razorpay's REST API with one key pair.
type Client struct {
	baseURL   string
	keyID     string
	keySecret string
	http      *http.Client
}

// New returns a client for baseURL (such as "https://api.razorpay.com" or
// "http://127.0.0.1:9090/razorpay"; calls go to baseURL+"/v1/…") that
// authenticates with keyID and keySecret. hc nil means a client with
// DefaultTimeout. New does not connect.
func New(baseURL, keyID, keySecret string, hc *http.Client) *Client {
	if hc == nil {
		hc = &http.Client{Timeout: DefaultTimeout}
	}
	return &Client{
		baseURL:   strings.TrimRight(baseURL, "/"),
		keyID:     keyID,
		keySecret: keySecret,
		http:      hc,
	}
}

// KeyID returns the public key id, which the browser's checkout needs.
func (c *Client) KeyID() string { return c.keyID }

// Notes are Razorpay's free-form key-value pairs (at most 15, values up to 256
// characters). Razorpay writes empty notes as [] rather than {}; Notes reads both.
type Notes map[string]string

// UnmarshalJSON accepts an object of strings (numbers and booleans are kept as
// their JSON text), an empty array, or null.
func (n *Notes) UnmarshalJSON(data []byte) error {
	trimmed := bytes.TrimSpace(data)
	switch {
	case bytes.Equal(trimmed, []byte("null")):
		*n = nil
		return nil
	case len(trimmed) > 0 && trimmed[0] == '[':
		var list []json.RawMessage
		if err := json.Unmarshal(trimmed, &list); err != nil {
			return err
		}
		if len(list) != 0 {
			return errors.New("razorpay: notes is a non-empty array")
		}
		*n = Notes{}
		return nil
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(trimmed, &raw); err != nil {
		return err
	}
	notes := make(Notes, len(raw))
	for key, value := range raw {
		var text string
		if err := json.Unmarshal(value, &text); err != nil {
			text = string(bytes.TrimSpace(value))
		}
		notes[key] = text
	}
	*n = notes
	return nil
}

// Order is Razorpay's order entity. Amounts are in paise.
type Order struct {
	ID         string `json:"id"`
	Entity     string `json:"entity"`
	Amount     int64  `json:"amount"`
	AmountPaid int64  `json:"amount_paid"`
	AmountDue  int64  `json:"amount_due"`
	Currency   string `json:"currency"`
	Receipt    string `json:"receipt"`
	// Status is "created", "attempted" or "paid" (it stays "paid" after refunds).
	Status    string `json:"status"`
	Attempts  int    `json:"attempts"`
	Notes     Notes  `json:"notes"`
	CreatedAt int64  `json:"created_at"`
}

// Payment is Razorpay's payment entity. Amounts are in paise.
type Payment struct {
	ID      string `json:"id"`
	Entity  string `json:"entity"`
	OrderID string `json:"order_id"`
	// Status is "created", "authorized", "captured", "refunded" or "failed".
	Status   string `json:"status"`
	Method   string `json:"method"`
	Currency string `json:"currency"`
	Amount   int64  `json:"amount"`
	// AmountRefunded is the sum of the payment's refunds.
	AmountRefunded int64 `json:"amount_refunded"`
	// RefundStatus is "", "partial" or "full".
	RefundStatus     string `json:"refund_status"`
	Captured         bool   `json:"captured"`
	ErrorCode        string `json:"error_code"`
	ErrorDescription string `json:"error_description"`
	CreatedAt        int64  `json:"created_at"`
}

// Refund is Razorpay's refund entity. Amounts are in paise.
type Refund struct {
	ID        string `json:"id"`
	Entity    string `json:"entity"`
	PaymentID string `json:"payment_id"`
	// Status is "pending", "processed" or "failed".
	Status         string `json:"status"`
	Currency       string `json:"currency"`
	SpeedRequested string `json:"speed_requested"`
	Amount         int64  `json:"amount"`
	CreatedAt      int64  `json:"created_at"`
	// Notes are the notes the refund was asked with.
	Notes Notes `json:"notes"`
}

// Event is a webhook delivery's body. Which payload parts are set depends on
// Contains: payment events carry Payment, order.paid carries Payment and Order,
// refund events carry Refund and Payment.
type Event struct {
	Entity    string       `json:"entity"`
	AccountID string       `json:"account_id"`
	Event     string       `json:"event"`
	Contains  []string     `json:"contains"`
	Payload   EventPayload `json:"payload"`
	CreatedAt int64        `json:"created_at"`
}

// EventPayload holds the entities an Event carries; absent ones are nil.
type EventPayload struct {
	Payment *PaymentEntity `json:"payment"`
	Order   *OrderEntity   `json:"order"`
	Refund  *RefundEntity  `json:"refund"`
}

// PaymentEntity wraps a payment in an event payload ({"entity": {…}}).
type PaymentEntity struct {
	Entity Payment `json:"entity"`
}

// OrderEntity wraps an order in an event payload ({"entity": {…}}).
type OrderEntity struct {
	Entity Order `json:"entity"`
}

// RefundEntity wraps a refund in an event payload ({"entity": {…}}).
type RefundEntity struct {
	Entity Refund `json:"entity"`
}

// ParseEvent decodes a webhook body. Check its signature with VerifyWebhook on
// the same bytes first. It fails unless the body is an event with a name.
func ParseEvent(body []byte) (Event, error) {
	var event Event
	if err := json.Unmarshal(body, &event); err != nil {
		return Event{}, fmt.Errorf("razorpay: parse event: %w", err)
	}
	if event.Entity != "event" || event.Event == "" {
		return Event{}, fmt.Errorf("razorpay: parse event: entity %q, event %q: not a webhook event", event.Entity, event.Event)
	}
	return event, nil
}

// APIError is a non-2xx answer from Razorpay.
type APIError struct {
	// Status is the HTTP status code.
	Status int
	// Code is Razorpay's error code, such as "BAD_REQUEST_ERROR" or "SERVER_ERROR".
	Code string
	// Description is Razorpay's human-readable message.
	Description string
	// Field names the request field at fault, when Razorpay says.
	Field string
}

// Error returns the status, code, description and field.
func (e *APIError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "razorpay: %d", e.Status)
	if e.Code != "" {
		b.WriteString(" " + e.Code)
	}
	if e.Description != "" {
		b.WriteString(": " + e.Description)
	}
	if e.Field != "" {
		b.WriteString(" (field " + e.Field + ")")
	}
	return b.String()
}

// Temporary reports whether retrying later may succeed: status 429 or 5xx.
func (e *APIError) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// transportError is a failure to get any answer: connection refused, reset,
// timeout. It is temporary unless the caller cancelled the context.
type transportError struct {
	method, path string
	err          error
}

// Error names the call and the cause.
func (e *transportError) Error() string {
	return fmt.Sprintf("razorpay: %s %s: %v", e.method, e.path, e.err)
}

// Unwrap returns the cause, such as a *url.Error or context.DeadlineExceeded.
func (e *transportError) Unwrap() error { return e.err }

// Temporary is true unless the caller cancelled the call.
func (e *transportError) Temporary() bool { return !errors.Is(e.err, context.Canceled) }

// IsTemporary reports whether err is worth retrying later: an *APIError with
// status 429 or 5xx, or a network failure or timeout. Permanent errors (other
// 4xx, ErrBadResponse, ErrInvalidArgument, a cancelled context) report false.
func IsTemporary(err error) bool {
	var temporary interface{ Temporary() bool }
	if errors.As(err, &temporary) {
		return temporary.Temporary()
	}
	return false
}

// orderRequest is the body of POST /v1/orders.
type orderRequest struct {
	Amount   int64             `json:"amount"`
	Currency string            `json:"currency"`
	Receipt  string            `json:"receipt,omitempty"`
	Notes    map[string]string `json:"notes,omitempty"`
}

// refundRequest is the body of POST /v1/payments/{id}/refund.
type refundRequest struct {
	Amount int64             `json:"amount,omitempty"`
	Speed  string            `json:"speed"`
	Notes  map[string]string `json:"notes,omitempty"`
}

// collection is Razorpay's list envelope.
type collection[T any] struct {
	Entity string `json:"entity"`
	Count  int    `json:"count"`
	Items  []T    `json:"items"`
}

// CreateOrder creates an order for amountPaise in INR. receipt is the shop's
// own order reference (at most 40 characters); notes are optional.
func (c *Client) CreateOrder(ctx context.Context, amountPaise int64, receipt string, notes map[string]string) (Order, error) {
	var order Order
	body := orderRequest{Amount: amountPaise, Currency: Currency, Receipt: receipt, Notes: notes}
	if err := c.do(ctx, http.MethodPost, "/v1/orders", nil, body, &order); err != nil {
		return Order{}, err
	}
	return order, checkID("order", order.ID)
}

// Order fetches the order with id.
func (c *Client) Order(ctx context.Context, id string) (Order, error) {
	if err := checkArgument("order id", id); err != nil {
		return Order{}, err
	}
	var order Order
	if err := c.do(ctx, http.MethodGet, "/v1/orders/"+url.PathEscape(id), nil, nil, &order); err != nil {
		return Order{}, err
	}
	return order, checkID("order", order.ID)
}

// OrderPayments lists every payment attempted for the order orderID, failed ones
// included; use it to reconcile when a webhook was missed.
func (c *Client) OrderPayments(ctx context.Context, orderID string) ([]Payment, error) {
	if err := checkArgument("order id", orderID); err != nil {
		return nil, err
	}
	var list collection[Payment]
	if err := c.do(ctx, http.MethodGet, "/v1/orders/"+url.PathEscape(orderID)+"/payments", nil, nil, &list); err != nil {
		return nil, err
	}
	if list.Entity != "collection" {
		return nil, fmt.Errorf("%w: payments of order %s: entity %q, want collection", ErrBadResponse, orderID, list.Entity)
	}
	for _, payment := range list.Items {
		if err := checkID("payment", payment.ID); err != nil {
			return nil, err
		}
	}
	if list.Items == nil {
		list.Items = []Payment{}
	}
	return list.Items, nil
}

// Payment fetches the payment with id.
func (c *Client) Payment(ctx context.Context, id string) (Payment, error) {
	if err := checkArgument("payment id", id); err != nil {
		return Payment{}, err
	}
	var payment Payment
	if err := c.do(ctx, http.MethodGet, "/v1/payments/"+url.PathEscape(id), nil, nil, &payment); err != nil {
		return Payment{}, err
	}
	return payment, checkID("payment", payment.ID)
}

// Refund refunds amountPaise of the captured payment paymentID at normal speed;
// amountPaise 0 refunds whatever is left. idempotencyKey (10 or more of
// A-Z a-z 0-9 _ -) is sent as X-Refund-Idempotency, so a retry with the same key
// and body returns the first refund instead of refunding twice; empty sends none.
func (c *Client) Refund(ctx context.Context, paymentID string, amountPaise int64, idempotencyKey string, notes map[string]string) (Refund, error) {
	if err := checkArgument("payment id", paymentID); err != nil {
		return Refund{}, err
	}
	if amountPaise < 0 {
		return Refund{}, fmt.Errorf("%w: refund amount %d is negative", ErrInvalidArgument, amountPaise)
	}
	header := http.Header{}
	if idempotencyKey != "" {
		if !validIdempotencyKey(idempotencyKey) {
			return Refund{}, fmt.Errorf("%w: idempotency key %q: want 10 or more of A-Z a-z 0-9 _ -", ErrInvalidArgument, idempotencyKey)
		}
		header.Set("X-Refund-Idempotency", idempotencyKey)
	}
	var refund Refund
	body := refundRequest{Amount: amountPaise, Speed: "normal", Notes: notes}
	if err := c.do(ctx, http.MethodPost, "/v1/payments/"+url.PathEscape(paymentID)+"/refund", header, body, &refund); err != nil {
		return Refund{}, err
	}
	return refund, checkID("refund", refund.ID)
}

// validIdempotencyKey accepts what Razorpay accepts in X-Refund-Idempotency.
func validIdempotencyKey(key string) bool {
	if len(key) < 10 {
		return false
	}
	for _, r := range key {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}

func checkArgument(name, value string) error {
	if strings.TrimSpace(value) == "" {
		return fmt.Errorf("%w: %s is empty", ErrInvalidArgument, name)
	}
	return nil
}

func checkID(entity, id string) error {
	if id == "" {
		return fmt.Errorf("%w: %s without an id", ErrBadResponse, entity)
	}
	return nil
}

// errorBody is Razorpay's error envelope.
type errorBody struct {
	Error struct {
		Code        string `json:"code"`
		Description string `json:"description"`
		Field       string `json:"field"`
	} `json:"error"`
}

// do sends one request with Basic auth and decodes a 2xx JSON answer into out.
func (c *Client) do(ctx context.Context, method, path string, header http.Header, body, out any) error {
	var reader io.Reader
	if body != nil {
		encoded, err := json.Marshal(body)
		if err != nil {
			return fmt.Errorf("%w: encode %s %s: %v", ErrInvalidArgument, method, path, err)
		}
		reader = bytes.NewReader(encoded)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, reader)
	if err != nil {
		return fmt.Errorf("%w: %s %s: %v", ErrInvalidArgument, method, path, err)
	}
	for key, values := range header {
		req.Header[key] = values
	}
	req.SetBasicAuth(c.keyID, c.keySecret)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}

	resp, err := c.http.Do(req)
	if err != nil {
		return &transportError{method: method, path: path, err: err}
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBytes))
	if err != nil {
		return &transportError{method: method, path: path, err: fmt.Errorf("read answer: %w", err)}
	}

	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		apiErr := &APIError{Status: resp.StatusCode}
		var parsed errorBody
		if json.Unmarshal(data, &parsed) == nil && (parsed.Error.Code != "" || parsed.Error.Description != "") {
			apiErr.Code = parsed.Error.Code
			apiErr.Description = parsed.Error.Description
			apiErr.Field = parsed.Error.Field
		} else {
			apiErr.Description = http.StatusText(resp.StatusCode) + " (no Razorpay error body: " + strconv.Quote(snippet(data)) + ")"
		}
		return apiErr
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("%w: %s %s: %v", ErrBadResponse, method, path, err)
	}
	return nil
}

// snippet is the start of an unexpected answer, for error messages.
func snippet(data []byte) string {
	const limit = 120
	text := strings.TrimSpace(string(data))
	if len(text) > limit {
		text = text[:limit] + "…"
	}
	return text
}

// SignPayment returns the checkout signature Razorpay gives the browser for a
// successful payment: hex HMAC-SHA256 of orderID+"|"+paymentID keyed with the
// key secret.
func SignPayment(keySecret, orderID, paymentID string) string {
	return sign(keySecret, []byte(orderID+"|"+paymentID))
}

// VerifyPayment reports whether signature is the checkout signature of the
// payment paymentID for orderID. Pass the order id stored on the server, never
// the one the browser echoes. It compares in constant time and rejects empty input.
func VerifyPayment(keySecret, orderID, paymentID, signature string) bool {
	if keySecret == "" || orderID == "" || paymentID == "" {
		return false
	}
	return verify(keySecret, []byte(orderID+"|"+paymentID), signature)
}

// SignWebhook returns the X-Razorpay-Signature of a webhook body: hex
// HMAC-SHA256 of the raw body keyed with the webhook secret.
func SignWebhook(webhookSecret string, body []byte) string {
	return sign(webhookSecret, body)
}

// VerifyWebhook reports whether signature (the X-Razorpay-Signature header) signs
// body with webhookSecret. body must be the raw bytes received: re-encoded JSON
// does not verify. It compares in constant time and rejects an empty secret.
func VerifyWebhook(webhookSecret string, body []byte, signature string) bool {
	if webhookSecret == "" {
		return false
	}
	return verify(webhookSecret, body, signature)
}

func sign(secret string, message []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(message)
	return hex.EncodeToString(mac.Sum(nil))
}

func verify(secret string, message []byte, signature string) bool {
	given, err := hex.DecodeString(strings.TrimSpace(signature))
	if err != nil || len(given) != sha256.Size {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(message)
	return hmac.Equal(mac.Sum(nil), given)
}
