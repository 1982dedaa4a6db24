// Package order turns a shopper's cart into an order and keeps it through its life: placing
// (cash on delivery, or online with the stock held until the payment arrives), payment,
// cancellation and expiry, the shopper's order list and tracking.
//
// It guarantees, for every order:
//   - the money is computed by package pricing from the server cart at the moment of placing,
//     never taken from the client, and never changes afterwards;
//   - stock is taken in the same transaction that creates the order, only while enough is
//     left, so no size is ever sold beyond its stock however many checkouts race;
//   - one Idempotency-Key of one shopper makes at most one order (a retry gets the first);
//   - every state change is idempotent: paying a paid order, cancelling a cancelled one, or
//     expiring an order that was paid meanwhile changes nothing;
//   - stock taken by an order goes back exactly once when it is cancelled or expires;
//   - a coupon use is counted once for every order that keeps its discount: a lapsed order
//     paid late comes back only when its coupon can be redeemed again, or it is refunded;
//   - only an admin's action, or the shop's policy (the shopper's own cancel, a late payment,
//     a shipment back at the shop), starts a refund: staff's moves only request one;
//   - its mails, shipment push and realtime events are written to the outbox in the same
//     transaction as the change that causes them.
//
// The files follow the use cases: order.go places, pays, cancels and lists; fulfilment.go
// moves an order through the state machine; courier.go is the courier's side (the shipment
// snapshot, typed by package shipping/shipment, its push, the courier's reports and
// tracking); refund.go gives money back; admin.go is the back office's views; store.go reads
// rows into orders.
package order

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/address"
	"drape/internal/cart"
	"drape/internal/catalog"
	"drape/internal/company"
	"drape/internal/coupon"
	"drape/internal/gst"
	"drape/internal/invoice"
	"drape/internal/mailqueue"
	"drape/internal/notify"
	"drape/internal/order/orderdb"
	"drape/internal/outbox"
	"drape/internal/platform/postgres"
	"drape/internal/pricing"
	"drape/internal/shop"
	"drape/internal/shop/event"
	"drape/jobs"
	"drape/realtime"
)

// Realtime event types of orders (named in the catalogue, package event).
const (
	CreatedEvent = event.OrderCreated
	UpdatedEvent = event.OrderUpdated
)

// errCartChanged: the cart changed between pricing it and locking it (another tab).
var errCartChanged = errors.New("order: the cart changed while placing")

// errPlacedMeanwhile: a concurrent request with the same idempotency key placed the order
// first (the key's unique index refused the second).
var errPlacedMeanwhile = errors.New("order: placed meanwhile under the same key")

// cmpErr is err when there is one, else otherwise.
func cmpErr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}

// Messages a shopper sees (SPEC §5).
const (
	msgEmptyCart     = "Your cart is empty."
	msgSelectAddress = "Please select a shipping address."
	msgNotFound      = "Order not found"
	msgNotCancelable = "This order can no longer be cancelled"
)

// Config is what orders need to know about the deployment.
type Config struct {
	PublicURL      string // links in mails
	PickupLocation string // the courier pickup address nickname
	// UnpaidUnitsPerSize is the most units of one size an order awaiting online payment may
	// hold (an account has one such order at a time: a newer one replaces it).
	UnpaidUnitsPerSize int
	// UnpaidOrdersPerDay is the most online orders an account may leave unpaid in 24 hours.
	UnpaidOrdersPerDay int
	// Now is the clock orders are dated by: when they are placed and move, and their invoices
	// and credit notes (nil: the time now). The demo shop's month of orders sets it.
	Now func() time.Time
}

// Defaults of the limits on stock held by unpaid online orders.
const (
	DefaultUnpaidUnitsPerSize = 5
	DefaultUnpaidOrdersPerDay = 6
)

// Service is the order use cases.
type Service struct {
	pool      *pgxpool.Pool
	store     store
	catalog   *catalog.Service
	carts     *cart.Service
	coupons   *coupon.Service
	addresses *address.Service
	company   *company.Service
	invoices  *invoice.Service
	routes    Routes         // nil: no pincode check (CheckRoutesWith)
	requests  ReturnRequests // nil: no per-piece returns to guard (GuardReturnsWith)
	cfg       Config
}

// NewService makes the order service from the services it builds on.
func NewService(pool *pgxpool.Pool, cfg Config, products *catalog.Service, carts *cart.Service, coupons *coupon.Service,
	addresses *address.Service, companies *company.Service) *Service {
	if cfg.PickupLocation == "" {
		cfg.PickupLocation = "Primary"
	}
	if cfg.UnpaidUnitsPerSize <= 0 {
		cfg.UnpaidUnitsPerSize = DefaultUnpaidUnitsPerSize
	}
	if cfg.UnpaidOrdersPerDay <= 0 {
		cfg.UnpaidOrdersPerDay = DefaultUnpaidOrdersPerDay
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{pool: pool, store: store{q: orderdb.New(postgres.Translating(pool))}, catalog: products, carts: carts, coupons: coupons,
		addresses: addresses, company: companies, invoices: invoice.NewService(pool, products, companies).DatedBy(cfg.Now), cfg: cfg}
}

// Quote prices the user's cart as an order with couponCode ("" for none), paid by mode (COD
// adds the COD fee; "" prices it as online), with the shop's shipping fee and the running
// coupon that would take the most off it (BestCoupon). With addressID it
// also says whether the address is delivered to and whether cash on delivery is offered
// there, and why not. Errors: Invalid 'Your cart is empty.', 'Please select a shipping
// address.' and the coupon's messages (see coupon.Service.Check).
func (s *Service) Quote(ctx context.Context, userID, couponCode string, mode Mode, addressID string) (Quote, error) {
	c, err := s.carts.Get(ctx, userID)
	if err != nil {
		return Quote{}, err
	}
	if len(c.Lines) == 0 {
		return Quote{}, shop.E(shop.Invalid, msgEmptyCart)
	}
	first, err := s.firstOrder(ctx, s.store.q, userID)
	if err != nil {
		return Quote{}, err
	}
	firm, err := s.company.Get(ctx)
	if err != nil && !shop.Is(err, shop.NotFound) {
		return Quote{}, err
	}
	q, err := s.quote(ctx, c, couponCode, first, firm.Fees, mode == COD)
	if err != nil {
		return Quote{}, err
	}
	if q.BestCoupon, err = s.bestCoupon(ctx, c, first); err != nil || addressID == "" {
		return q, err
	}
	addr, err := s.addresses.Get(ctx, userID, addressID)
	if shop.Is(err, shop.NotFound) || shop.Is(err, shop.Invalid) {
		return Quote{}, shop.E(shop.Invalid, msgSelectAddress)
	} else if err != nil {
		return Quote{}, err
	}
	r, err := s.route(ctx, addr.Pincode)
	if err != nil {
		return Quote{}, err
	}
	if refused := notServed(r, addr.Pincode); refused != nil {
		q.Undeliverable = refused.Error()
	}
	codTotal := q.Total - q.CODFee + firm.Fees.CODFee
	opt, err := s.codOption(ctx, s.store.q, userID, addr.Pincode, codTotal, firm.CODRules, r)
	if err != nil {
		return Quote{}, err
	}
	q.COD = &opt
	return q, nil
}

// quote prices cart c as an order: the coupon, then the fees (the COD fee when cod).
func (s *Service) quote(ctx context.Context, c cart.Cart, couponCode string, firstOrder bool, fees company.Fees, cod bool) (Quote, error) {
	lines := priceable(c)
	var applied *AppliedCoupon
	var terms *pricing.CouponTerms
	if strings.TrimSpace(couponCode) != "" {
		cp, err := s.coupons.Check(ctx, couponCode, pricing.Sum(lines, nil).Subtotal, firstOrder)
		if err != nil {
			return Quote{}, err
		}
		applied, terms = &AppliedCoupon{Code: cp.Code, Discount: cp.Discount, MaxDiscount: cp.MaxDiscount, id: cp.ID, firstTime: cp.FirstTime}, cp.Terms()
	}
	t := pricing.Sum(lines, terms).Charge(pricing.Fees{FreeShippingAbove: fees.FreeShippingAbove, Shipping: fees.ShippingFee, COD: fees.CODFee}, cod)
	return Quote{CODFee: t.CODFee, Fees: fees, Lines: c.Lines, Subtotal: t.Subtotal, ListTotal: t.List, ProductDiscount: t.ProductDiscount(),
		Coupon: applied, CouponDiscount: t.CouponDiscount, Shipping: t.Shipping, Tax: t.Tax, Total: t.Total,
		TotalItems: t.Items, Blocked: c.Blocked()}, nil
}

// bestCoupon is the running coupon that takes the most off cart c for a shopper who has (first
// false) or has not placed an order, priced by package pricing; nil when none applies. On a
// tie the coupon listed first (the smaller minimum) wins.
func (s *Service) bestCoupon(ctx context.Context, c cart.Cart, first bool) (*BestCoupon, error) {
	running, err := s.coupons.Active(ctx, first)
	if err != nil {
		return nil, err
	}
	lines := priceable(c)
	subtotal := pricing.Sum(lines, nil).Subtotal
	var best *BestCoupon
	for _, cp := range running {
		if !cp.Eligible || subtotal < cp.MinimumAmount {
			continue
		}
		saving := pricing.Sum(lines, cp.Terms()).CouponDiscount
		if saving > 0 && (best == nil || saving > best.Saving) {
			best = &BestCoupon{Code: cp.Code, Discount: cp.Discount, Saving: saving}
		}
	}
	return best, nil
}

// Coupons lists the active coupons with whether the user may use them ("" for a guest, who
// sees first-order coupons as usable).
func (s *Service) Coupons(ctx context.Context, userID string) ([]coupon.Coupon, error) {
	first := true
	if userID != "" {
		var err error
		if first, err = s.firstOrder(ctx, s.store.q, userID); err != nil {
			return nil, err
		}
	}
	return s.coupons.Active(ctx, first)
}

// Place turns the user's server cart into an order, in one transaction: the cart is priced
// now, the coupon checked and counted, each size's stock taken while enough is left, and the
// order written with its lines as snapshots. A cash-on-delivery order is placed at once (its
// lines leave the cart, its confirmation mail and shipment push are queued); an online order
// waits for its payment for PaymentWindow, holding the stock, and keeps the cart until paid.
// Placing cancels the user's other orders still waiting for payment (their stock goes back).
// The same IdempotencyKey returns the order it made first, with replayed true.
//
// Errors: Invalid 'Your cart is empty.', 'Please select a shipping address.' and the
// coupon's messages; Conflict 'Company details not added', a pincode the courier does not
// serve, cash on delivery the shop's rules refuse (a blocked or prepaid-only pincode, above
// the COD cap, an account over the RTO limit), the first line stock cannot
// cover ('Only 2 left in size M of Slim Shirt'), and for an online order a line over
// Config.UnpaidUnitsPerSize; TooMany when the shopper left Config.UnpaidOrdersPerDay online
// orders unpaid in the last 24 hours; nothing changes on any error.
func (s *Service) Place(ctx context.Context, p Placement) (o Order, replayed bool, err error) {
	if p.Mode != COD && p.Mode != Online {
		return Order{}, false, shop.E(shop.Invalid, "Choose cash on delivery (cod) or online payment (online)")
	}
	if p.IdempotencyKey == "" {
		p.IdempotencyKey = shop.NewID()
	}
	if len(p.IdempotencyKey) > 100 {
		return Order{}, false, shop.E(shop.Invalid, "Idempotency-Key must be at most 100 characters")
	}
	if !shop.IsID(p.AddressID) {
		return Order{}, false, shop.E(shop.Invalid, msgSelectAddress)
	}
	p.BusinessGSTIN, p.BusinessName = gst.NormalGSTIN(p.BusinessGSTIN), strings.TrimSpace(p.BusinessName)
	if err := checkBusiness(p); err != nil {
		return Order{}, false, err
	}
	addr, err := s.addresses.Get(ctx, p.UserID, p.AddressID)
	if err != nil {
		if shop.Is(err, shop.NotFound) {
			return Order{}, false, shop.E(shop.Invalid, msgSelectAddress)
		}
		return Order{}, false, err
	}
	firm, err := s.company.Get(ctx)
	if err != nil {
		if shop.Is(err, shop.NotFound) {
			return Order{}, false, shop.E(shop.Conflict, company.NotSetUp)
		}
		return Order{}, false, err
	}
	route, err := s.route(ctx, addr.Pincode)
	if err != nil {
		return Order{}, false, err
	}
	if err := notServed(route, addr.Pincode); err != nil {
		return Order{}, false, err
	}

	// Everything that reads through the pool happens before the transaction: a transaction
	// holding row locks must never wait for a second connection, or a burst of checkouts
	// could exhaust the pool while each waits for the next.
	var id string
	var made *Order
	for attempt := 1; ; attempt++ {
		c, quote, err := s.prepare(ctx, p, firm)
		if err == nil && p.Mode == COD {
			var opt CODOption
			if opt, err = s.codOption(ctx, s.store.q, p.UserID, addr.Pincode, quote.Total, firm.CODRules, route); err == nil && !opt.Available {
				err = &shop.Error{Kind: shop.Conflict, Message: opt.Reason, Fields: map[string]string{"paymentMode": opt.Reason}}
			}
		}
		if err != nil {
			// The same attempt may have just been placed by a concurrent retry, which
			// emptied the cart: answer that order rather than 'Your cart is empty.'.
			if existing, keyErr := s.store.q.OrderByKey(ctx, orderdb.OrderByKeyParams{UserID: p.UserID, IdempotencyKey: p.IdempotencyKey}); keyErr == nil {
				o, err := s.get(ctx, s.store.q, existing)
				return o, true, err
			}
			return Order{}, false, err
		}
		err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
			replayed, made = false, nil
			q := s.store.q.WithTx(tx)
			// The cart's rows are locked first: two placements of one cart (the same key
			// sent twice, or two tabs) queue here, and the second sees what the first did.
			held, err := s.carts.Lock(ctx, tx, p.UserID)
			if err != nil {
				return err
			}
			if !c.Same(held) {
				return errCartChanged
			}
			rivals, err := q.PlacementRivals(ctx, orderdb.PlacementRivalsParams{UserID: p.UserID, IdempotencyKey: p.IdempotencyKey})
			if err != nil {
				return err
			}
			for _, r := range rivals {
				if r.IdempotencyKey == p.IdempotencyKey {
					id, replayed = r.ID, true
					return nil
				}
			}
			if p.Mode == Online {
				if err := s.checkUnpaid(ctx, q, p); err != nil {
					return err
				}
			}
			// The orders this one replaces go first, giving their coupon uses back, so they
			// never count against their replacement.
			for _, r := range rivals {
				if err := s.cancel(ctx, tx, r, PaymentFailed, "A newer order replaced it", ActorShopper, false, StartRefunds); err != nil {
					return err
				}
			}
			if quote.Coupon != nil {
				if err := s.coupons.Redeem(ctx, tx, quote.Coupon.id); err != nil {
					return err
				}
				// Checked after the use is counted: counting it locks the coupon's row, so a
				// late payment reinstating another order with it has committed or waits.
				if quote.Coupon.firstTime {
					if live, err := q.HasLiveOrder(ctx, orderdb.HasLiveOrderParams{UserID: p.UserID}); err != nil || live {
						return cmpErr(err, shop.E(shop.Invalid, "This coupon is for your first order only"))
					}
				}
			}
			id = shop.NewID()
			short, err := q.NextShortNumber(ctx)
			if err != nil {
				return err
			}
			var writes postgres.Writes
			o, err := s.insert(ctx, &writes, id, short, p, addr, firm, c, quote)
			if err != nil {
				return err
			}
			if err := writes.Send(ctx, tx); err != nil {
				if isDuplicateKey(err) {
					return errPlacedMeanwhile
				}
				return err
			}
			made = o
			return s.catalog.TakeStock(ctx, tx, stockChanges(c.Lines))
		})
		if errors.Is(err, errPlacedMeanwhile) {
			existing, keyErr := s.store.q.OrderByKey(ctx, orderdb.OrderByKeyParams{UserID: p.UserID, IdempotencyKey: p.IdempotencyKey})
			if keyErr != nil {
				return Order{}, false, keyErr
			}
			id, replayed, made, err = existing.ID, true, nil, nil
		}
		if errors.Is(err, errCartChanged) && attempt < 3 {
			continue
		}
		if errors.Is(err, errCartChanged) {
			return Order{}, false, shop.E(shop.Conflict, "Your cart changed while ordering. Please review it and try again.")
		}
		if err != nil {
			return Order{}, false, err
		}
		break
	}
	if made != nil {
		return *made, false, nil
	}
	o, err = s.byID(ctx, id)
	return o, replayed, err
}

// prepare prices the user's cart as an order (outside any transaction). Errors as Place's.
func (s *Service) prepare(ctx context.Context, p Placement, firm company.Company) (cart.Cart, Quote, error) {
	c, err := s.carts.Get(ctx, p.UserID)
	if err != nil {
		return cart.Cart{}, Quote{}, err
	}
	if len(c.Lines) == 0 {
		return cart.Cart{}, Quote{}, shop.E(shop.Invalid, msgEmptyCart)
	}
	if err := blocked(c); err != nil {
		return cart.Cart{}, Quote{}, err
	}
	if p.Mode == Online {
		for _, l := range c.Lines {
			if l.Quantity > s.cfg.UnpaidUnitsPerSize {
				return cart.Cart{}, Quote{}, shop.E(shop.Conflict, "While paying online you can hold at most %d of one size. Lower the quantity of size %s of %s, or choose cash on delivery.",
					s.cfg.UnpaidUnitsPerSize, l.Size, l.ProductName)
			}
		}
	}
	first := false
	if strings.TrimSpace(p.CouponCode) != "" {
		if first, err = s.firstOrder(ctx, s.store.q, p.UserID); err != nil {
			return cart.Cart{}, Quote{}, err
		}
	}
	quote, err := s.quote(ctx, c, p.CouponCode, first, firm.Fees, p.Mode == COD)
	return c, quote, err
}

// insert queues the writes of a new order numbered short for people: the order, its lines, its
// first steps and its side effects. It reads nothing, so all of them go to PostgreSQL in one round trip.
func (s *Service) insert(ctx context.Context, w *postgres.Writes, id, short string, p Placement, addr address.Address, firm company.Company, c cart.Cart, quote Quote) (*Order, error) {
	q := orderdb.New(w)
	now := s.cfg.Now()
	number := newNumber(now)
	snapshot := Address{FirstName: addr.FirstName, LastName: addr.LastName, Address1: addr.Address1, Address2: addr.Address2,
		City: addr.City, State: addr.State, Pincode: addr.Pincode, Email: addr.Email, Phone: addr.Phone,
		Landmark: addr.Landmark, Country: addr.Country}
	addressJSON, err := json.Marshal(snapshot)
	if err != nil {
		return nil, err
	}
	shipmentJSON, err := json.Marshal(courierShipment(number, short, p.Mode, now, snapshot, c.Lines, quote.Total, s.cfg.PickupLocation, firm.Name))
	if err != nil {
		return nil, err
	}
	status, payment := Pending, Unpaid
	var expires *time.Time
	if p.Mode == Online {
		status, payment = AwaitingPayment, PaymentDue
		at := now.Add(PaymentWindow)
		expires = &at
	}
	couponCode := ""
	if quote.Coupon != nil {
		couponCode = quote.Coupon.Code
	}
	params := orderdb.InsertOrderParams{ID: id, OrderNumber: number, ShortNumber: short, UserID: p.UserID,
		IdempotencyKey: p.IdempotencyKey, PaymentMode: string(p.Mode), PaymentStatus: string(payment),
		OrderStatus: string(status), ListTotal: int64(quote.ListTotal), Subtotal: int64(quote.Subtotal),
		CouponCode: couponCode, CouponDiscount: int64(quote.CouponDiscount), Shipping: int64(quote.Shipping), CodFee: int64(quote.CODFee),
		Tax: int64(quote.Tax), Total: int64(quote.Total), Address: addressJSON, Shipment: shipmentJSON, ExpiresAt: expires,
		BusinessGstin: p.BusinessGSTIN, BusinessName: p.BusinessName, CreatedAt: now}
	if err := q.InsertOrder(ctx, params); err != nil {
		return nil, err
	}
	// The order as written, kept to answer with instead of reading it back.
	row := orderdb.Order{ID: id, OrderNumber: number, ShortNumber: short, UserID: p.UserID, IdempotencyKey: p.IdempotencyKey,
		PaymentMode: params.PaymentMode, PaymentStatus: params.PaymentStatus, OrderStatus: params.OrderStatus,
		ListTotal: params.ListTotal, Subtotal: params.Subtotal, CouponCode: couponCode, CouponDiscount: params.CouponDiscount,
		Shipping: params.Shipping, CodFee: params.CodFee, Tax: params.Tax, Total: params.Total, Address: addressJSON, Shipment: shipmentJSON,
		StockHeld: true, ExpiresAt: expires, CreatedAt: now, UpdatedAt: now, BusinessGstin: p.BusinessGSTIN, BusinessName: p.BusinessName}
	written := make([]orderdb.OrderLine, 0, len(c.Lines))
	for i, l := range c.Lines {
		sale, saleDiscount := "", 0
		if len(l.Product.Sale) > 0 {
			sale, saleDiscount = l.Product.Sale[0].Name, l.Product.Sale[0].Discount
		}
		line := orderdb.InsertLineParams{OrderID: id, Position: int32(i), ProductID: l.ProductID,
			ProductCode: l.Product.Code, ProductName: l.ProductName, Size: l.Size, Quantity: int32(l.Quantity),
			ListPrice: int64(l.Price), Discount: int32(l.Discount), SaleName: sale, SaleDiscount: int32(saleDiscount),
			UnitPrice: int64(l.DiscountedPrice), LineTotal: int64(l.Total), Thumbnail: l.Thumbnail}
		if err := q.InsertLine(ctx, line); err != nil {
			return nil, err
		}
		written = append(written, orderdb.OrderLine(line))
	}
	if err := q.InsertStep(ctx, orderdb.InsertStepParams{OrderID: id, Status: "PLACED", At: &now}); err != nil {
		return nil, err
	}
	if p.Mode == Online {
		if err := q.InsertStep(ctx, orderdb.InsertStepParams{OrderID: id, Status: "AWAITING_PAYMENT", At: &now}); err != nil {
			return nil, err
		}
		return nil, publishRow(ctx, w, CreatedEvent, row)
	}
	if err := s.carts.Ordered(ctx, w, p.UserID, wants(c.Lines)); err != nil {
		return nil, err
	}
	o, err := fromRow(row, written, []orderdb.OrderEvent{{OrderID: id, Status: "PLACED", At: now}})
	if err != nil {
		return nil, err
	}
	if waiting, err := s.awaitCODConfirmation(ctx, w, &o, firm); err != nil || waiting {
		return &o, err
	}
	return &o, s.queueConfirmation(ctx, w, o, CreatedEvent)
}

// confirm queues what follows order id becoming real (paid, or placed cash on delivery): the
// confirmation mail, the shipment push and the realtime event.
func (s *Service) confirm(ctx context.Context, tx pgx.Tx, id string, event event.Name) error {
	o, err := s.get(ctx, s.store.q.WithTx(tx), orderdb.Order{ID: id})
	if err != nil {
		return err
	}
	return s.queueConfirmation(ctx, tx, o, event)
}

// queueConfirmation writes confirm's side effects for o in tx.
func (s *Service) queueConfirmation(ctx context.Context, db postgres.DB, o Order, event event.Name) error {
	if err := mailqueue.Queue(ctx, db, confirmationMail(o, s.cfg.PublicURL)); err != nil {
		return err
	}
	if err := notify.Queue(ctx, db, placedMessage(o, s.cfg.PublicURL)); err != nil {
		return err
	}
	if err := outbox.Enqueue(ctx, db, jobs.PushShipment(o.ID)); err != nil {
		return err
	}
	data := orderEventData(o.Number, o.ID, string(o.Status), string(o.PaymentStatus), string(o.PaymentMode), o.Amount, o.NotAddOrder, o.Courier.AWB)
	if o.CODConfirmation != nil {
		data.CODConfirmation = string(o.CODConfirmation.State)
	}
	return publishOrder(ctx, db, event, o.UserID, data)
}

// AttachGatewayOrder records the payment gateway's order for an online order (once).
func (s *Service) AttachGatewayOrder(ctx context.Context, id, gatewayOrderID string) error {
	_, err := s.store.q.SetGatewayOrder(ctx, orderdb.SetGatewayOrderParams{ID: id, GatewayOrderID: pgText(gatewayOrderID)})
	return err
}

// Payment is a payment the gateway reports for one of our orders.
type Payment struct {
	GatewayOrderID string
	PaymentID      string
	Signature      string
	Amount         shop.Money // 0 when the report does not say (a verified checkout callback)
}

// MarkPaid records that the order with the payment's gateway order was paid. Waiting orders
// become PENDING: their lines leave the cart, the confirmation mail and the shipment push are
// queued. An order that expired or was cancelled before the money arrived takes its stock
// again when it is still there; otherwise the payment is refunded. A paid order stays as it
// is (changed false), so a callback racing a webhook confirms once. Errors: NotFound for an
// unknown gateway order, Conflict when the amount paid is not the order's total.
func (s *Service) MarkPaid(ctx context.Context, pay Payment) (o Order, changed bool, err error) {
	var id string
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		changed = false
		q := s.store.q.WithTx(tx)
		row, err := q.LockOrderByGateway(ctx, pgText(pay.GatewayOrderID))
		if err != nil {
			return err
		}
		id = row.ID
		if row.PaymentStatus == string(Paid) || row.PaymentStatus == string(RefundPending) || row.PaymentStatus == string(Refunded) {
			return nil
		}
		if pay.Amount != 0 && pay.Amount != shop.Money(row.Total) {
			return shop.E(shop.Conflict, "Payment of %s does not match the order total %s", pay.Amount, shop.Money(row.Total))
		}
		changed = true
		current, err := s.get(ctx, q, row)
		if err != nil {
			return err
		}
		switch Status(row.OrderStatus) {
		case AwaitingPayment:
			err = q.SetPaid(ctx, orderdb.SetPaidParams{ID: id, PaymentID: pay.PaymentID, PaymentSignature: pay.Signature,
				OrderStatus: string(Pending), StockHeld: true})
			if err == nil {
				err = s.carts.Ordered(ctx, tx, row.UserID, itemWants(current.Items))
			}
		case Canceled:
			return s.paidAfterCancel(ctx, tx, current, pay)
		default:
			err = q.SetPaid(ctx, orderdb.SetPaidParams{ID: id, PaymentID: pay.PaymentID, PaymentSignature: pay.Signature,
				OrderStatus: row.OrderStatus, StockHeld: row.StockHeld})
		}
		if err != nil {
			return err
		}
		if err := q.InsertStep(ctx, orderdb.InsertStepParams{OrderID: id, Status: "PAID", Note: pay.PaymentID}); err != nil {
			return err
		}
		return s.confirm(ctx, tx, id, UpdatedEvent)
	})
	if err != nil {
		if shop.Is(err, shop.NotFound) {
			return Order{}, false, shop.E(shop.NotFound, msgNotFound)
		}
		return Order{}, false, err
	}
	o, err = s.byID(ctx, id)
	return o, changed, err
}

// paidAfterCancel handles money that arrived for a cancelled order (abandoned, replaced by a
// newer one, or expired): the order comes back to life as paid only when its stock can still
// be taken and its coupon, if it had one, can be used again — its use counted anew, within
// the coupon's limit, and a first-order coupon only while the shopper has no other live
// order (one awaiting payment included). Otherwise the order stays cancelled, the payment is
// refunded in full and the shopper is told why: an order never keeps a discount whose use is
// not counted.
func (s *Service) paidAfterCancel(ctx context.Context, tx pgx.Tx, o Order, pay Payment) error {
	q := s.store.q.WithTx(tx)
	savepoint, err := tx.Begin(ctx)
	if err != nil {
		return err
	}
	refusal := "the size you ordered sold out meanwhile"
	err = s.catalog.TakeStock(ctx, savepoint, itemChanges(o.Items))
	if err == nil && o.CouponCode != "" {
		var why *shop.Error
		if err = s.reclaimCoupon(ctx, savepoint, o); errors.As(err, &why) && why.Kind == shop.Invalid {
			refusal = fmt.Sprintf("coupon %s could no longer be used on it (%s)", o.CouponCode,
				strings.TrimSuffix(strings.ToLower(why.Message[:1])+why.Message[1:], "."))
			err = shop.Wrap(shop.Conflict, err, refusal)
		}
	}
	if err == nil {
		if err := savepoint.Commit(ctx); err != nil {
			return err
		}
		if err := q.SetPaid(ctx, orderdb.SetPaidParams{ID: o.ID, PaymentID: pay.PaymentID, PaymentSignature: pay.Signature,
			OrderStatus: string(Pending), StockHeld: true}); err != nil {
			return err
		}
		if err := q.InsertStep(ctx, orderdb.InsertStepParams{OrderID: o.ID, Status: "PAID", Note: "Payment arrived after the order lapsed; reinstated"}); err != nil {
			return err
		}
		if err := s.carts.Ordered(ctx, tx, o.UserID, itemWants(o.Items)); err != nil {
			return err
		}
		return s.confirm(ctx, tx, o.ID, UpdatedEvent)
	} else if !shop.Is(err, shop.Conflict) {
		return err
	}
	if err := savepoint.Rollback(ctx); err != nil {
		return err
	}
	if err := q.SetPaid(ctx, orderdb.SetPaidParams{ID: o.ID, PaymentID: pay.PaymentID, PaymentSignature: pay.Signature,
		OrderStatus: string(Canceled), StockHeld: false}); err != nil {
		return err
	}
	if err := s.startRefund(ctx, tx, o.ID, "Payment arrived after the order lapsed, and "+refusal, ActorSystem); err != nil {
		return err
	}
	o.PaymentStatus = RefundPending
	if err := mailqueue.Queue(ctx, tx, cancellationMail(o, "your payment arrived after the order had lapsed, and "+refusal)); err != nil {
		return err
	}
	return s.announce(ctx, tx, UpdatedEvent, o.ID)
}

// reclaimCoupon counts again the use of the coupon of cancelled order o, which is being
// reinstated, in db (the reinstatement's savepoint). Errors: Invalid with the coupon's
// message when it was deactivated or used up meanwhile, or is a first-order coupon and the
// shopper has another live order.
func (s *Service) reclaimCoupon(ctx context.Context, db pgx.Tx, o Order) error {
	firstTime, err := s.coupons.RedeemCode(ctx, db, o.CouponCode)
	if err != nil || !firstTime {
		return err
	}
	live, err := s.store.q.WithTx(db).HasLiveOrder(ctx, orderdb.HasLiveOrderParams{UserID: o.UserID, ExceptID: o.ID})
	if err != nil || live {
		return cmpErr(err, shop.E(shop.Invalid, "This coupon is for your first order only"))
	}
	return nil
}

// checkUnpaid refuses a new online order when the shopper has left too many online orders
// unpaid in the last day (the one a retry of p would answer excepted), so that nobody can
// keep stock held by starting payment after payment. Errors: TooMany.
func (s *Service) checkUnpaid(ctx context.Context, q *orderdb.Queries, p Placement) error {
	n, err := q.CountUnpaidOnline(ctx, orderdb.CountUnpaidOnlineParams{UserID: p.UserID, Since: time.Now().Add(-24 * time.Hour),
		IdempotencyKey: p.IdempotencyKey})
	if err != nil {
		return err
	}
	if n >= int64(s.cfg.UnpaidOrdersPerDay) {
		return shop.E(shop.TooMany, "You have left %d online payments unfinished in the last 24 hours. Pay for your open order, choose cash on delivery, or try again tomorrow.", n)
	}
	return nil
}

// MarkPaymentFailed records a failed payment attempt on an order waiting for payment. The
// order keeps waiting (the shopper may try again) until it is paid, abandoned or expires.
func (s *Service) MarkPaymentFailed(ctx context.Context, gatewayOrderID, reason string) error {
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		row, err := q.LockOrderByGateway(ctx, pgText(gatewayOrderID))
		if err != nil {
			return err
		}
		if row.OrderStatus != string(AwaitingPayment) || row.PaymentStatus == string(Paid) {
			return nil
		}
		if err := q.SetStatus(ctx, orderdb.SetStatusParams{ID: row.ID, OrderStatus: row.OrderStatus, PaymentStatus: string(PaymentFailed),
			StockHeld: row.StockHeld, CancelReason: row.CancelReason, PaymentError: truncate(reason, 200), ExpiresAt: row.ExpiresAt}); err != nil {
			return err
		}
		if err := q.InsertStep(ctx, orderdb.InsertStepParams{OrderID: row.ID, Status: "PAYMENT_FAILED", Note: truncate(reason, 200)}); err != nil {
			return err
		}
		return s.announce(ctx, tx, UpdatedEvent, row.ID)
	})
}

// Abandon cancels the user's order number that is still waiting for payment (the shopper
// closed the payment window): its stock goes back. Abandoning a cancelled order changes
// nothing. Errors: NotFound 'Order not found'; Conflict when the order was paid meanwhile or
// is not waiting for an online payment (nothing changes).
func (s *Service) Abandon(ctx context.Context, userID, number, reason string) (Order, error) {
	row, err := s.store.q.OrderOfUser(ctx, orderdb.OrderOfUserParams{OrderNumber: number, UserID: userID})
	if err != nil {
		return Order{}, notFound(err)
	}
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		locked, err := s.store.q.WithTx(tx).LockOrder(ctx, row.ID)
		if err != nil {
			return err
		}
		switch {
		case locked.PaymentStatus == string(Paid) || locked.PaymentStatus == string(RefundPending) || locked.PaymentStatus == string(Refunded):
			return shop.E(shop.Conflict, "Order %s has been paid, so it was not cancelled.", locked.OrderNumber)
		case locked.OrderStatus == string(Canceled):
			return nil
		case locked.OrderStatus != string(AwaitingPayment):
			return shop.E(shop.Conflict, "Order %s is not waiting for an online payment, so it was not cancelled.", locked.OrderNumber)
		}
		return s.cancel(ctx, tx, locked, PaymentFailed, orDefaultReason(reason, "Payment was not completed"), ActorShopper, false, StartRefunds)
	})
	if err != nil {
		return Order{}, err
	}
	return s.byID(ctx, row.ID)
}

// Cancel is the shopper cancelling their order number before it ships: its stock goes back,
// its coupon use is returned, and a paid order's refund is queued at once (the shop's policy
// for an order that has not shipped: no admin needs to confirm it). Cancelling a cancelled
// order changes nothing. Errors: NotFound 'Order not found', Conflict 'This order can no
// longer be cancelled' once it has shipped.
func (s *Service) Cancel(ctx context.Context, userID, number string) (Order, error) {
	row, err := s.store.q.OrderOfUser(ctx, orderdb.OrderOfUserParams{OrderNumber: number, UserID: userID})
	if err != nil {
		return Order{}, notFound(err)
	}
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		locked, err := s.store.q.WithTx(tx).LockOrder(ctx, row.ID)
		if err != nil {
			return err
		}
		status := Status(locked.OrderStatus)
		if status == Canceled {
			return nil
		}
		if !status.Cancellable() {
			return shop.E(shop.Conflict, msgNotCancelable)
		}
		payment := PaymentStatus(locked.PaymentStatus)
		if status == AwaitingPayment {
			payment = PaymentFailed
		}
		return s.cancel(ctx, tx, locked, payment, "Cancelled by you", ActorShopper, true, StartRefunds)
	})
	if err != nil {
		return Order{}, err
	}
	return s.byID(ctx, row.ID)
}

// ExpireUnpaid cancels up to limit online orders whose payment window has passed, returning
// their stock, and says how many it cancelled. Several workers may run it at once: each order
// is claimed by one (SKIP LOCKED).
func (s *Service) ExpireUnpaid(ctx context.Context, limit int) (int, error) {
	expired := 0
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		expired = 0
		q := s.store.q.WithTx(tx)
		ids, err := q.ExpiredOrders(ctx, int32(limit))
		if err != nil {
			return err
		}
		for _, id := range ids {
			row, err := q.LockOrder(ctx, id)
			if err != nil {
				return err
			}
			if err := s.cancel(ctx, tx, row, PaymentFailed, "Payment was not received within 30 minutes", ActorSystem, false, StartRefunds); err != nil {
				return err
			}
			expired++
		}
		return nil
	})
	return expired, err
}

// AwaitingPayment lists up to limit orders that have waited for their payment longer than
// age, oldest first, for reconciliation with the gateway.
func (s *Service) AwaitingPayment(ctx context.Context, age time.Duration, limit int) ([]string, error) {
	ids, err := s.store.q.AwaitingOlderThan(ctx, orderdb.AwaitingOlderThanParams{Before: time.Now().Add(-age), MaxOrders: int32(limit)})
	return ids, err
}

// cancel moves a locked order to CANCELED with payment status payment: its held stock goes
// back, its coupon use is returned, a paid order's refund starts (or is requested, as refunds
// says), a shipment the courier has is cancelled there, and (when mail is true) the shopper
// is told.
func (s *Service) cancel(ctx context.Context, tx pgx.Tx, row orderdb.Order, payment PaymentStatus, reason, actor string, mail bool, refunds Refunds) error {
	q := s.store.q.WithTx(tx)
	o, err := s.get(ctx, q, row)
	if err != nil {
		return err
	}
	if row.StockHeld {
		if err := s.catalog.ReturnStock(ctx, tx, itemChanges(o.Items)); err != nil {
			return err
		}
	}
	if row.CouponCode != "" {
		if err := s.coupons.Release(ctx, tx, row.CouponCode); err != nil {
			return err
		}
	}
	if err := q.SetStatus(ctx, orderdb.SetStatusParams{ID: row.ID, OrderStatus: string(Canceled), PaymentStatus: string(payment),
		StockHeld: false, CancelReason: reason, PaymentError: row.PaymentError}); err != nil {
		return err
	}
	now := s.cfg.Now()
	if err := q.InsertMove(ctx, orderdb.InsertMoveParams{OrderID: row.ID, Status: string(Canceled), Note: reason,
		FromStatus: row.OrderStatus, Actor: actor, At: &now}); err != nil {
		return err
	}
	if err := settleCancelledConfirmation(ctx, q, row.ID, actor, reason, now); err != nil {
		return err
	}
	if payment == Paid {
		if err := s.refund(ctx, tx, row.ID, reason, actor, refunds); err != nil {
			return err
		}
	}
	if row.CourierOrderID.Valid {
		if err := outbox.Enqueue(ctx, tx, jobs.CancelShipment(row.ID)); err != nil {
			return err
		}
	}
	if mail {
		o.PaymentStatus = payment
		if payment == Paid {
			o.PaymentStatus = RefundPending
		}
		if err := mailqueue.Queue(ctx, tx, cancellationMail(o, strings.ToLower(reason[:1])+reason[1:])); err != nil {
			return err
		}
	}
	return s.announce(ctx, tx, UpdatedEvent, row.ID)
}

// List is one page of the user's orders, newest first, each with its invoice (null before it is issued).
func (s *Service) List(ctx context.Context, userID string, f Filter, page shop.Page) (Page, error) {
	params := orderdb.OrdersOfUserParams{UserID: userID, Status: string(f.Status), PaymentMode: string(f.Mode),
		PageSize: int32(page.Size), PageOffset: int32(page.Offset())}
	rows, err := s.store.q.OrdersOfUser(ctx, params)
	if err != nil {
		return Page{}, err
	}
	total, err := s.store.q.CountOrdersOfUser(ctx, orderdb.CountOrdersOfUserParams{UserID: userID, Status: params.Status, PaymentMode: params.PaymentMode})
	if err != nil {
		return Page{}, err
	}
	items, err := s.store.load(ctx, s.store.q, rows)
	if err != nil {
		return Page{}, err
	}
	// The shopper's list offers each issued invoice's PDF and its credit notes: read for the
	// whole page at once.
	ids := make([]string, len(items))
	for i := range items {
		ids[i] = items[i].ID
	}
	invoices, err := s.invoices.ForOrders(ctx, ids)
	if err != nil {
		return Page{}, err
	}
	for i := range items {
		items[i].Invoice = InvoiceField{loaded: true, Invoice: invoices[items[i].ID]}
	}
	return Page{Items: items, Page: page.Number, TotalPages: shop.TotalPages(total, page.Size), Total: total}, nil
}

// checkBusiness checks a business buyer's details: a valid GSTIN and a name, both or neither.
func checkBusiness(p Placement) error {
	problems := shop.Problems{}
	if p.BusinessGSTIN != "" {
		if problem := gst.GSTINProblem(p.BusinessGSTIN); problem != "" {
			problems.Add("businessGstin", problem)
		}
	}
	problems.Check(p.BusinessGSTIN != "" && p.BusinessName == "", "businessName", "Enter the business name for its GSTIN")
	problems.Check(p.BusinessGSTIN == "" && p.BusinessName != "", "businessGstin", "Enter the business's GSTIN, or leave the business name empty")
	problems.Check(utf8.RuneCountInString(p.BusinessName) > 120 || strings.ContainsFunc(p.BusinessName, unicode.IsControl),
		"businessName", "Business name must be at most 120 characters, without control characters")
	return problems.Err()
}

// Get is the user's order number, with its invoice. Errors: NotFound 'Order not found' (also
// for another shopper's order).
func (s *Service) Get(ctx context.Context, userID, number string) (Order, error) {
	row, err := s.store.q.OrderOfUser(ctx, orderdb.OrderOfUserParams{OrderNumber: number, UserID: userID})
	if err != nil {
		return Order{}, notFound(err)
	}
	o, err := s.get(ctx, s.store.q, row)
	if err != nil {
		return Order{}, err
	}
	return o, s.withInvoice(ctx, &o)
}

// withInvoice reads o's invoice into it (nil before it is issued).
func (s *Service) withInvoice(ctx context.Context, o *Order) error {
	inv, err := s.invoices.ForOrder(ctx, o.ID)
	o.Invoice = InvoiceField{loaded: true, Invoice: inv}
	return err
}

// ByID is order id, for the worker. Errors: NotFound.
func (s *Service) ByID(ctx context.Context, id string) (Order, error) { return s.byID(ctx, id) }

func (s *Service) byID(ctx context.Context, id string) (Order, error) {
	return s.get(ctx, s.store.q, orderdb.Order{ID: id})
}

// get loads one order with its lines and timeline; row may carry only the id.
func (s *Service) get(ctx context.Context, q *orderdb.Queries, row orderdb.Order) (Order, error) {
	if row.OrderNumber == "" {
		var err error
		if row, err = q.OrderByID(ctx, row.ID); err != nil {
			return Order{}, notFound(err)
		}
	}
	orders, err := s.store.load(ctx, q, []orderdb.Order{row})
	if err != nil {
		return Order{}, err
	}
	return orders[0], nil
}

func (s *Service) firstOrder(ctx context.Context, q *orderdb.Queries, userID string) (bool, error) {
	placed, err := q.HasPlacedOrder(ctx, userID)
	return !placed, err
}

// announce publishes event about order id as it now is in tx.
func (s *Service) announce(ctx context.Context, tx pgx.Tx, event event.Name, id string) error {
	row, err := s.store.q.WithTx(tx).OrderByID(ctx, id)
	if err != nil {
		return err
	}
	return publishRow(ctx, tx, event, row)
}

// publishRow writes event about the order in row.
func publishRow(ctx context.Context, db postgres.DB, event event.Name, row orderdb.Order) error {
	data := orderEventData(row.OrderNumber, row.ID, row.OrderStatus, row.PaymentStatus, row.PaymentMode, shop.Money(row.Total), row.PushFailed, row.Awb)
	data.CODConfirmation = row.CodConfirmState
	return publishOrder(ctx, db, event, row.UserID, data)
}

// publishOrder writes event with data to the shopper's own topic and the admin order boards.
func publishOrder(ctx context.Context, db postgres.DB, event event.Name, userID string, data event.OrderChange) error {
	return outbox.PublishMany(ctx, db, event, []string{realtime.UserTopic(userID), realtime.TopicAdminOrders, realtime.TopicAdminDashboard}, data)
}

// orderEventData is what an order event tells its listeners: enough for an order list to
// patch its row (status, payment, whether the courier has it) without asking again.
func orderEventData(number, id, status, payment, mode string, amount shop.Money, notAdded bool, awb string) event.OrderChange {
	return event.OrderChange{OrderNumber: number, ID: id, OrderStatus: status, PaymentStatus: payment, PaymentMode: mode,
		Amount: amount, NotAdded: notAdded, AWB: awb}
}

// blocked is the first line of c stock cannot cover, as the shopper's Conflict.
func blocked(c cart.Cart) error {
	for _, l := range c.Lines {
		if !l.SoldOut {
			continue
		}
		if l.ProductName == "" {
			return shop.E(shop.Conflict, "A product in your cart is no longer available. Remove it to continue.")
		}
		return catalog.ShortMessage(l.ProductName, l.Size, l.Available)
	}
	return nil
}

func priceable(c cart.Cart) []pricing.Line {
	lines := make([]pricing.Line, 0, len(c.Lines))
	for _, l := range c.Lines {
		if l.ProductName == "" {
			continue
		}
		lines = append(lines, pricing.Line{Quote: pricing.Quote{List: l.Price, Unit: l.DiscountedPrice}, Quantity: l.Quantity})
	}
	return lines
}

func stockChanges(lines []cart.Line) []catalog.StockChange {
	out := make([]catalog.StockChange, len(lines))
	for i, l := range lines {
		out[i] = catalog.StockChange{ProductID: l.ProductID, Name: l.ProductName, Size: l.Size, Quantity: l.Quantity}
	}
	return out
}

func itemChanges(items []Item) []catalog.StockChange {
	out := make([]catalog.StockChange, len(items))
	for i, it := range items {
		out[i] = catalog.StockChange{ProductID: it.ProductID, Name: it.ProductName, Size: it.Size, Quantity: it.Quantity}
	}
	return out
}

func wants(lines []cart.Line) []cart.Want {
	out := make([]cart.Want, len(lines))
	for i, l := range lines {
		out[i] = cart.Want{ProductID: l.ProductID, Size: l.Size, Quantity: l.Quantity}
	}
	return out
}

func itemWants(items []Item) []cart.Want {
	out := make([]cart.Want, len(items))
	for i, it := range items {
		out[i] = cart.Want{ProductID: it.ProductID, Size: it.Size, Quantity: it.Quantity}
	}
	return out
}

func pgText(s string) pgtype.Text { return pgtype.Text{String: s, Valid: s != ""} }

func notFound(err error) error {
	if shop.Is(err, shop.NotFound) {
		return shop.E(shop.NotFound, msgNotFound)
	}
	return err
}

func orDefaultReason(reason, fallback string) string {
	if strings.TrimSpace(reason) == "" {
		return fallback
	}
	return truncate(strings.TrimSpace(reason), 200)
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
