package order

import (
	"context"
	"strings"
	"time"

	"drape/internal/order/orderdb"
	"drape/internal/shop"
)

// cartItem is an order line as orderObj.cartData shows it.
func cartItem(it Item) CartItem {
	return CartItem{ProductID: it.ProductID, ProductDetails: ProductDetails{Thumbnail: it.Thumbnail, ProductName: it.ProductName},
		Size: it.Size, Quantity: it.Quantity, Price: it.Price, DiscountedPrice: it.DiscountedPrice, Total: it.Total}
}

// statusDetails is where o is now, from its timeline: the step that brought it to its status
// (placing or paying, for a PENDING order), or its placing when there is none.
func statusDetails(o Order) StatusDetails {
	d := StatusDetails{Status: o.Status, Label: statusLabels[o.Status]}
	for i := len(o.Timeline) - 1; i >= 0; i-- {
		st := o.Timeline[i]
		if Status(st.Status) == o.Status || (o.Status == Pending && (st.Status == "PLACED" || st.Status == "PAID")) {
			at := st.At
			d.Since, d.Actor, d.Note = &at, st.Actor, st.Note
			return d
		}
	}
	at := o.CreatedAt
	d.Since = &at
	return d
}

// withCustomers fills in the accounts that placed orders (their userdetails), for the back
// office.
func (s *Service) withCustomers(ctx context.Context, orders []Order) error {
	ids := make([]string, 0, len(orders))
	for _, o := range orders {
		ids = append(ids, o.UserID)
	}
	rows, err := s.store.q.CustomersOf(ctx, ids)
	if err != nil {
		return err
	}
	byID := make(map[string]orderdb.CustomersOfRow, len(rows))
	for _, r := range rows {
		byID[r.ID] = r
	}
	for i := range orders {
		if r, ok := byID[orders[i].UserID]; ok {
			orders[i].UserDetails = &Customer{ID: r.ID, FirstName: r.FirstName, LastName: r.LastName, Email: r.Email}
		}
	}
	return nil
}

// AdminFilter narrows the back office's order list. Query is an order id (24 hex characters)
// or number, a short number with its '#' ("#1042"), or else text to find in the customer's
// name, e-mail, phone or city or the products' names, or a short number without its '#'. Without a status, orders still waiting for payment are left out.
type AdminFilter struct {
	Status Status
	Mode   Mode
	Query  string
	From   *time.Time // placed at or after
	Before *time.Time // placed before
	Push   Push       // where the order is with the courier; "" for anywhere
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
	} else if short, ok := ParseShortNumber(query); ok {
		ref = short
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
	if err := s.withInvoice(ctx, &o); err != nil {
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
