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
