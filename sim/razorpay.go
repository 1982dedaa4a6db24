package main

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// Razorpay's fixed values. The limits are Razorpay's documented ones; the
// capacities only bound sim's memory (the oldest orders and events go first).
const (
	defaultRazorpayKeyID         = "rzp_test_drape"
	defaultRazorpayKeySecret     = "drape-sim-key-secret"
	defaultRazorpayWebhookSecret = "drape-sim-webhook-secret"

	razorpayOrderCapacity   = 10000
	razorpayEventCapacity   = 10000
	razorpayRequestLimit    = 64 << 10
	razorpayMinAmount       = 100
	razorpayMaxAmount       = 5_000_000_00 // ₹50 lakh, far above any shop order
	razorpayMaxReceipt      = 40
	razorpayMaxNotes        = 15
	razorpayMaxNoteLength   = 256
	razorpayIDLength        = 14
	razorpayAccountID       = "acc_sim"
	razorpayDefaultColor    = "#3399cc"
	razorpayWebhookTimeout  = 5 * time.Second
	razorpayWebhookTries    = 5
	razorpayMaxControlDelay = 60000
)

// Webhook modes of POST /razorpay/control.
const (
	razorpayWebhooksOn        = "on"
	razorpayWebhooksOff       = "off"
	razorpayWebhooksDuplicate = "duplicate"
	razorpayWebhooksDelay     = "delay"
)

// razorpayCheckoutScript is the checkout.js look-alike served at /razorpay/checkout.js.
//
//go:embed razorpay_checkout.js
var razorpayCheckoutScript []byte

// razorpayConfig is what sim's Razorpay reads from the environment.
type razorpayConfig struct {
	keyID         string
	keySecret     string
	webhookSecret string
	// webhookURL receives the webhooks; empty sends none.
	webhookURL string
}

var razorpayKeyIDPattern = regexp.MustCompile(`^rzp_(test|live)_[A-Za-z0-9]{1,40}$`)

// loadRazorpayConfig reads the SIM_RAZORPAY_* keys and describes every bad one.
func loadRazorpayConfig(getenv func(string) string) (razorpayConfig, []string) {
	var problems []string
	value := func(key, fallback string) string {
		if v := strings.TrimSpace(getenv(key)); v != "" {
			return v
		}
		return fallback
	}
	cfg := razorpayConfig{
		keyID:         value("SIM_RAZORPAY_KEY_ID", defaultRazorpayKeyID),
		keySecret:     value("SIM_RAZORPAY_KEY_SECRET", defaultRazorpayKeySecret),
		webhookSecret: value("SIM_RAZORPAY_WEBHOOK_SECRET", defaultRazorpayWebhookSecret),
		webhookURL:    value("SIM_RAZORPAY_WEBHOOK_URL", ""),
	}
	if !razorpayKeyIDPattern.MatchString(cfg.keyID) {
		problems = append(problems, fmt.Sprintf("SIM_RAZORPAY_KEY_ID=%q: want rzp_test_ or rzp_live_ and 1 to 40 letters or digits", cfg.keyID))
	}
	for key, secret := range map[string]string{"SIM_RAZORPAY_KEY_SECRET": cfg.keySecret, "SIM_RAZORPAY_WEBHOOK_SECRET": cfg.webhookSecret} {
		if strings.IndexFunc(secret, func(r rune) bool { return r > unicode.MaxASCII || !unicode.IsGraphic(r) || unicode.IsSpace(r) }) >= 0 {
			problems = append(problems, key+": want printable ASCII without spaces")
		}
	}
	if cfg.webhookURL != "" {
		u, err := url.Parse(cfg.webhookURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Fragment != "" {
			problems = append(problems, fmt.Sprintf("SIM_RAZORPAY_WEBHOOK_URL=%q: want an http(s) URL such as http://127.0.0.1:8080/api/webhooks/razorpay", cfg.webhookURL))
		}
	}
	return cfg, problems
}

// razorpayNotes are an entity's notes. Razorpay writes empty notes as [], and so does sim.
type razorpayNotes map[string]string

// MarshalJSON writes [] for no notes, an object otherwise.
func (n razorpayNotes) MarshalJSON() ([]byte, error) {
	if len(n) == 0 {
		return []byte("[]"), nil
	}
	return json.Marshal(map[string]string(n))
}

// razorpayOrder is Razorpay's order entity, in Razorpay's field order.
type razorpayOrder struct {
	ID         string        `json:"id"`
	Entity     string        `json:"entity"`
	Amount     int64         `json:"amount"`
	AmountPaid int64         `json:"amount_paid"`
	AmountDue  int64         `json:"amount_due"`
	Currency   string        `json:"currency"`
	Receipt    *string       `json:"receipt"`
	OfferID    *string       `json:"offer_id"`
	Status     string        `json:"status"`
	Attempts   int           `json:"attempts"`
	Notes      razorpayNotes `json:"notes"`
	CreatedAt  int64         `json:"created_at"`
}

// razorpayPayment is Razorpay's payment entity, in Razorpay's field order.
type razorpayPayment struct {
	ID               string            `json:"id"`
	Entity           string            `json:"entity"`
	Amount           int64             `json:"amount"`
	Currency         string            `json:"currency"`
	Status           string            `json:"status"`
	OrderID          string            `json:"order_id"`
	InvoiceID        *string           `json:"invoice_id"`
	International    bool              `json:"international"`
	Method           string            `json:"method"`
	AmountRefunded   int64             `json:"amount_refunded"`
	RefundStatus     *string           `json:"refund_status"`
	Captured         bool              `json:"captured"`
	Description      *string           `json:"description"`
	CardID           *string           `json:"card_id"`
	Bank             *string           `json:"bank"`
	Wallet           *string           `json:"wallet"`
	VPA              *string           `json:"vpa"`
	Email            string            `json:"email"`
	Contact          string            `json:"contact"`
	Notes            razorpayNotes     `json:"notes"`
	Fee              *int64            `json:"fee"`
	Tax              *int64            `json:"tax"`
	ErrorCode        *string           `json:"error_code"`
	ErrorDescription *string           `json:"error_description"`
	ErrorSource      *string           `json:"error_source"`
	ErrorStep        *string           `json:"error_step"`
	ErrorReason      *string           `json:"error_reason"`
	AcquirerData     map[string]string `json:"acquirer_data"`
	CreatedAt        int64             `json:"created_at"`
}

// razorpayRefund is Razorpay's refund entity, in Razorpay's field order.
type razorpayRefund struct {
	ID             string             `json:"id"`
	Entity         string             `json:"entity"`
	Amount         int64              `json:"amount"`
	Currency       string             `json:"currency"`
	PaymentID      string             `json:"payment_id"`
	Notes          razorpayNotes      `json:"notes"`
	Receipt        *string            `json:"receipt"`
	AcquirerData   map[string]*string `json:"acquirer_data"`
	CreatedAt      int64              `json:"created_at"`
	BatchID        *string            `json:"batch_id"`
	Status         string             `json:"status"`
	SpeedProcessed string             `json:"speed_processed"`
	SpeedRequested string             `json:"speed_requested"`
}

// razorpayCollection is Razorpay's list envelope.
type razorpayCollection[T any] struct {
	Entity string `json:"entity"`
	Count  int    `json:"count"`
	Items  []T    `json:"items"`
}

// razorpayError is an error answer in Razorpay's shape.
type razorpayError struct {
	status      int
	Code        string         `json:"code"`
	Description string         `json:"description"`
	Source      string         `json:"source"`
	Step        string         `json:"step"`
	Reason      string         `json:"reason"`
	Metadata    map[string]any `json:"metadata"`
	Field       string         `json:"field,omitempty"`
}

// Error returns the description.
func (e *razorpayError) Error() string { return e.Description }

// razorpayBadRequest is a 400 input-validation error about field.
func razorpayBadRequest(description, field string) *razorpayError {
	return &razorpayError{status: http.StatusBadRequest, Code: "BAD_REQUEST_ERROR", Description: description,
		Source: "business", Step: "payment_initiation", Reason: "input_validation_failed", Field: field}
}

// razorpayPlainError is an error with Razorpay's "NA" source, step and reason.
func razorpayPlainError(status int, code, description string) *razorpayError {
	return &razorpayError{status: status, Code: code, Description: description, Source: "NA", Step: "NA", Reason: "NA"}
}

var (
	razorpayAuthFailed  = razorpayPlainError(http.StatusUnauthorized, "BAD_REQUEST_ERROR", "Authentication failed")
	razorpayNotFound    = razorpayPlainError(http.StatusNotFound, "BAD_REQUEST_ERROR", "The id provided does not exist")
	razorpayServerError = razorpayPlainError(http.StatusServiceUnavailable, "SERVER_ERROR", "The server encountered an error")
)

// writeRazorpayError answers e as {"error": {…}}.
func writeRazorpayError(w http.ResponseWriter, e *razorpayError) {
	body := *e
	if body.Metadata == nil {
		body.Metadata = map[string]any{}
	}
	writeJSON(w, e.status, map[string]any{"error": body})
}

// razorpayControl is the fault control of POST /razorpay/control.
type razorpayControl struct {
	FailNextOrders  int    `json:"failNextOrders"`
	FailNextRefunds int    `json:"failNextRefunds"`
	DelayMs         int    `json:"delayMs"`
	Webhooks        string `json:"webhooks"`
}

// razorpayControlUpdate is a POST /razorpay/control body; absent fields stay as they are.
type razorpayControlUpdate struct {
	FailNextOrders  *int    `json:"failNextOrders"`
	FailNextRefunds *int    `json:"failNextRefunds"`
	DelayMs         *int    `json:"delayMs"`
	Webhooks        *string `json:"webhooks"`
}

// razorpayEvent is one webhook event, kept byte for byte for replays.
type razorpayEvent struct {
	id   string
	name string
	body []byte
}

// razorpayIdempotentRefund remembers what an X-Refund-Idempotency key was first used for.
type razorpayIdempotentRefund struct {
	paymentID string
	amount    int64
	speed     string
	refundID  string
}

// razorpaySim plays Razorpay: the orders, payments and refunds API under
// /razorpay/v1, a checkout.js look-alike with a payment page, and webhooks. Its
// state lives in memory, guarded by mu and bounded by razorpayOrderCapacity.
type razorpaySim struct {
	cfg     razorpayConfig
	logger  *slog.Logger
	now     func() time.Time
	webhook *http.Client
	// retryBase is the first webhook retry delay; each retry doubles it.
	retryBase time.Duration

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu             sync.Mutex
	orders         map[string]*razorpayOrder
	orderQueue     []string
	orderPayments  map[string][]string
	payments       map[string]*razorpayPayment
	paymentRefunds map[string][]string
	refunds        map[string]*razorpayRefund
	refundKeys     map[string]string
	idempotency    map[string]razorpayIdempotentRefund
	events         map[string]razorpayEvent
	eventQueue     []string
	control        razorpayControl
	delivered      int
	failedAttempts int
	abandoned      int
}

// newRazorpaySim returns sim's Razorpay for cfg. Call close to stop webhook deliveries.
func newRazorpaySim(cfg razorpayConfig, logger *slog.Logger) *razorpaySim {
	ctx, cancel := context.WithCancel(context.Background())
	s := &razorpaySim{
		cfg:    cfg,
		logger: logger,
		now:    time.Now,
		webhook: &http.Client{
			Timeout:       razorpayWebhookTimeout,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
		retryBase: time.Second,
		ctx:       ctx,
		cancel:    cancel,
	}
	s.clear()
	return s
}

// clear forgets every order, payment, refund and event and resets the control.
func (s *razorpaySim) clear() {
	s.orders = map[string]*razorpayOrder{}
	s.orderQueue = nil
	s.orderPayments = map[string][]string{}
	s.payments = map[string]*razorpayPayment{}
	s.paymentRefunds = map[string][]string{}
	s.refunds = map[string]*razorpayRefund{}
	s.refundKeys = map[string]string{}
	s.idempotency = map[string]razorpayIdempotentRefund{}
	s.events = map[string]razorpayEvent{}
	s.eventQueue = nil
	s.control = razorpayControl{Webhooks: razorpayWebhooksOn}
}

// close stops pending webhook deliveries and retries and waits for them to end.
func (s *razorpaySim) close() {
	s.cancel()
	s.wg.Wait()
}

// registerRazorpay adds Razorpay under /razorpay, so the shop's base URL is
// http://SIM/razorpay:
//
//	POST /razorpay/v1/orders                   create an order (Basic key_id:key_secret on every /v1 call)
//	GET  /razorpay/v1/orders/{id}              fetch an order
//	GET  /razorpay/v1/orders/{id}/payments     the order's payments (collection)
//	GET  /razorpay/v1/payments/{id}            fetch a payment
//	POST /razorpay/v1/payments/{id}/refund     refund a captured payment (X-Refund-Idempotency)
//	GET  /razorpay/checkout.js                 the checkout.js look-alike (window.Razorpay)
//	GET  /razorpay/checkout/pay?order_id=&key_id=… the payment page checkout.js frames
//	GET  /razorpay/checkout/frame.js           the payment page's script
//	POST /razorpay/checkout/pay                {order_id,key_id,outcome:"success"|"failure"} pays without a browser
//	GET  /razorpay/control                     fault control and counters
//	POST /razorpay/control                     {failNextOrders,failNextRefunds,delayMs,webhooks:"on"|"off"|"duplicate"|"delay"}
//	POST /razorpay/control/reset               control back to defaults
//	POST /razorpay/control/replay              {event_id} resends a past webhook byte for byte
func registerRazorpay(mux *http.ServeMux, s *razorpaySim) {
	mux.HandleFunc("POST /razorpay/v1/orders", s.authenticated(s.serveCreateOrder))
	mux.HandleFunc("GET /razorpay/v1/orders/{id}", s.authenticated(s.serveOrder))
	mux.HandleFunc("GET /razorpay/v1/orders/{id}/payments", s.authenticated(s.serveOrderPayments))
	mux.HandleFunc("GET /razorpay/v1/payments/{id}", s.authenticated(s.servePayment))
	mux.HandleFunc("POST /razorpay/v1/payments/{id}/refund", s.authenticated(s.serveRefund))
	mux.HandleFunc("GET /razorpay/v1/payments/{id}/refunds", s.authenticated(s.servePaymentRefunds))
	mux.HandleFunc("/razorpay/v1/", s.authenticated(func(w http.ResponseWriter, r *http.Request) {
		writeRazorpayError(w, razorpayPlainError(http.StatusNotFound, "BAD_REQUEST_ERROR", "The requested URL was not found on the server."))
	}))
	mux.HandleFunc("GET /razorpay/checkout.js", serveScript(razorpayCheckoutScript))
	mux.HandleFunc("GET /razorpay/checkout/frame.js", serveScript([]byte(razorpayFrameScript)))
	mux.HandleFunc("GET /razorpay/checkout/pay", s.servePayPage)
	mux.HandleFunc("POST /razorpay/checkout/pay", s.servePay)
	mux.HandleFunc("GET /razorpay/control", s.serveControl)
	mux.HandleFunc("POST /razorpay/control", s.serveControlUpdate)
	mux.HandleFunc("POST /razorpay/control/reset", s.serveControlReset)
	mux.HandleFunc("POST /razorpay/control/replay", s.serveReplay)
}

// serveScript serves a script that is always revalidated, so an edited sim is
// picked up on reload.
func serveScript(script []byte) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Write(script)
	}
}

// authenticated answers 401 unless the request carries the configured key pair
// as HTTP Basic credentials, as every Razorpay API call must.
func (s *razorpaySim) authenticated(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		user, password, ok := r.BasicAuth()
		userOK := subtle.ConstantTimeCompare([]byte(user), []byte(s.cfg.keyID))
		passwordOK := subtle.ConstantTimeCompare([]byte(password), []byte(s.cfg.keySecret))
		if !ok || userOK&passwordOK != 1 {
			writeRazorpayError(w, razorpayAuthFailed)
			return
		}
		next(w, r)
	}
}

// randomRazorpayID is prefix + "_" + 14 random letters and digits, like Razorpay's ids.
func randomRazorpayID(prefix string) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	id := make([]byte, 0, razorpayIDLength)
	buf := make([]byte, 32)
	for len(id) < razorpayIDLength {
		rand.Read(buf)
		for _, b := range buf {
			// 248 = 4 × 62: dropping larger bytes keeps every letter equally likely.
			if b < 248 && len(id) < razorpayIDLength {
				id = append(id, alphabet[b%62])
			}
		}
	}
	return prefix + "_" + string(id)
}

// razorpaySign is hex HMAC-SHA256 of message keyed with secret: the checkout
// signature (over order_id|payment_id) and the webhook signature (over the body).
func razorpaySign(secret string, message []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(message)
	return hex.EncodeToString(mac.Sum(nil))
}

// readRazorpayBody decodes a JSON object body into raw fields, refusing fields
// not in allowed with Razorpay's message for extra fields.
func readRazorpayBody(w http.ResponseWriter, r *http.Request, allowed ...string) (map[string]json.RawMessage, *razorpayError) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, razorpayRequestLimit))
	if err != nil {
		return nil, razorpayBadRequest("The request body is too large or could not be read", "")
	}
	fields := map[string]json.RawMessage{}
	if len(bytes.TrimSpace(data)) > 0 {
		if err := json.Unmarshal(data, &fields); err != nil || fields == nil {
			return nil, razorpayBadRequest("The request body must be a JSON object", "")
		}
	}
	var extra []string
	for name := range fields {
		known := false
		for _, a := range allowed {
			known = known || name == a
		}
		if !known {
			extra = append(extra, name)
		}
	}
	if len(extra) > 0 {
		return nil, razorpayBadRequest(strings.Join(extra, ", ")+" is/are not required and should not be sent", extra[0])
	}
	return fields, nil
}

// razorpayAmount reads an amount in paise: a JSON integer of at least ₹1.00.
func razorpayAmount(raw json.RawMessage) (int64, *razorpayError) {
	if trimmed := bytes.TrimSpace(raw); len(trimmed) == 0 || trimmed[0] == '"' {
		return 0, razorpayBadRequest("The amount must be an integer.", "amount")
	}
	var number json.Number
	decoder := json.NewDecoder(bytes.NewReader(raw))
	decoder.UseNumber()
	if err := decoder.Decode(&number); err != nil || number == "" {
		return 0, razorpayBadRequest("The amount must be an integer.", "amount")
	}
	amount, err := strconv.ParseInt(number.String(), 10, 64)
	switch {
	case err != nil:
		return 0, razorpayBadRequest("The amount must be an integer.", "amount")
	case amount < razorpayMinAmount:
		return 0, razorpayBadRequest("The amount must be at least INR 1.00", "amount")
	case amount > razorpayMaxAmount:
		return 0, razorpayBadRequest("Amount exceeds maximum amount allowed.", "amount")
	}
	return amount, nil
}

// razorpayString reads an optional string field of at most maxLength characters.
func razorpayString(raw json.RawMessage, field string, maxLength int) (*string, *razorpayError) {
	if raw == nil || string(raw) == "null" {
		return nil, nil
	}
	var value string
	if err := json.Unmarshal(raw, &value); err != nil {
		return nil, razorpayBadRequest(fmt.Sprintf("The %s must be a string.", field), field)
	}
	if utf8.RuneCountInString(value) > maxLength {
		return nil, razorpayBadRequest(fmt.Sprintf("The %s may not be greater than %d characters.", field, maxLength), field)
	}
	return &value, nil
}

// razorpayReadNotes reads notes: an object of at most 15 strings or numbers of
// at most 256 characters (or an empty array, as Razorpay writes them).
func razorpayReadNotes(raw json.RawMessage) (razorpayNotes, *razorpayError) {
	if raw == nil || string(raw) == "null" || string(bytes.TrimSpace(raw)) == "[]" {
		return razorpayNotes{}, nil
	}
	var values map[string]json.RawMessage
	if err := json.Unmarshal(raw, &values); err != nil {
		return nil, razorpayBadRequest("The notes must be an object of key-value pairs.", "notes")
	}
	if len(values) > razorpayMaxNotes {
		return nil, razorpayBadRequest(fmt.Sprintf("Number of fields in notes should be less than or equal to %d", razorpayMaxNotes), "notes")
	}
	notes := razorpayNotes{}
	for key, value := range values {
		var text string
		if err := json.Unmarshal(value, &text); err != nil {
			var number json.Number
			if err := json.Unmarshal(value, &number); err != nil {
				return nil, razorpayBadRequest("The notes."+key+" must be a string or a number.", "notes")
			}
			text = number.String()
		}
		if utf8.RuneCountInString(key) > razorpayMaxNoteLength || utf8.RuneCountInString(text) > razorpayMaxNoteLength {
			return nil, razorpayBadRequest(fmt.Sprintf("The notes.%s may not be greater than %d characters.", key, razorpayMaxNoteLength), "notes")
		}
		notes[key] = text
	}
	return notes, nil
}

// serveCreateOrder is POST /v1/orders {amount, currency, receipt, notes}.
func (s *razorpaySim) serveCreateOrder(w http.ResponseWriter, r *http.Request) {
	if s.takeFailure(&s.control.FailNextOrders) {
		writeRazorpayError(w, razorpayServerError)
		return
	}
	fields, problem := readRazorpayBody(w, r, "amount", "currency", "receipt", "notes", "partial_payment")
	if problem != nil {
		writeRazorpayError(w, problem)
		return
	}
	order := razorpayOrder{Entity: "order", Status: "created"}
	if fields["amount"] == nil {
		writeRazorpayError(w, razorpayBadRequest("The amount field is required.", "amount"))
		return
	}
	if order.Amount, problem = razorpayAmount(fields["amount"]); problem != nil {
		writeRazorpayError(w, problem)
		return
	}
	currency, problem := razorpayString(fields["currency"], "currency", 3)
	switch {
	case problem != nil:
		writeRazorpayError(w, problem)
		return
	case currency == nil || *currency == "":
		writeRazorpayError(w, razorpayBadRequest("The currency field is required.", "currency"))
		return
	case *currency != "INR":
		writeRazorpayError(w, razorpayBadRequest("Currency is not supported", "currency"))
		return
	}
	order.Currency = *currency
	if order.Receipt, problem = razorpayString(fields["receipt"], "receipt", razorpayMaxReceipt); problem != nil {
		writeRazorpayError(w, problem)
		return
	}
	if order.Notes, problem = razorpayReadNotes(fields["notes"]); problem != nil {
		writeRazorpayError(w, problem)
		return
	}
	order.ID = randomRazorpayID("order")
	order.AmountDue = order.Amount
	order.CreatedAt = s.now().Unix()

	s.mu.Lock()
	stored := order
	s.orders[order.ID] = &stored
	s.orderQueue = append(s.orderQueue, order.ID)
	for len(s.orderQueue) > razorpayOrderCapacity {
		s.forgetOrder(s.orderQueue[0])
		s.orderQueue = s.orderQueue[1:]
	}
	s.mu.Unlock()

	s.logger.Info("razorpay order created", "order_id", order.ID, "amount", order.Amount)
	writeJSON(w, http.StatusOK, order)
}

// forgetOrder drops an order with its payments, refunds and idempotency keys.
// The caller holds mu.
func (s *razorpaySim) forgetOrder(orderID string) {
	for _, paymentID := range s.orderPayments[orderID] {
		for _, refundID := range s.paymentRefunds[paymentID] {
			if key, ok := s.refundKeys[refundID]; ok {
				delete(s.idempotency, key)
				delete(s.refundKeys, refundID)
			}
			delete(s.refunds, refundID)
		}
		delete(s.paymentRefunds, paymentID)
		delete(s.payments, paymentID)
	}
	delete(s.orderPayments, orderID)
	delete(s.orders, orderID)
}

// takeFailure reports whether this call must fail, counting *counter down.
func (s *razorpaySim) takeFailure(counter *int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if *counter > 0 {
		*counter--
		return true
	}
	return false
}

// serveOrder is GET /v1/orders/{id}.
func (s *razorpaySim) serveOrder(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	order, ok := s.orders[r.PathValue("id")]
	var snapshot razorpayOrder
	if ok {
		snapshot = *order
	}
	s.mu.Unlock()
	if !ok {
		writeRazorpayError(w, razorpayNotFound)
		return
	}
	writeJSON(w, http.StatusOK, snapshot)
}

// serveOrderPayments is GET /v1/orders/{id}/payments, newest first.
func (s *razorpaySim) serveOrderPayments(w http.ResponseWriter, r *http.Request) {
	orderID := r.PathValue("id")
	s.mu.Lock()
	_, ok := s.orders[orderID]
	list := razorpayCollection[razorpayPayment]{Entity: "collection", Items: []razorpayPayment{}}
	ids := s.orderPayments[orderID]
	for i := len(ids) - 1; i >= 0; i-- {
		list.Items = append(list.Items, *s.payments[ids[i]])
	}
	s.mu.Unlock()
	if !ok {
		writeRazorpayError(w, razorpayNotFound)
		return
	}
	list.Count = len(list.Items)
	writeJSON(w, http.StatusOK, list)
}

// servePayment is GET /v1/payments/{id}.
func (s *razorpaySim) servePayment(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	payment, ok := s.payments[r.PathValue("id")]
	var snapshot razorpayPayment
	if ok {
		snapshot = *payment
	}
	s.mu.Unlock()
	if !ok {
		writeRazorpayError(w, razorpayNotFound)
		return
	}
	writeJSON(w, http.StatusOK, snapshot)
}

// servePaymentRefunds is GET /v1/payments/{id}/refunds: the payment's refunds, newest first,
// in Razorpay's collection envelope.
func (s *razorpaySim) servePaymentRefunds(w http.ResponseWriter, r *http.Request) {
	paymentID := r.PathValue("id")
	s.mu.Lock()
	_, ok := s.payments[paymentID]
	list := razorpayCollection[razorpayRefund]{Entity: "collection", Items: []razorpayRefund{}}
	for _, refund := range s.refunds {
		if refund.PaymentID == paymentID {
			list.Items = append(list.Items, *refund)
		}
	}
	s.mu.Unlock()
	if !ok {
		writeRazorpayError(w, razorpayNotFound)
		return
	}
	sort.Slice(list.Items, func(i, j int) bool {
		a, b := list.Items[i], list.Items[j]
		return a.CreatedAt > b.CreatedAt || (a.CreatedAt == b.CreatedAt && a.ID > b.ID)
	})
	list.Count = len(list.Items)
	writeJSON(w, http.StatusOK, list)
}

var razorpayIdempotencyPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{10,}$`)

// serveRefund is POST /v1/payments/{id}/refund {amount?, speed?, receipt?, notes?}.
// Refunds are processed at once. A repeated X-Refund-Idempotency key with the
// same payment, amount and speed answers the first refund again.
func (s *razorpaySim) serveRefund(w http.ResponseWriter, r *http.Request) {
	if s.takeFailure(&s.control.FailNextRefunds) {
		writeRazorpayError(w, razorpayServerError)
		return
	}
	paymentID := r.PathValue("id")
	key := r.Header.Get("X-Refund-Idempotency")
	if key != "" && !razorpayIdempotencyPattern.MatchString(key) {
		writeRazorpayError(w, razorpayBadRequest("The X-Refund-Idempotency header must be at least 10 characters of letters, digits, _ or -", "X-Refund-Idempotency"))
		return
	}
	fields, problem := readRazorpayBody(w, r, "amount", "speed", "receipt", "notes")
	if problem != nil {
		writeRazorpayError(w, problem)
		return
	}
	var amount int64
	if fields["amount"] != nil {
		if amount, problem = razorpayAmount(fields["amount"]); problem != nil {
			writeRazorpayError(w, problem)
			return
		}
	}
	speed, problem := razorpayString(fields["speed"], "speed", 10)
	if problem != nil {
		writeRazorpayError(w, problem)
		return
	}
	if speed == nil {
		normal := "normal"
		speed = &normal
	}
	if *speed != "normal" && *speed != "optimum" {
		writeRazorpayError(w, razorpayBadRequest("The selected speed is invalid.", "speed"))
		return
	}
	receipt, problem := razorpayString(fields["receipt"], "receipt", razorpayMaxReceipt)
	if problem != nil {
		writeRazorpayError(w, problem)
		return
	}
	notes, problem := razorpayReadNotes(fields["notes"])
	if problem != nil {
		writeRazorpayError(w, problem)
		return
	}

	s.mu.Lock()
	payment, ok := s.payments[paymentID]
	if !ok {
		s.mu.Unlock()
		writeRazorpayError(w, razorpayNotFound)
		return
	}
	if key != "" {
		if first, seen := s.idempotency[key]; seen {
			refund, kept := s.refunds[first.refundID]
			var snapshot razorpayRefund
			if kept {
				snapshot = *refund
			}
			s.mu.Unlock()
			if !kept || first.paymentID != paymentID || first.speed != *speed || (amount != 0 && first.amount != amount) {
				writeRazorpayError(w, razorpayBadRequest("The idempotency key was already used with a different request", "X-Refund-Idempotency"))
				return
			}
			writeJSON(w, http.StatusOK, snapshot)
			return
		}
	}
	refundable := payment.Amount - payment.AmountRefunded
	if amount == 0 {
		amount = refundable
	}
	switch {
	case !payment.Captured:
		s.mu.Unlock()
		writeRazorpayError(w, razorpayBadRequest("The payment has not been captured", "payment_id"))
		return
	case refundable <= 0:
		s.mu.Unlock()
		writeRazorpayError(w, razorpayBadRequest("The payment has been fully refunded already", "payment_id"))
		return
	case amount > refundable:
		s.mu.Unlock()
		writeRazorpayError(w, razorpayBadRequest("The refund amount provided is greater than amount captured", "amount"))
		return
	}
	now := s.now().Unix()
	refund := razorpayRefund{
		ID: randomRazorpayID("rfnd"), Entity: "refund", Amount: amount, Currency: payment.Currency, PaymentID: paymentID,
		Notes: notes, Receipt: receipt, AcquirerData: map[string]*string{"arn": nil}, CreatedAt: now,
		Status: "processed", SpeedProcessed: "normal", SpeedRequested: *speed,
	}
	payment.AmountRefunded += amount
	refundStatus := "partial"
	if payment.AmountRefunded == payment.Amount {
		refundStatus = "full"
		payment.Status = "refunded"
	}
	payment.RefundStatus = &refundStatus
	s.refunds[refund.ID] = &refund
	s.paymentRefunds[paymentID] = append(s.paymentRefunds[paymentID], refund.ID)
	if key != "" {
		s.idempotency[key] = razorpayIdempotentRefund{paymentID: paymentID, amount: amount, speed: *speed, refundID: refund.ID}
		s.refundKeys[refund.ID] = key
	}
	created := refund
	created.Status = "pending"
	paymentNow := *payment
	events := []razorpayEvent{
		s.newEvent("refund.created", now, map[string]any{"refund": created, "payment": paymentNow}),
		s.newEvent("refund.processed", now, map[string]any{"refund": refund, "payment": paymentNow}),
	}
	s.mu.Unlock()

	s.logger.Info("razorpay refund processed", "refund_id", refund.ID, "payment_id", paymentID, "amount", amount, "refund_status", refundStatus)
	s.send(events)
	writeJSON(w, http.StatusOK, refund)
}

// razorpayPayRequest is the body of POST /razorpay/checkout/pay.
type razorpayPayRequest struct {
	OrderID string `json:"order_id"`
	KeyID   string `json:"key_id"`
	Outcome string `json:"outcome"`
	Method  string `json:"method"`
	Email   string `json:"email"`
	Contact string `json:"contact"`
}

// razorpayPaymentFailure is what a failed payment reports to checkout's payment.failed handlers.
type razorpayPaymentFailure struct {
	Code        string            `json:"code"`
	Description string            `json:"description"`
	Source      string            `json:"source"`
	Step        string            `json:"step"`
	Reason      string            `json:"reason"`
	Metadata    map[string]string `json:"metadata"`
}

// readPayRequest reads a JSON or form body of POST /razorpay/checkout/pay.
func readPayRequest(w http.ResponseWriter, r *http.Request) (razorpayPayRequest, error) {
	r.Body = http.MaxBytesReader(w, r.Body, razorpayRequestLimit)
	var request razorpayPayRequest
	if strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		if err := json.NewDecoder(r.Body).Decode(&request); err != nil {
			return request, errors.New("The request body must be a JSON object")
		}
		return request, nil
	}
	if err := r.ParseForm(); err != nil {
		return request, errors.New("The form could not be read")
	}
	request = razorpayPayRequest{
		OrderID: r.PostForm.Get("order_id"), KeyID: r.PostForm.Get("key_id"), Outcome: r.PostForm.Get("outcome"),
		Method: r.PostForm.Get("method"), Email: r.PostForm.Get("email"), Contact: r.PostForm.Get("contact"),
	}
	return request, nil
}

// servePay settles a checkout: outcome "success" captures a payment for the
// whole order and answers what checkout's handler gets; "failure" records a
// failed payment and answers {error} with status 200, as checkout reports it.
// Webhooks follow asynchronously.
func (s *razorpaySim) servePay(w http.ResponseWriter, r *http.Request) {
	request, err := readPayRequest(w, r)
	if err != nil {
		writeRazorpayError(w, razorpayBadRequest(err.Error(), ""))
		return
	}
	if subtle.ConstantTimeCompare([]byte(request.KeyID), []byte(s.cfg.keyID)) != 1 {
		writeRazorpayError(w, razorpayPlainError(http.StatusUnauthorized, "BAD_REQUEST_ERROR", "The api key provided is invalid"))
		return
	}
	if request.Outcome != "success" && request.Outcome != "failure" {
		writeRazorpayError(w, razorpayBadRequest(`The outcome must be "success" or "failure"`, "outcome"))
		return
	}
	method := request.Method
	if method == "" {
		method = "upi"
	}
	if method != "upi" && method != "card" && method != "netbanking" && method != "wallet" {
		writeRazorpayError(w, razorpayBadRequest("The selected method is invalid.", "method"))
		return
	}
	email, contact := strings.TrimSpace(request.Email), strings.TrimSpace(request.Contact)
	if email == "" || len(email) > 254 {
		email = "void@razorpay.com"
	}
	if contact == "" || len(contact) > 20 {
		contact = "+919000090000"
	}

	s.mu.Lock()
	order, ok := s.orders[request.OrderID]
	if !ok {
		s.mu.Unlock()
		writeRazorpayError(w, razorpayNotFound)
		return
	}
	if order.Status == "paid" {
		s.mu.Unlock()
		writeRazorpayError(w, razorpayBadRequest("This order has already been paid", "order_id"))
		return
	}
	now := s.now().Unix()
	payment := razorpayPayment{
		ID: randomRazorpayID("pay"), Entity: "payment", Amount: order.Amount, Currency: order.Currency, OrderID: order.ID,
		Method: method, Email: email, Contact: contact, Notes: razorpayNotes{}, AcquirerData: map[string]string{}, CreatedAt: now,
	}
	switch method {
	case "upi":
		vpa := "success@razorpay"
		if request.Outcome == "failure" {
			vpa = "failure@razorpay"
		}
		payment.VPA = &vpa
		payment.AcquirerData["rrn"] = randomDigits(12)
	case "card":
		card := randomRazorpayID("card")
		payment.CardID = &card
		payment.AcquirerData["auth_code"] = randomDigits(6)
	case "netbanking":
		bank := "HDFC"
		payment.Bank = &bank
		payment.AcquirerData["bank_transaction_id"] = randomDigits(7)
	case "wallet":
		wallet := "paytm"
		payment.Wallet = &wallet
	}
	order.Attempts++
	var events []razorpayEvent
	var failure razorpayPaymentFailure
	if request.Outcome == "success" {
		fee := order.Amount * 2 / 100
		tax := fee * 18 / 100
		fee += tax
		payment.Fee, payment.Tax = &fee, &tax
		payment.Status = "authorized"
		authorized := payment
		payment.Status, payment.Captured = "captured", true
		order.Status, order.AmountPaid, order.AmountDue = "paid", order.Amount, 0
		events = []razorpayEvent{
			s.newEvent("payment.authorized", now, map[string]any{"payment": authorized}),
			s.newEvent("payment.captured", now, map[string]any{"payment": payment}),
			s.newEvent("order.paid", now, map[string]any{"payment": payment, "order": *order}),
		}
	} else {
		failure = razorpayPaymentFailure{
			Code: "BAD_REQUEST_ERROR", Description: "Payment failed", Source: "customer", Step: "payment_authorization",
			Reason: "payment_failed", Metadata: map[string]string{"order_id": order.ID, "payment_id": payment.ID},
		}
		payment.Status = "failed"
		payment.ErrorCode, payment.ErrorDescription = &failure.Code, &failure.Description
		payment.ErrorSource, payment.ErrorStep, payment.ErrorReason = &failure.Source, &failure.Step, &failure.Reason
		payment.AcquirerData = map[string]string{}
		order.Status = "attempted"
		events = []razorpayEvent{s.newEvent("payment.failed", now, map[string]any{"payment": payment})}
	}
	stored := payment
	s.payments[payment.ID] = &stored
	s.orderPayments[order.ID] = append(s.orderPayments[order.ID], payment.ID)
	s.mu.Unlock()

	s.logger.Info("razorpay payment "+payment.Status, "payment_id", payment.ID, "order_id", payment.OrderID, "amount", payment.Amount, "method", method)
	s.send(events)
	if request.Outcome == "success" {
		writeJSON(w, http.StatusOK, map[string]string{
			"razorpay_payment_id": payment.ID,
			"razorpay_order_id":   payment.OrderID,
			"razorpay_signature":  razorpaySign(s.cfg.keySecret, []byte(payment.OrderID+"|"+payment.ID)),
		})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"error": failure})
}

// randomDigits is n random decimal digits (reference numbers such as an RRN).
func randomDigits(n int) string {
	buf := make([]byte, n)
	rand.Read(buf)
	for i := range buf {
		buf[i] = '0' + buf[i]%10
	}
	return string(buf)
}

// newEvent encodes a webhook event and keeps it for replays, dropping the
// oldest beyond razorpayEventCapacity. entities maps payload names (payment,
// order, refund) to entities. The caller holds mu.
func (s *razorpaySim) newEvent(name string, createdAt int64, entities map[string]any) razorpayEvent {
	type wrapped struct {
		Entity any `json:"entity"`
	}
	payload := struct {
		Payment *wrapped `json:"payment,omitempty"`
		Order   *wrapped `json:"order,omitempty"`
		Refund  *wrapped `json:"refund,omitempty"`
	}{}
	var contains []string
	// Razorpay lists the main entity first: the refund for refund events.
	for _, part := range []string{"refund", "payment", "order"} {
		entity, ok := entities[part]
		if !ok {
			continue
		}
		contains = append(contains, part)
		switch part {
		case "payment":
			payload.Payment = &wrapped{entity}
		case "order":
			payload.Order = &wrapped{entity}
		case "refund":
			payload.Refund = &wrapped{entity}
		}
	}
	body, err := json.Marshal(struct {
		Entity    string   `json:"entity"`
		AccountID string   `json:"account_id"`
		Event     string   `json:"event"`
		Contains  []string `json:"contains"`
		Payload   any      `json:"payload"`
		CreatedAt int64    `json:"created_at"`
	}{"event", razorpayAccountID, name, contains, payload, createdAt})
	if err != nil {
		panic("razorpay event: " + err.Error()) // only plain structs are encoded
	}
	event := razorpayEvent{id: randomRazorpayID("evt"), name: name, body: body}
	s.events[event.id] = event
	s.eventQueue = append(s.eventQueue, event.id)
	for len(s.eventQueue) > razorpayEventCapacity {
		delete(s.events, s.eventQueue[0])
		s.eventQueue = s.eventQueue[1:]
	}
	return event
}

// send delivers events in order in the background, as the control's webhook
// mode says; a failed delivery is retried on its own without holding up the rest.
func (s *razorpaySim) send(events []razorpayEvent) {
	if s.cfg.webhookURL == "" || len(events) == 0 {
		return
	}
	s.mu.Lock()
	mode, delay := s.control.Webhooks, time.Duration(s.control.DelayMs)*time.Millisecond
	s.mu.Unlock()
	if mode == razorpayWebhooksOff {
		return
	}
	copies := 1
	if mode == razorpayWebhooksDuplicate {
		copies = 2
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		if mode == razorpayWebhooksDelay && !s.sleep(delay) {
			return
		}
		for _, event := range events {
			for range copies {
				if s.deliver(event, 1) == nil {
					continue
				}
				s.wg.Add(1)
				go func() {
					defer s.wg.Done()
					s.retry(event)
				}()
			}
		}
	}()
}

// retry redelivers event after 1 s, 2 s, 4 s and 8 s (with the default
// retryBase) until it is accepted or the tries run out.
func (s *razorpaySim) retry(event razorpayEvent) {
	wait := s.retryBase
	for try := 2; try <= razorpayWebhookTries; try++ {
		if !s.sleep(wait) {
			return
		}
		if s.deliver(event, try) == nil {
			return
		}
		wait *= 2
	}
	s.mu.Lock()
	s.abandoned++
	s.mu.Unlock()
	s.logger.Warn("razorpay webhook abandoned", "event", event.name, "event_id", event.id, "tries", razorpayWebhookTries)
}

// sleep waits d unless sim is closing; it reports whether to carry on.
func (s *razorpaySim) sleep(d time.Duration) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return true
	case <-s.ctx.Done():
		return false
	}
}

// deliver posts event once to the webhook URL, signed with the webhook secret;
// anything but a 2xx answer is a failure.
func (s *razorpaySim) deliver(event razorpayEvent, try int) error {
	req, err := http.NewRequestWithContext(s.ctx, http.MethodPost, s.cfg.webhookURL, bytes.NewReader(event.body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Razorpay-Webhook/v1")
	req.Header.Set("X-Razorpay-Signature", razorpaySign(s.cfg.webhookSecret, event.body))
	req.Header.Set("X-Razorpay-Event-Id", event.id)
	resp, err := s.webhook.Do(req)
	if err == nil {
		io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		if resp.StatusCode < 200 || resp.StatusCode > 299 {
			err = fmt.Errorf("answered %s", resp.Status)
		}
	}
	s.mu.Lock()
	if err == nil {
		s.delivered++
	} else {
		s.failedAttempts++
	}
	s.mu.Unlock()
	if err != nil {
		s.logger.Warn("razorpay webhook failed", "event", event.name, "event_id", event.id, "try", try, "err", err)
		return err
	}
	s.logger.Info("razorpay webhook delivered", "event", event.name, "event_id", event.id, "try", try)
	return nil
}

// razorpayControlState is the answer of GET /razorpay/control.
type razorpayControlState struct {
	razorpayControl
	WebhookURL            string `json:"webhookURL"`
	Orders                int    `json:"orders"`
	Payments              int    `json:"payments"`
	Refunds               int    `json:"refunds"`
	Events                int    `json:"events"`
	WebhooksDelivered     int    `json:"webhooksDelivered"`
	WebhookAttemptsFailed int    `json:"webhookAttemptsFailed"`
	WebhooksAbandoned     int    `json:"webhooksAbandoned"`
}

// controlState snapshots the control and counters.
func (s *razorpaySim) controlState() razorpayControlState {
	s.mu.Lock()
	defer s.mu.Unlock()
	return razorpayControlState{
		razorpayControl: s.control, WebhookURL: s.cfg.webhookURL,
		Orders: len(s.orders), Payments: len(s.payments), Refunds: len(s.refunds), Events: len(s.events),
		WebhooksDelivered: s.delivered, WebhookAttemptsFailed: s.failedAttempts, WebhooksAbandoned: s.abandoned,
	}
}

// serveControl is GET /razorpay/control.
func (s *razorpaySim) serveControl(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.controlState())
}

// serveControlUpdate is POST /razorpay/control: it changes the fields given and
// answers the whole control.
func (s *razorpaySim) serveControlUpdate(w http.ResponseWriter, r *http.Request) {
	var update razorpayControlUpdate
	decoder := json.NewDecoder(http.MaxBytesReader(w, r.Body, razorpayRequestLimit))
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(&update); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "body must be a JSON object of failNextOrders, failNextRefunds, delayMs, webhooks: " + err.Error()})
		return
	}
	var problems []string
	for name, value := range map[string]*int{"failNextOrders": update.FailNextOrders, "failNextRefunds": update.FailNextRefunds} {
		if value != nil && *value < 0 {
			problems = append(problems, name+" must not be negative")
		}
	}
	if update.DelayMs != nil && (*update.DelayMs < 0 || *update.DelayMs > razorpayMaxControlDelay) {
		problems = append(problems, fmt.Sprintf("delayMs must be from 0 to %d", razorpayMaxControlDelay))
	}
	if update.Webhooks != nil {
		switch *update.Webhooks {
		case razorpayWebhooksOn, razorpayWebhooksOff, razorpayWebhooksDuplicate, razorpayWebhooksDelay:
		default:
			problems = append(problems, `webhooks must be "on", "off", "duplicate" or "delay"`)
		}
	}
	if len(problems) > 0 {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": strings.Join(problems, "; ")})
		return
	}
	s.mu.Lock()
	if update.FailNextOrders != nil {
		s.control.FailNextOrders = *update.FailNextOrders
	}
	if update.FailNextRefunds != nil {
		s.control.FailNextRefunds = *update.FailNextRefunds
	}
	if update.DelayMs != nil {
		s.control.DelayMs = *update.DelayMs
	}
	if update.Webhooks != nil {
		s.control.Webhooks = *update.Webhooks
	}
	control := s.control
	s.mu.Unlock()
	s.logger.Info("razorpay control changed", "fail_next_orders", control.FailNextOrders, "fail_next_refunds", control.FailNextRefunds,
		"delay_ms", control.DelayMs, "webhooks", control.Webhooks)
	writeJSON(w, http.StatusOK, s.controlState())
}

// serveControlReset is POST /razorpay/control/reset: no injected failures,
// webhooks on, no delay. Orders, payments and events are kept.
func (s *razorpaySim) serveControlReset(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.control = razorpayControl{Webhooks: razorpayWebhooksOn}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, s.controlState())
}

// serveReplay is POST /razorpay/control/replay {event_id}: it resends a kept
// event with the same bytes, signature and event id, whatever the webhook mode,
// and answers whether the first try was accepted (failures are retried).
func (s *razorpaySim) serveReplay(w http.ResponseWriter, r *http.Request) {
	var request struct {
		EventID string `json:"event_id"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, razorpayRequestLimit)).Decode(&request); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "body must be {\"event_id\": \"evt_…\"}"})
		return
	}
	if s.cfg.webhookURL == "" {
		writeJSON(w, http.StatusConflict, map[string]string{"error": "no webhook URL configured (SIM_RAZORPAY_WEBHOOK_URL)"})
		return
	}
	s.mu.Lock()
	event, ok := s.events[request.EventID]
	s.mu.Unlock()
	if !ok {
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "no such event: " + request.EventID})
		return
	}
	err := s.deliver(event, 1)
	if err != nil {
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.retry(event)
		}()
	}
	writeJSON(w, http.StatusOK, map[string]any{"event_id": event.id, "event": event.name, "delivered": err == nil})
}

// formatRupees writes paise as Indian rupees with en-IN digit grouping, such as ₹1,29,900.00.
func formatRupees(paise int64) string {
	sign := ""
	if paise < 0 {
		sign, paise = "-", -paise
	}
	digits := strconv.FormatInt(paise/100, 10)
	grouped := digits
	if len(digits) > 3 {
		head, tail := digits[:len(digits)-3], digits[len(digits)-3:]
		var groups []string
		for len(head) > 2 {
			groups = append([]string{head[len(head)-2:]}, groups...)
			head = head[:len(head)-2]
		}
		groups = append([]string{head}, groups...)
		grouped = strings.Join(groups, ",") + "," + tail
	}
	return fmt.Sprintf("%s₹%s.%02d", sign, grouped, paise%100)
}

// razorpayColorPattern accepts the CSS hex colours checkout's theme.color takes.
var razorpayColorPattern = regexp.MustCompile(`^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`)

// razorpayPayView is what the payment page shows.
type razorpayPayView struct {
	// State is "choose" (buttons), or "error" when the page cannot take a payment.
	State       string
	Error       string
	OrderID     string
	KeyID       string
	Origin      string
	Merchant    string
	Initial     string
	Description string
	Amount      string
	Name        string
	Email       string
	Contact     string
	Color       string
	TestMode    bool
	PayURL      string
	FrameScript string
}

// servePayPage is the payment page checkout.js frames: the order's amount from
// sim's own record, the merchant and prefill from the query, and Success,
// Failure and close buttons. Its script posts the outcome to /razorpay/checkout/pay
// and the result to the page at origin.
func (s *razorpaySim) servePayPage(w http.ResponseWriter, r *http.Request) {
	query := r.URL.Query()
	view := razorpayPayView{
		State:       "choose",
		OrderID:     strings.TrimSpace(query.Get("order_id")),
		KeyID:       strings.TrimSpace(query.Get("key_id")),
		Merchant:    razorpayClip(query.Get("name"), 80),
		Description: razorpayClip(query.Get("description"), 255),
		Name:        razorpayClip(query.Get("prefill_name"), 80),
		Email:       razorpayClip(query.Get("prefill_email"), 254),
		Contact:     razorpayClip(query.Get("prefill_contact"), 20),
		Color:       query.Get("theme_color"),
		TestMode:    strings.HasPrefix(s.cfg.keyID, "rzp_test_"),
		PayURL:      "/razorpay/checkout/pay",
		FrameScript: "/razorpay/checkout/frame.js",
	}
	if origin, ok := webOrigin(query.Get("origin")); ok {
		view.Origin = origin
	}
	if view.Merchant == "" {
		view.Merchant = "Merchant"
	}
	view.Initial = strings.ToUpper(string([]rune(view.Merchant)[:1]))
	if !razorpayColorPattern.MatchString(view.Color) {
		view.Color = razorpayDefaultColor
	}
	s.mu.Lock()
	order, ok := s.orders[view.OrderID]
	if ok {
		view.Amount = formatRupees(order.Amount)
	}
	paid := ok && order.Status == "paid"
	s.mu.Unlock()
	switch {
	case subtle.ConstantTimeCompare([]byte(view.KeyID), []byte(s.cfg.keyID)) != 1:
		view.State, view.Error = "error", "The api key provided is invalid. Pass the key id of this account as options.key."
	case view.OrderID == "":
		view.State, view.Error = "error", "No order_id was given. Create an order with POST /v1/orders and pass its id as options.order_id."
	case !ok:
		view.State, view.Error = "error", "The id provided does not exist: "+view.OrderID
	case paid:
		view.State, view.Error = "error", "This order has already been paid."
	}
	w.Header().Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; "+
		"img-src 'self' data:; base-uri 'none'; form-action 'self'")
	w.Header().Set("Referrer-Policy", "no-referrer")
	status := http.StatusOK
	if view.State == "error" {
		status = http.StatusBadRequest
	}
	renderPage(w, status, razorpayPayPage, view)
}

// razorpayClip trims value and cuts it to at most limit characters.
func razorpayClip(value string, limit int) string {
	value = strings.TrimSpace(value)
	if utf8.RuneCountInString(value) > limit {
		value = string([]rune(value)[:limit])
	}
	return value
}

// razorpayPayPage is the checkout payment page. Which part shows depends on the
// main element's data-state (choose, processing, success, failed, error, closed),
// which frame.js changes.
var razorpayPayPage = template.Must(template.New("razorpay-pay").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Razorpay Checkout (simulated)</title>
<style>
*{box-sizing:border-box}
html,body{margin:0;height:100%}
body{background:#f4f6fa;color:#1b2431;font:14px/1.45 -apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;display:flex;align-items:center;justify-content:center}
.card{position:relative;width:100%;max-width:420px;min-height:100%;background:#fff;display:flex;flex-direction:column;box-shadow:0 8px 30px rgba(15,23,42,.18)}
@media (min-height:600px) and (min-width:440px){.card{min-height:0;border-radius:8px;overflow:hidden}}
header{background:{{.Color}};color:#fff;padding:20px 56px 22px 20px;display:flex;gap:14px;align-items:center}
.logo{flex:none;width:44px;height:44px;border-radius:6px;background:rgba(255,255,255,.95);color:{{.Color}};display:flex;align-items:center;justify-content:center;font-size:20px;font-weight:700}
.merchant{min-width:0}
.merchant h1{margin:0;font-size:17px;font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.merchant p{margin:2px 0 0;font-size:13px;opacity:.9;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.badge{display:inline-block;margin-top:6px;padding:1px 8px;border-radius:10px;background:#ffe08a;color:#5c4400;font-size:11px;font-weight:600;letter-spacing:.3px;text-transform:uppercase}
.close{position:absolute;top:12px;right:12px;width:36px;height:36px;border:0;border-radius:50%;background:rgba(0,0,0,.18);color:#fff;font-size:22px;line-height:36px;cursor:pointer}
.close:hover{background:rgba(0,0,0,.3)}
.close:focus-visible,button:focus-visible{outline:3px solid #1b2431;outline-offset:2px}
section{padding:18px 20px}
.amount{display:flex;justify-content:space-between;align-items:baseline;border-bottom:1px solid #e6e9ef}
.amount span{color:#5b6474}
.amount strong{font-size:24px;font-weight:600}
.who{color:#5b6474;font-size:13px;border-bottom:1px solid #e6e9ef}
.who div{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.method{display:flex;align-items:center;gap:10px;margin:0 0 14px;padding:12px;border:1px solid #e6e9ef;border-radius:6px}
.method b{display:inline-flex;width:32px;height:32px;border-radius:50%;background:#eef2ff;color:#3730a3;align-items:center;justify-content:center;font-size:11px}
.hint{margin:0 0 14px;color:#5b6474;font-size:13px}
.actions{display:flex;gap:12px}
.actions button{flex:1;min-height:46px;border:0;border-radius:6px;color:#fff;font-family:inherit;font-size:15px;font-weight:600;cursor:pointer}
.success{background:#16a34a}.success:hover{background:#15803d}
.failure{background:#dc2626}.failure:hover{background:#b91c1c}
.retry{background:{{.Color}}}
button[disabled]{opacity:.6;cursor:progress}
.status{text-align:center;padding:26px 20px}
.status h2{margin:8px 0 4px;font-size:18px}
.status p{margin:0 0 16px;color:#5b6474}
.icon{display:inline-flex;width:52px;height:52px;border-radius:50%;align-items:center;justify-content:center;font-size:26px;color:#fff}
.ok{background:#16a34a}.bad{background:#dc2626}
.spinner{width:36px;height:36px;border:4px solid #e6e9ef;border-top-color:{{.Color}};border-radius:50%;display:inline-block;animation:spin .8s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spinner{animation-duration:3s}}
footer{margin-top:auto;padding:12px 20px;border-top:1px solid #e6e9ef;color:#8a93a3;font-size:12px;display:flex;justify-content:space-between;gap:8px}
footer code{font-size:11px}
[data-part]{display:none}
[data-state=choose] [data-part~=choose],[data-state=processing] [data-part~=processing],[data-state=success] [data-part~=success],
[data-state=failed] [data-part~=failed],[data-state=error] [data-part~=error],[data-state=closed] [data-part~=closed]{display:block}
</style></head><body>
<main class="card" id="rzp-sim" data-state="{{.State}}" data-order-id="{{.OrderID}}" data-key-id="{{.KeyID}}" data-origin="{{.Origin}}"
 data-email="{{.Email}}" data-contact="{{.Contact}}" data-pay-url="{{.PayURL}}">
<header>
<div class="logo" aria-hidden="true">{{.Initial}}</div>
<div class="merchant"><h1>{{.Merchant}}</h1>{{if .Description}}<p>{{.Description}}</p>{{end}}{{if .TestMode}}<span class="badge">Test mode</span>{{end}}</div>
<button type="button" class="close" id="rzp-close" aria-label="Close checkout" title="Close">×</button>
</header>
{{if .Amount}}<section class="amount"><span>Amount payable</span><strong>{{.Amount}}</strong></section>{{end}}
{{if or .Name .Email .Contact}}<section class="who">{{if .Name}}<div>{{.Name}}</div>{{end}}{{if .Contact}}<div>{{.Contact}}</div>{{end}}{{if .Email}}<div>{{.Email}}</div>{{end}}</section>{{end}}
<section data-part="choose">
<div class="method"><b>UPI</b><span>Pay using UPI · success@razorpay</span></div>
<p class="hint">This is a simulated payment: choose how it ends. No money moves.</p>
<div class="actions"><button type="button" class="success" id="rzp-success">Success</button><button type="button" class="failure" id="rzp-failure">Failure</button></div>
</section>
<section class="status" data-part="processing" role="status"><span class="spinner" aria-hidden="true"></span><h2>Processing payment…</h2><p>Please do not close this window.</p></section>
<section class="status" data-part="success" role="status"><span class="icon ok" aria-hidden="true">✓</span><h2>Payment successful</h2><p id="rzp-success-text">Returning to the merchant…</p></section>
<section class="status" data-part="failed" role="alert"><span class="icon bad" aria-hidden="true">!</span><h2>Payment failed</h2><p id="rzp-failed-text">Payment failed</p>
<div class="actions"><button type="button" class="retry" id="rzp-retry">Retry</button></div></section>
<section class="status" data-part="error" role="alert"><span class="icon bad" aria-hidden="true">!</span><h2>Something went wrong</h2><p id="rzp-error-text">{{.Error}}</p></section>
<section class="status" data-part="closed" role="status"><h2>Checkout closed</h2><p>You can close this window.</p></section>
<footer><span>Secured by Razorpay (simulated by drape sim)</span>{{if .OrderID}}<code>{{.OrderID}}</code>{{end}}</footer>
</main>
<script src="{{.FrameScript}}"></script>
</body></html>
`))

// razorpayFrameScript runs the payment page (served at /razorpay/checkout/frame.js,
// so the page needs no inline script). It posts the chosen outcome to sim and
// tells the framing page, at the origin it was given, what happened.
const razorpayFrameScript = `// The payment page of sim's Razorpay checkout look-alike.
(function () {
  'use strict';
  var root = document.getElementById('rzp-sim');
  if (!root) {
    return;
  }
  var data = root.dataset;
  var parentWindow = window.parent !== window ? window.parent : null;
  var busy = false;

  function tell(message) {
    message.source = 'razorpay-sim';
    if (parentWindow && data.origin) {
      parentWindow.postMessage(message, data.origin);
    }
  }

  function show(state) {
    root.dataset.state = state;
    var focus = { choose: 'rzp-success', failed: 'rzp-retry' }[state] || 'rzp-close';
    document.getElementById(focus).focus();
  }

  function text(id, value) {
    document.getElementById(id).textContent = value;
  }

  function pay(outcome) {
    if (busy || data.state !== 'choose') {
      return;
    }
    busy = true;
    show('processing');
    fetch(data.payUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ order_id: data.orderId, key_id: data.keyId, outcome: outcome, email: data.email, contact: data.contact })
    })
      .then(function (response) {
        return response.json().then(function (body) { return { ok: response.ok, body: body }; });
      })
      .then(function (result) {
        var body = result.body || {};
        if (result.ok && body.razorpay_payment_id) {
          text('rzp-success-text', 'Payment id ' + body.razorpay_payment_id + '. Returning to the merchant…');
          show('success');
          tell({ type: 'success', response: body });
        } else if (result.ok && body.error) {
          text('rzp-failed-text', body.error.description + '. You can try again.');
          show('failed');
          tell({ type: 'failed', error: body.error });
        } else {
          text('rzp-error-text', (body.error && body.error.description) || 'The payment could not be completed.');
          show('error');
        }
      })
      .catch(function () {
        text('rzp-error-text', 'sim could not be reached. Check that it is running and try again.');
        show('error');
      })
      .then(function () {
        busy = false;
      });
  }

  function close() {
    if (busy) {
      return;
    }
    tell({ type: 'dismiss' });
    if (!parentWindow) {
      show('closed');
    }
  }

  document.getElementById('rzp-success').addEventListener('click', function () { pay('success'); });
  document.getElementById('rzp-failure').addEventListener('click', function () { pay('failure'); });
  document.getElementById('rzp-retry').addEventListener('click', function () { show('choose'); });
  document.getElementById('rzp-close').addEventListener('click', close);
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') {
      close();
    }
  });
  show(data.state);
})();
`
