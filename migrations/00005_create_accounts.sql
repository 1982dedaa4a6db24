-- +goose Up
-- Accounts: shoppers, staff and admins; password reset codes; saved addresses; wishlists; and
-- the mail queue (messages written in the transaction that causes them, sent by the worker).
CREATE TABLE users (
    id            text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    email         text        NOT NULL CHECK (email = lower(email) AND email LIKE '%_@_%'),
    first_name    text        NOT NULL DEFAULT '',
    last_name     text        NOT NULL DEFAULT '',
    phone         text        NOT NULL DEFAULT '',
    password_hash text        NOT NULL DEFAULT '',
    federated_id  text UNIQUE,
    photo_url     text        NOT NULL DEFAULT '',
    role          text        NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'staff', 'admin')),
    active        boolean     NOT NULL DEFAULT true,
    token_version integer     NOT NULL DEFAULT 1,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email ON users (email);

CREATE TABLE password_resets (
    id          text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    user_id     text        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash   text        NOT NULL,
    attempts    integer     NOT NULL DEFAULT 0,
    expires_at  timestamptz NOT NULL,
    verified_at timestamptz,
    used_at     timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_by_user ON password_resets (user_id, created_at DESC);
CREATE INDEX password_resets_by_code ON password_resets (code_hash) WHERE used_at IS NULL;

CREATE TABLE addresses (
    id         text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    user_id    text        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    first_name text        NOT NULL,
    last_name  text        NOT NULL,
    address1   text        NOT NULL,
    address2   text        NOT NULL,
    city       text        NOT NULL,
    state      text        NOT NULL,
    pincode    text        NOT NULL CHECK (pincode ~ '^[1-9][0-9]{5}$'),
    email      text        NOT NULL,
    type       text        NOT NULL CHECK (type IN ('primary', 'home', 'work')),
    phone      text        NOT NULL CHECK (phone ~ '^[0-9]{10}$'),
    landmark   text        NOT NULL DEFAULT '',
    country    text        NOT NULL DEFAULT 'India' CHECK (country = 'India'),
    is_default boolean     NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX addresses_by_user ON addresses (user_id, created_at);

CREATE TABLE wishlist_items (
    user_id    text        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id text        NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, product_id)
);

CREATE TABLE mails (
    id         text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    kind       text        NOT NULL,
    ref        text        NOT NULL,
    recipient  text        NOT NULL,
    subject    text        NOT NULL,
    text_body  text        NOT NULL,
    html_body  text        NOT NULL DEFAULT '',
    sensitive  boolean     NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at    timestamptz,
    UNIQUE (kind, ref)
);

-- +goose Down
DROP TABLE mails;
DROP TABLE wishlist_items;
DROP TABLE addresses;
DROP TABLE password_resets;
DROP TABLE users;
