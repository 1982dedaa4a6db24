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

-- name: NextShortNumber :one
-- The short number a new order takes (migration 00036).
SELECT nextval('order_short_numbers')::text AS short_number;

-- name: InsertOrder :exec
INSERT INTO orders (id, order_number, short_number, user_id, idempotency_key, payment_mode, payment_status, order_status,
                    list_total, subtotal, coupon_code, coupon_discount, shipping, cod_fee, tax, total, address, shipment,
                    expires_at, business_gstin, business_name, created_at, updated_at)
VALUES (@id, @order_number, @short_number, @user_id, @idempotency_key, @payment_mode, @payment_status, @order_status,
        @list_total, @subtotal, @coupon_code, @coupon_discount, @shipping, @cod_fee, @tax, @total, @address, @shipment,
        @expires_at, @business_gstin, @business_name, @created_at, @created_at);

-- name: InsertLine :exec
INSERT INTO order_lines (order_id, position, product_id, product_code, product_name, size, quantity, list_price,
                         discount, sale_name, sale_discount, unit_price, line_total, thumbnail)
VALUES (@order_id, @position, @product_id, @product_code, @product_name, @size, @quantity, @list_price,
        @discount, @sale_name, @sale_discount, @unit_price, @line_total, @thumbnail);

-- name: InsertStep :exec
INSERT INTO order_events (order_id, status, note, at) VALUES (@order_id, @status, @note, COALESCE(sqlc.narg('at')::timestamptz, now()));

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

-- name: OrderByShortNumber :one
SELECT * FROM orders WHERE short_number = @short_number;

-- name: LinesOf :many
SELECT * FROM order_lines WHERE order_id = ANY(@order_ids::text[]) ORDER BY order_id, position;

-- name: StepsOf :many
SELECT * FROM order_events WHERE order_id = ANY(@order_ids::text[]) ORDER BY order_id, id;

-- name: OrdersOfUser :many
-- The shopper's orders; an online attempt never paid and since cancelled (abandoned at the
-- gateway, expired or replaced) was never an order to them and is left out.
SELECT * FROM orders
WHERE user_id = @user_id
  AND (@status::text = '' OR order_status = @status::text)
  AND (@payment_mode::text = '' OR payment_mode = @payment_mode::text)
  AND NOT (payment_mode = 'online' AND order_status = 'CANCELED' AND paid_at IS NULL)
ORDER BY created_at DESC, id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: CountOrdersOfUser :one
SELECT count(*) FROM orders
WHERE user_id = @user_id
  AND (@status::text = '' OR order_status = @status::text)
  AND (@payment_mode::text = '' OR payment_mode = @payment_mode::text)
  AND NOT (payment_mode = 'online' AND order_status = 'CANCELED' AND paid_at IS NULL);

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

-- name: InsertMove :exec
INSERT INTO order_events (order_id, status, note, from_status, actor, at)
VALUES (@order_id, @status, @note, @from_status, @actor, COALESCE(sqlc.narg('at')::timestamptz, now()));

-- name: SetOrderStatus :exec
UPDATE orders SET order_status = @order_status, payment_status = @payment_status, stock_held = @stock_held,
    updated_at = now()
WHERE id = @id;

-- name: LockOrderByNumber :one
SELECT * FROM orders WHERE order_number = @order_number FOR UPDATE;

-- name: StartPush :one
-- Counts a push attempt of the order's shipment and says which attempt this is.
UPDATE orders SET push_attempts = push_attempts + 1, updated_at = now() WHERE id = @id
RETURNING push_attempts;

-- name: RecordPush :exec
UPDATE orders SET courier_order_id = @courier_order_id, courier_shipment_id = @courier_shipment_id,
    pushed_at = now(), push_failed = false, push_error = '', updated_at = now()
WHERE id = @id;

-- name: RecordPushFailure :exec
UPDATE orders SET push_failed = true, push_error = @push_error, updated_at = now() WHERE id = @id;

-- name: ClearPushFailure :exec
UPDATE orders SET push_failed = false, push_error = '', updated_at = now() WHERE id = @id;

-- name: RecordCourierReport :execrows
INSERT INTO courier_reports (order_id, status, reported_at, applied)
VALUES (@order_id, @status, @reported_at, @applied)
ON CONFLICT DO NOTHING;

-- name: SetTracking :exec
UPDATE orders SET awb = CASE WHEN @awb::text = '' THEN awb ELSE @awb::text END,
    courier_name = CASE WHEN @courier_name::text = '' THEN courier_name ELSE @courier_name::text END,
    tracking_url = CASE WHEN @tracking_url::text = '' THEN tracking_url ELSE @tracking_url::text END,
    courier_etd = COALESCE(sqlc.narg(etd)::timestamptz, courier_etd),
    courier_reported_at = GREATEST(courier_reported_at, @reported_at::timestamptz), updated_at = now()
WHERE id = @id;

-- name: InShipment :many
-- Orders at the courier that have not moved for a while, oldest first: the tracking sweep asks
-- the courier about them in case a status webhook was lost.
SELECT id FROM orders
WHERE courier_shipment_id IS NOT NULL
  AND order_status IN ('NEW', 'READY_TO_SHIP', 'PICKUP_SCHEDULED', 'SHIPPED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'RTO_INITIATED')
  AND updated_at < @before
ORDER BY updated_at
LIMIT @max_orders;

-- name: InsertRefund :execrows
INSERT INTO refunds (order_id, amount, status, reason, requested_by)
VALUES (@order_id, @amount, 'pending', @reason, @requested_by)
ON CONFLICT (order_id) DO NOTHING;

-- name: RetryRefund :one
UPDATE refunds SET status = 'pending', attempt = attempt + 1, failure = '', requested_by = @requested_by, updated_at = now()
WHERE order_id = @order_id AND status = 'failed'
RETURNING attempt;

-- name: RefundOf :one
SELECT * FROM refunds WHERE order_id = @order_id;

-- name: SetRefundProcessed :exec
UPDATE refunds SET status = 'processed', gateway_refund_id = @gateway_refund_id, updated_at = now()
WHERE order_id = @order_id;

-- name: SetRefundFailed :execrows
UPDATE refunds SET status = 'failed', failure = @failure, updated_at = now()
WHERE order_id = @order_id AND status = 'pending';

-- name: AdminOrders :many
-- The back office's order list, newest first; order_ref is an order id or number; push is
-- where the order is with the courier (failed, waiting or pushed; '' for any). A text search
-- goes through AdminOrdersMatching.
SELECT o.* FROM orders o
WHERE (@status::text = '' OR o.order_status = @status::text)
  AND (@status::text <> '' OR o.order_status <> 'AWAITING_PAYMENT')
  AND (@payment_mode::text = '' OR o.payment_mode = @payment_mode::text)
  AND (@order_ref::text = '' OR o.id = @order_ref::text OR o.order_number = @order_ref::text OR o.short_number = @order_ref::text)
  AND (sqlc.narg(placed_from)::timestamptz IS NULL OR o.created_at >= sqlc.narg(placed_from)::timestamptz)
  AND (sqlc.narg(placed_before)::timestamptz IS NULL OR o.created_at < sqlc.narg(placed_before)::timestamptz)
  AND (@push::text = ''
       OR (@push::text = 'failed' AND o.push_failed)
       OR (@push::text = 'waiting' AND o.courier_order_id IS NULL AND NOT o.push_failed AND o.order_status IN ('PENDING', 'CONFIRMED')
           AND o.cod_confirm_state <> 'awaiting')
       OR (@push::text = 'pushed' AND o.courier_order_id IS NOT NULL)
       OR (@push::text = 'confirm' AND o.cod_confirm_state = 'awaiting' AND o.order_status = 'PENDING'))
ORDER BY o.created_at DESC, o.id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: CountAdminOrders :one
SELECT count(*) FROM orders o
WHERE (@status::text = '' OR o.order_status = @status::text)
  AND (@status::text <> '' OR o.order_status <> 'AWAITING_PAYMENT')
  AND (@payment_mode::text = '' OR o.payment_mode = @payment_mode::text)
  AND (@order_ref::text = '' OR o.id = @order_ref::text OR o.order_number = @order_ref::text OR o.short_number = @order_ref::text)
  AND (sqlc.narg(placed_from)::timestamptz IS NULL OR o.created_at >= sqlc.narg(placed_from)::timestamptz)
  AND (sqlc.narg(placed_before)::timestamptz IS NULL OR o.created_at < sqlc.narg(placed_before)::timestamptz)
  AND (@push::text = ''
       OR (@push::text = 'failed' AND o.push_failed)
       OR (@push::text = 'waiting' AND o.courier_order_id IS NULL AND NOT o.push_failed AND o.order_status IN ('PENDING', 'CONFIRMED')
           AND o.cod_confirm_state <> 'awaiting')
       OR (@push::text = 'pushed' AND o.courier_order_id IS NOT NULL)
       OR (@push::text = 'confirm' AND o.cod_confirm_state = 'awaiting' AND o.order_status = 'PENDING'))
;

-- name: AdminOrdersMatching :many
-- AdminOrders for a search, shaped so that the search's two trigram lookups (migration 00011)
-- find the matching orders first, with the number of all matching orders in every row. The
-- matches are handed over as an array, so they are read by primary key: joined instead, the
-- planner misjudges how many there are and reads every order (82 ms instead of 23 ms for a
-- product name in 1,190 of 100,000 orders).
WITH matched AS (
    SELECT s.id FROM orders s
    WHERE lower(coalesce(s.address ->> 'firstName', '') || ' ' || coalesce(s.address ->> 'lastName', '') || ' ' ||
                coalesce(s.address ->> 'email', '') || ' ' || coalesce(s.address ->> 'phone', '') || ' ' ||
                coalesce(s.address ->> 'city', '')) LIKE '%' || @search::text || '%'
    UNION
    SELECT l.order_id FROM order_lines l WHERE lower(l.product_name) LIKE '%' || @search::text || '%'
    UNION
    SELECT n.id FROM orders n WHERE n.short_number = upper(@search::text)
)
SELECT sqlc.embed(o), count(*) OVER () AS total
FROM orders o
WHERE o.id = ANY (ARRAY(SELECT id FROM matched))
  AND (@status::text = '' OR o.order_status = @status::text)
  AND (@status::text <> '' OR o.order_status <> 'AWAITING_PAYMENT')
  AND (@payment_mode::text = '' OR o.payment_mode = @payment_mode::text)
  AND (sqlc.narg(placed_from)::timestamptz IS NULL OR o.created_at >= sqlc.narg(placed_from)::timestamptz)
  AND (sqlc.narg(placed_before)::timestamptz IS NULL OR o.created_at < sqlc.narg(placed_before)::timestamptz)
  AND (@push::text = ''
       OR (@push::text = 'failed' AND o.push_failed)
       OR (@push::text = 'waiting' AND o.courier_order_id IS NULL AND NOT o.push_failed AND o.order_status IN ('PENDING', 'CONFIRMED')
           AND o.cod_confirm_state <> 'awaiting')
       OR (@push::text = 'pushed' AND o.courier_order_id IS NOT NULL)
       OR (@push::text = 'confirm' AND o.cod_confirm_state = 'awaiting' AND o.order_status = 'PENDING'))
ORDER BY o.created_at DESC, o.id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: CountAdminOrdersMatching :one
-- How many orders AdminOrdersMatching finds in all, for a page past the last.
WITH matched AS (
    SELECT s.id FROM orders s
    WHERE lower(coalesce(s.address ->> 'firstName', '') || ' ' || coalesce(s.address ->> 'lastName', '') || ' ' ||
                coalesce(s.address ->> 'email', '') || ' ' || coalesce(s.address ->> 'phone', '') || ' ' ||
                coalesce(s.address ->> 'city', '')) LIKE '%' || @search::text || '%'
    UNION
    SELECT l.order_id FROM order_lines l WHERE lower(l.product_name) LIKE '%' || @search::text || '%'
    UNION
    SELECT n.id FROM orders n WHERE n.short_number = upper(@search::text)
)
SELECT count(*) FROM orders o
WHERE o.id = ANY (ARRAY(SELECT id FROM matched))
  AND (@status::text = '' OR o.order_status = @status::text)
  AND (@status::text <> '' OR o.order_status <> 'AWAITING_PAYMENT')
  AND (@payment_mode::text = '' OR o.payment_mode = @payment_mode::text)
  AND (sqlc.narg(placed_from)::timestamptz IS NULL OR o.created_at >= sqlc.narg(placed_from)::timestamptz)
  AND (sqlc.narg(placed_before)::timestamptz IS NULL OR o.created_at < sqlc.narg(placed_before)::timestamptz)
  AND (@push::text = ''
       OR (@push::text = 'failed' AND o.push_failed)
       OR (@push::text = 'waiting' AND o.courier_order_id IS NULL AND NOT o.push_failed AND o.order_status IN ('PENDING', 'CONFIRMED')
           AND o.cod_confirm_state <> 'awaiting')
       OR (@push::text = 'pushed' AND o.courier_order_id IS NOT NULL)
       OR (@push::text = 'confirm' AND o.cod_confirm_state = 'awaiting' AND o.order_status = 'PENDING'));

-- name: UnpushedSince :many
-- Orders placed or paid before @before that the courier still lacks and whose push has not
-- failed for good: their push job may have been lost with Redis's data.
SELECT id FROM orders
WHERE order_status IN ('PENDING', 'CONFIRMED') AND courier_order_id IS NULL AND NOT push_failed AND updated_at < @before
  AND cod_confirm_state <> 'awaiting'
ORDER BY updated_at
LIMIT @max_orders;

-- name: CourierReportsOf :many
SELECT * FROM courier_reports WHERE order_id = @order_id ORDER BY reported_at, received_at;

-- name: PaymentEventsOf :many
-- The gateway's webhook events about an order, by its order at the gateway (payment_events
-- keeps the gateway's order id).
SELECT * FROM payment_events WHERE order_id = @gateway_order_id::text ORDER BY received_at, event_id;

-- name: HasLiveOrder :one
-- Whether the user has an order that is not cancelled (one awaiting payment included) other
-- than @except_id: the first-order rule of coupons.
SELECT EXISTS (SELECT 1 FROM orders WHERE user_id = @user_id AND order_status <> 'CANCELED' AND id <> @except_id::text);

-- name: CountUnpaidOnline :one
-- How many online orders the user placed since @since that were never paid (waiting or
-- lapsed), the one made with @idempotency_key excepted.
SELECT count(*) FROM orders
WHERE user_id = @user_id AND payment_mode = 'online' AND paid_at IS NULL AND created_at >= @since
  AND idempotency_key <> @idempotency_key;

-- name: InsertRefundRequest :execrows
-- A refund staff asked for, waiting for an admin (nothing is asked of the gateway yet).
INSERT INTO refunds (order_id, amount, status, reason, requested_by)
VALUES (@order_id, @amount, 'requested', @reason, @requested_by)
ON CONFLICT (order_id) DO NOTHING;

-- name: ConfirmRefund :one
-- An admin confirms a requested refund: it is pending from now on.
UPDATE refunds SET status = 'pending', approved_by = @approved_by, updated_at = now()
WHERE order_id = @order_id AND status = 'requested'
RETURNING attempt;

-- name: CustomersOf :many
-- The accounts that placed orders, for the back office's view of them (userdetails).
SELECT id, first_name, last_name, email FROM users WHERE id = ANY(@user_ids::text[]);

-- name: RecordScan :exec
INSERT INTO courier_scans (order_id, scanned_at, activity, location)
VALUES (@order_id, @scanned_at, @activity, @location)
ON CONFLICT DO NOTHING;

-- name: LatestScan :one
-- The courier's newest scan of an order's parcel.
SELECT * FROM courier_scans WHERE order_id = @order_id ORDER BY scanned_at DESC, received_at DESC LIMIT 1;

-- name: RTOCount :one
SELECT count(*) FROM orders WHERE user_id = @user_id AND order_status IN ('RTO_INITIATED', 'RTO_DELIVERED');

-- name: CODOverride :one
SELECT * FROM cod_overrides WHERE user_id = @user_id;

-- name: SetCODOverride :exec
INSERT INTO cod_overrides (user_id, allowed, note, updated_by)
VALUES (@user_id, @allowed, @note, @updated_by)
ON CONFLICT (user_id) DO UPDATE SET allowed = EXCLUDED.allowed, note = EXCLUDED.note,
    updated_by = EXCLUDED.updated_by, updated_at = now();

-- name: ClearCODOverride :exec
DELETE FROM cod_overrides WHERE user_id = @user_id;

-- name: SetParentOrder :exec
-- Makes an order the child of another: an exchange's new parcel.
UPDATE orders SET parent_order_id = @parent_order_id WHERE id = @id;

-- name: ChildOrderCount :one
SELECT count(*)::integer FROM orders WHERE parent_order_id = @parent_order_id;

-- name: LinkedOrders :many
-- The orders linked to some orders: their children (parent_order_id among ids) and their
-- parents (id among parent_ids), oldest first.
SELECT id, order_number, order_status, parent_order_id FROM orders
WHERE parent_order_id = ANY(@ids::text[]) OR id = ANY(@parent_ids::text[])
ORDER BY created_at, id;
-- name: AwaitCODConfirmation :exec
-- A cash-on-delivery order placed while the shop asks for confirmation waits for it until @due.
UPDATE orders SET cod_confirm_state = 'awaiting', cod_confirm_token = @token_hash, cod_confirm_due = @due
WHERE id = @id;
-- name: OrderByCODToken :one
SELECT * FROM orders WHERE cod_confirm_token = @token_hash;
-- name: SettleCODConfirmation :exec
-- The confirmation of an order waiting for it ends: confirmed, expired or cancelled.
UPDATE orders SET cod_confirm_state = @state, cod_confirm_by = @by, cod_confirm_note = @note,
    cod_confirm_at = @at, updated_at = now()
WHERE id = @id AND cod_confirm_state = 'awaiting';
-- name: UnconfirmedPastDue :many
-- Cash-on-delivery orders whose confirmation did not come in time, for the expiry sweep: one
-- worker claims each (SKIP LOCKED).
SELECT id FROM orders
WHERE cod_confirm_state = 'awaiting' AND cod_confirm_due < @now AND order_status = 'PENDING'
ORDER BY cod_confirm_due
LIMIT @max_orders FOR UPDATE SKIP LOCKED;

-- name: OpenOrdersOfUser :one
-- Orders of a shopper still on their way (not delivered, cancelled or back at the shop): an
-- erasure waits for them (package privacy).
SELECT count(*) FROM orders
WHERE user_id = @user_id AND order_status NOT IN ('DELIVERED', 'CANCELED', 'RTO_DELIVERED', 'RETURNED');

-- name: EraseOrdersOfUser :exec
-- A shopper's erasure (package privacy): the orders stay (money, tax, stock), their personal
-- fields reduced to the delivery state and country (the place of supply), the courier's copy
-- without names, address, e-mail or phone, and the COD confirmation's note cleared.
UPDATE orders SET
    address = jsonb_build_object('firstName', '', 'lastName', '', 'address1', '', 'address2', '', 'city', '',
        'state', coalesce(address->>'state', ''), 'pincode', '', 'email', '', 'phone', '', 'landmark', '',
        'country', coalesce(address->>'country', '')),
    shipment = (shipment - 'billing_address' - 'billing_address_2' - 'billing_city' - 'billing_customer_name'
        - 'billing_email' - 'billing_last_name' - 'billing_phone' - 'billing_pincode')
        || jsonb_build_object('billing_address', '', 'billing_address_2', '', 'billing_city', '', 'billing_customer_name', '',
            'billing_email', '', 'billing_last_name', '', 'billing_phone', 0, 'billing_pincode', 0),
    cod_confirm_note = '',
    updated_at = now()
WHERE user_id = @user_id;

-- name: EraseCODOverride :exec
DELETE FROM cod_overrides WHERE user_id = @user_id;

-- name: OrderIDsOfUser :many
SELECT id FROM orders WHERE user_id = @user_id ORDER BY created_at;
