package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/mailqueue"
	"drape/internal/payment"
	"drape/internal/provider/mail"
	"drape/internal/returns"
	"drape/internal/shipping"
	"drape/internal/shop"
	"drape/jobs"
)

// handlers turns asynq tasks into domain calls: decode the payload (jobs package), call the
// domain's service, return its error so asynq retries. Each handler is idempotent, because
// the outbox delivers at least once.
type handlers struct {
	pool     *pgxpool.Pool
	mails    *mailqueue.Service
	payments *payment.Service
	shipping *shipping.Service
	returns  *returns.Service
	log      *slog.Logger
}

// mux routes task types to handlers.
func (h *handlers) mux() *asynq.ServeMux {
	m := asynq.NewServeMux()
	m.HandleFunc(jobs.TypeSendMail, h.sendMail)
	m.HandleFunc(jobs.TypeRefundPayment, h.orderTask(h.payments.Refund))
	m.HandleFunc(jobs.TypeReconcilePayment, h.orderTask(h.payments.Reconcile))
	m.HandleFunc(jobs.TypeRefundReturn, h.refundReturn)
	m.HandleFunc(jobs.TypePushShipment, h.orderTask(h.pushShipment))
	m.HandleFunc(jobs.TypeCancelShipment, h.orderTask(h.shipping.CancelAtCourier))
	m.HandleFunc(jobs.TypeTrackShipment, h.orderTask(h.shipping.Track))
	return m
}

// pushShipment pushes an order to the courier. When the courier refuses it, or the last
// retry fails, the order is flagged for staff ('Not Added on Shiprocket') and the job ends.
func (h *handlers) pushShipment(ctx context.Context, orderID string) error {
	err := h.shipping.Push(ctx, orderID)
	if err == nil || shop.Is(err, shop.NotFound) {
		return err
	}
	retried, _ := asynq.GetRetryCount(ctx)
	maxRetry, _ := asynq.GetMaxRetry(ctx)
	if shop.Is(err, shop.Invalid) || retried >= maxRetry {
		if giveUpErr := h.shipping.GiveUp(ctx, orderID, err); giveUpErr != nil {
			return giveUpErr
		}
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	return err
}

// retryDelay is how long a failed job waits before its next try: asynq's default for most
// jobs, and for courier jobs and WhatsApp/SMS sends first, doubled on each retry up to most, so a provider that is
// down for a while is tried often at first and patiently after.
func retryDelay(first, most time.Duration) asynq.RetryDelayFunc {
	return func(n int, err error, t *asynq.Task) time.Duration {
		switch t.Type() {
		case jobs.TypePushShipment, jobs.TypeCancelShipment, jobs.TypeTrackShipment, jobs.TypeBookReturnPickup, jobs.TypeTrackReturnPickup,
			jobs.TypeSendMessage, jobs.TypeActOnNDR:
			return min(first<<min(n, 20), most)
		}
		return asynq.DefaultRetryDelayFunc(n, err, t)
	}
}

// orderTask runs use case on the order a task names. An order that no longer exists is done.
func (h *handlers) orderTask(useCase func(ctx context.Context, orderID string) error) func(context.Context, *asynq.Task) error {
	return func(ctx context.Context, t *asynq.Task) error {
		var p jobs.OrderPayload
		if err := jobs.Decode(t.Payload(), &p); err != nil {
			return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
		}
		err := useCase(ctx, p.OrderID)
		if shop.Is(err, shop.NotFound) {
			h.log.Warn("task about an order that does not exist", "type", t.Type(), "order", p.OrderID)
			return nil
		}
		return err
	}
}

// sendMail sends one queued e-mail. A message the SMTP server can never take (a bad
// recipient) is not retried; one that no longer exists (its transaction rolled back) is done.
func (h *handlers) sendMail(ctx context.Context, t *asynq.Task) error {
	var p jobs.SendMailPayload
	if err := jobs.Decode(t.Payload(), &p); err != nil {
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	err := h.mails.Deliver(ctx, p.Kind, p.Ref)
	switch {
	case shop.Is(err, shop.NotFound):
		h.log.Warn("mail to send no longer exists", "kind", p.Kind, "ref", p.Ref)
		return nil
	case errors.Is(err, mail.ErrInvalidRecipient), errors.Is(err, mail.ErrInvalidMessage):
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	return err
}

// jobFailed logs every failed attempt; asynq retries with backoff and archives the job after
// its last retry.
func (h *handlers) jobFailed(ctx context.Context, task *asynq.Task, err error) {
	retried, _ := asynq.GetRetryCount(ctx)
	maxRetry, _ := asynq.GetMaxRetry(ctx)
	id, _ := asynq.GetTaskID(ctx)
	h.log.Warn("job failed", "type", task.Type(), "task_id", id, "retry", retried, "max_retry", maxRetry, "err", err)
}
