-- name: Policy :one
SELECT * FROM return_policy WHERE id = 'policy';

-- name: SavePolicy :exec
INSERT INTO return_policy (id, return_window_days, exchange_window_days, return_fee, free_exchanges)
VALUES ('policy', @return_window_days, @exchange_window_days, @return_fee, @free_exchanges)
ON CONFLICT (id) DO UPDATE SET return_window_days = EXCLUDED.return_window_days,
    exchange_window_days = EXCLUDED.exchange_window_days, return_fee = EXCLUDED.return_fee,
    free_exchanges = EXCLUDED.free_exchanges, updated_at = now();

-- name: LockPolicy :exec
SELECT 1 FROM return_policy WHERE id = 'policy' FOR UPDATE;

-- name: ExcludedSubCategories :many
SELECT sub_category_id FROM return_excluded_sub_categories ORDER BY sub_category_id;

-- name: ClearExcludedSubCategories :exec
DELETE FROM return_excluded_sub_categories;

-- name: ExcludeSubCategories :exec
INSERT INTO return_excluded_sub_categories (sub_category_id)
SELECT unnest(@sub_category_ids::text[]);

-- name: Reasons :many
SELECT * FROM return_reasons ORDER BY position;

-- name: ClearReasons :exec
DELETE FROM return_reasons;

-- name: InsertReasons :exec
INSERT INTO return_reasons (code, label, photo_required, position)
SELECT unnest(@codes::text[]), unnest(@labels::text[]), unnest(@photo_required::boolean[]), unnest(@positions::integer[]);

-- name: LockOrderReturns :exec
-- Serialises the return requests of one order: a transaction-scoped advisory lock on the
-- order's id, in returns' own key space (classid 18), so orders' rows are never locked here.
SELECT pg_advisory_xact_lock(18, hashtext(@order_id::text));

-- name: AskedQuantities :many
-- How many units of each item of an order its live requests (neither rejected nor cancelled)
-- already ask for.
SELECT l.item, sum(l.quantity)::integer AS quantity
FROM return_lines l JOIN return_requests r ON r.id = l.request_id
WHERE r.order_id = @order_id AND r.status NOT IN ('REJECTED', 'CANCELLED')
GROUP BY l.item;

-- name: NextSeq :one
SELECT (coalesce(max(seq), 0) + 1)::integer FROM return_requests WHERE order_id = @order_id;

-- name: InsertRequest :exec
INSERT INTO return_requests (id, order_id, seq, number, user_id, kind, status, reason_code, reason_label, note, photos, fee,
                             created_at, updated_at)
VALUES (@id, @order_id, @seq, @number, @user_id, @kind, @status, @reason_code, @reason_label, @note, @photos, @fee,
        @at, @at);

-- name: InsertLine :exec
INSERT INTO return_lines (request_id, position, item, product_id, product_name, size, quantity, new_size, held)
VALUES (@request_id, @position, @item, @product_id, @product_name, @size, @quantity, @new_size, @held);

-- name: InsertStep :exec
INSERT INTO return_steps (request_id, status, actor, note, at) VALUES (@request_id, @status, @actor, @note, @at);

-- name: RequestsOfOrder :many
SELECT * FROM return_requests WHERE order_id = @order_id ORDER BY seq;

-- name: LinesOf :many
SELECT * FROM return_lines WHERE request_id = ANY(@request_ids::text[]) ORDER BY request_id, position;

-- name: StepsOf :many
SELECT * FROM return_steps WHERE request_id = ANY(@request_ids::text[]) ORDER BY request_id, id;

-- name: Queue :many
-- One page of every request for the back office's queue, newest first, with its order's number
-- and the account that asked. status and kind narrow it when set; number finds the requests
-- whose number (the order number with -R<seq>) contains it.
SELECT sqlc.embed(r), o.order_number, u.first_name, u.last_name, u.email, count(*) OVER () AS total
FROM return_requests r
JOIN orders o ON o.id = r.order_id
JOIN users u ON u.id = r.user_id
WHERE (@status::text = '' OR r.status = @status::text)
  AND (@kind::text = '' OR r.kind = @kind::text)
  AND (@number::text = '' OR strpos(r.number, @number::text) > 0)
ORDER BY r.created_at DESC, r.id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: CountQueue :one
SELECT count(*) FROM return_requests r
WHERE (@status::text = '' OR r.status = @status::text)
  AND (@kind::text = '' OR r.kind = @kind::text)
  AND (@number::text = '' OR strpos(r.number, @number::text) > 0);

-- name: RequestWithOrder :one
-- A request with its order's number, for the back office.
SELECT sqlc.embed(r), o.order_number
FROM return_requests r JOIN orders o ON o.id = r.order_id
WHERE r.id = @id;

-- name: LockRequest :one
-- A request, locked for a move: moves of one request queue here.
SELECT * FROM return_requests WHERE id = @id FOR UPDATE;

-- name: SetStatus :exec
UPDATE return_requests SET status = @status, updated_at = @at WHERE id = @id;

-- name: ReleaseHolds :many
-- Gives up what a request's exchange lines hold, once: the lines that held stock, as they were,
-- and none of them held after.
UPDATE return_lines l SET held = 0
FROM return_lines old
WHERE l.request_id = @request_id AND old.request_id = l.request_id AND old.position = l.position AND old.held > 0
RETURNING old.product_id, old.product_name, old.new_size, old.held;

-- name: InsertPayout :exec
INSERT INTO return_payouts (request_id, sealed, masked) VALUES (@request_id, @sealed, @masked);

-- name: PayoutsOf :many
SELECT request_id, masked FROM return_payouts WHERE request_id = ANY(@request_ids::text[]);

-- name: RefundedPieces :many
-- The pieces of each item of an order that earlier returns' refunds paid back, and whether
-- one of them paid the fees back.
SELECT l.item, sum(l.quantity)::integer AS quantity, bool_or(f.fees_included)::boolean AS fees_included
FROM return_refunds f JOIN return_lines l ON l.request_id = f.request_id
WHERE f.order_id = @order_id
GROUP BY l.item;

-- name: InsertRefund :exec
INSERT INTO return_refunds (request_id, order_id, credit, fee, amount, fees_included, method, credit_note, created_at)
VALUES (@request_id, @order_id, @credit, @fee, @amount, @fees_included, @method, @credit_note, @at);

-- name: RefundsOf :many
SELECT * FROM return_refunds WHERE request_id = ANY(@request_ids::text[]);

-- name: SetRefunded :exec
UPDATE return_refunds SET gateway_id = @gateway_id, reference = @reference, refunded_at = @at
WHERE request_id = @request_id AND refunded_at IS NULL;

-- name: OrderFullyRefunded :one
-- Whether the refunded returns of an order bring back every piece it has of each item:
-- quantities are the order's items' counts by index.
SELECT coalesce(bool_and(coalesce(r.quantity, 0) >= q.quantity), false)::boolean
FROM unnest(@quantities::integer[]) WITH ORDINALITY AS q(quantity, n)
LEFT JOIN (SELECT l.item, sum(l.quantity) AS quantity
           FROM return_refunds f JOIN return_lines l ON l.request_id = f.request_id
           WHERE f.order_id = @order_id AND f.refunded_at IS NOT NULL
           GROUP BY l.item) r ON r.item = q.n - 1;
