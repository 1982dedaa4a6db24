package order

import (
	"context"
	"strconv"
	"strings"
	"time"

	"drape/internal/cart"
	"drape/internal/order/orderdb"
	"drape/internal/shop"
)

// Parcel defaults (SPEC §9) for products without dimensions: centimetres and grams.
const (
	defaultLength = 100
	defaultWidth  = 100
	defaultHeight = 2
	defaultWeight = 300
)

// shipment is the order as the courier aggregator takes it (SPEC §3 "Order sent at checkout",
// Shiprocket's adhoc order): billing from the shipping address, one entry per line with the
// unit selling price, the parcel's dimensions as the largest of its items' and its weight in
// kilograms. The weight is the items' weights added up (300 g each when unknown): a courier
// charges for what the parcel weighs, which is more than its heaviest item.
func shipment(number string, mode Mode, at time.Time, addr Address, lines []cart.Line, total shop.Money, pickup, reseller string) map[string]any {
	length, width, height, grams := 0.0, 0.0, 0.0, 0
	items := make([]map[string]any, len(lines))
	for i, l := range lines {
		p := l.Product
		length = max(length, orDefault(p.Length, defaultLength))
		width = max(width, orDefault(p.Width, defaultWidth))
		height = max(height, orDefault(p.Height, defaultHeight))
		weight := p.Weight
		if weight <= 0 {
			weight = defaultWeight
		}
		grams += weight * l.Quantity
		items[i] = map[string]any{
			"name": l.ProductName, "sku": p.Code + "-" + l.Size, "units": l.Quantity,
			"selling_price": l.DiscountedPrice, "discount": l.Price - l.DiscountedPrice, "tax": 0,
			"size": l.Size, "images": p.Thumbnail,
		}
	}
	method := "Prepaid"
	if mode == COD {
		method = "COD"
	}
	return map[string]any{
		"order_id": number, "order_date": at.In(india).Format("2006-01-02 15:04"), "order_type": "ESSENTIALS",
		"pickup_location": pickup, "comment": "Reseller: " + reseller, "reseller_name": reseller,
		"billing_customer_name": addr.FirstName, "billing_last_name": addr.LastName,
		"billing_address": addr.Address1, "billing_address_2": joinAddress(addr.Address2, addr.Landmark),
		"billing_city": addr.City, "billing_pincode": number64(addr.Pincode), "billing_state": addr.State,
		"billing_country": addr.Country, "billing_email": addr.Email, "billing_phone": number64(addr.Phone),
		"shipping_is_billing": true, "order_items": items, "payment_method": method, "sub_total": total,
		"length": length, "breadth": width, "height": height, "weight": float64(grams) / 1000,
	}
}

func orDefault(v, fallback float64) float64 {
	if v <= 0 {
		return fallback
	}
	return v
}

func joinAddress(a, landmark string) string {
	if landmark == "" {
		return a
	}
	return a + ", near " + landmark
}

func number64(digits string) int64 {
	n, _ := strconv.ParseInt(digits, 10, 64)
	return n
}

// recordScan keeps the courier's scan of order id's parcel (nil: none), once.
func recordScan(ctx context.Context, q *orderdb.Queries, id string, scan *Scan) error {
	if scan == nil || strings.TrimSpace(scan.Activity) == "" || scan.At.IsZero() {
		return nil
	}
	return q.RecordScan(ctx, orderdb.RecordScanParams{OrderID: id, ScannedAt: scan.At,
		Activity: truncate(strings.TrimSpace(scan.Activity), 300), Location: truncate(strings.TrimSpace(scan.Location), 200)})
}

// tracking is the tracking view of o: its progress, and its parcel at the courier with the
// courier's latest scan.
func (s *Service) tracking(ctx context.Context, o Order) (Tracking, error) {
	t := Tracking{Number: o.Number, Status: o.Status, PaymentStatus: o.PaymentStatus, PaymentMode: o.PaymentMode,
		Amount: o.Amount, PlacedAt: o.CreatedAt, Items: o.Items, Timeline: o.Timeline,
		CourierName: o.Courier.Name, AWB: o.Courier.AWB, TrackURL: o.Courier.TrackURL}
	scan, err := s.store.q.LatestScan(ctx, o.ID)
	switch {
	case err == nil:
		t.LatestScan = &Scan{At: scan.ScannedAt, Activity: scan.Activity, Location: scan.Location}
	case !shop.Is(err, shop.NotFound):
		return Tracking{}, err
	}
	return t, nil
}
