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
-- and the account that asked. status and kind narrow it when set; asked_from and asked_to (when
-- set) bound when it was asked, to excluded; search (upper case) finds the requests whose number
-- (the order number with -R<seq>) contains it, or whose shopper's name or e-mail does.
SELECT sqlc.embed(r), o.order_number, u.first_name, u.last_name, u.email, count(*) OVER () AS total
FROM return_requests r
JOIN orders o ON o.id = r.order_id
JOIN users u ON u.id = r.user_id
WHERE (@status::text = '' OR r.status = @status::text)
  AND (@kind::text = '' OR r.kind = @kind::text)
  AND (sqlc.narg(asked_from)::timestamptz IS NULL OR r.created_at >= sqlc.narg(asked_from)::timestamptz)
  AND (sqlc.narg(asked_to)::timestamptz IS NULL OR r.created_at < sqlc.narg(asked_to)::timestamptz)
  AND (@search::text = '' OR strpos(r.number, @search::text) > 0
       OR strpos(upper(u.first_name || ' ' || u.last_name), @search::text) > 0 OR strpos(upper(u.email), @search::text) > 0)
ORDER BY r.created_at DESC, r.id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: QueueCounts :many
-- How many requests of each status the queue's filters other than status find.
SELECT r.status, count(*) AS requests
FROM return_requests r
JOIN users u ON u.id = r.user_id
WHERE (@kind::text = '' OR r.kind = @kind::text)
  AND (sqlc.narg(asked_from)::timestamptz IS NULL OR r.created_at >= sqlc.narg(asked_from)::timestamptz)
  AND (sqlc.narg(asked_to)::timestamptz IS NULL OR r.created_at < sqlc.narg(asked_to)::timestamptz)
  AND (@search::text = '' OR strpos(r.number, @search::text) > 0
       OR strpos(upper(u.first_name || ' ' || u.last_name), @search::text) > 0 OR strpos(upper(u.email), @search::text) > 0)
GROUP BY r.status;

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
RETURNING old.item, old.product_id, old.product_name, old.new_size, old.held;

-- name: InsertPayout :exec
INSERT INTO return_payouts (request_id, sealed, masked) VALUES (@request_id, @sealed, @masked);

-- name: SealedPayout :one
-- A request's payout details, sealed, for an admin who pays them.
SELECT sealed, masked FROM return_payouts WHERE request_id = @request_id;

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

-- name: FitEvidence :many
-- The size evidence of one product's live requests (neither rejected nor cancelled): each line's
-- size, the size an exchange wants, the reason, and where both sizes sit in the product's size
-- list (-1: no longer offered), with how many lines and units say so.
SELECT l.size, l.new_size, r.kind, r.reason_code,
       coalesce(op.position, -1)::integer AS size_position,
       coalesce(np.position, -1)::integer AS new_size_position,
       count(*)::integer AS lines, sum(l.quantity)::integer AS units
FROM return_lines l
JOIN return_requests r ON r.id = l.request_id
LEFT JOIN product_sizes op ON op.product_id = l.product_id AND op.size = l.size
LEFT JOIN product_sizes np ON np.product_id = l.product_id AND np.size = l.new_size
WHERE l.product_id = @product_id AND r.status NOT IN ('REJECTED', 'CANCELLED')
GROUP BY l.size, l.new_size, r.kind, r.reason_code, op.position, np.position;

-- name: ReturnedUnits :many
-- Units asked back (live requests) per product, size and reason, of orders placed in
-- [placed_from, placed_to).
SELECT l.product_id, max(l.product_name)::text AS product_name, l.size, r.reason_code, max(r.reason_label)::text AS reason_label,
       sum(l.quantity)::integer AS units
FROM return_lines l
JOIN return_requests r ON r.id = l.request_id
JOIN orders o ON o.id = r.order_id
WHERE r.status NOT IN ('REJECTED', 'CANCELLED') AND o.created_at >= @placed_from AND o.created_at < @placed_to
GROUP BY l.product_id, l.size, r.reason_code;

-- name: DeliveredUnits :many
-- Units delivered per product and size (orders delivered, or returned or asked back since), of orders placed in
-- [placed_from, placed_to).
SELECT ol.product_id, max(ol.product_name)::text AS product_name, ol.size, sum(ol.quantity)::integer AS units
FROM order_lines ol
JOIN orders o ON o.id = ol.order_id
WHERE o.order_status IN ('DELIVERED', 'RETURN_REQUESTED', 'RETURNED') AND o.created_at >= @placed_from AND o.created_at < @placed_to
GROUP BY ol.product_id, ol.size;

-- name: RequestCustomer :one
-- The account that asked for a request, for the back office.
SELECT u.id, u.first_name, u.last_name, u.email
FROM return_requests r JOIN users u ON u.id = r.user_id
WHERE r.id = @id;

-- name: OrderHasRequests :one
SELECT EXISTS (SELECT 1 FROM return_requests WHERE order_id = @order_id AND status NOT IN ('REJECTED', 'CANCELLED'))::boolean;

-- name: SetExchangeOrder :exec
-- Links an exchange request to the child order that ships its new size, once.
UPDATE return_requests SET exchange_order_id = @order_id, updated_at = now()
WHERE id = @id AND exchange_order_id IS NULL;

-- name: RequestIDByExchangeOrder :one
SELECT id FROM return_requests WHERE exchange_order_id = @order_id;

-- name: ExchangeOrdersOf :many
-- The child orders of exchange requests, with their numbers and statuses.
SELECT r.id AS request_id, o.id, o.order_number, o.order_status
FROM return_requests r JOIN orders o ON o.id = r.exchange_order_id
WHERE r.id = ANY(@request_ids::text[]);

-- name: ExchangesToShip :many
-- Exchange requests whose quality check passed longer ago than the cutoff and that have no
-- child order yet: their shipping job may have been lost with Redis.
SELECT id FROM return_requests
WHERE kind = 'exchange' AND status = 'QC_PASSED' AND exchange_order_id IS NULL AND updated_at < @cutoff
ORDER BY updated_at LIMIT @max_rows;

-- name: ReturnCoversOrder :one
-- Whether the order's return requests (kind return) that still bring pieces back for a refund
-- (neither rejected, cancelled, failed at QC nor closed without a refund) come to every piece
-- it has of each item: quantities are the order's items' counts by index.
SELECT coalesce(bool_and(coalesce(r.quantity, 0) >= q.quantity), false)::boolean
FROM unnest(@quantities::integer[]) WITH ORDINALITY AS q(quantity, n)
LEFT JOIN (SELECT l.item, sum(l.quantity) AS quantity
           FROM return_lines l JOIN return_requests rr ON rr.id = l.request_id
           WHERE rr.order_id = @order_id AND rr.kind = 'return'
             AND rr.status IN ('REQUESTED', 'APPROVED', 'PICKUP_SCHEDULED', 'PICKED_UP', 'RECEIVED', 'QC_PASSED', 'REFUNDED')
           GROUP BY l.item) r ON r.item = q.n - 1;

-- name: EraseRequestsOfUser :exec
-- A shopper's erasure (package privacy): their notes and photos are cleared; the request (what
-- came back, the refund) stays with the order.
UPDATE return_requests SET note = '', photos = '{}' WHERE user_id = @user_id;

-- name: ErasePayoutsOfUser :exec
-- Their refund account is gone: sealed emptied, the mask says so.
UPDATE return_payouts SET sealed = '\x'::bytea, masked = 'erased'
WHERE request_id IN (SELECT id FROM return_requests WHERE user_id = @user_id);

-- name: OpenRequestsOfUser :one
-- Return requests of a shopper not yet settled: an erasure waits for them (package privacy).
SELECT count(*) FROM return_requests
WHERE user_id = @user_id AND status NOT IN ('REJECTED', 'REFUNDED', 'EXCHANGED', 'CLOSED', 'CANCELLED', 'QC_FAILED');
