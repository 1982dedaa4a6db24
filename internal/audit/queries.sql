-- name: InsertEntry :exec
INSERT INTO audit_log (id, actor_id, actor_role, action, entity_type, entity_id, before, after, request_id)
VALUES (@id, @actor_id, @actor_role, @action, @entity_type, @entity_id, @before, @after, @request_id);

-- name: ListEntries :many
SELECT a.id, a.at, a.actor_id, a.actor_role, coalesce(u.email, '')::text AS actor_email,
       trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))::text AS actor_name,
       a.action, a.entity_type, a.entity_id, a.before, a.after, a.request_id
FROM audit_log a
LEFT JOIN users u ON u.id = a.actor_id
WHERE (sqlc.narg(actor)::text IS NULL OR a.actor_id = sqlc.narg(actor) OR u.email = lower(sqlc.narg(actor)))
  AND (sqlc.narg(entity_type)::text IS NULL OR a.entity_type = sqlc.narg(entity_type))
  AND (sqlc.narg(entity_id)::text IS NULL OR a.entity_id = sqlc.narg(entity_id))
  AND (sqlc.narg(action)::text IS NULL OR a.action ILIKE '%' || sqlc.narg(action) || '%')
  AND (sqlc.narg(since)::timestamptz IS NULL OR a.at >= sqlc.narg(since))
  AND (sqlc.narg(before_time)::timestamptz IS NULL OR a.at < sqlc.narg(before_time))
ORDER BY a.at DESC, a.id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: CountEntries :one
SELECT count(*)
FROM audit_log a
LEFT JOIN users u ON u.id = a.actor_id
WHERE (sqlc.narg(actor)::text IS NULL OR a.actor_id = sqlc.narg(actor) OR u.email = lower(sqlc.narg(actor)))
  AND (sqlc.narg(entity_type)::text IS NULL OR a.entity_type = sqlc.narg(entity_type))
  AND (sqlc.narg(entity_id)::text IS NULL OR a.entity_id = sqlc.narg(entity_id))
  AND (sqlc.narg(action)::text IS NULL OR a.action ILIKE '%' || sqlc.narg(action) || '%')
  AND (sqlc.narg(since)::timestamptz IS NULL OR a.at >= sqlc.narg(since))
  AND (sqlc.narg(before_time)::timestamptz IS NULL OR a.at < sqlc.narg(before_time));

-- name: EntriesHolding :many
-- The entries whose before or after holds any of needles (as JSON writes them), locked for a
-- shopper's erasure (package privacy).
SELECT id, before, after FROM audit_log
WHERE before::text LIKE ANY(@needles::text[]) OR after::text LIKE ANY(@needles::text[])
ORDER BY id
FOR UPDATE;

-- name: SetRedacted :exec
UPDATE audit_log SET before = @before, after = @after WHERE id = @id;
