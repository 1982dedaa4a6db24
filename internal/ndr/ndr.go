// Package ndr handles failed deliveries (issue 19, NDR: Shiprocket's non-delivery reports).
// When the courier reports a failed attempt (the status UNDELIVERED, on its webhook or in
// tracking) the attempt is recorded with its number, the courier's reason and time; the order
// keeps its status (it is still out for delivery) and its pages show the failure; the shopper
// gets a message with a signed link to choose what happens next: a re-attempt on one of the
// next days, a re-attempt at a corrected phone or address, or the parcel's return (RTO). Staff
// see every open attempt in the back office's NDR queue and may answer for the shopper, with a
// note. The answer goes to the courier's NDR action API through a worker job. Past the
// courier's attempt limit (a setting, 3) the order moves to RTO_INITIATED.
//
// It guarantees:
//   - a report is recorded once: a repeated report (same order and time) or one older than the
//     order's latest attempt (reports come out of order), or one about an order not out for
//     delivery (delivered, returning, cancelled), changes nothing; the attempts of one order
//     are serialised by a transaction-scoped advisory lock in ndr's own key space;
//   - an attempt is answered once (a second answer is a Conflict that changes nothing), and its
//     answer, the job that sends it and the realtime event commit together;
//   - the courier gets an answer once: the job's id is the attempt's (asynq keeps one task per
//     id while it waits), a job that finds the answer sent does nothing, and every try after the
//     first asks the courier's NDR API whether the attempt was acted on already (a worker that
//     died after sending but before recording it) before sending it again;
//   - the shopper's link is an HMAC of the attempt's id under a purpose label, good only for that
//     attempt while it is open and unanswered.
//
// It reads and moves orders through order.Service and writes only its own tables.
package ndr

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/ndr/ndrdb"
	"drape/internal/order"
	"drape/internal/outbox"
	"drape/internal/platform/postgres"
	"drape/internal/provider/shiprocket"
	"drape/internal/shop"
	"drape/internal/shop/event"
	"drape/jobs"
	"drape/realtime"
)

// Messages people see.
const (
	msgBadLink   = "This link is not valid. Open the newest message about your delivery, or contact us."
	msgNotFound  = "Delivery issue not found"
	msgAnswered  = "This delivery issue was answered already"
	msgClosed    = "This delivery issue is closed"
	reasonAbsent = "The courier could not deliver the parcel"
)

// Outcomes of a closed attempt.
const (
	outcomeDelivered   = "delivered"
	outcomeFailedAgain = "failed again"
	outcomeRTO         = "returned to origin"
	outcomeCancelled   = "cancelled"
)

// Courier is what NDR handling asks of the courier aggregator; *shiprocket.Session is the
// real one.
type Courier interface {
	ActOnNDR(ctx context.Context, creds shiprocket.Credentials, awb string, action shiprocket.NDRAction) error
	NDR(ctx context.Context, creds shiprocket.Credentials, awb string) (shiprocket.NDRShipment, bool, error)
}

// Config is what NDR handling needs of the deployment.
type Config struct {
	PublicURL   string                 // the shopper's link starts here
	Secret      []byte                 // signs the shopper's links
	Credentials shiprocket.Credentials // the courier account (the worker's)
}

// Service is the failed delivery use cases.
type Service struct {
	pool    *pgxpool.Pool
	store   store
	orders  *order.Service
	courier Courier // nil when no courier account is configured (the server's)
	cfg     Config
	now     func() time.Time
}

// NewService makes the NDR service; courier may be nil where nothing is sent (the server).
func NewService(pool *pgxpool.Pool, cfg Config, orders *order.Service, courier Courier) *Service {
	return &Service{pool: pool, store: store{q: ndrdb.New(postgres.Translating(pool))}, orders: orders, courier: courier,
		cfg: cfg, now: time.Now}
}

// ErrNotConfigured is what sending an answer says when no courier account is configured: the
// job keeps retrying.
var ErrNotConfigured = errors.New("ndr: no Shiprocket account is configured (SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD)")

// FailedAttempt reports whether the courier's status name is a failed delivery attempt
// (Shiprocket's UNDELIVERED: current_status_id 36, shipment_status_id 21; "NDR" in some panels).
func FailedAttempt(status string) bool {
	s := shiprocket.NormalizeStatus(status)
	return s == shiprocket.StatusUndelivered || s == "NDR"
}

// inDelivery reports whether an order in status st can still fail a delivery attempt.
func inDelivery(st order.Status) bool {
	return st == order.Shipped || st == order.InTransit || st == order.OutForDelivery
}

// Observe takes the courier's report r after the order applied it (package shipping calls it
// for every webhook and tracking answer): a failed attempt is recorded (see Record), and an
// order delivered, returning or cancelled closes its open attempt. A report about an order
// that is not ours changes nothing. Errors: Unavailable when the database is.
func (s *Service) Observe(ctx context.Context, r order.CourierReport) error {
	o, err := s.orders.ByNumber(ctx, r.OrderNumber)
	if shop.Is(err, shop.NotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if FailedAttempt(r.Status) {
		reason := ""
		if r.Scan != nil {
			reason = r.Scan.Activity
		}
		return s.Record(ctx, o, r.At, reason)
	}
	switch o.Status {
	case order.Delivered, order.ReturnRequested, order.Returned:
		return s.close(ctx, o, outcomeDelivered)
	case order.RTOInitiated, order.RTODelivered:
		return s.close(ctx, o, outcomeRTO)
	case order.Canceled:
		return s.close(ctx, o, outcomeCancelled)
	}
	return nil
}

// Record records a failed delivery attempt of order o at time at for reason, once: the
// attempt's number is one more than the order's latest; the earlier attempt is closed; the
// shopper's message is queued and the order's pages are told (shipment.updated). The attempt
// that reaches the courier's limit moves the order to RTO_INITIATED instead. A report seen
// before, one older than the latest attempt, or one about an order not out for delivery
// changes nothing. Errors: Unavailable.
func (s *Service) Record(ctx context.Context, o order.Order, at time.Time, reason string) error {
	if !inDelivery(o.Status) {
		return nil
	}
	reason = truncate(strings.TrimSpace(reason), 300)
	if reason == "" {
		reason = reasonAbsent
	}
	past := false
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		if err := q.LockOrderAttempts(ctx, o.ID); err != nil {
			return err
		}
		limit, err := q.AttemptLimit(ctx)
		if err != nil {
			return err
		}
		number := int32(1)
		latest, err := q.LatestAttempt(ctx, o.ID)
		switch {
		case err == nil:
			if !at.After(latest.ReportedAt) {
				// Seen before or older: nothing new, but an order past the limit whose move
				// to RTO failed last time is moved now.
				past = latest.Attempt >= limit
				return nil
			}
			number = latest.Attempt + 1
		case !noRows(err):
			return err
		}
		if _, err := q.CloseOpen(ctx, ndrdb.CloseOpenParams{OrderID: o.ID, Outcome: outcomeFailedAgain}); err != nil {
			return err
		}
		a, err := q.InsertAttempt(ctx, ndrdb.InsertAttemptParams{ID: shop.NewID(), OrderID: o.ID, OrderNumber: o.Number,
			UserID: o.UserID, Awb: o.Courier.AWB, Attempt: number, Reason: reason, ReportedAt: at})
		if err != nil {
			return err
		}
		if number >= limit {
			past = true
			return publish(ctx, tx, o)
		}
		if err := s.queueMessage(ctx, tx, o, a); err != nil {
			return err
		}
		return publish(ctx, tx, o)
	})
	if err != nil || !past {
		return err
	}
	return s.returnToOrigin(ctx, o.ID, order.ActorCourier, "No delivery after the courier's attempt limit: returning to origin")
}

// returnToOrigin moves order id to RTO_INITIATED, when it is still out for delivery, and
// closes its open attempt.
func (s *Service) returnToOrigin(ctx context.Context, id, actor, note string) error {
	o, err := s.orders.ByID(ctx, id)
	if err != nil {
		return err
	}
	if inDelivery(o.Status) {
		if o, err = s.orders.Move(ctx, id, order.RTOInitiated, actor, note, order.StartRefunds); err != nil {
			return err
		}
	}
	return s.close(ctx, o, outcomeRTO)
}

// close closes order o's open attempt with outcome.
func (s *Service) close(ctx context.Context, o order.Order, outcome string) error {
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		closed, err := s.store.q.WithTx(tx).CloseOpen(ctx, ndrdb.CloseOpenParams{OrderID: o.ID, Outcome: outcome})
		if err != nil || len(closed) == 0 {
			return err
		}
		return publish(ctx, tx, o)
	})
}

// Choices is what the shopper's link opens: the attempt, the days a re-attempt may be asked
// for, and where the courier delivers now. Errors: NotFound 'This link is not valid…'.
func (s *Service) Choices(ctx context.Context, token string) (Choices, error) {
	id, err := s.attemptOf(token)
	if err != nil {
		return Choices{}, err
	}
	a, limit, err := s.attempt(ctx, id)
	if err != nil {
		return Choices{}, err
	}
	o, err := s.orders.ByID(ctx, a.OrderID)
	if err != nil {
		return Choices{}, err
	}
	ad := o.Address
	return Choices{Issue: toIssue(a, limit), Dates: s.dates(), Name: strings.TrimSpace(ad.FirstName + " " + ad.LastName),
		Phone: ad.Phone, Address1: ad.Address1, Address2: ad.Address2, City: ad.City, State: ad.State, Pincode: ad.Pincode}, nil
}

// AnswerByLink is the shopper answering the attempt their link names. Errors: NotFound 'This
// link is not valid…'; Invalid (fields: action, date, phone, address1, address2); Conflict when
// the attempt was answered already or is closed.
func (s *Service) AnswerByLink(ctx context.Context, token string, in Answer) (Issue, error) {
	id, err := s.attemptOf(token)
	if err != nil {
		return Issue{}, err
	}
	in.Note = ""
	return s.answer(ctx, id, in, order.ActorShopper, false)
}

// AnswerForShopper is staff answering attempt id for the shopper (after a call), with a note.
// Errors: NotFound 'Delivery issue not found'; Invalid (fields: action, date, phone, address1,
// address2, note); Conflict when it was answered already or is closed.
func (s *Service) AnswerForShopper(ctx context.Context, id string, in Answer, actor string) (Issue, error) {
	if !shop.IsID(strings.TrimSpace(id)) {
		return Issue{}, shop.E(shop.NotFound, msgNotFound)
	}
	return s.answer(ctx, strings.TrimSpace(id), in, actor, true)
}

func (s *Service) answer(ctx context.Context, id string, in Answer, actor string, staff bool) (Issue, error) {
	if err := s.check(&in, staff); err != nil {
		return Issue{}, err
	}
	var issue Issue
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		a, err := q.LockAttempt(ctx, id)
		if noRows(err) {
			return shop.E(shop.NotFound, msgNotFound)
		}
		if err != nil {
			return err
		}
		switch {
		case a.Action != "":
			return shop.E(shop.Conflict, msgAnswered)
		case a.ClosedAt != nil:
			return shop.E(shop.Conflict, "%s (%s)", msgClosed, a.Outcome)
		}
		a, err = q.Answer(ctx, ndrdb.AnswerParams{ID: id, Action: string(in.Action), DeferredDate: pgDate(in.Date),
			Phone: in.Phone, Address1: in.Address1, Address2: in.Address2, Note: in.Note, AnsweredBy: actor})
		if err != nil {
			return err
		}
		limit, err := q.AttemptLimit(ctx)
		if err != nil {
			return err
		}
		issue = toIssue(a, limit)
		if err := outbox.Enqueue(ctx, tx, jobs.ActOnNDR(id)); err != nil {
			return err
		}
		o, err := s.orders.ByID(ctx, a.OrderID)
		if err != nil {
			return err
		}
		return publish(ctx, tx, o)
	})
	return issue, err
}

// Send sends the answer to attempt id to the courier's NDR action API, once (see the package
// doc): an answer sent already, or an attempt not answered, is done. A return, once the
// courier has it, moves the order to RTO_INITIATED. Errors: NotFound; Invalid when the courier
// refuses the answer (retrying cannot help; the refusal is kept for staff); ErrNotConfigured;
// the courier's temporary errors.
func (s *Service) Send(ctx context.Context, id string) error {
	a, err := s.store.q.AttemptByID(ctx, id)
	if noRows(err) {
		return shop.E(shop.NotFound, msgNotFound)
	}
	if err != nil || a.Action == "" {
		return err
	}
	if a.SentAt != nil {
		return s.settle(ctx, a)
	}
	if s.courier == nil {
		return ErrNotConfigured
	}
	try, err := s.store.q.StartSend(ctx, id)
	if err != nil {
		return err
	}
	if try > 1 {
		// An earlier try may have reached the courier before its worker died or its answer
		// was lost: ask before sending, so the courier never gets the answer twice.
		n, found, err := s.courier.NDR(ctx, s.cfg.Credentials, a.Awb)
		if err != nil {
			return err
		}
		if found && n.Acted(int(a.Attempt)) {
			return s.sent(ctx, a)
		}
	}
	if err := s.courier.ActOnNDR(ctx, s.cfg.Credentials, a.Awb, s.courierAction(a)); err != nil {
		if shiprocket.IsTemporary(err) {
			return err
		}
		if markErr := s.store.q.MarkSendFailed(ctx, ndrdb.MarkSendFailedParams{ID: id, SendError: truncate(err.Error(), 300)}); markErr != nil {
			return markErr
		}
		return shop.Wrap(shop.Invalid, err, "Shiprocket refused the NDR action")
	}
	return s.sent(ctx, a)
}

// sent records that the courier has attempt a's answer, tells the order's pages, and settles it.
func (s *Service) sent(ctx context.Context, a ndrdb.NdrAttempt) error {
	o, err := s.orders.ByID(ctx, a.OrderID)
	if err != nil {
		return err
	}
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.store.q.WithTx(tx).MarkSent(ctx, a.ID); err != nil {
			return err
		}
		return publish(ctx, tx, o)
	})
	if err != nil {
		return err
	}
	return s.settle(ctx, a)
}

// settle does what a sent answer means here: a return moves the order to RTO_INITIATED.
func (s *Service) settle(ctx context.Context, a ndrdb.NdrAttempt) error {
	if Action(a.Action) != Return {
		return nil
	}
	return s.returnToOrigin(ctx, a.OrderID, a.AnsweredBy, "Return to origin asked after a failed delivery attempt")
}

// courierAction is attempt a's answer as the courier's NDR API takes it.
func (s *Service) courierAction(a ndrdb.NdrAttempt) shiprocket.NDRAction {
	if Action(a.Action) == Return {
		return shiprocket.NDRAction{Action: shiprocket.NDRReturn, Comments: comments("Return to origin", a)}
	}
	act := shiprocket.NDRAction{Action: shiprocket.NDRReattempt, Phone: a.Phone, Address1: a.Address1, Address2: a.Address2}
	if a.DeferredDate.Valid {
		act.DeferredDate = a.DeferredDate.Time.Format(time.DateOnly)
		act.Comments = comments("Deliver on "+act.DeferredDate, a)
	} else {
		act.DeferredDate = a.AnsweredAt.In(india).AddDate(0, 0, 1).Format(time.DateOnly)
		act.Comments = comments("Deliver again at the corrected phone or address", a)
	}
	return act
}

func comments(what string, a ndrdb.NdrAttempt) string {
	by := "the buyer"
	if strings.HasPrefix(a.AnsweredBy, "staff:") {
		by = "the seller after a call"
	}
	c := what + ", asked by " + by
	if a.Note != "" {
		c += ": " + a.Note
	}
	return truncate(c, 250)
}

// Queue is the back office's NDR queue: every open attempt, oldest first. Errors: Unavailable.
func (s *Service) Queue(ctx context.Context) (Queue, error) {
	rows, err := s.store.q.OpenAttempts(ctx)
	if err != nil {
		return Queue{}, err
	}
	limit, err := s.store.q.AttemptLimit(ctx)
	if err != nil {
		return Queue{}, err
	}
	q := Queue{Issues: make([]Issue, len(rows)), AttemptLimit: int(limit)}
	for i, r := range rows {
		q.Issues[i] = toIssue(r, limit)
	}
	return q, nil
}

// ForOrder is order id's latest failed attempt, for the back office's order page; nil when it
// has none. Errors: Unavailable.
func (s *Service) ForOrder(ctx context.Context, id string) (*Issue, error) {
	return s.latest(ctx, strings.TrimSpace(id), false)
}

// ForShopper is the latest failed attempt of the shopper's order number, with the link to
// answer it while it can be; nil when it has none. Errors: NotFound 'Order not found' for an
// order that is not theirs.
func (s *Service) ForShopper(ctx context.Context, userID, number string) (*Issue, error) {
	o, err := s.orders.Get(ctx, userID, number)
	if err != nil {
		return nil, err
	}
	return s.latest(ctx, o.ID, true)
}

func (s *Service) latest(ctx context.Context, orderID string, withToken bool) (*Issue, error) {
	rows, err := s.store.q.OrderAttempts(ctx, orderID)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	limit, err := s.store.q.AttemptLimit(ctx)
	if err != nil {
		return nil, err
	}
	issue := toIssue(rows[len(rows)-1], limit)
	if withToken && issue.Open && !issue.Answered {
		issue.Token = s.token(issue.ID)
	}
	return &issue, nil
}

// AttemptLimit is how many failed attempts the courier makes before the parcel goes back.
func (s *Service) AttemptLimit(ctx context.Context) (int, error) {
	n, err := s.store.q.AttemptLimit(ctx)
	return int(n), err
}

// SetAttemptLimit changes the courier's attempt limit (1 to 10). Errors: Invalid.
func (s *Service) SetAttemptLimit(ctx context.Context, n int) (int, error) {
	if n < 1 || n > 10 {
		return 0, shop.Problems{"attemptLimit": "The attempt limit must be from 1 to 10"}.Err()
	}
	got, err := s.store.q.SetAttemptLimit(ctx, int32(n))
	return int(got), err
}

// UnsentSince lists up to limit answered attempts not sent to the courier for age (their job
// lost with Redis's data), to queue again; a queued one keeps its task id, so none runs twice.
func (s *Service) UnsentSince(ctx context.Context, age time.Duration, limit int) ([]string, error) {
	before := s.now().Add(-age)
	return s.store.q.UnsentSince(ctx, ndrdb.UnsentSinceParams{Before: &before, MaxRows: int32(limit)})
}

func (s *Service) attempt(ctx context.Context, id string) (ndrdb.NdrAttempt, int32, error) {
	a, err := s.store.q.AttemptByID(ctx, id)
	if noRows(err) {
		return a, 0, shop.E(shop.NotFound, msgBadLink)
	}
	if err != nil {
		return a, 0, err
	}
	limit, err := s.store.q.AttemptLimit(ctx)
	return a, limit, err
}

// publish tells the shopper's pages and the back office that order o's shipment changed.
func publish(ctx context.Context, tx pgx.Tx, o order.Order) error {
	return outbox.PublishMany(ctx, tx, event.ShipmentUpdated,
		[]string{realtime.UserTopic(o.UserID), realtime.TopicAdminOrders, realtime.TopicAdminDashboard},
		event.OrderChange{OrderNumber: o.Number, ID: o.ID, OrderStatus: string(o.Status), PaymentStatus: string(o.PaymentStatus),
			PaymentMode: string(o.PaymentMode), Amount: o.Amount, NotAdded: false, AWB: o.Courier.AWB})
}

func noRows(err error) bool {
	return errors.Is(err, pgx.ErrNoRows) || shop.Is(err, shop.NotFound)
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
