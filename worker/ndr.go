package main

// Failed deliveries (issue 19, package ndr): the answer to a failed attempt goes to the
// courier's NDR action API through a job named after the attempt; the tracking sweep's reports
// reach ndr through the shipping service (ReportTo), so an UNDELIVERED status the webhook lost
// is recorded too; and the sweep queues again the answers Redis may have lost.

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"

	"drape/internal/ndr"
	"drape/internal/order"
	"drape/internal/shipping"
	"drape/internal/shop"
	"drape/jobs"
)

// newNDR is the failed delivery service as the worker uses it, hearing every courier report
// the worker's shipping service applies.
func newNDR(cfg Config, pool *pgxpool.Pool, rdb redis.Cmdable, orders *order.Service, shipments *shipping.Service) *ndr.Service {
	var courier ndr.Courier
	if session := cfg.Shiprocket.NewSession(rdb); session != nil {
		courier = session
	}
	answers := ndr.NewService(pool, ndr.Config{PublicURL: cfg.PublicURL, Secret: []byte(cfg.LinkSecret),
		Credentials: cfg.Shiprocket.Credentials}, orders, courier)
	shipments.ReportTo(answers)
	return answers
}

// ndrJobs runs the NDR jobs.
type ndrJobs struct {
	ndr   *ndr.Service
	queue *jobs.Client
	log   *slog.Logger
}

// register adds the NDR jobs' handlers to m and answers it.
func (n ndrJobs) register(m *asynq.ServeMux) *asynq.ServeMux {
	m.HandleFunc(jobs.TypeActOnNDR, n.act)
	return m
}

// act sends an attempt's answer to the courier. An answer the courier refuses is kept for
// staff and not retried; an attempt that no longer exists is done.
func (n ndrJobs) act(ctx context.Context, t *asynq.Task) error {
	var p jobs.NDRPayload
	if err := jobs.Decode(t.Payload(), &p); err != nil {
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	err := n.ndr.Send(ctx, p.AttemptID)
	switch {
	case shop.Is(err, shop.NotFound):
		n.log.Warn("NDR answer about an attempt that does not exist", "attempt", p.AttemptID)
		return nil
	case shop.Is(err, shop.Invalid):
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	return err
}

// run queues again, every interval, the answers not sent for requeueAfter (a job still known
// keeps its id, so none runs twice).
func (n ndrJobs) run(ctx context.Context, every, requeueAfter time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		ids, err := n.ndr.UnsentSince(ctx, requeueAfter, sweepBatch)
		if err != nil && ctx.Err() == nil {
			n.log.Error("listing NDR answers not sent", "err", err)
		}
		for _, id := range ids {
			if err := n.queue.Enqueue(ctx, jobs.ActOnNDR(id)); err != nil && ctx.Err() == nil {
				n.log.Error("queuing an NDR answer again", "attempt", id, "err", err)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
