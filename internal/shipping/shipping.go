// Package shipping hands confirmed orders to the courier aggregator (Shiprocket) and brings
// its news back onto the order state machine.
//
// It guarantees that an order reaches the courier at most once however often its push is
// retried or a worker dies mid-push: every push after the first asks the courier for the
// order (by our order number) before creating it. A push that fails for good leaves the order
// flagged for staff ('Not Added on Shiprocket') rather than lost. Status webhooks are trusted
// only with the shared token and applied once, in order (package order dedupes them).
package shipping

import (
	"context"
	"errors"
	"strings"
	"time"

	"drape/internal/order"
	"drape/internal/provider/shiprocket"
	"drape/internal/shipping/shipment"
	"drape/internal/shop"
)

// Courier is what the shop asks of the courier aggregator; *shiprocket.Session is the real one.
type Courier interface {
	CreateAdhoc(ctx context.Context, creds shiprocket.Credentials, o shiprocket.Order) (shiprocket.Created, error)
	FindOrder(ctx context.Context, creds shiprocket.Credentials, channelOrderID string) (shiprocket.Created, bool, error)
	Cancel(ctx context.Context, creds shiprocket.Credentials, ids []int64) error
	TrackShipment(ctx context.Context, creds shiprocket.Credentials, shipmentID int64) (shiprocket.Tracking, error)
}

// Config is the shipping account and where parcels are picked up.
type Config struct {
	Credentials    shiprocket.Credentials
	WebhookToken   string // what the courier's status webhook sends in x-api-key
	PickupLocation string // the pickup address's nickname at the courier
	Reseller       string // the shop's name on the parcel
}

// Service is the shipping use cases.
type Service struct {
	orders   *order.Service
	courier  Courier // nil when no shipping account is configured
	cfg      Config
	observer Observer // nil: nobody else hears the courier's reports
}

// NewService makes the shipping service; courier may be nil (pushes then wait).
func NewService(orders *order.Service, courier Courier, cfg Config) *Service {
	return &Service{orders: orders, courier: courier, cfg: cfg}
}

// ErrNotConfigured is what a push answers when no shipping account is configured: the job
// keeps retrying, and the order is flagged when its retries run out.
var ErrNotConfigured = errors.New("shipping: no Shiprocket account is configured (SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD)")

// Push sends order id to the courier, once: an order the courier has already, or one with
// nothing to ship (cancelled), is done. Errors: Invalid when the courier refuses the order
// (retrying cannot help: see GiveUp); ErrNotConfigured; the courier's temporary errors.
func (s *Service) Push(ctx context.Context, id string) error {
	sh, err := s.orders.StartPush(ctx, id)
	if err != nil || sh.Pushed {
		return err
	}
	if s.courier == nil {
		return ErrNotConfigured
	}
	if sh.Attempt > 1 {
		// An earlier attempt may have got through before its worker died or its answer
		// was lost: ask before creating, so the courier never gets the order twice.
		if found, ok, err := s.courier.FindOrder(ctx, s.cfg.Credentials, sh.Number); err != nil {
			return err
		} else if ok {
			return s.orders.RecordPush(ctx, id, found.OrderID, found.ShipmentID)
		}
	}
	o, err := s.orders.ByID(ctx, id)
	if err != nil {
		return err
	}
	created, err := s.courier.CreateAdhoc(ctx, s.cfg.Credentials, adhoc(o, sh.Body, s.cfg))
	if shiprocket.IsDuplicateOrder(err) {
		found, ok, findErr := s.courier.FindOrder(ctx, s.cfg.Credentials, sh.Number)
		if findErr != nil {
			return findErr
		}
		if ok {
			return s.orders.RecordPush(ctx, id, found.OrderID, found.ShipmentID)
		}
	}
	if err != nil {
		if errors.Is(err, shiprocket.ErrInvalidArgument) || !shiprocket.IsTemporary(err) {
			return shop.Wrap(shop.Invalid, err, "Shiprocket refused the order")
		}
		return err
	}
	return s.orders.RecordPush(ctx, id, created.OrderID, created.ShipmentID)
}

// GiveUp records that order id's push failed for good with cause: staff see the order as not
// added on Shiprocket and can push it again. Errors: NotFound.
func (s *Service) GiveUp(ctx context.Context, id string, cause error) error {
	return s.orders.RecordPushFailure(ctx, id, cause.Error())
}

// CancelAtCourier cancels order id's shipment at the courier (the order was cancelled after
// it was pushed). Errors: the courier's temporary errors; ErrNotConfigured.
func (s *Service) CancelAtCourier(ctx context.Context, id string) error {
	o, err := s.orders.ByID(ctx, id)
	if err != nil || o.Courier.OrderID == 0 || o.Status != order.Canceled {
		return err
	}
	if s.courier == nil {
		return ErrNotConfigured
	}
	return s.courier.Cancel(ctx, s.cfg.Credentials, []int64{o.Courier.OrderID})
}

// Track asks the courier where order id's shipment is and applies what it says, in case a
// status webhook was lost. Errors: the courier's temporary errors; ErrNotConfigured.
func (s *Service) Track(ctx context.Context, id string) error {
	o, err := s.orders.ByID(ctx, id)
	if err != nil || o.Courier.ShipmentID == 0 {
		return err
	}
	if s.courier == nil {
		return ErrNotConfigured
	}
	t, err := s.courier.TrackShipment(ctx, s.cfg.Credentials, o.Courier.ShipmentID)
	if err != nil || !t.Found || t.CurrentStatus == "" {
		return err
	}
	return s.apply(ctx, order.CourierReport{OrderNumber: o.Number, Status: t.CurrentStatus,
		At: latestScan(t), AWB: t.AWB, CourierName: t.CourierName, TrackURL: t.TrackURL, Scan: newestScan(t.Activities, 0)})
}

// newestScan is scans[i] (the courier's newest) as the order keeps it, or nil when there is
// none or its time cannot be read.
func newestScan(scans []shiprocket.Activity, i int) *order.Scan {
	if i < 0 || i >= len(scans) {
		return nil
	}
	at, err := time.ParseInLocation("2006-01-02 15:04:05", scans[i].Date, shiprocket.IST)
	if err != nil || scans[i].Activity == "" {
		return nil
	}
	return &order.Scan{At: at, Activity: scans[i].Activity, Location: scans[i].Location}
}

// latestScan is when the courier's newest scan happened, or now when it does not say.
func latestScan(t shiprocket.Tracking) time.Time {
	if len(t.Activities) > 0 {
		if at, err := time.ParseInLocation("2006-01-02 15:04:05", t.Activities[0].Date, shiprocket.IST); err == nil {
			return at
		}
	}
	return time.Now()
}

// HandleStatusUpdate applies the courier's status webhook with body, sent with apiKey in
// x-api-key. An update about an order that is not ours, or one already applied, changes
// nothing and is no error: the courier only needs to hear 200. Errors: Unauthorized for a
// wrong or missing key; Invalid for a body that is not a status update.
func (s *Service) HandleStatusUpdate(ctx context.Context, apiKey string, body []byte) error {
	if !shiprocket.VerifyWebhookToken(s.cfg.WebhookToken, apiKey) {
		return shop.E(shop.Unauthorized, "Invalid webhook token")
	}
	u, err := shiprocket.ParseStatusUpdate(body)
	if err != nil {
		return shop.Wrap(shop.Invalid, err, "The body is not a shipment status update")
	}
	at, err := u.Time()
	if err != nil {
		at = time.Now()
	}
	err = s.apply(ctx, order.CourierReport{OrderNumber: channelOrderID(u.OrderID), Status: u.CurrentStatus,
		At: at, AWB: u.AWB, CourierName: u.CourierName, TrackURL: trackURL(u.AWB), Scan: newestScan(u.Scans, len(u.Scans)-1),
		ETD: courierETD(u.ETD)})
	if shop.Is(err, shop.NotFound) {
		return nil
	}
	return err
}

// courierETD is the delivery estimate of a status update ("2006-01-02 15:04:05", IST), nil
// when there is none ("NA", empty) or it does not read.
func courierETD(etd string) *time.Time {
	at, err := time.ParseInLocation("2006-01-02 15:04:05", strings.TrimSpace(etd), shiprocket.IST)
	if err != nil {
		return nil
	}
	return &at
}

// channelOrderID is our order number in a webhook's order_id, which Shiprocket may suffix
// ("DRP17…_1").
func channelOrderID(id string) string {
	id = strings.TrimSpace(id)
	if i := strings.LastIndexByte(id, '_'); i > 0 {
		return id[:i]
	}
	return id
}

// trackURL is the public tracking page of an airway bill.
func trackURL(awb string) string {
	if awb == "" {
		return ""
	}
	return "https://shiprocket.co/tracking/" + awb
}

// adhoc is order o as the courier's custom order, from the shipment snapshot body taken when
// it was placed (pickup location, dimensions, weight) and its lines.
func adhoc(o order.Order, body shipment.Snapshot, cfg Config) shiprocket.Order {
	a := o.Address
	items := make([]shiprocket.Item, len(o.Items))
	for i, it := range o.Items {
		items[i] = shiprocket.Item{Name: it.ProductName, SKU: it.SKU + "-" + it.Size, Units: it.Quantity,
			SellingPrice: shiprocket.Paise(it.DiscountedPrice), Discount: shiprocket.Paise(it.Price - it.DiscountedPrice)}
	}
	method := shiprocket.PaymentPrepaid
	if o.PaymentMode == order.COD {
		method = shiprocket.PaymentCOD
	}
	pickup := cfg.PickupLocation
	if body.PickupLocation != "" {
		pickup = body.PickupLocation
	}
	return shiprocket.Order{
		OrderID: o.Number, OrderDate: o.CreatedAt, PickupLocation: pickup,
		Billing: shiprocket.Address{Name: a.FirstName, LastName: a.LastName, Address: a.Address1, Address2: joined(a.Address2, a.Landmark),
			City: a.City, State: a.State, Country: a.Country, Pincode: a.Pincode, Email: a.Email, Phone: a.Phone},
		Items: items, PaymentMethod: method, SubTotal: shiprocket.Paise(o.Amount),
		TotalDiscount: shiprocket.Paise(o.CouponDiscount),
		Length:        body.Length, Breadth: body.Breadth, Height: body.Height,
		Weight: body.Weight, OrderType: shiprocket.OrderTypeEssentials,
		Comment: order.CourierComment(o.ShortNumber, cfg.Reseller), ResellerName: cfg.Reseller,
	}
}

func joined(address2, landmark string) string {
	if landmark == "" {
		return address2
	}
	return strings.TrimSpace(address2 + ", near " + landmark)
}
