-- The courier's scans of an order's parcel (when, what happened, where), as its status webhooks
-- and the tracking sweep report them: the tracking page shows the latest beside the courier,
-- the airway bill and the tracking link.

-- +goose Up
CREATE TABLE courier_scans (
    order_id    text        NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    scanned_at  timestamptz NOT NULL,
    activity    text        NOT NULL CHECK (char_length(activity) BETWEEN 1 AND 300),
    location    text        NOT NULL DEFAULT '' CHECK (char_length(location) <= 200),
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (order_id, scanned_at, activity)
);

-- +goose Down
DROP TABLE courier_scans;
