-- Reverse pickups of return and exchange requests (issue 18): the courier's return order for
-- an approved request, one per request. It sits beside return_requests (one row per request,
-- keyed by it) rather than in it, so the request's own columns stay as the foundation made
-- them. Package returns owns it.
--
-- attempts counts the worker's booking attempts: every attempt after the first asks the
-- courier for the return order (by the request number, our channel order id) before creating
-- one, so a booking whose answer was lost is found rather than made twice. courier_order_id
-- and shipment_id are the courier's ids once it has the return order; awb, courier_name and
-- courier_status follow its reports (webhooks with is_return=1, and tracking).

-- +goose Up
CREATE TABLE return_pickups (
    request_id       text PRIMARY KEY REFERENCES return_requests (id) ON DELETE CASCADE,
    attempts         integer     NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    courier_order_id bigint UNIQUE,
    shipment_id      bigint,
    awb              text        NOT NULL DEFAULT '',
    courier_name     text        NOT NULL DEFAULT '',
    courier_status   text        NOT NULL DEFAULT '',
    error            text        NOT NULL DEFAULT '',
    booked_at        timestamptz,
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CHECK ((courier_order_id IS NULL) = (shipment_id IS NULL))
);

-- +goose Down
DROP TABLE return_pickups;
