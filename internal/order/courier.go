package order

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"drape/internal/cart"
	"drape/internal/order/orderdb"
	"drape/internal/outbox"
	"drape/internal/platform/postgres"
	"drape/internal/shipping/shipment"
	"drape/internal/shop"
	"drape/jobs"
)

// CourierReport is one status update from the courier: our order number, the courier's status
// name, when it happened there, and what it tells of the shipment.
type CourierReport struct {
	OrderNumber string
	Status      string
	At          time.Time
	AWB         string
	CourierName string
	TrackURL    string
	Scan        *Scan      // the courier's newest scan, when the report carries one
	ETD         *time.Time // when the courier expects to deliver, when the report says
}

// Shipment is what the shipment push needs of an order.
type Shipment struct {
	ID      string
	Number  string
	Status  Status
	Body    shipment.Snapshot // the order as the courier takes it, snapshotted when it was placed
	Pushed  bool              // the courier has it already
	Attempt int               // this push's number, from 1: a later one first asks whether an earlier one got through
}

// ApplyCourierReport applies a status update from the courier to its order, once: a report
// seen before (same order, status and time) changes nothing, and so does one older than the
// last applied (reports can arrive out of order), one whose status the order follows no
// further (a late "IN TRANSIT" after "DELIVERED"), or a status name that says nothing the
// shopper tracks. Tracking details (AWB, courier, link, the latest scan) are kept whenever
// given. It says
// whether the order moved. Errors: NotFound for an order that is not ours.
func (s *Service) ApplyCourierReport(ctx context.Context, r CourierReport) (moved bool, err error) {
	to, known := CourierStatus(r.Status)
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		moved = false
		q := s.store.q.WithTx(tx)
		row, err := q.LockOrderByNumber(ctx, strings.TrimSpace(r.OrderNumber))
		if err != nil {
			return notFound(err)
		}
		from := Status(row.OrderStatus)
		stale := row.CourierReportedAt != nil && r.At.Before(*row.CourierReportedAt)
		apply := known && !stale && from != to && from.CanMove(to)
		if err := recordScan(ctx, q, row.ID, r.Scan); err != nil {
			return err
		}
		fresh, err := q.RecordCourierReport(ctx, orderdb.RecordCourierReportParams{OrderID: row.ID,
			Status: normalStatusName(r.Status), ReportedAt: r.At, Applied: apply})
		if err != nil || fresh == 0 {
			return err
		}
		if err := q.SetTracking(ctx, orderdb.SetTrackingParams{ID: row.ID, Awb: r.AWB, CourierName: r.CourierName,
			TrackingUrl: r.TrackURL, ReportedAt: r.At, Etd: r.ETD}); err != nil {
			return err
		}
		if !apply {
			return s.announce(ctx, tx, ShipmentEvent, row.ID)
		}
		moved = true
		note := ""
		if r.CourierName != "" && r.AWB != "" {
			note = r.CourierName + " " + r.AWB
		}
		if err := s.transition(ctx, tx, row, to, ActorCourier, note, StartRefunds); err != nil {
			return err
		}
		return s.announce(ctx, tx, ShipmentEvent, row.ID)
	})
	return moved, err
}

func normalStatusName(name string) string {
	return strings.Join(strings.Fields(strings.ToUpper(strings.ReplaceAll(name, "_", " "))), " ")
}

// StartPush counts an attempt to push order id's shipment to the courier and says what to
// push. A cancelled order, or one still waiting for its payment, has nothing to push
// (NotFound); one the courier has already comes back with Pushed set. Errors: NotFound.
func (s *Service) StartPush(ctx context.Context, id string) (Shipment, error) {
	var sh Shipment
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		row, err := q.LockOrder(ctx, id)
		if err != nil {
			return notFound(err)
		}
		status := Status(row.OrderStatus)
		if status == Canceled || status == AwaitingPayment {
			return shop.E(shop.NotFound, "Order %s has nothing to ship (%s)", row.OrderNumber, status)
		}
		if row.CodConfirmState == string(CODAwaiting) {
			return shop.E(shop.NotFound, "Order %s has nothing to ship yet (waiting for its COD confirmation)", row.OrderNumber)
		}
		sh = Shipment{ID: row.ID, Number: row.OrderNumber, Status: status, Pushed: row.CourierOrderID.Valid}
		if sh.Pushed {
			return nil
		}
		attempt, err := q.StartPush(ctx, id)
		if err != nil {
			return err
		}
		sh.Attempt = int(attempt)
		return json.Unmarshal(row.Shipment, &sh.Body)
	})
	return sh, err
}

// RecordPush records that the courier took order id's shipment under its order and shipment
// ids: a placed order becomes NEW (the courier's first status). Recording it again changes
// nothing. Errors: NotFound.
func (s *Service) RecordPush(ctx context.Context, id string, courierOrderID, shipmentID int64) error {
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		row, err := q.LockOrder(ctx, id)
		if err != nil {
			return notFound(err)
		}
		if row.CourierOrderID.Valid {
			return nil
		}
		if err := q.RecordPush(ctx, orderdb.RecordPushParams{ID: id, CourierOrderID: pgtype.Int8{Int64: courierOrderID, Valid: true},
			CourierShipmentID: pgtype.Int8{Int64: shipmentID, Valid: true}}); err != nil {
			return err
		}
		switch Status(row.OrderStatus) {
		case Pending, Confirmed:
			if err := s.transition(ctx, tx, row, New, ActorCourier, "Shipment created", StartRefunds); err != nil {
				return err
			}
		case Canceled:
			// Cancelled while the push was on its way: take it back from the courier.
			if err := outbox.Enqueue(ctx, tx, jobs.CancelShipment(id)); err != nil {
				return err
			}
		}
		return s.announce(ctx, tx, ShipmentEvent, id)
	})
}

// RecordPushFailure records that pushing order id's shipment failed for good (every retry
// spent, or the courier refused it): staff see it as 'Not Added on Shiprocket' and can push it
// again. Errors: NotFound.
func (s *Service) RecordPushFailure(ctx context.Context, id, reason string) error {
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		row, err := q.LockOrder(ctx, id)
		if err != nil {
			return notFound(err)
		}
		if row.CourierOrderID.Valid {
			return nil
		}
		if err := q.RecordPushFailure(ctx, orderdb.RecordPushFailureParams{ID: id, PushError: truncate(reason, 300)}); err != nil {
			return err
		}
		if err := q.InsertMove(ctx, orderdb.InsertMoveParams{OrderID: id, Status: "PUSH_FAILED", Note: truncate(reason, 300),
			FromStatus: row.OrderStatus, Actor: ActorSystem}); err != nil {
			return err
		}
		return s.announce(ctx, tx, ShipmentEvent, id)
	})
}

// RetryPush is staff pushing order ref's shipment to the courier again after it failed.
// Errors: NotFound 'Order not found'; Conflict when the courier has it already or the order
// is past shipping or cancelled.
func (s *Service) RetryPush(ctx context.Context, ref, actor string) (Order, error) {
	var id string
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		row, err := s.lockRef(ctx, tx, ref)
		if err != nil {
			return err
		}
		id = row.ID
		q := s.store.q.WithTx(tx)
		switch {
		case row.CourierOrderID.Valid:
			return shop.E(shop.Conflict, "Order %s is on Shiprocket already", row.OrderNumber)
		case Status(row.OrderStatus) != Pending && Status(row.OrderStatus) != Confirmed:
			return shop.E(shop.Conflict, "Order %s is %s: there is nothing to ship", row.OrderNumber, row.OrderStatus)
		case row.CodConfirmState == string(CODAwaiting):
			return shop.E(shop.Conflict, "Order %s is waiting for its cash-on-delivery confirmation: confirm it first", row.OrderNumber)
		}
		if err := q.ClearPushFailure(ctx, id); err != nil {
			return err
		}
		if err := q.InsertMove(ctx, orderdb.InsertMoveParams{OrderID: id, Status: "PUSH_RETRIED", FromStatus: row.OrderStatus, Actor: actor}); err != nil {
			return err
		}
		if err := outbox.Enqueue(ctx, tx, jobs.PushShipmentAgain(id, int(row.PushAttempts))); err != nil {
			return err
		}
		return s.announce(ctx, tx, ShipmentEvent, id)
	})
	if err != nil {
		return Order{}, err
	}
	return s.byID(ctx, id)
}

// StaleShipments lists up to limit orders at the courier that have not moved for age, for the
// tracking sweep.
func (s *Service) StaleShipments(ctx context.Context, age time.Duration, limit int) ([]string, error) {
	ids, err := s.store.q.InShipment(ctx, orderdb.InShipmentParams{Before: time.Now().Add(-age), MaxOrders: int32(limit)})
	return ids, err
}

// UnpushedSince lists up to limit orders placed or paid longer ago than age that the courier
// still lacks and whose push has not failed for good, so their push can be queued again (a
// job lost with Redis's data; a queued one is not duplicated, as it keeps its id).
func (s *Service) UnpushedSince(ctx context.Context, age time.Duration, limit int) ([]string, error) {
	ids, err := s.store.q.UnpushedSince(ctx, orderdb.UnpushedSinceParams{Before: time.Now().Add(-age), MaxOrders: int32(limit)})
	return ids, err
}

// Push is where an order is with the courier, for the back office's Shiprocket view.
type Push string

// The push states: every retry failed (the admin sees 'Not Added on Shiprocket'), confirmed
// and still to be pushed, or at the courier with its ids.
const (
	PushFailed  Push = "failed"
	PushWaiting Push = "waiting"
	Pushed      Push = "pushed"
	// PushUnconfirmed: a cash-on-delivery order waiting for its confirmation (codconfirm.go).
	PushUnconfirmed Push = "confirm"
)

// Valid reports whether p is a known push state ("" included: any).
func (p Push) Valid() bool {
	return p == "" || p == PushFailed || p == PushWaiting || p == Pushed || p == PushUnconfirmed
}

// Track is the tracking view of order number, or of the short number people read ("#1042"),
// (with its courier, airway bill, tracking link and latest scan) for its owner (userID) or for
// whoever knows the e-mail it ships to. Errors: NotFound 'Order not found' when neither matches.
func (s *Service) Track(ctx context.Context, number, userID, email string) (Tracking, error) {
	var row orderdb.Order
	var err error
	if short, ok := ParseShortNumber(number); ok {
		row, err = s.store.q.OrderByShortNumber(ctx, short)
	} else {
		row, err = s.store.q.OrderByNumber(ctx, strings.TrimSpace(number))
	}
	if err != nil {
		return Tracking{}, notFound(err)
	}
	o, err := s.get(ctx, s.store.q, row)
	if err != nil {
		return Tracking{}, err
	}
	owner := userID != "" && o.UserID == userID
	knows := email != "" && strings.EqualFold(strings.TrimSpace(email), o.Address.Email)
	if !owner && !knows {
		return Tracking{}, shop.E(shop.NotFound, msgNotFound)
	}
	return s.tracking(ctx, o)
}

// CourierComment is the comment an order is sent to the courier with: its short number and
// the reseller ("Order #1042 - Reseller: Drape").
func CourierComment(short, reseller string) string {
	return "Order #" + short + " - Reseller: " + reseller
}

// courierShipment is the order as the courier aggregator takes it (see package shipment):
// billing from the shipping address, one entry per line with the unit selling price, and the
// parcel packed from the lines' products. Its comment names the short number people read
// ("Order #1042"), so the parcel is findable by it; order_id stays the order number, which the
// courier's webhooks answer with.
func courierShipment(number, short string, mode Mode, at time.Time, addr Address, lines []cart.Line, total shop.Money, pickup, reseller string) shipment.Snapshot {
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
		OrderID: number, OrderDate: at.In(shop.India).Format("2006-01-02 15:04"), OrderType: shipment.OrderType,
		PickupLocation: pickup, Comment: CourierComment(short, reseller), ResellerName: reseller,
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
	t := Tracking{Number: o.Number, ShortNumber: o.ShortNumber, Status: o.Status, PaymentStatus: o.PaymentStatus, PaymentMode: o.PaymentMode,
		Amount: o.Amount, PlacedAt: o.CreatedAt, Items: o.Items, Timeline: o.Timeline,
		CourierName: o.Courier.Name, AWB: o.Courier.AWB, TrackURL: o.Courier.TrackURL, EstimatedDelivery: o.Courier.ETD}
	scan, err := s.store.q.LatestScan(ctx, o.ID)
	switch {
	case err == nil:
		t.LatestScan = &Scan{At: scan.ScannedAt, Activity: scan.Activity, Location: scan.Location}
	case !shop.Is(err, shop.NotFound):
		return Tracking{}, err
	}
	return t, nil
}
