-- +goose Up
-- The outbox: side effects (asynq tasks and realtime events) written in the same transaction
-- as the change that causes them, delivered at least once by the worker's relay.
CREATE TABLE outbox (
    id           bigserial PRIMARY KEY,
    kind         text        NOT NULL CHECK (kind IN ('task', 'event')),
    name         text        NOT NULL CHECK (name <> ''),
    topic        text        NOT NULL DEFAULT '',
    queue        text        NOT NULL DEFAULT '',
    dedupe_key   text        NOT NULL CHECK (dedupe_key <> ''),
    payload      jsonb       NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    delivered_at timestamptz,
    attempts     integer     NOT NULL DEFAULT 0,
    last_error   text        NOT NULL DEFAULT ''
);

CREATE INDEX outbox_pending ON outbox (id) WHERE delivered_at IS NULL;

-- +goose StatementBegin
CREATE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('outbox', '');
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

-- NOTIFY is delivered on commit only, so a rolled-back write never wakes the relay.
CREATE TRIGGER outbox_notify AFTER INSERT ON outbox
    FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify();

-- +goose Down
DROP TRIGGER outbox_notify ON outbox;
DROP FUNCTION outbox_notify();
DROP TABLE outbox;
