-- name: InsertAlert :one
-- A new waiting request, or nothing when this e-mail already waits for this size (the answer
-- is then no row).
INSERT INTO restock_alerts (id, product_id, size, email, user_id)
VALUES (@id, @product_id, @size, @email, sqlc.narg(user_id))
ON CONFLICT (product_id, size, email) WHERE state = 'waiting' DO NOTHING
RETURNING id, created_at;

-- name: WaitingAlert :one
SELECT id, created_at FROM restock_alerts
WHERE product_id = @product_id AND size = @size AND email = @email AND state = 'waiting';

-- name: InsertRestock :one
-- The restock's row, written once: a second run of its job (or a second worker) gets no row
-- back and sends nothing.
INSERT INTO restocks (id, product_id, size, units, alerts_sent)
VALUES (@id, @product_id, @size, @units, 0)
ON CONFLICT (id) DO NOTHING
RETURNING id;

-- name: ClaimAlerts :many
-- The oldest waiting requests of a size, at most max_alerts, marked sent by restock_id. Rows
-- another restock is claiming are skipped, so two restocks never send the same request.
UPDATE restock_alerts a SET state = 'sent', sent_at = now(), restock_id = @restock_id
FROM (
    SELECT w.id FROM restock_alerts w
    WHERE w.product_id = @product_id AND w.size = @size AND w.state = 'waiting'
    ORDER BY w.created_at, w.id
    LIMIT @max_alerts
    FOR UPDATE SKIP LOCKED
) claimed
WHERE a.id = claimed.id
RETURNING a.id, a.email, a.created_at;

-- name: SetCancelHash :exec
UPDATE restock_alerts SET cancel_hash = @cancel_hash WHERE id = @id;

-- name: CountSent :exec
UPDATE restocks SET alerts_sent = @alerts_sent WHERE id = @id;

-- name: AlertByCancelHash :one
SELECT id, product_id, size, email, state FROM restock_alerts WHERE cancel_hash = @cancel_hash;

-- name: CancelWaiting :execrows
-- Every waiting request of an e-mail, stopped.
UPDATE restock_alerts SET state = 'cancelled', cancelled_at = now()
WHERE email = @email AND state = 'waiting';

-- name: CountWaiting :one
SELECT count(*) FROM restock_alerts WHERE email = @email AND state = 'waiting';

-- name: Demand :many
-- The waiting requests of a product per size, and the oldest one's time.
SELECT size, count(*) AS waiting, min(created_at)::timestamptz AS oldest
FROM restock_alerts
WHERE product_id = @product_id AND state = 'waiting'
GROUP BY size
ORDER BY size;

-- name: AlertsOfUser :many
-- A shopper's requests, newest first, for their data download (package privacy).
SELECT id, product_id, size, email, state, created_at, sent_at FROM restock_alerts
WHERE user_id = @user_id OR email = ANY (@emails::text[])
ORDER BY created_at DESC, id DESC;

-- name: EraseAlertsOfUser :exec
-- A shopper's erasure (package privacy): their requests, by account or e-mail, are gone.
DELETE FROM restock_alerts WHERE user_id = @user_id OR email = ANY (@emails::text[]);
