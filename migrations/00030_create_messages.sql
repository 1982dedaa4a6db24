-- WhatsApp and SMS order updates (issue 19). Package notify owns these tables.
--
-- message_templates is the data of each kind of message: the WhatsApp template approved for
-- the business (name and language), the MSG91 Flow template that carries the SMS and the DLT
-- template id it is registered under (TRAI requires every transactional SMS to match a
-- registered template), and the registered text with its variables as {#var#}, in order.
-- Change a row when a template is approved under another name or id; no code changes.
--
-- message_preferences is a shopper's chosen channel for order updates; no row means WhatsApp.
--
-- messages holds one message per (kind, ref): queued in the transaction of the order event,
-- then sent once by the worker. status: queued (waiting or retrying after the provider
-- refused it), sending (handed to the provider, answer not yet recorded), sent, skipped (opted
-- out or no usable phone), failed (the provider refused it for good), unknown (the provider's
-- answer was lost: it may have been sent, so it is never sent again).

-- +goose Up
CREATE TABLE message_templates (
    kind              text PRIMARY KEY,
    whatsapp_template text NOT NULL,
    whatsapp_language text NOT NULL DEFAULT 'en',
    msg91_template_id text NOT NULL,
    dlt_template_id   text NOT NULL CHECK (dlt_template_id ~ '^[0-9]{19}$'),
    body              text NOT NULL
);

INSERT INTO message_templates (kind, whatsapp_template, msg91_template_id, dlt_template_id, body) VALUES
    ('order_placed', 'order_placed', '6561a1f0d6fc0530ae4b8f21', '1107170000000000101',
     'drape: your order {#var#} of {#var#} is placed. Track it at {#var#}'),
    ('order_shipped', 'order_shipped', '6561a1f0d6fc0530ae4b8f22', '1107170000000000102',
     'drape: your order {#var#} has shipped. Track it at {#var#}'),
    ('order_out_for_delivery', 'order_out_for_delivery', '6561a1f0d6fc0530ae4b8f23', '1107170000000000103',
     'drape: your order {#var#} is out for delivery today.'),
    ('order_delivered', 'order_delivered', '6561a1f0d6fc0530ae4b8f24', '1107170000000000104',
     'drape: your order {#var#} is delivered. We hope it fits beautifully.'),
    ('cod_confirm', 'cod_confirm', '6561a1f0d6fc0530ae4b8f25', '1107170000000000105',
     'drape: please confirm your cash on delivery order {#var#} so we can ship it: {#var#}'),
    ('ndr', 'delivery_failed', '6561a1f0d6fc0530ae4b8f26', '1107170000000000106',
     'drape: the courier could not deliver your order {#var#}. Choose a new date, fix the address or cancel: {#var#}');

CREATE TABLE message_preferences (
    user_id    text PRIMARY KEY,
    channel    text NOT NULL CHECK (channel IN ('whatsapp', 'sms', 'none')),
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE messages (
    id                  text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    kind                text NOT NULL REFERENCES message_templates (kind),
    ref                 text NOT NULL,
    user_id             text NOT NULL DEFAULT '',
    phone               text NOT NULL DEFAULT '',
    vars                text[] NOT NULL DEFAULT '{}',
    status              text NOT NULL DEFAULT 'queued'
                        CHECK (status IN ('queued', 'sending', 'sent', 'skipped', 'failed', 'unknown')),
    channel             text NOT NULL DEFAULT '' CHECK (channel IN ('', 'whatsapp', 'sms')),
    provider_message_id text NOT NULL DEFAULT '',
    attempts            integer NOT NULL DEFAULT 0,
    last_error          text NOT NULL DEFAULT '',
    created_at          timestamptz NOT NULL DEFAULT now(),
    attempted_at        timestamptz,
    done_at             timestamptz,
    UNIQUE (kind, ref)
);

CREATE INDEX messages_waiting ON messages (created_at) WHERE status = 'queued';

-- +goose Down
DROP TABLE messages;
DROP TABLE message_preferences;
DROP TABLE message_templates;
