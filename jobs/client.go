package jobs

import (
	"context"
	"errors"
	"time"

	"github.com/hibiken/asynq"
)

// Client queues jobs on asynq.
type Client struct{ asynq *asynq.Client }

// NewClient wraps an asynq client.
func NewClient(c *asynq.Client) *Client { return &Client{asynq: c} }

// Enqueue queues j under its deterministic ID. A job whose ID is already queued is not queued
// again, and that is not an error: it is how redelivery from the outbox stays harmless.
func (c *Client) Enqueue(ctx context.Context, j Job) error {
	_, err := c.asynq.EnqueueContext(ctx, asynq.NewTask(j.Type, j.Payload),
		asynq.TaskID(j.ID), asynq.Queue(j.Queue), asynq.MaxRetry(MaxRetry), asynq.Retention(Retention))
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	return err
}

// Retention keeps a finished job's ID taken for a day, so the outbox redelivering it after a
// crash does not run it again.
const Retention = 24 * time.Hour

// MaxRetry is how often a failing job is retried (with asynq's exponential backoff) before it
// is archived.
const MaxRetry = 12
