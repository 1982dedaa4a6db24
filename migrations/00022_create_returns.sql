-- Returns and size exchanges (issue 18), the foundation: the return policy (windows after
-- delivery, the sub-categories that cannot be returned, the return shipping fee, whether
-- exchanges are free, the reasons offered) and the shopper's requests with their lines and
-- steps. Package returns owns these tables; it reads orders through package order.
--
-- The policy keeps the sub-categories that are NOT returnable, so every sub-category, today's
-- and those added later, is returnable until an admin says otherwise.

-- +goose Up
CREATE TABLE return_policy (
    id                   text PRIMARY KEY DEFAULT 'policy' CHECK (id = 'policy'),
    return_window_days   integer     NOT NULL DEFAULT 7 CHECK (return_window_days BETWEEN 0 AND 90),
    exchange_window_days integer     NOT NULL DEFAULT 7 CHECK (exchange_window_days BETWEEN 0 AND 90),
    return_fee           bigint      NOT NULL DEFAULT 0 CHECK (return_fee BETWEEN 0 AND 100000),
    free_exchanges       boolean     NOT NULL DEFAULT true,
    updated_at           timestamptz NOT NULL DEFAULT now()
);
INSERT INTO return_policy (id) VALUES ('policy');

CREATE TABLE return_excluded_sub_categories (
    sub_category_id text PRIMARY KEY REFERENCES sub_categories (id) ON DELETE CASCADE
);

CREATE TABLE return_reasons (
    code           text PRIMARY KEY CHECK (code ~ '^[a-z0-9_]{1,40}$'),
    label          text    NOT NULL CHECK (char_length(label) BETWEEN 1 AND 80),
    photo_required boolean NOT NULL DEFAULT false,
    position       integer NOT NULL
);
INSERT INTO return_reasons (code, label, photo_required, position) VALUES
    ('too_small', 'Too small', false, 1),
    ('too_large', 'Too large', false, 2),
    ('poor_fit', 'Doesn''t fit well', false, 3),
    ('not_as_pictured', 'Not as pictured', false, 4),
    ('damaged', 'Damaged or defective', true, 5),
    ('changed_mind', 'Changed my mind', false, 6);

-- A shopper's request to return lines of a delivered order or exchange them for another size.
-- number is the order number with -R<seq>; fee is the shipping fee the policy charged when it
-- was asked (paise). reason_label keeps the reason as the shopper saw it.
CREATE TABLE return_requests (
    id           text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    order_id     text        NOT NULL REFERENCES orders (id),
    seq          integer     NOT NULL CHECK (seq > 0),
    number       text        NOT NULL UNIQUE,
    user_id      text        NOT NULL REFERENCES users (id),
    kind         text        NOT NULL CHECK (kind IN ('return', 'exchange')),
    status       text        NOT NULL,
    reason_code  text        NOT NULL,
    reason_label text        NOT NULL,
    note         text        NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
    photos       text[]      NOT NULL DEFAULT '{}',
    fee          bigint      NOT NULL DEFAULT 0 CHECK (fee >= 0),
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (order_id, seq)
);
CREATE INDEX return_requests_by_user ON return_requests (user_id, created_at DESC);
CREATE INDEX return_requests_by_status ON return_requests (status, created_at);

-- The lines of a request: item is the line's index in the order's items. An exchange line
-- names the size it wants (new_size) and how many units of it the request holds (held).
CREATE TABLE return_lines (
    request_id   text    NOT NULL REFERENCES return_requests (id) ON DELETE CASCADE,
    position     integer NOT NULL,
    item         integer NOT NULL CHECK (item >= 0),
    product_id   text    NOT NULL,
    product_name text    NOT NULL,
    size         text    NOT NULL,
    quantity     integer NOT NULL CHECK (quantity > 0),
    new_size     text    NOT NULL DEFAULT '',
    held         integer NOT NULL DEFAULT 0 CHECK (held >= 0 AND held <= quantity),
    PRIMARY KEY (request_id, position)
);

-- Every step of a request: what it became, who moved it, their note and when.
CREATE TABLE return_steps (
    id         bigserial PRIMARY KEY,
    request_id text        NOT NULL REFERENCES return_requests (id) ON DELETE CASCADE,
    status     text        NOT NULL,
    actor      text        NOT NULL,
    note       text        NOT NULL DEFAULT '',
    at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX return_steps_by_request ON return_steps (request_id, id);

-- +goose Down
DROP TABLE return_steps;
DROP TABLE return_lines;
DROP TABLE return_requests;
DROP TABLE return_reasons;
DROP TABLE return_excluded_sub_categories;
DROP TABLE return_policy;
