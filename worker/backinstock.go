package main

// Back-in-stock alerts (issue 20, package backinstock): every rise of a size's stock reaches
// the worker as a restock job catalog wrote to the outbox; the job marks the oldest waiting
// requests of that size sent, at most as many as came back, and queues their mails.

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/hibiken/asynq"

	"drape/internal/backinstock"
	"drape/jobs"
)

// restockJobs runs the back-in-stock job.
type restockJobs struct {
	alerts *backinstock.Service
	log    *slog.Logger
}

// tell tells the shoppers waiting for a size that came back. Run twice, it tells nobody twice.
func (r restockJobs) tell(ctx context.Context, t *asynq.Task) error {
	var p jobs.RestockPayload
	if err := jobs.Decode(t.Payload(), &p); err != nil {
		return fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	sent, err := r.alerts.Notify(ctx, backinstock.Restock{ID: p.RestockID, ProductID: p.ProductID, Size: p.Size, Units: p.Units})
	if err != nil {
		return err
	}
	if sent > 0 {
		r.log.Info("back-in-stock mails queued", "product", p.ProductID, "size", p.Size, "units", p.Units, "mails", sent)
	}
	return nil
}
