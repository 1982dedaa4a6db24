package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

const testShiprocketWebhookToken = "drape-sim-courier-token"

// testShiprocketSim returns sim's Shiprocket for cfg (empty fields take the
// defaults, step stays as given: 0 means no automatic steps), logging nowhere
// and retrying webhooks after 10 ms instead of 1 s.
func testShiprocketSim(t *testing.T, cfg shiprocketConfig) *shiprocketSim {
	t.Helper()
	defaults, problems := loadShiprocketConfig(func(string) string { return "" })
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	if cfg.email == "" {
		cfg.email = defaults.email
	}
	if cfg.password == "" {
		cfg.password = defaults.password
	}
	if cfg.pickupLocation == "" {
		cfg.pickupLocation = defaults.pickupLocation
	}
	if cfg.tokenTTL == 0 {
		cfg.tokenTTL = defaults.tokenTTL
	}
	s := newShiprocketSim(cfg, slog.New(slog.NewJSONHandler(io.Discard, nil)))
	s.retryBase = 10 * time.Millisecond
	t.Cleanup(s.close)
	return s
}

// shiprocketTest is Shiprocket's routes on a mux with webhooks going to a receiver.
type shiprocketTest struct {
	server   *httptest.Server
	sim      *shiprocketSim
	webhooks *webhookReceiver
}

func newShiprocketTest(t *testing.T, step time.Duration) *shiprocketTest {
	t.Helper()
	webhooks := newWebhookReceiver(t)
	sim := testShiprocketSim(t, shiprocketConfig{
		webhookURL: webhooks.URL + "/api/hooks/courier", webhookToken: testShiprocketWebhookToken, step: step,
	})
	mux := http.NewServeMux()
	registerShiprocket(mux, sim)
	server := httptest.NewServer(mux)
	t.Cleanup(server.Close)
	return &shiprocketTest{server: server, sim: sim, webhooks: webhooks}
}

// call sends a request with token as bearer (none when empty) and decodes the
// JSON answer (nil for an empty one, such as a 204).
func (st *shiprocketTest) call(t *testing.T, method, path, token string, body any) (int, map[string]any) {
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
	req, err := http.NewRequest(method, st.server.URL+path, reader)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if len(bytes.TrimSpace(data)) == 0 {
		return resp.StatusCode, nil
	}
	var decoded map[string]any
	if err := json.Unmarshal(data, &decoded); err != nil {
		t.Fatalf("%s %s answered %d %q: %v", method, path, resp.StatusCode, data, err)
	}
	return resp.StatusCode, decoded
}

// login returns a fresh token of the default API user.
func (st *shiprocketTest) login(t *testing.T) string {
	t.Helper()
	status, answer := st.call(t, "POST", "/shiprocket/v1/external/auth/login", "", map[string]string{
		"email": defaultShiprocketEmail, "password": defaultShiprocketPassword,
	})
	token, _ := answer["token"].(string)
	if status != http.StatusOK || token == "" {
		t.Fatalf("login: %d %v", status, answer)
	}
	return token
}

// shiprocketOrderBody is a valid adhoc order body with Shiprocket's field names.
func shiprocketOrderBody(orderID string) map[string]any {
	return map[string]any{
		"order_id": orderID, "order_date": "2026-05-01 15:34", "pickup_location": "Primary", "comment": "Reseller: drape",
		"billing_customer_name": "Asha", "billing_last_name": "Rao", "billing_address": "12 MG Road", "billing_city": "Kolkata",
		"billing_pincode": 700016, "billing_state": "West Bengal", "billing_country": "India", "billing_email": "asha@example.com",
		"billing_phone": 9876543210, "shipping_is_billing": true,
		"order_items": []any{
			map[string]any{"name": "Oxford shirt, white", "sku": "SH-OX-WHT-40", "units": 2, "selling_price": 1299, "discount": 100.5, "tax": 12, "hsn": "6205"},
		},
		"payment_method": "Prepaid", "sub_total": 2497.5, "length": 30, "breadth": 25, "height": 5, "weight": 0.8, "order_type": "ESSENTIALS",
	}
}

// create posts an order and returns Shiprocket's order and shipment ids.
func (st *shiprocketTest) create(t *testing.T, token, orderID string) (int64, int64) {
	t.Helper()
	status, answer := st.call(t, "POST", "/shiprocket/v1/external/orders/create/adhoc", token, shiprocketOrderBody(orderID))
	if status != http.StatusOK {
		t.Fatalf("create %s: %d %v", orderID, status, answer)
	}
	return int64(answer["order_id"].(float64)), int64(answer["shipment_id"].(float64))
}

// control posts a control change and returns the control state.
func (st *shiprocketTest) control(t *testing.T, change map[string]any) map[string]any {
	t.Helper()
	status, state := st.call(t, "POST", "/shiprocket/control", "", change)
	if status != http.StatusOK {
		t.Fatalf("control %v: %d %v", change, status, state)
	}
	return state
}

// state is GET /shiprocket/control.
func (st *shiprocketTest) state(t *testing.T) shiprocketControlState {
	t.Helper()
	resp, err := http.Get(st.server.URL + "/shiprocket/control")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var state shiprocketControlState
	if err := json.NewDecoder(resp.Body).Decode(&state); err != nil {
		t.Fatal(err)
	}
	return state
}

// advance moves the order one status on and returns the control's answer.
func (st *shiprocketTest) advance(t *testing.T, orderID string) (int, map[string]any) {
	t.Helper()
	return st.call(t, "POST", "/shiprocket/control/advance", "", map[string]string{"order_id": orderID})
}

// statusUpdate is a webhook body as the shop reads it.
type statusUpdate struct {
	AWB              string `json:"awb"`
	CourierName      string `json:"courier_name"`
	CurrentStatus    string `json:"current_status"`
	CurrentStatusID  int    `json:"current_status_id"`
	ShipmentStatus   string `json:"shipment_status"`
	ShipmentStatusID int    `json:"shipment_status_id"`
	CurrentTimestamp string `json:"current_timestamp"`
	OrderID          string `json:"order_id"`
	SROrderID        int64  `json:"sr_order_id"`
	ETD              string `json:"etd"`
	Scans            []struct {
		Date          string `json:"date"`
		Status        string `json:"status"`
		Activity      string `json:"activity"`
		Location      string `json:"location"`
		SRStatus      string `json:"sr-status"`
		SRStatusLabel string `json:"sr-status-label"`
	} `json:"scans"`
	IsReturn  int   `json:"is_return"`
	ChannelID int64 `json:"channel_id"`
}

// checkStatusUpdate checks one delivery's headers and returns its body.
func checkStatusUpdate(t *testing.T, delivery webhookDelivery) statusUpdate {
	t.Helper()
	if got := delivery.header.Get("x-api-key"); got != testShiprocketWebhookToken {
		t.Errorf("x-api-key %q", got)
	}
	if got := delivery.header.Get("Content-Type"); got != "application/json" {
		t.Errorf("Content-Type %q", got)
	}
	var update statusUpdate
	if err := json.Unmarshal(delivery.body, &update); err != nil {
		t.Fatalf("webhook body %q: %v", delivery.body, err)
	}
	for _, key := range []string{"awb", "courier_name", "current_status", "current_status_id", "shipment_status", "shipment_status_id",
		"current_timestamp", "order_id", "sr_order_id", "awb_assigned_date", "pickup_scheduled_date", "etd", "scans", "is_return",
		"channel_id", "pod_status", "pod", "qc_image", "qc_failure_reason"} {
		if !bytes.Contains(delivery.body, []byte(`"`+key+`":`)) {
			t.Errorf("webhook body lacks %s: %s", key, delivery.body)
		}
	}
	return update
}

var shiprocketTimestampPattern = regexp.MustCompile(`^\d{2} \d{2} \d{4} \d{2}:\d{2}:\d{2}$`)

func TestShiprocketConfig(t *testing.T) {
	cfg, err := loadConfig(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	want := shiprocketConfig{email: "api@drape.local", password: "drape-sim-shiprocket", pickupLocation: "Primary", tokenTTL: 240 * time.Hour, step: 2 * time.Second}
	if cfg.shiprocket != want {
		t.Errorf("defaults = %+v, want %+v", cfg.shiprocket, want)
	}
	env := map[string]string{
		"SIM_SHIPROCKET_EMAIL": "ops@shop.example", "SIM_SHIPROCKET_PASSWORD": "pw-1", "SIM_SHIPROCKET_PICKUP_LOCATION": "Warehouse",
		"SIM_SHIPROCKET_WEBHOOK_URL": "http://127.0.0.1:8080/api/hooks/courier", "SIM_SHIPROCKET_WEBHOOK_TOKEN": "tok",
		"SIM_SHIPROCKET_TOKEN_TTL": "1h", "SIM_SHIPROCKET_STEP": "off",
	}
	cfg, err = loadConfig(func(key string) string { return env[key] })
	if err != nil {
		t.Fatal(err)
	}
	want = shiprocketConfig{email: "ops@shop.example", password: "pw-1", pickupLocation: "Warehouse", webhookURL: "http://127.0.0.1:8080/api/hooks/courier",
		webhookToken: "tok", tokenTTL: time.Hour}
	if cfg.shiprocket != want {
		t.Errorf("config = %+v, want %+v", cfg.shiprocket, want)
	}
	for raw, step := range map[string]time.Duration{"0": 0, "off": 0, "250ms": 250 * time.Millisecond} {
		if cfg, err := loadConfig(func(key string) string { return map[string]string{"SIM_SHIPROCKET_STEP": raw}[key] }); err != nil || cfg.shiprocket.step != step {
			t.Errorf("step %q: %v, %v", raw, cfg.shiprocket.step, err)
		}
	}

	bad := map[string]string{
		"SIM_SHIPROCKET_EMAIL":         "not-an-email",
		"SIM_SHIPROCKET_PASSWORD":      "has space",
		"SIM_SHIPROCKET_WEBHOOK_TOKEN": "tab\there",
		"SIM_SHIPROCKET_WEBHOOK_URL":   "127.0.0.1:8080/hook",
		"SIM_SHIPROCKET_TOKEN_TTL":     "forever",
		"SIM_SHIPROCKET_STEP":          "-1s",
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
	for _, forbidden := range []string{"http://127.0.0.1:8080/api/shiprocket", "http://127.0.0.1:8080/api/hooks/sr-status", "http://kr.example/hook"} {
		_, err := loadConfig(func(key string) string { return map[string]string{"SIM_SHIPROCKET_WEBHOOK_URL": forbidden}[key] })
		if err == nil || !strings.Contains(err.Error(), "refuses webhook URLs") {
			t.Errorf("%s: %v", forbidden, err)
		}
	}
}

func TestShiprocketLogin(t *testing.T) {
	st := newShiprocketTest(t, 0)
	before := time.Now()
	status, answer := st.call(t, "POST", "/shiprocket/v1/external/auth/login", "", map[string]string{
		"email": "API@drape.local", "password": defaultShiprocketPassword,
	})
	if status != http.StatusOK || answer["email"] != defaultShiprocketEmail || answer["company_id"] != float64(shiprocketCompanyID) || answer["id"] == nil {
		t.Fatalf("login: %d %v", status, answer)
	}
	token := answer["token"].(string)
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		t.Fatalf("token %q is not a JWT", token)
	}
	var header, claims map[string]any
	for i, into := range []*map[string]any{&header, &claims} {
		data, err := base64.RawURLEncoding.DecodeString(parts[i])
		if err != nil || json.Unmarshal(data, into) != nil {
			t.Fatalf("token part %d: %v", i, err)
		}
	}
	iat, exp := int64(claims["iat"].(float64)), int64(claims["exp"].(float64))
	if header["alg"] != "HS256" || exp-iat != int64((240*time.Hour).Seconds()) || iat < before.Unix()-1 {
		t.Errorf("header %v, claims %v", header, claims)
	}
	if again := st.login(t); again == token {
		t.Error("two logins gave the same token")
	}

	status, answer = st.call(t, "POST", "/shiprocket/v1/external/auth/login", "", map[string]string{"email": defaultShiprocketEmail, "password": "wrong"})
	if status != http.StatusBadRequest || answer["message"] != "Invalid email and password combination" || answer["status_code"] != 400.0 {
		t.Errorf("wrong password: %d %v", status, answer)
	}
	status, answer = st.call(t, "POST", "/shiprocket/v1/external/auth/login", "", map[string]string{})
	errs, _ := answer["errors"].(map[string]any)
	if status != http.StatusUnprocessableEntity || errs["email"] == nil || errs["password"] == nil {
		t.Errorf("empty login: %d %v", status, answer)
	}
	if got := st.state(t).Tokens; got != 2 {
		t.Errorf("%d live tokens, want 2", got)
	}
}

func TestShiprocketAuthentication(t *testing.T) {
	st := newShiprocketTest(t, 0)
	var clockMu sync.Mutex
	var skew time.Duration
	st.sim.now = func() time.Time {
		clockMu.Lock()
		defer clockMu.Unlock()
		return time.Now().Add(skew)
	}
	token := st.login(t)
	paths := []struct{ method, path string }{
		{"POST", "/shiprocket/v1/external/orders/create/adhoc"}, {"POST", "/shiprocket/v1/external/orders/cancel"},
		{"GET", "/shiprocket/v1/external/courier/track/shipment/1"}, {"GET", "/shiprocket/v1/external/courier/track/awb/1"},
		{"GET", "/shiprocket/v1/external/courier/serviceability?pickup_postcode=560001&delivery_postcode=700016&cod=0&weight=1"},
		{"GET", "/shiprocket/v1/external/orders?search=DRP-1"},
	}
	refused := func(name, token, message string) {
		t.Helper()
		for _, p := range paths {
			status, answer := st.call(t, p.method, p.path, token, map[string]any{})
			if status != http.StatusUnauthorized || answer["message"] != message || answer["status_code"] != 401.0 {
				t.Errorf("%s %s %s: %d %v", name, p.method, p.path, status, answer)
			}
		}
	}
	refused("no token", "", "Token not provided")
	refused("forged", token[:len(token)-4]+"AAAA", "Token Signature could not be verified.")

	if status, _ := st.call(t, "GET", "/shiprocket/v1/external/courier/track/awb/1", token, nil); status != http.StatusOK {
		t.Fatalf("live token: %d", status)
	}
	clockMu.Lock()
	skew = 240*time.Hour + time.Second
	clockMu.Unlock()
	refused("expired", token, "Token has expired")
	clockMu.Lock()
	skew = 0
	clockMu.Unlock()

	fresh := st.login(t)
	state := st.control(t, map[string]any{"unauthorized": true})
	if state["tokens"] != 0.0 {
		t.Errorf("tokens after revoke: %v", state["tokens"])
	}
	refused("revoked", fresh, "The token has been blacklisted")
	again := st.login(t)
	if status, _ := st.call(t, "GET", "/shiprocket/v1/external/courier/track/awb/1", again, nil); status != http.StatusOK {
		t.Errorf("token after revoke and login: %d", status)
	}
	if status, _ := st.call(t, "POST", "/shiprocket/v1/external/auth/logout", again, nil); status != http.StatusOK {
		t.Errorf("logout: %d", status)
	}
	refused("logged out", again, "The token has been blacklisted")
	if got := st.state(t).CreateRequests; got != 0 {
		t.Errorf("%d create requests counted without a token", got)
	}
	if status, answer := st.call(t, "GET", "/shiprocket/v1/external/nothing", "", nil); status != http.StatusNotFound || answer["message"] != "404 Not Found" {
		t.Errorf("unknown route: %d %v", status, answer)
	}
}

func TestShiprocketCreateAndDuplicates(t *testing.T) {
	st := newShiprocketTest(t, 0)
	token := st.login(t)
	status, answer := st.call(t, "POST", "/shiprocket/v1/external/orders/create/adhoc", token, shiprocketOrderBody("DRP-1"))
	if status != http.StatusOK {
		t.Fatalf("create: %d %v", status, answer)
	}
	want := map[string]any{
		"order_id": answer["order_id"], "shipment_id": answer["shipment_id"], "status": "NEW", "status_code": 1.0,
		"onboarding_completed_now": 0.0, "awb_code": nil, "courier_company_id": nil, "courier_name": nil,
	}
	if fmt.Sprint(answer) != fmt.Sprint(want) {
		t.Errorf("answer = %v", answer)
	}
	srOrderID, _ := answer["order_id"].(float64)
	shipmentID, _ := answer["shipment_id"].(float64)
	if srOrderID < 1 || shipmentID < 1 || srOrderID != float64(int64(srOrderID)) {
		t.Errorf("ids %v %v", answer["order_id"], answer["shipment_id"])
	}

	// The same channel order id again: refused, and counted as a duplicate.
	status, answer = st.call(t, "POST", "/shiprocket/v1/external/orders/create/adhoc", token, shiprocketOrderBody("DRP-1"))
	errs, _ := answer["errors"].(map[string]any)
	if status != http.StatusUnprocessableEntity || answer["message"] != "Order Id Already Exists" || fmt.Sprint(errs["order_id"]) != "[The order id has already been taken.]" {
		t.Errorf("duplicate: %d %v", status, answer)
	}
	second, _ := st.create(t, token, "DRP-2")
	state := st.state(t)
	if state.Orders != 2 || state.Duplicates != 1 || state.CreateRequests != 3 || state.Attempts["DRP-1"] != 2 || state.Attempts["DRP-2"] != 1 {
		t.Errorf("state = %+v", state)
	}

	// A cancelled order's id stays taken.
	if status, answer := st.call(t, "POST", "/shiprocket/v1/external/orders/cancel", token, map[string]any{"ids": []int64{second}}); status != http.StatusNoContent {
		t.Fatalf("cancel: %d %v", status, answer)
	}
	if status, _ := st.call(t, "POST", "/shiprocket/v1/external/orders/create/adhoc", token, shiprocketOrderBody("DRP-2")); status != http.StatusUnprocessableEntity {
		t.Errorf("cancelled id reused: %d", status)
	}
	// An invalid request for a created id is still a duplicate attempt.
	invalid := shiprocketOrderBody("DRP-1")
	delete(invalid, "weight")
	st.call(t, "POST", "/shiprocket/v1/external/orders/create/adhoc", token, invalid)
	if state := st.state(t); state.Duplicates != 3 || state.Cancelled != 1 || state.Attempts["DRP-1"] != 3 {
		t.Errorf("state = %+v", state)
	}
}

func TestShiprocketCreateValidation(t *testing.T) {
	st := newShiprocketTest(t, 0)
	token := st.login(t)
	for _, test := range []struct {
		name    string
		change  func(map[string]any)
		field   string
		message string
	}{
		{"no order id", func(b map[string]any) { delete(b, "order_id") }, "order_id", "The order id field is required."},
		{"long order id", func(b map[string]any) { b["order_id"] = strings.Repeat("x", 51) }, "order_id", "The order id may not be greater than 50 characters."},
		{"bad date", func(b map[string]any) { b["order_date"] = "01-05-2026" }, "order_date", "The order date does not match the format Y-m-d H:i."},
		{"no pickup", func(b map[string]any) { b["pickup_location"] = "" }, "pickup_location", "The pickup location field is required."},
		{"no name", func(b map[string]any) { delete(b, "billing_customer_name") }, "billing_customer_name", "The billing customer name field is required."},
		{"short pincode", func(b map[string]any) { b["billing_pincode"] = 70001 }, "billing_pincode", "The billing pincode must be 6 digits."},
		{"short phone", func(b map[string]any) { b["billing_phone"] = "987654321" }, "billing_phone", "The billing phone must be 10 digits."},
		{"bad email", func(b map[string]any) { b["billing_email"] = "asha.example.com" }, "billing_email", "The billing email must be a valid email address."},
		{"long city", func(b map[string]any) { b["billing_city"] = strings.Repeat("c", 31) }, "billing_city", "The billing city may not be greater than 30 characters."},
		{"no shipping_is_billing", func(b map[string]any) { delete(b, "shipping_is_billing") }, "shipping_is_billing", "The shipping is billing field is required."},
		{"shipping without address", func(b map[string]any) { b["shipping_is_billing"] = false }, "shipping_address", "The shipping address field is required when shipping is billing is 0."},
		{"no items", func(b map[string]any) { b["order_items"] = []any{} }, "order_items", "The order items field is required."},
		{"zero units", func(b map[string]any) { b["order_items"].([]any)[0].(map[string]any)["units"] = 0 }, "order_items.0.units", "The order_items.0.units must be at least 1."},
		{"item without sku", func(b map[string]any) { delete(b["order_items"].([]any)[0].(map[string]any), "sku") }, "order_items.0.sku", "The order_items.0.sku field is required."},
		{"lowercase cod", func(b map[string]any) { b["payment_method"] = "cod" }, "payment_method", "The selected payment method is invalid."},
		{"no payment method", func(b map[string]any) { delete(b, "payment_method") }, "payment_method", "The payment method field is required."},
		{"no sub total", func(b map[string]any) { delete(b, "sub_total") }, "sub_total", "The sub total field is required."},
		{"lowercase order type", func(b map[string]any) { b["order_type"] = "essentials" }, "order_type", "The selected order type is invalid."},
		{"thin parcel", func(b map[string]any) { b["height"] = 0.5 }, "height", "The height must be greater than 0.5."},
		{"no length", func(b map[string]any) { delete(b, "length") }, "length", "The length field is required."},
		{"zero weight", func(b map[string]any) { b["weight"] = 0 }, "weight", "The weight must be greater than 0."},
	} {
		body := shiprocketOrderBody("DRP-" + test.name)
		test.change(body)
		status, answer := st.call(t, "POST", "/shiprocket/v1/external/orders/create/adhoc", token, body)
		errs, _ := answer["errors"].(map[string]any)
		messages, _ := errs[test.field].([]any)
		if status != http.StatusUnprocessableEntity || answer["message"] != "Oops! Invalid Data." || answer["status_code"] != 422.0 ||
			len(messages) == 0 || messages[0] != test.message {
			t.Errorf("%s: %d %v", test.name, status, answer)
		}
	}
	status, answer := st.call(t, "POST", "/shiprocket/v1/external/orders/create/adhoc", token, "not json")
	if errs, _ := answer["errors"].(map[string]any); status != http.StatusUnprocessableEntity || len(errs) < 10 {
		t.Errorf("not json: %d %v", status, answer)
	}
	wrongPickup := shiprocketOrderBody("DRP-pickup")
	wrongPickup["pickup_location"] = "Home"
	status, answer = st.call(t, "POST", "/shiprocket/v1/external/orders/create/adhoc", token, wrongPickup)
	if status != http.StatusUnprocessableEntity || !strings.HasPrefix(answer["message"].(string), "Wrong Pickup location entered") {
		t.Errorf("wrong pickup: %d %v", status, answer)
	}
	if got := st.state(t).Orders; got != 0 {
		t.Fatalf("%d orders created by invalid requests", got)
	}

	for name, change := range map[string]func(map[string]any){
		"blank order type": func(b map[string]any) { b["order_type"] = "" },
		"non essentials":   func(b map[string]any) { b["order_type"] = "NON ESSENTIALS" },
		"numbers as strings": func(b map[string]any) {
			b["billing_pincode"], b["billing_phone"], b["weight"] = "700016", "9876543210", "0.8"
		},
		"shipping_is_billing 1":  func(b map[string]any) { b["shipping_is_billing"] = 1 },
		"date without time":      func(b map[string]any) { b["order_date"] = "2026-05-01" },
		"cod, lowercase pickup":  func(b map[string]any) { b["payment_method"], b["pickup_location"] = "COD", "primary" },
		"separate shipping":      func(b map[string]any) { addShipping(b) },
		"unknown fields ignored": func(b map[string]any) { b["images"], b["size"] = []string{"x.jpg"}, "40" },
	} {
		body := shiprocketOrderBody("DRP-ok-" + name)
		change(body)
		if status, answer := st.call(t, "POST", "/shiprocket/v1/external/orders/create/adhoc", token, body); status != http.StatusOK {
			t.Errorf("%s: %d %v", name, status, answer)
		}
	}
}

// addShipping gives an order body a shipping address of its own.
func addShipping(body map[string]any) {
	body["shipping_is_billing"] = false
	for key, value := range map[string]any{
		"shipping_customer_name": "Ravi", "shipping_address": "3 Park Street", "shipping_city": "Mumbai", "shipping_pincode": 400001,
		"shipping_state": "Maharashtra", "shipping_country": "India", "shipping_phone": 9123456780, "shipping_email": "ravi@example.com",
	} {
		body[key] = value
	}
}

func TestShiprocketDriverWalksAnOrderWithWebhooks(t *testing.T) {
	st := newShiprocketTest(t, 0)
	token := st.login(t)
	srOrderID, shipmentID := st.create(t, token, "DRP-walk")
	trackShipment := fmt.Sprintf("/shiprocket/v1/external/courier/track/shipment/%d", shipmentID)
	if _, answer := st.call(t, "GET", trackShipment, token, nil); fmt.Sprint(answer) != fmt.Sprint(map[string]any{
		"tracking_data": map[string]any{"track_status": 0.0, "error": shiprocketNotFoundError}}) {
		t.Errorf("tracking before an AWB: %v", answer)
	}

	names := []string{"PICKUP SCHEDULED", "SHIPPED", "IN TRANSIT", "OUT FOR DELIVERY", "DELIVERED"}
	labels := []string{"Pickup Scheduled", "Shipped", "In Transit", "Out For Delivery", "Delivered"}
	var awb string
	for i, name := range names {
		status, answer := st.advance(t, "DRP-walk")
		if status != http.StatusOK || answer["status"] != name || answer["webhook"] != "delivered" || answer["sr_order_id"] != float64(srOrderID) {
			t.Fatalf("advance to %s: %d %v", name, status, answer)
		}
		// The status is visible through tracking once the webhook is out.
		_, tracking := st.call(t, "GET", trackShipment, token, nil)
		data := tracking["tracking_data"].(map[string]any)
		track := data["shipment_track"].([]any)[0].(map[string]any)
		activities := data["shipment_track_activities"].([]any)
		if data["track_status"] != 1.0 || track["current_status"] != labels[i] || len(activities) != i+1 ||
			activities[0].(map[string]any)["sr-status-label"] != name || track["shipment_id"] != float64(shipmentID) || track["order_id"] != float64(srOrderID) {
			t.Errorf("tracking at %s: %v", name, tracking)
		}
		if i == 0 {
			awb = track["awb_code"].(string)
			if len(awb) != 14 || answer["awb"] != awb || track["courier_name"] != "Delhivery Surface" {
				t.Errorf("awb %q, answer %v", awb, answer)
			}
		}
	}
	if status, answer := st.advance(t, "DRP-walk"); status != http.StatusConflict {
		t.Errorf("advance past delivered: %d %v", status, answer)
	}
	_, byAWB := st.call(t, "GET", "/shiprocket/v1/external/courier/track/awb/"+awb, token, nil)
	data := byAWB["tracking_data"].(map[string]any)
	track := data["shipment_track"].([]any)[0].(map[string]any)
	if data["shipment_status"] != 7.0 || track["current_status"] != "Delivered" || track["delivered_date"] == nil || track["pod"] != "Available" ||
		data["track_url"] != "https://shiprocket.co/tracking/"+awb {
		t.Errorf("tracking by awb: %v", byAWB)
	}

	deliveries := st.webhooks.wait(t, len(names))
	for i, delivery := range deliveries {
		if got := delivery.header.Get("x-api-key"); got != testShiprocketWebhookToken {
			t.Errorf("webhook %d: x-api-key %q", i, got)
		}
		update := checkStatusUpdate(t, delivery)
		if update.CurrentStatus != names[i] || update.ShipmentStatus != names[i] || update.OrderID != "DRP-walk" || update.SROrderID != srOrderID ||
			update.AWB != awb || update.CourierName != "Delhivery Surface" || update.ChannelID != shiprocketChannelID || update.IsReturn != 0 ||
			!shiprocketTimestampPattern.MatchString(update.CurrentTimestamp) || len(update.Scans) != i+1 || update.Scans[i].SRStatusLabel != names[i] {
			t.Errorf("webhook %d = %+v", i, update)
		}
		if _, err := time.ParseInLocation("02 01 2006 15:04:05", update.CurrentTimestamp, shiprocketIST); err != nil {
			t.Errorf("current_timestamp %q: %v", update.CurrentTimestamp, err)
		}
		if update.Scans[0].SRStatusLabel != "PICKUP SCHEDULED" {
			t.Errorf("scans are not oldest first: %+v", update.Scans)
		}
		if names[i] == "IN TRANSIT" && (update.CurrentStatusID != 20 || update.ShipmentStatusID != 18) {
			t.Errorf("IN TRANSIT ids %d/%d, want Shiprocket's 20/18", update.CurrentStatusID, update.ShipmentStatusID)
		}
	}
	if state := st.state(t); state.WebhooksDelivered != 5 || state.Delivered != 1 {
		t.Errorf("state = %+v", state)
	}
	if status, _ := st.call(t, "POST", "/shiprocket/control/advance", "", map[string]string{"order_id": "DRP-none"}); status != http.StatusNotFound {
		t.Errorf("advance unknown: %d", status)
	}
	if status, _ := st.call(t, "POST", "/shiprocket/control/advance", "", map[string]any{}); status != http.StatusBadRequest {
		t.Errorf("advance without id: %d", status)
	}
}

func TestShiprocketDriverAdvancesOnItsOwn(t *testing.T) {
	st := newShiprocketTest(t, 20*time.Millisecond)
	token := st.login(t)
	st.create(t, token, "DRP-auto-1")
	st.create(t, token, "DRP-auto-2")
	deliveries := st.webhooks.wait(t, 10)
	seen := map[string][]string{}
	for _, delivery := range deliveries {
		update := checkStatusUpdate(t, delivery)
		seen[update.OrderID] = append(seen[update.OrderID], update.CurrentStatus)
	}
	for _, id := range []string{"DRP-auto-1", "DRP-auto-2"} {
		if got := strings.Join(seen[id], ","); got != "PICKUP SCHEDULED,SHIPPED,IN TRANSIT,OUT FOR DELIVERY,DELIVERED" {
			t.Errorf("%s webhooks %s", id, got)
		}
	}
	time.Sleep(100 * time.Millisecond)
	if n := st.webhooks.count(); n != 10 {
		t.Errorf("%d webhooks after delivery, want 10", n)
	}
	if state := st.state(t); state.Step != "20ms" || state.Delivered != 2 {
		t.Errorf("state = %+v", state)
	}
}

func TestShiprocketWebhookRetriesKeepOrder(t *testing.T) {
	st := newShiprocketTest(t, 0)
	st.webhooks.mu.Lock()
	st.webhooks.status = func(n int) int {
		switch n {
		case 1:
			return http.StatusInternalServerError
		case 2:
			return http.StatusNoContent // only 200 counts
		}
		return http.StatusOK
	}
	st.webhooks.mu.Unlock()
	token := st.login(t)
	st.create(t, token, "DRP-retry")
	if _, answer := st.advance(t, "DRP-retry"); answer["webhook"] != "failed (retrying)" {
		t.Errorf("first advance: %v", answer)
	}
	st.advance(t, "DRP-retry")
	deliveries := st.webhooks.wait(t, 4)
	var statuses []string
	for _, delivery := range deliveries {
		statuses = append(statuses, checkStatusUpdate(t, delivery).CurrentStatus)
	}
	if got := strings.Join(statuses, ","); got != "PICKUP SCHEDULED,PICKUP SCHEDULED,PICKUP SCHEDULED,SHIPPED" {
		t.Errorf("deliveries %s", got)
	}
	if state := st.state(t); state.WebhooksDelivered != 2 || state.WebhookAttemptsFailed != 2 || state.WebhooksAbandoned != 0 {
		t.Errorf("state = %+v", state)
	}

	st.webhooks.mu.Lock()
	st.webhooks.status = func(int) int { return http.StatusBadGateway }
	st.webhooks.mu.Unlock()
	st.advance(t, "DRP-retry")
	st.webhooks.wait(t, 4+shiprocketWebhookTries)
	deadline := time.Now().Add(5 * time.Second)
	for st.state(t).WebhooksAbandoned != 1 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if state := st.state(t); state.WebhooksAbandoned != 1 || state.WebhookAttemptsFailed != 2+shiprocketWebhookTries {
		t.Errorf("state = %+v", state)
	}

	st.control(t, map[string]any{"webhooks": "off"})
	before := st.webhooks.count()
	if _, answer := st.advance(t, "DRP-retry"); answer["webhook"] != "not sent" || answer["status"] != "OUT FOR DELIVERY" {
		t.Errorf("advance with webhooks off: %v", answer)
	}
	if st.webhooks.count() != before {
		t.Error("webhook sent while off")
	}
}

func TestShiprocketCancel(t *testing.T) {
	st := newShiprocketTest(t, 0)
	token := st.login(t)
	cancel := func(ids any) (int, map[string]any) {
		t.Helper()
		return st.call(t, "POST", "/shiprocket/v1/external/orders/cancel", token, ids)
	}
	early, earlyShipment := st.create(t, token, "DRP-early")
	late, _ := st.create(t, token, "DRP-late")
	shipped, _ := st.create(t, token, "DRP-shipped")
	st.advance(t, "DRP-late")
	st.advance(t, "DRP-shipped")
	st.advance(t, "DRP-shipped")
	st.webhooks.wait(t, 3)

	if status, answer := cancel(map[string]any{"ids": []int64{early, late}}); status != http.StatusNoContent || answer != nil {
		t.Fatalf("cancel: %d %v", status, answer)
	}
	// The order with an AWB reports CANCELED; the one without has nothing to track.
	update := checkStatusUpdate(t, st.webhooks.wait(t, 4)[3])
	if update.CurrentStatus != "CANCELED" || update.OrderID != "DRP-late" || update.ShipmentStatusID != 8 {
		t.Errorf("cancel webhook = %+v", update)
	}
	if _, answer := st.call(t, "GET", fmt.Sprintf("/shiprocket/v1/external/courier/track/shipment/%d", earlyShipment), token, nil); answer["tracking_data"].(map[string]any)["track_status"] != 0.0 {
		t.Errorf("tracking of an order cancelled before its AWB: %v", answer)
	}

	// A cancelled order goes no further, by hand or by the driver.
	if status, _ := st.advance(t, "DRP-late"); status != http.StatusConflict {
		t.Errorf("advance cancelled: %d", status)
	}
	st.control(t, map[string]any{"step": "10ms"})
	time.Sleep(150 * time.Millisecond)
	st.control(t, map[string]any{"step": "off"})
	deliveries := st.webhooks.wait(t, st.webhooks.count())
	for _, delivery := range deliveries[4:] {
		if update := checkStatusUpdate(t, delivery); update.OrderID != "DRP-shipped" {
			t.Errorf("a cancelled order moved on: %+v", update)
		}
	}

	if status, answer := cancel(map[string]any{"ids": []int64{late}}); status != http.StatusNoContent {
		t.Errorf("cancel twice: %d %v", status, answer)
	}
	if status, answer := cancel(map[string]any{"ids": []int64{shipped}}); status != http.StatusBadRequest || !strings.Contains(answer["message"].(string), "already picked up") {
		t.Errorf("cancel shipped: %d %v", status, answer)
	}
	for name, body := range map[string]any{"no ids": map[string]any{}, "empty ids": map[string]any{"ids": []int64{}}, "not json": "ids=1"} {
		status, answer := cancel(body)
		errs, _ := answer["errors"].(map[string]any)
		if status != http.StatusUnprocessableEntity || fmt.Sprint(errs["ids"]) != "[The ids field is required.]" {
			t.Errorf("%s: %d %v", name, status, answer)
		}
	}
	if status, answer := cancel(map[string]any{"ids": []int64{999}}); status != http.StatusUnprocessableEntity {
		t.Errorf("unknown id: %d %v", status, answer)
	}
	if state := st.state(t); state.Cancelled != 2 {
		t.Errorf("state = %+v", state)
	}
}

func TestShiprocketFaults(t *testing.T) {
	st := newShiprocketTest(t, 0)
	token := st.login(t)
	const path = "/shiprocket/v1/external/orders/create/adhoc"

	st.control(t, map[string]any{"fail": 2, "failStatus": 500})
	for _, want := range []int{500, 500, 200} {
		if status, answer := st.call(t, "POST", path, token, shiprocketOrderBody("DRP-fail")); status != want {
			t.Errorf("create: %d %v, want %d", status, answer, want)
		}
	}
	if state := st.state(t); state.Orders != 1 || state.Duplicates != 0 || state.Attempts["DRP-fail"] != 3 || state.Fail != 0 {
		t.Errorf("after failures: %+v", state)
	}

	// A create that hangs past the client's timeout still creates the order:
	// the retry is a duplicate.
	st.control(t, map[string]any{"timeout": 1, "hangMs": 5000})
	impatient := &http.Client{Timeout: 100 * time.Millisecond}
	body, _ := json.Marshal(shiprocketOrderBody("DRP-lost"))
	req, _ := http.NewRequest("POST", st.server.URL+path, bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+token)
	started := time.Now()
	if resp, err := impatient.Do(req); err == nil {
		resp.Body.Close()
		t.Fatalf("hung create answered %s", resp.Status)
	}
	if time.Since(started) > 2*time.Second {
		t.Errorf("hang outlived the client by %v", time.Since(started))
	}
	if status, _ := st.call(t, "POST", path, token, shiprocketOrderBody("DRP-lost")); status != http.StatusUnprocessableEntity {
		t.Errorf("retry after a lost answer: %d", status)
	}
	if state := st.state(t); state.Orders != 2 || state.Duplicates != 1 || state.Attempts["DRP-lost"] != 2 {
		t.Errorf("after a lost answer: %+v", state)
	}

	// timeoutCreates false: the hung create creates nothing; the retry succeeds.
	st.control(t, map[string]any{"timeout": 1, "hangMs": 50, "timeoutCreates": false})
	if status, _ := st.call(t, "POST", path, token, shiprocketOrderBody("DRP-hung")); status != http.StatusGatewayTimeout {
		t.Errorf("hung create without creating: %d", status)
	}
	st.create(t, token, "DRP-hung")
	if state := st.state(t); state.Orders != 3 || state.Duplicates != 1 {
		t.Errorf("after a hang without creating: %+v", state)
	}

	state := st.control(t, map[string]any{"fail": 3, "step": "5s"})
	if state["fail"] != 3.0 || state["step"] != "5s" {
		t.Errorf("control = %v", state)
	}
	status, reset := st.call(t, "POST", "/shiprocket/control/reset", "", nil)
	attempts, _ := reset["attempts"].(map[string]any)
	if status != http.StatusOK || reset["fail"] != 0.0 || reset["step"] != "off" || reset["duplicates"] != 0.0 || reset["createRequests"] != 0.0 ||
		len(attempts) != 0 || reset["orders"] != 3.0 || reset["timeoutCreates"] != true || reset["failStatus"] != 503.0 || reset["webhooks"] != "on" {
		t.Errorf("reset: %d %v", status, reset)
	}

	for _, bad := range []string{`{"fail":-1}`, `{"failStatus":404}`, `{"hangMs":-5}`, `{"step":"soon"}`, `{"webhooks":"duplicate"}`, `{"other":1}`, `nope`} {
		if status, answer := st.call(t, "POST", "/shiprocket/control", "", bad); status != http.StatusBadRequest || answer["error"] == nil {
			t.Errorf("control %s: %d %v", bad, status, answer)
		}
	}
}

func TestShiprocketOrdersSearch(t *testing.T) {
	st := newShiprocketTest(t, 0)
	token := st.login(t)
	first, firstShipment := st.create(t, token, "DRP-1")
	st.create(t, token, "DRP-10")
	second, _ := st.create(t, token, "DRP-2")
	list := func(query string) (map[string]any, []map[string]any) {
		t.Helper()
		status, answer := st.call(t, "GET", "/shiprocket/v1/external/orders?"+query, token, nil)
		if status != http.StatusOK {
			t.Fatalf("orders %s: %d %v", query, status, answer)
		}
		var orders []map[string]any
		for _, entry := range answer["data"].([]any) {
			orders = append(orders, entry.(map[string]any))
		}
		return answer["meta"].(map[string]any)["pagination"].(map[string]any), orders
	}
	channelIDs := func(orders []map[string]any) string {
		var ids []string
		for _, order := range orders {
			ids = append(ids, order["channel_order_id"].(string))
		}
		return strings.Join(ids, ",")
	}

	// The search matches parts of ids, newest first; the shop picks the exact one.
	_, orders := list("search=drp-1")
	if channelIDs(orders) != "DRP-10,DRP-1" {
		t.Fatalf("search DRP-1: %s", channelIDs(orders))
	}
	order := orders[1]
	shipment := order["shipments"].([]any)[0].(map[string]any)
	product := order["products"].([]any)[0].(map[string]any)
	if order["id"] != float64(first) || order["status"] != "NEW" || order["status_code"] != 1.0 || order["channel_name"] != "CUSTOM" ||
		order["customer_name"] != "Asha Rao" || order["customer_email"] != "asha@example.com" || order["payment_method"] != "prepaid" ||
		order["total"] != "2497.50" || order["pickup_location"] != "Primary" || shipment["id"] != float64(firstShipment) || shipment["awb"] != "" ||
		shipment["dimensions"] != "30.00x25.00x5.00" || product["channel_sku"] != "SH-OX-WHT-40" || product["quantity"] != 2.0 || product["hsn"] != "6205" {
		t.Errorf("order = %v", order)
	}

	_, answer := st.advance(t, "DRP-1")
	_, orders = list("search=" + answer["awb"].(string))
	if len(orders) != 1 || orders[0]["status"] != "PICKUP SCHEDULED" || orders[0]["status_code"] != 4.0 ||
		orders[0]["shipments"].([]any)[0].(map[string]any)["courier"] != "Delhivery Surface" {
		t.Errorf("search by AWB: %v", orders)
	}
	st.call(t, "POST", "/shiprocket/v1/external/orders/cancel", token, map[string]any{"ids": []int64{second}})
	if _, orders = list("search=DRP-2"); len(orders) != 1 || orders[0]["status"] != "CANCELED" || orders[0]["status_code"] != 5.0 {
		t.Errorf("cancelled: %v", orders)
	}

	pagination, orders := list("per_page=2")
	if channelIDs(orders) != "DRP-2,DRP-10" || pagination["total"] != 3.0 || pagination["count"] != 2.0 || pagination["total_pages"] != 2.0 {
		t.Errorf("page 1: %s %v", channelIDs(orders), pagination)
	}
	if pagination, orders = list("per_page=2&page=2"); channelIDs(orders) != "DRP-1" || pagination["current_page"] != 2.0 {
		t.Errorf("page 2: %s %v", channelIDs(orders), pagination)
	}
	if pagination, orders = list("search=DRP-404"); len(orders) != 0 || pagination["total"] != 0.0 {
		t.Errorf("no match: %v", orders)
	}
	if state := st.state(t); state.OrderSearches != 6 {
		t.Errorf("%d order searches counted, want 6", state.OrderSearches)
	}
}

func TestShiprocketServiceability(t *testing.T) {
	st := newShiprocketTest(t, 0)
	token := st.login(t)
	get := func(query string) (int, map[string]any) {
		t.Helper()
		return st.call(t, "GET", "/shiprocket/v1/external/courier/serviceability?"+query, token, nil)
	}
	status, answer := get("pickup_postcode=560001&delivery_postcode=700016&cod=1&weight=0.8")
	data, _ := answer["data"].(map[string]any)
	couriers, _ := data["available_courier_companies"].([]any)
	if status != http.StatusOK || answer["status"] != 200.0 || len(couriers) != 3 {
		t.Fatalf("serviceability: %d %v", status, answer)
	}
	first := couriers[0].(map[string]any)
	if first["courier_company_id"] != 10.0 || first["courier_name"] != "Delhivery Surface" || first["zone"] != "z_c" || first["cod"] != 1.0 ||
		first["freight_charge"] != 90.0 || first["cod_charges"] != 35.0 || first["rate"] != 125.0 || first["estimated_delivery_days"] != "3" {
		t.Errorf("courier = %v", first)
	}
	for _, courier := range couriers {
		if courier.(map[string]any)["cod"] != 1.0 {
			t.Errorf("cod=1 lists a courier without COD: %v", courier)
		}
	}
	if data["recommended_courier_company_id"] != 51.0 {
		t.Errorf("recommended %v", data["recommended_courier_company_id"])
	}

	_, answer = st.call(t, "GET", "/shiprocket/v1/external/courier/serviceability/?pickup_postcode=560001&delivery_postcode=560034&cod=0&weight=2", token, nil)
	couriers = answer["data"].(map[string]any)["available_courier_companies"].([]any)
	if len(couriers) != 4 || couriers[0].(map[string]any)["zone"] != "z_a" || couriers[0].(map[string]any)["rate"] != 120.0 {
		t.Errorf("trailing slash, cod=0: %v", answer)
	}

	_, answer = get("pickup_postcode=560001&delivery_postcode=999999&cod=0&weight=1")
	data = answer["data"].(map[string]any)
	if fmt.Sprint(data["available_courier_companies"]) != "[]" || data["recommended_courier_company_id"] != nil {
		t.Errorf("unserviceable: %v", answer)
	}

	srOrderID, _ := st.create(t, token, "DRP-svc")
	if status, answer := get(fmt.Sprintf("pickup_postcode=560001&delivery_postcode=700016&order_id=%d", srOrderID)); status != http.StatusOK {
		t.Errorf("by order id: %d %v", status, answer)
	}

	for query, fields := range map[string]string{
		"": "cod delivery_postcode pickup_postcode weight",
		"pickup_postcode=56000&delivery_postcode=700016&cod=1&weight=1":  "pickup_postcode",
		"pickup_postcode=560001&delivery_postcode=700016&cod=2&weight=0": "cod weight",
		"pickup_postcode=560001&delivery_postcode=700016&order_id=1":     "order_id",
	} {
		status, answer := get(query)
		errs, _ := answer["errors"].(map[string]any)
		var names []string
		for name := range errs {
			names = append(names, name)
		}
		slices.Sort(names)
		if status != http.StatusUnprocessableEntity || strings.Join(names, " ") != fields {
			t.Errorf("%q: %d %v", query, status, answer)
		}
	}
}

func TestShiprocketKeepsTheLatestOrders(t *testing.T) {
	s := testShiprocketSim(t, shiprocketConfig{})
	s.mu.Lock()
	defer s.mu.Unlock()
	first := s.createLocked(shiprocketAdhoc{orderID: "DRP-0", city: "Kolkata", state: "West Bengal", pincode: "700016", weight: 1})
	for i := 1; i <= shiprocketOrderCapacity; i++ {
		s.createLocked(shiprocketAdhoc{orderID: fmt.Sprint("DRP-", i), city: "Kolkata", state: "West Bengal", pincode: "700016", weight: 1})
	}
	if len(s.orders) != shiprocketOrderCapacity || s.orders[first.id] != nil || s.channelOrders["DRP-0"] != nil || s.shipments[first.shipmentID] != nil {
		t.Errorf("%d orders kept; the oldest is still there: %v", len(s.orders), s.orders[first.id] != nil)
	}
}

// TestRunServesShiprocket checks run mounts Shiprocket on sim's listener.
func TestRunServesShiprocket(t *testing.T) {
	httpAddr, _, _ := startRun(t)
	body := strings.NewReader(`{"email":"` + defaultShiprocketEmail + `","password":"` + defaultShiprocketPassword + `"}`)
	resp, err := http.Post("http://"+httpAddr+"/shiprocket/v1/external/auth/login", "application/json", body)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var answer map[string]any
	json.NewDecoder(resp.Body).Decode(&answer)
	if resp.StatusCode != http.StatusOK || answer["token"] == nil {
		t.Errorf("login through run: %d %v", resp.StatusCode, answer)
	}
	resp, err = http.Get("http://" + httpAddr + "/shiprocket/control")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("control through run: %d", resp.StatusCode)
	}
}

// TestShiprocketPincodeZones: sim's pincode data answers as README lists it: zones and their
// days, the special zones slower, prepaid-only pincodes without a COD courier, unserved ones
// without any, and serviceabilityMs slowing every answer.
func TestShiprocketPincodeZones(t *testing.T) {
	st := newShiprocketTest(t, 0)
	token := st.login(t)
	check := func(delivery string, cod bool) (zone, days string, n int) {
		t.Helper()
		flag := "0"
		if cod {
			flag = "1"
		}
		status, answer := st.call(t, "GET", "/shiprocket/v1/external/courier/serviceability?pickup_postcode=302001&delivery_postcode="+
			delivery+"&cod="+flag+"&weight=0.5", token, nil)
		if status != http.StatusOK {
			t.Fatalf("%s: %d %v", delivery, status, answer)
		}
		couriers := answer["data"].(map[string]any)["available_courier_companies"].([]any)
		if len(couriers) == 0 {
			return "", "", 0
		}
		first := couriers[0].(map[string]any)
		return first["zone"].(string), first["estimated_delivery_days"].(string), len(couriers)
	}
	for _, c := range []struct {
		delivery, zone, days string
		all, cod             int
	}{
		{"302017", "z_a", "2", 4, 3}, // Jaipur to Jaipur
		{"303001", "z_b", "3", 4, 3}, // Jaipur to Rajasthan
		{"110001", "z_d", "5", 4, 3}, // Jaipur is no metro: national
		{"781001", "z_e", "8", 4, 3}, // Guwahati, North-East
		{"190001", "z_e", "8", 4, 3}, // Srinagar, J&K
		{"194101", "z_e", "8", 4, 0}, // Leh: prepaid only
		{"795001", "z_e", "8", 4, 0}, // Imphal: prepaid only
		{"682555", "", "", 0, 0},     // Lakshadweep: not served
		{"912345", "", "", 0, 0},     // Army Postal Service: not served
	} {
		zone, days, n := check(c.delivery, false)
		if zone != c.zone || days != c.days || n != c.all {
			t.Errorf("%s prepaid: zone %q, %s days, %d couriers; want %q, %s, %d", c.delivery, zone, days, n, c.zone, c.days, c.all)
		}
		if _, _, n := check(c.delivery, true); n != c.cod {
			t.Errorf("%s COD: %d couriers, want %d", c.delivery, n, c.cod)
		}
	}
	if status, answer := st.call(t, "POST", "/shiprocket/control", "", map[string]any{"serviceabilityMs": 150}); status != http.StatusOK {
		t.Fatalf("control: %d %v", status, answer)
	}
	started := time.Now()
	check("302017", false)
	if took := time.Since(started); took < 150*time.Millisecond {
		t.Errorf("with serviceabilityMs 150 the answer took %v", took)
	}
	if status, _ := st.call(t, "POST", "/shiprocket/control", "", map[string]any{"serviceabilityMs": -1}); status != http.StatusBadRequest {
		t.Errorf("serviceabilityMs -1: %d", status)
	}
}
