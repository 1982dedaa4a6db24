-- Failed deliveries (issue 19, NDR: non-delivery reports). Package ndr owns these tables.
--
-- ndr_attempts has one row per failed delivery attempt the courier reports for an order
-- (Shiprocket's UNDELIVERED status): its number (1, 2, 3 … per order), the courier's reason and
-- when it happened there. A report seen again (same order and time) is the same row. The
-- order's number and shopper are copied at the report so the staff queue reads this table alone.
--
-- The answer to an attempt (the shopper's through their link, or staff's for them) lives on
-- the same row: what was asked (reattempt on a date, reattempt at a corrected phone or address,
-- or return to origin), by whom, and the note. sent_at is when the courier's NDR action API took
-- it; send_attempts counts the worker's tries (a try after the first asks the courier whether an
-- earlier one got through before sending). closed_at ends the attempt: the order delivered,
-- returned to origin, or a later attempt reported.
--
-- ndr_settings is one row: how many failed attempts the courier makes before the parcel goes
-- back (past it the order moves to RTO_INITIATED).

-- +goose Up
CREATE TABLE ndr_attempts (
    id            text PRIMARY KEY,
    order_id      text        NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    order_number  text        NOT NULL,
    user_id       text        NOT NULL,
    awb           text        NOT NULL DEFAULT '',
    attempt       integer     NOT NULL CHECK (attempt >= 1),
    reason        text        NOT NULL,
    reported_at   timestamptz NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    action        text        NOT NULL DEFAULT '' CHECK (action IN ('', 'reattempt', 'correct', 'return')),
    deferred_date date,
    phone         text        NOT NULL DEFAULT '',
    address1      text        NOT NULL DEFAULT '',
    address2      text        NOT NULL DEFAULT '',
    note          text        NOT NULL DEFAULT '',
    answered_by   text        NOT NULL DEFAULT '',
    answered_at   timestamptz,
    send_attempts integer     NOT NULL DEFAULT 0 CHECK (send_attempts >= 0),
    sent_at       timestamptz,
    send_error    text        NOT NULL DEFAULT '',
    closed_at     timestamptz,
    outcome       text        NOT NULL DEFAULT '',
    UNIQUE (order_id, attempt),
    UNIQUE (order_id, reported_at),
    CHECK ((action = '') = (answered_at IS NULL))
);

CREATE INDEX ndr_attempts_open ON ndr_attempts (reported_at) WHERE closed_at IS NULL;

CREATE TABLE ndr_settings (
    id            boolean PRIMARY KEY DEFAULT true CHECK (id),
    attempt_limit integer     NOT NULL DEFAULT 3 CHECK (attempt_limit BETWEEN 1 AND 10),
    updated_at    timestamptz NOT NULL DEFAULT now()
);
INSERT INTO ndr_settings DEFAULT VALUES;

-- +goose Down
DROP TABLE ndr_settings;
DROP TABLE ndr_attempts;
