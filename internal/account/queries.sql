-- name: InsertUser :exec
INSERT INTO users (id, email, first_name, last_name, phone, password_hash, federated_id, photo_url, role)
VALUES (@id, @email, @first_name, @last_name, @phone, @password_hash, sqlc.narg(federated_id), @photo_url, @role);

-- name: UserByEmail :one
SELECT * FROM users WHERE email = lower(@email::text);

-- name: UserByID :one
SELECT * FROM users WHERE id = @id;

-- name: UserByFederatedID :one
SELECT * FROM users WHERE federated_id = @federated_id;

-- name: LinkFederated :exec
UPDATE users SET federated_id = @federated_id,
    photo_url = CASE WHEN photo_url = '' THEN @photo_url ELSE photo_url END,
    updated_at = now()
WHERE id = @id;

-- name: UpdateProfile :exec
UPDATE users SET first_name = @first_name, last_name = @last_name, phone = @phone, updated_at = now()
WHERE id = @id;

-- name: UpdateEmail :exec
UPDATE users SET email = lower(@email::text), updated_at = now() WHERE id = @id;

-- name: UpdatePassword :exec
-- A new password signs out every device: old tokens carry the old version.
UPDATE users SET password_hash = @password_hash, token_version = token_version + 1, updated_at = now()
WHERE id = @id;

-- name: BumpTokenVersion :exec
UPDATE users SET token_version = token_version + 1, updated_at = now() WHERE id = @id;

-- name: InsertReset :exec
INSERT INTO password_resets (id, user_id, code_hash, expires_at) VALUES (@id, @user_id, @code_hash, @expires_at);

-- name: RetireResets :exec
-- A new code replaces the codes asked for before it.
UPDATE password_resets SET used_at = now() WHERE user_id = @user_id AND used_at IS NULL;

-- name: LatestOpenReset :one
-- Locked: a code's wrong tries are counted one at a time.
SELECT * FROM password_resets
WHERE user_id = @user_id AND used_at IS NULL
ORDER BY created_at DESC LIMIT 1
FOR UPDATE;

-- name: OpenResetByID :one
SELECT * FROM password_resets
WHERE id = @id AND used_at IS NULL
FOR UPDATE;

-- name: CountResetAttempt :one
UPDATE password_resets SET attempts = attempts + 1 WHERE id = @id RETURNING attempts;

-- name: BurnReset :exec
UPDATE password_resets SET used_at = now() WHERE id = @id;

-- name: MarkResetVerified :exec
UPDATE password_resets SET verified_at = now(), expires_at = now() + interval '10 minutes' WHERE id = @id;

-- name: VerifiedResetOf :one
SELECT * FROM password_resets
WHERE user_id = @user_id AND used_at IS NULL AND verified_at IS NOT NULL AND expires_at > now()
ORDER BY verified_at DESC LIMIT 1
FOR UPDATE;

-- name: AdminUsers :many
-- The back office's people list, newest first: @role (empty for everyone) and a lower-cased,
-- LIKE-escaped substring of the name, e-mail or phone; with each one's placed orders and what
-- their standing orders (not cancelled or sent back) came to. @id picks one account.
SELECT u.id, u.email, u.first_name, u.last_name, u.phone, u.role, u.active, u.created_at,
       (u.password_hash <> '')::boolean AS has_password, u.federated_id, u.photo_url,
       coalesce(o.orders, 0)::bigint AS orders, coalesce(o.spent, 0)::bigint AS spent
FROM users u
LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE order_status <> 'AWAITING_PAYMENT') AS orders,
           sum(total) FILTER (WHERE order_status NOT IN ('AWAITING_PAYMENT', 'CANCELED', 'RTO_DELIVERED', 'RETURNED')) AS spent
    FROM orders WHERE user_id = u.id
) o ON true
WHERE (@role::text = '' OR u.role = @role::text)
  AND (@search::text = '' OR lower(u.first_name || ' ' || u.last_name || ' ' || u.email || ' ' || u.phone) LIKE '%' || @search::text || '%')
  AND (@id::text = '' OR u.id = @id::text)
ORDER BY u.created_at DESC, u.id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: CountAdminUsers :one
SELECT count(*) FROM users u
WHERE (@role::text = '' OR u.role = @role::text)
  AND (@search::text = '' OR lower(u.first_name || ' ' || u.last_name || ' ' || u.email || ' ' || u.phone) LIKE '%' || @search::text || '%');

-- name: UserForUpdate :one
SELECT * FROM users WHERE id = @id FOR UPDATE;

-- name: SetUserActive :exec
-- Deactivating also retires every token the user holds, so reactivating never revives them.
UPDATE users SET active = @active,
    token_version = CASE WHEN @active::boolean THEN token_version ELSE token_version + 1 END,
    updated_at = now()
WHERE id = @id;
