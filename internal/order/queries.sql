-- name: PlacementRivals :many
-- The user's orders a new placement must know about, locked: the one already made with its
-- idempotency key, and those still waiting for payment (the new order replaces them).
SELECT * FROM orders
WHERE user_id = @user_id AND (idempotency_key = @idempotency_key OR order_status = 'AWAITING_PAYMENT')
FOR UPDATE;

-- name: OrderByKey :one
SELECT * FROM orders WHERE user_id = @user_id AND idempotency_key = @idempotency_key;

-- name: HasPlacedOrder :one
SELECT EXISTS (SELECT 1 FROM orders WHERE user_id = @user_id AND order_status NOT IN ('AWAITING_PAYMENT', 'CANCELED'));

-- name: InsertOrder :exec
INSERT INTO orders (id, order_number, user_id, idempotency_key, payment_mode, payment_status, order_status,
                    list_total, subtotal, coupon_code, coupon_discount, shipping, tax, total, address, shipment,
                    expires_at)
VALUES (@id, @order_number, @user_id, @idempotency_key, @payment_mode, @payment_status, @order_status,
        @list_total, @subtotal, @coupon_code, @coupon_discount, @shipping, @tax, @total, @address, @shipment,
        @expires_at);

-- name: InsertLine :exec
INSERT INTO order_lines (order_id, position, product_id, product_code, product_name, size, quantity, list_price,
                         discount, sale_name, sale_discount, unit_price, line_total, thumbnail)
VALUES (@order_id, @position, @product_id, @product_code, @product_name, @size, @quantity, @list_price,
        @discount, @sale_name, @sale_discount, @unit_price, @line_total, @thumbnail);

-- name: InsertStep :exec
INSERT INTO order_events (order_id, status, note) VALUES (@order_id, @status, @note);

-- name: OrderByID :one
SELECT * FROM orders WHERE id = @id;

-- name: LockOrder :one
SELECT * FROM orders WHERE id = @id FOR UPDATE;

-- name: LockOrderByGateway :one
SELECT * FROM orders WHERE gateway_order_id = @gateway_order_id FOR UPDATE;

-- name: OrderOfUser :one
SELECT * FROM orders WHERE order_number = @order_number AND user_id = @user_id;

-- name: OrderByNumber :one
SELECT * FROM orders WHERE order_number = @order_number;

-- name: LinesOf :many
SELECT * FROM order_lines WHERE order_id = ANY(@order_ids::text[]) ORDER BY order_id, position;

-- name: StepsOf :many
SELECT * FROM order_events WHERE order_id = ANY(@order_ids::text[]) ORDER BY order_id, id;

-- name: OrdersOfUser :many
SELECT * FROM orders
WHERE user_id = @user_id
  AND (@status::text = '' OR order_status = @status::text)
  AND (@payment_mode::text = '' OR payment_mode = @payment_mode::text)
ORDER BY created_at DESC, id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: CountOrdersOfUser :one
SELECT count(*) FROM orders
WHERE user_id = @user_id
  AND (@status::text = '' OR order_status = @status::text)
  AND (@payment_mode::text = '' OR payment_mode = @payment_mode::text);

-- name: SetGatewayOrder :execrows
UPDATE orders SET gateway_order_id = @gateway_order_id, updated_at = now()
WHERE id = @id AND gateway_order_id IS NULL;

-- name: SetStatus :exec
UPDATE orders SET order_status = @order_status, payment_status = @payment_status, stock_held = @stock_held,
    cancel_reason = @cancel_reason, payment_error = @payment_error, expires_at = @expires_at, updated_at = now()
WHERE id = @id;

-- name: SetPaid :exec
UPDATE orders SET payment_status = 'success', payment_id = @payment_id, payment_signature = @payment_signature,
    order_status = @order_status, stock_held = @stock_held, paid_at = now(), expires_at = NULL, updated_at = now()
WHERE id = @id;

-- name: ExpiredOrders :many
SELECT id FROM orders
WHERE order_status = 'AWAITING_PAYMENT' AND expires_at < now()
ORDER BY expires_at
LIMIT @max_orders FOR UPDATE SKIP LOCKED;

-- name: AwaitingOlderThan :many
SELECT id FROM orders
WHERE order_status = 'AWAITING_PAYMENT' AND gateway_order_id IS NOT NULL AND created_at < @before
ORDER BY created_at
LIMIT @max_orders;

-- name: OrderIDByPayment :one
SELECT id FROM orders WHERE payment_id = @payment_id;
