package main

import (
	"context"
	"fmt"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/catalog"
	"drape/internal/order"
	"drape/internal/payment"
	"drape/internal/returns"
	"drape/internal/sale"
	"drape/jobs"
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
	return h.returns.PayRefund(ctx, p.ReturnID)
}
