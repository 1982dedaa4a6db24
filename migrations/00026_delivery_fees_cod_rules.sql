-- Delivery promise and COD control (issue 19): the shop's shipping and COD fees and its COD
-- rules live on the company row (one shop, one set; admins change them, the audit log keeps
-- who did). Amounts are paise. The defaults are today's behaviour: free shipping on every
-- order (free_shipping_above 0), no COD fee, no COD cap (0), no blocked pincodes, no limit on
-- returned-to-origin orders (0).
--
-- An order keeps the COD fee it was charged beside its shipping, and its total adds it.
-- cod_overrides is the back office's per-customer word on COD: allowed true lets a customer
-- over the RTO limit pay on delivery again, false refuses COD whatever the count.

-- +goose Up
ALTER TABLE company
    ADD COLUMN free_shipping_above  bigint  NOT NULL DEFAULT 0 CHECK (free_shipping_above >= 0),
    ADD COLUMN shipping_fee         bigint  NOT NULL DEFAULT 0 CHECK (shipping_fee >= 0 AND shipping_fee <= 1000000),
    ADD COLUMN cod_fee              bigint  NOT NULL DEFAULT 0 CHECK (cod_fee >= 0 AND cod_fee <= 1000000),
    ADD COLUMN cod_max_order        bigint  NOT NULL DEFAULT 0 CHECK (cod_max_order >= 0),
    ADD COLUMN cod_blocked_pincodes text[]  NOT NULL DEFAULT '{}',
    ADD COLUMN cod_rto_limit        integer NOT NULL DEFAULT 0 CHECK (cod_rto_limit >= 0);

ALTER TABLE orders
    ADD COLUMN cod_fee bigint NOT NULL DEFAULT 0 CHECK (cod_fee >= 0),
    DROP CONSTRAINT orders_check1,
    ADD CONSTRAINT orders_total_adds_up CHECK (total = subtotal - coupon_discount + shipping + cod_fee + tax);

CREATE TABLE cod_overrides (
    user_id    text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    allowed    boolean     NOT NULL,
    note       text        NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
    updated_by text        NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE cod_overrides;
ALTER TABLE orders
    DROP CONSTRAINT orders_total_adds_up,
    ADD CONSTRAINT orders_check1 CHECK (total = subtotal - coupon_discount + shipping + tax),
    DROP COLUMN cod_fee;
ALTER TABLE company
    DROP COLUMN cod_rto_limit,
    DROP COLUMN cod_blocked_pincodes,
    DROP COLUMN cod_max_order,
    DROP COLUMN cod_fee,
    DROP COLUMN shipping_fee,
    DROP COLUMN free_shipping_above;
