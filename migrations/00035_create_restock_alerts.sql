-- Back-in-stock alerts (issue 20). Package backinstock owns these tables.
--
-- restock_alerts has one row per shopper's request to be told when a sold-out size of a
-- product is back: the e-mail to tell (a signed-in shopper's account e-mail, or the one a guest
-- gave) and, for a shopper, their id. While its state is 'waiting' there is at most one request
-- per (product, size, e-mail). When stock comes back the worker moves the oldest waiting
-- requests to 'sent' (sent_at, and the restock that sent them) and queues their mails in the
-- same transaction; 'cancelled' is a request stopped through the link in the mail.
-- cancel_hash is the SHA-256 of the stop link's token, made when the mail is queued.
--
-- restocks has one row per rise of a size's stock the worker has acted on (its id is the job's,
-- written by catalog's stock changes through the outbox), with how many units came back and
-- how many requests that rise sent: a job run twice finds its row and sends nothing more.

-- +goose Up
CREATE TABLE restocks (
    id          text PRIMARY KEY,
    product_id  text        NOT NULL,
    size        text        NOT NULL,
    units       integer     NOT NULL CHECK (units > 0),
    alerts_sent integer     NOT NULL CHECK (alerts_sent BETWEEN 0 AND units),
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE restock_alerts (
    id           text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    product_id   text        NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    size         text        NOT NULL CHECK (size <> ''),
    email        text        NOT NULL CHECK (email = lower(email) AND email LIKE '%_@_%'),
    user_id      text        REFERENCES users (id) ON DELETE SET NULL,
    state        text        NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'sent', 'cancelled')),
    created_at   timestamptz NOT NULL DEFAULT now(),
    sent_at      timestamptz,
    restock_id   text        REFERENCES restocks (id),
    cancel_hash  text        UNIQUE,
    cancelled_at timestamptz,
    CHECK ((state = 'sent') = (sent_at IS NOT NULL AND restock_id IS NOT NULL))
);

-- One waiting request per size and e-mail.
CREATE UNIQUE INDEX restock_alerts_one_waiting ON restock_alerts (product_id, size, email) WHERE state = 'waiting';
-- The queue of a size, oldest first.
CREATE INDEX restock_alerts_queue ON restock_alerts (product_id, size, created_at, id) WHERE state = 'waiting';

-- +goose Down
DROP TABLE restock_alerts;
DROP TABLE restocks;
