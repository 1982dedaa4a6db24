-- name: InsertComplaint :one
-- A new complaint, its ticket numbered from complaint_numbers in the year (IST) it was filed.
INSERT INTO complaints (id, ticket, user_id, name, email, phone, order_ref, subject, message, due_at)
VALUES (@id, 'GRV-' || to_char(now() AT TIME ZONE 'Asia/Kolkata', 'YYYY') || '-' || lpad(nextval('complaint_numbers')::text, 6, '0'),
        sqlc.narg(user_id), @name, @email, @phone, @order_ref, @subject, @message, now() + interval '1 month')
RETURNING *;

-- name: InsertEvent :exec
INSERT INTO complaint_events (id, complaint_id, status, note, actor_id)
VALUES (@id, @complaint_id, @status, @note, sqlc.narg(actor_id));

-- name: ComplaintByTicket :one
SELECT * FROM complaints WHERE ticket = @ticket AND email = @email;

-- name: ComplaintByID :one
SELECT * FROM complaints WHERE id = @id;

-- name: LockComplaint :one
SELECT * FROM complaints WHERE id = @id FOR UPDATE;

-- name: EventsOf :many
SELECT status, note, at, (actor_id IS NOT NULL)::boolean AS by_staff FROM complaint_events WHERE complaint_id = @complaint_id ORDER BY at, id;

-- name: ComplaintsOfUser :many
SELECT * FROM complaints WHERE user_id = @user_id ORDER BY created_at DESC, id DESC LIMIT 50;

-- name: MoveComplaint :exec
UPDATE complaints
SET status = @status, note = @note, updated_at = now(),
    resolved_at = CASE WHEN @status IN ('resolved', 'closed') THEN now() END
WHERE id = @id;

-- name: Queue :many
-- One page of the back office's queue: with status set only that status, else the unresolved
-- ones ('open' and 'in_progress'); those due first first.
SELECT * FROM complaints
WHERE CASE WHEN @status::text = '' THEN status IN ('open', 'in_progress') ELSE status = @status::text END
ORDER BY due_at, id
LIMIT @page_size OFFSET @page_offset;

-- name: CountQueue :one
SELECT count(*) FROM complaints
WHERE CASE WHEN @status::text = '' THEN status IN ('open', 'in_progress') ELSE status = @status::text END;

-- name: Figures :one
-- The dashboard card: complaints not yet resolved, and those of them past their due time.
SELECT count(*) FILTER (WHERE status IN ('open', 'in_progress'))                      AS unresolved,
       count(*) FILTER (WHERE status IN ('open', 'in_progress') AND due_at < now()) AS overdue
FROM complaints;

-- name: EraseComplaintsOf :exec
-- A shopper's erasure (package privacy): their complaints keep their ticket, subject, status and
-- dates for the record, without who filed them or what they wrote.
UPDATE complaints
SET name = 'Former customer', email = 'erased@erased.invalid', phone = '', message = '[erased]', updated_at = now()
WHERE user_id = @user_id OR email = ANY(@emails::text[]);
