package order

// Exchange orders (issue 18): the new parcel of a size exchange is an order of its own, a
// child of the original (parent_order_id), numbered after it (<number>-X1, -X2…). An order
// carries one courier shipment (its push, tracking and webhooks key on the order number), so
// the child goes through them unchanged and keeps its own timeline and delivery. Its stock is
// the size the exchange held when it was asked: placing it takes none. It is never
// tax-invoiced: the replacement is no new sale (see README, "The exchange's new parcel").

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"drape/internal/cart"
	"drape/internal/catalog"
	"drape/internal/order/orderdb"
	"drape/internal/outbox"
	"drape/internal/shop"
	"drape/jobs"
)

// Replacement is the new parcel of an exchange: some of an order's items in other sizes, at
// no charge or for a fee the courier collects on delivery.
type Replacement struct {
	ParentID string // the original order's id
	// Key makes it once: the exchange request's id. A second placement with the same key
	// answers the order the first made.
	Key string
	// Ref is what the child's timeline names it after (the exchange request's number).
	Ref   string
	Lines []ReplacementLine
	Fee   shop.Money // what the shopper pays for it (0: nothing)
}

// ReplacementLine is one line of a Replacement: the parent's item (its index), the size it
// ships in and how many.
type ReplacementLine struct {
	Item     int
	Size     string
	Quantity int
}

// OrderLink is an order linked to another as the order views show it: an exchange's child
// order, or the order a child replaces goods of.
type OrderLink struct {
	ID     string `json:"_id"`
	Number string `json:"orderId"`
	Status Status `json:"orderStatus"`
}

// replacementKey is the idempotency key of the child order of exchange key.
func replacementKey(key string) string { return "exchange:" + key }

// PlaceReplacement writes, in tx, the child order of r.ParentID that ships r's lines: numbered
// <parent number>-X<n> (its short number likewise: #1042-X1), to the parent's delivery address, PENDING, its lines at no charge and
// r.Fee as its only charge (then paid cash on delivery; else it is settled, nothing being
// due), its shipment push queued and an order.created event. The stock it ships is the
// caller's: the units an exchange holds become the child's (stock held), and none is taken.
// A second call with the same Key answers the first child and writes nothing (created false).
// Errors: NotFound 'Order not found'; Invalid for no lines, an item not in the parent, a
// quantity below 1 or above the item's, or an empty size.
func (s *Service) PlaceReplacement(ctx context.Context, tx pgx.Tx, r Replacement) (child Order, created bool, err error) {
	q := s.store.q.WithTx(tx)
	parentRow, err := q.LockOrder(ctx, r.ParentID)
	if err != nil {
		return Order{}, false, notFound(err)
	}
	existing, err := q.OrderByKey(ctx, orderdb.OrderByKeyParams{UserID: parentRow.UserID, IdempotencyKey: replacementKey(r.Key)})
	if err == nil {
		o, err := s.get(ctx, q, existing)
		return o, false, err
	} else if !shop.Is(err, shop.NotFound) {
		return Order{}, false, err
	}
	parent, err := s.get(ctx, q, parentRow)
	if err != nil {
		return Order{}, false, err
	}
	if err := checkReplacement(parent, r); err != nil {
		return Order{}, false, err
	}
	seq, err := q.ChildOrderCount(ctx, pgText(parent.ID))
	if err != nil {
		return Order{}, false, err
	}
	now := s.cfg.Now()
	id, suffix := shop.NewID(), fmt.Sprintf("-X%d", seq+1)
	number, short := parent.Number+suffix, parent.ShortNumber+suffix
	// A fee is collected at the door; a replacement at no charge is settled already.
	mode, payment, shipAs := parent.PaymentMode, Paid, Online
	if r.Fee > 0 {
		mode, payment, shipAs = COD, Unpaid, COD
	}
	lines := make([]cart.Line, len(r.Lines))
	for i, l := range r.Lines {
		it := parent.Items[l.Item]
		// The courier is told what the goods are worth (what was paid for them), and collects
		// only the fee.
		lines[i] = cart.Line{ProductID: it.ProductID, ProductName: it.ProductName, Size: l.Size, Quantity: l.Quantity,
			Price: it.Price, DiscountedPrice: it.DiscountedPrice, Thumbnail: it.Thumbnail,
			Product: catalog.Product{Code: it.SKU, Thumbnail: it.Thumbnail}}
	}
	firm, err := s.company.GetInTx(ctx, tx)
	if err != nil && !shop.Is(err, shop.NotFound) {
		return Order{}, false, err
	}
	addressJSON, err := json.Marshal(parent.Address)
	if err != nil {
		return Order{}, false, err
	}
	shipmentJSON, err := json.Marshal(courierShipment(number, short, shipAs, now, parent.Address, lines, r.Fee, s.cfg.PickupLocation, firm.Name))
	if err != nil {
		return Order{}, false, err
	}
	if err := q.InsertOrder(ctx, orderdb.InsertOrderParams{ID: id, OrderNumber: number, ShortNumber: short, UserID: parent.UserID,
		IdempotencyKey: replacementKey(r.Key), PaymentMode: string(mode), PaymentStatus: string(payment),
		OrderStatus: string(Pending), Shipping: int64(r.Fee), Total: int64(r.Fee), Address: addressJSON, Shipment: shipmentJSON,
		BusinessGstin: parent.BusinessGSTIN, BusinessName: parent.BusinessName, CreatedAt: now}); err != nil {
		return Order{}, false, err
	}
	if err := q.SetParentOrder(ctx, orderdb.SetParentOrderParams{ID: id, ParentOrderID: pgText(parent.ID)}); err != nil {
		return Order{}, false, err
	}
	for i, l := range r.Lines {
		it := parent.Items[l.Item]
		if err := q.InsertLine(ctx, orderdb.InsertLineParams{OrderID: id, Position: int32(i), ProductID: it.ProductID,
			ProductCode: it.SKU, ProductName: it.ProductName, Size: l.Size, Quantity: int32(l.Quantity),
			Thumbnail: it.Thumbnail}); err != nil {
			return Order{}, false, err
		}
	}
	note := "Exchange of order " + parent.Number
	if r.Ref != "" {
		note += " (" + r.Ref + ")"
	}
	if err := q.InsertStep(ctx, orderdb.InsertStepParams{OrderID: id, Status: "PLACED", Note: note, At: &now}); err != nil {
		return Order{}, false, err
	}
	if err := outbox.Enqueue(ctx, tx, jobs.PushShipment(id)); err != nil {
		return Order{}, false, err
	}
	if err := s.announce(ctx, tx, CreatedEvent, id); err != nil {
		return Order{}, false, err
	}
	child, err = s.get(ctx, q, orderdb.Order{ID: id})
	return child, true, err
}

// checkReplacement checks r's lines against the parent order's items.
func checkReplacement(parent Order, r Replacement) error {
	p := shop.Problems{}
	p.Check(len(r.Lines) == 0, "lines", "A replacement ships at least one item")
	for i, l := range r.Lines {
		field := fmt.Sprintf("lines[%d]", i)
		if l.Item < 0 || l.Item >= len(parent.Items) {
			p.Add(field+".item", "Choose an item of order "+parent.Number)
			continue
		}
		p.Check(l.Quantity < 1 || l.Quantity > parent.Items[l.Item].Quantity, field+".quantity",
			fmt.Sprintf("Ship 1 to %d of %s", parent.Items[l.Item].Quantity, parent.Items[l.Item].ProductName))
		p.Check(strings.TrimSpace(l.Size) == "", field+".size", "Choose the size it ships in")
	}
	p.Check(r.Fee < 0, "fee", "The fee cannot be negative")
	return p.Err()
}

// linkOrders fills the parent and child links of orders out, whose rows are rows.
func linkOrders(ctx context.Context, q *orderdb.Queries, rows []orderdb.Order, out []Order) error {
	ids := make([]string, len(rows))
	var parents []string
	for i, r := range rows {
		ids[i] = r.ID
		if r.ParentOrderID.Valid {
			parents = append(parents, r.ParentOrderID.String)
		}
	}
	linked, err := q.LinkedOrders(ctx, orderdb.LinkedOrdersParams{Ids: ids, ParentIds: parents})
	if err != nil || len(linked) == 0 {
		return err
	}
	byID := map[string]OrderLink{}
	children := map[string][]OrderLink{}
	for _, l := range linked {
		link := OrderLink{ID: l.ID, Number: l.OrderNumber, Status: Status(l.OrderStatus)}
		byID[l.ID] = link
		if l.ParentOrderID.Valid {
			children[l.ParentOrderID.String] = append(children[l.ParentOrderID.String], link)
		}
	}
	for i, r := range rows {
		if r.ParentOrderID.Valid {
			if p, ok := byID[r.ParentOrderID.String]; ok {
				out[i].ParentOrder = &p
			}
		}
		out[i].ExchangeOrders = children[r.ID]
	}
	return nil
}
