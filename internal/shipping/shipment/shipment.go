// Package shipment is the courier's side of an order: the order as the courier aggregator
// takes it (SPEC §3 "Order sent at checkout", Shiprocket's adhoc order), snapshotted when the
// order is placed, and the parcel rules it follows (SPEC §9 defaults).
//
// Package shipping owns it and reads it back to push the order. It sits below shipping and
// imports no domain, because order, which takes and keeps the snapshot (orders.shipment, and
// orderObj.orderData / orderDetails on the wire), must not import shipping: shipping
// imports order. The arrows run order → shipment ← shipping.
//
// It guarantees that a snapshot encodes to the JSON the shop has always stored and sent: the
// fields are declared in the order of their JSON keys, which is the order in which the
// untyped map it replaces was encoded, and each keeps its JSON type.
package shipment

import "drape/internal/shop"

// Parcel defaults (SPEC §9) for products without dimensions: centimetres and grams.
const (
	DefaultLength = 100
	DefaultWidth  = 100
	DefaultHeight = 2
	DefaultGrams  = 300
)

// Payment methods as the courier names them.
const (
	Prepaid = "Prepaid"
	COD     = "COD"
)

// OrderType is the kind of goods the shop ships (the courier's order_type).
const OrderType = "ESSENTIALS"

// Snapshot is an order as the courier takes it, taken when the order is placed: billing from
// the shipping address (the parcel goes there), one item per line at its unit selling price,
// the parcel's dimensions in centimetres and its weight in kilograms. Fields are in the order
// of their JSON keys (see the package comment).
type Snapshot struct {
	BillingAddress      string     `json:"billing_address"`
	BillingAddress2     string     `json:"billing_address_2"` // address line 2, then "near" the landmark
	BillingCity         string     `json:"billing_city"`
	BillingCountry      string     `json:"billing_country"`
	BillingCustomerName string     `json:"billing_customer_name"` // the first name
	BillingEmail        string     `json:"billing_email"`
	BillingLastName     string     `json:"billing_last_name"`
	BillingPhone        int64      `json:"billing_phone"`
	BillingPincode      int64      `json:"billing_pincode"`
	BillingState        string     `json:"billing_state"`
	Breadth             float64    `json:"breadth"`
	Comment             string     `json:"comment"`
	Height              float64    `json:"height"`
	Length              float64    `json:"length"`
	OrderDate           string     `json:"order_date"` // "2006-01-02 15:04", Indian time
	OrderID             string     `json:"order_id"`   // the order number
	OrderItems          []Item     `json:"order_items"`
	OrderType           string     `json:"order_type"`
	PaymentMethod       string     `json:"payment_method"` // Prepaid or COD
	PickupLocation      string     `json:"pickup_location"`
	ResellerName        string     `json:"reseller_name"`
	ShippingIsBilling   bool       `json:"shipping_is_billing"`
	SubTotal            shop.Money `json:"sub_total"`
	Weight              float64    `json:"weight"` // kilograms
}

// Item is one order line as the courier takes it. Fields are in the order of their JSON keys.
type Item struct {
	Discount     shop.Money `json:"discount"` // off the list price, per unit
	Images       string     `json:"images"`   // the product's thumbnail
	Name         string     `json:"name"`
	SellingPrice shop.Money `json:"selling_price"` // per unit
	Size         string     `json:"size"`
	SKU          string     `json:"sku"` // product code and size: "SHRT-001-M"
	Tax          int        `json:"tax"`
	Units        int        `json:"units"`
}

// Piece is one order line as the parcel counts it: its product's dimensions in centimetres
// and weight in grams (0 or less when unknown), and how many units.
type Piece struct {
	Length, Width, Height float64
	Grams                 int
	Units                 int
}

// Pack sets the parcel's dimensions and weight from pieces: each dimension the largest of
// its items' (SPEC §9 defaults when unknown), the weight the items' weights added up (300 g
// each when unknown), in kilograms. A courier charges for what the parcel weighs, which is
// more than its heaviest item.
func (s *Snapshot) Pack(pieces []Piece) {
	length, width, height, grams := 0.0, 0.0, 0.0, 0
	for _, p := range pieces {
		length = max(length, orDefault(p.Length, DefaultLength))
		width = max(width, orDefault(p.Width, DefaultWidth))
		height = max(height, orDefault(p.Height, DefaultHeight))
		weight := p.Grams
		if weight <= 0 {
			weight = DefaultGrams
		}
		grams += weight * p.Units
	}
	s.Length, s.Breadth, s.Height, s.Weight = length, width, height, float64(grams)/1000
}

func orDefault(v, fallback float64) float64 {
	if v <= 0 {
		return fallback
	}
	return v
}
