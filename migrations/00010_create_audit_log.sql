-- The back office's audit log: one row for every change staff or admins make (catalog, sales,
-- coupons, company, CMS, orders, refunds, reviews, accounts): who, what, the entity before and
-- after (secrets replaced by a mask), when, and the request it came with. Rows are only ever
-- added.

-- +goose Up
CREATE TABLE audit_log (
    id          text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    at          timestamptz NOT NULL DEFAULT now(),
    actor_id    text        NOT NULL,
    actor_role  text        NOT NULL,
    action      text        NOT NULL CHECK (char_length(action) BETWEEN 1 AND 200),
    entity_type text        NOT NULL CHECK (char_length(entity_type) BETWEEN 1 AND 50),
    entity_id   text        NOT NULL DEFAULT '',
    before      jsonb,
    after       jsonb,
    request_id  text        NOT NULL DEFAULT ''
);
-- Newest first, overall and by who, by what entity, and by kind of entity.
CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_by_actor ON audit_log (actor_id, at DESC, id DESC);
CREATE INDEX audit_log_by_entity ON audit_log (entity_type, entity_id, at DESC, id DESC);

-- +goose Down
DROP TABLE audit_log;
