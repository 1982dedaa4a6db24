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
-- The caller also revokes every token (revokeTokens): a new password signs out every device.
UPDATE users SET password_hash = @password_hash, updated_at = now()
WHERE id = @id;

-- name: UnlinkFederated :exec
-- A reset or first password forgets the Google link; a verified Google sign-in links again.
UPDATE users SET federated_id = NULL, updated_at = now() WHERE id = @id;

-- name: BumpTokenVersion :exec
-- Every token of the user stops working: old tokens carry the old version.
UPDATE users SET token_version = token_version + 1, updated_at = now() WHERE id = @id;

-- name: RevokeToken :exec
INSERT INTO revoked_tokens (token_id, user_id, expires_at) VALUES (@token_id, @user_id, @expires_at)
ON CONFLICT (token_id) DO NOTHING;

-- name: DeleteExpiredRevocations :exec
-- A revoked token past its expiry is refused for its expiry alone.
DELETE FROM revoked_tokens WHERE expires_at < now();

-- name: UserOfToken :one
-- The account a token names, and whether that one token was signed out.
SELECT u.id, u.role, u.active, u.token_version,
       EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.token_id = @token_id::text) AS token_revoked
FROM users u WHERE u.id = @id;

-- name: InsertEmailChange :exec
INSERT INTO email_changes (id, user_id, new_email, code_hash, expires_at)
VALUES (@id, @user_id, lower(@new_email::text), @code_hash, @expires_at);

-- name: RetireEmailChanges :exec
-- A new request replaces the ones before it.
UPDATE email_changes SET used_at = now() WHERE user_id = @user_id AND used_at IS NULL;

-- name: LatestOpenEmailChange :one
-- Locked: a code's wrong tries are counted one at a time.
SELECT * FROM email_changes
WHERE user_id = @user_id AND used_at IS NULL
ORDER BY created_at DESC LIMIT 1
FOR UPDATE;

-- name: CountEmailChangeAttempt :one
UPDATE email_changes SET attempts = attempts + 1 WHERE id = @id RETURNING attempts;

-- name: BurnEmailChange :exec
UPDATE email_changes SET used_at = now() WHERE id = @id;

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
-- Deactivating also revokes every token the user holds (revokeTokens), so reactivating never
-- revives them.
UPDATE users SET active = @active, updated_at = now() WHERE id = @id;

-- name: EraseUser :exec
-- A shopper's erasure (package privacy): the account row stays (orders, reviews and the
-- request log name it) but holds nothing of the person; it can never sign in again.
UPDATE users SET email = 'erased-' || id || '@erased.invalid', first_name = 'Former customer', last_name = '',
    phone = '', password_hash = '', federated_id = NULL, photo_url = '', active = false,
    token_version = token_version + 1, updated_at = now()
WHERE id = @id AND role = 'user';

-- name: EraseSecretsOfUser :exec
DELETE FROM password_resets WHERE user_id = @user_id;

-- name: EraseEmailChangesOfUser :exec
DELETE FROM email_changes WHERE user_id = @user_id;

-- name: EraseRevocationsOfUser :exec
DELETE FROM revoked_tokens WHERE user_id = @user_id;

-- name: TouchActivity :exec
INSERT INTO user_activity (user_id, active_at) VALUES (@user_id, now())
ON CONFLICT (user_id) DO UPDATE SET active_at = excluded.active_at;

-- name: InactiveShoppers :many
-- Active shoppers' accounts whose last sign-in (or creation, when none is recorded) is before
-- @before, longest inactive first.
SELECT u.id, u.email, u.first_name, coalesce(a.active_at, u.created_at)::timestamptz AS active_at
FROM users u LEFT JOIN user_activity a ON a.user_id = u.id
WHERE u.role = 'user' AND u.active AND coalesce(a.active_at, u.created_at) < @before::timestamptz
ORDER BY coalesce(a.active_at, u.created_at), u.id
LIMIT @max_users;
