-- Refunds of returns (issue 18): what a return gives back once its quality check passed, and
-- where a cash-on-delivery shopper wants the money. Package returns owns these tables.
--
-- return_payouts holds a COD return's UPI id or bank account as the shopper gave it, sealed
-- (AES-256-GCM with the server's payout key: nonce then ciphertext), and masked as everyone is
-- shown it (UPI ab****@okhdfc, bank account ****6789 with its IFSC).
--
-- return_refunds is written once, when a return's QC passes, under the order's return lock:
-- credit is what was paid for the returned pieces (their invoice lines' shares, and the fees
-- with the order's last pieces: fees_included), fee the return fee kept, amount = credit - fee
-- what goes back. method says how: razorpay (a partial refund of the order's payment, keyed
-- by the request) or payout (staff pay a COD shopper and record reference). credit_note is
-- the GST credit note issued for exactly these pieces ('' when the order has no invoice).

-- +goose Up
CREATE TABLE return_payouts (
    request_id text PRIMARY KEY REFERENCES return_requests (id) ON DELETE CASCADE,
    sealed     bytea NOT NULL,
    masked     text  NOT NULL
);

CREATE TABLE return_refunds (
    request_id    text PRIMARY KEY REFERENCES return_requests (id) ON DELETE CASCADE,
    order_id      text        NOT NULL REFERENCES orders (id),
    credit        bigint      NOT NULL CHECK (credit >= 0),
    fee           bigint      NOT NULL CHECK (fee >= 0),
    amount        bigint      NOT NULL CHECK (amount >= 0 AND amount = greatest(credit - fee, 0)),
    fees_included boolean     NOT NULL DEFAULT false,
    method        text        NOT NULL CHECK (method IN ('razorpay', 'payout')),
    credit_note   text        NOT NULL DEFAULT '',
    gateway_id    text        NOT NULL DEFAULT '',
    reference     text        NOT NULL DEFAULT '' CHECK (char_length(reference) <= 100),
    created_at    timestamptz NOT NULL DEFAULT now(),
    refunded_at   timestamptz
);
CREATE INDEX return_refunds_by_order ON return_refunds (order_id);

-- +goose Down
DROP TABLE return_refunds;
DROP TABLE return_payouts;
