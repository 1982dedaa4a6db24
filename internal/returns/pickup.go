package returns

// Reverse pickups (issue 18): on approval the worker books the courier's return order for a
// request (Pickups.Book), asking the courier first on every attempt after the first, so a
// booking whose answer was lost or whose worker died is found rather than made twice. The
// courier's reports (its status webhook with is_return=1, and tracking) move the request
// APPROVED → PICKUP_SCHEDULED → PICKED_UP → RECEIVED (Pickups.ApplyCourierReport): each move a
// step by "courier", a return.updated event to the shopper and the admin order board, and a
// mail to the shopper. A repeated or backward report changes nothing.

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"drape/internal/company"
	"drape/internal/mailqueue"
	"drape/internal/order"
	"drape/internal/outbox"
	"drape/internal/platform/postgres"
	"drape/internal/provider/shiprocket"
	"drape/internal/returns/returnsdb"
	"drape/internal/shipping/shipment"
	"drape/internal/shop"
	"drape/internal/shop/event"
	"drape/realtime"
)

// ActorCourier is who moves a request by the courier's reports, as its steps record it.
const ActorCourier = order.ActorCourier

// Courier is what reverse pickups ask of the courier aggregator; *shiprocket.Session is the
// real one.
type Courier interface {
	CreateReturn(ctx context.Context, creds shiprocket.Credentials, r shiprocket.ReturnOrder) (shiprocket.Created, error)
	FindReturn(ctx context.Context, creds shiprocket.Credentials, channelOrderID string) (shiprocket.Created, bool, error)
	TrackShipment(ctx context.Context, creds shiprocket.Credentials, shipmentID int64) (shiprocket.Tracking, error)
}

// PickupConfig is the courier account and the token of its status webhook.
type PickupConfig struct {
	Credentials  shiprocket.Credentials
	WebhookToken string // what the courier's status webhook sends in x-api-key
}

// Pickup is a request's reverse pickup as the shopper and staff see it: the courier's air
// waybill and name once assigned, its last status, and a booking error staff should know of.
type Pickup struct {
	AWB           string     `json:"awb"`
	CourierName   string     `json:"courierName"`
	CourierStatus string     `json:"courierStatus"`
	TrackURL      string     `json:"trackUrl,omitempty"`
	BookedAt      *time.Time `json:"bookedAt,omitempty"`
	Error         string     `json:"error,omitempty"`
}

// CourierReport is what the courier said about a return order: the request's number (our
// channel order id, possibly suffixed "_1") or the courier's order id, its status name, and the
// AWB and courier when it names them.
type CourierReport struct {
	Number         string
	CourierOrderID int64
	Status         string
	AWB            string
	CourierName    string
}

// Pickups is the reverse pickup use cases.
type Pickups struct {
	returns *Service
	company *company.Service
	courier Courier // nil when no courier account is configured
	cfg     PickupConfig
}

// NewPickups makes the pickup service over the return service; courier may be nil (bookings
// then wait, and only reports are heard).
func NewPickups(returns *Service, firm *company.Service, courier Courier, cfg PickupConfig) *Pickups {
	return &Pickups{returns: returns, company: firm, courier: courier, cfg: cfg}
}

// ErrNotConfigured is what a booking answers when no courier account is configured: the job
// keeps retrying.
var ErrNotConfigured = errors.New("returns: no Shiprocket account is configured (SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD)")

// Book books the reverse pickup of approved request id with the courier, once: a request
// that is not APPROVED, or whose pickup the courier has, is done. Every attempt after the
// first asks the courier for the return order (by the request number) before creating it.
// Errors: NotFound 'Return request not found'; Invalid when the courier refuses the return
// (retrying cannot help: see GiveUp); ErrNotConfigured; the courier's temporary errors.
func (p *Pickups) Book(ctx context.Context, id string) error {
	r, err := p.returns.Request(ctx, id)
	if err != nil || r.Status != Approved {
		return err
	}
	q := p.returns.store.q
	pk, err := q.StartPickup(ctx, id)
	if err != nil || pk.CourierOrderID.Valid {
		return err
	}
	if p.courier == nil {
		return ErrNotConfigured
	}
	record := func(c shiprocket.Created) error {
		return q.RecordPickup(ctx, returnsdb.RecordPickupParams{RequestID: id,
			CourierOrderID: pgtype.Int8{Int64: c.OrderID, Valid: true}, ShipmentID: pgtype.Int8{Int64: c.ShipmentID, Valid: true}})
	}
	if pk.Attempts > 1 {
		// An earlier attempt may have got through before its worker died or its answer was
		// lost: ask before creating, so the courier never gets the pickup twice.
		if found, ok, err := p.courier.FindReturn(ctx, p.cfg.Credentials, r.Number); err != nil {
			return err
		} else if ok {
			return record(found)
		}
	}
	o, err := p.returns.orders.ByID(ctx, r.OrderID)
	if err != nil {
		return err
	}
	firm, err := p.company.Get(ctx)
	if err != nil {
		return err
	}
	created, err := p.courier.CreateReturn(ctx, p.cfg.Credentials, returnOrder(r, o, firm))
	if shiprocket.IsDuplicateOrder(err) {
		found, ok, findErr := p.courier.FindReturn(ctx, p.cfg.Credentials, r.Number)
		if findErr != nil {
			return findErr
		}
		if ok {
			return record(found)
		}
	}
	if err != nil {
		if errors.Is(err, shiprocket.ErrInvalidArgument) || !shiprocket.IsTemporary(err) {
			return shop.Wrap(shop.Invalid, err, "Shiprocket refused the return pickup")
		}
		return err
	}
	return record(created)
}

// GiveUp records that request id's booking failed for good with cause, for staff to see on
// the request's pickup. Errors: Unavailable when the database is.
func (p *Pickups) GiveUp(ctx context.Context, id string, cause error) error {
	return p.returns.store.q.RecordPickupFailure(ctx, returnsdb.RecordPickupFailureParams{RequestID: id, Error: cause.Error()})
}

// returnOrder is request r of order o as the courier's return order: picked up at the order's
// delivery address, delivered to the shop's address (firm), its lines at what was paid a unit.
func returnOrder(r Request, o order.Order, firm company.Company) shiprocket.ReturnOrder {
	a := o.Address
	items := make([]shiprocket.ReturnItem, 0, len(r.Lines))
	var total shiprocket.Paise
	grams := 0
	for _, l := range r.Lines {
		if l.Item < 0 || l.Item >= len(o.Items) {
			continue
		}
		it := o.Items[l.Item]
		items = append(items, shiprocket.ReturnItem{Name: it.ProductName, SKU: it.SKU + "-" + it.Size, Units: l.Quantity,
			SellingPrice: shiprocket.Paise(it.DiscountedPrice), Discount: shiprocket.Paise(it.Price - it.DiscountedPrice),
			QCEnable: true, QCSize: it.Size})
		total += shiprocket.Paise(it.DiscountedPrice) * shiprocket.Paise(l.Quantity)
		grams += shipment.DefaultGrams * l.Quantity
	}
	address := strings.TrimSpace(strings.Join([]string{firm.AddressLine1, firm.AddressLine2}, ", "))
	if firm.AddressLine1 == "" {
		address = firm.Address
	}
	return shiprocket.ReturnOrder{OrderID: r.Number, OrderDate: r.CreatedAt,
		Pickup: shiprocket.Address{Name: a.FirstName, LastName: a.LastName, Address: a.Address1, Address2: a.Address2,
			City: a.City, State: a.State, Country: a.Country, Pincode: a.Pincode, Email: a.Email, Phone: a.Phone},
		Shipping: shiprocket.Address{Name: firm.Name, Address: address, City: firm.City, State: firm.State, Pincode: firm.Zip,
			Email: firm.Email, Phone: lastDigits(firm.Contact1, 10)},
		Items: items, SubTotal: total, Length: shipment.DefaultLength, Breadth: shipment.DefaultWidth, Height: shipment.DefaultHeight,
		Weight: float64(grams) / 1000}
}

// lastDigits is the last n digits of phone ("+91 98290 12345" is "9829012345").
func lastDigits(phone string, n int) string {
	digits := strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return r
		}
		return -1
	}, phone)
	if len(digits) > n {
		digits = digits[len(digits)-n:]
	}
	return digits
}

// pickupStatus is where a courier's return status (normalised) takes a request, or "" for a
// status that moves nothing (RETURN PENDING, a cancelled or failed pickup: staff look at those).
func pickupStatus(courierStatus string) Status {
	switch shiprocket.NormalizeStatus(courierStatus) {
	case "RETURN PICKUP GENERATED", "RETURN PICKUP SCHEDULED", "RETURN PICKUP QUEUED", "RETURN PICKUP RESCHEDULED",
		"RETURN OUT FOR PICKUP", "OUT FOR PICKUP", "PICKUP SCHEDULED", "AWB ASSIGNED":
		return PickupScheduled
	case "RETURN PICKED UP", "RETURN IN TRANSIT", "PICKED UP", "SHIPPED", "IN TRANSIT":
		return PickedUp
	case "RETURN DELIVERED", "DELIVERED":
		return Received
	}
	return ""
}

// ApplyCourierReport applies what the courier said about a return order, in one transaction
// under the request's row lock: when its status takes the request forward (state machine of
// status.go), the new status, a step by "courier" (with the AWB and courier once known), the
// pickup's AWB and courier status, a return.updated event to the shopper and the admin order
// board, and the shopper's mail. A repeated, backward or unknown status changes nothing
// (moved false); a report naming a known AWB's courier only keeps it. Errors: NotFound when
// no request has that number or courier order.
func (p *Pickups) ApplyCourierReport(ctx context.Context, rep CourierReport) (moved bool, err error) {
	id, err := p.requestOf(ctx, rep)
	if err != nil {
		return false, err
	}
	to := pickupStatus(rep.Status)
	r, err := p.returns.Request(ctx, id)
	if err != nil {
		return false, err
	}
	o, err := p.returns.orders.ByID(ctx, r.OrderID)
	if err != nil {
		return false, err
	}
	err = postgres.InTx(ctx, p.returns.pool, func(tx pgx.Tx) error {
		q := p.returns.store.q.WithTx(tx)
		row, err := q.LockRequest(ctx, id)
		if err != nil {
			return err
		}
		from := Status(row.Status)
		if to == "" || from == to || !from.CanMove(to) {
			return nil
		}
		now := p.returns.now()
		if err := q.SetStatus(ctx, returnsdb.SetStatusParams{ID: id, Status: string(to), At: now}); err != nil {
			return err
		}
		if err := q.RecordPickupReport(ctx, returnsdb.RecordPickupReportParams{RequestID: id, Awb: rep.AWB, CourierName: rep.CourierName,
			CourierStatus: shiprocket.NormalizeStatus(rep.Status)}); err != nil {
			return err
		}
		after, err := p.returns.request(ctx, q, id)
		if err != nil {
			return err
		}
		note := ""
		if after.Pickup != nil && after.Pickup.AWB != "" {
			note = fmt.Sprintf("%s AWB %s", after.Pickup.CourierName, after.Pickup.AWB)
		}
		if err := q.InsertStep(ctx, returnsdb.InsertStepParams{RequestID: id, Status: string(to), Actor: ActorCourier,
			Note: strings.TrimSpace(note), At: now}); err != nil {
			return err
		}
		change := event.ReturnChange{ID: id, Number: row.Number, OrderNumber: o.Number, OrderID: o.ID, Kind: row.Kind, Status: string(to)}
		if err := outbox.PublishMany(ctx, tx, UpdatedEvent, []string{realtime.UserTopic(row.UserID), realtime.TopicAdminOrders}, change); err != nil {
			return err
		}
		if err := mailqueue.Queue(ctx, tx, pickupMail(o, after, to, p.returns.cfg.PublicURL)); err != nil {
			return err
		}
		moved = true
		return nil
	})
	return moved, err
}

// requestOf is the id of the request rep is about, by its number or the courier's order id.
func (p *Pickups) requestOf(ctx context.Context, rep CourierReport) (string, error) {
	q := p.returns.store.q
	number := strings.TrimSpace(rep.Number)
	if i := strings.LastIndexByte(number, '_'); i > 0 {
		number = number[:i] // Shiprocket may suffix our channel order id ("…-R1_1")
	}
	id, err := q.RequestIDByNumber(ctx, number)
	if shop.Is(err, shop.NotFound) && rep.CourierOrderID > 0 {
		id, err = q.RequestIDByCourierOrder(ctx, pgtype.Int8{Int64: rep.CourierOrderID, Valid: true})
	}
	if shop.Is(err, shop.NotFound) {
		return "", shop.E(shop.NotFound, msgRequestNotFound)
	}
	return id, err
}

// HandleStatusUpdate applies the courier's status webhook with body, sent with apiKey in
// x-api-key, when it is about a return order (is_return=1), and reports whether it was one.
// An update about a return that is not ours, or one already applied, changes nothing and is
// no error. Errors: Unauthorized for a wrong or missing key; Invalid for a body that is not a
// status update.
func (p *Pickups) HandleStatusUpdate(ctx context.Context, apiKey string, body []byte) (isReturn bool, err error) {
	u, err := shiprocket.ParseStatusUpdate(body)
	if err != nil || !u.IsReturn {
		return false, nil // not a return: the forward path answers it
	}
	if !shiprocket.VerifyWebhookToken(p.cfg.WebhookToken, apiKey) {
		return true, shop.E(shop.Unauthorized, "Invalid webhook token")
	}
	_, err = p.ApplyCourierReport(ctx, CourierReport{Number: u.OrderID, CourierOrderID: u.SROrderID, Status: u.CurrentStatus,
		AWB: u.AWB, CourierName: u.CourierName})
	if shop.Is(err, shop.NotFound) {
		return true, nil
	}
	return true, err
}

// Track asks the courier where request id's pickup is and applies what it says, in case a
// status webhook was lost. Errors: the courier's temporary errors; ErrNotConfigured.
func (p *Pickups) Track(ctx context.Context, id string) error {
	pickups, err := p.returns.store.q.PickupsOf(ctx, []string{id})
	if err != nil || len(pickups) == 0 || !pickups[0].ShipmentID.Valid {
		return err
	}
	if p.courier == nil {
		return ErrNotConfigured
	}
	t, err := p.courier.TrackShipment(ctx, p.cfg.Credentials, pickups[0].ShipmentID.Int64)
	if err != nil || !t.Found || t.CurrentStatus == "" {
		return err
	}
	_, err = p.ApplyCourierReport(ctx, CourierReport{CourierOrderID: pickups[0].CourierOrderID.Int64, Status: t.CurrentStatus,
		AWB: t.AWB, CourierName: t.CourierName})
	return err
}

// Unbooked is the approved requests whose pickup the courier has not had for longer than age,
// at most limit: their booking job may have been lost. Errors: Unavailable.
func (p *Pickups) Unbooked(ctx context.Context, age time.Duration, limit int) ([]string, error) {
	return p.returns.store.q.ApprovedWithoutPickup(ctx, returnsdb.ApprovedWithoutPickupParams{Cutoff: time.Now().Add(-age), MaxRows: int32(limit)})
}

// Quiet is the booked pickups on their way whose courier has said nothing for longer than
// age, at most limit: they are tracked. Errors: Unavailable.
func (p *Pickups) Quiet(ctx context.Context, age time.Duration, limit int) ([]string, error) {
	return p.returns.store.q.PickupsToTrack(ctx, returnsdb.PickupsToTrackParams{Cutoff: time.Now().Add(-age), MaxRows: int32(limit)})
}

// pickupOf is pk as the request shows it.
func pickupOf(pk returnsdb.ReturnPickup) *Pickup {
	out := &Pickup{AWB: pk.Awb, CourierName: pk.CourierName, CourierStatus: pk.CourierStatus, BookedAt: pk.BookedAt, Error: pk.Error}
	if pk.Awb != "" {
		out.TrackURL = "https://shiprocket.co/tracking/" + pk.Awb
	}
	return out
}
