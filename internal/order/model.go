package order

import (
	"drape/internal/company"
	"encoding/json"
	"regexp"
	"strings"
	"time"

	"drape/internal/cart"
	"drape/internal/invoice"
	"drape/internal/shipping/shipment"
	"drape/internal/shop"
)

// PaymentStatus is where an order's money is (paymentStatus on the wire).
type PaymentStatus string

// The payment statuses: cash on delivery is unpaid until delivered; an online payment is
// pending until the gateway confirms it.
const (
	Unpaid        PaymentStatus = "unpaid"
	PaymentDue    PaymentStatus = "pending"
	Paid          PaymentStatus = "success"
	PaymentFailed PaymentStatus = "failed"
	RefundPending PaymentStatus = "refund_pending"
	Refunded      PaymentStatus = "refunded"
)

// Mode is how an order is paid (paymentMode on the wire).
type Mode string

// Payment modes (SPEC §9).
const (
	COD    Mode = "cod"
	Online Mode = "online"
)

// Item is an order line as it was bought: a snapshot of the product's name, size and prices.
type Item struct {
	ProductID       string     `json:"productId"`
	SKU             string     `json:"sku"`
	ProductName     string     `json:"productName"`
	Size            string     `json:"size"`
	Quantity        int        `json:"quantity"`
	Price           shop.Money `json:"price"`
	Discount        int        `json:"discount"`
	SaleName        string     `json:"saleName"`
	SaleDiscount    int        `json:"saleDiscount"`
	DiscountedPrice shop.Money `json:"discountedPrice"`
	Total           shop.Money `json:"total"`
	Thumbnail       string     `json:"thumbnail"`
}

// Address is the shipping address as it was when the order was placed.
type Address struct {
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Address1  string `json:"address1"`
	Address2  string `json:"address2"`
	City      string `json:"city"`
	State     string `json:"state"`
	Pincode   string `json:"pincode"`
	Email     string `json:"email"`
	Phone     string `json:"phone"`
	Landmark  string `json:"landmark"`
	Country   string `json:"country"`
}

// Step is one entry of an order's timeline.
type Step struct {
	Status string    `json:"status"`
	Label  string    `json:"label"`
	Note   string    `json:"note,omitempty"`
	From   string    `json:"from,omitempty"`
	Actor  string    `json:"actor,omitempty"`
	At     time.Time `json:"at"`
}

// Order is an order as its owner and the shop see it (SPEC §3 Order record, Client order
// record and, with UserDetails, the admin order view). Money is computed by package pricing
// when it is placed and never changes after. OrderDetails is orderObj.orderData again, as the
// client order record names it.
type Order struct {
	ID              string            `json:"_id"`
	Number          string            `json:"orderId"`
	ShortNumber     string            `json:"orderNumber"` // the short number people read, "1042" (shown "#1042")
	UserID          string            `json:"userId"`
	PaymentMode     Mode              `json:"paymentMode"`
	PaymentStatus   PaymentStatus     `json:"paymentStatus"`
	Status          Status            `json:"orderStatus"`
	StatusLabel     string            `json:"status"`
	ShippingStatus  string            `json:"shippingStatus"`
	Items           []Item            `json:"items"`
	ProductIDs      []string          `json:"productId"`
	ListTotal       shop.Money        `json:"listTotal"`
	SubTotal        shop.Money        `json:"subTotal"`
	ProductDiscount shop.Money        `json:"productDiscount"`
	CouponCode      string            `json:"couponCode"`
	CouponDiscount  shop.Money        `json:"couponDiscount"`
	Shipping        shop.Money        `json:"shipping"`
	CODFee          shop.Money        `json:"codFee"`
	Tax             shop.Money        `json:"tax"`
	Amount          shop.Money        `json:"amount"`
	TotalAmount     shop.Money        `json:"totalAmount"`
	Currency        string            `json:"currency"`
	PaymentID       string            `json:"paymentId"`
	GatewayOrderID  string            `json:"razorpayOrderId"`
	PaymentError    string            `json:"paymentError,omitempty"`
	CancelReason    string            `json:"cancelReason,omitempty"`
	BusinessGSTIN   string            `json:"businessGstin,omitempty"` // a business buyer's, for its tax invoice
	BusinessName    string            `json:"businessName,omitempty"`
	Address         Address           `json:"address"`
	OrderObj        OrderObj          `json:"orderObj"`
	OrderDetails    shipment.Snapshot `json:"orderDetails"`
	StatusDetails   StatusDetails     `json:"statusDetails"`
	UserDetails     *Customer         `json:"userdetails,omitempty"`
	OrderDate       string            `json:"orderDate"`
	OrderTime       string            `json:"orderTime"`
	Date            time.Time         `json:"date"`
	CreatedAt       time.Time         `json:"createdAt"`
	ExpiresAt       *time.Time        `json:"expiresAt"`
	Cancellable     bool              `json:"cancellable"`
	Timeline        []Step            `json:"timeline"`
	Courier         Courier           `json:"shiprocket"`
	NotAddOrder     bool              `json:"notaddorder"`
	Next            []Status          `json:"nextStatuses"`
	Invoice         InvoiceField      `json:"invoice,omitzero"`
	// ParentOrder is the order whose goods this one replaces in other sizes (an exchange's new
	// parcel, numbered <parent number>-X1…); nil for an order the shopper placed.
	ParentOrder *OrderLink `json:"parentOrder,omitempty"`
	// ExchangeOrders are the new parcels of this order's exchanges, oldest first.
	ExchangeOrders []OrderLink `json:"exchangeOrders,omitempty"`
	// CODConfirmation is a cash-on-delivery order's confirmation before dispatch (codconfirm.go).
	CODConfirmation *CODConfirmation `json:"codConfirmation,omitempty"`

	stockHeld bool
}

// InvoiceField is an order's GST tax invoice as its single-order views and the shopper's list
// carry it: null before it is issued; left out of the back office's lists, which do not read
// it.
type InvoiceField struct {
	loaded  bool
	Invoice *invoice.Invoice
}

// IsZero reports whether the invoice was not read (the field is then left out).
func (f InvoiceField) IsZero() bool { return !f.loaded }

// MarshalJSON writes the invoice, or null before it is issued.
func (f InvoiceField) MarshalJSON() ([]byte, error) { return json.Marshal(f.Invoice) }

// OrderObj is SPEC §3's orderObj: the cart as it was ordered (cartData) and the order as it
// was sent to the courier at checkout (orderData: SPEC §3 "Order sent at checkout", the
// billing_* fields, order_items, payment_method, sub_total and the parcel, Shiprocket's adhoc
// order, typed by package shipment).
type OrderObj struct {
	CartData  []CartItem        `json:"cartData"`
	OrderData shipment.Snapshot `json:"orderData"`
}

// CartItem is one line of orderObj.cartData (SPEC §3 admin order view): the product as it was
// bought, its size and quantity, and what it cost.
type CartItem struct {
	ProductID       string         `json:"productId"`
	ProductDetails  ProductDetails `json:"productDetails"`
	Size            string         `json:"size"`
	Quantity        int            `json:"quantity"`
	Price           shop.Money     `json:"price"`
	DiscountedPrice shop.Money     `json:"discountedPrice"`
	Total           shop.Money     `json:"total"`
}

// ProductDetails is the product of a cartData line: its picture and name when it was bought.
type ProductDetails struct {
	Thumbnail   string `json:"thumbnail"`
	ProductName string `json:"productName"`
}

// StatusDetails is where the order is now and since when (the admin order view's
// statusDetails): its status, the status's name for people, when it got there, who moved it
// and their note.
type StatusDetails struct {
	Status Status     `json:"status"`
	Label  string     `json:"label"`
	Since  *time.Time `json:"since"`
	Actor  string     `json:"actor,omitempty"`
	Note   string     `json:"note,omitempty"`
}

// Customer is the account that placed an order (the admin order view's userdetails).
type Customer struct {
	ID        string `json:"_id"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Email     string `json:"email"`
}

// Courier is the order's shipment at the courier aggregator (Shiprocket): its ids there once
// pushed, the airway bill and tracking link once assigned.
type Courier struct {
	OrderID    int64      `json:"orderId,omitempty"`
	ShipmentID int64      `json:"shipmentId,omitempty"`
	AWB        string     `json:"awb,omitempty"`
	Name       string     `json:"courierName,omitempty"`
	TrackURL   string     `json:"trackUrl,omitempty"`
	PushedAt   *time.Time `json:"pushedAt,omitempty"`
	PushError  string     `json:"pushError,omitempty"`
	ETD        *time.Time `json:"etd,omitempty"` // when the courier expects to deliver
}

// Placement is a shopper's request to turn their cart into an order.
type Placement struct {
	UserID         string
	Mode           Mode
	AddressID      string
	CouponCode     string
	IdempotencyKey string
	// BusinessGSTIN and BusinessName are a business buyer's, both or neither: the tax invoice
	// names the business and carries its GSTIN.
	BusinessGSTIN string
	BusinessName  string
}

// AppliedCoupon is the coupon of a quote.
type AppliedCoupon struct {
	Code        string     `json:"code"`
	Discount    int        `json:"discount"`
	MaxDiscount shop.Money `json:"maxDiscount"`
	id          string
	firstTime   bool
}

// Quote is what the shopper's cart would cost if ordered now, with a coupon.
type Quote struct {
	Lines           []cart.Line    `json:"lines"`
	Subtotal        shop.Money     `json:"subtotal"`
	ListTotal       shop.Money     `json:"listTotal"`
	ProductDiscount shop.Money     `json:"productDiscount"`
	Coupon          *AppliedCoupon `json:"coupon"`
	CouponDiscount  shop.Money     `json:"couponDiscount"`
	Shipping        shop.Money     `json:"shipping"`
	// CODFee is charged when the order is paid on delivery (the quote's payment mode).
	CODFee shop.Money `json:"codFee"`
	// Fees are the shop's fee settings the quote used, for "add ₹X more for free shipping".
	Fees       company.Fees `json:"fees"`
	Tax        shop.Money   `json:"tax"`
	Total      shop.Money   `json:"total"`
	TotalItems int          `json:"totalItems"`
	Blocked    bool         `json:"blocked"`
	// COD is whether the quoted address may pay on delivery, and why not (with an address only).
	COD *CODOption `json:"cod,omitempty"`
	// Undeliverable says why the quoted address cannot be delivered to ("" when it can).
	Undeliverable string `json:"undeliverable,omitempty"`
	// BestCoupon is the running coupon that takes the most off this cart for this shopper now
	// (nil when none applies), whichever coupon the quote was asked with.
	BestCoupon *BestCoupon `json:"bestCoupon"`
}

// BestCoupon is the coupon the checkout offers first: its code, its percent and what it
// would take off the quoted cart.
type BestCoupon struct {
	Code     string     `json:"code"`
	Discount int        `json:"discount"`
	Saving   shop.Money `json:"saving"`
}

// Filter narrows a shopper's order list.
type Filter struct {
	Status Status
	Mode   Mode
}

// Page is one page of orders.
type Page struct {
	Items      []Order `json:"items"`
	Page       int     `json:"page"`
	TotalPages int     `json:"totalPages"`
	Total      int64   `json:"total"`
}

// Tracking is what the tracking page shows of an order.
type Tracking struct {
	Number        string        `json:"orderId"`
	ShortNumber   string        `json:"orderNumber"`
	Status        Status        `json:"orderStatus"`
	PaymentStatus PaymentStatus `json:"paymentStatus"`
	PaymentMode   Mode          `json:"paymentMode"`
	Amount        shop.Money    `json:"amount"`
	PlacedAt      time.Time     `json:"placedAt"`
	Items         []Item        `json:"items"`
	Timeline      []Step        `json:"timeline"`
	// The parcel at the courier, as the shipped mail names it: the courier, the airway bill
	// and the courier's tracking link (empty until the courier assigns them), and the
	// courier's latest scan (nil until the first).
	CourierName string `json:"courierName"`
	AWB         string `json:"awb"`
	TrackURL    string `json:"trackUrl"`
	LatestScan  *Scan  `json:"latestScan"`
	// EstimatedDelivery is when the courier expects to deliver (nil until it says).
	EstimatedDelivery *time.Time `json:"estimatedDelivery"`
}

// Scan is one courier scan of a parcel: when, what happened and where.
type Scan struct {
	At       time.Time `json:"at"`
	Activity string    `json:"activity"`
	Location string    `json:"location"`
}

// Label is how a person reads the order's number: its short number after '#' ("#1042",
// "#1042-X1" for an exchange's child order).
func (o Order) Label() string { return "#" + o.ShortNumber }

// ParseShortNumber reads a short order number as a person types it, with its '#' ("#1042",
// "# 1042-x1"), into the stored form ("1042", "1042-X1"); ok is false for anything else.
func ParseShortNumber(s string) (short string, ok bool) {
	rest, found := strings.CutPrefix(strings.TrimSpace(s), "#")
	if !found {
		return "", false
	}
	short = strings.ToUpper(strings.TrimSpace(rest))
	return short, shortNumberShape.MatchString(short)
}

// shortNumberShape is a stored short number (migration 00036's check).
var shortNumberShape = regexp.MustCompile(`^[0-9]+(-X[0-9]+)*$`)

// Limits and timings.
const (
	// PaymentWindow is how long an online order holds its stock waiting for payment.
	PaymentWindow = 30 * time.Minute
	// NumberPrefix starts every order number (SPEC §9: prefix + timestamp + 10 random characters).
	NumberPrefix = "DRP"
)
