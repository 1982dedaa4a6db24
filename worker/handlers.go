package main

import (
	"context"
	"log/slog"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/provider/mail"
)

// handlers turns asynq tasks into domain calls: decode the payload (jobs package), call the
// domain's service, return its error so asynq retries. Each handler is idempotent, because
// the outbox delivers at least once.
type handlers struct {
	pool *pgxpool.Pool
	mail *mail.Sender
	log  *slog.Logger
}

// mux routes task types to handlers. Domains add their job types here as they gain
// background work (DESIGN.md: mail, shipment push, payment checks, expiry).
func (h *handlers) mux() *asynq.ServeMux {
	return asynq.NewServeMux()
}

// jobFailed logs every failed attempt; asynq retries with backoff and archives the job after
// its last retry.
func (h *handlers) jobFailed(ctx context.Context, task *asynq.Task, err error) {
	retried, _ := asynq.GetRetryCount(ctx)
	maxRetry, _ := asynq.GetMaxRetry(ctx)
	id, _ := asynq.GetTaskID(ctx)
	h.log.Warn("job failed", "type", task.Type(), "task_id", id, "retry", retried, "max_retry", maxRetry, "err", err)
}
