-- name: AttemptLimit :one
SELECT attempt_limit FROM ndr_settings WHERE id;

-- name: SetAttemptLimit :one
UPDATE ndr_settings SET attempt_limit = @attempt_limit, updated_at = now() WHERE id RETURNING attempt_limit;

-- name: LockOrderAttempts :exec
SELECT pg_advisory_xact_lock(hashtextextended('ndr:' || @order_id::text, 0));

-- name: LatestAttempt :one
SELECT * FROM ndr_attempts WHERE order_id = @order_id ORDER BY attempt DESC LIMIT 1;

-- name: InsertAttempt :one
INSERT INTO ndr_attempts (id, order_id, order_number, user_id, awb, attempt, reason, reported_at)
VALUES (@id, @order_id, @order_number, @user_id, @awb, @attempt, @reason, @reported_at)
RETURNING *;

-- name: CloseOpen :many
UPDATE ndr_attempts SET closed_at = now(), outcome = @outcome
WHERE order_id = @order_id AND closed_at IS NULL
RETURNING *;

-- name: AttemptByID :one
SELECT * FROM ndr_attempts WHERE id = @id;

-- name: LockAttempt :one
SELECT * FROM ndr_attempts WHERE id = @id FOR UPDATE;

-- name: Answer :one
UPDATE ndr_attempts
SET action = @action, deferred_date = @deferred_date, phone = @phone, address1 = @address1, address2 = @address2,
    note = @note, answered_by = @answered_by, answered_at = now()
WHERE id = @id AND action = '' AND closed_at IS NULL
RETURNING *;

-- name: StartSend :one
UPDATE ndr_attempts SET send_attempts = send_attempts + 1 WHERE id = @id RETURNING send_attempts;

-- name: MarkSent :exec
UPDATE ndr_attempts SET sent_at = now(), send_error = '' WHERE id = @id AND sent_at IS NULL;

-- name: MarkSendFailed :exec
UPDATE ndr_attempts SET send_error = @send_error WHERE id = @id AND sent_at IS NULL;

-- name: OpenAttempts :many
SELECT * FROM ndr_attempts WHERE closed_at IS NULL ORDER BY reported_at, id;

-- name: OrderAttempts :many
SELECT * FROM ndr_attempts WHERE order_id = @order_id ORDER BY attempt;

-- name: UnsentSince :many
SELECT id FROM ndr_attempts
WHERE answered_at IS NOT NULL AND answered_at < @before AND sent_at IS NULL AND send_error = ''
ORDER BY answered_at LIMIT @max_rows;

-- name: EraseAttemptsOfUser :exec
-- A shopper's erasure (package privacy): the phone, address and note they gave the courier's
-- failed deliveries are cleared; the attempt (what happened, when) stays with the order.
UPDATE ndr_attempts SET phone = '', address1 = '', address2 = '', note = '' WHERE user_id = @user_id;
