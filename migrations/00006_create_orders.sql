-- +goose Up
-- Selling: the shop's company details, coupons, server carts, orders with their lines and
-- timeline, and the payment gateway's webhook events (kept to drop duplicates). Money is
-- integer paise.
CREATE TABLE company (
    id            text PRIMARY KEY DEFAULT 'company' CHECK (id = 'company'),
    name          text        NOT NULL CHECK (name <> ''),
    tagline       text        NOT NULL DEFAULT '',
    description   text        NOT NULL DEFAULT '',
    address_line1 text        NOT NULL DEFAULT '',
    address_line2 text        NOT NULL DEFAULT '',
    city          text        NOT NULL DEFAULT '',
    state         text        NOT NULL DEFAULT '',
    zip           text        NOT NULL DEFAULT '',
    contact1      text        NOT NULL DEFAULT '',
    contact2      text        NOT NULL DEFAULT '',
    email         text        NOT NULL DEFAULT '',
    vendor_id     text        NOT NULL DEFAULT '',
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE coupons (
    id             text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    code           text        NOT NULL CHECK (code ~ '^[A-Z0-9_-]{3,32}$'),
    description    text        NOT NULL DEFAULT '',
    active         boolean     NOT NULL DEFAULT true,
    minimum_amount bigint      NOT NULL DEFAULT 0 CHECK (minimum_amount >= 0),
    discount       integer     NOT NULL CHECK (discount BETWEEN 1 AND 100),
    max_discount   bigint      NOT NULL DEFAULT 0 CHECK (max_discount >= 0),
    first_time     boolean     NOT NULL DEFAULT false,
    usage_limit    integer CHECK (usage_limit > 0),
    used           integer     NOT NULL DEFAULT 0 CHECK (used >= 0 AND (usage_limit IS NULL OR used <= usage_limit)),
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX coupons_code ON coupons (code);

CREATE TABLE cart_items (
    id         text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    user_id    text        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id text        NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    size       text        NOT NULL,
    quantity   integer     NOT NULL CHECK (quantity BETWEEN 1 AND 10),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, product_id, size)
);

CREATE TABLE orders (
    id                text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    order_number      text        NOT NULL UNIQUE CHECK (length(order_number) <= 40),
    user_id           text        NOT NULL REFERENCES users (id),
    idempotency_key   text        NOT NULL CHECK (idempotency_key <> ''),
    payment_mode      text        NOT NULL CHECK (payment_mode IN ('cod', 'online')),
    payment_status    text        NOT NULL CHECK (payment_status IN ('unpaid', 'pending', 'success', 'failed', 'refund_pending', 'refunded')),
    order_status      text        NOT NULL CHECK (order_status IN ('AWAITING_PAYMENT', 'PENDING', 'CONFIRMED', 'PACKED', 'SHIPPED',
                                                                   'OUT_FOR_DELIVERY', 'DELIVERED', 'CANCELED', 'RETURNED')),
    list_total        bigint      NOT NULL CHECK (list_total >= 0),
    subtotal          bigint      NOT NULL CHECK (subtotal >= 0),
    coupon_code       text        NOT NULL DEFAULT '',
    coupon_discount   bigint      NOT NULL DEFAULT 0 CHECK (coupon_discount >= 0 AND coupon_discount <= subtotal),
    shipping          bigint      NOT NULL DEFAULT 0 CHECK (shipping >= 0),
    tax               bigint      NOT NULL DEFAULT 0 CHECK (tax >= 0),
    total             bigint      NOT NULL CHECK (total = subtotal - coupon_discount + shipping + tax),
    address           jsonb       NOT NULL,
    shipment          jsonb       NOT NULL,
    gateway_order_id  text UNIQUE,
    payment_id        text        NOT NULL DEFAULT '',
    payment_signature text        NOT NULL DEFAULT '',
    payment_error     text        NOT NULL DEFAULT '',
    stock_held        boolean     NOT NULL DEFAULT true,
    cancel_reason     text        NOT NULL DEFAULT '',
    expires_at        timestamptz,
    paid_at           timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, idempotency_key)
);
CREATE INDEX orders_by_user ON orders (user_id, created_at DESC, id DESC);
CREATE INDEX orders_awaiting_payment ON orders (created_at) WHERE order_status = 'AWAITING_PAYMENT';

CREATE TABLE order_lines (
    order_id      text    NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    position      integer NOT NULL,
    product_id    text    NOT NULL,
    product_code  text    NOT NULL,
    product_name  text    NOT NULL,
    size          text    NOT NULL,
    quantity      integer NOT NULL CHECK (quantity > 0),
    list_price    bigint  NOT NULL CHECK (list_price >= 0),
    discount      integer NOT NULL DEFAULT 0,
    sale_name     text    NOT NULL DEFAULT '',
    sale_discount integer NOT NULL DEFAULT 0,
    unit_price    bigint  NOT NULL CHECK (unit_price >= 0 AND unit_price <= list_price),
    line_total    bigint  NOT NULL CHECK (line_total = unit_price * quantity),
    thumbnail     text    NOT NULL DEFAULT '',
    PRIMARY KEY (order_id, position)
);

CREATE TABLE order_events (
    id       bigserial PRIMARY KEY,
    order_id text        NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    status   text        NOT NULL,
    note     text        NOT NULL DEFAULT '',
    at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_events_by_order ON order_events (order_id, id);

CREATE TABLE payment_events (
    event_id    text PRIMARY KEY,
    event       text        NOT NULL,
    order_id    text,
    received_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE payment_events;
DROP TABLE order_events;
DROP TABLE order_lines;
DROP TABLE orders;
DROP TABLE cart_items;
DROP TABLE coupons;
DROP TABLE company;
