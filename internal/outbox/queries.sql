-- name: Insert :exec
INSERT INTO outbox (kind, name, topic, queue, dedupe_key, payload)
VALUES (@kind, @name, @topic, @queue, @dedupe_key, @payload);

-- name: InsertEvents :exec
INSERT INTO outbox (kind, name, topic, queue, dedupe_key, payload)
SELECT 'event', @name::text, unnest(@topics::text[]), '', unnest(@dedupe_keys::text[]), unnest(@payloads::jsonb[]);

-- name: ClaimPending :many
SELECT id, kind, name, topic, queue, dedupe_key, payload, created_at, attempts
FROM outbox
WHERE delivered_at IS NULL AND next_attempt_at <= now()
ORDER BY id
LIMIT @batch
FOR UPDATE SKIP LOCKED;

-- name: MarkDelivered :exec
UPDATE outbox SET delivered_at = now(), attempts = attempts + 1
WHERE id = ANY(@ids::bigint[]);

-- name: MarkFailed :exec
UPDATE outbox
SET attempts = attempts + 1,
    last_error = @last_error,
    next_attempt_at = now() + least(interval '1 second' * power(2, attempts), interval '10 minutes')
WHERE id = @id;

-- name: PendingStats :one
SELECT count(*)::bigint AS pending,
       coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest_seconds
FROM outbox
WHERE delivered_at IS NULL;

-- name: DeleteDeliveredBefore :execrows
DELETE FROM outbox WHERE delivered_at IS NOT NULL AND delivered_at < @before::timestamptz;

-- name: ForgetDeliveredWith :exec
-- A shopper's erasure (package privacy): delivered rows whose payload holds a value of theirs
-- are deleted before the relay's own pruning would.
DELETE FROM outbox WHERE delivered_at IS NOT NULL AND strpos(payload::text, @value::text) > 0;
