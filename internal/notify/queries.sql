-- name: InsertMessage :exec
INSERT INTO messages (id, kind, ref, user_id, phone, vars, buttons, wanted_channel)
VALUES (@id, @kind, @ref, @user_id, @phone, @vars, @buttons, @wanted_channel)
ON CONFLICT (kind, ref) DO NOTHING;

-- name: MessageToSend :one
-- The message (kind, ref) with its template and its shopper's chosen channel, empty when they chose none.
SELECT m.id, m.kind, m.ref, m.user_id, m.phone, m.vars, m.buttons, m.status, m.attempted_at, m.wanted_channel,
       t.whatsapp_template, t.whatsapp_language, t.msg91_template_id, t.dlt_template_id,
       coalesce(p.channel, '')::text AS preference
FROM messages m
JOIN message_templates t ON t.kind = m.kind
LEFT JOIN message_preferences p ON p.user_id = m.user_id AND m.user_id <> ''
WHERE m.kind = @kind AND m.ref = @ref;

-- name: ClaimMessage :execrows
-- Marks a queued message as being handed to the provider, before the call, in its own
-- commit: a later run that finds it still 'sending' knows the provider may have it.
UPDATE messages SET status = 'sending', channel = @channel, attempts = attempts + 1, attempted_at = now()
WHERE id = @id AND status = 'queued';

-- name: MarkMessageSent :exec
UPDATE messages SET status = 'sent', provider_message_id = @provider_message_id, last_error = '', done_at = now()
WHERE id = @id AND status IN ('sending', 'unknown');

-- name: ReleaseMessage :exec
-- The provider refused the message without taking it: it waits for the next try.
UPDATE messages SET status = 'queued', last_error = @last_error WHERE id = @id AND status = 'sending';

-- name: EndMessage :exec
-- Ends a message that will not be sent by this program: skipped, failed, or unknown.
-- An empty @channel keeps the one recorded when it was claimed.
UPDATE messages SET status = @status, channel = coalesce(nullif(@channel::text, ''), channel), last_error = @last_error, done_at = now()
WHERE id = @id AND status IN ('queued', 'sending');

-- name: WaitingSince :many
-- Messages still waiting and neither queued nor tried since @before, oldest first: their jobs
-- may have been lost with Redis's data or ended after their last retry, so the sweeper queues
-- them again.
SELECT kind, ref, attempts FROM messages
WHERE status = 'queued' AND coalesce(attempted_at, created_at) < @before
ORDER BY created_at LIMIT @max_messages;

-- name: MessagesAbout :many
-- The messages about ref, oldest first.
SELECT kind, channel, status, provider_message_id, attempts, last_error, created_at, done_at,
       delivery_status, delivery_status_at, delivery_error
FROM messages WHERE ref = @ref ORDER BY created_at, kind;

-- name: RecordDeliveryStatus :execrows
-- The provider's status callback about the message it knows as @provider_message_id on
-- @channel: kept only when it is further than what is recorded (sent < delivered < read <
-- failed), so a late or repeated callback changes nothing.
UPDATE messages SET delivery_status = @status, delivery_status_at = @at, delivery_error = @error
WHERE provider_message_id = @provider_message_id AND channel = @channel
  AND array_position(ARRAY['', 'sent', 'delivered', 'read', 'failed'], delivery_status)
    < array_position(ARRAY['', 'sent', 'delivered', 'read', 'failed'], @status::text);

-- name: Preference :one
SELECT channel FROM message_preferences WHERE user_id = @user_id;

-- name: SetPreference :exec
INSERT INTO message_preferences (user_id, channel) VALUES (@user_id, @channel)
ON CONFLICT (user_id) DO UPDATE SET channel = EXCLUDED.channel, updated_at = now();

-- name: Templates :many
-- Every kind of message with its templates, in the order an order meets them.
SELECT kind, whatsapp_template, whatsapp_language, msg91_template_id, dlt_template_id, body
FROM message_templates
ORDER BY array_position(ARRAY['order_placed', 'cod_confirm', 'order_shipped', 'order_out_for_delivery', 'order_delivered', 'ndr']::text[], kind) NULLS LAST, kind;

-- name: EraseMessagesOfUser :exec
-- A shopper's erasure (package privacy): their WhatsApp and SMS messages and choice are gone.
DELETE FROM messages WHERE user_id = @user_id;

-- name: ErasePreferenceOfUser :exec
DELETE FROM message_preferences WHERE user_id = @user_id;

-- name: ForgetDoneBefore :execrows
-- The log of WhatsApp and SMS messages keeps no one's number past the shop's log retention
-- (package privacy): messages done before @before are gone.
DELETE FROM messages WHERE done_at < @before::timestamptz;
