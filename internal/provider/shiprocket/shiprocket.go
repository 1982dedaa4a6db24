// Package shiprocket is a thin typed client for the parts of Shiprocket's external
// API (apiv2.shiprocket.in, /v1/external/…) the shop uses: log in, create an adhoc
// order, find an order by the shop's own id, cancel orders, track a shipment,
// check courier serviceability between two pincodes, and read the status webhook
// Shiprocket pushes. It speaks the protocol
// directly with net/http and encoding/json (there is no official Go SDK), so the
// base URL can point at Shiprocket in production or at sim in development and tests.
//
// It guarantees:
//   - Every call but Login sends "Authorization: Bearer <token>" and is bounded by
//     the http.Client's timeout (DefaultTimeout unless the caller supplies a client)
//     and by ctx. A Session caches the token in Redis for TokenTTL (less than
//     Shiprocket's 10 days), logs in again once when Shiprocket answers 401, and
//     retries the call once.
//   - Money is int64 paise in Go (Paise) and rupees on the wire, converted exactly
//     without floating point; dates go out in Indian Standard Time.
//   - CreateAdhoc checks the order before any network call (required fields,
//     pincodes, phones, payment method, order type, parcel size) and refuses a bad
//     one with ErrInvalidArgument listing every problem at once.
//   - A call returns its result or an error, never an empty result: a 2xx answer
//     without the ids or data the call promises wraps ErrBadResponse.
//   - A non-2xx answer is an *APIError carrying the status, Shiprocket's message
//     and its field errors. IsTemporary tells retryable failures (network errors,
//     timeouts, 429, 5xx, an unreachable token cache) from permanent ones (4xx
//     validation errors, bad arguments, malformed answers); IsUnauthorized and
//     IsDuplicateOrder name the two 4xx answers callers act on.
//   - Credentials never print their password: String, GoString, Format and
//     LogValue mask it, and no error message includes it.
//
// A Client and a Session are safe for concurrent use.
package shiprocket

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// DefaultBaseURL is Shiprocket's production API.
const DefaultBaseURL = "https://apiv2.shiprocket.in"

// DefaultTimeout bounds one call when New is given no http.Client.
const DefaultTimeout = 15 * time.Second

// maxResponseBytes caps how much of an answer is read; Shiprocket's answers are a few KB.
const maxResponseBytes = 4 << 20

// Payment methods of an adhoc order.
const (
	PaymentCOD     = "COD"
	PaymentPrepaid = "Prepaid"
)

// Order types of an adhoc order. They are case-sensitive; blank is allowed too.
const (
	OrderTypeEssentials    = "ESSENTIALS"
	OrderTypeNonEssentials = "NON ESSENTIALS"
)

// Limits Shiprocket documents for an adhoc order.
const (
	MaxOrderIDLength = 50
	MaxCityLength    = 30
	// MinDimensionCM is the bound each of length, breadth and height must exceed.
	MinDimensionCM = 0.5
)

// IST is Indian Standard Time, the zone of every date Shiprocket reads and writes.
var IST = time.FixedZone("IST", 5*3600+30*60)

// ErrBadResponse is wrapped by calls whose 2xx answer is not what the call
// promises (not JSON, or without the ids or data). It is permanent.
var ErrBadResponse = errors.New("shiprocket: unexpected response")

// ErrInvalidArgument is wrapped by calls refused before any network call, such
// as an order without a pincode or a weight of zero. It is permanent.
var ErrInvalidArgument = errors.New("shiprocket: invalid argument")

// Client calls Shiprocket's external API. It holds no token: Login returns one
// and every other call takes it; Session does the bookkeeping.
type Client struct {
	baseURL string
	http    *http.Client
}

// New returns a client for baseURL (such as DefaultBaseURL or
// "http://127.0.0.1:9090/shiprocket"; calls go to baseURL+"/v1/external/…").
// hc nil means a client with DefaultTimeout. New does not connect.
func New(baseURL string, hc *http.Client) *Client {
	if hc == nil {
		hc = &http.Client{Timeout: DefaultTimeout}
	}
	return &Client{baseURL: strings.TrimRight(baseURL, "/"), http: hc}
}

// BaseURL returns the API address the client calls.
func (c *Client) BaseURL() string { return c.baseURL }

// Address is a billing or shipping address of an adhoc order.
type Address struct {
	// Name is the customer's name (billing_customer_name); LastName is optional.
	Name     string
	LastName string
	Address  string
	Address2 string
	// City is at most MaxCityLength characters.
	City  string
	State string
	// Country defaults to "India".
	Country string
	// Pincode is the 6-digit Indian PIN code.
	Pincode string
	Email   string
	// Phone is the 10-digit mobile number, without +91 or spaces.
	Phone string
}

// Item is one line of an adhoc order.
type Item struct {
	Name string
	SKU  string
	// Units is the quantity, at least 1.
	Units int
	// SellingPrice is the price of one unit; Discount is the discount on one unit.
	SellingPrice Paise
	Discount     Paise
	// TaxPercent is the tax rate of the item, such as 12 for 12 %; 0 sends none.
	TaxPercent float64
	// HSN is the item's HSN code; empty sends none.
	HSN string
}

// Order is an adhoc (custom) order as the shop builds it. Money fields are in
// paise and go to Shiprocket in rupees; dimensions are centimetres and weight is
// kilograms of the packed parcel.
type Order struct {
	// OrderID is the shop's own order id (Shiprocket's channel order id), at
	// most MaxOrderIDLength characters. Shiprocket refuses an id it has seen
	// before, even of a cancelled order (see IsDuplicateOrder).
	OrderID string
	// OrderDate is when the order was placed; it is sent as IST "yyyy-mm-dd hh:mm".
	OrderDate time.Time
	// PickupLocation is the nickname of a pickup address configured in Shiprocket.
	PickupLocation string
	Billing        Address
	// Shipping is where the parcel goes; nil ships to the billing address.
	Shipping *Address
	Items    []Item
	// PaymentMethod is PaymentCOD or PaymentPrepaid.
	PaymentMethod string
	// SubTotal is the order's total; Shiprocket does not compute it from the items.
	SubTotal           Paise
	ShippingCharges    Paise
	GiftwrapCharges    Paise
	TransactionCharges Paise
	TotalDiscount      Paise
	// Length, Breadth and Height are centimetres, each above MinDimensionCM.
	Length, Breadth, Height float64
	// Weight is kilograms, above 0.
	Weight float64
	// OrderType is OrderTypeEssentials, OrderTypeNonEssentials or empty.
	OrderType     string
	Comment       string
	ResellerName  string
	CompanyName   string
	InvoiceNumber string
	CustomerGSTIN string
	EwaybillNo    string
}

// Created is Shiprocket's answer to an adhoc order: its own ids, which every later
// call uses, and the order's status ("NEW").
type Created struct {
	OrderID    int64
	ShipmentID int64
	Status     string
	StatusCode int
	// AWBCode and CourierName are empty until an AWB is assigned.
	AWBCode     string
	CourierName string
}

// adhocItem is one of order_items in POST /v1/external/orders/create/adhoc.
type adhocItem struct {
	Name         string  `json:"name"`
	SKU          string  `json:"sku"`
	Units        int     `json:"units"`
	SellingPrice Paise   `json:"selling_price"`
	Discount     Paise   `json:"discount,omitempty"`
	Tax          float64 `json:"tax,omitempty"`
	HSN          string  `json:"hsn,omitempty"`
}

// adhocRequest is the body of POST /v1/external/orders/create/adhoc, with
// Shiprocket's field names (PROVIDERS.md §3.2). Pincodes and phones go as numbers.
type adhocRequest struct {
	OrderID              string      `json:"order_id"`
	OrderDate            string      `json:"order_date"`
	PickupLocation       string      `json:"pickup_location"`
	Comment              string      `json:"comment,omitempty"`
	ResellerName         string      `json:"reseller_name,omitempty"`
	CompanyName          string      `json:"company_name,omitempty"`
	BillingCustomerName  string      `json:"billing_customer_name"`
	BillingLastName      string      `json:"billing_last_name,omitempty"`
	BillingAddress       string      `json:"billing_address"`
	BillingAddress2      string      `json:"billing_address_2,omitempty"`
	BillingCity          string      `json:"billing_city"`
	BillingPincode       json.Number `json:"billing_pincode"`
	BillingState         string      `json:"billing_state"`
	BillingCountry       string      `json:"billing_country"`
	BillingEmail         string      `json:"billing_email"`
	BillingPhone         json.Number `json:"billing_phone"`
	ShippingIsBilling    bool        `json:"shipping_is_billing"`
	ShippingCustomerName string      `json:"shipping_customer_name,omitempty"`
	ShippingLastName     string      `json:"shipping_last_name,omitempty"`
	ShippingAddress      string      `json:"shipping_address,omitempty"`
	ShippingAddress2     string      `json:"shipping_address_2,omitempty"`
	ShippingCity         string      `json:"shipping_city,omitempty"`
	ShippingPincode      json.Number `json:"shipping_pincode,omitempty"`
	ShippingCountry      string      `json:"shipping_country,omitempty"`
	ShippingState        string      `json:"shipping_state,omitempty"`
	ShippingEmail        string      `json:"shipping_email,omitempty"`
	ShippingPhone        json.Number `json:"shipping_phone,omitempty"`
	OrderItems           []adhocItem `json:"order_items"`
	PaymentMethod        string      `json:"payment_method"`
	ShippingCharges      Paise       `json:"shipping_charges,omitempty"`
	GiftwrapCharges      Paise       `json:"giftwrap_charges,omitempty"`
	TransactionCharges   Paise       `json:"transaction_charges,omitempty"`
	TotalDiscount        Paise       `json:"total_discount,omitempty"`
	SubTotal             Paise       `json:"sub_total"`
	Length               float64     `json:"length"`
	Breadth              float64     `json:"breadth"`
	Height               float64     `json:"height"`
	Weight               float64     `json:"weight"`
	OrderType            string      `json:"order_type,omitempty"`
	InvoiceNumber        string      `json:"invoice_number,omitempty"`
	CustomerGSTIN        string      `json:"customer_gstin,omitempty"`
	EwaybillNo           string      `json:"ewaybill_no,omitempty"`
}

// adhocResponse is Shiprocket's answer to a created adhoc order.
type adhocResponse struct {
	OrderID     flexInt    `json:"order_id"`
	ShipmentID  flexInt    `json:"shipment_id"`
	Status      flexString `json:"status"`
	StatusCode  flexInt    `json:"status_code"`
	AWBCode     flexString `json:"awb_code"`
	CourierName flexString `json:"courier_name"`
}

var (
	pincodePattern = regexp.MustCompile(`^[1-9][0-9]{5}$`)
	phonePattern   = regexp.MustCompile(`^[0-9]{10}$`)
)

// CreateAdhoc creates order in Shiprocket as a custom (adhoc) order and returns
// Shiprocket's ids for it. A bad order is refused before the network with
// ErrInvalidArgument. An order id Shiprocket has seen before is a 422 *APIError
// for which IsDuplicateOrder is true.
func (c *Client) CreateAdhoc(ctx context.Context, token string, order Order) (Created, error) {
	body, err := adhocBody(order)
	if err != nil {
		return Created{}, err
	}
	var answer adhocResponse
	if err := c.do(ctx, http.MethodPost, "/v1/external/orders/create/adhoc", token, body, &answer); err != nil {
		return Created{}, err
	}
	if answer.OrderID <= 0 || answer.ShipmentID <= 0 {
		return Created{}, fmt.Errorf("%w: create adhoc order %s: answer without order_id and shipment_id", ErrBadResponse, order.OrderID)
	}
	return Created{
		OrderID: int64(answer.OrderID), ShipmentID: int64(answer.ShipmentID), Status: string(answer.Status),
		StatusCode: int(answer.StatusCode), AWBCode: string(answer.AWBCode), CourierName: string(answer.CourierName),
	}, nil
}

// adhocBody checks order and builds the request body, naming every problem.
func adhocBody(order Order) (adhocRequest, error) {
	var problems []string
	problem := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	required := func(name, value string) {
		if strings.TrimSpace(value) == "" {
			problem("%s is empty", name)
		}
	}
	orderID := strings.TrimSpace(order.OrderID)
	required("order id", orderID)
	if utf8.RuneCountInString(orderID) > MaxOrderIDLength {
		problem("order id %q is longer than %d characters", orderID, MaxOrderIDLength)
	}
	if order.OrderDate.IsZero() {
		problem("order date is not set")
	}
	required("pickup location", order.PickupLocation)
	checkAddress := func(kind string, a Address) {
		required(kind+" name", a.Name)
		required(kind+" address", a.Address)
		required(kind+" city", a.City)
		required(kind+" state", a.State)
		required(kind+" email", a.Email)
		if utf8.RuneCountInString(a.City) > MaxCityLength {
			problem("%s city %q is longer than %d characters", kind, a.City, MaxCityLength)
		}
		if !pincodePattern.MatchString(a.Pincode) {
			problem("%s pincode %q is not 6 digits", kind, a.Pincode)
		}
		if !phonePattern.MatchString(a.Phone) {
			problem("%s phone %q is not 10 digits", kind, a.Phone)
		}
	}
	checkAddress("billing", order.Billing)
	if order.Shipping != nil {
		checkAddress("shipping", *order.Shipping)
	}
	if len(order.Items) == 0 {
		problem("order has no items")
	}
	for i, item := range order.Items {
		required(fmt.Sprintf("item %d name", i+1), item.Name)
		required(fmt.Sprintf("item %d sku", i+1), item.SKU)
		if item.Units < 1 {
			problem("item %d units %d is below 1", i+1, item.Units)
		}
		if item.SellingPrice < 0 || item.Discount < 0 || item.TaxPercent < 0 {
			problem("item %d has a negative price, discount or tax", i+1)
		}
	}
	if order.PaymentMethod != PaymentCOD && order.PaymentMethod != PaymentPrepaid {
		problem("payment method %q is not %q or %q", order.PaymentMethod, PaymentCOD, PaymentPrepaid)
	}
	if order.SubTotal < 0 || order.ShippingCharges < 0 || order.GiftwrapCharges < 0 || order.TransactionCharges < 0 || order.TotalDiscount < 0 {
		problem("an amount is negative")
	}
	for name, value := range map[string]float64{"length": order.Length, "breadth": order.Breadth, "height": order.Height} {
		if !(value > MinDimensionCM) {
			problem("%s %g cm is not above %g", name, value, MinDimensionCM)
		}
	}
	if !(order.Weight > 0) {
		problem("weight %g kg is not above 0", order.Weight)
	}
	if order.OrderType != "" && order.OrderType != OrderTypeEssentials && order.OrderType != OrderTypeNonEssentials {
		problem("order type %q is not %q, %q or empty", order.OrderType, OrderTypeEssentials, OrderTypeNonEssentials)
	}
	if len(problems) > 0 {
		slices.Sort(problems)
		return adhocRequest{}, fmt.Errorf("%w: order %q: %s", ErrInvalidArgument, order.OrderID, strings.Join(problems, "; "))
	}

	billing := order.Billing
	body := adhocRequest{
		OrderID: orderID, OrderDate: order.OrderDate.In(IST).Format("2006-01-02 15:04"), PickupLocation: order.PickupLocation,
		Comment: order.Comment, ResellerName: order.ResellerName, CompanyName: order.CompanyName,
		BillingCustomerName: billing.Name, BillingLastName: billing.LastName, BillingAddress: billing.Address,
		BillingAddress2: billing.Address2, BillingCity: billing.City, BillingPincode: json.Number(billing.Pincode),
		BillingState: billing.State, BillingCountry: country(billing.Country), BillingEmail: billing.Email,
		BillingPhone: json.Number(billing.Phone), ShippingIsBilling: order.Shipping == nil,
		PaymentMethod: order.PaymentMethod, SubTotal: order.SubTotal, ShippingCharges: order.ShippingCharges,
		GiftwrapCharges: order.GiftwrapCharges, TransactionCharges: order.TransactionCharges, TotalDiscount: order.TotalDiscount,
		Length: order.Length, Breadth: order.Breadth, Height: order.Height, Weight: order.Weight,
		OrderType: order.OrderType, InvoiceNumber: order.InvoiceNumber, CustomerGSTIN: order.CustomerGSTIN, EwaybillNo: order.EwaybillNo,
	}
	if shipping := order.Shipping; shipping != nil {
		body.ShippingCustomerName, body.ShippingLastName = shipping.Name, shipping.LastName
		body.ShippingAddress, body.ShippingAddress2 = shipping.Address, shipping.Address2
		body.ShippingCity, body.ShippingState, body.ShippingCountry = shipping.City, shipping.State, country(shipping.Country)
		body.ShippingPincode, body.ShippingPhone, body.ShippingEmail = json.Number(shipping.Pincode), json.Number(shipping.Phone), shipping.Email
	}
	for _, item := range order.Items {
		body.OrderItems = append(body.OrderItems, adhocItem{
			Name: item.Name, SKU: item.SKU, Units: item.Units, SellingPrice: item.SellingPrice,
			Discount: item.Discount, Tax: item.TaxPercent, HSN: item.HSN,
		})
	}
	return body, nil
}

// country is name, or India when it is empty.
func country(name string) string {
	if strings.TrimSpace(name) == "" {
		return "India"
	}
	return name
}

// Cancel cancels the Shiprocket orders ids (Shiprocket's order ids from Created,
// not the shop's). Cancelling an order twice is not an error.
func (c *Client) Cancel(ctx context.Context, token string, ids []int64) error {
	if len(ids) == 0 {
		return fmt.Errorf("%w: cancel: no order ids", ErrInvalidArgument)
	}
	for _, id := range ids {
		if id <= 0 {
			return fmt.Errorf("%w: cancel: order id %d", ErrInvalidArgument, id)
		}
	}
	body := struct {
		IDs []int64 `json:"ids"`
	}{ids}
	if err := c.do(ctx, http.MethodPost, "/v1/external/orders/cancel", token, body, nil); err != nil {
		return fmt.Errorf("cancel orders %v: %w", ids, err)
	}
	return nil
}

// Tracking is a shipment's tracking data. Found is false until the courier has
// reported anything (Shiprocket's track_status 0, with Message saying so); the
// other fields are then empty.
type Tracking struct {
	Found bool
	// Message is Shiprocket's explanation when nothing was found.
	Message string
	// ShipmentStatus is Shiprocket's numeric shipment status (see PROVIDERS.md
	// §3.6; key decisions on CurrentStatus instead).
	ShipmentStatus int
	// CurrentStatus is the latest status name, normalised with NormalizeStatus
	// ("Out For Delivery" becomes "OUT FOR DELIVERY").
	CurrentStatus string
	AWB           string
	CourierName   string
	TrackURL      string
	// ETD is the expected delivery time as Shiprocket writes it ("2006-01-02 15:04:05", IST).
	ETD string
	// Shipments are the shipment_track entries; the first is the current one.
	Shipments []ShipmentTrack
	// Activities are the courier's scans, newest first, as Shiprocket lists them.
	Activities []Activity
}

// ShipmentTrack is one shipment_track entry of tracking data.
type ShipmentTrack struct {
	ID            int64
	AWBCode       string
	CourierID     int64
	ShipmentID    int64
	OrderID       int64
	PickupDate    string
	DeliveredDate string
	// CurrentStatus is the status as Shiprocket writes it here ("Delivered").
	CurrentStatus string
	Destination   string
	Origin        string
	CourierName   string
	EDD           string
}

// Activity is one courier scan.
type Activity struct {
	// Date is "2006-01-02 15:04:05" in IST.
	Date string
	// Status is the courier's own code, such as "DLVD".
	Status   string
	Activity string
	Location string
	// SRStatus is Shiprocket's status code ("7", or "NA"); SRStatusLabel its name ("DELIVERED").
	SRStatus      string
	SRStatusLabel string
}

// trackingAnswer is the envelope of the tracking calls.
type trackingAnswer struct {
	TrackingData *struct {
		TrackStatus    flexInt    `json:"track_status"`
		ShipmentStatus flexInt    `json:"shipment_status"`
		Error          flexString `json:"error"`
		TrackURL       flexString `json:"track_url"`
		ETD            flexString `json:"etd"`
		ShipmentTrack  []struct {
			ID               flexInt    `json:"id"`
			AWBCode          flexString `json:"awb_code"`
			CourierCompanyID flexInt    `json:"courier_company_id"`
			ShipmentID       flexInt    `json:"shipment_id"`
			OrderID          flexInt    `json:"order_id"`
			PickupDate       flexString `json:"pickup_date"`
			DeliveredDate    flexString `json:"delivered_date"`
			CurrentStatus    flexString `json:"current_status"`
			Destination      flexString `json:"destination"`
			Origin           flexString `json:"origin"`
			CourierName      flexString `json:"courier_name"`
			EDD              flexString `json:"edd"`
		} `json:"shipment_track"`
		Activities []scan `json:"shipment_track_activities"`
	} `json:"tracking_data"`
}

// scan is a courier scan as tracking data and webhooks write it.
type scan struct {
	Date          flexString `json:"date"`
	Status        flexString `json:"status"`
	Activity      flexString `json:"activity"`
	Location      flexString `json:"location"`
	SRStatus      flexString `json:"sr-status"`
	SRStatusLabel flexString `json:"sr-status-label"`
}

func (s scan) activity() Activity {
	return Activity{
		Date: string(s.Date), Status: string(s.Status), Activity: string(s.Activity), Location: string(s.Location),
		SRStatus: string(s.SRStatus), SRStatusLabel: string(s.SRStatusLabel),
	}
}

// TrackShipment returns the tracking data of the Shiprocket shipment shipmentID.
func (c *Client) TrackShipment(ctx context.Context, token string, shipmentID int64) (Tracking, error) {
	if shipmentID <= 0 {
		return Tracking{}, fmt.Errorf("%w: track shipment %d", ErrInvalidArgument, shipmentID)
	}
	return c.track(ctx, token, "/v1/external/courier/track/shipment/"+strconv.FormatInt(shipmentID, 10))
}

// TrackAWB returns the tracking data of the shipment with the air waybill awb;
// use it to confirm a webhook, which carries no signature.
func (c *Client) TrackAWB(ctx context.Context, token, awb string) (Tracking, error) {
	if strings.TrimSpace(awb) == "" {
		return Tracking{}, fmt.Errorf("%w: track: empty awb", ErrInvalidArgument)
	}
	return c.track(ctx, token, "/v1/external/courier/track/awb/"+url.PathEscape(awb))
}

func (c *Client) track(ctx context.Context, token, path string) (Tracking, error) {
	var answer trackingAnswer
	if err := c.do(ctx, http.MethodGet, path, token, nil, &answer); err != nil {
		return Tracking{}, err
	}
	data := answer.TrackingData
	if data == nil {
		return Tracking{}, fmt.Errorf("%w: GET %s: answer without tracking_data", ErrBadResponse, path)
	}
	if data.TrackStatus != 1 {
		return Tracking{Message: string(data.Error)}, nil
	}
	tracking := Tracking{
		Found: true, ShipmentStatus: int(data.ShipmentStatus), TrackURL: string(data.TrackURL), ETD: string(data.ETD),
		Shipments: []ShipmentTrack{}, Activities: []Activity{},
	}
	for _, entry := range data.ShipmentTrack {
		tracking.Shipments = append(tracking.Shipments, ShipmentTrack{
			ID: int64(entry.ID), AWBCode: string(entry.AWBCode), CourierID: int64(entry.CourierCompanyID),
			ShipmentID: int64(entry.ShipmentID), OrderID: int64(entry.OrderID), PickupDate: string(entry.PickupDate),
			DeliveredDate: string(entry.DeliveredDate), CurrentStatus: string(entry.CurrentStatus),
			Destination: string(entry.Destination), Origin: string(entry.Origin), CourierName: string(entry.CourierName),
			EDD: string(entry.EDD),
		})
	}
	for _, activity := range data.Activities {
		tracking.Activities = append(tracking.Activities, activity.activity())
	}
	if len(tracking.Shipments) > 0 {
		current := tracking.Shipments[0]
		tracking.CurrentStatus = NormalizeStatus(current.CurrentStatus)
		tracking.AWB, tracking.CourierName = current.AWBCode, current.CourierName
	}
	if tracking.CurrentStatus == "" && len(tracking.Activities) > 0 {
		tracking.CurrentStatus = NormalizeStatus(tracking.Activities[0].SRStatusLabel)
	}
	return tracking, nil
}

// Serviceability is which couriers carry a parcel between two pincodes. No
// couriers means the delivery pincode is not served.
type Serviceability struct {
	Couriers []Courier
	// RecommendedCourierID is Shiprocket's pick among Couriers, or 0.
	RecommendedCourierID int64
}

// Courier is one courier that serves a route.
type Courier struct {
	ID   int64
	Name string
	// Rate is the total shipping charge; FreightCharge and CODCharges are its parts.
	Rate          Paise
	FreightCharge Paise
	CODCharges    Paise
	// COD reports whether the courier collects cash on delivery.
	COD bool
	// EstimatedDeliveryDays is the promised transit time in days, 0 when unknown.
	EstimatedDeliveryDays int
	// ETD is the expected delivery date as Shiprocket writes it ("Jun 06, 2026").
	ETD  string
	Zone string
}

// serviceabilityAnswer is the answer of GET /v1/external/courier/serviceability.
type serviceabilityAnswer struct {
	Status flexInt `json:"status"`
	Data   *struct {
		Couriers []struct {
			ID                    flexInt    `json:"courier_company_id"`
			Name                  flexString `json:"courier_name"`
			Rate                  Paise      `json:"rate"`
			FreightCharge         Paise      `json:"freight_charge"`
			CODCharges            Paise      `json:"cod_charges"`
			COD                   flexInt    `json:"cod"`
			EstimatedDeliveryDays flexInt    `json:"estimated_delivery_days"`
			ETD                   flexString `json:"etd"`
			Zone                  flexString `json:"zone"`
		} `json:"available_courier_companies"`
		RecommendedCourierID flexInt `json:"recommended_courier_company_id"`
	} `json:"data"`
}

// Serviceability lists the couriers that carry a parcel of weightKg from the
// pickup pincode to the delivery pincode, with cash on delivery when cod.
func (c *Client) Serviceability(ctx context.Context, token, pickup, delivery string, cod bool, weightKg float64) (Serviceability, error) {
	if !pincodePattern.MatchString(pickup) || !pincodePattern.MatchString(delivery) {
		return Serviceability{}, fmt.Errorf("%w: serviceability: pincodes %q and %q must be 6 digits", ErrInvalidArgument, pickup, delivery)
	}
	if !(weightKg > 0) {
		return Serviceability{}, fmt.Errorf("%w: serviceability: weight %g kg is not above 0", ErrInvalidArgument, weightKg)
	}
	query := url.Values{}
	query.Set("pickup_postcode", pickup)
	query.Set("delivery_postcode", delivery)
	query.Set("cod", "0")
	if cod {
		query.Set("cod", "1")
	}
	query.Set("weight", strconv.FormatFloat(weightKg, 'f', -1, 64))
	var answer serviceabilityAnswer
	if err := c.do(ctx, http.MethodGet, "/v1/external/courier/serviceability?"+query.Encode(), token, nil, &answer); err != nil {
		return Serviceability{}, err
	}
	result := Serviceability{Couriers: []Courier{}}
	if answer.Data == nil {
		if answer.Status != 0 && answer.Status != http.StatusOK {
			return result, nil // Shiprocket's way of saying no courier serves the route
		}
		return Serviceability{}, fmt.Errorf("%w: serviceability %s → %s: answer without data", ErrBadResponse, pickup, delivery)
	}
	for _, courier := range answer.Data.Couriers {
		if courier.ID <= 0 {
			return Serviceability{}, fmt.Errorf("%w: serviceability %s → %s: courier without an id", ErrBadResponse, pickup, delivery)
		}
		result.Couriers = append(result.Couriers, Courier{
			ID: int64(courier.ID), Name: string(courier.Name), Rate: courier.Rate, FreightCharge: courier.FreightCharge,
			CODCharges: courier.CODCharges, COD: courier.COD == 1, EstimatedDeliveryDays: int(courier.EstimatedDeliveryDays),
			ETD: string(courier.ETD), Zone: string(courier.Zone),
		})
	}
	result.RecommendedCourierID = int64(answer.Data.RecommendedCourierID)
	return result, nil
}

// Login exchanges an API user's email and password for a token, valid for 10
// days. A wrong password is an *APIError (4xx); the password is in no error.
func (c *Client) Login(ctx context.Context, email, password string) (string, error) {
	if strings.TrimSpace(email) == "" || password == "" {
		return "", fmt.Errorf("%w: login: email and password are required", ErrInvalidArgument)
	}
	body := struct {
		Email    string `json:"email"`
		Password string `json:"password"`
	}{email, password}
	var answer struct {
		Token string `json:"token"`
	}
	if err := c.do(ctx, http.MethodPost, "/v1/external/auth/login", "", body, &answer); err != nil {
		return "", fmt.Errorf("log in as %s: %w", email, err)
	}
	if answer.Token == "" {
		return "", fmt.Errorf("%w: log in as %s: answer without a token", ErrBadResponse, email)
	}
	return answer.Token, nil
}

// APIError is a non-2xx answer from Shiprocket.
type APIError struct {
	// Status is the HTTP status code.
	Status int
	// Message is Shiprocket's message, such as "Oops! Invalid Data.".
	Message string
	// Errors are the field errors of a 422, such as
	// {"billing_pincode": ["The billing pincode field is required."]}.
	Errors map[string][]string
}

// Error returns the status, the message and the field errors, sorted by field.
func (e *APIError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "shiprocket: %d", e.Status)
	if e.Message != "" {
		b.WriteString(": " + e.Message)
	}
	if len(e.Errors) > 0 {
		fields := make([]string, 0, len(e.Errors))
		for field := range e.Errors {
			fields = append(fields, field)
		}
		slices.Sort(fields)
		for i, field := range fields {
			if i == 0 {
				b.WriteString(" (")
			} else {
				b.WriteString("; ")
			}
			b.WriteString(field + ": " + strings.Join(e.Errors[field], " "))
		}
		b.WriteString(")")
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
	return fmt.Sprintf("shiprocket: %s %s: %v", e.method, e.path, e.err)
}

// Unwrap returns the cause, such as a *url.Error or context.DeadlineExceeded.
func (e *transportError) Unwrap() error { return e.err }

// Temporary is true unless the caller cancelled the call.
func (e *transportError) Temporary() bool { return !errors.Is(e.err, context.Canceled) }

// IsTemporary reports whether err is worth retrying later: an *APIError with
// status 429 or 5xx, a network failure or timeout, or an unreachable token
// cache. Permanent errors (other 4xx such as a 422 validation error,
// ErrBadResponse, ErrInvalidArgument, a cancelled context) report false.
func IsTemporary(err error) bool {
	var temporary interface{ Temporary() bool }
	if errors.As(err, &temporary) {
		return temporary.Temporary()
	}
	return false
}

// IsUnauthorized reports whether Shiprocket refused the token (401): it expired,
// was revoked, or was never valid. Session logs in again on its own.
func IsUnauthorized(err error) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.Status == http.StatusUnauthorized
}

// IsDuplicateOrder reports whether CreateAdhoc failed because Shiprocket already
// has an order (perhaps cancelled) with the same order id: a 422 whose message or
// order_id error says it already exists or was already taken. A create retried
// after a lost answer ends here; the first attempt's order stands.
func IsDuplicateOrder(err error) bool {
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != http.StatusUnprocessableEntity {
		return false
	}
	mentions := func(text string) bool {
		text = strings.ToLower(text)
		return strings.Contains(text, "already exist") || strings.Contains(text, "already been taken")
	}
	if mentions(apiErr.Message) && strings.Contains(strings.ToLower(apiErr.Message), "order") {
		return true
	}
	return slices.ContainsFunc(apiErr.Errors["order_id"], mentions)
}

// errorBody is Shiprocket's error envelope. errors is an object of field →
// messages (a message may be a single string).
type errorBody struct {
	Message    flexString                 `json:"message"`
	Errors     map[string]json.RawMessage `json:"errors"`
	StatusCode flexInt                    `json:"status_code"`
}

// do sends one request, with the bearer token unless it is empty, and decodes a
// 2xx JSON answer into out (nil ignores the answer, as for 204).
func (c *Client) do(ctx context.Context, method, path, token string, body, out any) error {
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
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
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
		return parseError(resp.StatusCode, data)
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("%w: %s %s: %v", ErrBadResponse, method, path, err)
	}
	return nil
}

// parseError builds the *APIError of a non-2xx answer.
func parseError(status int, data []byte) *APIError {
	apiErr := &APIError{Status: status}
	var parsed errorBody
	if json.Unmarshal(data, &parsed) != nil || (parsed.Message == "" && len(parsed.Errors) == 0) {
		apiErr.Message = http.StatusText(status) + " (no Shiprocket error body: " + strconv.Quote(snippet(data)) + ")"
		return apiErr
	}
	apiErr.Message = string(parsed.Message)
	for field, raw := range parsed.Errors {
		if apiErr.Errors == nil {
			apiErr.Errors = map[string][]string{}
		}
		var list []string
		var one string
		switch {
		case json.Unmarshal(raw, &list) == nil:
		case json.Unmarshal(raw, &one) == nil:
			list = []string{one}
		default:
			list = []string{string(raw)}
		}
		apiErr.Errors[field] = list
	}
	return apiErr
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
