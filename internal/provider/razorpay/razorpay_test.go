package razorpay

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

const (
	testKeyID     = "rzp_test_client"
	testKeySecret = "client-key-secret"
)

// recorded is one request the fake received.
type recorded struct {
	Method, Path string
	User, Pass   string
	AuthOK       bool
	ContentType  string
	Idempotency  string
	Body         map[string]any
}

// fakeRazorpay is an httptest server that answers like api.razorpay.com for the
// calls the client makes. Handlers can be replaced per test through routes.
type fakeRazorpay struct {
	*httptest.Server
	mu       sync.Mutex
	requests []recorded
	routes   map[string]http.HandlerFunc
}

func newFake(t *testing.T) *fakeRazorpay {
	t.Helper()
	fake := &fakeRazorpay{routes: map[string]http.HandlerFunc{}}
	fake.Server = httptest.NewServer(http.HandlerFunc(fake.serve))
	t.Cleanup(fake.Close)
	fake.routes["POST /v1/orders"] = func(w http.ResponseWriter, r *http.Request) {
		body := fake.last().Body
		amount, _ := body["amount"].(float64)
		if amount < 100 {
			writeError(w, http.StatusBadRequest, "BAD_REQUEST_ERROR", "The amount must be at least INR 1.00", "amount")
			return
		}
		writeBody(w, http.StatusOK, map[string]any{
			"id": "order_Abc123Def456Gh", "entity": "order", "amount": amount, "amount_paid": 0, "amount_due": amount,
			"currency": body["currency"], "receipt": body["receipt"], "offer_id": nil, "status": "created", "attempts": 0,
			"notes": body["notes"], "created_at": 1718000000,
		})
	}
	fake.routes["GET /v1/orders/order_Abc123Def456Gh"] = func(w http.ResponseWriter, r *http.Request) {
		// Razorpay writes empty notes as an array.
		io.WriteString(w, `{"id":"order_Abc123Def456Gh","entity":"order","amount":129900,"amount_paid":129900,"amount_due":0,`+
			`"currency":"INR","receipt":"DRP-1","offer_id":null,"status":"paid","attempts":2,"notes":[],"created_at":1718000000}`)
	}
	fake.routes["GET /v1/orders/order_Abc123Def456Gh/payments"] = func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"entity":"collection","count":2,"items":[`+
			`{"id":"pay_Good000000001","entity":"payment","amount":129900,"currency":"INR","status":"captured","order_id":"order_Abc123Def456Gh",`+
			`"method":"upi","amount_refunded":0,"refund_status":null,"captured":true,"error_code":null,"error_description":null,"notes":[],"created_at":1718000100},`+
			`{"id":"pay_Fail000000001","entity":"payment","amount":129900,"currency":"INR","status":"failed","order_id":"order_Abc123Def456Gh",`+
			`"method":"card","amount_refunded":0,"refund_status":null,"captured":false,"error_code":"BAD_REQUEST_ERROR",`+
			`"error_description":"Payment failed","notes":{"attempt":1},"created_at":1718000050}]}`)
	}
	fake.routes["GET /v1/payments/pay_Good000000001"] = func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"id":"pay_Good000000001","entity":"payment","amount":129900,"currency":"INR","status":"refunded",`+
			`"order_id":"order_Abc123Def456Gh","method":"upi","amount_refunded":129900,"refund_status":"full","captured":true,`+
			`"error_code":null,"error_description":null,"created_at":1718000100}`)
	}
	fake.routes["POST /v1/payments/pay_Good000000001/refund"] = func(w http.ResponseWriter, r *http.Request) {
		body := fake.last().Body
		amount, ok := body["amount"].(float64)
		if !ok {
			amount = 129900
		}
		writeBody(w, http.StatusOK, map[string]any{
			"id": "rfnd_Ref000000001", "entity": "refund", "amount": amount, "currency": "INR", "payment_id": "pay_Good000000001",
			"notes": []any{}, "receipt": nil, "status": "processed", "speed_requested": body["speed"], "speed_processed": "normal",
			"created_at": 1718000200,
		})
	}
	return fake
}

func (f *fakeRazorpay) serve(w http.ResponseWriter, r *http.Request) {
	user, pass, ok := r.BasicAuth()
	rec := recorded{
		Method: r.Method, Path: r.URL.EscapedPath(), User: user, Pass: pass,
		AuthOK:      ok && user == testKeyID && pass == testKeySecret,
		ContentType: r.Header.Get("Content-Type"), Idempotency: r.Header.Get("X-Refund-Idempotency"),
	}
	if data, _ := io.ReadAll(r.Body); len(data) > 0 {
		if err := json.Unmarshal(data, &rec.Body); err != nil {
			writeError(w, http.StatusBadRequest, "BAD_REQUEST_ERROR", "The request body is not valid JSON", "")
			return
		}
	}
	f.mu.Lock()
	f.requests = append(f.requests, rec)
	route := f.routes[r.Method+" "+rec.Path]
	f.mu.Unlock()
	if !rec.AuthOK {
		w.WriteHeader(http.StatusUnauthorized)
		io.WriteString(w, `{"error":{"code":"BAD_REQUEST_ERROR","description":"Authentication failed","source":"NA","step":"NA","reason":"NA","metadata":{}}}`)
		return
	}
	if route == nil {
		writeError(w, http.StatusBadRequest, "BAD_REQUEST_ERROR", "The id provided does not exist", "")
		return
	}
	route(w, r)
}

func (f *fakeRazorpay) last() recorded {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.requests[len(f.requests)-1]
}

func (f *fakeRazorpay) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.requests)
}

func (f *fakeRazorpay) setRoute(pattern string, handler http.HandlerFunc) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.routes[pattern] = handler
}

func writeBody(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(body)
}

func writeError(w http.ResponseWriter, status int, code, description, field string) {
	writeBody(w, status, map[string]any{"error": map[string]any{
		"code": code, "description": description, "field": field, "source": "business", "step": "payment_initiation",
		"reason": "input_validation_failed", "metadata": map[string]any{},
	}})
}

func TestCreateOrderSendsRazorpayRequest(t *testing.T) {
	fake := newFake(t)
	client := New(fake.URL+"/", testKeyID, testKeySecret, nil)
	if client.KeyID() != testKeyID {
		t.Errorf("KeyID = %q", client.KeyID())
	}
	order, err := client.CreateOrder(context.Background(), 129900, "DRP-1718000000000-abcdefghij", map[string]string{"orderId": "66a1"})
	if err != nil {
		t.Fatal(err)
	}
	req := fake.last()
	if req.Method != "POST" || req.Path != "/v1/orders" || !req.AuthOK || req.ContentType != "application/json" {
		t.Errorf("request = %+v", req)
	}
	want := map[string]any{"amount": float64(129900), "currency": "INR", "receipt": "DRP-1718000000000-abcdefghij",
		"notes": map[string]any{"orderId": "66a1"}}
	if got, _ := json.Marshal(req.Body); string(got) != mustJSON(t, want) {
		t.Errorf("body = %s, want %s", got, mustJSON(t, want))
	}
	if order.ID != "order_Abc123Def456Gh" || order.Entity != "order" || order.Amount != 129900 || order.AmountDue != 129900 ||
		order.Status != "created" || order.Currency != "INR" || order.Notes["orderId"] != "66a1" || order.CreatedAt != 1718000000 {
		t.Errorf("order = %+v", order)
	}
}

func TestCreateOrderWithoutNotesOmitsThem(t *testing.T) {
	fake := newFake(t)
	if _, err := New(fake.URL, testKeyID, testKeySecret, nil).CreateOrder(context.Background(), 100, "r1", nil); err != nil {
		t.Fatal(err)
	}
	if _, ok := fake.last().Body["notes"]; ok {
		t.Errorf("body %v has notes", fake.last().Body)
	}
}

func TestFetchCalls(t *testing.T) {
	fake := newFake(t)
	client := New(fake.URL, testKeyID, testKeySecret, nil)
	ctx := context.Background()

	order, err := client.Order(ctx, "order_Abc123Def456Gh")
	if err != nil {
		t.Fatal(err)
	}
	if order.Status != "paid" || order.AmountPaid != 129900 || order.Attempts != 2 || order.Notes == nil || len(order.Notes) != 0 {
		t.Errorf("order = %+v (notes %#v)", order, order.Notes)
	}
	if req := fake.last(); req.Method != "GET" || req.Path != "/v1/orders/order_Abc123Def456Gh" || !req.AuthOK || req.Body != nil {
		t.Errorf("request = %+v", req)
	}

	payments, err := client.OrderPayments(ctx, "order_Abc123Def456Gh")
	if err != nil {
		t.Fatal(err)
	}
	if len(payments) != 2 || payments[0].ID != "pay_Good000000001" || !payments[0].Captured || payments[0].Method != "upi" ||
		payments[1].Status != "failed" || payments[1].ErrorCode != "BAD_REQUEST_ERROR" || payments[1].ErrorDescription != "Payment failed" {
		t.Errorf("payments = %+v", payments)
	}
	if req := fake.last(); req.Path != "/v1/orders/order_Abc123Def456Gh/payments" || !req.AuthOK {
		t.Errorf("request = %+v", req)
	}

	payment, err := client.Payment(ctx, "pay_Good000000001")
	if err != nil {
		t.Fatal(err)
	}
	if payment.Status != "refunded" || payment.AmountRefunded != 129900 || payment.RefundStatus != "full" || payment.OrderID != "order_Abc123Def456Gh" {
		t.Errorf("payment = %+v", payment)
	}
	if req := fake.last(); req.Path != "/v1/payments/pay_Good000000001" || !req.AuthOK {
		t.Errorf("request = %+v", req)
	}
}

func TestIDsAreEscapedAndRequired(t *testing.T) {
	fake := newFake(t)
	client := New(fake.URL, testKeyID, testKeySecret, nil)
	if _, err := client.Order(context.Background(), "order_1/../../v1/payments/x"); err == nil {
		t.Fatal("odd id accepted")
	}
	if req := fake.last(); req.Path != "/v1/orders/order_1%2F..%2F..%2Fv1%2Fpayments%2Fx" {
		t.Errorf("path = %s", req.Path)
	}
	before := fake.count()
	for name, call := range map[string]func() error{
		"order":    func() error { _, err := client.Order(context.Background(), ""); return err },
		"payments": func() error { _, err := client.OrderPayments(context.Background(), " "); return err },
		"payment":  func() error { _, err := client.Payment(context.Background(), ""); return err },
		"refund":   func() error { _, err := client.Refund(context.Background(), "", 100, "", nil); return err },
		"key":      func() error { _, err := client.Refund(context.Background(), "pay_1", 100, "short", nil); return err },
		"key chars": func() error {
			_, err := client.Refund(context.Background(), "pay_1", 100, "order:66a1:refund", nil)
			return err
		},
		"negative": func() error { _, err := client.Refund(context.Background(), "pay_1", -1, "", nil); return err },
	} {
		err := call()
		if !errors.Is(err, ErrInvalidArgument) || IsTemporary(err) {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	if fake.count() != before {
		t.Errorf("invalid arguments reached the network")
	}
}

func TestRefundSendsIdempotencyHeader(t *testing.T) {
	fake := newFake(t)
	client := New(fake.URL, testKeyID, testKeySecret, nil)
	refund, err := client.Refund(context.Background(), "pay_Good000000001", 50000, "refund_66a1-01", map[string]string{"reason": "return"})
	if err != nil {
		t.Fatal(err)
	}
	req := fake.last()
	if req.Method != "POST" || req.Path != "/v1/payments/pay_Good000000001/refund" || !req.AuthOK || req.Idempotency != "refund_66a1-01" {
		t.Errorf("request = %+v", req)
	}
	want := map[string]any{"amount": float64(50000), "notes": map[string]any{"reason": "return"}, "speed": "normal"}
	if got, _ := json.Marshal(req.Body); string(got) != mustJSON(t, want) {
		t.Errorf("body = %s, want %s", got, mustJSON(t, want))
	}
	if refund.ID != "rfnd_Ref000000001" || refund.Amount != 50000 || refund.Status != "processed" || refund.PaymentID != "pay_Good000000001" ||
		refund.SpeedRequested != "normal" || refund.Currency != "INR" || refund.Entity != "refund" {
		t.Errorf("refund = %+v", refund)
	}

	// Amount 0 is a full refund: amount is left out; no key, no header.
	if _, err := client.Refund(context.Background(), "pay_Good000000001", 0, "", nil); err != nil {
		t.Fatal(err)
	}
	req = fake.last()
	if _, ok := req.Body["amount"]; ok || req.Idempotency != "" {
		t.Errorf("full refund request = %+v", req)
	}
}

func TestAPIErrors(t *testing.T) {
	fake := newFake(t)
	client := New(fake.URL, testKeyID, testKeySecret, nil)
	ctx := context.Background()

	_, err := client.CreateOrder(ctx, 99, "r1", nil)
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 400 || apiErr.Code != "BAD_REQUEST_ERROR" ||
		apiErr.Description != "The amount must be at least INR 1.00" || apiErr.Field != "amount" || IsTemporary(err) || apiErr.Temporary() {
		t.Fatalf("err = %#v", err)
	}
	if want := "razorpay: 400 BAD_REQUEST_ERROR: The amount must be at least INR 1.00 (field amount)"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}

	_, err = New(fake.URL, testKeyID, "wrong", nil).Order(ctx, "order_Abc123Def456Gh")
	if !errors.As(err, &apiErr) || apiErr.Status != 401 || apiErr.Description != "Authentication failed" || IsTemporary(err) {
		t.Errorf("bad key: %v", err)
	}
	if req := fake.last(); req.User != testKeyID || req.Pass != "wrong" {
		t.Errorf("basic auth sent %q:%q", req.User, req.Pass)
	}

	for _, status := range []int{500, 502, 503, 429} {
		fake.setRoute("GET /v1/payments/pay_X", func(w http.ResponseWriter, r *http.Request) {
			writeError(w, status, "SERVER_ERROR", "The server encountered an error", "")
		})
		_, err := client.Payment(ctx, "pay_X")
		if !errors.As(err, &apiErr) || apiErr.Status != status || apiErr.Code != "SERVER_ERROR" || !IsTemporary(err) {
			t.Errorf("%d: err = %v temporary %v", status, err, IsTemporary(err))
		}
	}

	// A gateway's HTML page instead of Razorpay's JSON is still an *APIError.
	fake.setRoute("GET /v1/payments/pay_X", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadGateway)
		io.WriteString(w, "<html>Bad gateway</html>")
	})
	_, err = client.Payment(ctx, "pay_X")
	if !errors.As(err, &apiErr) || apiErr.Status != 502 || apiErr.Code != "" || !strings.Contains(apiErr.Description, "Bad gateway") || !IsTemporary(err) {
		t.Errorf("html 502: %v", err)
	}

	_, err = client.Payment(ctx, "pay_Unknown")
	if !errors.As(err, &apiErr) || apiErr.Description != "The id provided does not exist" || IsTemporary(err) {
		t.Errorf("unknown id: %v", err)
	}
}

// TestAnswersWithoutIDAreErrors covers the official SDK's bug: an answer that
// is not the entity must never look like success.
func TestAnswersWithoutIDAreErrors(t *testing.T) {
	fake := newFake(t)
	client := New(fake.URL, testKeyID, testKeySecret, nil)
	ctx := context.Background()
	for _, body := range []string{`{}`, `{"error":{"internal_error_code":"BAD_REQUEST_ERROR"}}`, `{"entity":"order"}`, `not json`, ``} {
		fake.setRoute("POST /v1/orders", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, body) })
		order, err := client.CreateOrder(ctx, 100, "r1", nil)
		if !errors.Is(err, ErrBadResponse) || IsTemporary(err) || order.ID != "" {
			t.Errorf("body %q: order %+v, err %v", body, order, err)
		}
	}
	fake.setRoute("GET /v1/orders/order_1/payments", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, `{"items":[]}`) })
	if _, err := client.OrderPayments(ctx, "order_1"); !errors.Is(err, ErrBadResponse) {
		t.Errorf("list without entity: %v", err)
	}
	fake.setRoute("GET /v1/orders/order_1/payments", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"entity":"collection","count":1,"items":[{"entity":"payment"}]}`)
	})
	if _, err := client.OrderPayments(ctx, "order_1"); !errors.Is(err, ErrBadResponse) {
		t.Errorf("item without id: %v", err)
	}
	fake.setRoute("GET /v1/orders/order_1/payments", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"entity":"collection","count":0,"items":[]}`)
	})
	if payments, err := client.OrderPayments(ctx, "order_1"); err != nil || payments == nil || len(payments) != 0 {
		t.Errorf("empty list: %v %v", payments, err)
	}
	fake.setRoute("POST /v1/payments/pay_1/refund", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, `{"entity":"refund"}`) })
	if _, err := client.Refund(ctx, "pay_1", 100, "", nil); !errors.Is(err, ErrBadResponse) {
		t.Errorf("refund without id: %v", err)
	}
}

func TestTransportErrorsAreTemporary(t *testing.T) {
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := listener.Addr().String()
	listener.Close()
	_, err = New("http://"+addr, testKeyID, testKeySecret, nil).Order(context.Background(), "order_1")
	if err == nil || !IsTemporary(err) {
		t.Errorf("connection refused: %v temporary %v", err, IsTemporary(err))
	}

	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	}))
	defer slow.Close()
	_, err = New(slow.URL, testKeyID, testKeySecret, &http.Client{Timeout: 50 * time.Millisecond}).Order(context.Background(), "order_1")
	if err == nil || !IsTemporary(err) {
		t.Errorf("client timeout: %v temporary %v", err, IsTemporary(err))
	}

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = New(slow.URL, testKeyID, testKeySecret, nil).Order(ctx, "order_1")
	if !errors.Is(err, context.DeadlineExceeded) || !IsTemporary(err) {
		t.Errorf("deadline: %v temporary %v", err, IsTemporary(err))
	}

	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	_, err = New(slow.URL, testKeyID, testKeySecret, nil).Order(ctx, "order_1")
	if !errors.Is(err, context.Canceled) || IsTemporary(err) {
		t.Errorf("cancelled: %v temporary %v", err, IsTemporary(err))
	}
	if IsTemporary(nil) || IsTemporary(errors.New("plain")) {
		t.Error("nil or plain error reported temporary")
	}
}

func TestPaymentSignature(t *testing.T) {
	const vector = "bff0253d929e5412fff37172ea2b01ce8c27545979cf78d688763d7eb9307cef"
	if got := SignPayment("secret", "order_X", "pay_Y"); got != vector {
		t.Fatalf("SignPayment = %s, want the PROVIDERS.md vector %s", got, vector)
	}
	if !VerifyPayment("secret", "order_X", "pay_Y", vector) || !VerifyPayment("secret", "order_X", "pay_Y", strings.ToUpper(vector)) {
		t.Error("vector does not verify")
	}
	for name, args := range map[string][4]string{
		"other order":  {"secret", "order_Z", "pay_Y", vector},
		"other pay":    {"secret", "order_X", "pay_Z", vector},
		"other secret": {"secret2", "order_X", "pay_Y", vector},
		"swapped":      {"secret", "pay_Y", "order_X", vector},
		"truncated":    {"secret", "order_X", "pay_Y", vector[:62]},
		"not hex":      {"secret", "order_X", "pay_Y", "zz" + vector[2:]},
		"empty sig":    {"secret", "order_X", "pay_Y", ""},
		"empty secret": {"", "order_X", "pay_Y", SignPayment("", "order_X", "pay_Y")},
		"empty ids":    {"secret", "", "", SignPayment("secret", "", "")},
	} {
		if VerifyPayment(args[0], args[1], args[2], args[3]) {
			t.Errorf("%s: verified", name)
		}
	}
}

func TestWebhookSignatureIsOverRawBytes(t *testing.T) {
	const secret = "webhook-secret"
	body := []byte(`{"entity":"event","account_id":"acc_sim","event":"payment.captured","contains":["payment"],` +
		`"payload":{"payment":{"entity":{"id":"pay_Good000000001","entity":"payment","amount":129900,"currency":"INR",` +
		`"status":"captured","order_id":"order_Abc123Def456Gh","method":"upi","captured":true,"notes":[],"created_at":1718000100}}},` +
		`"created_at":1718000101}`)
	signature := SignWebhook(secret, body)
	if !VerifyWebhook(secret, body, signature) {
		t.Fatal("own signature does not verify")
	}
	if VerifyWebhook("other-secret", body, signature) || VerifyWebhook("", body, SignWebhook("", body)) {
		t.Error("wrong or empty secret verified")
	}

	event, err := ParseEvent(body)
	if err != nil {
		t.Fatal(err)
	}
	if event.Event != "payment.captured" || event.AccountID != "acc_sim" || len(event.Contains) != 1 || event.CreatedAt != 1718000101 ||
		event.Payload.Payment == nil || event.Payload.Order != nil || event.Payload.Refund != nil ||
		event.Payload.Payment.Entity.ID != "pay_Good000000001" || event.Payload.Payment.Entity.Amount != 129900 {
		t.Errorf("event = %+v", event)
	}

	// The same event re-serialised (different key order and spacing) must not verify.
	reencoded, err := json.Marshal(event)
	if err != nil {
		t.Fatal(err)
	}
	var indented bytes.Buffer
	json.Indent(&indented, body, "", " ")
	for name, other := range map[string][]byte{"re-encoded": reencoded, "indented": indented.Bytes(), "trailing newline": append(append([]byte{}, body...), '\n')} {
		if VerifyWebhook(secret, other, signature) {
			t.Errorf("%s body verified", name)
		}
	}
}

func TestParseEvent(t *testing.T) {
	body := []byte(`{"entity":"event","account_id":"acc_sim","event":"order.paid","contains":["payment","order"],"payload":{` +
		`"payment":{"entity":{"id":"pay_1","entity":"payment","status":"captured","order_id":"order_1","amount":100}},` +
		`"order":{"entity":{"id":"order_1","entity":"order","status":"paid","amount":100,"amount_paid":100,"notes":{"orderId":"66a1","n":5}}}},` +
		`"created_at":1}`)
	event, err := ParseEvent(body)
	if err != nil {
		t.Fatal(err)
	}
	if event.Payload.Order == nil || event.Payload.Order.Entity.Status != "paid" || event.Payload.Order.Entity.Notes["orderId"] != "66a1" ||
		event.Payload.Order.Entity.Notes["n"] != "5" || event.Payload.Payment.Entity.OrderID != "order_1" {
		t.Errorf("event = %+v", event)
	}
	refund, err := ParseEvent([]byte(`{"entity":"event","event":"refund.processed","contains":["refund","payment"],"payload":{` +
		`"refund":{"entity":{"id":"rfnd_1","entity":"refund","payment_id":"pay_1","amount":100,"status":"processed"}},` +
		`"payment":{"entity":{"id":"pay_1","entity":"payment","refund_status":"full","amount_refunded":100}}},"created_at":1}`))
	if err != nil || refund.Payload.Refund == nil || refund.Payload.Refund.Entity.Status != "processed" || refund.Payload.Payment.Entity.RefundStatus != "full" {
		t.Errorf("refund event = %+v, %v", refund, err)
	}
	for _, bad := range []string{``, `[]`, `{"entity":"order","id":"order_1"}`, `{"entity":"event"}`, `{"entity":"event","event":"x","payload":{"order":{"entity":{"notes":[1]}}}}`} {
		if _, err := ParseEvent([]byte(bad)); err == nil {
			t.Errorf("ParseEvent(%q) accepted", bad)
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// startSim builds ./sim and runs it on a free port with its Razorpay webhooks
// going to webhookURL; it returns sim's HTTP base URL and stops sim when the test ends.
func startSim(t *testing.T, webhookURL string) string {
	t.Helper()
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatalf("go env GOMOD: %v", err)
	}
	binary := filepath.Join(t.TempDir(), "sim")
	build := exec.Command("go", "build", "-o", binary, "./sim")
	build.Dir = filepath.Dir(strings.TrimSpace(string(gomod)))
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./sim: %v\n%s", err, out)
	}
	cmd := exec.Command(binary)
	cmd.Env = append(os.Environ(), "SIM_ADDR=127.0.0.1:0", "SIM_SMTP_ADDR=127.0.0.1:0", "SIM_RAZORPAY_WEBHOOK_URL="+webhookURL)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	listening := make(chan string, 1)
	exited := make(chan error, 1)
	go func() {
		lines := bufio.NewScanner(stdout)
		for lines.Scan() {
			if line, ok := strings.CutPrefix(lines.Text(), "sim listening http="); ok {
				listening <- strings.Fields(line)[0]
			}
		}
		exited <- cmd.Wait()
	}()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case err := <-exited:
			if err != nil {
				t.Errorf("sim exit: %v", err)
			}
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Error("sim did not stop within 10 s of SIGTERM")
		}
	})
	select {
	case addr := <-listening:
		return "http://" + addr
	case <-time.After(10 * time.Second):
		t.Fatal("sim printed no listening line within 10 s")
		return ""
	}
}

// TestAgainstSim runs the client against the real sim binary with its default
// key pair: create, pay (as a browser would, through sim's checkout endpoint),
// verify, fetch, refund twice with one key, injected 503s, and signed webhooks.
func TestAgainstSim(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs sim; skipped in -short mode")
	}
	const keyID, keySecret, webhookSecret = "rzp_test_drape", "drape-sim-key-secret", "drape-sim-webhook-secret"
	events := make(chan Event, 100)
	shop := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if !VerifyWebhook(webhookSecret, body, r.Header.Get("X-Razorpay-Signature")) || r.Header.Get("X-Razorpay-Event-Id") == "" {
			t.Errorf("webhook %s: bad signature or no event id", body)
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		event, err := ParseEvent(body)
		if err != nil {
			t.Errorf("webhook: %v", err)
		}
		events <- event
	}))
	defer shop.Close()
	base := startSim(t, shop.URL)
	client := New(base+"/razorpay", keyID, keySecret, nil)
	ctx := context.Background()
	var order Order
	// Each state change's webhooks come in order; waiting between changes keeps the whole list ordered.
	var names []string
	waitEvents := func(n int) {
		t.Helper()
		for want := len(names) + n; len(names) < want; {
			select {
			case event := <-events:
				names = append(names, event.Event)
				if event.Payload.Payment == nil || event.Payload.Payment.Entity.OrderID != order.ID {
					t.Errorf("%s without this order's payment", event.Event)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("webhooks so far %v", names)
			}
		}
	}

	var err error
	order, err = client.CreateOrder(ctx, 129900, "DRP-1718000000000-abcdefghij", nil)
	if err != nil {
		t.Fatal(err)
	}
	if order.Status != "created" || order.Amount != 129900 || order.Notes == nil {
		t.Errorf("order = %+v", order)
	}
	resp, err := http.Post(base+"/razorpay/checkout/pay", "application/json",
		strings.NewReader(`{"order_id":"`+order.ID+`","key_id":"`+keyID+`","outcome":"success"}`))
	if err != nil {
		t.Fatal(err)
	}
	var paid map[string]string
	json.NewDecoder(resp.Body).Decode(&paid)
	resp.Body.Close()
	if !VerifyPayment(keySecret, order.ID, paid["razorpay_payment_id"], paid["razorpay_signature"]) {
		t.Fatalf("sim's checkout signature does not verify: %v", paid)
	}
	waitEvents(3)
	if order, err = client.Order(ctx, order.ID); err != nil || order.Status != "paid" || order.AmountPaid != 129900 {
		t.Errorf("paid order = %+v, %v", order, err)
	}
	payments, err := client.OrderPayments(ctx, order.ID)
	if err != nil || len(payments) != 1 || payments[0].ID != paid["razorpay_payment_id"] || !payments[0].Captured {
		t.Fatalf("payments = %+v, %v", payments, err)
	}
	first, err := client.Refund(ctx, payments[0].ID, 0, "refund_"+order.ID, nil)
	if err != nil || first.Status != "processed" || first.Amount != 129900 {
		t.Fatalf("refund = %+v, %v", first, err)
	}
	if again, err := client.Refund(ctx, payments[0].ID, 0, "refund_"+order.ID, nil); err != nil || again.ID != first.ID {
		t.Errorf("same key again = %+v, %v", again, err)
	}
	if payment, err := client.Payment(ctx, payments[0].ID); err != nil || payment.Status != "refunded" || payment.RefundStatus != "full" {
		t.Errorf("refunded payment = %+v, %v", payment, err)
	}

	if _, err := client.CreateOrder(ctx, 50, "r", nil); IsTemporary(err) || !strings.Contains(err.Error(), "at least INR 1.00") {
		t.Errorf("small amount: %v", err)
	}
	resp, err = http.Post(base+"/razorpay/control", "application/json", strings.NewReader(`{"failNextOrders": 1}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var apiErr *APIError
	if _, err := client.CreateOrder(ctx, 100, "r", nil); !errors.As(err, &apiErr) || apiErr.Status != 503 || !IsTemporary(err) {
		t.Errorf("injected failure: %v", err)
	}
	if _, err := New(base+"/razorpay", keyID, "wrong", nil).Order(ctx, order.ID); !errors.As(err, &apiErr) || apiErr.Status != 401 || IsTemporary(err) {
		t.Errorf("wrong secret: %v", err)
	}

	waitEvents(2)
	if want := "payment.authorized payment.captured order.paid refund.created refund.processed"; strings.Join(names, " ") != want {
		t.Errorf("webhooks %v, want %s", names, want)
	}
}
