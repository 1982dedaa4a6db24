-- name: InsertMail :exec
INSERT INTO mails (id, kind, ref, recipient, subject, text_body, html_body, sensitive)
VALUES (@id, @kind, @ref, @recipient, @subject, @text_body, @html_body, @sensitive)
ON CONFLICT (kind, ref) DO NOTHING;

-- name: MailByKindRef :one
SELECT id, kind, ref, recipient, subject, text_body, html_body, sensitive, sent_at
FROM mails WHERE kind = @kind AND ref = @ref;

-- name: MarkMailSent :exec
-- Sensitive mails (one-time codes) keep no body once sent.
UPDATE mails
SET sent_at = now(),
    text_body = CASE WHEN sensitive THEN '' ELSE text_body END,
    html_body = CASE WHEN sensitive THEN '' ELSE html_body END
WHERE id = @id;

-- name: UnsentSince :many
-- Mails queued before @before and still not sent, oldest first: their jobs may have been lost
-- with Redis's data, so the sweeper queues them again (under the same job id).
SELECT kind, ref FROM mails WHERE sent_at IS NULL AND created_at < @before ORDER BY created_at LIMIT @max_mails;

-- name: EraseMailsTo :exec
-- A shopper's erasure (package privacy): every mail to their addresses, sent or not, is gone.
DELETE FROM mails WHERE lower(recipient) = ANY (@recipients::text[]);

-- name: ForgetSentBefore :execrows
-- The log of sent mails keeps no one's address or words past the shop's log retention (package
-- privacy): mails sent before @before are gone.
DELETE FROM mails WHERE sent_at < @before::timestamptz;
