-- Account security: signed-out tokens and e-mail changes waiting for their code.
--
-- revoked_tokens is the set of single tokens signed out before they expired (the client's
-- Logout), by the token's id (its jti). Every server checks it on every authenticated request,
-- in the same query that reads the caller's account, so a copied token stops working on all
-- servers at once. A row is needed only until the token would have expired anyway; older rows
-- are deleted as new ones come in.
--
-- email_changes are requests to move an account to a new e-mail: a code, stored hashed, is
-- mailed to the new address, and the change happens only when that code comes back. Like
-- password reset codes, they expire, die after 5 wrong tries and work once.

-- +goose Up
CREATE TABLE revoked_tokens (
    token_id   text PRIMARY KEY CHECK (token_id ~ '^[0-9a-f]{24}$'),
    user_id    text        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX revoked_tokens_by_expiry ON revoked_tokens (expires_at);

CREATE TABLE email_changes (
    id         text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    user_id    text        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    new_email  text        NOT NULL CHECK (new_email = lower(new_email) AND new_email LIKE '%_@_%'),
    code_hash  text        NOT NULL,
    attempts   integer     NOT NULL DEFAULT 0,
    expires_at timestamptz NOT NULL,
    used_at    timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_changes_by_user ON email_changes (user_id, created_at DESC);

-- +goose Down
DROP TABLE email_changes;
DROP TABLE revoked_tokens;
