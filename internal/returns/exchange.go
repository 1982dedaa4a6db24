package returns

// The exchange's new parcel (issue 18): when an exchange's quality check passes, its
// transaction queues the job jobs.ShipExchange (through the outbox, so a committed pass is
// never lost), and the worker's ShipExchange makes the new parcel: a child order of the
// original (order.PlaceReplacement, numbered <number>-X1, -X2…) shipping the held sizes, at no
// charge or for the fee the policy charged when the exchange was asked (the request's fee,
// when exchanges are not free). The units the request held become the child's stock in the
// same transaction (the holds are cleared as they are handed over), so they are taken once.
// The child goes through the shipment push, tracking and webhooks of every order; when the
// courier delivers it, the order service calls ReplacementDelivered in the move's
// transaction and the request is EXCHANGED.

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"drape/internal/mailqueue"
	"drape/internal/order"
	"drape/internal/outbox"
	"drape/internal/platform/postgres"
	"drape/internal/returns/returnsdb"
	"drape/internal/shop"
	"drape/internal/shop/event"
	"drape/realtime"
)

// ExchangeOrder is an exchange's new parcel as its request shows it: the child order's id,
// number and status.
type ExchangeOrder struct {
	ID     string       `json:"_id"`
	Number string       `json:"orderId"`
	Status order.Status `json:"orderStatus"`
}

// Mail kinds of the new parcel.
const (
	exchangeShippedKind = "exchange_shipping"
	exchangedKind       = "exchange_delivered"
)

// ShipExchange makes the new parcel of exchange request id whose QC passed: in one
// transaction under the request's row lock, the held units are handed over as the stock of a
// child order of the original (order.PlaceReplacement), the request is linked to it, and the
// shopper gets a return.updated event and a mail naming it. A request that is not an
// exchange waiting at QC_PASSED, or that has its child already, is left alone, so a retried
// or repeated job makes one child. Errors: order.PlaceReplacement's; Conflict when the
// request holds nothing to ship.
func (s *Service) ShipExchange(ctx context.Context, id string) error {
	r, err := s.Request(ctx, id)
	if shop.Is(err, shop.NotFound) {
		return nil
	} else if err != nil {
		return err
	}
	if r.Kind != Exchange || r.Status != QCPassed || r.ExchangeOrder != nil {
		return nil
	}
	o, err := s.orders.ByID(ctx, r.OrderID)
	if err != nil {
		return err
	}
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		row, err := q.LockRequest(ctx, id)
		if err != nil {
			return err
		}
		if Status(row.Status) != QCPassed || row.ExchangeOrderID.Valid {
			return nil
		}
		// The holds are cleared as they become the child's stock: handed over once.
		held, err := q.ReleaseHolds(ctx, id)
		if err != nil {
			return err
		}
		if len(held) == 0 {
			return shop.E(shop.Conflict, "Exchange %s holds no size to ship", row.Number)
		}
		lines := make([]order.ReplacementLine, len(held))
		for i, l := range held {
			lines[i] = order.ReplacementLine{Item: int(l.Item), Size: l.NewSize, Quantity: int(l.Held)}
		}
		child, _, err := s.orders.PlaceReplacement(ctx, tx, order.Replacement{ParentID: row.OrderID, Key: row.ID, Ref: row.Number,
			Lines: lines, Fee: shop.Money(row.Fee)})
		if err != nil {
			return err
		}
		if err := q.SetExchangeOrder(ctx, returnsdb.SetExchangeOrderParams{ID: id, OrderID: pgText(child.ID)}); err != nil {
			return err
		}
		r.ExchangeOrder = &ExchangeOrder{ID: child.ID, Number: child.Number, Status: child.Status}
		change := event.ReturnChange{ID: id, Number: row.Number, OrderNumber: o.Number, OrderID: o.ID, Kind: row.Kind, Status: row.Status}
		if err := outbox.PublishMany(ctx, tx, UpdatedEvent, []string{realtime.UserTopic(row.UserID), realtime.TopicAdminOrders}, change); err != nil {
			return err
		}
		return mailqueue.Queue(ctx, tx, exchangeMail(o, r, child, false, s.cfg.PublicURL))
	})
}

// ReplacementDelivered records, in tx (the courier's move of the child order to DELIVERED,
// which holds its row lock), that the new parcel orderID of an exchange was delivered: the
// request moves from QC_PASSED to EXCHANGED, by the courier, with its step, a return.updated
// event to the shopper and the admin order board, and the shopper's mail. An order that is no
// exchange's parcel, or a request already past QC_PASSED, changes nothing
// (order.ReturnRequests).
func (s *Service) ReplacementDelivered(ctx context.Context, tx pgx.Tx, orderID string) error {
	q := s.store.q.WithTx(tx)
	id, err := q.RequestIDByExchangeOrder(ctx, pgText(orderID))
	if shop.Is(err, shop.NotFound) {
		return nil
	} else if err != nil {
		return err
	}
	row, err := q.LockRequest(ctx, id)
	if err != nil {
		return err
	}
	if !Status(row.Status).CanMove(Exchanged) {
		return nil
	}
	now := s.now()
	if err := q.SetStatus(ctx, returnsdb.SetStatusParams{ID: id, Status: string(Exchanged), At: now}); err != nil {
		return err
	}
	r, err := s.request(ctx, q, id)
	if err != nil {
		return err
	}
	if err := q.InsertStep(ctx, returnsdb.InsertStepParams{RequestID: id, Status: string(Exchanged), Actor: ActorCourier,
		Note: "Delivered as order " + r.ExchangeOrder.Number, At: now}); err != nil {
		return err
	}
	o, err := s.orders.ByID(ctx, row.OrderID)
	if err != nil {
		return err
	}
	change := event.ReturnChange{ID: id, Number: row.Number, OrderNumber: o.Number, OrderID: o.ID, Kind: row.Kind, Status: string(Exchanged)}
	if err := outbox.PublishMany(ctx, tx, UpdatedEvent, []string{realtime.UserTopic(row.UserID), realtime.TopicAdminOrders}, change); err != nil {
		return err
	}
	child := order.Order{ID: r.ExchangeOrder.ID, Number: r.ExchangeOrder.Number}
	return mailqueue.Queue(ctx, tx, exchangeMail(o, r, child, true, s.cfg.PublicURL))
}

// Unshipped is the exchanges whose QC passed longer ago than age without a new parcel, at
// most limit: their shipping job may have been lost. Errors: Unavailable.
func (s *Service) Unshipped(ctx context.Context, age time.Duration, limit int) ([]string, error) {
	return s.store.q.ExchangesToShip(ctx, returnsdb.ExchangesToShipParams{Cutoff: time.Now().Add(-age), MaxRows: int32(limit)})
}

// exchangeMail tells the shopper the new size of exchange r of order o ships as order child,
// or (delivered) that it was delivered and the exchange is done.
func exchangeMail(o order.Order, r Request, child order.Order, delivered bool, publicURL string) mailqueue.Message {
	data := struct {
		Name, Opening, Link string
		Lines, Paragraphs   []string
	}{Name: o.Address.FirstName, Link: publicURL + "/user/orders/" + child.Number, Lines: requestLines(r.Lines)}
	kind, subject := exchangeShippedKind, fmt.Sprintf("Your new size ships as order %s", child.Number)
	data.Opening = fmt.Sprintf("The new size of your exchange %s for order %s ships as order %s:", r.Number, o.Number, child.Number)
	if r.Fee > 0 {
		data.Paragraphs = append(data.Paragraphs, fmt.Sprintf("Please pay the exchange fee of %s to the courier on delivery.", r.Fee))
	} else {
		data.Paragraphs = append(data.Paragraphs, "It costs you nothing. We write again when the courier has it.")
	}
	if delivered {
		kind, subject = exchangedKind, fmt.Sprintf("Your exchange %s is complete", r.Number)
		data.Opening = fmt.Sprintf("Order %s, the new size of your exchange %s for order %s, was delivered:", child.Number, r.Number, o.Number)
		data.Paragraphs = []string{"Your exchange is complete. We hope it fits."}
	}
	html, text := mails.Render("requested", data)
	return mailqueue.Message{Kind: kind, Ref: r.ID, To: o.Address.Email, Subject: subject, Text: text, HTML: html}
}

func pgText(s string) pgtype.Text { return pgtype.Text{String: s, Valid: s != ""} }
