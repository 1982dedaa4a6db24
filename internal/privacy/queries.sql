-- name: InsertConsent :exec
INSERT INTO marketing_consents (id, user_id, channel, granted, source, wording_version, wording)
VALUES (@id, @user_id, @channel, @granted, @source, @wording_version, @wording);

-- name: ConsentsOfUser :many
-- Every choice the shopper made, newest first (the first of each channel is the one in force).
SELECT id, channel, granted, source, wording_version, wording, created_at FROM marketing_consents
WHERE user_id = @user_id
ORDER BY created_at DESC, id DESC;

-- name: ConsentingUsers :many
-- The shoppers whose latest choice for channel is a consent, page after page by id.
SELECT c.user_id FROM (
    SELECT DISTINCT ON (user_id) user_id, granted FROM marketing_consents
    WHERE channel = @channel
    ORDER BY user_id, created_at DESC, id DESC
) c
WHERE c.granted AND c.user_id > @after::text
ORDER BY c.user_id
LIMIT @max_users;

-- name: InsertRequest :one
INSERT INTO privacy_requests (id, user_id, kind, status, detail, completed_at)
VALUES (@id, @user_id, @kind, @status, @detail, sqlc.narg(completed_at))
RETURNING *;

-- name: RequestForUpdate :one
SELECT * FROM privacy_requests WHERE id = @id FOR UPDATE;

-- name: CompleteRequest :exec
UPDATE privacy_requests SET status = 'completed', completed_at = now(), detail = @detail WHERE id = @id;

-- name: RequestsOfUser :many
SELECT * FROM privacy_requests WHERE user_id = @user_id ORDER BY requested_at DESC, id DESC;

-- name: WaitingErasure :one
SELECT * FROM privacy_requests WHERE user_id = @user_id AND kind = 'erase' AND status = 'received';

-- name: WaitingErasures :many
-- Erasures asked more than a while ago and not done: the worker's sweep queues them again.
SELECT id FROM privacy_requests
WHERE kind = 'erase' AND status = 'received' AND requested_at < @before::timestamptz
ORDER BY requested_at LIMIT @max_requests;

-- name: ListRequests :many
-- The back office's list, newest first; the account's e-mail as it is now (an erased account's
-- is its placeholder).
SELECT r.id, r.user_id, r.kind, r.status, r.detail, r.requested_at, r.completed_at,
       coalesce(u.email, '')::text AS email
FROM privacy_requests r
LEFT JOIN users u ON u.id = r.user_id
WHERE (@kind::text = '' OR r.kind = @kind)
ORDER BY r.requested_at DESC, r.id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: CountRequests :one
SELECT count(*) FROM privacy_requests WHERE (@kind::text = '' OR kind = @kind);

-- name: RecordSend :execrows
INSERT INTO marketing_sends (campaign, user_id, channel) VALUES (@campaign, @user_id, @channel)
ON CONFLICT DO NOTHING;

-- name: SendsOfUser :many
SELECT campaign, channel, sent_at FROM marketing_sends WHERE user_id = @user_id ORDER BY sent_at DESC;

-- name: RetentionWarning :one
SELECT * FROM retention_warnings WHERE user_id = @user_id;

-- name: SaveRetentionWarning :exec
INSERT INTO retention_warnings (user_id, warned_at, active_at) VALUES (@user_id, @warned_at, @active_at)
ON CONFLICT (user_id) DO UPDATE SET warned_at = excluded.warned_at, active_at = excluded.active_at;
