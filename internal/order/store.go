package order

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"drape/internal/order/orderdb"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
)

// store reads and writes orders, their lines and their timelines.
type store struct{ q *orderdb.Queries }

// India keeps one time all year; order dates and times are written in it.

// stepLabels names timeline steps for people.
var stepLabels = map[string]string{
	"PLACED":                 "Order placed",
	"AWAITING_PAYMENT":       "Waiting for payment",
	"PAID":                   "Payment received",
	"PAYMENT_FAILED":         "Payment failed",
	stepAwaitingConfirmation: "Awaiting confirmation",
	stepCODConfirmed:         "Confirmed for cash on delivery",
	"CONFIRMED":              "Order confirmed",
	"NEW":                    "Handed to the courier",
	"READY_TO_SHIP":          "Packed",
	"PICKUP_SCHEDULED":       "Pickup scheduled",
	"SHIPPED":                "Shipped",
	"IN_TRANSIT":             "In transit",
	"OUT_FOR_DELIVERY":       "Out for delivery",
	"DELIVERED":              "Delivered",
	"CANCELED":               "Order cancelled",
	"RTO_INITIATED":          "Returning to us",
	"RTO_DELIVERED":          "Returned to us",
	"RETURN_REQUESTED":       "Return requested",
	"RETURNED":               "Returned",
	"REFUND_REQUESTED":       "Refund requested",
	"REFUND_PENDING":         "Refund started",
	"REFUNDED":               "Refund processed",
	"REFUND_FAILED":          "Refund failed",
}

// statusLabels is SPEC §4's status and shippingStatus text ("Pending" at creation).
var statusLabels = map[Status]string{
	AwaitingPayment: "Awaiting payment", Pending: "Pending", Confirmed: "Confirmed", New: "Processing",
	ReadyToShip: "Packed", PickupScheduled: "Pickup scheduled", Shipped: "Shipped", InTransit: "In transit",
	OutForDelivery: "Out for delivery", Delivered: "Delivered", Canceled: "Cancelled", RTOInitiated: "Returning to us",
	RTODelivered: "Returned to us", ReturnRequested: "Return requested", Returned: "Returned",
}

// newNumber makes an order number: the prefix, the time in milliseconds and 10 random
// upper-case letters and digits (SPEC §9), e.g. DRP1763800000000K7Q2M9XA4B.
func newNumber(now time.Time) string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, 10)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("order: no randomness: %v", err))
	}
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return fmt.Sprintf("%s%d%s", NumberPrefix, now.UnixMilli(), b)
}

// load reads orders with their lines and timelines, in the order of rows.
func (s store) load(ctx context.Context, q *orderdb.Queries, rows []orderdb.Order) ([]Order, error) {
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	lines, err := q.LinesOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	steps, err := q.StepsOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	linesOf := map[string][]orderdb.OrderLine{}
	for _, l := range lines {
		linesOf[l.OrderID] = append(linesOf[l.OrderID], l)
	}
	stepsOf := map[string][]orderdb.OrderEvent{}
	for _, st := range steps {
		stepsOf[st.OrderID] = append(stepsOf[st.OrderID], st)
	}
	out := make([]Order, len(rows))
	for i, r := range rows {
		o, err := fromRow(r, linesOf[r.ID], stepsOf[r.ID])
		if err != nil {
			return nil, err
		}
		out[i] = o
	}
	return out, linkOrders(ctx, q, rows, out)
}

func fromRow(r orderdb.Order, lines []orderdb.OrderLine, steps []orderdb.OrderEvent) (Order, error) {
	o := Order{
		ID: r.ID, Number: r.OrderNumber, ShortNumber: r.ShortNumber, UserID: r.UserID, PaymentMode: Mode(r.PaymentMode),
		PaymentStatus: PaymentStatus(r.PaymentStatus), Status: Status(r.OrderStatus),
		ListTotal: shop.Money(r.ListTotal), SubTotal: shop.Money(r.Subtotal), CouponCode: r.CouponCode,
		CouponDiscount: shop.Money(r.CouponDiscount), Shipping: shop.Money(r.Shipping), CODFee: shop.Money(r.CodFee), Tax: shop.Money(r.Tax),
		Amount: shop.Money(r.Total), TotalAmount: shop.Money(r.Total), Currency: "INR", PaymentID: r.PaymentID,
		GatewayOrderID: r.GatewayOrderID.String, PaymentError: r.PaymentError, CancelReason: r.CancelReason,
		BusinessGSTIN: r.BusinessGstin, BusinessName: r.BusinessName,
		Date: r.CreatedAt, CreatedAt: r.CreatedAt, ExpiresAt: r.ExpiresAt, stockHeld: r.StockHeld,
		Items: make([]Item, len(lines)), ProductIDs: make([]string, 0, len(lines)), Timeline: make([]Step, len(steps)),
	}
	o.ProductDiscount = o.ListTotal - o.SubTotal
	o.StatusLabel = statusLabels[o.Status]
	o.ShippingStatus = o.StatusLabel
	if o.Status == AwaitingPayment {
		o.ShippingStatus = statusLabels[Pending]
	}
	o.Cancellable = o.Status.Cancellable()
	o.Next = o.Status.Next()
	o.NotAddOrder = r.PushFailed
	o.CODConfirmation = codConfirmationOf(r)
	o.Courier = Courier{OrderID: r.CourierOrderID.Int64, ShipmentID: r.CourierShipmentID.Int64, AWB: r.Awb,
		Name: r.CourierName, TrackURL: r.TrackingUrl, PushedAt: r.PushedAt, PushError: r.PushError, ETD: r.CourierEtd}
	local := r.CreatedAt.In(shop.India)
	o.OrderDate, o.OrderTime = local.Format("2006-01-02"), local.Format("15:04")
	if err := json.Unmarshal(r.Address, &o.Address); err != nil {
		return Order{}, fmt.Errorf("order %s: address: %w", r.ID, err)
	}
	if err := json.Unmarshal(r.Shipment, &o.OrderObj.OrderData); err != nil {
		return Order{}, fmt.Errorf("order %s: shipment: %w", r.ID, err)
	}
	o.OrderDetails = o.OrderObj.OrderData
	o.OrderObj.CartData = make([]CartItem, len(lines))
	seen := map[string]bool{}
	for i, l := range lines {
		o.Items[i] = Item{ProductID: l.ProductID, SKU: l.ProductCode, ProductName: l.ProductName, Size: l.Size,
			Quantity: int(l.Quantity), Price: shop.Money(l.ListPrice), Discount: int(l.Discount), SaleName: l.SaleName,
			SaleDiscount: int(l.SaleDiscount), DiscountedPrice: shop.Money(l.UnitPrice), Total: shop.Money(l.LineTotal),
			Thumbnail: l.Thumbnail}
		o.OrderObj.CartData[i] = cartItem(o.Items[i])
		if !seen[l.ProductID] {
			seen[l.ProductID] = true
			o.ProductIDs = append(o.ProductIDs, l.ProductID)
		}
	}
	for i, st := range steps {
		label := stepLabels[st.Status]
		if label == "" {
			label = strings.ReplaceAll(strings.ToLower(st.Status), "_", " ")
		}
		actor, _, _ := strings.Cut(st.Actor, ":") // "staff:<id>" shows as staff: who exactly is for the shop's logs
		o.Timeline[i] = Step{Status: st.Status, Label: label, Note: st.Note, From: st.FromStatus, Actor: actor, At: st.At}
	}
	o.StatusDetails = statusDetails(o)
	return o, nil
}

// isDuplicateKey reports whether err is the unique index on (user, idempotency key) refusing
// a second order.
func isDuplicateKey(err error) bool {
	return shop.Is(err, shop.Conflict) && postgres.Constraint(err) == "orders_user_id_idempotency_key_key"
}
