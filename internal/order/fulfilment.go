package order

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"drape/internal/mailqueue"
	"drape/internal/order/orderdb"
	"drape/internal/outbox"
	"drape/internal/platform/postgres"
	"drape/internal/shipping/shipment"
	"drape/internal/shop"
	"drape/jobs"
)

// Who moves an order, as its timeline records it.
const (
	ActorShopper = "shopper"
	ActorCourier = "courier"
	ActorSystem  = "system"
)

// Staff is the actor for the staff member with user id: "staff:<id>".
func Staff(userID string) string { return "staff:" + userID }

// Realtime event types about orders, besides CreatedEvent and UpdatedEvent.
const (
	ShipmentEvent = "shipment.updated"
	PaymentEvent  = "payment.updated"
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
	Scan        *Scan // the courier's newest scan, when the report carries one
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

// Refunds says what a move that gives a paid order's money back does: only an admin's
// action starts a refund. Staff's moves ask for one, recorded for an admin to confirm (see
// RequestRefund); the shopper's own cancel before shipping, the courier's returns and the
// system's refunds follow the shop's policy and start at once.
type Refunds int

// What a move does with a paid order's money.
const (
	StartRefunds   Refunds = iota // the refund starts: its job asks the gateway
	RequestRefunds                // the refund is requested: recorded and shown, no gateway call
)

// Move is staff moving order ref (its id or number) to status to, with a note for the
// timeline, through the state machine; the move's side effects follow (see transition), a
// refund as refunds says (an admin's move starts it, staff's requests it). Moving an order
// to the status it has changes nothing. Errors: NotFound 'Order not found'; Invalid for an
// unknown status; Conflict naming the statuses it may move to, which are also the error's
// data ({"allowed": [...]}).
func (s *Service) Move(ctx context.Context, ref string, to Status, actor, note string, refunds Refunds) (Order, error) {
	if !to.Valid() {
		return Order{}, shop.E(shop.Invalid, "Unknown order status %q", string(to))
	}
	var id string
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		row, err := s.lockRef(ctx, tx, ref)
		if err != nil {
			return err
		}
		id = row.ID
		if Status(row.OrderStatus) == to {
			return nil
		}
		return s.transition(ctx, tx, row, to, actor, truncate(strings.TrimSpace(note), 500), refunds)
	})
	if err != nil {
		return Order{}, err
	}
	return s.byID(ctx, id)
}

// lockRef locks the order whose id or number is ref.
func (s *Service) lockRef(ctx context.Context, tx pgx.Tx, ref string) (orderdb.Order, error) {
	q := s.store.q.WithTx(tx)
	ref = strings.TrimSpace(ref)
	var row orderdb.Order
	var err error
	if shop.IsID(ref) {
		row, err = q.LockOrder(ctx, ref)
	} else {
		row, err = q.LockOrderByNumber(ctx, ref)
	}
	return row, notFound(err)
}

// transition moves the locked order row to status to, when the state machine allows it, and
// does what the move means: a cancelled order gives its stock and coupon back, is refunded
// when paid, and is cancelled at the courier when it was pushed; a shipped order mails its
// tracking link; a delivered cash-on-delivery order is paid; a shipment back at the shop
// (RTO_DELIVERED, RETURNED) returns its stock, once, and a paid one is refunded (or its refund
// requested, as refunds says). Every move is a timeline entry (from, to, who, note) and an
// order.updated event. Errors: Conflict with the allowed statuses.
func (s *Service) transition(ctx context.Context, tx pgx.Tx, row orderdb.Order, to Status, actor, note string, refunds Refunds) error {
	from := Status(row.OrderStatus)
	if !from.CanMove(to) {
		return illegalMove(row.OrderNumber, from, to)
	}
	if to == Canceled {
		payment := PaymentStatus(row.PaymentStatus)
		if from == AwaitingPayment {
			payment = PaymentFailed
		}
		reason := note
		if reason == "" {
			reason = "Cancelled by the shop"
		}
		return s.cancel(ctx, tx, row, payment, reason, actor, true, refunds)
	}
	q := s.store.q.WithTx(tx)
	payment, stockHeld := PaymentStatus(row.PaymentStatus), row.StockHeld
	if to == Delivered && Mode(row.PaymentMode) == COD && payment == Unpaid {
		payment = Paid // the courier collected the cash
	}
	back := to == RTODelivered || to == Returned
	if back && stockHeld {
		o, err := s.get(ctx, q, row)
		if err != nil {
			return err
		}
		if err := s.catalog.ReturnStock(ctx, tx, itemChanges(o.Items)); err != nil {
			return err
		}
		stockHeld = false
	}
	if err := q.SetOrderStatus(ctx, orderdb.SetOrderStatusParams{ID: row.ID, OrderStatus: string(to),
		PaymentStatus: string(payment), StockHeld: stockHeld}); err != nil {
		return err
	}
	if err := q.InsertMove(ctx, orderdb.InsertMoveParams{OrderID: row.ID, Status: string(to), Note: note,
		FromStatus: string(from), Actor: actor}); err != nil {
		return err
	}
	if back && payment == Paid && Mode(row.PaymentMode) == Online {
		reason := "Returned to us"
		if to == Returned {
			reason = "Return received"
		}
		if err := s.refund(ctx, tx, row.ID, reason, actor, refunds); err != nil {
			return err
		}
	}
	if to == Shipped || to == Delivered {
		o, err := s.get(ctx, q, row)
		if err != nil {
			return err
		}
		o.Status = to
		if err := mailqueue.Queue(ctx, tx, progressMail(o, s.cfg.PublicURL)); err != nil {
			return err
		}
	}
	return s.announce(ctx, tx, UpdatedEvent, row.ID)
}

// illegalMove is the Conflict for moving order number from one status to another.
func illegalMove(number string, from, to Status) error {
	allowed := from.Next()
	names := make([]string, len(allowed))
	for i, a := range allowed {
		names[i] = string(a)
	}
	msg := "Order " + number + " is " + string(from) + " and cannot become " + string(to)
	if len(names) == 0 {
		msg += ": it is final"
	} else {
		msg += ". It can become: " + strings.Join(names, ", ")
	}
	e := shop.E(shop.Conflict, "%s", msg)
	e.Data = map[string]any{"orderStatus": from, "allowed": allowed}
	return e
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
			TrackingUrl: r.TrackURL, ReportedAt: r.At}); err != nil {
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

// RequestRefund is an admin refunding order ref's online payment in full, or confirming the
// refund staff requested for it. Asking again while the refund is on its way, or after it was
// made, changes nothing; a refund that failed is tried again. Errors: NotFound 'Order not
// found'; Conflict when there is no captured online payment to refund.
func (s *Service) RequestRefund(ctx context.Context, ref, actor, reason string) (Order, error) {
	var id string
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		row, err := s.lockRef(ctx, tx, ref)
		if err != nil {
			return err
		}
		id = row.ID
		switch PaymentStatus(row.PaymentStatus) {
		case RefundPending, Refunded:
			return nil
		case Paid:
			if Mode(row.PaymentMode) != Online || row.PaymentID == "" {
				return shop.E(shop.Conflict, "Order %s was paid in cash: refund it by hand", row.OrderNumber)
			}
		default:
			return shop.E(shop.Conflict, "Order %s has no payment to refund", row.OrderNumber)
		}
		return s.startRefund(ctx, tx, id, orDefaultReason(strings.TrimSpace(reason), "Refunded by the shop"), actor)
	})
	if err != nil {
		return Order{}, err
	}
	return s.byID(ctx, id)
}

// Refund is an order's refund as the payment job needs it.
type Refund struct {
	OrderID string
	Status  string // pending, processed or failed
	Attempt int    // from 1; a failed refund tried again is a new attempt with a new idempotency key
	Amount  shop.Money
}

// RefundOf is order id's refund. Errors: NotFound when none was asked for.
func (s *Service) RefundOf(ctx context.Context, id string) (Refund, error) {
	r, err := s.store.q.RefundOf(ctx, id)
	if err != nil {
		return Refund{}, notFound(err)
	}
	return Refund{OrderID: r.OrderID, Status: r.Status, Attempt: int(r.Attempt), Amount: shop.Money(r.Amount)}, nil
}

// MarkRefundFailed records that the gateway could not make order id's refund: the payment is
// the shop's again until staff ask once more. Errors: NotFound.
func (s *Service) MarkRefundFailed(ctx context.Context, id, reason string) error {
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		row, err := q.LockOrder(ctx, id)
		if err != nil {
			return notFound(err)
		}
		changed, err := q.SetRefundFailed(ctx, orderdb.SetRefundFailedParams{OrderID: id, Failure: truncate(reason, 300)})
		if err != nil || changed == 0 || PaymentStatus(row.PaymentStatus) != RefundPending {
			return err
		}
		if err := q.SetOrderStatus(ctx, orderdb.SetOrderStatusParams{ID: id, OrderStatus: row.OrderStatus,
			PaymentStatus: string(Paid), StockHeld: row.StockHeld}); err != nil {
			return err
		}
		if err := q.InsertMove(ctx, orderdb.InsertMoveParams{OrderID: id, Status: "REFUND_FAILED", Note: truncate(reason, 300),
			FromStatus: row.OrderStatus, Actor: ActorSystem}); err != nil {
			return err
		}
		return s.announce(ctx, tx, PaymentEvent, id)
	})
}

// MarkRefundFailedByPayment is MarkRefundFailed for the order paid by payment paymentID.
func (s *Service) MarkRefundFailedByPayment(ctx context.Context, paymentID, reason string) error {
	id, err := s.store.q.OrderIDByPayment(ctx, paymentID)
	if err != nil {
		return notFound(err)
	}
	return s.MarkRefundFailed(ctx, id, reason)
}

// AdminFilter narrows the back office's order list. Query is an order id (24 hex characters)
// or number, or else text to find in the customer's name, e-mail, phone or city or the
// products' names. Without a status, orders still waiting for payment are left out.
type AdminFilter struct {
	Status Status
	Mode   Mode
	Query  string
	From   *time.Time // placed at or after
	Before *time.Time // placed before
	Push   Push       // where the order is with the courier; "" for anywhere
}

// Push is where an order is with the courier, for the back office's Shiprocket view.
type Push string

// The push states: every retry failed (the admin sees 'Not Added on Shiprocket'), confirmed
// and still to be pushed, or at the courier with its ids.
const (
	PushFailed  Push = "failed"
	PushWaiting Push = "waiting"
	Pushed      Push = "pushed"
)

// Valid reports whether p is a known push state ("" included: any).
func (p Push) Valid() bool {
	return p == "" || p == PushFailed || p == PushWaiting || p == Pushed
}

// AdminList is one page of every shopper's orders for the back office, newest first, each with
// the account that placed it (SPEC §3 admin order view).
func (s *Service) AdminList(ctx context.Context, f AdminFilter, page shop.Page) (Page, error) {
	ref, search := "", ""
	query := strings.TrimSpace(f.Query)
	if shop.IsID(query) || strings.HasPrefix(strings.ToUpper(query), NumberPrefix) {
		ref = query
		if !shop.IsID(query) {
			ref = strings.ToUpper(query)
		}
	} else if query != "" {
		search = likeEscaper.Replace(strings.ToLower(query))
	}
	var rows []orderdb.Order
	var total int64
	var err error
	if search != "" {
		rows, total, err = s.adminSearch(ctx, f, search, page)
	} else {
		rows, total, err = s.adminPage(ctx, f, ref, page)
	}
	if err != nil {
		return Page{}, err
	}
	items, err := s.store.load(ctx, s.store.q, rows)
	if err != nil {
		return Page{}, err
	}
	if err := s.withCustomers(ctx, items); err != nil {
		return Page{}, err
	}
	return Page{Items: items, Page: page.Number, TotalPages: shop.TotalPages(total, page.Size), Total: total}, nil
}

// adminPage is one page of AdminList without a text search, and how many orders there are.
func (s *Service) adminPage(ctx context.Context, f AdminFilter, ref string, page shop.Page) ([]orderdb.Order, int64, error) {
	rows, err := s.store.q.AdminOrders(ctx, orderdb.AdminOrdersParams{Status: string(f.Status), PaymentMode: string(f.Mode), OrderRef: ref, Push: string(f.Push),
		PlacedFrom: f.From, PlacedBefore: f.Before, PageSize: int32(page.Size), PageOffset: int32(page.Offset())})
	if err != nil {
		return nil, 0, err
	}
	total, err := s.store.q.CountAdminOrders(ctx, orderdb.CountAdminOrdersParams{Status: string(f.Status), PaymentMode: string(f.Mode), Push: string(f.Push),
		OrderRef: ref, PlacedFrom: f.From, PlacedBefore: f.Before})
	return rows, total, err
}

// adminSearch is one page of AdminList searching for text (lower-cased, LIKE-escaped), and how
// many orders match: one query, unless the page is past the last.
func (s *Service) adminSearch(ctx context.Context, f AdminFilter, search string, page shop.Page) ([]orderdb.Order, int64, error) {
	found, err := s.store.q.AdminOrdersMatching(ctx, orderdb.AdminOrdersMatchingParams{Status: string(f.Status), PaymentMode: string(f.Mode), Push: string(f.Push),
		PlacedFrom: f.From, PlacedBefore: f.Before, Search: search, PageSize: int32(page.Size), PageOffset: int32(page.Offset())})
	if err != nil {
		return nil, 0, err
	}
	if len(found) == 0 {
		total, err := s.store.q.CountAdminOrdersMatching(ctx, orderdb.CountAdminOrdersMatchingParams{Status: string(f.Status),
			PaymentMode: string(f.Mode), Push: string(f.Push), PlacedFrom: f.From, PlacedBefore: f.Before, Search: search})
		return nil, total, err
	}
	rows := make([]orderdb.Order, len(found))
	for i, r := range found {
		rows[i] = r.Order
	}
	return rows, found[0].Total, nil
}

// Detail is one order as the back office's order page shows it: the order with its timeline
// and shipment, its refund (nil when none was asked for), the payment gateway's events and
// the courier's reports, oldest first.
type Detail struct {
	Order          Order           `json:"order"`
	Refund         *RefundRecord   `json:"refund"`
	PaymentEvents  []GatewayEvent  `json:"paymentEvents"`
	CourierReports []CourierRecord `json:"courierReports"`
}

// RefundRecord is an order's refund as the back office sees it. A requested refund waits for
// an admin to confirm it.
type RefundRecord struct {
	Status          string     `json:"status"` // requested, pending, processed or failed
	Amount          shop.Money `json:"amount"`
	Attempt         int        `json:"attempt"`
	GatewayRefundID string     `json:"gatewayRefundId"`
	Reason          string     `json:"reason"`
	RequestedBy     string     `json:"requestedBy"`
	ApprovedBy      string     `json:"approvedBy"` // the admin who confirmed staff's request`
	Failure         string     `json:"failure"`
	CreatedAt       time.Time  `json:"createdAt"`
	UpdatedAt       time.Time  `json:"updatedAt"`
}

// GatewayEvent is one webhook event the payment gateway sent about an order.
type GatewayEvent struct {
	ID         string    `json:"id"`
	Event      string    `json:"event"`
	ReceivedAt time.Time `json:"receivedAt"`
}

// CourierRecord is one status report the courier sent about an order, and whether it moved
// the order (an older or backward report is kept but not applied).
type CourierRecord struct {
	Status     string    `json:"status"`
	ReportedAt time.Time `json:"reportedAt"`
	ReceivedAt time.Time `json:"receivedAt"`
	Applied    bool      `json:"applied"`
}

// AdminDetail is the order whose id or number is ref, with everything the back office shows
// of it. Errors: NotFound 'Order not found'.
func (s *Service) AdminDetail(ctx context.Context, ref string) (Detail, error) {
	ref = strings.TrimSpace(ref)
	var row orderdb.Order
	var err error
	if shop.IsID(ref) {
		row, err = s.store.q.OrderByID(ctx, strings.ToLower(ref))
	} else {
		row, err = s.store.q.OrderByNumber(ctx, strings.ToUpper(ref))
	}
	if err != nil {
		return Detail{}, notFound(err)
	}
	o, err := s.get(ctx, s.store.q, row)
	if err != nil {
		return Detail{}, err
	}
	one := []Order{o}
	if err := s.withCustomers(ctx, one); err != nil {
		return Detail{}, err
	}
	d := Detail{Order: one[0], PaymentEvents: []GatewayEvent{}, CourierReports: []CourierRecord{}}
	refund, err := s.store.q.RefundOf(ctx, o.ID)
	switch {
	case err == nil:
		d.Refund = &RefundRecord{Status: refund.Status, Amount: shop.Money(refund.Amount), Attempt: int(refund.Attempt),
			GatewayRefundID: refund.GatewayRefundID, Reason: refund.Reason, RequestedBy: refund.RequestedBy, ApprovedBy: refund.ApprovedBy, Failure: refund.Failure,
			CreatedAt: refund.CreatedAt, UpdatedAt: refund.UpdatedAt}
	case !shop.Is(err, shop.NotFound):
		return Detail{}, err
	}
	var events []orderdb.PaymentEvent
	if o.GatewayOrderID != "" {
		if events, err = s.store.q.PaymentEventsOf(ctx, o.GatewayOrderID); err != nil {
			return Detail{}, err
		}
	}
	for _, e := range events {
		d.PaymentEvents = append(d.PaymentEvents, GatewayEvent{ID: e.EventID, Event: e.Event, ReceivedAt: e.ReceivedAt})
	}
	reports, err := s.store.q.CourierReportsOf(ctx, o.ID)
	if err != nil {
		return Detail{}, err
	}
	for _, r := range reports {
		d.CourierReports = append(d.CourierReports, CourierRecord{Status: r.Status, ReportedAt: r.ReportedAt, ReceivedAt: r.ReceivedAt, Applied: r.Applied})
	}
	return d, nil
}

// likeEscaper makes text match itself in a LIKE pattern.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// UnpushedSince lists up to limit orders placed or paid longer ago than age that the courier
// still lacks and whose push has not failed for good, so their push can be queued again (a
// job lost with Redis's data; a queued one is not duplicated, as it keeps its id).
func (s *Service) UnpushedSince(ctx context.Context, age time.Duration, limit int) ([]string, error) {
	ids, err := s.store.q.UnpushedSince(ctx, orderdb.UnpushedSinceParams{Before: time.Now().Add(-age), MaxOrders: int32(limit)})
	return ids, err
}
