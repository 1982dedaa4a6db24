package shiprocket

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"drape/internal/platform/config"
)

const (
	testEmail    = "api@shop.example"
	testPassword = "s3cret-Sh1procket-pw"
)

// recorded is one request the fake received.
type recorded struct {
	Method, Path, Query string
	Token               string
	ContentType         string
	Body                map[string]any
	Raw                 string
}

// fakeShiprocket is an httptest server that answers like apiv2.shiprocket.in for
// the calls the client makes. Login hands out tok-1, tok-2, …; the other routes
// need a live token. Handlers can be replaced per test through setRoute.
type fakeShiprocket struct {
	*httptest.Server
	mu       sync.Mutex
	requests []recorded
	routes   map[string]http.HandlerFunc
	tokens   map[string]bool
	logins   int
	// refused, when set, runs before the fake answers 401 to a dead token.
	refused func()
}

func newFake(t *testing.T) *fakeShiprocket {
	t.Helper()
	fake := &fakeShiprocket{routes: map[string]http.HandlerFunc{}, tokens: map[string]bool{}}
	fake.Server = httptest.NewServer(http.HandlerFunc(fake.serve))
	t.Cleanup(fake.Close)
	fake.routes["POST /v1/external/orders/create/adhoc"] = func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"order_id":281248157,"shipment_id":280646800,"status":"NEW","status_code":1,`+
			`"onboarding_completed_now":0,"awb_code":null,"courier_company_id":null,"courier_name":null}`)
	}
	fake.routes["POST /v1/external/orders/cancel"] = func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	}
	return fake
}

func (f *fakeShiprocket) serve(w http.ResponseWriter, r *http.Request) {
	data, _ := io.ReadAll(r.Body)
	rec := recorded{
		Method: r.Method, Path: r.URL.EscapedPath(), Query: r.URL.RawQuery, Raw: string(data),
		Token: strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "), ContentType: r.Header.Get("Content-Type"),
	}
	if len(data) > 0 {
		if err := json.Unmarshal(data, &rec.Body); err != nil {
			writeBody(w, http.StatusBadRequest, map[string]any{"message": "bad json", "status_code": 400})
			return
		}
	}
	f.mu.Lock()
	f.requests = append(f.requests, rec)
	route := f.routes[r.Method+" "+rec.Path]
	if r.Method == "POST" && rec.Path == "/v1/external/auth/login" && route == nil {
		if rec.Body["email"] != testEmail || rec.Body["password"] != testPassword {
			f.mu.Unlock()
			writeBody(w, http.StatusBadRequest, map[string]any{"message": "Invalid email and password combination", "status_code": 400})
			return
		}
		f.logins++
		token := fmt.Sprintf("tok-%d", f.logins)
		f.tokens[token] = true
		f.mu.Unlock()
		writeBody(w, http.StatusOK, map[string]any{"id": 1, "first_name": "API", "last_name": "User", "email": testEmail,
			"company_id": 25149, "created_at": "2026-01-01 10:00:00", "token": token})
		return
	}
	live, refused := f.tokens[rec.Token], f.refused
	f.mu.Unlock()
	if route != nil && rec.Path == "/v1/external/auth/login" {
		route(w, r)
		return
	}
	if !live {
		if refused != nil {
			refused()
		}
		writeBody(w, http.StatusUnauthorized, map[string]any{"message": "Token has expired", "status_code": 401})
		return
	}
	if route == nil {
		writeBody(w, http.StatusNotFound, map[string]any{"message": "404 Not Found", "status_code": 404})
		return
	}
	route(w, r)
}

// login gets a live token straight from the fake.
func (f *fakeShiprocket) login(t *testing.T) string {
	t.Helper()
	token, err := New(f.URL, nil).Login(context.Background(), testEmail, testPassword)
	if err != nil {
		t.Fatal(err)
	}
	return token
}

func (f *fakeShiprocket) last() recorded {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.requests[len(f.requests)-1]
}

func (f *fakeShiprocket) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.requests)
}

func (f *fakeShiprocket) countOf(path string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, req := range f.requests {
		if req.Path == path {
			n++
		}
	}
	return n
}

func (f *fakeShiprocket) setRoute(pattern string, handler http.HandlerFunc) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.routes[pattern] = handler
}

// revoke makes every token the fake handed out answer 401.
func (f *fakeShiprocket) revoke() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.tokens = map[string]bool{}
}

func writeBody(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(body)
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// testOrder is a valid two-line prepaid order placed at 10:04 UTC (15:34 IST).
func testOrder() Order {
	return Order{
		OrderID:        "DRP-1718000000000-abcdefghij",
		OrderDate:      time.Date(2026, 5, 1, 10, 4, 59, 0, time.UTC),
		PickupLocation: "Primary",
		Billing: Address{
			Name: "Asha", LastName: "Rao", Address: "12 MG Road", Address2: "Flat 4", City: "Bengaluru",
			State: "Karnataka", Pincode: "560001", Email: "asha@example.com", Phone: "9876543210",
		},
		Items: []Item{
			{Name: "Oxford shirt, white", SKU: "SH-OX-WHT-40", Units: 2, SellingPrice: 129900, Discount: 10050, TaxPercent: 12, HSN: "6205"},
			{Name: "Flexi-waist trousers", SKU: "TR-FX-NVY-32", Units: 1, SellingPrice: 199900},
		},
		PaymentMethod:   PaymentPrepaid,
		SubTotal:        449600,
		ShippingCharges: 4900,
		Length:          30, Breadth: 25, Height: 5, Weight: 0.8,
		OrderType: OrderTypeEssentials,
		Comment:   "Reseller: drape",
	}
}

func TestCreateAdhocSendsShiprocketRequest(t *testing.T) {
	fake := newFake(t)
	token := fake.login(t)
	client := New(fake.URL+"/", nil)
	if client.BaseURL() != fake.URL {
		t.Errorf("BaseURL = %q", client.BaseURL())
	}
	created, err := client.CreateAdhoc(context.Background(), token, testOrder())
	if err != nil {
		t.Fatal(err)
	}
	req := fake.last()
	if req.Method != "POST" || req.Path != "/v1/external/orders/create/adhoc" || req.Token != token || req.ContentType != "application/json" {
		t.Errorf("request = %+v", req)
	}
	want := map[string]any{
		"order_id": "DRP-1718000000000-abcdefghij", "order_date": "2026-05-01 15:34", "pickup_location": "Primary",
		"comment": "Reseller: drape", "billing_customer_name": "Asha", "billing_last_name": "Rao",
		"billing_address": "12 MG Road", "billing_address_2": "Flat 4", "billing_city": "Bengaluru",
		"billing_pincode": 560001.0, "billing_state": "Karnataka", "billing_country": "India",
		"billing_email": "asha@example.com", "billing_phone": 9876543210.0, "shipping_is_billing": true,
		"order_items": []any{
			map[string]any{"name": "Oxford shirt, white", "sku": "SH-OX-WHT-40", "units": 2.0, "selling_price": 1299.0,
				"discount": 100.5, "tax": 12.0, "hsn": "6205"},
			map[string]any{"name": "Flexi-waist trousers", "sku": "TR-FX-NVY-32", "units": 1.0, "selling_price": 1999.0},
		},
		"payment_method": "Prepaid", "shipping_charges": 49.0, "sub_total": 4496.0,
		"length": 30.0, "breadth": 25.0, "height": 5.0, "weight": 0.8, "order_type": "ESSENTIALS",
	}
	if got := mustJSON(t, req.Body); got != mustJSON(t, want) {
		t.Errorf("body = %s\nwant   %s", got, mustJSON(t, want))
	}
	// Pincodes and phones are JSON numbers, amounts rupees without float noise.
	for _, part := range []string{`"billing_pincode":560001,`, `"billing_phone":9876543210,`, `"selling_price":1299,`, `"discount":100.5,`, `"sub_total":4496,`} {
		if !strings.Contains(req.Raw, part) {
			t.Errorf("raw body lacks %s: %s", part, req.Raw)
		}
	}
	if created != (Created{OrderID: 281248157, ShipmentID: 280646800, Status: "NEW", StatusCode: 1}) {
		t.Errorf("created = %+v", created)
	}
}

func TestCreateAdhocWithShippingAddress(t *testing.T) {
	fake := newFake(t)
	token := fake.login(t)
	order := testOrder()
	order.PaymentMethod, order.OrderType = PaymentCOD, ""
	order.Shipping = &Address{Name: "Ravi", Address: "3 Park Street", City: "Kolkata", State: "West Bengal", Country: "India",
		Pincode: "700016", Email: "ravi@example.com", Phone: "9123456780"}
	if _, err := New(fake.URL, nil).CreateAdhoc(context.Background(), token, order); err != nil {
		t.Fatal(err)
	}
	body := fake.last().Body
	for key, want := range map[string]any{
		"shipping_is_billing": false, "shipping_customer_name": "Ravi", "shipping_address": "3 Park Street",
		"shipping_city": "Kolkata", "shipping_state": "West Bengal", "shipping_country": "India",
		"shipping_pincode": 700016.0, "shipping_phone": 9123456780.0, "shipping_email": "ravi@example.com", "payment_method": "COD",
	} {
		if body[key] != want {
			t.Errorf("%s = %#v, want %#v", key, body[key], want)
		}
	}
	if _, ok := body["order_type"]; ok {
		t.Errorf("blank order_type sent: %v", body["order_type"])
	}
}

func TestCreateAdhocRefusesBadOrders(t *testing.T) {
	fake := newFake(t)
	token := fake.login(t)
	client := New(fake.URL, nil)
	before := fake.count()
	for name, change := range map[string]func(*Order){
		"no order id":        func(o *Order) { o.OrderID = " " },
		"long order id":      func(o *Order) { o.OrderID = strings.Repeat("x", 51) },
		"no date":            func(o *Order) { o.OrderDate = time.Time{} },
		"no pickup":          func(o *Order) { o.PickupLocation = "" },
		"short pincode":      func(o *Order) { o.Billing.Pincode = "56001" },
		"phone with +91":     func(o *Order) { o.Billing.Phone = "+919876543210" },
		"long city":          func(o *Order) { o.Billing.City = strings.Repeat("c", 31) },
		"no email":           func(o *Order) { o.Billing.Email = "" },
		"bad shipping":       func(o *Order) { o.Shipping = &Address{Name: "x"} },
		"no items":           func(o *Order) { o.Items = nil },
		"zero units":         func(o *Order) { o.Items[0].Units = 0 },
		"no sku":             func(o *Order) { o.Items[1].SKU = "" },
		"lowercase cod":      func(o *Order) { o.PaymentMethod = "cod" },
		"lowercase type":     func(o *Order) { o.OrderType = "essentials" },
		"thin parcel":        func(o *Order) { o.Height = 0.5 },
		"no weight":          func(o *Order) { o.Weight = 0 },
		"negative sub total": func(o *Order) { o.SubTotal = -1 },
	} {
		order := testOrder()
		change(&order)
		_, err := client.CreateAdhoc(context.Background(), token, order)
		if !errors.Is(err, ErrInvalidArgument) || IsTemporary(err) {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	if fake.count() != before {
		t.Error("invalid orders reached the network")
	}
	order := testOrder()
	order.Billing.Pincode, order.Weight, order.PaymentMethod = "", 0, ""
	_, err := client.CreateAdhoc(context.Background(), token, order)
	for _, want := range []string{"billing pincode", "weight", "payment method"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v does not name %s", err, want)
		}
	}
}

func TestPaise(t *testing.T) {
	for paise, want := range map[Paise]string{
		0: "0", 5: "0.05", 50: "0.5", 100: "1", 129900: "1299", 149950: "1499.5", 149905: "1499.05", 130000: "1300", -2550: "-25.5",
	} {
		got, err := json.Marshal(paise)
		if err != nil || string(got) != want {
			t.Errorf("Marshal(%d) = %s, %v; want %s", paise, got, err, want)
		}
		var back Paise
		if err := json.Unmarshal(got, &back); err != nil || back != paise {
			t.Errorf("Unmarshal(%s) = %d, %v", got, back, err)
		}
	}
	if got := Paise(149950).Rupees(); got != "1499.50" {
		t.Errorf("Rupees = %s", got)
	}
	for text, want := range map[string]Paise{
		`98.5`: 9850, `"98.50"`: 9850, `null`: 0, `""`: 0, `0.005`: 1, `0.0049`: 0, `-0.005`: -1, `1e2`: 10000, `19.999`: 2000,
	} {
		var got Paise
		if err := json.Unmarshal([]byte(text), &got); err != nil || got != want {
			t.Errorf("Unmarshal(%s) = %d, %v; want %d", text, got, err, want)
		}
	}
	for _, bad := range []string{`"abc"`, `"1/2"`, `{}`, `1e30`} {
		var got Paise
		if err := json.Unmarshal([]byte(bad), &got); err == nil {
			t.Errorf("Unmarshal(%s) accepted: %d", bad, got)
		}
	}
}

func TestAPIErrors(t *testing.T) {
	fake := newFake(t)
	token := fake.login(t)
	client := New(fake.URL, nil)
	ctx := context.Background()
	const path = "POST /v1/external/orders/create/adhoc"

	fake.setRoute(path, func(w http.ResponseWriter, r *http.Request) {
		writeBody(w, http.StatusUnprocessableEntity, map[string]any{"message": "Oops! Invalid Data.", "status_code": 422,
			"errors": map[string]any{"billing_pincode": []string{"The billing pincode must be 6 digits."}, "pickup_location": "Wrong pickup location."}})
	})
	_, err := client.CreateAdhoc(ctx, token, testOrder())
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 422 || apiErr.Message != "Oops! Invalid Data." || IsTemporary(err) || IsUnauthorized(err) ||
		IsDuplicateOrder(err) || len(apiErr.Errors) != 2 || apiErr.Errors["billing_pincode"][0] != "The billing pincode must be 6 digits." ||
		apiErr.Errors["pickup_location"][0] != "Wrong pickup location." {
		t.Fatalf("422: %#v", err)
	}
	if want := "shiprocket: 422: Oops! Invalid Data. (billing_pincode: The billing pincode must be 6 digits.; pickup_location: Wrong pickup location.)"; err.Error() != want {
		t.Errorf("message %q\nwant    %q", err, want)
	}

	for name, body := range map[string]map[string]any{
		"field error":   {"message": "Oops! Invalid Data.", "status_code": 422, "errors": map[string]any{"order_id": []string{"The order id has already been taken."}}},
		"message":       {"message": "Order Id Already Exists", "status_code": 422},
		"message+field": {"message": "Order Id already exists.", "status_code": 422, "errors": map[string]any{"order_id": []string{"Order Id already exists."}}},
	} {
		fake.setRoute(path, func(w http.ResponseWriter, r *http.Request) { writeBody(w, http.StatusUnprocessableEntity, body) })
		if _, err := client.CreateAdhoc(ctx, token, testOrder()); !IsDuplicateOrder(err) || IsTemporary(err) {
			t.Errorf("duplicate %s: %v", name, err)
		}
	}

	fake.setRoute(path, func(w http.ResponseWriter, r *http.Request) {
		writeBody(w, http.StatusBadRequest, map[string]any{"message": "Given channel id does not exist", "status_code": 400})
	})
	if _, err := client.CreateAdhoc(ctx, token, testOrder()); !errors.As(err, &apiErr) || apiErr.Status != 400 ||
		apiErr.Message != "Given channel id does not exist" || IsTemporary(err) || IsDuplicateOrder(err) {
		t.Errorf("400: %v", err)
	}

	fake.revoke()
	if _, err := client.CreateAdhoc(ctx, token, testOrder()); !IsUnauthorized(err) || IsTemporary(err) || err.Error() != "shiprocket: 401: Token has expired" {
		t.Errorf("401: %v", err)
	}
	token = fake.login(t)

	for _, status := range []int{429, 500, 502, 503, 504} {
		fake.setRoute(path, func(w http.ResponseWriter, r *http.Request) {
			writeBody(w, status, map[string]any{"message": "You have exceeded the API call rate limit.", "status_code": status})
		})
		_, err := client.CreateAdhoc(ctx, token, testOrder())
		if !errors.As(err, &apiErr) || apiErr.Status != status || !IsTemporary(err) || IsUnauthorized(err) {
			t.Errorf("%d: err = %v temporary %v", status, err, IsTemporary(err))
		}
	}

	// A gateway's HTML page instead of Shiprocket's JSON is still an *APIError.
	fake.setRoute(path, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadGateway)
		io.WriteString(w, "<html>Bad gateway</html>")
	})
	_, err = client.CreateAdhoc(ctx, token, testOrder())
	if !errors.As(err, &apiErr) || apiErr.Status != 502 || !strings.Contains(apiErr.Message, "Bad gateway") || !IsTemporary(err) {
		t.Errorf("html 502: %v", err)
	}
}

// TestAnswersWithoutIDsAreErrors: a 2xx that is not what the call promises must
// never look like success.
func TestAnswersWithoutIDsAreErrors(t *testing.T) {
	fake := newFake(t)
	token := fake.login(t)
	client := New(fake.URL, nil)
	ctx := context.Background()
	for _, body := range []string{`{}`, `{"order_id":12,"shipment_id":null}`, `{"status":"NEW"}`, `not json`, ``, `[]`} {
		fake.setRoute("POST /v1/external/orders/create/adhoc", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, body) })
		created, err := client.CreateAdhoc(ctx, token, testOrder())
		if !errors.Is(err, ErrBadResponse) || IsTemporary(err) || created != (Created{}) {
			t.Errorf("body %q: created %+v, err %v", body, created, err)
		}
	}
	fake.setRoute("POST /v1/external/orders/create/adhoc", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"order_id":"281248157","shipment_id":"280646800","status":"NEW","status_code":"1","awb_code":"","courier_name":""}`)
	})
	if created, err := client.CreateAdhoc(ctx, token, testOrder()); err != nil || created.OrderID != 281248157 || created.ShipmentID != 280646800 {
		t.Errorf("ids as strings: %+v, %v", created, err)
	}
	fake.setRoute("GET /v1/external/courier/track/shipment/1", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, `{"data":{}}`) })
	if _, err := client.TrackShipment(ctx, token, 1); !errors.Is(err, ErrBadResponse) {
		t.Errorf("tracking without tracking_data: %v", err)
	}
	fake.setRoute("POST /v1/external/auth/login", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, `{"id":1}`) })
	if _, err := client.Login(ctx, testEmail, testPassword); !errors.Is(err, ErrBadResponse) {
		t.Errorf("login without token: %v", err)
	}
}

func TestTransportErrorsAreTemporary(t *testing.T) {
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := listener.Addr().String()
	listener.Close()
	_, err = New("http://"+addr, nil).CreateAdhoc(context.Background(), "tok", testOrder())
	if err == nil || !IsTemporary(err) {
		t.Errorf("connection refused: %v temporary %v", err, IsTemporary(err))
	}

	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer slow.Close()
	defer close(release)
	_, err = New(slow.URL, &http.Client{Timeout: 50 * time.Millisecond}).CreateAdhoc(context.Background(), "tok", testOrder())
	if err == nil || !IsTemporary(err) || IsUnauthorized(err) {
		t.Errorf("client timeout: %v temporary %v", err, IsTemporary(err))
	}

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = New(slow.URL, nil).TrackShipment(ctx, "tok", 1)
	if !errors.Is(err, context.DeadlineExceeded) || !IsTemporary(err) {
		t.Errorf("deadline: %v temporary %v", err, IsTemporary(err))
	}

	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	_, err = New(slow.URL, nil).TrackShipment(ctx, "tok", 1)
	if !errors.Is(err, context.Canceled) || IsTemporary(err) {
		t.Errorf("cancelled: %v temporary %v", err, IsTemporary(err))
	}
	if IsTemporary(nil) || IsTemporary(errors.New("plain")) || IsUnauthorized(nil) || IsDuplicateOrder(nil) {
		t.Error("nil or plain error classified")
	}
}

func TestLogin(t *testing.T) {
	fake := newFake(t)
	client := New(fake.URL, nil)
	token, err := client.Login(context.Background(), testEmail, testPassword)
	if err != nil || token != "tok-1" {
		t.Fatalf("login: %q, %v", token, err)
	}
	req := fake.last()
	if req.Method != "POST" || req.Path != "/v1/external/auth/login" || req.Token != "" ||
		mustJSON(t, req.Body) != mustJSON(t, map[string]any{"email": testEmail, "password": testPassword}) {
		t.Errorf("request = %+v", req)
	}
	_, err = client.Login(context.Background(), testEmail, "wrong-password")
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 400 || IsTemporary(err) || IsUnauthorized(err) ||
		!strings.Contains(err.Error(), "Invalid email and password combination") || strings.Contains(err.Error(), "wrong-password") {
		t.Errorf("wrong password: %v", err)
	}
	before := fake.count()
	for _, creds := range [][2]string{{"", testPassword}, {testEmail, ""}} {
		if _, err := client.Login(context.Background(), creds[0], creds[1]); !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("login %q: %v", creds[0], err)
		}
	}
	if fake.count() != before {
		t.Error("empty credentials reached the network")
	}
}

func TestCancel(t *testing.T) {
	fake := newFake(t)
	token := fake.login(t)
	client := New(fake.URL, nil)
	if err := client.Cancel(context.Background(), token, []int64{281248157, 281248158}); err != nil {
		t.Fatal(err)
	}
	if req := fake.last(); req.Method != "POST" || req.Path != "/v1/external/orders/cancel" || req.Raw != `{"ids":[281248157,281248158]}` || req.Token != token {
		t.Errorf("request = %+v", req)
	}
	fake.setRoute("POST /v1/external/orders/cancel", func(w http.ResponseWriter, r *http.Request) {
		writeBody(w, http.StatusUnprocessableEntity, map[string]any{"message": "Oops! Invalid Data.", "status_code": 422,
			"errors": map[string]any{"ids": []string{"The ids field is required."}}})
	})
	err := client.Cancel(context.Background(), token, []int64{1})
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Errors["ids"][0] != "The ids field is required." || IsTemporary(err) || !strings.Contains(err.Error(), "cancel orders [1]") {
		t.Errorf("422: %v", err)
	}
	before := fake.count()
	for _, ids := range [][]int64{nil, {}, {0}, {5, -1}} {
		if err := client.Cancel(context.Background(), token, ids); !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("cancel %v: %v", ids, err)
		}
	}
	if fake.count() != before {
		t.Error("invalid ids reached the network")
	}
}

// trackingExample is Shiprocket's own tracking example (PROVIDERS.md §3.4), shortened.
const trackingExample = `{"tracking_data":{"track_status":1,"shipment_status":7,"shipment_track":[{"id":236612717,
"awb_code":"141123221084922","courier_company_id":51,"shipment_id":236612717,"order_id":237157589,
"pickup_date":"2022-07-18 20:28:00","delivered_date":"2022-07-19 11:37:00","weight":"0.30","packages":1,
"current_status":"Delivered","delivered_to":"Chittoor","destination":"Chittoor","consignee_name":"","origin":"Banglore",
"courier_agent_details":null,"courier_name":"Xpressbees Surface","edd":null,"pod":"Available","pod_status":"https://example/pod.png"}],
"shipment_track_activities":[{"date":"2022-07-19 11:37:00","status":"DLVD","activity":"Delivered","location":"MADANPALLI",
"sr-status":"7","sr-status-label":"DELIVERED"},{"date":"2022-07-19 08:57:00","status":"OFD","activity":"Out for Delivery",
"location":"MADANPALLI","sr-status":17,"sr-status-label":"OUT FOR DELIVERY"},{"date":"2022-07-18 09:51:00","status":"DRC",
"activity":"Pending Manifest Data Received","location":"RTO/CHD","sr-status":"NA","sr-status-label":"NA"}],
"track_url":"https://shiprocket.co//tracking/141123221084922","etd":"2022-07-20 19:28:00","qc_response":{"qc_image":"","qc_failed_reason":""}}}`

func TestTracking(t *testing.T) {
	fake := newFake(t)
	token := fake.login(t)
	client := New(fake.URL, nil)
	ctx := context.Background()
	fake.setRoute("GET /v1/external/courier/track/shipment/236612717", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, trackingExample)
	})
	tracking, err := client.TrackShipment(ctx, token, 236612717)
	if err != nil {
		t.Fatal(err)
	}
	if !tracking.Found || tracking.ShipmentStatus != 7 || tracking.CurrentStatus != StatusDelivered || tracking.AWB != "141123221084922" ||
		tracking.CourierName != "Xpressbees Surface" || tracking.TrackURL != "https://shiprocket.co//tracking/141123221084922" ||
		tracking.ETD != "2022-07-20 19:28:00" || len(tracking.Shipments) != 1 || len(tracking.Activities) != 3 {
		t.Fatalf("tracking = %+v", tracking)
	}
	if s := tracking.Shipments[0]; s.ShipmentID != 236612717 || s.OrderID != 237157589 || s.CourierID != 51 || s.CurrentStatus != "Delivered" ||
		s.DeliveredDate != "2022-07-19 11:37:00" || s.EDD != "" {
		t.Errorf("shipment = %+v", s)
	}
	if a := tracking.Activities[1]; a != (Activity{Date: "2022-07-19 08:57:00", Status: "OFD", Activity: "Out for Delivery", Location: "MADANPALLI",
		SRStatus: "17", SRStatusLabel: "OUT FOR DELIVERY"}) {
		t.Errorf("activity = %+v", a)
	}
	if req := fake.last(); req.Method != "GET" || req.Token != token || req.Body != nil {
		t.Errorf("request = %+v", req)
	}

	fake.setRoute("GET /v1/external/courier/track/awb/AWB%2F1", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"tracking_data":{"track_status":0,"error":"Aahh! There is no activities found in our DB. Please have some patience it will be updated soon."}}`)
	})
	tracking, err = client.TrackAWB(ctx, token, "AWB/1")
	if err != nil || tracking.Found || !strings.HasPrefix(tracking.Message, "Aahh! There is no activities found") || tracking.CurrentStatus != "" {
		t.Errorf("not found: %+v, %v", tracking, err)
	}
	before := fake.count()
	if _, err := client.TrackShipment(ctx, token, 0); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("shipment 0: %v", err)
	}
	if _, err := client.TrackAWB(ctx, token, " "); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("empty awb: %v", err)
	}
	if fake.count() != before {
		t.Error("invalid arguments reached the network")
	}
}

func TestServiceability(t *testing.T) {
	fake := newFake(t)
	token := fake.login(t)
	client := New(fake.URL, nil)
	ctx := context.Background()
	fake.setRoute("GET /v1/external/courier/serviceability", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("delivery_postcode") == "999999" {
			io.WriteString(w, `{"status":200,"currency":"INR","data":{"available_courier_companies":[],"recommended_courier_company_id":null}}`)
			return
		}
		io.WriteString(w, `{"status":200,"currency":"INR","data":{"available_courier_companies":[`+
			`{"courier_company_id":10,"courier_name":"Delhivery Surface","rate":98.5,"freight_charge":63.5,"cod_charges":35,"cod":1,`+
			`"estimated_delivery_days":"4","etd":"Jun 06, 2026","zone":"z_d"},`+
			`{"courier_company_id":"24","courier_name":"Xpressbees Air","rate":"120.00","cod":0,"estimated_delivery_days":2,"zone":"z_d"}],`+
			`"recommended_courier_company_id":10}}`)
	})
	result, err := client.Serviceability(ctx, token, "560001", "700016", true, 0.8)
	if err != nil {
		t.Fatal(err)
	}
	if req := fake.last(); req.Query != "cod=1&delivery_postcode=700016&pickup_postcode=560001&weight=0.8" || req.Token != token {
		t.Errorf("request = %+v", req)
	}
	want := Serviceability{RecommendedCourierID: 10, Couriers: []Courier{
		{ID: 10, Name: "Delhivery Surface", Rate: 9850, FreightCharge: 6350, CODCharges: 3500, COD: true, EstimatedDeliveryDays: 4, ETD: "Jun 06, 2026", Zone: "z_d"},
		{ID: 24, Name: "Xpressbees Air", Rate: 12000, EstimatedDeliveryDays: 2, Zone: "z_d"},
	}}
	if mustJSON(t, result) != mustJSON(t, want) {
		t.Errorf("serviceability = %+v", result)
	}
	if _, err := client.Serviceability(ctx, token, "560001", "700016", false, 2); err != nil || !strings.Contains(fake.last().Query, "cod=0") {
		t.Errorf("cod=0: %v %q", err, fake.last().Query)
	}
	result, err = client.Serviceability(ctx, token, "560001", "999999", false, 1)
	if err != nil || result.Couriers == nil || len(result.Couriers) != 0 || result.RecommendedCourierID != 0 {
		t.Errorf("unserviceable: %+v, %v", result, err)
	}
	before := fake.count()
	for _, args := range []struct {
		pickup, delivery string
		weight           float64
	}{{"56000", "700016", 1}, {"560001", "7000161", 1}, {"560001", "700016", 0}, {"060001", "700016", 1}} {
		if _, err := client.Serviceability(ctx, token, args.pickup, args.delivery, false, args.weight); !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("%+v: %v", args, err)
		}
	}
	if fake.count() != before {
		t.Error("invalid arguments reached the network")
	}
}

// webhookExample is the sample payload of Shiprocket's status webhook (PROVIDERS.md §3.7).
const webhookExample = `{"awb":"19041424751540","courier_name":"Delhivery Surface","current_status":"IN TRANSIT","current_status_id":20,
"shipment_status":"IN TRANSIT","shipment_status_id":18,"current_timestamp":"23 05 2023 11:43:52","order_id":"1373900_150876814",
"sr_order_id":348456385,"awb_assigned_date":"2023-05-19 11:59:16","pickup_scheduled_date":"2023-05-19 11:59:17","etd":"2023-05-23 15:40:19",
"scans":[{"date":"2023-05-19 11:59:16","status":"X-UCI","activity":"Manifested - Manifest uploaded","location":"Chomu_SamodRd_D (Rajasthan)",
"sr-status":"5","sr-status-label":"MANIFEST GENERATED"},{"date":"2023-05-19 15:32:17","status":"X-PPOM","activity":"In Transit - Shipment picked up",
"location":"Chomu_SamodRd_D (Rajasthan)","sr-status":"42","sr-status-label":"PICKED UP"}],"is_return":0,"channel_id":3422553,
"pod_status":"OTP Based Delivery","pod":"Not Available","qc_image":"","qc_failure_reason":""}`

func TestParseStatusUpdate(t *testing.T) {
	update, err := ParseStatusUpdate([]byte(webhookExample))
	if err != nil {
		t.Fatal(err)
	}
	if update.AWB != "19041424751540" || update.CourierName != "Delhivery Surface" || update.CurrentStatus != "IN TRANSIT" ||
		update.CurrentStatusID != 20 || update.ShipmentStatus != "IN TRANSIT" || update.ShipmentStatusID != 18 ||
		update.OrderID != "1373900_150876814" || update.SROrderID != 348456385 || update.ETD != "2023-05-23 15:40:19" ||
		update.AWBAssignedDate != "2023-05-19 11:59:16" || update.PickupScheduledDate != "2023-05-19 11:59:17" ||
		update.IsReturn || update.ChannelID != 3422553 || update.PODStatus != "OTP Based Delivery" || update.POD != "Not Available" {
		t.Errorf("update = %+v", update)
	}
	if len(update.Scans) != 2 || update.Scans[1] != (Activity{Date: "2023-05-19 15:32:17", Status: "X-PPOM", Activity: "In Transit - Shipment picked up",
		Location: "Chomu_SamodRd_D (Rajasthan)", SRStatus: "42", SRStatusLabel: "PICKED UP"}) {
		t.Errorf("scans = %+v", update.Scans)
	}
	at, err := update.Time()
	if err != nil || !at.Equal(time.Date(2023, 5, 23, 6, 13, 52, 0, time.UTC)) {
		t.Errorf("Time = %v, %v", at, err)
	}
	if update.Status() != StatusInTransit || update.DedupeKey() != "19041424751540|IN TRANSIT|23 05 2023 11:43:52" {
		t.Errorf("status %q key %q", update.Status(), update.DedupeKey())
	}

	// Numbers where strings were, and strings where numbers were, still parse.
	odd, err := ParseStatusUpdate([]byte(`{"awb":19041424751540,"current_status":"out_for-delivery","sr_order_id":"348456385","is_return":"1","order_id":1234,"scans":null}`))
	if err != nil || odd.AWB != "19041424751540" || odd.Status() != StatusOutForDelivery || odd.SROrderID != 348456385 || !odd.IsReturn ||
		odd.OrderID != "1234" || odd.Scans == nil {
		t.Errorf("odd update = %+v, %v", odd, err)
	}
	if _, err := odd.Time(); err == nil {
		t.Error("empty timestamp parsed")
	}
	for _, bad := range []string{``, `[]`, `{}`, `{"current_status":"DELIVERED"}`, `{"awb":"1","current_status":" "}`, `{"awb":{},"current_status":"X"}`} {
		if _, err := ParseStatusUpdate([]byte(bad)); err == nil {
			t.Errorf("ParseStatusUpdate(%q) accepted", bad)
		}
	}
}

func TestNormalizeStatus(t *testing.T) {
	for in, want := range map[string]string{
		"in_transit": "IN TRANSIT", "Out for Delivery": "OUT FOR DELIVERY", "  delivered ": "DELIVERED", "RTO__Initiated": "RTO INITIATED",
		"PICKUP-SCHEDULED": "PICKUP SCHEDULED", "out - for _ delivery": "OUT FOR DELIVERY", "Canceled\t": "CANCELED", "": "", "_-_": "",
	} {
		if got := NormalizeStatus(in); got != want {
			t.Errorf("NormalizeStatus(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestVerifyWebhookToken(t *testing.T) {
	if !VerifyWebhookToken("drape-sim-courier-token", "drape-sim-courier-token") {
		t.Error("same token refused")
	}
	for _, got := range []string{"", "drape-sim-courier-toke", "drape-sim-courier-token ", "DRAPE-SIM-COURIER-TOKEN"} {
		if VerifyWebhookToken("drape-sim-courier-token", got) {
			t.Errorf("%q accepted", got)
		}
	}
	if VerifyWebhookToken("", "") {
		t.Error("an empty configured token accepted an empty header")
	}
}

func TestReadConfig(t *testing.T) {
	r := config.NewReader(func(string) string { return "" })
	cfg := ReadConfig(r)
	if r.Err() != nil || cfg.APIURL != DefaultBaseURL || cfg.Enabled() || cfg.WebhookToken != "" || cfg.NewSession(nil) != nil {
		t.Errorf("defaults = %+v, %v", cfg, r.Err())
	}
	env := map[string]string{
		"SHIPROCKET_EMAIL": testEmail, "SHIPROCKET_PASSWORD": testPassword, "SHIPROCKET_API_URL": "http://127.0.0.1:9090/shiprocket",
		"SHIPROCKET_WEBHOOK_TOKEN": "drape-sim-courier-token",
	}
	r = config.NewReader(func(key string) string { return env[key] })
	cfg = ReadConfig(r)
	if r.Err() != nil || !cfg.Enabled() || cfg.Credentials != (Credentials{testEmail, testPassword}) || cfg.APIURL != env["SHIPROCKET_API_URL"] ||
		!cfg.VerifyWebhook("drape-sim-courier-token") || cfg.VerifyWebhook("other") {
		t.Errorf("config = %v, %v", cfg, r.Err())
	}
	if session := cfg.NewSession(nil); session == nil || session.Client().BaseURL() != env["SHIPROCKET_API_URL"] {
		t.Errorf("session = %v", session)
	}
	for _, shown := range []string{cfg.String(), fmt.Sprint(cfg), fmt.Sprintf("%+v", cfg), cfg.LogValue().String()} {
		if strings.Contains(shown, testPassword) || strings.Contains(shown, "drape-sim-courier-token") || !strings.Contains(shown, testEmail) {
			t.Errorf("config shown as %s", shown)
		}
	}
	r = config.NewReader(func(key string) string { return map[string]string{"SHIPROCKET_API_URL": "apiv2.shiprocket.in"}[key] })
	ReadConfig(r)
	if r.Err() == nil || !strings.Contains(r.Err().Error(), "SHIPROCKET_API_URL") {
		t.Errorf("bad URL: %v", r.Err())
	}
}
