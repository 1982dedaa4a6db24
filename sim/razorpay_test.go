package main

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// testRazorpaySim returns sim's Razorpay for cfg (empty fields take the
// defaults), logging nowhere and retrying webhooks after 10 ms instead of 1 s.
func testRazorpaySim(t *testing.T, cfg razorpayConfig) *razorpaySim {
	t.Helper()
	defaults, problems := loadRazorpayConfig(func(string) string { return "" })
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	if cfg.keyID == "" {
		cfg.keyID = defaults.keyID
	}
	if cfg.keySecret == "" {
		cfg.keySecret = defaults.keySecret
	}
	if cfg.webhookSecret == "" {
		cfg.webhookSecret = defaults.webhookSecret
	}
	s := newRazorpaySim(cfg, slog.New(slog.NewJSONHandler(io.Discard, nil)))
	s.retryBase = 10 * time.Millisecond
	t.Cleanup(s.close)
	return s
}

// webhookDelivery is one request the test's webhook endpoint received.
type webhookDelivery struct {
	header http.Header
	body   []byte
	at     time.Time
}

// webhookReceiver stands in for the shop's webhook endpoint. status picks the
// answer of the nth delivery (from 1); nil answers 200.
type webhookReceiver struct {
	*httptest.Server
	mu         sync.Mutex
	deliveries []webhookDelivery
	received   chan struct{}
	status     func(n int) int
}

func newWebhookReceiver(t *testing.T) *webhookReceiver {
	t.Helper()
	receiver := &webhookReceiver{received: make(chan struct{}, 1000)}
	receiver.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		receiver.mu.Lock()
		receiver.deliveries = append(receiver.deliveries, webhookDelivery{header: r.Header.Clone(), body: body, at: time.Now()})
		n, status := len(receiver.deliveries), receiver.status
		receiver.mu.Unlock()
		if status != nil {
			w.WriteHeader(status(n))
		}
		receiver.received <- struct{}{}
	}))
	t.Cleanup(receiver.Close)
	return receiver
}

// wait returns the first n deliveries, failing if they do not arrive within 5 s.
func (receiver *webhookReceiver) wait(t *testing.T, n int) []webhookDelivery {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		receiver.mu.Lock()
		got := slices.Clone(receiver.deliveries)
		receiver.mu.Unlock()
		if len(got) >= n {
			return got[:n]
		}
		select {
		case <-receiver.received:
		case <-deadline:
			t.Fatalf("got %d webhook deliveries within 5 s, want %d", len(got), n)
		}
	}
}

// count is how many deliveries arrived so far.
func (receiver *webhookReceiver) count() int {
	receiver.mu.Lock()
	defer receiver.mu.Unlock()
	return len(receiver.deliveries)
}

// razorpayTest is sim's mux with Razorpay wired to a webhook receiver.
type razorpayTest struct {
	server   *httptest.Server
	sim      *razorpaySim
	webhooks *webhookReceiver
}

func newRazorpayTest(t *testing.T) *razorpayTest {
	t.Helper()
	webhooks := newWebhookReceiver(t)
	sim := testRazorpaySim(t, razorpayConfig{webhookURL: webhooks.URL + "/api/webhooks/razorpay"})
	server := httptest.NewServer(newMux(newMailbox(mailboxCapacity), testGoogleSignIn(t), sim))
	t.Cleanup(server.Close)
	return &razorpayTest{server: server, sim: sim, webhooks: webhooks}
}

// call sends an API request with the default key pair and decodes the JSON answer.
func (rt *razorpayTest) call(t *testing.T, method, path string, body any, header map[string]string) (int, map[string]any) {
	t.Helper()
	return rt.callAs(t, defaultRazorpayKeyID, defaultRazorpayKeySecret, method, path, body, header)
}

func (rt *razorpayTest) callAs(t *testing.T, keyID, keySecret, method, path string, body any, header map[string]string) (int, map[string]any) {
	t.Helper()
	var reader io.Reader
	if raw, ok := body.(string); ok {
		reader = strings.NewReader(raw)
	} else if body != nil {
		encoded, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		reader = bytes.NewReader(encoded)
	}
	req, err := http.NewRequest(method, rt.server.URL+path, reader)
	if err != nil {
		t.Fatal(err)
	}
	if keyID != "" {
		req.SetBasicAuth(keyID, keySecret)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for key, value := range header {
		req.Header.Set(key, value)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var decoded map[string]any
	if err := json.Unmarshal(data, &decoded); err != nil {
		t.Fatalf("%s %s answered %d %q: %v", method, path, resp.StatusCode, data, err)
	}
	return resp.StatusCode, decoded
}

// createOrder creates an order for amount paise and returns its id.
func (rt *razorpayTest) createOrder(t *testing.T, amount int64) string {
	t.Helper()
	status, order := rt.call(t, "POST", "/razorpay/v1/orders", map[string]any{"amount": amount, "currency": "INR", "receipt": "DRP-1"}, nil)
	if status != http.StatusOK {
		t.Fatalf("create order: %d %v", status, order)
	}
	return order["id"].(string)
}

// pay settles orderID through POST /razorpay/checkout/pay as a test or benchmark would.
func (rt *razorpayTest) pay(t *testing.T, orderID, outcome string) (int, map[string]any) {
	t.Helper()
	return rt.callAs(t, "", "", "POST", "/razorpay/checkout/pay", map[string]string{
		"order_id": orderID, "key_id": defaultRazorpayKeyID, "outcome": outcome,
	}, nil)
}

// control posts a control change.
func (rt *razorpayTest) control(t *testing.T, change map[string]any) map[string]any {
	t.Helper()
	status, state := rt.callAs(t, "", "", "POST", "/razorpay/control", change, nil)
	if status != http.StatusOK {
		t.Fatalf("control %v: %d %v", change, status, state)
	}
	return state
}

// errorOf returns the error object of a Razorpay error answer.
func errorOf(t *testing.T, body map[string]any) map[string]any {
	t.Helper()
	failure, ok := body["error"].(map[string]any)
	if !ok {
		t.Fatalf("answer %v has no error object", body)
	}
	return failure
}

// hmacHex is an independent hex HMAC-SHA256 for checking sim's signatures.
func hmacHex(secret string, message []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(message)
	return hex.EncodeToString(mac.Sum(nil))
}

func TestRazorpaySignatureVector(t *testing.T) {
	if got := razorpaySign("secret", []byte("order_X|pay_Y")); got != "bff0253d929e5412fff37172ea2b01ce8c27545979cf78d688763d7eb9307cef" {
		t.Errorf("razorpaySign = %s, want the PROVIDERS.md vector", got)
	}
}

func TestRazorpayConfig(t *testing.T) {
	cfg, err := loadConfig(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	want := razorpayConfig{keyID: "rzp_test_drape", keySecret: "drape-sim-key-secret", webhookSecret: "drape-sim-webhook-secret"}
	if cfg.razorpay != want {
		t.Errorf("defaults = %+v, want %+v", cfg.razorpay, want)
	}
	env := map[string]string{
		"SIM_RAZORPAY_KEY_ID":         "rzp_live_Shop42",
		"SIM_RAZORPAY_KEY_SECRET":     "s3cret",
		"SIM_RAZORPAY_WEBHOOK_SECRET": "wh-secret",
		"SIM_RAZORPAY_WEBHOOK_URL":    "http://127.0.0.1:8080/api/webhooks/razorpay",
	}
	cfg, err = loadConfig(func(key string) string { return env[key] })
	if err != nil {
		t.Fatal(err)
	}
	want = razorpayConfig{keyID: "rzp_live_Shop42", keySecret: "s3cret", webhookSecret: "wh-secret", webhookURL: "http://127.0.0.1:8080/api/webhooks/razorpay"}
	if cfg.razorpay != want {
		t.Errorf("config = %+v, want %+v", cfg.razorpay, want)
	}

	bad := map[string]string{
		"SIM_RAZORPAY_KEY_ID":         "drape key",
		"SIM_RAZORPAY_KEY_SECRET":     "has space",
		"SIM_RAZORPAY_WEBHOOK_SECRET": "tab\there",
		"SIM_RAZORPAY_WEBHOOK_URL":    "127.0.0.1:8080/hook",
		"SIM_ADDR":                    "nope",
	}
	_, err = loadConfig(func(key string) string { return bad[key] })
	if err == nil {
		t.Fatal("bad configuration accepted")
	}
	for key := range bad {
		if !strings.Contains(err.Error(), key) {
			t.Errorf("error %q does not name %s", err, key)
		}
	}
	if strings.Contains(err.Error(), "has space") || strings.Contains(err.Error(), "tab\there") {
		t.Errorf("error %q shows a secret", err)
	}
}

func TestRazorpayAuthentication(t *testing.T) {
	rt := newRazorpayTest(t)
	body := map[string]any{"amount": 29900, "currency": "INR"}
	for name, key := range map[string][2]string{
		"none":         {"", ""},
		"wrong secret": {defaultRazorpayKeyID, "wrong"},
		"wrong id":     {"rzp_test_other", defaultRazorpayKeySecret},
	} {
		for _, path := range []string{"/razorpay/v1/orders", "/razorpay/v1/orders/order_X", "/razorpay/v1/payments/pay_X"} {
			method := "GET"
			if path == "/razorpay/v1/orders" {
				method = "POST"
			}
			status, answer := rt.callAs(t, key[0], key[1], method, path, body, nil)
			failure := errorOf(t, answer)
			if status != http.StatusUnauthorized || failure["code"] != "BAD_REQUEST_ERROR" || failure["description"] != "Authentication failed" {
				t.Errorf("%s %s: %d %v", name, path, status, answer)
			}
		}
	}
	if got := rt.sim.controlState().Orders; got != 0 {
		t.Errorf("%d orders created without authentication", got)
	}
}

func TestRazorpayCreateAndFetchOrder(t *testing.T) {
	rt := newRazorpayTest(t)
	before := time.Now().Unix()
	status, order := rt.call(t, "POST", "/razorpay/v1/orders", map[string]any{
		"amount": 129900, "currency": "INR", "receipt": "DRP-1718000000000-abcdefghij", "notes": map[string]any{"orderId": "66a1", "n": 5},
	}, nil)
	if status != http.StatusOK {
		t.Fatalf("create: %d %v", status, order)
	}
	id, _ := order["id"].(string)
	if !strings.HasPrefix(id, "order_") || len(id) != len("order_")+14 || strings.Trim(id[6:], "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") != "" {
		t.Errorf("id %q is not order_ + 14 letters or digits", id)
	}
	want := map[string]any{
		"id": id, "entity": "order", "amount": 129900.0, "amount_paid": 0.0, "amount_due": 129900.0, "currency": "INR",
		"receipt": "DRP-1718000000000-abcdefghij", "offer_id": nil, "status": "created", "attempts": 0.0,
		"notes": map[string]any{"orderId": "66a1", "n": "5"}, "created_at": order["created_at"],
	}
	if fmt.Sprint(order) != fmt.Sprint(want) {
		t.Errorf("order = %v\nwant    %v", order, want)
	}
	if created := int64(order["created_at"].(float64)); created < before || created > time.Now().Unix() {
		t.Errorf("created_at = %d", created)
	}

	status, fetched := rt.call(t, "GET", "/razorpay/v1/orders/"+id, nil, nil)
	if status != http.StatusOK || fmt.Sprint(fetched) != fmt.Sprint(order) {
		t.Errorf("fetch: %d %v", status, fetched)
	}
	status, list := rt.call(t, "GET", "/razorpay/v1/orders/"+id+"/payments", nil, nil)
	if status != http.StatusOK || list["entity"] != "collection" || list["count"] != 0.0 || fmt.Sprint(list["items"]) != "[]" {
		t.Errorf("payments: %d %v", status, list)
	}

	// Razorpay writes empty notes as an array.
	status, bare := rt.call(t, "POST", "/razorpay/v1/orders", map[string]any{"amount": 100, "currency": "INR"}, nil)
	if status != http.StatusOK || fmt.Sprint(bare["notes"]) != "[]" || bare["receipt"] != nil {
		t.Errorf("bare order: %d %v", status, bare)
	}

	for _, path := range []string{"/razorpay/v1/orders/order_Unknown0000000", "/razorpay/v1/orders/order_Unknown0000000/payments", "/razorpay/v1/payments/pay_Unknown00000000"} {
		status, answer := rt.call(t, "GET", path, nil, nil)
		failure := errorOf(t, answer)
		if status != http.StatusNotFound || failure["code"] != "BAD_REQUEST_ERROR" || failure["description"] != "The id provided does not exist" {
			t.Errorf("%s: %d %v", path, status, answer)
		}
	}
}

func TestRazorpayOrderValidation(t *testing.T) {
	rt := newRazorpayTest(t)
	manyNotes := map[string]any{}
	for i := range 16 {
		manyNotes[fmt.Sprint("k", i)] = "v"
	}
	for _, test := range []struct {
		name        string
		body        any
		description string
		field       string
	}{
		{"below minimum", map[string]any{"amount": 99, "currency": "INR"}, "The amount must be at least INR 1.00", "amount"},
		{"zero", map[string]any{"amount": 0, "currency": "INR"}, "The amount must be at least INR 1.00", "amount"},
		{"fraction", `{"amount": 100.5, "currency": "INR"}`, "The amount must be an integer.", "amount"},
		{"string amount", map[string]any{"amount": "29900", "currency": "INR"}, "The amount must be an integer.", "amount"},
		{"no amount", map[string]any{"currency": "INR"}, "The amount field is required.", "amount"},
		{"no currency", map[string]any{"amount": 100}, "The currency field is required.", "currency"},
		{"dollars", map[string]any{"amount": 100, "currency": "USD"}, "Currency is not supported", "currency"},
		{"long receipt", map[string]any{"amount": 100, "currency": "INR", "receipt": strings.Repeat("r", 41)}, "The receipt may not be greater than 40 characters.", "receipt"},
		{"extra field", map[string]any{"amount": 100, "currency": "INR", "customer": "x"}, "customer is/are not required and should not be sent", "customer"},
		{"too many notes", map[string]any{"amount": 100, "currency": "INR", "notes": manyNotes}, "Number of fields in notes should be less than or equal to 15", "notes"},
		{"long note", map[string]any{"amount": 100, "currency": "INR", "notes": map[string]any{"k": strings.Repeat("v", 257)}}, "The notes.k may not be greater than 256 characters.", "notes"},
		{"not json", "amount=100", "The request body must be a JSON object", ""},
	} {
		status, answer := rt.call(t, "POST", "/razorpay/v1/orders", test.body, nil)
		failure := errorOf(t, answer)
		if status != http.StatusBadRequest || failure["code"] != "BAD_REQUEST_ERROR" || failure["description"] != test.description {
			t.Errorf("%s: %d %v", test.name, status, answer)
		}
		if field, _ := failure["field"].(string); field != test.field {
			t.Errorf("%s: field %q, want %q", test.name, field, test.field)
		}
	}
	status, answer := rt.call(t, "POST", "/razorpay/v1/orders", map[string]any{"amount": 100, "currency": "INR", "receipt": strings.Repeat("r", 40)}, nil)
	if status != http.StatusOK {
		t.Errorf("40-character receipt: %d %v", status, answer)
	}
}

// checkWebhook checks one delivery's headers and signature and returns its event.
func checkWebhook(t *testing.T, delivery webhookDelivery) map[string]any {
	t.Helper()
	if got := delivery.header.Get("Content-Type"); got != "application/json" {
		t.Errorf("Content-Type %q", got)
	}
	if got, want := delivery.header.Get("X-Razorpay-Signature"), hmacHex(defaultRazorpayWebhookSecret, delivery.body); got != want {
		t.Errorf("X-Razorpay-Signature %q, want %q", got, want)
	}
	if id := delivery.header.Get("X-Razorpay-Event-Id"); !strings.HasPrefix(id, "evt_") || len(id) != 18 {
		t.Errorf("X-Razorpay-Event-Id %q", id)
	}
	var event map[string]any
	if err := json.Unmarshal(delivery.body, &event); err != nil {
		t.Fatalf("webhook body %q: %v", delivery.body, err)
	}
	if event["entity"] != "event" || event["account_id"] != "acc_sim" || event["created_at"] == nil {
		t.Errorf("event = %v", event)
	}
	return event
}

// payloadEntity returns payload.<part>.entity of an event.
func payloadEntity(t *testing.T, event map[string]any, part string) map[string]any {
	t.Helper()
	payload, _ := event["payload"].(map[string]any)
	wrapped, _ := payload[part].(map[string]any)
	entity, ok := wrapped["entity"].(map[string]any)
	if !ok {
		t.Fatalf("event %v has no payload.%s.entity", event["event"], part)
	}
	return entity
}

func TestRazorpayPaySuccess(t *testing.T) {
	rt := newRazorpayTest(t)
	orderID := rt.createOrder(t, 129900)

	status, response := rt.pay(t, orderID, "success")
	if status != http.StatusOK || len(response) != 3 || response["razorpay_order_id"] != orderID {
		t.Fatalf("pay: %d %v", status, response)
	}
	paymentID := response["razorpay_payment_id"].(string)
	if !strings.HasPrefix(paymentID, "pay_") || len(paymentID) != 18 {
		t.Errorf("payment id %q", paymentID)
	}
	if want := hmacHex(defaultRazorpayKeySecret, []byte(orderID+"|"+paymentID)); response["razorpay_signature"] != want {
		t.Errorf("signature %v, want %s", response["razorpay_signature"], want)
	}

	_, order := rt.call(t, "GET", "/razorpay/v1/orders/"+orderID, nil, nil)
	if order["status"] != "paid" || order["amount_paid"] != 129900.0 || order["amount_due"] != 0.0 || order["attempts"] != 1.0 {
		t.Errorf("order = %v", order)
	}
	_, payment := rt.call(t, "GET", "/razorpay/v1/payments/"+paymentID, nil, nil)
	if payment["status"] != "captured" || payment["captured"] != true || payment["method"] != "upi" || payment["amount"] != 129900.0 ||
		payment["order_id"] != orderID || payment["entity"] != "payment" || payment["error_code"] != nil || payment["refund_status"] != nil ||
		payment["amount_refunded"] != 0.0 || payment["vpa"] != "success@razorpay" || payment["currency"] != "INR" {
		t.Errorf("payment = %v", payment)
	}
	_, list := rt.call(t, "GET", "/razorpay/v1/orders/"+orderID+"/payments", nil, nil)
	if list["count"] != 1.0 || fmt.Sprint(list["items"].([]any)[0]) != fmt.Sprint(payment) {
		t.Errorf("order payments = %v", list)
	}

	deliveries := rt.webhooks.wait(t, 3)
	var names, ids []string
	for _, delivery := range deliveries {
		event := checkWebhook(t, delivery)
		names = append(names, event["event"].(string))
		ids = append(ids, delivery.header.Get("X-Razorpay-Event-Id"))
		if entity := payloadEntity(t, event, "payment"); entity["id"] != paymentID || entity["order_id"] != orderID {
			t.Errorf("%s payment = %v", event["event"], entity)
		}
		switch event["event"] {
		case "payment.authorized":
			if entity := payloadEntity(t, event, "payment"); entity["status"] != "authorized" || entity["captured"] != false {
				t.Errorf("authorized payment = %v", entity)
			}
			if fmt.Sprint(event["contains"]) != "[payment]" {
				t.Errorf("contains %v", event["contains"])
			}
		case "payment.captured":
			if entity := payloadEntity(t, event, "payment"); entity["status"] != "captured" || entity["captured"] != true {
				t.Errorf("captured payment = %v", entity)
			}
		case "order.paid":
			if fmt.Sprint(event["contains"]) != "[payment order]" {
				t.Errorf("contains %v", event["contains"])
			}
			if entity := payloadEntity(t, event, "order"); entity["id"] != orderID || entity["status"] != "paid" || entity["amount_paid"] != 129900.0 {
				t.Errorf("order.paid order = %v", entity)
			}
		}
	}
	if want := "payment.authorized payment.captured order.paid"; strings.Join(names, " ") != want {
		t.Errorf("events %v, want %s", names, want)
	}
	if len(slices.Compact(slices.Sorted(slices.Values(ids)))) != 3 {
		t.Errorf("event ids not unique: %v", ids)
	}

	status, again := rt.pay(t, orderID, "success")
	if failure := errorOf(t, again); status != http.StatusBadRequest || failure["description"] != "This order has already been paid" {
		t.Errorf("paying twice: %d %v", status, again)
	}
}

func TestRazorpayPayFailureThenSuccess(t *testing.T) {
	rt := newRazorpayTest(t)
	orderID := rt.createOrder(t, 29900)

	status, answer := rt.pay(t, orderID, "failure")
	failure := errorOf(t, answer)
	metadata, _ := failure["metadata"].(map[string]any)
	if status != http.StatusOK || failure["code"] != "BAD_REQUEST_ERROR" || failure["description"] != "Payment failed" ||
		failure["source"] != "customer" || failure["step"] != "payment_authorization" || failure["reason"] != "payment_failed" ||
		metadata["order_id"] != orderID || !strings.HasPrefix(fmt.Sprint(metadata["payment_id"]), "pay_") {
		t.Fatalf("failure: %d %v", status, answer)
	}
	failedID := metadata["payment_id"].(string)
	_, payment := rt.call(t, "GET", "/razorpay/v1/payments/"+failedID, nil, nil)
	if payment["status"] != "failed" || payment["captured"] != false || payment["error_code"] != "BAD_REQUEST_ERROR" ||
		payment["error_description"] != "Payment failed" || payment["error_reason"] != "payment_failed" {
		t.Errorf("failed payment = %v", payment)
	}
	_, order := rt.call(t, "GET", "/razorpay/v1/orders/"+orderID, nil, nil)
	if order["status"] != "attempted" || order["attempts"] != 1.0 || order["amount_paid"] != 0.0 {
		t.Errorf("order after failure = %v", order)
	}
	event := checkWebhook(t, rt.webhooks.wait(t, 1)[0])
	if event["event"] != "payment.failed" || payloadEntity(t, event, "payment")["id"] != failedID {
		t.Errorf("failure webhook = %v", event)
	}

	status, response := rt.pay(t, orderID, "success")
	if status != http.StatusOK || response["razorpay_payment_id"] == nil {
		t.Fatalf("retry: %d %v", status, response)
	}
	_, order = rt.call(t, "GET", "/razorpay/v1/orders/"+orderID, nil, nil)
	if order["status"] != "paid" || order["attempts"] != 2.0 {
		t.Errorf("order after retry = %v", order)
	}
	_, list := rt.call(t, "GET", "/razorpay/v1/orders/"+orderID+"/payments", nil, nil)
	items := list["items"].([]any)
	if list["count"] != 2.0 || items[0].(map[string]any)["id"] != response["razorpay_payment_id"] || items[1].(map[string]any)["id"] != failedID {
		t.Errorf("payments, newest first = %v", list)
	}
	rt.webhooks.wait(t, 4)
}

func TestRazorpayPayRequests(t *testing.T) {
	rt := newRazorpayTest(t)
	orderID := rt.createOrder(t, 100)
	for _, test := range []struct {
		name   string
		body   map[string]string
		status int
	}{
		{"wrong key", map[string]string{"order_id": orderID, "key_id": "rzp_test_other", "outcome": "success"}, http.StatusUnauthorized},
		{"unknown order", map[string]string{"order_id": "order_Unknown0000000", "key_id": defaultRazorpayKeyID, "outcome": "success"}, http.StatusNotFound},
		{"no outcome", map[string]string{"order_id": orderID, "key_id": defaultRazorpayKeyID}, http.StatusBadRequest},
		{"bad method", map[string]string{"order_id": orderID, "key_id": defaultRazorpayKeyID, "outcome": "success", "method": "cash"}, http.StatusBadRequest},
	} {
		status, answer := rt.callAs(t, "", "", "POST", "/razorpay/checkout/pay", test.body, nil)
		if status != test.status || errorOf(t, answer)["code"] != "BAD_REQUEST_ERROR" {
			t.Errorf("%s: %d %v", test.name, status, answer)
		}
	}

	// The payment page posts a form when scripts are off; a form body works too.
	form := strings.NewReader("order_id=" + orderID + "&key_id=" + defaultRazorpayKeyID + "&outcome=success&method=card&email=asha%40example.com")
	resp, err := http.Post(rt.server.URL+"/razorpay/checkout/pay", "application/x-www-form-urlencoded", form)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var response map[string]string
	json.NewDecoder(resp.Body).Decode(&response)
	if resp.StatusCode != http.StatusOK || response["razorpay_order_id"] != orderID {
		t.Fatalf("form pay: %d %v", resp.StatusCode, response)
	}
	_, payment := rt.call(t, "GET", "/razorpay/v1/payments/"+response["razorpay_payment_id"], nil, nil)
	if payment["method"] != "card" || payment["email"] != "asha@example.com" || payment["card_id"] == nil || payment["vpa"] != nil {
		t.Errorf("card payment = %v", payment)
	}
}

func TestRazorpayRefunds(t *testing.T) {
	rt := newRazorpayTest(t)
	orderID := rt.createOrder(t, 129900)
	_, response := rt.pay(t, orderID, "success")
	paymentID := response["razorpay_payment_id"].(string)
	rt.webhooks.wait(t, 3)
	refundPath := "/razorpay/v1/payments/" + paymentID + "/refund"
	key := map[string]string{"X-Refund-Idempotency": "refund_66a1-01"}

	status, refund := rt.call(t, "POST", refundPath, map[string]any{"amount": 50000, "speed": "normal", "notes": map[string]any{"reason": "return"}}, key)
	if status != http.StatusOK || !strings.HasPrefix(fmt.Sprint(refund["id"]), "rfnd_") || refund["entity"] != "refund" || refund["amount"] != 50000.0 ||
		refund["payment_id"] != paymentID || refund["status"] != "processed" || refund["speed_requested"] != "normal" || refund["currency"] != "INR" {
		t.Fatalf("refund: %d %v", status, refund)
	}
	status, again := rt.call(t, "POST", refundPath, map[string]any{"amount": 50000, "speed": "normal", "notes": map[string]any{"reason": "return"}}, key)
	if status != http.StatusOK || fmt.Sprint(again) != fmt.Sprint(refund) {
		t.Errorf("same key: %d %v, want %v", status, again, refund)
	}
	_, payment := rt.call(t, "GET", "/razorpay/v1/payments/"+paymentID, nil, nil)
	if payment["amount_refunded"] != 50000.0 || payment["refund_status"] != "partial" || payment["status"] != "captured" {
		t.Errorf("after one partial refund (sent twice) payment = %v", payment)
	}

	for _, test := range []struct {
		name        string
		body        map[string]any
		header      map[string]string
		description string
	}{
		{"key reused for another amount", map[string]any{"amount": 100}, key, "The idempotency key was already used with a different request"},
		{"short key", map[string]any{"amount": 100}, map[string]string{"X-Refund-Idempotency": "short"}, "The X-Refund-Idempotency header must be at least 10 characters of letters, digits, _ or -"},
		{"over refund", map[string]any{"amount": 80000}, nil, "The refund amount provided is greater than amount captured"},
		{"below minimum", map[string]any{"amount": 50}, nil, "The amount must be at least INR 1.00"},
		{"bad speed", map[string]any{"amount": 100, "speed": "instant"}, nil, "The selected speed is invalid."},
	} {
		status, answer := rt.call(t, "POST", refundPath, test.body, test.header)
		if failure := errorOf(t, answer); status != http.StatusBadRequest || failure["description"] != test.description {
			t.Errorf("%s: %d %v", test.name, status, answer)
		}
	}

	// No amount refunds the rest; the payment becomes refunded, the order stays paid.
	status, rest := rt.call(t, "POST", refundPath, map[string]any{}, map[string]string{"X-Refund-Idempotency": "refund_66a1-02"})
	if status != http.StatusOK || rest["amount"] != 79900.0 || rest["id"] == refund["id"] {
		t.Fatalf("rest: %d %v", status, rest)
	}
	_, payment = rt.call(t, "GET", "/razorpay/v1/payments/"+paymentID, nil, nil)
	if payment["amount_refunded"] != 129900.0 || payment["refund_status"] != "full" || payment["status"] != "refunded" {
		t.Errorf("after full refund payment = %v", payment)
	}
	_, order := rt.call(t, "GET", "/razorpay/v1/orders/"+orderID, nil, nil)
	if order["status"] != "paid" {
		t.Errorf("order after refund = %v", order)
	}
	status, listed := rt.call(t, "GET", "/razorpay/v1/payments/"+paymentID+"/refunds", nil, nil)
	ids := map[any]bool{}
	items, _ := listed["items"].([]any)
	for _, item := range items {
		ids[item.(map[string]any)["id"]] = true
	}
	if status != http.StatusOK || listed["entity"] != "collection" || listed["count"] != 2.0 || len(items) != 2 || !ids[rest["id"]] || !ids[refund["id"]] {
		t.Errorf("the payment's refunds: %d %v", status, listed)
	}
	if status, answer := rt.call(t, "GET", "/razorpay/v1/payments/pay_Unknown00000000/refunds", nil, nil); status != http.StatusNotFound {
		t.Errorf("refunds of an unknown payment: %d %v", status, answer)
	}
	status, answer := rt.call(t, "POST", refundPath, map[string]any{"amount": 100}, nil)
	if failure := errorOf(t, answer); status != http.StatusBadRequest || failure["description"] != "The payment has been fully refunded already" {
		t.Errorf("refund after full: %d %v", status, answer)
	}

	// Each refund's events come in order (created, then processed); the two refunds' events
	// are sent concurrently, so they may interleave, as Razorpay's may.
	deliveries := rt.webhooks.wait(t, 7)[3:]
	statuses := map[any][]string{}
	for _, delivery := range deliveries {
		event := checkWebhook(t, delivery)
		if fmt.Sprint(event["contains"]) != "[refund payment]" {
			t.Errorf("contains %v", event["contains"])
		}
		entity := payloadEntity(t, event, "refund")
		if payloadEntity(t, event, "payment")["id"] != paymentID {
			t.Errorf("%s for payment %v", event["event"], payloadEntity(t, event, "payment")["id"])
		}
		statuses[entity["id"]] = append(statuses[entity["id"]], event["event"].(string)+":"+fmt.Sprint(entity["status"]))
	}
	for _, id := range []any{refund["id"], rest["id"]} {
		if got := strings.Join(statuses[id], " "); got != "refund.created:pending refund.processed:processed" {
			t.Errorf("refund %v events %s", id, got)
		}
	}

	// Failed and unknown payments cannot be refunded.
	failedOrder := rt.createOrder(t, 100)
	_, failed := rt.pay(t, failedOrder, "failure")
	failedID := errorOf(t, failed)["metadata"].(map[string]any)["payment_id"].(string)
	status, answer = rt.call(t, "POST", "/razorpay/v1/payments/"+failedID+"/refund", map[string]any{}, nil)
	if failure := errorOf(t, answer); status != http.StatusBadRequest || failure["description"] != "The payment has not been captured" {
		t.Errorf("refund of failed payment: %d %v", status, answer)
	}
	status, answer = rt.call(t, "POST", "/razorpay/v1/payments/pay_Unknown00000000/refund", map[string]any{}, nil)
	if failure := errorOf(t, answer); status != http.StatusNotFound || failure["description"] != "The id provided does not exist" {
		t.Errorf("refund of unknown payment: %d %v", status, answer)
	}
}

func TestRazorpayControlFailures(t *testing.T) {
	rt := newRazorpayTest(t)
	state := rt.control(t, map[string]any{"failNextOrders": 2, "failNextRefunds": 1})
	if state["failNextOrders"] != 2.0 || state["failNextRefunds"] != 1.0 || state["webhooks"] != "on" {
		t.Errorf("control = %v", state)
	}
	for range 2 {
		status, answer := rt.call(t, "POST", "/razorpay/v1/orders", map[string]any{"amount": 100, "currency": "INR"}, nil)
		failure := errorOf(t, answer)
		if status != http.StatusServiceUnavailable || failure["code"] != "SERVER_ERROR" || failure["description"] != "The server encountered an error" {
			t.Errorf("injected failure: %d %v", status, answer)
		}
	}
	orderID := rt.createOrder(t, 100)
	_, response := rt.pay(t, orderID, "success")
	refundPath := "/razorpay/v1/payments/" + response["razorpay_payment_id"].(string) + "/refund"
	key := map[string]string{"X-Refund-Idempotency": "refund-retry-0001"}
	if status, answer := rt.call(t, "POST", refundPath, map[string]any{}, key); status != http.StatusServiceUnavailable {
		t.Errorf("injected refund failure: %d %v", status, answer)
	}
	if status, answer := rt.call(t, "POST", refundPath, map[string]any{}, key); status != http.StatusOK || answer["amount"] != 100.0 {
		t.Errorf("refund retry: %d %v", status, answer)
	}

	_, state = rt.callAs(t, "", "", "GET", "/razorpay/control", nil, nil)
	if state["failNextOrders"] != 0.0 || state["failNextRefunds"] != 0.0 || state["orders"] != 1.0 || state["payments"] != 1.0 || state["refunds"] != 1.0 {
		t.Errorf("control after use = %v", state)
	}
	for _, bad := range []string{`{"failNextOrders": -1}`, `{"webhooks": "sometimes"}`, `{"delayMs": 600000}`, `{"failNextOrder": 1}`, `nope`} {
		if status, answer := rt.callAs(t, "", "", "POST", "/razorpay/control", bad, nil); status != http.StatusBadRequest {
			t.Errorf("control %s: %d %v", bad, status, answer)
		}
	}
	rt.control(t, map[string]any{"failNextOrders": 5, "webhooks": "off", "delayMs": 10})
	_, state = rt.callAs(t, "", "", "POST", "/razorpay/control/reset", nil, nil)
	if state["failNextOrders"] != 0.0 || state["webhooks"] != "on" || state["delayMs"] != 0.0 || state["orders"] != 1.0 {
		t.Errorf("after reset = %v", state)
	}
}

func TestRazorpayWebhookModes(t *testing.T) {
	rt := newRazorpayTest(t)

	rt.control(t, map[string]any{"webhooks": "off"})
	rt.pay(t, rt.createOrder(t, 100), "failure")
	time.Sleep(100 * time.Millisecond)
	if n := rt.webhooks.count(); n != 0 {
		t.Fatalf("%d webhooks sent while off", n)
	}

	rt.control(t, map[string]any{"webhooks": "duplicate"})
	rt.pay(t, rt.createOrder(t, 100), "failure")
	twice := rt.webhooks.wait(t, 2)
	if !bytes.Equal(twice[0].body, twice[1].body) || twice[0].header.Get("X-Razorpay-Event-Id") != twice[1].header.Get("X-Razorpay-Event-Id") {
		t.Errorf("duplicate deliveries differ: %s / %s", twice[0].body, twice[1].body)
	}

	rt.control(t, map[string]any{"webhooks": "delay", "delayMs": 300})
	paidAt := time.Now()
	rt.pay(t, rt.createOrder(t, 100), "failure")
	delayed := rt.webhooks.wait(t, 3)[2]
	if waited := delayed.at.Sub(paidAt); waited < 300*time.Millisecond {
		t.Errorf("delayed webhook came after %v, want at least 300 ms", waited)
	}

	// The shop's endpoint fails twice: the same event comes again, with backoff.
	rt.control(t, map[string]any{"webhooks": "on"})
	rt.webhooks.mu.Lock()
	rt.webhooks.status = func(n int) int {
		if n == 4 || n == 5 {
			return http.StatusInternalServerError
		}
		return http.StatusOK
	}
	rt.webhooks.mu.Unlock()
	rt.pay(t, rt.createOrder(t, 100), "failure")
	tries := rt.webhooks.wait(t, 6)[3:]
	for _, try := range tries[1:] {
		if !bytes.Equal(try.body, tries[0].body) || try.header.Get("X-Razorpay-Event-Id") != tries[0].header.Get("X-Razorpay-Event-Id") ||
			try.header.Get("X-Razorpay-Signature") != tries[0].header.Get("X-Razorpay-Signature") {
			t.Errorf("retry differs from the first try")
		}
	}
	if first, second := tries[1].at.Sub(tries[0].at), tries[2].at.Sub(tries[1].at); first < 10*time.Millisecond || second < 20*time.Millisecond {
		t.Errorf("retries after %v and %v, want backoff of 10 ms then 20 ms", first, second)
	}

	// An endpoint that never accepts gets five tries in all.
	rt.webhooks.mu.Lock()
	rt.webhooks.status = func(int) int { return http.StatusServiceUnavailable }
	rt.webhooks.mu.Unlock()
	rt.pay(t, rt.createOrder(t, 100), "failure")
	rt.webhooks.wait(t, 11)
	deadline := time.Now().Add(5 * time.Second)
	for rt.sim.controlState().WebhooksAbandoned != 1 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond)
	if n, state := rt.webhooks.count(), rt.sim.controlState(); n != 11 || state.WebhooksAbandoned != 1 {
		t.Errorf("%d deliveries, abandoned %d; want 11 and 1", n, state.WebhooksAbandoned)
	}
}

func TestRazorpayReplay(t *testing.T) {
	rt := newRazorpayTest(t)
	rt.pay(t, rt.createOrder(t, 100), "failure")
	original := rt.webhooks.wait(t, 1)[0]
	eventID := original.header.Get("X-Razorpay-Event-Id")

	status, answer := rt.callAs(t, "", "", "POST", "/razorpay/control/replay", map[string]string{"event_id": eventID}, nil)
	if status != http.StatusOK || answer["delivered"] != true || answer["event"] != "payment.failed" {
		t.Fatalf("replay: %d %v", status, answer)
	}
	replayed := rt.webhooks.wait(t, 2)[1]
	if !bytes.Equal(replayed.body, original.body) || replayed.header.Get("X-Razorpay-Event-Id") != eventID ||
		replayed.header.Get("X-Razorpay-Signature") != original.header.Get("X-Razorpay-Signature") {
		t.Errorf("replay differs from the original")
	}
	if status, answer := rt.callAs(t, "", "", "POST", "/razorpay/control/replay", map[string]string{"event_id": "evt_Unknown0000000"}, nil); status != http.StatusNotFound {
		t.Errorf("unknown event: %d %v", status, answer)
	}
}

func TestRazorpayWithoutWebhookURL(t *testing.T) {
	sim := testRazorpaySim(t, razorpayConfig{})
	server := httptest.NewServer(newMux(newMailbox(mailboxCapacity), testGoogleSignIn(t), sim))
	t.Cleanup(server.Close)
	rt := &razorpayTest{server: server, sim: sim}
	rt.pay(t, rt.createOrder(t, 100), "success")
	if state := sim.controlState(); state.Events != 3 || state.WebhooksDelivered != 0 || state.WebhookAttemptsFailed != 0 {
		t.Errorf("state = %+v", state)
	}
	if status, _ := rt.callAs(t, "", "", "POST", "/razorpay/control/replay", map[string]string{"event_id": "evt_x"}, nil); status != http.StatusConflict {
		t.Errorf("replay without URL: %d", status)
	}
}

func TestRazorpayKeepsTheLatestOrders(t *testing.T) {
	s := testRazorpaySim(t, razorpayConfig{})
	mux := http.NewServeMux()
	registerRazorpay(mux, s)
	do := func(method, path, body string) map[string]any {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.SetBasicAuth(defaultRazorpayKeyID, defaultRazorpayKeySecret)
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, req)
		var answer map[string]any
		json.Unmarshal(w.Body.Bytes(), &answer)
		return answer
	}
	first := do("POST", "/razorpay/v1/orders", `{"amount":100,"currency":"INR"}`)["id"].(string)
	paid := do("POST", "/razorpay/checkout/pay", `{"order_id":"`+first+`","key_id":"`+defaultRazorpayKeyID+`","outcome":"success"}`)
	do("POST", "/razorpay/v1/payments/"+paid["razorpay_payment_id"].(string)+"/refund", `{}`)
	for range razorpayOrderCapacity {
		do("POST", "/razorpay/v1/orders", `{"amount":100,"currency":"INR"}`)
	}
	state := s.controlState()
	if state.Orders != razorpayOrderCapacity || state.Payments != 0 || state.Refunds != 0 {
		t.Errorf("state = %+v", state)
	}
	if answer := do("GET", "/razorpay/v1/orders/"+first, ""); answer["error"] == nil {
		t.Errorf("oldest order still kept: %v", answer)
	}
}

func TestFormatRupees(t *testing.T) {
	for paise, want := range map[int64]string{
		100: "₹1.00", 29950: "₹299.50", 129900: "₹1,299.00", 12990000: "₹1,29,900.00", 1234567890: "₹1,23,45,678.90", 5: "₹0.05",
	} {
		if got := formatRupees(paise); got != want {
			t.Errorf("formatRupees(%d) = %s, want %s", paise, got, want)
		}
	}
}

func TestRazorpayCheckoutScriptAndPage(t *testing.T) {
	rt := newRazorpayTest(t)
	for path, want := range map[string]string{"/razorpay/checkout.js": "window.Razorpay = Razorpay", "/razorpay/checkout/frame.js": "razorpay-sim"} {
		status, header, body := get(t, rt.server.URL+path)
		if status != http.StatusOK || !strings.HasPrefix(header.Get("Content-Type"), "text/javascript") || !strings.Contains(body, want) {
			t.Errorf("%s: %d %s", path, status, header.Get("Content-Type"))
		}
		if strings.Contains(body, "eval(") || strings.Contains(body, "new Function") || strings.Contains(body, "innerHTML") {
			t.Errorf("%s uses eval, Function or innerHTML", path)
		}
	}

	orderID := rt.createOrder(t, 12990000)
	page := rt.server.URL + "/razorpay/checkout/pay?order_id=" + orderID + "&key_id=" + defaultRazorpayKeyID +
		"&origin=http%3A%2F%2Flocalhost%3A5173&name=drape&description=Order+DRP-1&prefill_email=asha%40example.com&prefill_contact=%2B919876543210&theme_color=%23123c69"
	status, header, body := get(t, page)
	if status != http.StatusOK {
		t.Fatalf("page: %d %s", status, body)
	}
	for _, want := range []string{
		"<title>Razorpay Checkout (simulated)</title>", "₹1,29,900.00", "<h1>drape</h1>", "Order DRP-1", "asha@example.com", "&#43;919876543210",
		"Test mode", ">Success</button>", ">Failure</button>", `aria-label="Close checkout"`, `data-origin="http://localhost:5173"`,
		`data-state="choose"`, `data-order-id="` + orderID + `"`, "background:#123c69", `<script src="/razorpay/checkout/frame.js">`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if csp := header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") || strings.Contains(body, "<script>") {
		t.Errorf("page CSP %q or inline script", csp)
	}

	for name, query := range map[string]string{
		"unknown order": "order_id=order_Unknown0000000&key_id=" + defaultRazorpayKeyID,
		"wrong key":     "order_id=" + orderID + "&key_id=rzp_test_other",
		"no order":      "key_id=" + defaultRazorpayKeyID,
		"hostile input": "order_id=" + orderID + "&key_id=" + defaultRazorpayKeyID + "&theme_color=red;background:url(x)&name=%3Cscript%3Ealert(1)%3C/script%3E",
	} {
		status, _, body := get(t, rt.server.URL+"/razorpay/checkout/pay?"+query)
		if name == "hostile input" {
			if status != http.StatusOK || strings.Contains(body, "<script>alert") || strings.Contains(body, "url(x)") || !strings.Contains(body, "background:#3399cc") {
				t.Errorf("%s: %d, escaped %v", name, status, !strings.Contains(body, "<script>alert"))
			}
			continue
		}
		if status != http.StatusBadRequest || !strings.Contains(body, `data-state="error"`) {
			t.Errorf("%s: %d", name, status)
		}
	}
	rt.pay(t, orderID, "success")
	if _, _, body := get(t, page); !strings.Contains(body, "This order has already been paid.") {
		t.Error("paid order's page does not say so")
	}
}

// razorpayShopPage is a shop page under a CSP like the real shop's, with a Pay
// button wired to checkout.js. ORDER_ID, KEY_ID and SIM_URL are replaced per request.
const razorpayShopPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>shop</title>
<script src="SIM_URL/razorpay/checkout.js"></script>
<script src="/shop.js" defer></script>
</head><body>
<button id="pay" type="button">Pay</button>
<pre id="result"></pre>
</body></html>`

// razorpayShopScript is the shop page's own script, as the SPA would run it.
const razorpayShopScript = `window.events = [];
document.getElementById('pay').addEventListener('click', function () {
  var params = new URLSearchParams(location.search);
  var rzp = new Razorpay({
    key: params.get('key'), amount: 129900, currency: 'INR', name: 'drape', description: 'Order DRP-1',
    order_id: params.get('order'), prefill: { name: 'Asha Rao', email: 'asha@example.com', contact: '+919876543210' },
    theme: { color: '#123c69' },
    handler: function (response) { window.events.push({ type: 'handler', response: response }); },
    modal: { ondismiss: function () { window.events.push({ type: 'dismiss' }); } }
  });
  rzp.on('payment.failed', function (response) { window.events.push({ type: 'failed', error: response.error }); });
  rzp.open();
});
`

// razorpayBrowserFlow drives the shop page in Chromium: fail, retry and succeed
// on one order, then dismiss a second. It prints the events the page saw.
const razorpayBrowserFlow = `const path = require('path');
const { chromium } = require(process.env.PLAYWRIGHT_CORE);
const timeout = 15000;
// clickClosing clicks a button that removes its own iframe and waits until the iframe is gone.
// The click is not awaited on its own: Chromium may never acknowledge input to a frame that
// is torn down by it, and Playwright then waits for that acknowledgement forever.
async function clickClosing(page, button) {
  const gone = page.locator('iframe').waitFor({ state: 'detached', timeout });
  const click = button.click({ timeout }).catch((error) => error);
  await gone;
  const outcome = await Promise.race([click, new Promise((resolve) => setTimeout(resolve, 1000, 'pending'))]);
  if (outcome instanceof Error && !/detached|closed|destroyed/i.test(outcome.message)) throw outcome;
}
(async () => {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM, headless: true });
  const results = { cspViolations: [] };
  try {
    const page = await browser.newPage();
    page.on('console', (message) => { if (/Content Security Policy/i.test(message.text())) results.cspViolations.push(message.text()); });
    await page.goto(process.env.SHOP_URL + '?key=' + process.env.KEY_ID + '&order=' + process.env.ORDER_ID);
    await page.click('#pay');
    const frame = page.frameLocator('iframe[title="Razorpay Checkout"]');
    await frame.getByRole('button', { name: 'Failure' }).waitFor({ timeout });
    results.amountShown = await frame.locator('.amount strong').textContent();
    await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, 'razorpay-checkout.png') });
    await frame.getByRole('button', { name: 'Failure' }).click();
    await frame.getByRole('button', { name: 'Retry' }).waitFor({ timeout });
    await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, 'razorpay-failed.png') });
    results.framesAfterFailure = await page.locator('iframe').count();
    await frame.getByRole('button', { name: 'Retry' }).click();
    await clickClosing(page, frame.getByRole('button', { name: 'Success' }));
    const first = await page.evaluate(() => window.events);

    await page.goto(process.env.SHOP_URL + '?key=' + process.env.KEY_ID + '&order=' + process.env.SECOND_ORDER_ID);
    await page.click('#pay');
    await clickClosing(page, frame.getByRole('button', { name: 'Close checkout' }));
    results.events = first.concat(await page.evaluate(() => window.events));
  } finally {
    await browser.close();
  }
  process.stdout.write(JSON.stringify(results));
})().catch((error) => { console.error(error); process.exit(1); });
`

// TestRazorpayCheckoutInBrowser runs checkout.js in headless Chromium on a
// page with the shop's kind of CSP: Failure keeps the overlay and reports
// payment.failed, Retry then Success calls the handler with a valid signature,
// and × calls ondismiss. Screenshots are kept with go test -artifacts.
func TestRazorpayCheckoutInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser flow skipped in -short mode")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	chromium := testChromium(t)
	playwright, err := filepath.Abs(filepath.Join("..", "client", "node_modules", "playwright-core"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(playwright, "package.json")); err != nil {
		t.Skip("client/node_modules/playwright-core is not installed")
	}

	rt := newRazorpayTest(t)
	var shopRequests atomic.Int32
	shop := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		shopRequests.Add(1)
		w.Header().Set("Content-Security-Policy", "default-src 'self'; script-src 'self' "+rt.server.URL+"; style-src 'self' 'unsafe-inline'; "+
			"frame-src "+rt.server.URL+"; object-src 'none'; base-uri 'none'")
		if r.URL.Path == "/shop.js" {
			w.Header().Set("Content-Type", "text/javascript")
			io.WriteString(w, razorpayShopScript)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, strings.ReplaceAll(razorpayShopPage, "SIM_URL", rt.server.URL))
	}))
	t.Cleanup(shop.Close)
	// The shop is reached as localhost and sim as 127.0.0.1: two origins, as in production.
	shopURL := strings.Replace(shop.URL, "127.0.0.1", "localhost", 1)
	flow := filepath.Join(t.TempDir(), "razorpay_browser_flow.cjs")
	if err := os.WriteFile(flow, []byte(razorpayBrowserFlow), 0o600); err != nil {
		t.Fatal(err)
	}
	orderID, secondID := rt.createOrder(t, 129900), rt.createOrder(t, 129900)

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	command := exec.CommandContext(ctx, node, flow)
	command.Env = append(os.Environ(), "PLAYWRIGHT_CORE="+playwright, "CHROMIUM="+chromium, "SHOP_URL="+shopURL,
		"KEY_ID="+defaultRazorpayKeyID, "ORDER_ID="+orderID, "SECOND_ORDER_ID="+secondID, "SCREENSHOT_DIR="+t.ArtifactDir())
	var stderr bytes.Buffer
	command.Stderr = &stderr
	output, err := command.Output()
	if err != nil {
		t.Fatalf("browser flow: %v\n%s", err, stderr.String())
	}
	var results struct {
		AmountShown        string   `json:"amountShown"`
		FramesAfterFailure int      `json:"framesAfterFailure"`
		CSPViolations      []string `json:"cspViolations"`
		Events             []struct {
			Type     string            `json:"type"`
			Response map[string]string `json:"response"`
			Error    map[string]any    `json:"error"`
		} `json:"events"`
	}
	if err := json.Unmarshal(output, &results); err != nil {
		t.Fatalf("browser flow printed %q: %v", output, err)
	}
	if results.AmountShown != "₹1,299.00" || results.FramesAfterFailure != 1 || len(results.CSPViolations) != 0 {
		t.Errorf("amount %q, frames after failure %d, CSP violations %v", results.AmountShown, results.FramesAfterFailure, results.CSPViolations)
	}
	var types []string
	for _, event := range results.Events {
		types = append(types, event.Type)
	}
	if strings.Join(types, ",") != "failed,handler,dismiss" {
		t.Fatalf("events %v, want failed, handler, dismiss", types)
	}
	failure := results.Events[0].Error
	metadata, _ := failure["metadata"].(map[string]any)
	if failure["code"] != "BAD_REQUEST_ERROR" || failure["reason"] != "payment_failed" || metadata["order_id"] != orderID {
		t.Errorf("payment.failed error = %v", failure)
	}
	response := results.Events[1].Response
	if response["razorpay_order_id"] != orderID ||
		response["razorpay_signature"] != hmacHex(defaultRazorpayKeySecret, []byte(orderID+"|"+response["razorpay_payment_id"])) {
		t.Errorf("handler response = %v", response)
	}
	_, payment := rt.call(t, "GET", "/razorpay/v1/payments/"+response["razorpay_payment_id"], nil, nil)
	if payment["status"] != "captured" || payment["email"] != "asha@example.com" || payment["contact"] != "+919876543210" {
		t.Errorf("payment = %v", payment)
	}
	_, order := rt.call(t, "GET", "/razorpay/v1/orders/"+secondID, nil, nil)
	if order["status"] != "created" || order["attempts"] != 0.0 {
		t.Errorf("dismissed order = %v", order)
	}
}
