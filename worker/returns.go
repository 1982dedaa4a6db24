package main

// The return and exchange requests' jobs (issue 18): refunds of returns through the gateway,
// reverse pickups, and exchanges' new parcels (return:ship_exchange, queued by a passed QC). An approval is an outbox event
// (return.updated, APPROVED, to the admin order board); the relay hands it to returnReactions,
// which queues the booking job under the request's own job id before the event is published,
// so a committed approval is booked exactly once however often the event is redelivered. The
// sweep queues again the bookings Redis may have lost and tracks pickups whose courier fell
// silent.

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"

	"drape/internal/catalog"
	"drape/internal/company"
	"drape/internal/order"
	"drape/internal/outbox"
	"drape/internal/payment"
	"drape/internal/returns"
	"drape/internal/sale"
	"drape/internal/shop"
	"drape/internal/shop/event"
	"drape/jobs"
	"drape/realtime"
)

// newReturns is the return service as the worker uses it: refunds of returns through the
// payment service.
func newReturns(cfg Config, pool *pgxpool.Pool, orders *order.Service, payments *payment.Service) *returns.Service {
	r := returns.NewService(pool, returns.Config{PublicURL: cfg.PublicURL}, orders, catalog.NewService(pool, sale.NewService(pool)))
	r.UsePayments(payments)
	return r
}

// refundReturn refunds the return request a task names through the gateway.
func (h *handlers) refundReturn(ctx context.Context, t *asynq.Task) error {
	var p jobs.ReturnPayload
	if err := jobs.Decode(t.Payload(), &p); err != nil {
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	return h.returns.PayRefund(ctx, p.RequestID)
}

// newReturnPickups wires the reverse pickup service the worker's return jobs call.
func newReturnPickups(cfg Config, pool *pgxpool.Pool, rdb redis.Cmdable, requests *returns.Service) *returns.Pickups {
	var courier returns.Courier
	if session := cfg.Shiprocket.NewSession(rdb); session != nil {
		courier = session
	}
	return returns.NewPickups(requests, company.NewService(pool), courier,
		returns.PickupConfig{Credentials: cfg.Shiprocket.Credentials, WebhookToken: cfg.Shiprocket.WebhookToken})
}

// returnJobs runs the return jobs and reacts to return events.
type returnJobs struct {
	pickups  *returns.Pickups
	requests *returns.Service
	queue    *jobs.Client
	log      *slog.Logger
}

// register adds the return jobs' handlers to m and answers it.
func (r returnJobs) register(m *asynq.ServeMux) *asynq.ServeMux {
	m.HandleFunc(jobs.TypeBookReturnPickup, r.requestTask(r.bookPickup))
	m.HandleFunc(jobs.TypeTrackReturnPickup, r.requestTask(r.pickups.Track))
	m.HandleFunc(jobs.TypeShipExchange, r.requestTask(r.requests.ShipExchange))
	return m
}

// bookPickup books a request's reverse pickup. When the courier refuses it, or the last retry
// fails, the failure is recorded on the request's pickup for staff and the job ends.
func (r returnJobs) bookPickup(ctx context.Context, id string) error {
	err := r.pickups.Book(ctx, id)
	if err == nil || shop.Is(err, shop.NotFound) {
		return err
	}
	retried, _ := asynq.GetRetryCount(ctx)
	maxRetry, _ := asynq.GetMaxRetry(ctx)
	if shop.Is(err, shop.Invalid) || retried >= maxRetry {
		if giveUpErr := r.pickups.GiveUp(ctx, id, err); giveUpErr != nil {
			return giveUpErr
		}
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	return err
}

// requestTask runs use case on the request a task names. A request that no longer exists is done.
func (r returnJobs) requestTask(useCase func(ctx context.Context, requestID string) error) func(context.Context, *asynq.Task) error {
	return func(ctx context.Context, t *asynq.Task) error {
		var p jobs.ReturnPayload
		if err := jobs.Decode(t.Payload(), &p); err != nil {
			return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
		}
		err := useCase(ctx, p.RequestID)
		if shop.Is(err, shop.NotFound) {
			r.log.Warn("task about a return request that does not exist", "type", t.Type(), "request", p.RequestID)
			return nil
		}
		return err
	}
}

// returnReactions is the relay's broadcaster with the return events' jobs in front: an
// approval on the admin order board queues the request's pickup booking before the event is
// published. When queuing fails the event is not published and the relay delivers it again.
type returnReactions struct {
	next  outbox.Broadcaster
	queue *jobs.Client
}

// Publish queues the job ev calls for, if any, and publishes ev.
func (r returnReactions) Publish(ctx context.Context, ev realtime.Event) error {
	if ev.Type == string(event.ReturnUpdated) && ev.Topic == realtime.TopicAdminOrders {
		var change event.ReturnChange
		if err := json.Unmarshal(ev.Data, &change); err != nil {
			return fmt.Errorf("return event %s: %w", ev.ID, err)
		}
		if returns.Status(change.Status) == returns.Approved {
			if err := r.queue.Enqueue(ctx, jobs.BookReturnPickup(change.ID)); err != nil {
				return err
			}
		}
	}
	return r.next.Publish(ctx, ev)
}

// sweep queues again the bookings of approved requests not at the courier, and the new
// parcels of exchanges whose QC passed without one, after requeueAfter (Redis may have lost
// their jobs; a job still known keeps its id, so nothing runs twice), and a tracking check of
// pickups without news for trackAfter.
func (r returnJobs) sweep(ctx context.Context, requeueAfter, trackAfter time.Duration) {
	unbooked, err := r.pickups.Unbooked(ctx, requeueAfter, sweepBatch)
	if err != nil {
		if ctx.Err() == nil {
			r.log.Error("listing approved returns not at the courier", "err", err)
		}
		return
	}
	for _, id := range unbooked {
		if err := r.queue.Enqueue(ctx, jobs.BookReturnPickup(id)); err != nil && ctx.Err() == nil {
			r.log.Warn("queueing a return pickup booking again", "request", id, "err", err)
		}
	}
	unshipped, err := r.requests.Unshipped(ctx, requeueAfter, sweepBatch)
	if err != nil {
		if ctx.Err() == nil {
			r.log.Error("listing exchanges without their new parcel", "err", err)
		}
		return
	}
	for _, id := range unshipped {
		if err := r.queue.Enqueue(ctx, jobs.ShipExchange(id)); err != nil && ctx.Err() == nil {
			r.log.Warn("queueing an exchange's new parcel again", "request", id, "err", err)
		}
	}
	quiet, err := r.pickups.Quiet(ctx, trackAfter, sweepBatch)
	if err != nil {
		if ctx.Err() == nil {
			r.log.Error("listing return pickups without news", "err", err)
		}
		return
	}
	round := time.Now().Unix() / 60
	for _, id := range quiet {
		if err := r.queue.Enqueue(ctx, jobs.TrackReturnPickup(id, round)); err != nil && ctx.Err() == nil {
			r.log.Warn("queueing a return pickup tracking check", "request", id, "err", err)
		}
	}
}

// run sweeps every interval until ctx is done.
func (r returnJobs) run(ctx context.Context, every, requeueAfter, trackAfter time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		r.sweep(ctx, requeueAfter, trackAfter)
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
