-- Privacy (issue 23): the privacy notice, marketing consent, and shoppers' requests over their
-- data. Package privacy owns marketing_consents, privacy_requests and marketing_sends.
--
-- marketing_consents is the history of a shopper's marketing choices, one row per choice per
-- channel (mail, whatsapp, sms): given or withdrawn, when, where (sign-up or account), and the
-- exact wording shown with its version. The latest row of a channel is the shopper's choice;
-- none means no consent. Order messages need none: they are covered by the order.
--
-- privacy_requests is the log of a shopper's requests: a data download (export), an erasure
-- (erase) or a withdrawal of marketing consent (withdraw), with when it was asked and done. An
-- erasure is done by the worker; at most one waits per shopper. The log keeps the account id
-- only (the account row itself is anonymised by the erasure).
--
-- marketing_sends is one row per marketing message sent, per campaign (a sale switched on is
-- 'sale:<id>'), shopper and channel: a campaign announced twice sends nothing more.
--
-- Invoices stay immutable except for the erasure's one change: an unregistered buyer's invoice
-- below ₹50,000 taxable value (Rule 46 asks their name and address only above that, or on
-- request) may have its recipient's name and address reduced to 'Unregistered customer' and
-- the place of supply's state. Every other change or deletion is refused as before.
--
-- The privacy notice (/privacy) is the content page 'privacy-notice', written here once with
-- the shop's default text; the shop owner edits it in the back office like the other pages.

-- +goose Up
CREATE TABLE marketing_consents (
    id              text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    user_id         text        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    channel         text        NOT NULL CHECK (channel IN ('email', 'whatsapp', 'sms')),
    granted         boolean     NOT NULL,
    source          text        NOT NULL CHECK (source IN ('signup', 'account')),
    wording_version text        NOT NULL,
    wording         text        NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX marketing_consents_latest ON marketing_consents (user_id, channel, created_at DESC, id DESC);
CREATE INDEX marketing_consents_channel ON marketing_consents (channel, created_at DESC);

CREATE TABLE privacy_requests (
    id           text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    user_id      text        NOT NULL REFERENCES users (id),
    kind         text        NOT NULL CHECK (kind IN ('export', 'erase', 'withdraw')),
    status       text        NOT NULL CHECK (status IN ('received', 'completed')),
    detail       text        NOT NULL DEFAULT '',
    requested_at timestamptz NOT NULL DEFAULT now(),
    completed_at timestamptz,
    CHECK ((status = 'completed') = (completed_at IS NOT NULL))
);
CREATE UNIQUE INDEX privacy_requests_one_erasure ON privacy_requests (user_id) WHERE kind = 'erase' AND status = 'received';
CREATE INDEX privacy_requests_newest ON privacy_requests (requested_at DESC, id DESC);
CREATE INDEX privacy_requests_by_user ON privacy_requests (user_id, requested_at DESC);

CREATE TABLE marketing_sends (
    campaign text        NOT NULL,
    user_id  text        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    channel  text        NOT NULL CHECK (channel IN ('email', 'whatsapp', 'sms')),
    sent_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (campaign, user_id, channel)
);

-- +goose StatementBegin
CREATE FUNCTION invoices_change_only_by_erasure() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE'
       AND old.recipient_gstin = '' AND old.taxable_value < 5000000
       AND new.recipient_name = 'Unregistered customer' AND new.recipient_address = old.place_state
       AND (to_jsonb(new) - 'recipient_name' - 'recipient_address') = (to_jsonb(old) - 'recipient_name' - 'recipient_address') THEN
        RETURN new;
    END IF;
    RAISE EXCEPTION 'an issued invoice cannot be changed or deleted' USING ERRCODE = 'check_violation';
END;
$$;
-- +goose StatementEnd
DROP TRIGGER invoices_are_immutable ON invoices;
CREATE TRIGGER invoices_are_immutable BEFORE UPDATE OR DELETE ON invoices
    FOR EACH ROW EXECUTE FUNCTION invoices_change_only_by_erasure();

-- A marketing message goes on the channel its shopper consented to, whatever their order
-- updates choice (package notify: wanted_channel, '' for order messages, which follow the
-- choice). The sale announcement's templates (sim's ids, like the others').
ALTER TABLE messages ADD COLUMN wanted_channel text NOT NULL DEFAULT '' CHECK (wanted_channel IN ('', 'whatsapp', 'sms'));
INSERT INTO message_templates (kind, whatsapp_template, msg91_template_id, dlt_template_id, body) VALUES
    ('sale_offer', 'sale_offer', '6561a1f0d6fc0530ae4b8f27', '1107170000000000107',
     'drape: our {#var#} is on, {#var#}% off. Shop it at {#var#} (reply STOP or turn it off in your account)');

INSERT INTO cms_pages (type, title, description) VALUES ('privacy-notice', 'Privacy notice', $notice$
<p>This notice says what personal data we keep about you, why, for how long, and how you can see it, correct it, have it erased or complain. It follows the Digital Personal Data Protection Act, 2023 and its Rules, and the Information Technology (SPDI) Rules, 2011.</p>
<h2>The data we keep and why</h2>
<ul>
<li><strong>Your account</strong>: name, e-mail, phone and password (stored only as a one-way hash), or your Google sign-in: to sign you in and run your account.</li>
<li><strong>Addresses</strong>: names, address, pincode, phone and e-mail of each delivery address you save: to deliver your orders and check that we deliver there.</li>
<li><strong>Orders and invoices</strong>: what you bought, what you paid and how, the delivery address and the courier's tracking: to deliver, take payment, handle returns and refunds, and keep the tax invoices the GST law requires.</li>
<li><strong>Cart, wishlist, reviews and back-in-stock requests</strong>: to keep what you chose, show your reviews and tell you when a size is back.</li>
<li><strong>Order messages</strong> by e-mail, WhatsApp or SMS about an order you placed: part of the order itself, no separate consent needed.</li>
<li><strong>Marketing messages</strong> (sales and offers) by e-mail, WhatsApp or SMS: only if you opted in to that channel. We record when you did and the words you agreed to.</li>
<li><strong>Refund details</strong> you give for a cash-on-delivery return (UPI id or bank account): stored encrypted, to pay the refund.</li>
</ul>
<h2>How long we keep it</h2>
<p>Your account data stays while you have an account. Tax invoices are kept for the period the GST law requires (72 months from the due date of the annual return), even after your account is erased, with only what an invoice must show. Logs of how data was processed are kept for at least one year.</p>
<h2>Your choices and rights</h2>
<ul>
<li><strong>Withdraw consent</strong>: turn marketing off per channel under Account details → Privacy and your data, at any time. It is as easy as opting in.</li>
<li><strong>See your data</strong>: download everything we hold about you as a file from Account details → Privacy and your data.</li>
<li><strong>Correct it</strong>: edit your profile and addresses in your account.</li>
<li><strong>Erase it</strong>: ask for your account to be erased from Account details → Privacy and your data. We remove or anonymise your personal data everywhere; invoices are kept as the tax law requires, reduced to what they must hold.</li>
</ul>
<h2>Complaints</h2>
<p>If you are unhappy with how we handle your data, write to our grievance officer, named with their contact details on the <a href="/contactus">contact page</a>. If we do not resolve it, you may complain to the Data Protection Board of India.</p>
$notice$) ON CONFLICT (type) DO NOTHING;

-- +goose Down
DELETE FROM cms_pages WHERE type = 'privacy-notice';
DELETE FROM messages WHERE kind = 'sale_offer';
DELETE FROM message_templates WHERE kind = 'sale_offer';
ALTER TABLE messages DROP COLUMN wanted_channel;
DROP TRIGGER invoices_are_immutable ON invoices;
CREATE TRIGGER invoices_are_immutable BEFORE UPDATE OR DELETE ON invoices
    FOR EACH ROW EXECUTE FUNCTION invoices_are_immutable();
DROP FUNCTION invoices_change_only_by_erasure();
DROP TABLE marketing_sends;
DROP TABLE privacy_requests;
DROP TABLE marketing_consents;
