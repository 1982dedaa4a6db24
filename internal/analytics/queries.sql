-- name: Takings :one
-- What orders placed in [@placed_from, @placed_before) brought in: online payments kept (paid,
-- not refunded), cash-on-delivery orders still standing (not cancelled or sent back) and the
-- cash of those delivered, and how many orders count (those standing, either way).
SELECT
    coalesce(sum(total) FILTER (WHERE payment_mode = 'online' AND payment_status IN ('success', 'refund_pending')), 0)::bigint AS online_paid,
    coalesce(sum(total) FILTER (WHERE payment_mode = 'cod' AND order_status NOT IN ('CANCELED', 'RTO_DELIVERED', 'RETURNED')), 0)::bigint AS cod_booked,
    coalesce(sum(total) FILTER (WHERE payment_mode = 'cod' AND payment_status = 'success'), 0)::bigint AS cod_collected,
    count(*) FILTER (WHERE order_status NOT IN ('AWAITING_PAYMENT', 'CANCELED', 'RTO_DELIVERED', 'RETURNED'))::bigint AS orders
FROM orders
WHERE created_at >= @placed_from AND created_at < @placed_before;

-- name: OrdersByStatus :many
SELECT order_status, count(*)::bigint AS orders
FROM orders
WHERE created_at >= @placed_from AND created_at < @placed_before AND order_status <> 'AWAITING_PAYMENT'
GROUP BY order_status
ORDER BY orders DESC, order_status;

-- name: TopProducts :many
SELECT l.product_id, min(l.product_name)::text AS product_name, sum(l.quantity)::bigint AS units, sum(l.line_total)::bigint AS revenue
FROM order_lines l JOIN orders o ON o.id = l.order_id
WHERE o.created_at >= @placed_from AND o.created_at < @placed_before
  AND o.order_status NOT IN ('AWAITING_PAYMENT', 'CANCELED')
GROUP BY l.product_id
ORDER BY units DESC, revenue DESC
LIMIT @max_rows;

-- name: TopSizes :many
SELECT l.size, sum(l.quantity)::bigint AS units
FROM order_lines l JOIN orders o ON o.id = l.order_id
WHERE o.created_at >= @placed_from AND o.created_at < @placed_before
  AND o.order_status NOT IN ('AWAITING_PAYMENT', 'CANCELED')
GROUP BY l.size
ORDER BY units DESC, l.size
LIMIT @max_rows;

-- name: LowStock :many
SELECT p.id AS product_id, p.name AS product_name, s.size, s.stock
FROM product_sizes s JOIN products p ON p.id = s.product_id
WHERE s.stock <= @at_most::integer
ORDER BY s.stock, p.name, s.position
LIMIT @max_rows;

-- name: NewCustomers :one
SELECT count(*)::bigint FROM users WHERE role = 'user' AND created_at >= @joined_from AND created_at < @joined_before;

-- name: DailyTakings :many
-- Per Indian day of [@placed_from, @placed_before): orders standing and what they brought in
-- (online kept plus cash-on-delivery standing).
SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date AS day,
       count(*)::bigint AS orders,
       coalesce(sum(total) FILTER (WHERE payment_mode = 'online' AND payment_status IN ('success', 'refund_pending')), 0)::bigint AS online_paid,
       coalesce(sum(total) FILTER (WHERE payment_mode = 'cod'), 0)::bigint AS cod_booked
FROM orders
WHERE created_at >= @placed_from AND created_at < @placed_before
  AND order_status NOT IN ('AWAITING_PAYMENT', 'CANCELED', 'RTO_DELIVERED', 'RETURNED')
GROUP BY day
ORDER BY day;

-- name: CODShare :one
-- Orders placed in [@placed_from, @placed_before) and those of them to be paid on delivery, by
-- count and value. Placed: cash on delivery, or paid online (an online attempt never paid is no
-- order); an exchange's new parcel is not a shopper's choice and is left out.
SELECT count(*)::bigint AS orders,
       count(*) FILTER (WHERE payment_mode = 'cod')::bigint AS cod_orders,
       coalesce(sum(total), 0)::bigint AS value,
       coalesce(sum(total) FILTER (WHERE payment_mode = 'cod'), 0)::bigint AS cod_value
FROM orders
WHERE created_at >= @placed_from AND created_at < @placed_before AND parent_order_id IS NULL
  AND order_status <> 'AWAITING_PAYMENT'
  AND (payment_mode = 'cod' OR payment_status IN ('success', 'refund_pending', 'refunded'));

-- name: RTORate :one
-- Of the orders placed in [@placed_from, @placed_before) whose delivery has ended (delivered,
-- or returned to origin), how many came back unclaimed (RTO), in all and paid on delivery.
SELECT count(*)::bigint AS ended,
       count(*) FILTER (WHERE order_status IN ('RTO_INITIATED', 'RTO_DELIVERED'))::bigint AS rto,
       count(*) FILTER (WHERE payment_mode = 'cod')::bigint AS cod_ended,
       count(*) FILTER (WHERE payment_mode = 'cod' AND order_status IN ('RTO_INITIATED', 'RTO_DELIVERED'))::bigint AS cod_rto
FROM orders
WHERE created_at >= @placed_from AND created_at < @placed_before
  AND order_status IN ('DELIVERED', 'RETURN_REQUESTED', 'RETURNED', 'RTO_INITIATED', 'RTO_DELIVERED');

-- name: RTOByState :many
-- The states where most orders of [@placed_from, @placed_before) came back unclaimed: RTO
-- orders, then the fewest ended deliveries (3 of 3 is worse than 3 of 10), at most @max_rows.
SELECT coalesce(nullif(btrim(address ->> 'state'), ''), '?')::text AS place,
       count(*)::bigint AS ended,
       count(*) FILTER (WHERE order_status IN ('RTO_INITIATED', 'RTO_DELIVERED'))::bigint AS rto
FROM orders
WHERE created_at >= @placed_from AND created_at < @placed_before
  AND order_status IN ('DELIVERED', 'RETURN_REQUESTED', 'RETURNED', 'RTO_INITIATED', 'RTO_DELIVERED')
GROUP BY place
HAVING count(*) FILTER (WHERE order_status IN ('RTO_INITIATED', 'RTO_DELIVERED')) > 0
ORDER BY rto DESC, ended, place
LIMIT @max_rows;

-- name: RTOByPincode :many
-- RTOByState by the delivery pincode.
SELECT coalesce(nullif(btrim(address ->> 'pincode'), ''), '?')::text AS place,
       count(*)::bigint AS ended,
       count(*) FILTER (WHERE order_status IN ('RTO_INITIATED', 'RTO_DELIVERED'))::bigint AS rto
FROM orders
WHERE created_at >= @placed_from AND created_at < @placed_before
  AND order_status IN ('DELIVERED', 'RETURN_REQUESTED', 'RETURNED', 'RTO_INITIATED', 'RTO_DELIVERED')
GROUP BY place
HAVING count(*) FILTER (WHERE order_status IN ('RTO_INITIATED', 'RTO_DELIVERED')) > 0
ORDER BY rto DESC, ended, place
LIMIT @max_rows;

-- name: CODConfirmations :one
-- The cash-on-delivery orders of [@placed_from, @placed_before) asked to confirm before dispatch,
-- and where each stands: confirmed by the shopper (link or reply) or by staff (after a call;
-- by 'staff:<id>'), cancelled unconfirmed when their hours ran out, cancelled while waiting,
-- or still waiting.
SELECT count(*)::bigint AS asked,
       count(*) FILTER (WHERE cod_confirm_state = 'confirmed' AND cod_confirm_by NOT LIKE 'staff%')::bigint AS by_shopper,
       count(*) FILTER (WHERE cod_confirm_state = 'confirmed' AND cod_confirm_by LIKE 'staff%')::bigint AS by_staff,
       count(*) FILTER (WHERE cod_confirm_state = 'expired')::bigint AS expired,
       count(*) FILTER (WHERE cod_confirm_state = 'cancelled')::bigint AS cancelled,
       count(*) FILTER (WHERE cod_confirm_state = 'awaiting')::bigint AS waiting
FROM orders
WHERE created_at >= @placed_from AND created_at < @placed_before AND cod_confirm_state <> '';

-- name: NDRQueue :one
-- Failed delivery attempts still open now: those waiting for the shopper's (or staff's) answer,
-- and all open ones (answered ones wait for the courier).
SELECT count(*) FILTER (WHERE action = '')::bigint AS unanswered, count(*)::bigint AS open
FROM ndr_attempts
WHERE closed_at IS NULL;
