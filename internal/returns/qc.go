package returns

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5"

	"drape/internal/catalog"
	"drape/internal/mailqueue"
	"drape/internal/order"
	"drape/internal/outbox"
	"drape/internal/returns/returnsdb"
	"drape/internal/shop"
	"drape/internal/shop/event"
	"drape/jobs"
	"drape/realtime"
)

// effect is what a move beyond approval and rejection does inside its transaction, after the
// request's status and step are written: o is the order, r the request as moved, actor who
// moved it. It answers the shopper's mail for the step.
type effect func(ctx context.Context, tx pgx.Tx, q *returnsdb.Queries, o order.Order, r Request, actor string) (mailqueue.Message, error)

// verb is how a refusal names the move to status to.
func verb(to Status) string {
	switch to {
	case QCPassed, QCFailed:
		return "quality-checked"
	}
	return strings.ReplaceAll(strings.ToLower(string(to)), "_", " ")
}

// Receive is staff recording that the parcel of an approved request arrived (from APPROVED,
// PICKUP_SCHEDULED or PICKED_UP), with an optional note: its step, event and the shopper's
// mail (see Service.move). Receiving a received request again changes nothing (moved false).
// Errors: move's; Conflict 'Return request … is …: it can no longer be received' from
// anywhere else.
func (s *Service) Receive(ctx context.Context, requestID, staffID, note string) (r Request, moved bool, err error) {
	return s.move(ctx, Move{RequestID: requestID, To: Received, StaffID: staffID, Note: note,
		then: func(_ context.Context, _ pgx.Tx, _ *returnsdb.Queries, o order.Order, r Request, _ string) (mailqueue.Message, error) {
			return stepMail(o, r, receivedKind, "We have received the items of your %s request %s", note, s.cfg.PublicURL), nil
		}})
}

// QC is staff's quality check of a received request. When it passes, the returned pieces go
// back to their sizes' stock (exactly once: the move happens once under the request's lock),
// and for a return the refund is settled (settleRefund): its amount, its credit note and, for
// an online order, the gateway refund queued; for an exchange the job that ships its new parcel
// is queued (ShipExchange), and the request waits at QC_PASSED until that parcel is delivered.
// When it fails (note required: the shopper reads it), nothing is refunded and no stock comes
// back, an exchange's held size is released, the shopper is told, and the request is CLOSED
// at once by the system: the shop sends the parcel back outside drape, and nothing more
// happens to the request. The same check again changes nothing (moved false).
//
// Errors: move's; Invalid naming note when a failed check has none; Conflict 'Return request
// … is …: it can no longer be quality-checked' from a status other than RECEIVED.
func (s *Service) QC(ctx context.Context, requestID, staffID string, passed bool, note string) (r Request, moved bool, err error) {
	note = strings.TrimSpace(note)
	if !passed {
		p := shop.Problems{}
		p.Check(note == "", "note", "Say why the quality check failed: the shopper reads it")
		if err := p.Err(); err != nil {
			return Request{}, false, err
		}
		if r, err := s.Request(ctx, requestID); err == nil && r.Status == Closed && failedQC(r) {
			return r, false, nil
		}
		return s.move(ctx, Move{RequestID: requestID, To: QCFailed, StaffID: staffID, Note: note, then: s.failQC(note)})
	}
	return s.move(ctx, Move{RequestID: requestID, To: QCPassed, StaffID: staffID, Note: note, then: s.passQC(note)})
}

// failedQC reports whether r's quality check failed.
func failedQC(r Request) bool {
	for _, st := range r.Steps {
		if st.Status == QCFailed {
			return true
		}
	}
	return false
}

// passQC puts a passed request's pieces back into stock and settles a return's refund.
func (s *Service) passQC(note string) effect {
	return func(ctx context.Context, tx pgx.Tx, q *returnsdb.Queries, o order.Order, r Request, _ string) (mailqueue.Message, error) {
		back := make([]catalog.StockChange, len(r.Lines))
		for i, l := range r.Lines {
			back[i] = catalog.StockChange{ProductID: l.ProductID, Name: l.ProductName, Size: l.Size, Quantity: l.Quantity}
		}
		if err := s.catalog.ReturnStock(ctx, tx, back); err != nil {
			return mailqueue.Message{}, err
		}
		if r.Kind == Exchange {
			if err := outbox.Enqueue(ctx, tx, jobs.ShipExchange(r.ID)); err != nil {
				return mailqueue.Message{}, err
			}
			return stepMail(o, r, qcPassedKind, "The items of your %s request %s passed our quality check: your new size ships next",
				note, s.cfg.PublicURL), nil
		}
		refund, err := s.settleRefund(ctx, tx, q, o, r)
		if err != nil {
			return mailqueue.Message{}, err
		}
		return qcPassedMail(o, r, refund, note, s.cfg.PublicURL), nil
	}
}

// failQC releases a failed exchange's held size and closes the request.
func (s *Service) failQC(reason string) effect {
	return func(ctx context.Context, tx pgx.Tx, q *returnsdb.Queries, o order.Order, r Request, _ string) (mailqueue.Message, error) {
		if err := s.releaseHolds(ctx, tx, q, r.ID); err != nil {
			return mailqueue.Message{}, err
		}
		now := s.now()
		if err := q.SetStatus(ctx, returnsdb.SetStatusParams{ID: r.ID, Status: string(Closed), At: now}); err != nil {
			return mailqueue.Message{}, err
		}
		if err := q.InsertStep(ctx, returnsdb.InsertStepParams{RequestID: r.ID, Status: string(Closed), Actor: order.ActorSystem,
			Note: "Closed after the failed quality check", At: now}); err != nil {
			return mailqueue.Message{}, err
		}
		change := event.ReturnChange{ID: r.ID, Number: r.Number, OrderNumber: o.Number, OrderID: o.ID, Kind: string(r.Kind), Status: string(Closed)}
		if err := outbox.PublishMany(ctx, tx, UpdatedEvent, []string{realtime.UserTopic(o.UserID), realtime.TopicAdminOrders}, change); err != nil {
			return mailqueue.Message{}, err
		}
		return qcFailedMail(o, r, reason, s.cfg.PublicURL), nil
	}
}
