package returns

import (
	"context"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"drape/internal/catalog"
	"drape/internal/mailqueue"
	"drape/internal/order"
	"drape/internal/outbox"
	"drape/internal/platform/postgres"
	"drape/internal/returns/returnsdb"
	"drape/internal/shop"
	"drape/internal/shop/event"
	"drape/realtime"
)

// UpdatedEvent is the realtime event of a request's move (named in the catalogue, package event).
const UpdatedEvent = event.ReturnUpdated

// msgRequestNotFound is the NotFound of a request id the shop does not have.
const msgRequestNotFound = "Return request not found"

// Queue is one page of every shopper's requests for the back office, newest first, each with
// its lines, steps, order number and the account that asked. Errors: Invalid naming status or
// kind when they are not a request status or kind, or to when the range ends before it starts.
func (s *Service) Queue(ctx context.Context, f QueueFilter, page shop.Page) (QueuePage, error) {
	p := shop.Problems{}
	p.Check(f.Status != "" && !f.Status.Valid(), "status", "Unknown return status")
	p.Check(f.Kind != "" && f.Kind != Return && f.Kind != Exchange, "kind", "kind must be return or exchange")
	p.Check(f.From != nil && f.To != nil && !f.To.After(*f.From), "to", "The end of the range must be after its start")
	if err := p.Err(); err != nil {
		return QueuePage{}, err
	}
	search := strings.ToUpper(strings.TrimSpace(f.Number))
	filter := returnsdb.QueueParams{Status: string(f.Status), Kind: string(f.Kind), AskedFrom: f.From, AskedTo: f.To, Search: search,
		PageSize: int32(page.Size), PageOffset: int32(page.Offset())}
	found, err := s.store.q.Queue(ctx, filter)
	if err != nil {
		return QueuePage{}, err
	}
	counted, err := s.store.q.QueueCounts(ctx, returnsdb.QueueCountsParams{Kind: filter.Kind, AskedFrom: f.From, AskedTo: f.To, Search: search})
	if err != nil {
		return QueuePage{}, err
	}
	counts := map[Status]int64{}
	var total int64
	for _, c := range counted {
		counts[Status(c.Status)] = c.Requests
		if f.Status == "" || Status(c.Status) == f.Status {
			total += c.Requests
		}
	}
	rows := make([]returnsdb.ReturnRequest, len(found))
	numbers := make([]string, len(found))
	for i, r := range found {
		rows[i], numbers[i] = r.ReturnRequest, r.OrderNumber
	}
	items, err := s.store.assemble(ctx, s.store.q, rows, numbers)
	if err != nil {
		return QueuePage{}, err
	}
	for i, r := range found {
		items[i].Customer = &Customer{ID: r.ReturnRequest.UserID, FirstName: r.FirstName, LastName: r.LastName, Email: r.Email}
	}
	return QueuePage{Items: items, Counts: counts, Page: page.Number, TotalPages: shop.TotalPages(total, page.Size), Total: total}, nil
}

// Request is the request with id, with its lines and steps, for the back office. Errors:
// NotFound 'Return request not found'.
func (s *Service) Request(ctx context.Context, id string) (Request, error) {
	return s.request(ctx, s.store.q, id)
}

func (s *Service) request(ctx context.Context, q *returnsdb.Queries, id string) (Request, error) {
	if !shop.IsID(id) {
		return Request{}, shop.E(shop.NotFound, msgRequestNotFound)
	}
	row, err := q.RequestWithOrder(ctx, id)
	if shop.Is(err, shop.NotFound) {
		return Request{}, shop.E(shop.NotFound, msgRequestNotFound)
	} else if err != nil {
		return Request{}, err
	}
	rs, err := s.store.assemble(ctx, q, []returnsdb.ReturnRequest{row.ReturnRequest}, []string{row.OrderNumber})
	if err != nil {
		return Request{}, err
	}
	return rs[0], nil
}

// Approve is staff approving a REQUESTED request, with an optional note to the shopper (see
// Service.move). Approving an approved request again changes nothing and answers it as it is
// (moved false).
func (s *Service) Approve(ctx context.Context, requestID, staffID, note string) (r Request, moved bool, err error) {
	return s.move(ctx, Move{RequestID: requestID, To: Approved, StaffID: staffID, Note: note})
}

// Reject is staff rejecting a REQUESTED request for reason, which the shopper is told; an
// exchange's held sizes go back into stock (see Service.move). Rejecting a rejected request
// again changes nothing, gives no stock back and answers it as it is (moved false). Errors
// besides move's: Invalid naming reason when it is empty.
func (s *Service) Reject(ctx context.Context, requestID, staffID, reason string) (r Request, moved bool, err error) {
	return s.move(ctx, Move{RequestID: requestID, To: Rejected, StaffID: staffID, Note: reason})
}

// move makes staff's move m in one transaction, under the request's row lock: the new status,
// a step (the status, order.Staff(m.StaffID), the note, now), for a rejection the exchange's
// held stock back (each line's hold is cleared as it is given back, so it goes back once), an
// outbox event (UpdatedEvent) to the shopper's topic and the admin order board, and the
// shopper's mail. A request already in m.To is answered as it is, with moved false and nothing
// written: a repeated click or a retried call is harmless.
//
// Errors: NotFound 'Return request not found'; Invalid naming note (reason for a rejection)
// when it is over 500 characters or has control characters, or a rejection's is empty;
// Conflict 'Return request <number> is <status>: it can no longer be approved|rejected' for a
// move the state machine does not allow from where the request is (a backward or sideways
// move). Nothing changes on any error.
func (s *Service) move(ctx context.Context, m Move) (Request, bool, error) {
	m.Note = strings.TrimSpace(m.Note)
	field := "note"
	if m.To == Rejected {
		field = "reason"
	}
	p := shop.Problems{}
	p.Check(m.To == Rejected && m.Note == "", field, "Say why the request is rejected: the shopper reads it")
	p.Check(utf8.RuneCountInString(m.Note) > NoteMaxLength, field, fmt.Sprintf("The %s must be at most %d characters", field, NoteMaxLength))
	p.Check(strings.ContainsFunc(m.Note, func(r rune) bool { return unicode.IsControl(r) && r != '\n' }), field,
		fmt.Sprintf("The %s has characters that are not allowed", field))
	if err := p.Err(); err != nil {
		return Request{}, false, err
	}
	before, err := s.Request(ctx, m.RequestID)
	if err != nil {
		return Request{}, false, err
	}
	o, err := s.orders.ByID(ctx, before.OrderID)
	if err != nil {
		return Request{}, false, err
	}
	moved := false
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		row, err := q.LockRequest(ctx, m.RequestID)
		if err != nil {
			return err
		}
		from := Status(row.Status)
		if from == m.To {
			return nil
		}
		if !from.CanMove(m.To) {
			return shop.E(shop.Conflict, "Return request %s is %s: it can no longer be %s", row.Number,
				strings.ToLower(label(from, Kind(row.Kind))), verb(m.To))
		}
		now := s.now()
		if err := q.SetStatus(ctx, returnsdb.SetStatusParams{ID: row.ID, Status: string(m.To), At: now}); err != nil {
			return err
		}
		actor := order.Staff(m.StaffID)
		if m.StaffID == "" {
			actor = order.ActorSystem
		}
		if err := q.InsertStep(ctx, returnsdb.InsertStepParams{RequestID: row.ID, Status: string(m.To), Actor: actor,
			Note: m.Note, At: now}); err != nil {
			return err
		}
		r, err := s.request(ctx, q, row.ID)
		if err != nil {
			return err
		}
		var mail mailqueue.Message
		switch m.To {
		case Approved:
			mail = approvedMail(o, r, m.Note, s.cfg.PublicURL)
		case Rejected:
			if err := s.releaseHolds(ctx, tx, q, row.ID); err != nil {
				return err
			}
			mail = rejectedMail(o, r, m.Note, s.cfg.PublicURL)
		default:
			if m.then != nil {
				if mail, err = m.then(ctx, tx, q, o, r, actor); err != nil {
					return err
				}
			}
		}
		if Kind(row.Kind) == Return {
			if err := s.followWholeReturn(ctx, tx, q, o, actor, "Return "+row.Number+" is "+strings.ToLower(label(m.To, Return))); err != nil {
				return err
			}
		}
		change := event.ReturnChange{ID: row.ID, Number: row.Number, OrderNumber: o.Number, OrderID: o.ID, Kind: row.Kind, Status: string(m.To)}
		if err := outbox.PublishMany(ctx, tx, UpdatedEvent, []string{realtime.UserTopic(row.UserID), realtime.TopicAdminOrders}, change); err != nil {
			return err
		}
		if mail.Kind != "" { // a move without a mail of its own (no effect) mails nothing
			if err := mailqueue.Queue(ctx, tx, mail); err != nil {
				return err
			}
		}
		moved = true
		return nil
	})
	if err != nil {
		return Request{}, false, err
	}
	r, err := s.Request(ctx, m.RequestID)
	return r, moved, err
}

// releaseHolds gives the stock request id's exchange lines hold back, clearing each hold as it
// goes, inside tx.
func (s *Service) releaseHolds(ctx context.Context, tx pgx.Tx, q *returnsdb.Queries, id string) error {
	released, err := q.ReleaseHolds(ctx, id)
	if err != nil {
		return err
	}
	changes := make([]catalog.StockChange, len(released))
	for i, l := range released {
		changes[i] = catalog.StockChange{ProductID: l.ProductID, Name: l.ProductName, Size: l.NewSize, Quantity: int(l.Held)}
	}
	return s.catalog.ReturnStock(ctx, tx, changes)
}
