package main

// Shoppers' erasures (issue 23, package privacy): the request is logged by the server with its
// job in the outbox; the job erases the shopper through each domain's service in one
// transaction. A request whose job Redis lost is queued again by the sweep.

import (
	"context"
	"crypto/rand"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/account"
	"drape/internal/address"
	"drape/internal/audit"
	"drape/internal/backinstock"
	"drape/internal/cart"
	"drape/internal/catalog"
	"drape/internal/grievance"
	"drape/internal/mailqueue"
	"drape/internal/ndr"
	"drape/internal/notify"
	"drape/internal/order"
	"drape/internal/privacy"
	"drape/internal/returns"
	"drape/internal/review"
	"drape/internal/sale"
	"drape/internal/wishlist"
	"drape/jobs"
)

// newPrivacy is the privacy service as the worker uses it: erasing through every domain.
func newPrivacy(cfg Config, pool *pgxpool.Pool, orders *order.Service, requests *returns.Service, answers *ndr.Service,
	messages *notify.Service, mails *mailqueue.Service) *privacy.Service {
	// The worker signs no session token: the account service needs a key all the same, so one
	// is made for the process when the servers' is not configured here.
	secret := []byte(cfg.LinkSecret)
	if len(secret) < account.MinSecretLength {
		secret = make([]byte, 32)
		_, _ = rand.Read(secret)
	}
	products := catalog.NewService(pool, sale.NewService(pool))
	return privacy.NewService(pool, privacy.Domains{
		Accounts: account.NewService(pool, account.Config{Secret: secret}), Addresses: address.NewService(pool),
		Carts: cart.NewService(pool, products), Wishlists: wishlist.NewService(pool), Orders: orders, Returns: requests,
		Reviews: review.NewService(pool), Restock: backinstock.NewService(pool, products, backinstock.Config{PublicURL: cfg.PublicURL}),
		Messages: messages, Mails: mails, NDR: answers, Audit: audit.NewService(pool), Sales: sale.NewService(pool),
		Complaints: grievance.NewService(pool, grievance.Config{PublicURL: cfg.PublicURL})},
		privacy.Config{PublicURL: cfg.PublicURL})
}

// privacyJobs runs the erasure job and its sweep, which also applies the retention period.
type privacyJobs struct {
	privacy      *privacy.Service
	queue        *jobs.Client
	retention    time.Duration // how long an inactive shopper's data is kept (0: no limit)
	logRetention time.Duration // how long the mail and message logs are kept (0: no limit)
	log          *slog.Logger
}

// erase completes one erasure request. Run twice, it erases once; while an order is still on
// its way (placed between the request and the job) it fails and retries.
func (p privacyJobs) erase(ctx context.Context, t *asynq.Task) error {
	var in jobs.ErasePayload
	if err := jobs.Decode(t.Payload(), &in); err != nil {
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	if err := p.privacy.Erase(ctx, in.RequestID); err != nil {
		return err
	}
	p.log.Info("shopper erased", "request", in.RequestID)
	return nil
}

// announce sends a sale switched on to the shoppers who opted in to marketing. Run twice, it
// sends nobody anything twice.
func (p privacyJobs) announce(ctx context.Context, t *asynq.Task) error {
	var in jobs.SalePayload
	if err := jobs.Decode(t.Payload(), &in); err != nil {
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	sent, err := p.privacy.AnnounceSale(ctx, in.SaleID)
	if err != nil {
		return err
	}
	p.log.Info("sale announced to opted-in shoppers", "sale", in.SaleID, "messages", sent)
	return nil
}

// run queues again, every interval, the erasures waiting longer than requeueAfter, and warns or
// erases the shoppers inactive past the retention period, and forgets the message logs past
// theirs.
func (p privacyJobs) run(ctx context.Context, interval, requeueAfter time.Duration) {
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		if warned, erased, err := p.privacy.SweepRetention(ctx, p.retention, 100); err != nil {
			p.log.Warn("retention sweep", "error", err)
		} else if warned+erased > 0 {
			p.log.Info("retention sweep", "warned", warned, "erasures_asked", erased)
		}
		if n, err := p.privacy.ForgetOldLogs(ctx, p.logRetention); err != nil {
			p.log.Warn("message log retention", "error", err)
		} else if n > 0 {
			p.log.Info("message log retention", "forgotten", n)
		}
		ids, err := p.privacy.WaitingErasures(ctx, requeueAfter, 100)
		if err != nil {
			p.log.Warn("privacy sweep", "error", err)
			continue
		}
		for _, id := range ids {
			if err := p.queue.Enqueue(ctx, jobs.EraseShopper(id)); err != nil {
				p.log.Warn("privacy sweep: queue", "request", id, "error", err)
			}
		}
	}
}
