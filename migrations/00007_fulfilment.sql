-- Fulfilment: the whole order state machine (Shiprocket's statuses after confirmation), who
-- moved an order and from where, the shipment at the courier, the courier's reports (deduped),
-- and refunds as rows. (The shipping account's credentials stay in the servers' configuration,
-- like the payment gateway's: they never sit in a table a back-office screen reads.)

-- +goose Up
ALTER TABLE orders DROP CONSTRAINT orders_order_status_check;
UPDATE orders SET order_status = 'READY_TO_SHIP' WHERE order_status = 'PACKED';
ALTER TABLE orders ADD CONSTRAINT orders_order_status_check CHECK (order_status IN (
    'AWAITING_PAYMENT', 'PENDING', 'CONFIRMED', 'NEW', 'READY_TO_SHIP', 'PICKUP_SCHEDULED', 'SHIPPED',
    'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'CANCELED', 'RTO_INITIATED', 'RTO_DELIVERED',
    'RETURN_REQUESTED', 'RETURNED'));

ALTER TABLE orders
    ADD COLUMN courier_order_id    bigint,
    ADD COLUMN courier_shipment_id bigint,
    ADD COLUMN awb                 text        NOT NULL DEFAULT '',
    ADD COLUMN courier_name        text        NOT NULL DEFAULT '',
    ADD COLUMN tracking_url        text        NOT NULL DEFAULT '',
    ADD COLUMN pushed_at           timestamptz,
    ADD COLUMN push_attempts       integer     NOT NULL DEFAULT 0,
    ADD COLUMN push_failed         boolean     NOT NULL DEFAULT false,
    ADD COLUMN push_error          text        NOT NULL DEFAULT '',
    ADD COLUMN courier_reported_at timestamptz;
CREATE INDEX orders_by_status ON orders (order_status, created_at DESC);
CREATE INDEX orders_push_failed ON orders (created_at) WHERE push_failed;
CREATE INDEX orders_unpushed ON orders (updated_at)
    WHERE courier_order_id IS NULL AND NOT push_failed AND order_status IN ('PENDING', 'CONFIRMED');
CREATE INDEX mails_unsent ON mails (created_at) WHERE sent_at IS NULL;
CREATE INDEX orders_in_shipment ON orders (updated_at)
    WHERE courier_shipment_id IS NOT NULL AND order_status IN ('NEW', 'READY_TO_SHIP', 'PICKUP_SCHEDULED',
                                                               'SHIPPED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'RTO_INITIATED');

ALTER TABLE order_events
    ADD COLUMN from_status text NOT NULL DEFAULT '',
    ADD COLUMN actor       text NOT NULL DEFAULT '';

-- What the courier reported, once per order, status and time: a repeated webhook is a no-op.
CREATE TABLE courier_reports (
    order_id    text        NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    status      text        NOT NULL,
    reported_at timestamptz NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    applied     boolean     NOT NULL,
    PRIMARY KEY (order_id, status, reported_at)
);

-- One refund per order (the whole amount), asked of the gateway by a job with an idempotency
-- key that changes only when a failed refund is tried again.
CREATE TABLE refunds (
    order_id          text PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    amount            bigint      NOT NULL CHECK (amount > 0),
    status            text        NOT NULL CHECK (status IN ('pending', 'processed', 'failed')),
    attempt           integer     NOT NULL DEFAULT 1 CHECK (attempt > 0),
    gateway_refund_id text        NOT NULL DEFAULT '',
    reason            text        NOT NULL DEFAULT '',
    requested_by      text        NOT NULL DEFAULT '',
    failure           text        NOT NULL DEFAULT '',
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE refunds;
DROP TABLE courier_reports;
ALTER TABLE order_events DROP COLUMN actor, DROP COLUMN from_status;
DROP INDEX orders_in_shipment;
DROP INDEX mails_unsent;
DROP INDEX orders_unpushed;
DROP INDEX orders_push_failed;
DROP INDEX orders_by_status;
ALTER TABLE orders
    DROP COLUMN courier_reported_at, DROP COLUMN push_error, DROP COLUMN push_failed, DROP COLUMN push_attempts, DROP COLUMN pushed_at,
    DROP COLUMN tracking_url, DROP COLUMN courier_name, DROP COLUMN awb, DROP COLUMN courier_shipment_id,
    DROP COLUMN courier_order_id;
ALTER TABLE orders DROP CONSTRAINT orders_order_status_check;
UPDATE orders SET order_status = 'PACKED' WHERE order_status = 'READY_TO_SHIP';
UPDATE orders SET order_status = 'SHIPPED' WHERE order_status IN ('NEW', 'PICKUP_SCHEDULED', 'IN_TRANSIT', 'RTO_INITIATED');
UPDATE orders SET order_status = 'RETURNED' WHERE order_status IN ('RTO_DELIVERED', 'RETURN_REQUESTED');
ALTER TABLE orders ADD CONSTRAINT orders_order_status_check CHECK (order_status IN ('AWAITING_PAYMENT', 'PENDING',
    'CONFIRMED', 'PACKED', 'SHIPPED', 'OUT_FOR_DELIVERY', 'DELIVERED', 'CANCELED', 'RETURNED'));
