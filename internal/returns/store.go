package returns

import (
	"context"
	"strings"

	"drape/internal/order"
	"drape/internal/returns/returnsdb"
	"drape/internal/shop"
)

// store reads and writes the policy and the requests.
type store struct{ q *returnsdb.Queries }

// statusLabels name a request's statuses for people.
var statusLabels = map[Status]string{
	Requested:       "Return requested",
	Approved:        "Approved",
	Rejected:        "Rejected",
	PickupScheduled: "Pickup scheduled",
	PickedUp:        "Picked up",
	Received:        "Received",
	QCPassed:        "Quality check passed",
	QCFailed:        "Quality check failed",
	Refunded:        "Refunded",
	Exchanged:       "Exchanged",
	Closed:          "Closed",
	Cancelled:       "Cancelled",
}

// label is status's name for people: its label, or the status in words.
func label(status Status, kind Kind) string {
	if status == Requested && kind == Exchange {
		return "Exchange requested"
	}
	if l := statusLabels[status]; l != "" {
		return l
	}
	return strings.ReplaceAll(strings.ToLower(string(status)), "_", " ")
}

// load reads the requests of order o with their lines and steps, oldest first.
func (st store) load(ctx context.Context, q *returnsdb.Queries, o order.Order) ([]Request, error) {
	rows, err := q.RequestsOfOrder(ctx, o.ID)
	if err != nil {
		return nil, err
	}
	numbers := make([]string, len(rows))
	for i := range rows {
		numbers[i] = o.Number
	}
	return st.assemble(ctx, q, rows, numbers)
}

// assemble makes requests of rows, whose orders' numbers are orderNumbers (one each), with
// their lines and steps, in the order of rows.
func (store) assemble(ctx context.Context, q *returnsdb.Queries, rows []returnsdb.ReturnRequest, orderNumbers []string) ([]Request, error) {
	out := make([]Request, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]string, len(rows))
	index := map[string]int{}
	for i, r := range rows {
		ids[i], index[r.ID] = r.ID, i
		kind, status := Kind(r.Kind), Status(r.Status)
		out[i] = Request{ID: r.ID, Number: r.Number, OrderID: r.OrderID, OrderNumber: orderNumbers[i], Kind: kind, Status: status,
			StatusLabel: label(status, kind), Reason: Reason{Code: r.ReasonCode, Label: r.ReasonLabel}, Note: r.Note,
			Photos: r.Photos, Fee: shop.Money(r.Fee), Lines: []Line{}, Steps: []Step{}, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
		if out[i].Photos == nil {
			out[i].Photos = []string{}
		}
	}
	if err := fillRefunds(ctx, q, out, ids, index); err != nil {
		return nil, err
	}
	lines, err := q.LinesOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	for _, l := range lines {
		r := &out[index[l.RequestID]]
		r.Lines = append(r.Lines, Line{Item: int(l.Item), ProductID: l.ProductID, ProductName: l.ProductName, Size: l.Size,
			Quantity: int(l.Quantity), NewSize: l.NewSize, Held: int(l.Held)})
	}
	pickups, err := q.PickupsOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	for _, pk := range pickups {
		out[index[pk.RequestID]].Pickup = pickupOf(pk)
	}
	exchanges, err := q.ExchangeOrdersOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	for _, x := range exchanges {
		out[index[x.RequestID]].ExchangeOrder = &ExchangeOrder{ID: x.ID, Number: x.OrderNumber, Status: order.Status(x.OrderStatus)}
	}
	steps, err := q.StepsOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	for _, st := range steps {
		r := &out[index[st.RequestID]]
		actor, _, _ := strings.Cut(st.Actor, ":") // "staff:<id>" shows as staff: who exactly is for the shop's logs
		r.Steps = append(r.Steps, Step{Status: Status(st.Status), Label: label(Status(st.Status), r.Kind), Actor: actor, Note: st.Note, At: st.At})
	}
	return out, nil
}
