package main

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"

	"drape/internal/address"
	"drape/internal/cart"
	"drape/internal/catalog"
	"drape/internal/company"
	"drape/internal/coupon"
	"drape/internal/mailqueue"
	"drape/internal/order"
	"drape/internal/payment"
	"drape/internal/sale"
	"drape/internal/shipping"
	"drape/jobs"
)

// Reconciliation: an online order still waiting after reconcileAfter is checked with the
// gateway on every sweep until it is paid or expires.
const (
	reconcileAfter = 5 * time.Minute
	sweepBatch     = 200
)

// newOrderServices wires the order, payment and shipping services the worker's jobs call.
func newOrderServices(cfg Config, pool *pgxpool.Pool, rdb redis.Cmdable, log *slog.Logger) (*order.Service, *payment.Service, *shipping.Service) {
	products := catalog.NewService(pool, sale.NewService(pool))
	orders := order.NewService(pool, order.Config{PublicURL: cfg.PublicURL, PickupLocation: cfg.PickupLocation},
		products, cart.NewService(pool, products), coupon.NewService(pool), address.NewService(pool), company.NewService(pool))
	var gateway payment.Gateway
	if client := cfg.Razorpay.NewClient(); client != nil {
		gateway = client
	}
	payments := payment.NewService(pool, payment.Config{KeyID: cfg.Razorpay.KeyID, KeySecret: cfg.Razorpay.KeySecret,
		WebhookSecret: cfg.Razorpay.WebhookSecret}, orders, gateway, log)
	var courier shipping.Courier
	if session := cfg.Shiprocket.NewSession(rdb); session != nil {
		courier = session
	}
	shipments := shipping.NewService(orders, courier, shipping.Config{Credentials: cfg.Shiprocket.Credentials,
		WebhookToken: cfg.Shiprocket.WebhookToken, PickupLocation: cfg.PickupLocation, Reseller: cfg.ShopName})
	return orders, payments, shipments
}

// sweeper expires online orders whose payment window passed and cash-on-delivery orders not
// confirmed in time (their stock goes back), and
// queues a gateway check for those that have waited longer than reconcileAfter. Every worker
// runs one: expiry claims orders with SKIP LOCKED and checks are deduplicated by task id, so
// more workers only mean more frequent sweeps.
type sweeper struct {
	orders       *order.Service
	mails        *mailqueue.Service
	queue        *jobs.Client
	trackAfter   time.Duration // shipments without news this long are asked about
	requeueAfter time.Duration // pushes and mails not done this long are queued again
	log          *slog.Logger
}

func (s sweeper) run(ctx context.Context, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		s.sweep(ctx)
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

func (s sweeper) sweep(ctx context.Context) {
	for {
		n, err := s.orders.ExpireUnpaid(ctx, sweepBatch)
		if err != nil {
			if ctx.Err() == nil {
				s.log.Error("expiring unpaid orders", "err", err)
			}
			return
		}
		if n > 0 {
			s.log.Info("expired unpaid orders", "count", n)
		}
		if n < sweepBatch {
			break
		}
	}
	for {
		n, err := s.orders.ExpireUnconfirmed(ctx, sweepBatch)
		if err != nil {
			if ctx.Err() == nil {
				s.log.Error("expiring unconfirmed COD orders", "err", err)
			}
			return
		}
		if n > 0 {
			s.log.Info("expired unconfirmed COD orders", "count", n)
		}
		if n < sweepBatch {
			break
		}
	}
	ids, err := s.orders.AwaitingPayment(ctx, reconcileAfter, sweepBatch)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Error("listing orders awaiting payment", "err", err)
		}
		return
	}
	round := time.Now().Unix() / 60
	for _, id := range ids {
		if err := s.queue.Enqueue(ctx, jobs.ReconcilePayment(id, round)); err != nil && ctx.Err() == nil {
			s.log.Warn("queueing a payment check", "order", id, "err", err)
		}
	}
	quiet, err := s.orders.StaleShipments(ctx, s.trackAfter, sweepBatch)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Error("listing shipments without news", "err", err)
		}
		return
	}
	for _, id := range quiet {
		if err := s.queue.Enqueue(ctx, jobs.TrackShipment(id, round)); err != nil && ctx.Err() == nil {
			s.log.Warn("queueing a tracking check", "order", id, "err", err)
		}
	}
	s.requeueLost(ctx)
}

// requeueLost queues again, under their own job ids, the shipment pushes and mails that
// should long have been done: Redis may have lost their jobs (a crash without persistence).
// A job still queued, running, retrying or kept after failing has its id taken, so nothing
// runs twice.
func (s sweeper) requeueLost(ctx context.Context) {
	unpushed, err := s.orders.UnpushedSince(ctx, s.requeueAfter, sweepBatch)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Error("listing orders not at the courier", "err", err)
		}
		return
	}
	for _, id := range unpushed {
		if err := s.queue.Enqueue(ctx, jobs.PushShipment(id)); err != nil && ctx.Err() == nil {
			s.log.Warn("queueing a shipment push again", "order", id, "err", err)
		}
	}
	unsent, err := s.mails.UnsentSince(ctx, s.requeueAfter, sweepBatch)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Error("listing unsent mails", "err", err)
		}
		return
	}
	for _, m := range unsent {
		if err := s.queue.Enqueue(ctx, jobs.SendMail(m.Kind, m.Ref)); err != nil && ctx.Err() == nil {
			s.log.Warn("queueing a mail again", "kind", m.Kind, "ref", m.Ref, "err", err)
		}
	}
}
