package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/notify"
	"drape/internal/provider/msg91"
	"drape/internal/provider/whatsapp"
	"drape/internal/shop"
	"drape/jobs"
)

// newMessages is the WhatsApp and SMS sender of cfg's accounts; a channel without an account
// keeps its messages waiting.
func newMessages(cfg Config, pool *pgxpool.Pool) *notify.Service {
	var wa, sms notify.Provider
	if cfg.WhatsApp.Enabled() {
		wa = notify.WhatsAppProvider(whatsapp.New(cfg.WhatsApp, nil))
	}
	if cfg.MSG91.Enabled() {
		sms = notify.SMSProvider(msg91.New(cfg.MSG91, nil))
	}
	return notify.NewService(pool, wa, sms)
}

// messageJobs sends WhatsApp and SMS messages and queues again the ones left waiting.
type messageJobs struct {
	messages *notify.Service
	queue    *jobs.Client
	log      *slog.Logger
}

// send sends one queued message. While the provider refuses it for now, the job is retried;
// after the last retry it ends without failing, so that the sweep queues the message again
// later (a failed job would keep its id and the message would wait for good).
func (m messageJobs) send(ctx context.Context, t *asynq.Task) error {
	var p jobs.SendMailPayload
	if err := jobs.Decode(t.Payload(), &p); err != nil {
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	err := m.messages.Deliver(ctx, p.Kind, p.Ref)
	switch {
	case shop.Is(err, shop.NotFound):
		m.log.Warn("message to send no longer exists", "kind", p.Kind, "ref", p.Ref)
		return nil
	case err == nil:
		return nil
	}
	retried, _ := asynq.GetRetryCount(ctx)
	maxRetry, _ := asynq.GetMaxRetry(ctx)
	if retried >= maxRetry {
		m.log.Warn("message still not sent after the job's last retry; the sweep queues it again", "kind", p.Kind, "ref", p.Ref, "err", err)
		return nil
	}
	return err
}

// run queues again, every interval, the messages waiting longer than after.
func (m messageJobs) run(ctx context.Context, every, after time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		waiting, err := m.messages.WaitingSince(ctx, after, sweepBatch)
		if err != nil && ctx.Err() == nil {
			m.log.Error("listing waiting messages", "err", err)
		}
		for _, w := range waiting {
			if err := m.queue.Enqueue(ctx, jobs.SendMessageAgain(w.Kind, w.Ref, w.Attempts)); err != nil && ctx.Err() == nil {
				m.log.Warn("queueing a message again", "kind", w.Kind, "ref", w.Ref, "err", err)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
