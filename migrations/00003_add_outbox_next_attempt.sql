-- +goose Up
-- A row whose delivery fails waits before its next attempt (doubling, at most ten minutes), so
-- one row that cannot be delivered never holds up the rows behind it.
ALTER TABLE outbox ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now();

-- +goose Down
ALTER TABLE outbox DROP COLUMN next_attempt_at;
