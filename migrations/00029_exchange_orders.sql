-- The new parcel of a size exchange (issue 18): once an exchange request's quality check
-- passes, the size it holds ships as an order of its own, a child of the original order
-- (parent_order_id), numbered after it (<number>-X1, -X2…). A child goes through the push,
-- tracking and webhooks of every order; its stock is the size the request held (no second
-- stock take), and it is never tax-invoiced (see README, "The exchange's new parcel").
--
-- return_requests.exchange_order_id links an exchange request to its child order, once: the
-- unique constraint, with the child's idempotency key (exchange:<request id>, unique per
-- user with every order's), makes a retried or repeated job find the child it made.

-- +goose Up
ALTER TABLE orders ADD COLUMN parent_order_id text REFERENCES orders (id);
CREATE INDEX orders_by_parent ON orders (parent_order_id) WHERE parent_order_id IS NOT NULL;

ALTER TABLE return_requests ADD COLUMN exchange_order_id text UNIQUE REFERENCES orders (id);

-- +goose Down
ALTER TABLE return_requests DROP COLUMN exchange_order_id;
DROP INDEX orders_by_parent;
ALTER TABLE orders DROP COLUMN parent_order_id;
