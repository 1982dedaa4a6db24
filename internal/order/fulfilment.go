package order

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5"

	"drape/internal/gst"
	"drape/internal/invoice"
	"drape/internal/mailqueue"
	"drape/internal/notify"
	"drape/internal/order/orderdb"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
	"drape/internal/shop/event"
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
	ShipmentEvent = event.ShipmentUpdated
	PaymentEvent  = event.PaymentUpdated
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
// (RTO_DELIVERED, RETURNED) returns its stock, once, has its invoice credited in full by a
// credit note, and a paid one is refunded (or its refund requested, as refunds says). Every move is a timeline entry (from, to, who, note) and an
// order.updated event. Errors: Conflict with the allowed statuses.
func (s *Service) transition(ctx context.Context, tx pgx.Tx, row orderdb.Order, to Status, actor, note string, refunds Refunds) error {
	from := Status(row.OrderStatus)
	if !from.CanMove(to) {
		return illegalMove(row.OrderNumber, from, to)
	}
	if row.CodConfirmState == string(CODAwaiting) && to != Canceled {
		return shop.E(shop.Conflict, "Order %s is waiting for its cash-on-delivery confirmation: confirm it first", row.OrderNumber)
	}
	if to == Returned {
		if err := s.checkNoRequests(ctx, tx, row.ID, row.OrderNumber); err != nil {
			return err
		}
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
	now := s.cfg.Now()
	if err := q.InsertMove(ctx, orderdb.InsertMoveParams{OrderID: row.ID, Status: string(to), Note: note,
		FromStatus: string(from), Actor: actor, At: &now}); err != nil {
		return err
	}
	if back {
		// The goods are back whole: their invoice, if any, is credited in full (once).
		reason := "Shipment returned to origin (RTO)"
		if to == Returned {
			reason = "Goods returned"
		}
		if _, err := s.invoices.CreditRemainder(ctx, tx, row.ID, reason); err != nil {
			return err
		}
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
	if to == Delivered && row.ParentOrderID.Valid && s.requests != nil {
		// An exchange's new parcel arrived: its request is done.
		if err := s.requests.ReplacementDelivered(ctx, tx, row.ID); err != nil {
			return err
		}
	}
	// An exchange's new parcel is no new sale: the parent's invoice stands, and none is issued.
	invoiced := !from.HandedOver() && to.HandedOver() && !row.ParentOrderID.Valid
	var o Order
	if invoiced || to == Shipped || to == OutForDelivery || to == Delivered {
		var err error
		if o, err = s.get(ctx, q, row); err != nil {
			return err
		}
	}
	if to == Shipped || to == Delivered {
		shipped := o
		shipped.Status = to
		if err := mailqueue.Queue(ctx, tx, progressMail(shipped, s.cfg.PublicURL)); err != nil {
			return err
		}
	}
	if m, ok := updateMessage(withStatus(o, to), s.cfg.PublicURL); ok {
		if err := notify.Queue(ctx, tx, m); err != nil {
			return err
		}
	}
	if err := s.announce(ctx, tx, UpdatedEvent, row.ID); err != nil {
		return err
	}
	if invoiced {
		// Last: the invoice's serial keeps its series' counter row locked until the commit, so
		// the other hand-overs of the series wait only for this one's invoice rows and commit.
		return s.issueInvoice(ctx, tx, o)
	}
	return nil
}

// issueInvoice issues the GST tax invoice of order o, in tx, as it leaves with the courier:
// its goods at the prices bought, its coupon discount, shipping charge and COD fee (package gst
// taxes fees as composite with the goods), to its delivery address.
func (s *Service) issueInvoice(ctx context.Context, tx pgx.Tx, o Order) error {
	sale := invoice.Sale{OrderID: o.ID, At: s.cfg.Now(), CouponDiscount: o.CouponDiscount,
		Fees: []gst.Fee{{Description: "Shipping", Amount: o.Shipping}, {Description: "Cash on delivery fee", Amount: o.CODFee}},
		Buyer: invoice.Party{Name: strings.TrimSpace(o.Address.FirstName + " " + o.Address.LastName),
			Address: joinAddress(strings.Join(nonEmpty(o.Address.Address1, o.Address.Address2, o.Address.City, o.Address.State,
				o.Address.Pincode), ", "), o.Address.Landmark), State: o.Address.State},
		BuyerGSTIN: o.BusinessGSTIN, OrderNumber: o.Number, Email: o.Address.Email, Greeting: o.Address.FirstName}
	if o.BusinessName != "" {
		sale.Buyer.Name = o.BusinessName
	}
	for _, it := range o.Items {
		sale.Lines = append(sale.Lines, invoice.SaleLine{ProductID: it.ProductID, Description: it.ProductName + " (" + it.Size + ")",
			Quantity: it.Quantity, ListPrice: it.Price, UnitPrice: it.DiscountedPrice})
	}
	_, err := s.invoices.Issue(ctx, tx, sale)
	return err
}

// nonEmpty is parts without the empty ones.
func nonEmpty(parts ...string) []string {
	out := parts[:0:0]
	for _, p := range parts {
		if strings.TrimSpace(p) != "" {
			out = append(out, strings.TrimSpace(p))
		}
	}
	return out
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
