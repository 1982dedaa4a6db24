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
