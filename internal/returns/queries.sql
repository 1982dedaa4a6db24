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
