-- COD confirmation before dispatch (issue 19): with the company's cod_confirm on, a
-- cash-on-delivery order waits (still PENDING) until the shopper confirms it through the link
-- in their mail or staff confirm it after a call; only then is its shipment pushed to the
-- courier. One left unconfirmed for cod_confirm_hours is cancelled, its stock returned.
-- Off by default, today's behaviour (every COD order pushed at once); the demo shop turns it on.
--
-- cod_confirm_state is '' for an order that never needed confirming (online, or placed with
-- the setting off), else awaiting → confirmed | expired | cancelled. cod_confirm_token is the
-- SHA-256 (hex) of the random token in the shopper's link: the link works for this one order
-- and this one purpose, and the database never holds the token itself.

-- +goose Up
ALTER TABLE company
    ADD COLUMN cod_confirm       boolean NOT NULL DEFAULT false,
    ADD COLUMN cod_confirm_hours integer NOT NULL DEFAULT 24 CHECK (cod_confirm_hours BETWEEN 1 AND 168);

ALTER TABLE orders
    ADD COLUMN cod_confirm_state text NOT NULL DEFAULT ''
        CHECK (cod_confirm_state IN ('', 'awaiting', 'confirmed', 'expired', 'cancelled')),
    ADD COLUMN cod_confirm_token text,
    ADD COLUMN cod_confirm_due   timestamptz,
    ADD COLUMN cod_confirm_by    text NOT NULL DEFAULT '',
    ADD COLUMN cod_confirm_at    timestamptz,
    ADD COLUMN cod_confirm_note  text NOT NULL DEFAULT '' CHECK (char_length(cod_confirm_note) <= 500);

CREATE UNIQUE INDEX orders_cod_confirm_token ON orders (cod_confirm_token) WHERE cod_confirm_token IS NOT NULL;
CREATE INDEX orders_cod_awaiting ON orders (cod_confirm_due) WHERE cod_confirm_state = 'awaiting';

-- +goose Down
DROP INDEX orders_cod_awaiting;
DROP INDEX orders_cod_confirm_token;
ALTER TABLE orders
    DROP COLUMN cod_confirm_note,
    DROP COLUMN cod_confirm_at,
    DROP COLUMN cod_confirm_by,
    DROP COLUMN cod_confirm_due,
    DROP COLUMN cod_confirm_token,
    DROP COLUMN cod_confirm_state;
ALTER TABLE company
    DROP COLUMN cod_confirm_hours,
    DROP COLUMN cod_confirm;
