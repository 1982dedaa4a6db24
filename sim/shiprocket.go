package main

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// Shiprocket's fixed values. The limits are Shiprocket's documented ones
// (PROVIDERS.md §3); the capacities only bound sim's memory (the oldest orders
// and tokens go first).
const (
	defaultShiprocketEmail          = "api@drape.local"
	defaultShiprocketPassword       = "drape-sim-shiprocket"
	defaultShiprocketPickupLocation = "Primary"
	defaultShiprocketTokenTTL       = 240 * time.Hour
	defaultShiprocketStep           = 2 * time.Second
	defaultShiprocketHang           = 30 * time.Second
	defaultShiprocketFailStatus     = http.StatusServiceUnavailable

	shiprocketOrderCapacity  = 20000
	shiprocketTokenCapacity  = 10000
	shiprocketRequestLimit   = 256 << 10
	shiprocketMaxOrderID     = 50
	shiprocketMaxCity        = 30
	shiprocketMinDimension   = 0.5
	shiprocketMaxStep        = time.Hour
	shiprocketMaxHang        = 10 * time.Minute
	shiprocketWebhookTimeout = 5 * time.Second
	shiprocketWebhookTries   = 5
	shiprocketAdvanceWait    = 10 * time.Second
	shiprocketUserID         = 1
	shiprocketCompanyID      = 25149
	shiprocketChannelID      = 4000001
	shiprocketOrderIDBase    = 400000000
	shiprocketShipmentIDBase = 700000000
	shiprocketNotFoundError  = "Aahh! There is no activities found in our DB. Please have some patience it will be updated soon."
)

// Webhook modes of POST /shiprocket/control.
const (
	shiprocketWebhooksOn  = "on"
	shiprocketWebhooksOff = "off"
)

// shiprocketIST is Indian Standard Time, the zone of every date Shiprocket writes.
var shiprocketIST = time.FixedZone("IST", 5*3600+30*60)

// shiprocketConfig is what sim's Shiprocket reads from the environment.
type shiprocketConfig struct {
	email    string
	password string
	// pickupLocation is the one pickup address nickname the account has.
	pickupLocation string
	// webhookURL receives the status webhooks; empty sends none.
	webhookURL string
	// webhookToken goes in each webhook's x-api-key header; empty sends none.
	webhookToken string
	tokenTTL     time.Duration
	// step is how long an order stays in each status before the driver moves
	// it on; 0 leaves orders where they are until POST /shiprocket/control/advance.
	step time.Duration
}

// shiprocketForbiddenURLWords may not appear in a webhook URL, as Shiprocket's panel rules.
var shiprocketForbiddenURLWords = []string{"shiprocket", "kartrocket", "sr", "kr"}

// loadShiprocketConfig reads the SIM_SHIPROCKET_* keys and describes every bad one.
func loadShiprocketConfig(getenv func(string) string) (shiprocketConfig, []string) {
	var problems []string
	value := func(key, fallback string) string {
		if v := strings.TrimSpace(getenv(key)); v != "" {
			return v
		}
		return fallback
	}
	cfg := shiprocketConfig{
		email:          value("SIM_SHIPROCKET_EMAIL", defaultShiprocketEmail),
		password:       value("SIM_SHIPROCKET_PASSWORD", defaultShiprocketPassword),
		pickupLocation: value("SIM_SHIPROCKET_PICKUP_LOCATION", defaultShiprocketPickupLocation),
		webhookURL:     value("SIM_SHIPROCKET_WEBHOOK_URL", ""),
		webhookToken:   value("SIM_SHIPROCKET_WEBHOOK_TOKEN", ""),
		tokenTTL:       defaultShiprocketTokenTTL,
		step:           defaultShiprocketStep,
	}
	if at := strings.Index(cfg.email, "@"); at < 1 || at == len(cfg.email)-1 || strings.ContainsAny(cfg.email, " \t") {
		problems = append(problems, fmt.Sprintf("SIM_SHIPROCKET_EMAIL=%q: want an e-mail address", cfg.email))
	}
	for key, secret := range map[string]string{"SIM_SHIPROCKET_PASSWORD": cfg.password, "SIM_SHIPROCKET_WEBHOOK_TOKEN": cfg.webhookToken} {
		if strings.IndexFunc(secret, func(r rune) bool { return r > unicode.MaxASCII || !unicode.IsGraphic(r) || unicode.IsSpace(r) }) >= 0 {
			problems = append(problems, key+": want printable ASCII without spaces")
		}
	}
	if cfg.webhookURL != "" {
		u, err := url.Parse(cfg.webhookURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Fragment != "" {
			problems = append(problems, fmt.Sprintf("SIM_SHIPROCKET_WEBHOOK_URL=%q: want an http(s) URL such as http://127.0.0.1:8080/api/hooks/courier", cfg.webhookURL))
		} else if word := shiprocketForbiddenWord(cfg.webhookURL); word != "" {
			problems = append(problems, fmt.Sprintf("SIM_SHIPROCKET_WEBHOOK_URL=%q: Shiprocket refuses webhook URLs containing %q", cfg.webhookURL, word))
		}
	}
	if raw := strings.TrimSpace(getenv("SIM_SHIPROCKET_TOKEN_TTL")); raw != "" {
		ttl, err := time.ParseDuration(raw)
		if err != nil || ttl < time.Second {
			problems = append(problems, fmt.Sprintf("SIM_SHIPROCKET_TOKEN_TTL=%q: want a duration of 1s or more, such as 240h", raw))
		} else {
			cfg.tokenTTL = ttl
		}
	}
	if raw := strings.TrimSpace(getenv("SIM_SHIPROCKET_STEP")); raw != "" {
		step, err := parseShiprocketStep(raw)
		if err != nil {
			problems = append(problems, fmt.Sprintf("SIM_SHIPROCKET_STEP=%q: %v", raw, err))
		} else {
			cfg.step = step
		}
	}
	return cfg, problems
}

// shiprocketForbiddenWord is the first word Shiprocket forbids in a webhook URL that rawURL contains, or "".
func shiprocketForbiddenWord(rawURL string) string {
	lower := strings.ToLower(rawURL)
	for _, word := range shiprocketForbiddenURLWords {
		if strings.Contains(lower, word) {
			return word
		}
	}
	return ""
}

// parseShiprocketStep reads a driver step: "off" or "0" (no automatic steps) or
// a duration up to shiprocketMaxStep.
func parseShiprocketStep(raw string) (time.Duration, error) {
	raw = strings.TrimSpace(raw)
	if raw == "off" || raw == "0" {
		return 0, nil
	}
	step, err := time.ParseDuration(raw)
	if err != nil || step < 0 || step > shiprocketMaxStep {
		return 0, fmt.Errorf("want \"off\", \"0\" or a duration up to %s, such as 2s", shiprocketMaxStep)
	}
	return step, nil
}

// formatShiprocketStep writes a step as the control shows it.
func formatShiprocketStep(step time.Duration) string {
	if step == 0 {
		return "off"
	}
	return step.String()
}

// shiprocketStage is one status of the driver's walk, with the names, ids and
// scan Shiprocket would report for it. Webhooks carry the upper-case name,
// tracking's shipment_track the title-case label (PROVIDERS.md §3.4, §3.7).
type shiprocketStage struct {
	name             string
	label            string
	shipmentStatusID int
	// currentStatusID differs from shipmentStatusID where Shiprocket's own
	// sample does (IN TRANSIT: 20 against 18).
	currentStatusID int
	scanCode        string
	activity        string
	// atDestination places the scan at the delivery city instead of the pickup hub.
	atDestination bool
}

// shiprocketLifecycle is the walk of every order, from creation to delivery.
var shiprocketLifecycle = []shiprocketStage{
	{name: "NEW", label: "New", shipmentStatusID: 1, currentStatusID: 1},
	{name: "PICKUP SCHEDULED", label: "Pickup Scheduled", shipmentStatusID: 3, currentStatusID: 3, scanCode: "PUS", activity: "Pickup scheduled - AWB assigned"},
	{name: "SHIPPED", label: "Shipped", shipmentStatusID: 6, currentStatusID: 6, scanCode: "PKD", activity: "Picked Shipment InScan from Manifest"},
	{name: "IN TRANSIT", label: "In Transit", shipmentStatusID: 18, currentStatusID: 20, scanCode: "IT", activity: "InTransit Shipment added in Bag"},
	{name: "OUT FOR DELIVERY", label: "Out For Delivery", shipmentStatusID: 17, currentStatusID: 17, scanCode: "OFD", activity: "Out for Delivery", atDestination: true},
	{name: "DELIVERED", label: "Delivered", shipmentStatusID: 7, currentStatusID: 7, scanCode: "DLVD", activity: "Delivered", atDestination: true},
}

// shiprocketCanceled is the status of a cancelled order.
var shiprocketCanceled = shiprocketStage{name: "CANCELED", label: "Canceled", shipmentStatusID: 8, currentStatusID: 8, scanCode: "CAN", activity: "Shipment cancelled by the seller"}

// shiprocketCourier is a courier sim's serviceability offers and the driver assigns.
type shiprocketCourier struct {
	id      int64
	name    string
	air     bool
	cod     bool
	rating  float64
	perSlab map[string]int64 // paise per 0.5 kg by zone
	faster  int              // days quicker than the zone's norm
}

// shiprocketCouriers are sim's couriers; the first is the one the driver assigns.
var shiprocketCouriers = []shiprocketCourier{
	{id: 10, name: "Delhivery Surface", cod: true, rating: 4.2, perSlab: map[string]int64{"z_a": 3000, "z_b": 3500, "z_c": 4500, "z_d": 5500, "z_e": 7500}},
	{id: 51, name: "Xpressbees Surface", cod: true, rating: 3.9, perSlab: map[string]int64{"z_a": 2800, "z_b": 3300, "z_c": 4200, "z_d": 5200, "z_e": 7000}},
	{id: 142, name: "Amazon Surface", rating: 4.4, perSlab: map[string]int64{"z_a": 3200, "z_b": 3600, "z_c": 4400, "z_d": 5000, "z_e": 6800}},
	{id: 24, name: "Blue Dart Air", air: true, cod: true, rating: 4.6, faster: 2, perSlab: map[string]int64{"z_a": 5500, "z_b": 6500, "z_c": 8000, "z_d": 9500, "z_e": 12000}},
}

// shiprocketCODCharge is what every courier adds for cash on delivery, in paise.
const shiprocketCODCharge = 3500

// shiprocketScan is a courier scan as tracking data and webhooks write it.
type shiprocketScan struct {
	Date          string `json:"date"`
	Status        string `json:"status"`
	Activity      string `json:"activity"`
	Location      string `json:"location"`
	SRStatus      string `json:"sr-status"`
	SRStatusLabel string `json:"sr-status-label"`
}

// shiprocketStatusUpdate is the webhook body, in the field order of Shiprocket's sample.
type shiprocketStatusUpdate struct {
	AWB                 string           `json:"awb"`
	CourierName         string           `json:"courier_name"`
	CurrentStatus       string           `json:"current_status"`
	CurrentStatusID     int              `json:"current_status_id"`
	ShipmentStatus      string           `json:"shipment_status"`
	ShipmentStatusID    int              `json:"shipment_status_id"`
	CurrentTimestamp    string           `json:"current_timestamp"`
	OrderID             string           `json:"order_id"`
	SROrderID           int64            `json:"sr_order_id"`
	AWBAssignedDate     string           `json:"awb_assigned_date"`
	PickupScheduledDate string           `json:"pickup_scheduled_date"`
	ETD                 string           `json:"etd"`
	Scans               []shiprocketScan `json:"scans"`
	IsReturn            int              `json:"is_return"`
	ChannelID           int64            `json:"channel_id"`
	PODStatus           string           `json:"pod_status"`
	POD                 string           `json:"pod"`
	QCImage             string           `json:"qc_image"`
	QCFailureReason     string           `json:"qc_failure_reason"`
}

// shiprocketDelivery is one webhook waiting to go out; firstTry, when set,
// gets the result of the first attempt.
type shiprocketDelivery struct {
	status   string
	body     []byte
	firstTry chan error
}

// shiprocketOrder is an adhoc order and where the driver has taken it.
type shiprocketOrder struct {
	id             int64
	shipmentID     int64
	channelOrderID string
	createdAt      time.Time
	paymentMethod  string
	weight         float64
	details        shiprocketAdhoc
	origin         string
	destination    string
	destinationPin string
	// stage indexes the order's lifecycle (shiprocketLifecycle, or
	// shiprocketReturnLifecycle for a return order); canceled overrides it.
	stage    int
	canceled bool
	// isReturn marks a return order (a reverse pickup, shiprocketreturn.go).
	isReturn bool
	// ndr is the order's failed delivery attempts (shiprocketndr.go).
	ndr shiprocketNDR

	awb               string
	courier           shiprocketCourier
	awbAssignedAt     time.Time
	pickedUpAt        time.Time
	deliveredAt       time.Time
	etd               time.Time
	scans             []shiprocketScan
	timer             *time.Timer
	timerGeneration   int
	pendingWebhooks   []shiprocketDelivery
	deliveringWebhook bool
}

// current is the order's status.
func (o *shiprocketOrder) current() shiprocketStage {
	switch {
	case o.canceled:
		return shiprocketCanceled
	case o.ndr.rto:
		return shiprocketRTOInitiated
	case o.ndr.waiting:
		return shiprocketUndelivered
	}
	return o.lifecycle()[o.stage]
}

// final reports whether the driver has nothing more to do with the order.
func (o *shiprocketOrder) final() bool {
	return o.canceled || o.ndr.rto || o.stage == len(o.lifecycle())-1
}

// shiprocketControl is the fault control of POST /shiprocket/control.
type shiprocketControl struct {
	// Fail is how many of the next creates answer FailStatus without creating.
	Fail       int `json:"fail"`
	FailStatus int `json:"failStatus"`
	// Timeout is how many of the next creates hang for HangMs (or until the
	// client gives up) before answering; TimeoutCreates says whether the order
	// is created first (the answer is lost, not the order) or not at all.
	Timeout        int    `json:"timeout"`
	HangMs         int    `json:"hangMs"`
	TimeoutCreates bool   `json:"timeoutCreates"`
	Step           string `json:"step"`
	Webhooks       string `json:"webhooks"`
	// ServiceabilityMs is how long every serviceability answer takes (a slow courier API).
	ServiceabilityMs int `json:"serviceabilityMs"`
}

// shiprocketControlUpdate is a POST /shiprocket/control body; absent fields stay
// as they are. Unauthorized true revokes every live token at once.
type shiprocketControlUpdate struct {
	Fail           *int    `json:"fail"`
	FailStatus     *int    `json:"failStatus"`
	Timeout        *int    `json:"timeout"`
	HangMs         *int    `json:"hangMs"`
	TimeoutCreates *bool   `json:"timeoutCreates"`
	Step           *string `json:"step"`
	Webhooks       *string `json:"webhooks"`
	Unauthorized   *bool   `json:"unauthorized"`
	// ServiceabilityMs: 0 to shiprocketMaxHang in ms.
	ServiceabilityMs *int `json:"serviceabilityMs"`
}

// shiprocketSim plays Shiprocket: auth, adhoc orders, cancel, tracking and
// serviceability under /shiprocket/v1/external, a driver that walks orders to
// delivery sending status webhooks, and fault control. Its state lives in
// memory, guarded by mu and bounded by shiprocketOrderCapacity.
type shiprocketSim struct {
	cfg     shiprocketConfig
	logger  *slog.Logger
	now     func() time.Time
	webhook *http.Client
	// retryBase is the first webhook retry delay; each retry doubles it.
	retryBase time.Duration
	tokenKey  []byte

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu             sync.Mutex
	closed         bool
	step           time.Duration
	control        shiprocketControl
	tokens         map[string]time.Time
	tokenQueue     []string
	revoked        map[string]bool
	orders         map[int64]*shiprocketOrder
	orderQueue     []int64
	shipments      map[int64]*shiprocketOrder
	awbs           map[string]*shiprocketOrder
	channelOrders  map[string]*shiprocketOrder
	lastOrderID    int64
	lastShipmentID int64
	attempts       map[string]int
	attemptQueue   []string
	createRequests int
	duplicates     int
	orderSearches  int
	delivered      int
	failedAttempts int
	abandoned      int
	ndrControl     shiprocketNDRControl
}

// newShiprocketSim returns sim's Shiprocket for cfg. Call close to stop the driver and webhook deliveries.
func newShiprocketSim(cfg shiprocketConfig, logger *slog.Logger) *shiprocketSim {
	ctx, cancel := context.WithCancel(context.Background())
	key := make([]byte, 32)
	rand.Read(key)
	s := &shiprocketSim{
		cfg:    cfg,
		logger: logger,
		now:    time.Now,
		webhook: &http.Client{
			Timeout:       shiprocketWebhookTimeout,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
		retryBase:      time.Second,
		tokenKey:       key,
		ctx:            ctx,
		cancel:         cancel,
		step:           cfg.step,
		tokens:         map[string]time.Time{},
		revoked:        map[string]bool{},
		orders:         map[int64]*shiprocketOrder{},
		shipments:      map[int64]*shiprocketOrder{},
		awbs:           map[string]*shiprocketOrder{},
		channelOrders:  map[string]*shiprocketOrder{},
		attempts:       map[string]int{},
		lastOrderID:    shiprocketOrderIDBase,
		lastShipmentID: shiprocketShipmentIDBase,
	}
	s.control = s.defaultControl()
	s.ndrControl = shiprocketNDRControl{FailStatus: defaultShiprocketFailStatus, Actions: map[string]int{}}
	return s
}

// defaultControl is the control with no faults, webhooks on and the configured step.
func (s *shiprocketSim) defaultControl() shiprocketControl {
	return shiprocketControl{
		FailStatus: defaultShiprocketFailStatus, HangMs: int(defaultShiprocketHang / time.Millisecond), TimeoutCreates: true,
		Step: formatShiprocketStep(s.cfg.step), Webhooks: shiprocketWebhooksOn,
	}
}

// close stops the driver, pending webhook deliveries and retries, and waits for them to end.
func (s *shiprocketSim) close() {
	s.cancel()
	s.mu.Lock()
	s.closed = true
	for _, order := range s.orders {
		if order.timer != nil {
			order.timer.Stop()
		}
	}
	s.mu.Unlock()
	s.wg.Wait()
}

// registerShiprocket adds Shiprocket under /shiprocket, so the shop's base URL
// is http://SIM/shiprocket. Every /v1/external call but login needs
// "Authorization: Bearer <token>" of a live token.
//
//	POST /shiprocket/v1/external/auth/login                {email,password} → {token,…}
//	POST /shiprocket/v1/external/auth/logout               revokes the token sent
//	POST /shiprocket/v1/external/orders/create/adhoc       create an order (PROVIDERS.md §3.2) → {order_id,shipment_id,status:"NEW",…}
//	POST /shiprocket/v1/external/orders/cancel             {ids:[…]} → 204
//	POST /shiprocket/v1/external/orders/create/return      create a return order (a reverse pickup, INDIA.md §3) → {order_id,shipment_id,status:"RETURN PENDING",status_code:21}
//	GET  /shiprocket/v1/external/orders/processing/return  ?search=<order id or AWB>&page=&per_page= → {data:[return orders], meta}
//	GET  /shiprocket/v1/external/orders                    ?search=<order id or AWB>&page=&per_page= → {data:[orders], meta}
//	GET  /shiprocket/v1/external/courier/track/shipment/{id} tracking_data
//	GET  /shiprocket/v1/external/courier/track/awb/{awb}   tracking_data
//	GET  /shiprocket/v1/external/courier/serviceability    ?pickup_postcode=&delivery_postcode=&cod=&weight= → couriers
//	POST /shiprocket/v1/external/ndr/{awb}/action          {action,comments,phone?,address1?,deferred_date?} → 202 (shiprocketndr.go)
//	GET  /shiprocket/v1/external/ndr/{awb}, /ndr/all       failed delivery attempts with their history
//	GET, POST /shiprocket/control/ndr                      NDR action counters; raise a failed attempt {order_id,reason}; faults {fail,failStatus}
//	GET  /shiprocket/control                               fault control and counters (orders, duplicates, attempts per order id)
//	POST /shiprocket/control                               {fail,failStatus,timeout,hangMs,timeoutCreates,step,webhooks,unauthorized}
//	POST /shiprocket/control/reset                         control back to defaults, counters to zero (orders are kept)
//	POST /shiprocket/control/advance                       {order_id} or {sr_order_id}: the order's next status now
func registerShiprocket(mux *http.ServeMux, s *shiprocketSim) {
	mux.HandleFunc("POST /shiprocket/v1/external/auth/login", s.serveLogin)
	mux.HandleFunc("POST /shiprocket/v1/external/auth/logout", s.authenticated(s.serveLogout))
	mux.HandleFunc("POST /shiprocket/v1/external/orders/create/adhoc", s.authenticated(s.serveCreate))
	mux.HandleFunc("POST /shiprocket/v1/external/orders/cancel", s.authenticated(s.serveCancel))
	mux.HandleFunc("POST /shiprocket/v1/external/orders/create/return", s.authenticated(s.serveCreateReturn))
	mux.HandleFunc("GET /shiprocket/v1/external/orders/processing/return", s.authenticated(s.serveReturns))
	mux.HandleFunc("GET /shiprocket/v1/external/orders", s.authenticated(s.serveOrders))
	mux.HandleFunc("GET /shiprocket/v1/external/courier/track/shipment/{id}", s.authenticated(s.serveTrackShipment))
	mux.HandleFunc("GET /shiprocket/v1/external/courier/track/awb/{awb}", s.authenticated(s.serveTrackAWB))
	mux.HandleFunc("GET /shiprocket/v1/external/courier/serviceability", s.authenticated(s.serveServiceability))
	mux.HandleFunc("GET /shiprocket/v1/external/courier/serviceability/", s.authenticated(s.serveServiceability))
	registerShiprocketNDR(mux, s)
	mux.HandleFunc("/shiprocket/v1/", func(w http.ResponseWriter, r *http.Request) {
		writeShiprocketError(w, http.StatusNotFound, "404 Not Found", nil)
	})
	mux.HandleFunc("GET /shiprocket/control", s.serveControl)
	mux.HandleFunc("POST /shiprocket/control", s.serveControlUpdate)
	mux.HandleFunc("POST /shiprocket/control/reset", s.serveControlReset)
	mux.HandleFunc("POST /shiprocket/control/advance", s.serveAdvance)
}

// shiprocketErrorBody is Shiprocket's error envelope {message, errors?, status_code}.
func shiprocketErrorBody(status int, message string, fieldErrors map[string][]string) map[string]any {
	body := map[string]any{"message": message, "status_code": status}
	if len(fieldErrors) > 0 {
		body["errors"] = fieldErrors
	}
	return body
}

// writeShiprocketError answers an error as Shiprocket does.
func writeShiprocketError(w http.ResponseWriter, status int, message string, fieldErrors map[string][]string) {
	writeJSON(w, status, shiprocketErrorBody(status, message, fieldErrors))
}

// writeShiprocketInvalid answers a 422 "Oops! Invalid Data." with field errors.
func writeShiprocketInvalid(w http.ResponseWriter, fieldErrors map[string][]string) {
	writeShiprocketError(w, http.StatusUnprocessableEntity, "Oops! Invalid Data.", fieldErrors)
}

// newShiprocketToken is a JWT-looking HS256 token for the API user, valid for the configured TTL.
func (s *shiprocketSim) newShiprocketToken(issuedAt time.Time) string {
	encode := func(v any) string {
		data, _ := json.Marshal(v)
		return base64.RawURLEncoding.EncodeToString(data)
	}
	nonce := make([]byte, 12)
	rand.Read(nonce)
	unsigned := encode(map[string]string{"typ": "JWT", "alg": "HS256"}) + "." + encode(map[string]any{
		"sub": shiprocketUserID, "iss": "https://apiv2.shiprocket.in/v1/external/auth/login",
		"iat": issuedAt.Unix(), "exp": issuedAt.Add(s.cfg.tokenTTL).Unix(), "nbf": issuedAt.Unix(),
		"jti": base64.RawURLEncoding.EncodeToString(nonce),
	})
	mac := hmac.New(sha256.New, s.tokenKey)
	mac.Write([]byte(unsigned))
	return unsigned + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// serveLogin is POST /v1/external/auth/login {email, password}.
func (s *shiprocketSim) serveLogin(w http.ResponseWriter, r *http.Request) {
	var request struct {
		Email    string `json:"email"`
		Password string `json:"password"`
	}
	json.NewDecoder(http.MaxBytesReader(w, r.Body, shiprocketRequestLimit)).Decode(&request)
	fieldErrors := map[string][]string{}
	if strings.TrimSpace(request.Email) == "" {
		fieldErrors["email"] = []string{"The email field is required."}
	}
	if request.Password == "" {
		fieldErrors["password"] = []string{"The password field is required."}
	}
	if len(fieldErrors) > 0 {
		writeShiprocketInvalid(w, fieldErrors)
		return
	}
	emailOK := subtle.ConstantTimeCompare([]byte(strings.ToLower(strings.TrimSpace(request.Email))), []byte(strings.ToLower(s.cfg.email)))
	passwordOK := subtle.ConstantTimeCompare([]byte(request.Password), []byte(s.cfg.password))
	if emailOK&passwordOK != 1 {
		s.logger.Warn("shiprocket login refused", "email", request.Email)
		writeShiprocketError(w, http.StatusBadRequest, "Invalid email and password combination", nil)
		return
	}
	now := s.now()
	token := s.newShiprocketToken(now)
	s.mu.Lock()
	for len(s.tokenQueue) > 0 && (len(s.tokenQueue) >= shiprocketTokenCapacity || !now.Before(s.tokens[s.tokenQueue[0]])) {
		delete(s.tokens, s.tokenQueue[0])
		s.tokenQueue = s.tokenQueue[1:]
	}
	s.tokens[token] = now.Add(s.cfg.tokenTTL)
	s.tokenQueue = append(s.tokenQueue, token)
	s.mu.Unlock()
	s.logger.Info("shiprocket login", "email", s.cfg.email)
	writeJSON(w, http.StatusOK, map[string]any{
		"id": shiprocketUserID, "first_name": "Drape", "last_name": "API", "email": s.cfg.email,
		"company_id": shiprocketCompanyID, "created_at": now.In(shiprocketIST).Format("2006-01-02 15:04:05"), "token": token,
	})
}

// authenticated answers 401 unless the request carries a live bearer token, as
// every Shiprocket call but login must.
func (s *shiprocketSim) authenticated(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		token = strings.TrimSpace(token)
		if !ok || token == "" {
			writeShiprocketError(w, http.StatusUnauthorized, "Token not provided", nil)
			return
		}
		s.mu.Lock()
		expiry, known := s.tokens[token]
		revoked := s.revoked[token]
		s.mu.Unlock()
		switch {
		case known && s.now().Before(expiry):
			next(w, r)
		case known:
			writeShiprocketError(w, http.StatusUnauthorized, "Token has expired", nil)
		case revoked:
			writeShiprocketError(w, http.StatusUnauthorized, "The token has been blacklisted", nil)
		default:
			writeShiprocketError(w, http.StatusUnauthorized, "Token Signature could not be verified.", nil)
		}
	}
}

// serveLogout is POST /v1/external/auth/logout: the token sent stops working.
func (s *shiprocketSim) serveLogout(w http.ResponseWriter, r *http.Request) {
	token := strings.TrimSpace(strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "))
	s.mu.Lock()
	delete(s.tokens, token)
	s.revokeLocked([]string{token})
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]string{"message": "Successfully logged out"})
}

// revokeLocked remembers tokens as revoked, forgetting the oldest beyond
// shiprocketTokenCapacity. The caller holds mu.
func (s *shiprocketSim) revokeLocked(tokens []string) {
	if len(s.revoked)+len(tokens) > shiprocketTokenCapacity {
		s.revoked = map[string]bool{}
	}
	for _, token := range tokens {
		s.revoked[token] = true
	}
}

// shiprocketFields reads a JSON object body field by field, collecting
// Laravel-style validation errors as Shiprocket reports them.
type shiprocketFields struct {
	raw    map[string]json.RawMessage
	errors map[string][]string
}

// fieldLabel is how Shiprocket names a field in messages: "billing_city" is "billing city".
func fieldLabel(name string) string {
	if strings.Contains(name, ".") {
		return name
	}
	return strings.ReplaceAll(name, "_", " ")
}

func (f *shiprocketFields) fail(name, message string) {
	f.errors[name] = append(f.errors[name], message)
}

// text is the field as text (a JSON string, or a number's digits) and whether it has a value.
func (f *shiprocketFields) text(name string) (string, bool) {
	raw, ok := f.raw[name]
	if !ok {
		return "", false
	}
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return "", false
	}
	var text string
	if trimmed[0] == '"' {
		json.Unmarshal(trimmed, &text)
	} else if trimmed[0] != '{' && trimmed[0] != '[' {
		text = string(trimmed)
	}
	text = strings.TrimSpace(text)
	return text, text != ""
}

// requiredText is a required text field of at most maxLength characters (0: no limit).
func (f *shiprocketFields) requiredText(name string, maxLength int) string {
	text, ok := f.text(name)
	if !ok {
		f.fail(name, fmt.Sprintf("The %s field is required.", fieldLabel(name)))
		return ""
	}
	if maxLength > 0 && utf8.RuneCountInString(text) > maxLength {
		f.fail(name, fmt.Sprintf("The %s may not be greater than %d characters.", fieldLabel(name), maxLength))
	}
	return text
}

// digits is a required field of exactly n digits (a JSON number or a string of digits).
func (f *shiprocketFields) digits(name string, n int) string {
	text := f.requiredText(name, 0)
	if text != "" && (len(text) != n || strings.Trim(text, "0123456789") != "") {
		f.fail(name, fmt.Sprintf("The %s must be %d digits.", fieldLabel(name), n))
	}
	return text
}

// email is a required e-mail address field.
func (f *shiprocketFields) email(name string) string {
	text := f.requiredText(name, 0)
	at := strings.Index(text, "@")
	if text != "" && (at < 1 || at == len(text)-1 || strings.ContainsAny(text, " \t") || strings.Count(text, "@") != 1) {
		f.fail(name, fmt.Sprintf("The %s must be a valid email address.", fieldLabel(name)))
	}
	return text
}

// number is a required numeric field (a JSON number or a numeric string).
func (f *shiprocketFields) number(name string) (float64, bool) {
	text, ok := f.text(name)
	if !ok {
		f.fail(name, fmt.Sprintf("The %s field is required.", fieldLabel(name)))
		return 0, false
	}
	value, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsNaN(value) || math.IsInf(value, 0) {
		f.fail(name, fmt.Sprintf("The %s must be a number.", fieldLabel(name)))
		return 0, false
	}
	return value, true
}

// greaterThan is a required number above bound.
func (f *shiprocketFields) greaterThan(name string, bound float64) float64 {
	value, ok := f.number(name)
	if ok && !(value > bound) {
		f.fail(name, fmt.Sprintf("The %s must be greater than %s.", fieldLabel(name), strconv.FormatFloat(bound, 'f', -1, 64)))
	}
	return value
}

// boolean is a required true/false field (also 1/0 and their strings) and whether it is valid.
func (f *shiprocketFields) boolean(name string) (bool, bool) {
	text, ok := f.text(name)
	if !ok {
		f.fail(name, fmt.Sprintf("The %s field is required.", fieldLabel(name)))
		return false, false
	}
	switch strings.ToLower(text) {
	case "true", "1":
		return true, true
	case "false", "0":
		return false, true
	}
	f.fail(name, fmt.Sprintf("The %s field must be true or false.", fieldLabel(name)))
	return false, false
}

// validShiprocketDate accepts an order date as "yyyy-mm-dd", "yyyy-mm-dd hh:mm" or "yyyy-mm-dd hh:mm:ss".
func validShiprocketDate(date string) bool {
	for _, layout := range []string{"2006-01-02", "2006-01-02 15:04", "2006-01-02 15:04:05"} {
		if _, err := time.Parse(layout, date); err == nil {
			return true
		}
	}
	return false
}

// shiprocketAdhoc is what sim keeps of a valid create request.
type shiprocketAdhoc struct {
	orderID        string
	pickupLocation string
	paymentMethod  string
	customerName   string
	customerEmail  string
	customerPhone  string
	subTotal       float64
	length         float64
	breadth        float64
	height         float64
	weight         float64
	city, state    string
	pincode        string
	items          []shiprocketItem
}

// shiprocketItem is one of an order's order_items as sim keeps it.
type shiprocketItem struct {
	name, sku, hsn string
	units          int
}

// validateAdhoc checks a create body as Shiprocket does (PROVIDERS.md §3.2).
func validateAdhoc(f *shiprocketFields) shiprocketAdhoc {
	var order shiprocketAdhoc
	order.orderID = f.requiredText("order_id", shiprocketMaxOrderID)
	if date := f.requiredText("order_date", 0); date != "" && !validShiprocketDate(date) {
		f.fail("order_date", "The order date does not match the format Y-m-d H:i.")
	}
	order.pickupLocation = f.requiredText("pickup_location", 0)
	order.customerName = f.requiredText("billing_customer_name", 0)
	if lastName, ok := f.text("billing_last_name"); ok {
		order.customerName += " " + lastName
	}
	f.requiredText("billing_address", 0)
	order.city = f.requiredText("billing_city", shiprocketMaxCity)
	order.pincode = f.digits("billing_pincode", 6)
	order.state = f.requiredText("billing_state", 0)
	f.requiredText("billing_country", 0)
	order.customerEmail = f.email("billing_email")
	order.customerPhone = f.digits("billing_phone", 10)
	if shippingIsBilling, ok := f.boolean("shipping_is_billing"); ok && !shippingIsBilling {
		missing := false
		for _, name := range []string{"shipping_customer_name", "shipping_address", "shipping_city", "shipping_pincode", "shipping_state", "shipping_country", "shipping_phone"} {
			if _, ok := f.text(name); !ok {
				f.fail(name, fmt.Sprintf("The %s field is required when shipping is billing is 0.", fieldLabel(name)))
				missing = true
			}
		}
		if !missing {
			order.city = f.requiredText("shipping_city", shiprocketMaxCity)
			order.pincode = f.digits("shipping_pincode", 6)
			order.state = f.requiredText("shipping_state", 0)
			f.digits("shipping_phone", 10)
		}
	}
	order.items = validateAdhocItems(f)
	switch method, _ := f.text("payment_method"); method {
	case "":
		f.fail("payment_method", "The payment method field is required.")
	case "COD", "Prepaid":
		order.paymentMethod = method
	default:
		f.fail("payment_method", "The selected payment method is invalid.")
	}
	order.subTotal, _ = f.number("sub_total")
	order.length = f.greaterThan("length", shiprocketMinDimension)
	order.breadth = f.greaterThan("breadth", shiprocketMinDimension)
	order.height = f.greaterThan("height", shiprocketMinDimension)
	order.weight = f.greaterThan("weight", 0)
	if orderType, _ := f.text("order_type"); orderType != "" && orderType != "ESSENTIALS" && orderType != "NON ESSENTIALS" {
		f.fail("order_type", "The selected order type is invalid.")
	}
	return order
}

// validateAdhocItems checks order_items: a non-empty array of {name, sku, units, selling_price, …}.
func validateAdhocItems(f *shiprocketFields) []shiprocketItem {
	var items []map[string]json.RawMessage
	raw, ok := f.raw["order_items"]
	if !ok || json.Unmarshal(raw, &items) != nil || len(items) == 0 {
		f.fail("order_items", "The order items field is required.")
		return nil
	}
	var kept []shiprocketItem
	for i, item := range items {
		itemFields := &shiprocketFields{raw: item, errors: f.errors}
		prefix := fmt.Sprintf("order_items.%d.", i)
		for _, name := range []string{"name", "sku"} {
			if _, ok := itemFields.text(name); !ok {
				f.fail(prefix+name, fmt.Sprintf("The %s%s field is required.", prefix, name))
			}
		}
		units, ok := itemFields.text("units")
		count, err := strconv.Atoi(units)
		switch {
		case !ok:
			f.fail(prefix+"units", fmt.Sprintf("The %sunits field is required.", prefix))
		case err != nil:
			f.fail(prefix+"units", fmt.Sprintf("The %sunits must be an integer.", prefix))
		case count < 1:
			f.fail(prefix+"units", fmt.Sprintf("The %sunits must be at least 1.", prefix))
		}
		price, ok := itemFields.text("selling_price")
		if _, err := strconv.ParseFloat(price, 64); !ok || err != nil {
			f.fail(prefix+"selling_price", fmt.Sprintf("The %sselling_price field is required and must be a number.", prefix))
		}
		name, _ := itemFields.text("name")
		sku, _ := itemFields.text("sku")
		hsn, _ := itemFields.text("hsn")
		kept = append(kept, shiprocketItem{name: name, sku: sku, hsn: hsn, units: count})
	}
	return kept
}

// serveCreate is POST /v1/external/orders/create/adhoc. Every request with an
// order_id is counted per id before anything else, and one for an id already
// created (even cancelled) counts as a duplicate, whatever it is answered.
// Then come the fault modes: fail answers at once without creating; timeout
// holds the answer back (creating the order first when timeoutCreates, so the
// answer is lost but not the order). Then validation, the pickup location and
// the duplicate refusal.
func (s *shiprocketSim) serveCreate(w http.ResponseWriter, r *http.Request) {
	s.serveCreating(w, r, s.create)
}

// serveCreating reads a create body and answers it with create, after counting the attempt
// and playing the fault modes as serveCreate says: forward and return orders alike.
func (s *shiprocketSim) serveCreating(w http.ResponseWriter, r *http.Request, create func(*shiprocketFields) (int, any)) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, shiprocketRequestLimit))
	if err != nil {
		writeShiprocketError(w, http.StatusRequestEntityTooLarge, "The request body is too large.", nil)
		return
	}
	fields := &shiprocketFields{raw: map[string]json.RawMessage{}, errors: map[string][]string{}}
	json.Unmarshal(data, &fields.raw)
	if fields.raw == nil {
		fields.raw = map[string]json.RawMessage{}
	}
	channelOrderID, _ := fields.text("order_id")

	s.mu.Lock()
	s.countAttemptLocked(channelOrderID)
	fail, hang := false, false
	failStatus, hangFor, hangCreates := s.control.FailStatus, time.Duration(s.control.HangMs)*time.Millisecond, s.control.TimeoutCreates
	switch {
	case s.control.Fail > 0:
		s.control.Fail--
		fail = true
	case s.control.Timeout > 0:
		s.control.Timeout--
		hang = true
	}
	s.mu.Unlock()

	switch {
	case fail:
		s.logger.Warn("shiprocket create fails on purpose", "order_id", channelOrderID, "status", failStatus)
		writeShiprocketError(w, failStatus, http.StatusText(failStatus), nil)
		return
	case hang && !hangCreates:
		s.logger.Warn("shiprocket create hangs on purpose, creating nothing", "order_id", channelOrderID, "hang", hangFor)
		if s.hang(r, hangFor) {
			writeShiprocketError(w, http.StatusGatewayTimeout, "Gateway Timeout", nil)
		}
		return
	}
	status, answer := create(fields)
	if hang {
		s.logger.Warn("shiprocket create hangs on purpose after creating", "order_id", channelOrderID, "hang", hangFor)
		if !s.hang(r, hangFor) {
			return
		}
	}
	writeJSON(w, status, answer)
}

// countAttemptLocked counts a create request for channelOrderID, and a
// duplicate when that id was already created. The caller holds mu.
func (s *shiprocketSim) countAttemptLocked(channelOrderID string) {
	s.createRequests++
	if channelOrderID == "" {
		return
	}
	if _, seen := s.attempts[channelOrderID]; !seen {
		s.attemptQueue = append(s.attemptQueue, channelOrderID)
		for len(s.attemptQueue) > 2*shiprocketOrderCapacity {
			delete(s.attempts, s.attemptQueue[0])
			s.attemptQueue = s.attemptQueue[1:]
		}
	}
	s.attempts[channelOrderID]++
	if s.channelOrders[channelOrderID] != nil {
		s.duplicates++
	}
}

// create validates a create body and stores the order, returning the answer's
// status and body: 200 with Shiprocket's ids, or a 422.
func (s *shiprocketSim) create(fields *shiprocketFields) (int, any) {
	adhoc := validateAdhoc(fields)
	if len(fields.errors) > 0 {
		return http.StatusUnprocessableEntity, shiprocketErrorBody(http.StatusUnprocessableEntity, "Oops! Invalid Data.", fields.errors)
	}
	if !strings.EqualFold(adhoc.pickupLocation, s.cfg.pickupLocation) {
		return http.StatusUnprocessableEntity, shiprocketErrorBody(http.StatusUnprocessableEntity,
			"Wrong Pickup location entered. Please choose one location from data given",
			map[string][]string{"pickup_location": {"Pickup locations of this account: " + s.cfg.pickupLocation}})
	}
	s.mu.Lock()
	if existing := s.channelOrders[adhoc.orderID]; existing != nil {
		existingID := existing.id
		s.mu.Unlock()
		s.logger.Warn("shiprocket duplicate order refused", "order_id", adhoc.orderID, "sr_order_id", existingID)
		return http.StatusUnprocessableEntity, shiprocketErrorBody(http.StatusUnprocessableEntity, "Order Id Already Exists",
			map[string][]string{"order_id": {"The order id has already been taken."}})
	}
	order := s.createLocked(adhoc)
	answer := map[string]any{
		"order_id": order.id, "shipment_id": order.shipmentID, "status": "NEW", "status_code": 1,
		"onboarding_completed_now": 0, "awb_code": nil, "courier_company_id": nil, "courier_name": nil,
	}
	s.mu.Unlock()
	s.logger.Info("shiprocket order created", "order_id", adhoc.orderID, "sr_order_id", order.id, "shipment_id", order.shipmentID)
	return http.StatusOK, answer
}

// hang waits d, or until the client gives up or sim closes; it reports whether
// the client is still there to be answered.
func (s *shiprocketSim) hang(r *http.Request, d time.Duration) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return true
	case <-r.Context().Done():
		return false
	case <-s.ctx.Done():
		return false
	}
}

// createLocked stores a new order, drops the oldest beyond shiprocketOrderCapacity,
// and starts the driver on it. The caller holds mu.
func (s *shiprocketSim) createLocked(adhoc shiprocketAdhoc) *shiprocketOrder {
	s.lastOrderID++
	s.lastShipmentID++
	now := s.now()
	order := &shiprocketOrder{
		id: s.lastOrderID, shipmentID: s.lastShipmentID, channelOrderID: adhoc.orderID, createdAt: now,
		paymentMethod: adhoc.paymentMethod, weight: adhoc.weight, details: adhoc, origin: "BLR/FC1, BANGALORE, KARNATAKA",
		destination: strings.ToUpper(adhoc.city + ", " + adhoc.state), destinationPin: adhoc.pincode,
		etd: now.Add(4 * 24 * time.Hour), scans: []shiprocketScan{},
	}
	s.orders[order.id] = order
	s.shipments[order.shipmentID] = order
	s.channelOrders[order.channelOrderID] = order
	s.orderQueue = append(s.orderQueue, order.id)
	for len(s.orderQueue) > shiprocketOrderCapacity {
		s.forgetLocked(s.orders[s.orderQueue[0]])
		s.orderQueue = s.orderQueue[1:]
	}
	if s.step > 0 {
		s.scheduleLocked(order, s.step)
	}
	return order
}

// forgetLocked drops an order and stops its driver. The caller holds mu.
func (s *shiprocketSim) forgetLocked(order *shiprocketOrder) {
	if order.timer != nil {
		order.timer.Stop()
	}
	order.timerGeneration++
	delete(s.orders, order.id)
	delete(s.shipments, order.shipmentID)
	delete(s.awbs, order.awb)
	delete(s.channelOrders, order.channelOrderID)
}

// scheduleLocked makes the driver advance order after d. A later schedule,
// a cancel or forgetLocked makes the earlier timer a no-op. The caller holds mu.
func (s *shiprocketSim) scheduleLocked(order *shiprocketOrder, d time.Duration) {
	if order.timer != nil {
		order.timer.Stop()
	}
	order.timerGeneration++
	generation, id := order.timerGeneration, order.id
	order.timer = time.AfterFunc(d, func() { s.driverStep(id, generation) })
}

// driverStep is the driver's timer: it advances the order one status and
// schedules the next step unless the order is done or the step is off.
func (s *shiprocketSim) driverStep(id int64, generation int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	order := s.orders[id]
	if s.closed || order == nil || order.timerGeneration != generation || order.final() || order.ndr.waiting {
		return
	}
	s.advanceLocked(order, nil)
	if !order.final() && s.step > 0 {
		s.scheduleLocked(order, s.step)
	}
}

// shiprocketDate writes a time as Shiprocket's dates ("2006-01-02 15:04:05", IST), or "" for zero.
func shiprocketDate(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.In(shiprocketIST).Format("2006-01-02 15:04:05")
}

// advanceLocked moves order to its next status: the AWB and courier come with
// PICKUP SCHEDULED, each status adds a scan, and the status webhook is queued
// behind the order's earlier ones. firstTry, when set, gets the result of the
// webhook's first delivery attempt (nil at once when no webhook is sent). The
// caller holds mu and has checked the order is not final.
func (s *shiprocketSim) advanceLocked(order *shiprocketOrder, firstTry chan error) {
	now := s.now()
	order.ndr.waiting = false // the courier went out again
	order.stage++
	stage := order.lifecycle()[order.stage]
	switch stage.name {
	case "PICKUP SCHEDULED", shiprocketReturnPickupGenerated:
		order.courier = shiprocketCouriers[0]
		order.awb = s.newAWBLocked()
		order.awbAssignedAt = now
		s.awbs[order.awb] = order
	case "SHIPPED", shiprocketReturnPickedUp:
		order.pickedUpAt = now
	case "DELIVERED", shiprocketReturnDelivered:
		order.deliveredAt = now
	}
	location := order.origin
	if stage.atDestination {
		location = order.destination
	}
	order.scans = append(order.scans, shiprocketScan{
		Date: shiprocketDate(now), Status: stage.scanCode, Activity: stage.activity, Location: location,
		SRStatus: strconv.Itoa(stage.shipmentStatusID), SRStatusLabel: stage.name,
	})
	s.logger.Info("shiprocket order advanced", "order_id", order.channelOrderID, "sr_order_id", order.id, "status", stage.name, "awb", order.awb)
	s.queueWebhookLocked(order, now, firstTry)
}

// newAWBLocked is a fresh 14-digit air waybill number. The caller holds mu.
func (s *shiprocketSim) newAWBLocked() string {
	for {
		awb := "19" + randomDigits(12)
		if s.awbs[awb] == nil {
			return awb
		}
	}
}

// queueWebhookLocked queues the status webhook of order's current status, if
// webhooks are on and a URL is configured, and starts the order's delivery
// goroutine when none runs: one order's webhooks go out one at a time, in order.
// The caller holds mu.
func (s *shiprocketSim) queueWebhookLocked(order *shiprocketOrder, at time.Time, firstTry chan error) {
	if s.cfg.webhookURL == "" || s.control.Webhooks != shiprocketWebhooksOn || s.closed {
		if firstTry != nil {
			firstTry <- errShiprocketNoWebhook
		}
		return
	}
	stage := order.current()
	update := shiprocketStatusUpdate{
		AWB: order.awb, CourierName: order.courier.name, CurrentStatus: stage.name, CurrentStatusID: stage.currentStatusID,
		ShipmentStatus: stage.name, ShipmentStatusID: stage.shipmentStatusID,
		CurrentTimestamp: at.In(shiprocketIST).Format("02 01 2006 15:04:05"), OrderID: order.channelOrderID, SROrderID: order.id,
		AWBAssignedDate: shiprocketDate(order.awbAssignedAt), PickupScheduledDate: shiprocketDate(order.awbAssignedAt),
		ETD: shiprocketDate(order.etd), Scans: append([]shiprocketScan{}, order.scans...), ChannelID: shiprocketChannelID,
		PODStatus: "", POD: "Not Available", IsReturn: boolInt(order.isReturn),
	}
	if stage.name == "DELIVERED" || stage.name == shiprocketReturnDelivered {
		update.PODStatus, update.POD = "OTP Based Delivery", "Available"
	}
	body, err := json.Marshal(update)
	if err != nil {
		panic("shiprocket webhook: " + err.Error()) // only plain structs are encoded
	}
	order.pendingWebhooks = append(order.pendingWebhooks, shiprocketDelivery{status: stage.name, body: body, firstTry: firstTry})
	if !order.deliveringWebhook {
		order.deliveringWebhook = true
		s.wg.Add(1)
		go s.deliverQueue(order)
	}
}

// errShiprocketNoWebhook tells an advance that no webhook was sent (off, or no URL).
var errShiprocketNoWebhook = errors.New("no webhook sent")

// deliverQueue sends order's queued webhooks one at a time, each with its retries.
func (s *shiprocketSim) deliverQueue(order *shiprocketOrder) {
	defer s.wg.Done()
	for {
		s.mu.Lock()
		if len(order.pendingWebhooks) == 0 || s.closed {
			for _, pending := range order.pendingWebhooks {
				if pending.firstTry != nil {
					pending.firstTry <- errShiprocketNoWebhook
				}
			}
			order.pendingWebhooks = nil
			order.deliveringWebhook = false
			s.mu.Unlock()
			return
		}
		delivery := order.pendingWebhooks[0]
		order.pendingWebhooks = order.pendingWebhooks[1:]
		s.mu.Unlock()
		s.deliverWithRetries(order.channelOrderID, delivery)
	}
}

// deliverWithRetries posts one webhook, then retries after 1 s, 2 s, 4 s and 8 s
// (with the default retryBase) until Shiprocket's "HTTP 200" is answered or the
// tries run out.
func (s *shiprocketSim) deliverWithRetries(orderID string, delivery shiprocketDelivery) {
	err := s.deliver(orderID, delivery, 1)
	if delivery.firstTry != nil {
		delivery.firstTry <- err
	}
	wait := s.retryBase
	for try := 2; err != nil && try <= shiprocketWebhookTries; try++ {
		if !s.sleep(wait) {
			return
		}
		err = s.deliver(orderID, delivery, try)
		wait *= 2
	}
	if err != nil {
		s.mu.Lock()
		s.abandoned++
		s.mu.Unlock()
		s.logger.Warn("shiprocket webhook abandoned", "order_id", orderID, "status", delivery.status, "tries", shiprocketWebhookTries)
	}
}

// sleep waits d unless sim is closing; it reports whether to carry on.
func (s *shiprocketSim) sleep(d time.Duration) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return true
	case <-s.ctx.Done():
		return false
	}
}

// deliver posts a webhook once with the x-api-key token; only HTTP 200 is success.
func (s *shiprocketSim) deliver(orderID string, delivery shiprocketDelivery, try int) error {
	req, err := http.NewRequestWithContext(s.ctx, http.MethodPost, s.cfg.webhookURL, bytes.NewReader(delivery.body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if s.cfg.webhookToken != "" {
		req.Header.Set("x-api-key", s.cfg.webhookToken)
	}
	resp, err := s.webhook.Do(req)
	if err == nil {
		io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			err = fmt.Errorf("answered %s, want 200", resp.Status)
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
		s.logger.Warn("shiprocket webhook failed", "order_id", orderID, "status", delivery.status, "try", try, "err", err)
		return err
	}
	s.logger.Info("shiprocket webhook delivered", "order_id", orderID, "status", delivery.status, "try", try)
	return nil
}

// serveCancel is POST /v1/external/orders/cancel {ids: [Shiprocket order ids]}.
// Orders not yet picked up are cancelled (a CANCELED webhook follows when the
// order already had an AWB); cancelling twice is fine; a shipped order cannot be.
func (s *shiprocketSim) serveCancel(w http.ResponseWriter, r *http.Request) {
	var request struct {
		IDs []json.RawMessage `json:"ids"`
	}
	json.NewDecoder(http.MaxBytesReader(w, r.Body, shiprocketRequestLimit)).Decode(&request)
	if len(request.IDs) == 0 {
		writeShiprocketInvalid(w, map[string][]string{"ids": {"The ids field is required."}})
		return
	}
	var ids []int64
	for _, raw := range request.IDs {
		text := strings.Trim(string(bytes.TrimSpace(raw)), `"`)
		id, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			writeShiprocketInvalid(w, map[string][]string{"ids": {"The ids must be an array of order ids."}})
			return
		}
		ids = append(ids, id)
	}
	status, answer := s.cancelOrders(ids)
	if answer == nil {
		w.WriteHeader(status)
		return
	}
	writeJSON(w, status, answer)
}

// cancelOrders cancels the orders ids, all or none, and returns the answer's
// status and body (nil for 204).
func (s *shiprocketSim) cancelOrders(ids []int64) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var shipped []string
	for _, id := range ids {
		order := s.orders[id]
		if order == nil {
			return http.StatusUnprocessableEntity, shiprocketErrorBody(http.StatusUnprocessableEntity, "Oops! Invalid Data.",
				map[string][]string{"ids": {"The selected ids is invalid."}})
		}
		if !order.canceled && order.stage >= 2 {
			shipped = append(shipped, strconv.FormatInt(id, 10))
		}
	}
	if len(shipped) > 0 {
		return http.StatusBadRequest, shiprocketErrorBody(http.StatusBadRequest,
			"Order(s) "+strings.Join(shipped, ", ")+" cannot be cancelled: already picked up.", nil)
	}
	now := s.now()
	for _, id := range ids {
		order := s.orders[id]
		if order.canceled {
			continue
		}
		order.canceled = true
		if order.timer != nil {
			order.timer.Stop()
		}
		order.timerGeneration++
		s.logger.Info("shiprocket order cancelled", "order_id", order.channelOrderID, "sr_order_id", order.id)
		if order.awb != "" {
			order.scans = append(order.scans, shiprocketScan{
				Date: shiprocketDate(now), Status: shiprocketCanceled.scanCode, Activity: shiprocketCanceled.activity, Location: order.origin,
				SRStatus: strconv.Itoa(shiprocketCanceled.shipmentStatusID), SRStatusLabel: shiprocketCanceled.name,
			})
			s.queueWebhookLocked(order, now, nil)
		}
	}
	return http.StatusNoContent, nil
}

// shiprocketOrderStatus is an order's order-level status name and code, as the
// orders list shows it (NEW 1 and CANCELED 5 are Shiprocket's own; the others
// follow third-party tables). In-transit stages show as SHIPPED.
func shiprocketOrderStatus(order *shiprocketOrder) (string, int) {
	switch {
	case order.isReturn && !order.canceled:
		stage := order.current()
		return stage.name, stage.currentStatusID
	case order.canceled:
		return "CANCELED", 5
	case order.stage == 0:
		return "NEW", 1
	case order.stage == 1:
		return "PICKUP SCHEDULED", 4
	case order.final():
		return "DELIVERED", 7
	}
	return "SHIPPED", 6
}

// serveOrders is GET /v1/external/orders: the account's orders, newest first,
// 15 a page unless per_page says otherwise (at most 100); search keeps those
// whose channel order id contains it or whose AWB is it.
func (s *shiprocketSim) serveOrders(w http.ResponseWriter, r *http.Request) {
	s.serveOrderList(w, r, false)
}

// serveOrderList answers a list of the account's forward orders, or of its return orders
// when returns, paged and searched as serveOrders says.
func (s *shiprocketSim) serveOrderList(w http.ResponseWriter, r *http.Request, returns bool) {
	query := r.URL.Query()
	search := strings.ToLower(strings.TrimSpace(query.Get("search")))
	perPage, err := strconv.Atoi(query.Get("per_page"))
	if err != nil || perPage < 1 {
		perPage = 15
	}
	perPage = min(perPage, 100)
	page, err := strconv.Atoi(query.Get("page"))
	if err != nil || page < 1 {
		page = 1
	}
	s.mu.Lock()
	s.orderSearches++
	var matches []*shiprocketOrder
	for i := len(s.orderQueue) - 1; i >= 0; i-- {
		order := s.orders[s.orderQueue[i]]
		if order != nil && order.isReturn == returns && (search == "" || strings.Contains(strings.ToLower(order.channelOrderID), search) || (order.awb != "" && order.awb == search)) {
			matches = append(matches, order)
		}
	}
	total := len(matches)
	start, end := min((page-1)*perPage, total), min(page*perPage, total)
	data := make([]map[string]any, 0, end-start)
	for _, order := range matches[start:end] {
		data = append(data, s.orderEntryLocked(order))
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{
		"data": data,
		"meta": map[string]any{"pagination": map[string]any{
			"total": total, "count": len(data), "per_page": perPage, "current_page": page,
			"total_pages": (total + perPage - 1) / perPage, "links": map[string]any{},
		}},
	})
}

// orderEntryLocked is order as an entry of the orders list, in the shape of
// Shiprocket's "Get all Orders" example. The caller holds mu.
func (s *shiprocketSim) orderEntryLocked(order *shiprocketOrder) map[string]any {
	details := order.details
	status, code := shiprocketOrderStatus(order)
	listDate := func(t time.Time) string { return t.In(shiprocketIST).Format("02 Jan 2006, 03:04 PM") }
	products := make([]map[string]any, 0, len(details.items))
	for i, item := range details.items {
		productID := order.id*100 + int64(i)
		products = append(products, map[string]any{
			"id": productID, "channel_order_product_id": strconv.FormatInt(productID, 10), "name": item.name,
			"channel_sku": item.sku, "quantity": item.units, "product_id": productID, "available": 0, "status": status, "hsn": item.hsn,
		})
	}
	optionalDate := func(t time.Time) any {
		if t.IsZero() {
			return nil
		}
		return shiprocketDate(t)
	}
	etd := "NA"
	if order.awb != "" {
		etd = shiprocketDate(order.etd)
	}
	activities := []string{"ORDER_CREATED"}
	if order.canceled {
		activities = append(activities, "ORDER_CANCELLED")
	}
	return map[string]any{
		"id": order.id, "channel_id": shiprocketChannelID, "channel_name": "CUSTOM", "base_channel_code": "CS",
		"channel_order_id": order.channelOrderID, "customer_name": details.customerName, "customer_email": details.customerEmail,
		"customer_phone": details.customerPhone, "pickup_location": details.pickupLocation, "payment_status": "",
		"total": strconv.FormatFloat(details.subTotal, 'f', 2, 64), "tax": "0.00", "sla": "2 days", "shipping_method": "SR",
		"expedited": 0, "status": status, "status_code": code, "payment_method": strings.ToLower(order.paymentMethod),
		"is_international": 0, "purpose_of_shipment": 0, "channel_created_at": listDate(order.createdAt),
		"created_at": listDate(order.createdAt), "products": products,
		"shipments": []map[string]any{{
			"id": order.shipmentID, "isd_code": "+91", "courier": order.courier.name, "weight": order.weight,
			"dimensions":            fmt.Sprintf("%.2fx%.2fx%.2f", details.length, details.breadth, details.height),
			"pickup_scheduled_date": optionalDate(order.awbAssignedAt), "pickup_token_number": nil, "awb": order.awb,
			"return_awb": "", "volumetric_weight": math.Round(details.length*details.breadth*details.height/5000*100) / 100,
			"pod": nil, "etd": etd, "rto_delivered_date": "0000-00-00 00:00:00", "delivered_date": optionalDate(order.deliveredAt),
			"etd_escalation_btn": false,
		}},
		"activities": activities, "allow_return": 0, "is_incomplete": 0, "errors": []any{},
		"show_escalation_btn": 0, "escalation_status": "", "escalation_history": []any{},
	}
}

// serveTrackShipment is GET /v1/external/courier/track/shipment/{id}.
func (s *shiprocketSim) serveTrackShipment(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
	s.mu.Lock()
	tracking := s.trackingLocked(s.shipments[id])
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, tracking)
}

// serveTrackAWB is GET /v1/external/courier/track/awb/{awb}.
func (s *shiprocketSim) serveTrackAWB(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	tracking := s.trackingLocked(s.awbs[r.PathValue("awb")])
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, tracking)
}

// trackingLocked is the tracking answer for order (nil: unknown), as in
// PROVIDERS.md §3.4: nothing until an AWB exists, then the shipment and its
// scans newest first. The caller holds mu.
func (s *shiprocketSim) trackingLocked(order *shiprocketOrder) map[string]any {
	if order == nil || order.awb == "" {
		return map[string]any{"tracking_data": map[string]any{"track_status": 0, "error": shiprocketNotFoundError}}
	}
	stage := order.current()
	activities := make([]shiprocketScan, 0, len(order.scans))
	for i := len(order.scans) - 1; i >= 0; i-- {
		activities = append(activities, order.scans[i])
	}
	optionalDate := func(t time.Time) any {
		if t.IsZero() {
			return nil
		}
		return shiprocketDate(t)
	}
	pod := "Not Available"
	if !order.deliveredAt.IsZero() {
		pod = "Available"
	}
	return map[string]any{"tracking_data": map[string]any{
		"track_status": 1, "shipment_status": stage.shipmentStatusID,
		"shipment_track": []map[string]any{{
			"id": order.shipmentID, "awb_code": order.awb, "courier_company_id": order.courier.id, "shipment_id": order.shipmentID,
			"order_id": order.id, "pickup_date": optionalDate(order.pickedUpAt), "delivered_date": optionalDate(order.deliveredAt),
			"weight": strconv.FormatFloat(order.weight, 'f', 2, 64), "packages": 1, "current_status": stage.label,
			"delivered_to": order.destination, "destination": order.destination, "consignee_name": "", "origin": order.origin,
			"courier_agent_details": nil, "courier_name": order.courier.name, "edd": nil, "pod": pod, "pod_status": "",
		}},
		"shipment_track_activities": activities,
		"track_url":                 "https://shiprocket.co/tracking/" + order.awb,
		"etd":                       shiprocketDate(order.etd),
		"qc_response":               map[string]string{"qc_image": "", "qc_failed_reason": ""},
	}}
}

// serveServiceability is GET /v1/external/courier/serviceability: the couriers
// that carry weight kg from pickup_postcode to delivery_postcode (with cod=1,
// only those that collect cash), after the control's serviceabilityMs. Which
// pincodes are served, with COD or not, and in which zone is sim's data
// (pincodes.go): an unserved pincode gets no couriers, as Shiprocket answers.
func (s *shiprocketSim) serveServiceability(w http.ResponseWriter, r *http.Request) {
	query := r.URL.Query()
	fieldErrors := map[string][]string{}
	pincode := func(name string) string {
		value := strings.TrimSpace(query.Get(name))
		switch {
		case value == "":
			fieldErrors[name] = []string{fmt.Sprintf("The %s field is required.", fieldLabel(name))}
		case len(value) != 6 || strings.Trim(value, "0123456789") != "" || value[0] == '0':
			fieldErrors[name] = []string{fmt.Sprintf("The %s must be 6 digits.", fieldLabel(name))}
		}
		return value
	}
	pickup, delivery := pincode("pickup_postcode"), pincode("delivery_postcode")
	weight, cod := 0.0, false
	if orderID := strings.TrimSpace(query.Get("order_id")); orderID != "" {
		id, _ := strconv.ParseInt(orderID, 10, 64)
		s.mu.Lock()
		order := s.orders[id]
		if order != nil {
			weight, cod = order.weight, order.paymentMethod == "COD"
		}
		s.mu.Unlock()
		if order == nil {
			fieldErrors["order_id"] = []string{"The selected order id is invalid."}
		}
	} else {
		rawWeight, rawCOD := strings.TrimSpace(query.Get("weight")), strings.TrimSpace(query.Get("cod"))
		var err error
		if weight, err = strconv.ParseFloat(rawWeight, 64); rawWeight == "" {
			fieldErrors["weight"] = []string{"The weight field is required when order id is not present."}
		} else if err != nil || !(weight > 0) {
			fieldErrors["weight"] = []string{"The weight must be greater than 0."}
		}
		switch rawCOD {
		case "":
			fieldErrors["cod"] = []string{"The cod field is required when order id is not present."}
		case "0", "1":
			cod = rawCOD == "1"
		default:
			fieldErrors["cod"] = []string{"The selected cod is invalid."}
		}
	}
	if len(fieldErrors) > 0 {
		writeShiprocketInvalid(w, fieldErrors)
		return
	}
	s.mu.Lock()
	delay := time.Duration(s.control.ServiceabilityMs) * time.Millisecond
	s.mu.Unlock()
	if delay > 0 {
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		}
	}
	coverage := shiprocketCoverageOf(delivery)
	couriers := []map[string]any{}
	var recommended any
	if coverage != shiprocketNotServed {
		zone, days := shiprocketZone(pickup, delivery)
		slabs := int64(math.Ceil(weight / 0.5))
		cheapest := int64(math.MaxInt64)
		for _, courier := range shiprocketCouriers {
			courierCOD := courier.cod && coverage != shiprocketPrepaidOnly
			if cod && !courierCOD {
				continue
			}
			freight := courier.perSlab[zone] * slabs
			codCharges := int64(0)
			if cod {
				codCharges = shiprocketCODCharge
			}
			courierDays := max(1, days-courier.faster)
			mode := 0
			if courier.air {
				mode = 1
			}
			couriers = append(couriers, map[string]any{
				"courier_company_id": courier.id, "courier_name": courier.name,
				"rate": float64(freight+codCharges) / 100, "freight_charge": float64(freight) / 100, "cod_charges": float64(codCharges) / 100,
				"cod": boolInt(courierCOD), "estimated_delivery_days": strconv.Itoa(courierDays),
				"etd":       s.now().Add(time.Duration(courierDays) * 24 * time.Hour).In(shiprocketIST).Format("Jan 02, 2006"),
				"etd_hours": courierDays * 24, "zone": zone, "is_surface": !courier.air, "mode": mode, "min_weight": 0.5, "rating": courier.rating,
			})
			if freight+codCharges < cheapest {
				cheapest, recommended = freight+codCharges, courier.id
			}
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"status": 200, "currency": "INR",
		"data": map[string]any{"available_courier_companies": couriers, "recommended_courier_company_id": recommended},
	})
}

// boolInt is 1 for true and 0 for false, as Shiprocket writes flags.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// shiprocketControlState is the answer of GET /shiprocket/control.
type shiprocketControlState struct {
	shiprocketControl
	WebhookURL string `json:"webhookURL"`
	// Tokens counts live tokens.
	Tokens int `json:"tokens"`
	Orders int `json:"orders"`
	// Returns counts the return orders among Orders.
	Returns   int `json:"returns"`
	Cancelled int `json:"cancelled"`
	Delivered int `json:"delivered"`
	// CreateRequests counts every authenticated create request; Attempts
	// counts them per order_id; Duplicates counts those for an order_id
	// already created.
	CreateRequests int `json:"createRequests"`
	Duplicates     int `json:"duplicates"`
	// OrderSearches counts GET /v1/external/orders requests (how often the
	// shop asked whether an order exists).
	OrderSearches         int            `json:"orderSearches"`
	Attempts              map[string]int `json:"attempts"`
	WebhooksDelivered     int            `json:"webhooksDelivered"`
	WebhookAttemptsFailed int            `json:"webhookAttemptsFailed"`
	WebhooksAbandoned     int            `json:"webhooksAbandoned"`
}

// controlState snapshots the control and counters.
func (s *shiprocketSim) controlState() shiprocketControlState {
	s.mu.Lock()
	defer s.mu.Unlock()
	state := shiprocketControlState{
		shiprocketControl: s.control, WebhookURL: s.cfg.webhookURL, Orders: len(s.orders),
		CreateRequests: s.createRequests, Duplicates: s.duplicates, OrderSearches: s.orderSearches, Attempts: make(map[string]int, len(s.attempts)),
		WebhooksDelivered: s.delivered, WebhookAttemptsFailed: s.failedAttempts, WebhooksAbandoned: s.abandoned,
	}
	now := s.now()
	for _, expiry := range s.tokens {
		if now.Before(expiry) {
			state.Tokens++
		}
	}
	for _, order := range s.orders {
		if order.isReturn {
			state.Returns++
		}
		switch {
		case order.canceled:
			state.Cancelled++
		case order.final():
			state.Delivered++
		}
	}
	for id, n := range s.attempts {
		state.Attempts[id] = n
	}
	return state
}

// serveControl is GET /shiprocket/control.
func (s *shiprocketSim) serveControl(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.controlState())
}

// serveControlUpdate is POST /shiprocket/control: it changes the fields given,
// revokes every token when unauthorized is true, and answers the whole control.
func (s *shiprocketSim) serveControlUpdate(w http.ResponseWriter, r *http.Request) {
	var update shiprocketControlUpdate
	decoder := json.NewDecoder(http.MaxBytesReader(w, r.Body, shiprocketRequestLimit))
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(&update); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "body must be a JSON object of fail, failStatus, timeout, hangMs, " +
			"timeoutCreates, step, webhooks, unauthorized, serviceabilityMs: " + err.Error()})
		return
	}
	var problems []string
	for name, value := range map[string]*int{"fail": update.Fail, "timeout": update.Timeout} {
		if value != nil && *value < 0 {
			problems = append(problems, name+" must not be negative")
		}
	}
	if update.FailStatus != nil && *update.FailStatus != 429 && (*update.FailStatus < 500 || *update.FailStatus > 599) {
		problems = append(problems, "failStatus must be 429 or 5xx")
	}
	if update.ServiceabilityMs != nil && (*update.ServiceabilityMs < 0 || *update.ServiceabilityMs > int(shiprocketMaxHang/time.Millisecond)) {
		problems = append(problems, fmt.Sprintf("serviceabilityMs must be from 0 to %d", shiprocketMaxHang/time.Millisecond))
	}
	if update.HangMs != nil && (*update.HangMs < 0 || *update.HangMs > int(shiprocketMaxHang/time.Millisecond)) {
		problems = append(problems, fmt.Sprintf("hangMs must be from 0 to %d", shiprocketMaxHang/time.Millisecond))
	}
	var step time.Duration
	if update.Step != nil {
		var err error
		if step, err = parseShiprocketStep(*update.Step); err != nil {
			problems = append(problems, "step: "+err.Error())
		}
	}
	if update.Webhooks != nil && *update.Webhooks != shiprocketWebhooksOn && *update.Webhooks != shiprocketWebhooksOff {
		problems = append(problems, `webhooks must be "on" or "off"`)
	}
	if len(problems) > 0 {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": strings.Join(problems, "; ")})
		return
	}
	s.mu.Lock()
	if update.Fail != nil {
		s.control.Fail = *update.Fail
	}
	if update.FailStatus != nil {
		s.control.FailStatus = *update.FailStatus
	}
	if update.Timeout != nil {
		s.control.Timeout = *update.Timeout
	}
	if update.HangMs != nil {
		s.control.HangMs = *update.HangMs
	}
	if update.ServiceabilityMs != nil {
		s.control.ServiceabilityMs = *update.ServiceabilityMs
	}
	if update.TimeoutCreates != nil {
		s.control.TimeoutCreates = *update.TimeoutCreates
	}
	if update.Webhooks != nil {
		s.control.Webhooks = *update.Webhooks
	}
	if update.Step != nil {
		s.setStepLocked(step)
	}
	if update.Unauthorized != nil && *update.Unauthorized {
		s.revokeAllLocked()
	}
	control := s.control
	s.mu.Unlock()
	s.logger.Info("shiprocket control changed", "fail", control.Fail, "fail_status", control.FailStatus, "timeout", control.Timeout,
		"hang_ms", control.HangMs, "timeout_creates", control.TimeoutCreates, "step", control.Step, "webhooks", control.Webhooks,
		"revoked", update.Unauthorized != nil && *update.Unauthorized)
	writeJSON(w, http.StatusOK, s.controlState())
}

// setStepLocked changes the driver's step and reschedules every order still
// on its way (0 stops them where they are). The caller holds mu.
func (s *shiprocketSim) setStepLocked(step time.Duration) {
	s.step = step
	s.control.Step = formatShiprocketStep(step)
	for _, order := range s.orders {
		if order.final() {
			continue
		}
		if step > 0 {
			s.scheduleLocked(order, step)
		} else if order.timer != nil {
			order.timer.Stop()
			order.timerGeneration++
		}
	}
}

// revokeAllLocked makes every token answer 401, as a password change does. The caller holds mu.
func (s *shiprocketSim) revokeAllLocked() {
	s.revokeLocked(s.tokenQueue)
	s.tokens = map[string]time.Time{}
	s.tokenQueue = nil
}

// serveControlReset is POST /shiprocket/control/reset: no injected faults,
// webhooks on, the configured step, and every counter (create requests,
// attempts, duplicates, order searches, webhook counts) back to zero. Orders and tokens are kept.
func (s *shiprocketSim) serveControlReset(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.control = s.defaultControl()
	s.setStepLocked(s.cfg.step)
	s.createRequests, s.duplicates, s.orderSearches = 0, 0, 0
	s.attempts, s.attemptQueue = map[string]int{}, nil
	s.delivered, s.failedAttempts, s.abandoned = 0, 0, 0
	s.ndrControl = shiprocketNDRControl{FailStatus: defaultShiprocketFailStatus, Actions: map[string]int{}}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, s.controlState())
}

// serveAdvance is POST /shiprocket/control/advance {order_id} (the shop's id) or
// {sr_order_id}: the order moves to its next status now. It answers after the
// webhook's first delivery attempt (at most shiprocketAdvanceWait), saying
// whether it was accepted; 409 when the order is delivered or cancelled.
func (s *shiprocketSim) serveAdvance(w http.ResponseWriter, r *http.Request) {
	var request struct {
		OrderID   string `json:"order_id"`
		SROrderID int64  `json:"sr_order_id"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, shiprocketRequestLimit)).Decode(&request); err != nil ||
		(request.OrderID == "" && request.SROrderID == 0) {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": `body must be {"order_id": "<the shop's order id>"} or {"sr_order_id": <id>}`})
		return
	}
	s.mu.Lock()
	order := s.channelOrders[request.OrderID]
	if request.SROrderID != 0 {
		order = s.orders[request.SROrderID]
	}
	if order == nil {
		s.mu.Unlock()
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "no such order"})
		return
	}
	if order.final() {
		status := order.current().name
		s.mu.Unlock()
		writeJSON(w, http.StatusConflict, map[string]string{"error": "the order is " + status + " and goes no further"})
		return
	}
	firstTry := make(chan error, 1)
	s.advanceLocked(order, firstTry)
	answer := map[string]any{
		"order_id": order.channelOrderID, "sr_order_id": order.id, "shipment_id": order.shipmentID,
		"status": order.current().name, "awb": order.awb,
	}
	s.mu.Unlock()

	webhook := "failed (retrying)"
	select {
	case err := <-firstTry:
		switch {
		case errors.Is(err, errShiprocketNoWebhook):
			webhook = "not sent"
		case err == nil:
			webhook = "delivered"
		}
	case <-time.After(shiprocketAdvanceWait):
		webhook = "queued"
	}
	answer["webhook"] = webhook
	writeJSON(w, http.StatusOK, answer)
}
