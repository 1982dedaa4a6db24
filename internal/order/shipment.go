package order

import (
	"context"
	"strconv"
	"strings"
	"time"

	"drape/internal/cart"
	"drape/internal/order/orderdb"
	"drape/internal/shipping/shipment"
	"drape/internal/shop"
)

// courierShipment is the order as the courier aggregator takes it (see package shipment):
// billing from the shipping address, one entry per line with the unit selling price, and the
// parcel packed from the lines' products.
func courierShipment(number string, mode Mode, at time.Time, addr Address, lines []cart.Line, total shop.Money, pickup, reseller string) shipment.Snapshot {
	items := make([]shipment.Item, len(lines))
	pieces := make([]shipment.Piece, len(lines))
	for i, l := range lines {
		p := l.Product
		pieces[i] = shipment.Piece{Length: p.Length, Width: p.Width, Height: p.Height, Grams: p.Weight, Units: l.Quantity}
		items[i] = shipment.Item{Name: l.ProductName, SKU: p.Code + "-" + l.Size, Units: l.Quantity,
			SellingPrice: l.DiscountedPrice, Discount: l.Price - l.DiscountedPrice, Size: l.Size, Images: p.Thumbnail}
	}
	method := shipment.Prepaid
	if mode == COD {
		method = shipment.COD
	}
	sh := shipment.Snapshot{
		OrderID: number, OrderDate: at.In(india).Format("2006-01-02 15:04"), OrderType: shipment.OrderType,
		PickupLocation: pickup, Comment: "Reseller: " + reseller, ResellerName: reseller,
		BillingCustomerName: addr.FirstName, BillingLastName: addr.LastName,
		BillingAddress: addr.Address1, BillingAddress2: joinAddress(addr.Address2, addr.Landmark),
		BillingCity: addr.City, BillingPincode: number64(addr.Pincode), BillingState: addr.State,
		BillingCountry: addr.Country, BillingEmail: addr.Email, BillingPhone: number64(addr.Phone),
		ShippingIsBilling: true, OrderItems: items, PaymentMethod: method, SubTotal: total,
	}
	sh.Pack(pieces)
	return sh
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
