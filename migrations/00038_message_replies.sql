-- WhatsApp replies and delivery reports (issue 19).
--
-- messages.buttons are the payloads of a WhatsApp template's quick-reply buttons, in order,
-- set when the message is queued (the COD confirmation's Confirm and Cancel carry the order's
-- confirmation token, as its link does in vars): the shopper's tap comes back in the webhook
-- with that payload, never trusted by the phone number alone. SMS ignores them.
--
-- delivery_status is the furthest the provider's status callbacks have reported the sent
-- message: '' (none yet), sent, delivered, read, or failed (with delivery_error), at
-- delivery_status_at; a callback arriving late or twice never moves it back.

-- +goose Up
ALTER TABLE messages
    ADD COLUMN buttons            text[] NOT NULL DEFAULT '{}',
    ADD COLUMN delivery_status    text NOT NULL DEFAULT ''
        CHECK (delivery_status IN ('', 'sent', 'delivered', 'read', 'failed')),
    ADD COLUMN delivery_status_at timestamptz,
    ADD COLUMN delivery_error     text NOT NULL DEFAULT '';

CREATE INDEX messages_provider_id ON messages (provider_message_id) WHERE provider_message_id <> '';

-- +goose Down
DROP INDEX messages_provider_id;
ALTER TABLE messages
    DROP COLUMN delivery_error,
    DROP COLUMN delivery_status_at,
    DROP COLUMN delivery_status,
    DROP COLUMN buttons;
