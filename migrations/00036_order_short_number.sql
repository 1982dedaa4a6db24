-- The short order number people read (issue 21): "#1042" on the shopper's pages, in mails, in
-- the back office and on the courier's label, beside the long order number (orderId on the
-- wire, SPEC §9) that stays the order's reference between systems. An order takes the next
-- value of order_short_numbers when it is placed; a sequence never hands a value out twice,
-- so a number is unique and never reused, though a placement rolled back leaves a gap. An
-- exchange's child order reads as its parent's short number with the child's suffix
-- ("1042-X1"), as its long number does.
--
-- An order written without one (a fixture, a bulk load) takes the next value by default.
-- Orders placed before this migration are numbered in the order they were placed, from 1001.

-- courier_etd is when the courier expects to deliver the parcel (its status webhooks' etd), shown
-- to the shopper on the tracking page as the delivery estimate; NULL until the courier says.

-- +goose Up
ALTER TABLE orders ADD COLUMN courier_etd timestamptz;

CREATE SEQUENCE order_short_numbers START WITH 1001;


ALTER TABLE orders ADD COLUMN short_number text;

WITH numbered AS (
    SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM orders WHERE parent_order_id IS NULL
)
UPDATE orders o SET short_number = (1000 + numbered.n)::text FROM numbered WHERE o.id = numbered.id;

SELECT setval('order_short_numbers', 1000 + count(*), true) FROM orders WHERE parent_order_id IS NULL HAVING count(*) > 0;

WITH RECURSIVE family AS (
    SELECT id, order_number AS root_number, short_number AS root_short FROM orders WHERE parent_order_id IS NULL
    UNION ALL
    SELECT c.id, f.root_number, f.root_short FROM orders c JOIN family f ON c.parent_order_id = f.id
)
UPDATE orders o SET short_number = f.root_short || substr(o.order_number, length(f.root_number) + 1)
FROM family f WHERE o.id = f.id AND o.parent_order_id IS NOT NULL;

ALTER TABLE orders ALTER COLUMN short_number SET NOT NULL,
    ALTER COLUMN short_number SET DEFAULT nextval('order_short_numbers')::text,
    ADD CONSTRAINT orders_short_number_key UNIQUE (short_number),
    ADD CONSTRAINT orders_short_number_shape CHECK (short_number ~ '^[0-9]+(-X[0-9]+)*$');

-- +goose Down
ALTER TABLE orders DROP COLUMN courier_etd;
ALTER TABLE orders DROP COLUMN short_number;
DROP SEQUENCE order_short_numbers;
