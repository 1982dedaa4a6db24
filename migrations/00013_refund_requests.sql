-- Refunds staff ask for: only an admin's action starts a refund. When staff move a paid order
-- to CANCELED or RETURNED its refund is recorded as requested (no call to the gateway) until an
-- admin confirms it; approved_by names that admin.

-- +goose Up
ALTER TABLE refunds DROP CONSTRAINT refunds_status_check;
ALTER TABLE refunds ADD CONSTRAINT refunds_status_check CHECK (status IN ('requested', 'pending', 'processed', 'failed'));
ALTER TABLE refunds ADD COLUMN approved_by text NOT NULL DEFAULT '';

-- +goose Down
DELETE FROM refunds WHERE status = 'requested';
ALTER TABLE refunds DROP COLUMN approved_by;
ALTER TABLE refunds DROP CONSTRAINT refunds_status_check;
ALTER TABLE refunds ADD CONSTRAINT refunds_status_check CHECK (status IN ('pending', 'processed', 'failed'));
