// Package event is the catalogue of drape's realtime events: every name a domain announces
// through the outbox, and the payload each one carries. It is the only Go file that spells an
// event name (a test checks the module for literals); the client's catalogue
// (client/src/lib/events.ts) mirrors it, which the same test checks too.
//
// It lives in the shared layer beside package shop because both sides of an event use it: the
// domain that announces a change and the server that acts on it (the one place that drops
// caches, server/caches.go). realtime/ and jobs/ may know no domain, so the names cannot live
// there; the layering test forbids internal/shop/... from importing a domain, so every domain
// can import this package without a cycle.
//
// The hub's own control messages between processes (realtime.TypeRevocation) are not domain
// events and stay in realtime.
package event

import "drape/internal/shop"

// Name is the type of a realtime event, as it travels in realtime.Event.Type.
type Name string

// The events. Each comment names its topic, who announces it and its payload.
const (
	// CatalogChanged (catalog topic; catalog and banner): products, categories, sub-categories
	// or banners changed. Payload: CatalogChange.
	CatalogChanged Name = "catalog.changed"
	// StockChanged (catalog topic; catalog): one product's per-size stock moved. Payload:
	// StockChange.
	StockChanged Name = "stock.changed"
	// SaleChanged (sales topic; sale): a sale was added, changed, switched or deleted.
	// Payload: SaleChange.
	SaleChanged Name = "sale.changed"
	// CartChanged (the user's topic; cart): the shopper's cart changed in another tab or
	// device. Payload: CartChange.
	CartChanged Name = "cart.changed"
	// OrderCreated (the user's topic and the admin boards; order): an order was placed.
	// Payload: OrderChange.
	OrderCreated Name = "order.created"
	// OrderUpdated (the user's topic and the admin boards; order): an order's status moved.
	// Payload: OrderChange.
	OrderUpdated Name = "order.updated"
	// ShipmentUpdated (the user's topic and the admin boards; order): the courier side of an
	// order changed. Payload: OrderChange.
	ShipmentUpdated Name = "shipment.updated"
	// PaymentUpdated (the user's topic and the admin boards; order): an order's payment
	// changed. Payload: OrderChange.
	PaymentUpdated Name = "payment.updated"
	// ReturnRequested (the user's topic and the admin order board; returns): a shopper asked
	// to return or exchange lines of a delivered order. Payload: ReturnChange.
	ReturnRequested Name = "return.requested"
	// ReturnUpdated (the user's topic and the admin order board; returns): a request moved
	// (approved, rejected, and the later steps). Payload: ReturnChange.
	ReturnUpdated Name = "return.updated"
)

// Names is every event name, in the order above.
var Names = []Name{CatalogChanged, StockChanged, SaleChanged, CartChanged, OrderCreated, OrderUpdated, ShipmentUpdated, PaymentUpdated,
	ReturnRequested, ReturnUpdated}

// CatalogChange is the payload of CatalogChanged: the one thing that changed (unset fields
// are left out).
type CatalogChange struct {
	ProductID     string   `json:"productId,omitempty"`
	ProductIDs    []string `json:"productIds,omitempty"`
	CategoryID    string   `json:"categoryId,omitempty"`
	SubCategoryID string   `json:"subCategoryId,omitempty"`
	BannerID      string   `json:"bannerId,omitempty"`
	Place         string   `json:"place,omitempty"`
}

// StockChange is the payload of StockChanged: the product's stock left per size.
type StockChange struct {
	ProductID string         `json:"productId"`
	Sizes     map[string]int `json:"sizes"`
}

// SaleChange is the payload of SaleChanged.
type SaleChange struct {
	SaleID  string `json:"saleId"`
	Deleted bool   `json:"deleted,omitempty"`
}

// CartChange is the payload of CartChanged: nothing, the cart is fetched again.
type CartChange struct{}

// OrderChange is the payload of the order events: enough for an order list to patch its row
// (status, payment, whether the courier has it) without asking again.
type OrderChange struct {
	OrderNumber   string     `json:"orderId"`
	ID            string     `json:"_id"`
	OrderStatus   string     `json:"orderStatus"`
	PaymentStatus string     `json:"paymentStatus"`
	PaymentMode   string     `json:"paymentMode"`
	Amount        shop.Money `json:"amount"`
	NotAdded      bool       `json:"notaddorder"`
	AWB           string     `json:"awb"`
	// CODConfirmation is where a cash-on-delivery order's confirmation is (awaiting,
	// confirmed, expired, cancelled), "" when it needs none.
	CODConfirmation string `json:"codConfirmation,omitempty"`
}

// ReturnChange is the payload of the return events: the request, its order and where it is.
type ReturnChange struct {
	ID          string `json:"_id"`
	Number      string `json:"returnId"`
	OrderNumber string `json:"orderId"`
	OrderID     string `json:"orderRef"`
	Kind        string `json:"kind"`
	Status      string `json:"status"`
}
