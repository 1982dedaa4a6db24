-- +goose Up
-- Retention (issue 23): a shopper inactive for the configured period (the worker's
-- SHOPPER_RETENTION_DAYS) is warned by mail 48 hours ahead, then erased as on their own request.
--
-- user_activity (package account): when a person last signed in. A person who has not signed
-- in since it was recorded counts from the account's creation.
CREATE TABLE user_activity (
    user_id   text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    active_at timestamptz NOT NULL
);

-- retention_warnings (package privacy): the warning mailed to an inactive shopper, and the
-- activity it was about: a sign-in after it starts the period again, and a later spell of
-- inactivity is warned anew.
CREATE TABLE retention_warnings (
    user_id   text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    warned_at timestamptz NOT NULL,
    active_at timestamptz NOT NULL
);

-- +goose Down
DROP TABLE retention_warnings;
DROP TABLE user_activity;
