// Package returns lets a shopper send back lines of a delivered order, for their money or for
// another size, under the shop's return policy (issue 18). It owns the policy and the requests
// with their lines and steps; it reads orders through order.Service and takes and gives stock
// through catalog.Service, and writes no other domain's tables.
//
// It guarantees, for every request:
//   - only the order's owner asks, only on a DELIVERED order, inside the policy's window for
//     the kind (days after the DELIVERED step of the order's timeline), only for returnable
//     sub-categories, and never for more units of a line than were bought less those its
//     earlier requests (neither rejected nor cancelled) ask for;
//   - the requests of one order are serialised by a transaction-scoped advisory lock on the
//     order's id, in returns' own key space, so two at once never both get the last unit;
//   - an exchange holds the new size's stock in the same transaction as the request, only
//     while stock is left (catalog.TakeStock), so two shoppers racing for the last unit of a
//     size never both hold it;
//   - the request, its first step (REQUESTED), its outbox event (to the shopper's topic and the
//     admin order board) and the shopper's mail commit together or not at all.
//
// The back office (queue.go) lists every request (Service.Queue) and makes staff's first moves
// under the state machine of status.go: a REQUESTED request is APPROVED or REJECTED (with a
// reason), each move in one transaction under the request's row lock with its step (who, note,
// when), a return.updated event and the shopper's mail; a rejected exchange gives its held
// stock back exactly once (its lines' holds are cleared as they are given back). The same move
// again changes nothing and answers the request as it is; a move the machine does not allow
// (backward or sideways) is a Conflict that changes nothing.
//
// The later moves: on approval the worker books a reverse pickup with the courier (pickup.go),
// whose webhooks and tracking move the request to PICKUP_SCHEDULED, PICKED_UP and RECEIVED;
// staff may record the parcel's arrival themselves and check it (qc.go: QC_PASSED or
// QC_FAILED, the latter CLOSED at once by the system). After QC passes, the returned pieces go
// back to stock once; a return is refunded (refund.go: a Razorpay partial refund, or a COD
// payout staff record) and is REFUNDED, and an exchange's held size ships as a child order of
// the original (exchange.go) and the request is EXCHANGED when that parcel is delivered.
// CANCELLED (the shopper withdrawing a request before pickup) is in the state machine, but no
// use case makes it yet. Every step is a row of return_steps, an outbox event and a mail.
package returns

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/catalog"
	"drape/internal/mailqueue"
	"drape/internal/order"
	"drape/internal/outbox"
	"drape/internal/payment"
	"drape/internal/platform/postgres"
	"drape/internal/returns/returnsdb"
	"drape/internal/shop"
	"drape/internal/shop/event"
	"drape/realtime"
)

// RequestedEvent is the realtime event of a new request (named in the catalogue, package event).
const RequestedEvent = event.ReturnRequested

// Config is what returns need to know about the deployment.
type Config struct {
	PublicURL string // links in mails
	// PayoutKey seals COD shoppers' payout details (PayoutKeySize bytes); without it a COD
	// return cannot be asked for.
	PayoutKey []byte
}

// Service is the return use cases.
type Service struct {
	pool    *pgxpool.Pool
	store   store
	orders  *order.Service
	catalog *catalog.Service
	cfg     Config
	// payments refund returns of online orders (UsePayments; the worker's).
	payments *payment.Service
	now      func() time.Time
}

// NewService makes the return service from the services it builds on, and makes orders refuse
// staff's whole-order return of an order that has requests (order.GuardReturnsWith).
func NewService(pool *pgxpool.Pool, cfg Config, orders *order.Service, products *catalog.Service) *Service {
	s := &Service{pool: pool, store: store{q: returnsdb.New(postgres.Translating(pool))}, orders: orders, catalog: products,
		cfg: cfg, now: time.Now}
	orders.GuardReturnsWith(s)
	return s
}

// HasRequests reports, in tx, whether order orderID has requests that were neither rejected nor
// withdrawn (order.ReturnRequests: staff's whole-order return is refused then).
func (s *Service) HasRequests(ctx context.Context, tx pgx.Tx, orderID string) (bool, error) {
	return s.store.q.WithTx(tx).OrderHasRequests(ctx, orderID)
}

// Policy is the return policy now. Errors: Unavailable when the database is.
func (s *Service) Policy(ctx context.Context) (Policy, error) {
	return s.policy(ctx, s.store.q)
}

func (s *Service) policy(ctx context.Context, q *returnsdb.Queries) (Policy, error) {
	row, err := q.Policy(ctx)
	if err != nil {
		return Policy{}, err
	}
	excluded, err := q.ExcludedSubCategories(ctx)
	if err != nil {
		return Policy{}, err
	}
	reasons, err := q.Reasons(ctx)
	if err != nil {
		return Policy{}, err
	}
	subs, err := s.subCategories(ctx)
	if err != nil {
		return Policy{}, err
	}
	p := Policy{ReturnWindowDays: int(row.ReturnWindowDays), ExchangeWindowDays: int(row.ExchangeWindowDays),
		ReturnFee: shop.Money(row.ReturnFee), FreeExchanges: row.FreeExchanges, UpdatedAt: row.UpdatedAt,
		ReturnableSubCategories: []SubCategory{}, NotReturnableSubCategories: []SubCategory{}, Reasons: make([]Reason, len(reasons))}
	for _, sc := range subs {
		if slices.Contains(excluded, sc.ID) {
			p.NotReturnableSubCategories = append(p.NotReturnableSubCategories, sc)
		} else {
			p.ReturnableSubCategories = append(p.ReturnableSubCategories, sc)
		}
	}
	for i, r := range reasons {
		p.Reasons[i] = Reason{Code: r.Code, Label: r.Label, PhotoRequired: r.PhotoRequired}
	}
	return p, nil
}

// subCategories is every sub-category of the catalog, in display order.
func (s *Service) subCategories(ctx context.Context) ([]SubCategory, error) {
	cats, err := s.catalog.Categories(ctx)
	if err != nil {
		return nil, err
	}
	var out []SubCategory
	for _, c := range cats {
		for _, sc := range c.SubCategories {
			out = append(out, SubCategory{ID: sc.ID, Name: sc.CategoryType})
		}
	}
	return out, nil
}

// returnable reports whether products of sub-category id may come back under p.
func (p Policy) returnable(id string) bool {
	return !slices.ContainsFunc(p.NotReturnableSubCategories, func(sc SubCategory) bool { return sc.ID == id })
}

// reason is p's reason with code.
func (p Policy) reason(code string) (Reason, bool) {
	i := slices.IndexFunc(p.Reasons, func(r Reason) bool { return r.Code == code })
	if i < 0 {
		return Reason{}, false
	}
	return p.Reasons[i], true
}

var reasonCode = regexp.MustCompile(`^[a-z0-9_]{1,40}$`)

// SavePolicy changes the return policy: the fields ch sets, the others as they are. Errors:
// Invalid naming each field as the wire spells it: returnWindowDays and exchangeWindowDays 0
// to 90; returnFee ₹0 to ₹1,000; returnableSubCategories existing sub-category ids;
// reasons at least one and at most 20, each with a code of lower-case letters, digits and
// underscores unique among them (reasons[i].code) and a label of 1 to 80 characters
// (reasons[i].label). Nothing changes on any error.
func (s *Service) SavePolicy(ctx context.Context, ch PolicyChange) (Policy, error) {
	subs, err := s.subCategories(ctx)
	if err != nil {
		return Policy{}, err
	}
	p := shop.Problems{}
	window := func(field, name string, days *int) {
		p.Check(days != nil && (*days < 0 || *days > MaxWindowDays), field, fmt.Sprintf("%s window must be 0 to %d days", name, MaxWindowDays))
	}
	window("returnWindowDays", "Return", ch.ReturnWindowDays)
	window("exchangeWindowDays", "Exchange", ch.ExchangeWindowDays)
	p.Check(ch.ReturnFee != nil && (*ch.ReturnFee < 0 || *ch.ReturnFee > MaxReturnFee), "returnFee",
		"Return fee must be ₹0 to "+MaxReturnFee.String())
	var excluded []string
	if ch.ReturnableSubCategories != nil {
		known := map[string]bool{}
		for _, sc := range subs {
			known[sc.ID] = true
		}
		for _, id := range *ch.ReturnableSubCategories {
			p.Check(!known[strings.ToLower(strings.TrimSpace(id))], "returnableSubCategories", "Choose sub-categories of the catalog")
		}
		for _, sc := range subs {
			if !slices.ContainsFunc(*ch.ReturnableSubCategories, func(id string) bool { return strings.EqualFold(strings.TrimSpace(id), sc.ID) }) {
				excluded = append(excluded, sc.ID)
			}
		}
	}
	var reasons []Reason
	if ch.Reasons != nil {
		reasons = checkReasons(p, *ch.Reasons)
	}
	if err := p.Err(); err != nil {
		return Policy{}, err
	}
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		if err := q.LockPolicy(ctx); err != nil {
			return err
		}
		row, err := q.Policy(ctx)
		if err != nil {
			return err
		}
		params := returnsdb.SavePolicyParams{ReturnWindowDays: row.ReturnWindowDays, ExchangeWindowDays: row.ExchangeWindowDays,
			ReturnFee: row.ReturnFee, FreeExchanges: row.FreeExchanges}
		if ch.ReturnWindowDays != nil {
			params.ReturnWindowDays = int32(*ch.ReturnWindowDays)
		}
		if ch.ExchangeWindowDays != nil {
			params.ExchangeWindowDays = int32(*ch.ExchangeWindowDays)
		}
		if ch.ReturnFee != nil {
			params.ReturnFee = int64(*ch.ReturnFee)
		}
		if ch.FreeExchanges != nil {
			params.FreeExchanges = *ch.FreeExchanges
		}
		if err := q.SavePolicy(ctx, params); err != nil {
			return err
		}
		if ch.ReturnableSubCategories != nil {
			if err := q.ClearExcludedSubCategories(ctx); err != nil {
				return err
			}
			if err := q.ExcludeSubCategories(ctx, excluded); err != nil {
				return err
			}
		}
		if ch.Reasons != nil {
			if err := q.ClearReasons(ctx); err != nil {
				return err
			}
			in := returnsdb.InsertReasonsParams{}
			for i, r := range reasons {
				in.Codes, in.Labels = append(in.Codes, r.Code), append(in.Labels, r.Label)
				in.PhotoRequired, in.Positions = append(in.PhotoRequired, r.PhotoRequired), append(in.Positions, int32(i+1))
			}
			return q.InsertReasons(ctx, in)
		}
		return nil
	})
	if err != nil {
		return Policy{}, err
	}
	return s.Policy(ctx)
}

// checkReasons records in p what is wrong with reasons and answers them trimmed.
func checkReasons(p shop.Problems, reasons []Reason) []Reason {
	p.Check(len(reasons) == 0, "reasons", "Offer at least one reason")
	p.Check(len(reasons) > MaxReasons, "reasons", fmt.Sprintf("Offer at most %d reasons", MaxReasons))
	out := make([]Reason, len(reasons))
	seen := map[string]bool{}
	for i, r := range reasons {
		r.Code, r.Label = strings.TrimSpace(r.Code), strings.TrimSpace(r.Label)
		field := fmt.Sprintf("reasons[%d]", i)
		p.Check(!reasonCode.MatchString(r.Code), field+".code", "A reason's code is 1 to 40 lower-case letters, digits or underscores")
		p.Check(seen[r.Code], field+".code", "The code "+r.Code+" is used twice")
		seen[r.Code] = true
		length := utf8.RuneCountInString(r.Label)
		p.Check(length < 1 || length > ReasonLabelChars, field+".label", fmt.Sprintf("A reason's label is 1 to %d characters", ReasonLabelChars))
		p.Check(strings.ContainsFunc(r.Label, unicode.IsControl), field+".label", "A reason's label has characters that are not allowed")
		out[i] = r
	}
	return out
}

// Messages a shopper sees.
const (
	msgNotDelivered = "You can ask for a return or an exchange once your order is delivered"
)

// PhotoFolder is the uploads folder of shoppers' return photos: they are served at
// /uploads/returns/<file>.
const PhotoFolder = "returns"

// photoPath is where an uploaded return photo is served.
var photoPath = regexp.MustCompile(`^/uploads/` + PhotoFolder + `/[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`)

// Ask records a shopper's return or exchange request about their order, in one transaction:
// the request with its lines, its first step (REQUESTED, by the shopper, with their note), for
// an exchange the new sizes' stock held, an outbox event to the shopper's topic and the admin
// order board, and the shopper's mail. Its number is the order number with -R1, -R2…
//
// Errors: NotFound 'Order not found' (also another shopper's order); Invalid naming the field
// for a kind other than return or exchange, no lines, an item not in the order or listed
// twice, a quantity below 1 or above what was bought less what earlier requests ask for, a
// product of a sub-category that cannot be returned, an exchange without another existing
// size of the product (a return with one), an unknown reason, a missing photo when the reason
// needs one, photos not uploaded for returns or more than 5, a note over 500 characters;
// Conflict when the order is not delivered, when the window for the kind has closed, for a
// return of an exchange's new parcel (nothing was paid for it; it may be exchanged again), and
// catalog's message when the size an exchange wants is short ('Size L of Oxford Shirt is sold
// out'). Nothing changes on any error.
func (s *Service) Ask(ctx context.Context, a Ask) (Request, error) {
	a.Note = strings.TrimSpace(a.Note)
	policy, err := s.Policy(ctx)
	if err != nil {
		return Request{}, err
	}
	reason, err := checkAsk(a, policy)
	if err != nil {
		return Request{}, err
	}
	o, err := s.orders.Get(ctx, a.UserID, a.OrderNumber)
	if err != nil {
		return Request{}, err
	}
	if o.ParentOrder != nil && a.Kind == Return {
		// Nothing was paid for an exchange's new parcel: its money is the original order's.
		return Request{}, shop.E(shop.Conflict, "Order %s is the new size of an exchange of order %s: it can be exchanged again, but not returned for a refund",
			o.Number, o.ParentOrder.Number)
	}
	if err := s.checkWindow(o, a.Kind, policy); err != nil {
		return Request{}, err
	}
	lines, err := s.checkLines(ctx, o, a, policy)
	if err != nil {
		return Request{}, err
	}
	fee := policy.ReturnFee
	if a.Kind == Exchange && policy.FreeExchanges {
		fee = 0
	}
	now := s.now()
	id := shop.NewID()
	payout, err := s.sealPayout(o, a, id)
	if err != nil {
		return Request{}, err
	}
	var number string
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		if err := q.LockOrderReturns(ctx, o.ID); err != nil {
			return err
		}
		if err := checkQuantities(ctx, q, o, lines); err != nil {
			return err
		}
		seq, err := q.NextSeq(ctx, o.ID)
		if err != nil {
			return err
		}
		number = fmt.Sprintf("%s-R%d", o.Number, seq)
		photos := a.Photos
		if photos == nil {
			photos = []string{}
		}
		if err := q.InsertRequest(ctx, returnsdb.InsertRequestParams{ID: id, OrderID: o.ID, Seq: seq, Number: number, UserID: a.UserID,
			Kind: string(a.Kind), Status: string(Requested), ReasonCode: reason.Code, ReasonLabel: reason.Label, Note: a.Note,
			Photos: photos, Fee: int64(fee), At: now}); err != nil {
			return err
		}
		if payout != nil {
			if err := q.InsertPayout(ctx, *payout); err != nil {
				return err
			}
		}
		var holds []catalog.StockChange
		for i, l := range lines {
			if err := q.InsertLine(ctx, returnsdb.InsertLineParams{RequestID: id, Position: int32(i + 1), Item: int32(l.Item),
				ProductID: l.ProductID, ProductName: l.ProductName, Size: l.Size, Quantity: int32(l.Quantity), NewSize: l.NewSize,
				Held: int32(l.Held)}); err != nil {
				return err
			}
			if l.Held > 0 {
				holds = append(holds, catalog.StockChange{ProductID: l.ProductID, Name: l.ProductName, Size: l.NewSize, Quantity: l.Held})
			}
		}
		if err := q.InsertStep(ctx, returnsdb.InsertStepParams{RequestID: id, Status: string(Requested), Actor: ActorShopper,
			Note: a.Note, At: now}); err != nil {
			return err
		}
		change := event.ReturnChange{ID: id, Number: number, OrderNumber: o.Number, OrderID: o.ID, Kind: string(a.Kind), Status: string(Requested)}
		if err := outbox.PublishMany(ctx, tx, RequestedEvent, []string{realtime.UserTopic(a.UserID), realtime.TopicAdminOrders}, change); err != nil {
			return err
		}
		if err := mailqueue.Queue(ctx, tx, requestedMail(o, number, a.Kind, reason, lines, fee, s.cfg.PublicURL, id)); err != nil {
			return err
		}
		if a.Kind == Return {
			if err := s.followWholeReturn(ctx, tx, q, o, ActorShopper, "Every piece is asked back in "+number); err != nil {
				return err
			}
		}
		// Last, so that a size sold out meanwhile undoes everything above with it.
		return s.catalog.TakeStock(ctx, tx, holds)
	})
	if err != nil {
		return Request{}, err
	}
	requests, err := s.store.load(ctx, s.store.q, o)
	if err != nil {
		return Request{}, err
	}
	for _, r := range requests {
		if r.ID == id {
			return r, nil
		}
	}
	return Request{}, fmt.Errorf("returns: request %s not read back", number)
}

// followWholeReturn keeps order o's status in step with its return requests, in tx: it is
// RETURN_REQUESTED while requests still bringing pieces back for a refund come to every piece
// of it, and DELIVERED again when one of them no longer does (order.SetReturnRequested moves
// only between the two).
func (s *Service) followWholeReturn(ctx context.Context, tx pgx.Tx, q *returnsdb.Queries, o order.Order, actor, note string) error {
	whole, err := q.ReturnCoversOrder(ctx, returnsdb.ReturnCoversOrderParams{Quantities: quantitiesOf(o), OrderID: o.ID})
	if err != nil {
		return err
	}
	return s.orders.SetReturnRequested(ctx, tx, o.ID, whole, actor, note)
}

// quantitiesOf answers the quantity of each of o's lines, in line order: what the queries that
// ask whether returns cover a whole order compare against.
func quantitiesOf(o order.Order) []int32 {
	quantities := make([]int32, len(o.Items))
	for i, it := range o.Items {
		quantities[i] = int32(it.Quantity)
	}
	return quantities
}

// checkAsk checks what an Ask says about itself, against policy, and answers its reason.
func checkAsk(a Ask, policy Policy) (Reason, error) {
	p := shop.Problems{}
	p.Check(a.Kind != Return && a.Kind != Exchange, "kind", "Choose a return (return) or an exchange for another size (exchange)")
	p.Check(len(a.Lines) == 0, "lines", "Choose the items to send back")
	reason, known := policy.reason(strings.TrimSpace(a.Reason))
	p.Check(!known, "reason", "Choose a reason")
	p.Check(known && reason.PhotoRequired && len(a.Photos) == 0, "photos", "Add a photo: \""+reason.Label+"\" needs one")
	p.Check(len(a.Photos) > MaxPhotos, "photos", fmt.Sprintf("Add at most %d photos", MaxPhotos))
	for i, ph := range a.Photos {
		p.Check(!photoPath.MatchString(ph) || slices.Index(a.Photos, ph) != i, fmt.Sprintf("photos[%d]", i), "Upload each photo once, through the form")
	}
	p.Check(utf8.RuneCountInString(a.Note) > NoteMaxLength, "note", fmt.Sprintf("The note must be at most %d characters", NoteMaxLength))
	p.Check(strings.ContainsFunc(a.Note, func(r rune) bool { return unicode.IsControl(r) && r != '\n' }), "note", "The note has characters that are not allowed")
	return reason, p.Err()
}

// checkWindow refuses a request of kind on o unless o is delivered and the window is open.
func (s *Service) checkWindow(o order.Order, kind Kind, policy Policy) error {
	if o.Status != order.Delivered && o.Status != order.ReturnRequested {
		return shop.E(shop.Conflict, msgNotDelivered)
	}
	i := slices.IndexFunc(o.Timeline, func(st order.Step) bool { return st.Status == string(order.Delivered) })
	if i < 0 {
		return shop.E(shop.Conflict, msgNotDelivered)
	}
	days, what := policy.ReturnWindowDays, "return"
	if kind == Exchange {
		days, what = policy.ExchangeWindowDays, "exchange"
	}
	closes := o.Timeline[i].At.Add(time.Duration(days) * 24 * time.Hour)
	if days == 0 {
		return shop.E(shop.Conflict, "This shop does not take %ss", what)
	}
	if s.now().After(closes) {
		return shop.E(shop.Conflict, "The %s window for order %s closed on %s", what, o.Number, closes.In(india).Format("2 Jan 2006"))
	}
	return nil
}

// india is the shop's time zone, for the dates shoppers read.
var india = time.FixedZone("IST", 5*3600+1800)

// checkLines checks each line of a against o's items, the catalog and policy, and answers the
// lines to record. The quantities against earlier requests are checked under the order's lock
// (checkQuantities).
func (s *Service) checkLines(ctx context.Context, o order.Order, a Ask, policy Policy) ([]Line, error) {
	p := shop.Problems{}
	products := map[string]catalog.AdminProduct{}
	var lines []Line
	for i, l := range a.Lines {
		field := fmt.Sprintf("lines[%d]", i)
		if l.Item < 0 || l.Item >= len(o.Items) {
			p.Add(field+".item", "Choose an item of this order")
			continue
		}
		if slices.IndexFunc(a.Lines[:i], func(x AskLine) bool { return x.Item == l.Item }) >= 0 {
			p.Add(field+".item", "Each item goes in one line")
			continue
		}
		it := o.Items[l.Item]
		p.Check(l.Quantity < 1 || l.Quantity > it.Quantity, field+".quantity",
			fmt.Sprintf("Choose 1 to %d of %s (size %s)", it.Quantity, it.ProductName, it.Size))
		product, ok := products[it.ProductID]
		if !ok {
			var err error
			product, err = s.catalog.AdminProduct(ctx, it.ProductID)
			if shop.Is(err, shop.NotFound) {
				p.Add(field+".item", it.ProductName+" can no longer be returned")
				continue
			} else if err != nil {
				return nil, err
			}
			products[it.ProductID] = product
		}
		if !policy.returnable(product.SubCategoryID) {
			p.Add(field+".item", fmt.Sprintf("%s is final sale: %s cannot be returned or exchanged", it.ProductName, product.SubCategory))
			continue
		}
		line := Line{Item: l.Item, ProductID: it.ProductID, ProductName: it.ProductName, Size: it.Size, Quantity: l.Quantity}
		newSize := strings.TrimSpace(l.NewSize)
		switch {
		case a.Kind == Return && newSize != "":
			p.Add(field+".newSize", "Only an exchange asks for another size")
		case a.Kind == Exchange && newSize == "":
			p.Add(field+".newSize", "Choose the size you want instead")
		case a.Kind == Exchange && strings.EqualFold(newSize, it.Size):
			p.Add(field+".newSize", "Choose a size other than "+it.Size)
		case a.Kind == Exchange:
			i := slices.IndexFunc(product.Sizes, func(sz catalog.Size) bool { return strings.EqualFold(sz.Size, newSize) })
			if i < 0 {
				p.Add(field+".newSize", fmt.Sprintf("%s does not come in size %s", it.ProductName, newSize))
				break
			}
			line.NewSize, line.Held = product.Sizes[i].Size, l.Quantity
		}
		lines = append(lines, line)
	}
	return lines, p.Err()
}

// checkQuantities refuses lines asking for more of an item than o's buyer has left to send
// back: what they bought less what the order's live requests ask for already.
func checkQuantities(ctx context.Context, q *returnsdb.Queries, o order.Order, lines []Line) error {
	asked, err := q.AskedQuantities(ctx, o.ID)
	if err != nil {
		return err
	}
	already := map[int]int{}
	for _, r := range asked {
		already[int(r.Item)] = int(r.Quantity)
	}
	p := shop.Problems{}
	for i, l := range lines {
		left := o.Items[l.Item].Quantity - already[l.Item]
		switch {
		case left <= 0:
			p.Add(fmt.Sprintf("lines[%d].quantity", i), fmt.Sprintf("%s (size %s) is already in a return or exchange request", l.ProductName, l.Size))
		case l.Quantity > left:
			p.Add(fmt.Sprintf("lines[%d].quantity", i), fmt.Sprintf("Only %d of %s (size %s) can still be sent back", left, l.ProductName, l.Size))
		}
	}
	return p.Err()
}

// OfOrder is the requests of the user's order number, oldest first. Errors: NotFound 'Order
// not found' (also another shopper's order).
func (s *Service) OfOrder(ctx context.Context, userID, number string) ([]Request, error) {
	o, err := s.orders.Get(ctx, userID, number)
	if err != nil {
		return nil, err
	}
	return s.store.load(ctx, s.store.q, o)
}

// OfOrderForStaff is the requests of the order whose id or number is ref, oldest first, for
// the back office. Errors: NotFound 'Order not found'.
func (s *Service) OfOrderForStaff(ctx context.Context, ref string) ([]Request, error) {
	d, err := s.orders.AdminDetail(ctx, ref)
	if err != nil {
		return nil, err
	}
	return s.store.load(ctx, s.store.q, d.Order)
}
