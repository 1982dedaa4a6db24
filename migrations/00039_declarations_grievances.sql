-- What Indian law asks the shop to show and answer (issue 23): product declarations, the
-- grievance officer and shoppers' complaints.
--
-- product_declarations (package catalog) holds a product's own Legal Metrology declarations
-- (rule 6(10)); an empty field means the default: the company's legal name and address as the
-- maker or marketer, India as the country of origin, the sub-category's name as the generic
-- name, '1 N' as the net quantity and the company's phone and e-mail for consumer care. The MRP
-- is the product's list price, which includes every tax.
--
-- The company row (package company) names the grievance officer the E-Commerce Rules 2020 ask
-- for: name, designation, e-mail and phone.
--
-- complaints (package grievance) has one row per complaint, from a signed-in shopper (user_id)
-- or a guest (e-mail only). ticket is GRV-<year>-<6 digits> from complaint_numbers (gaps allowed);
-- due_at is one month after it was filed (the rules' resolution period). status moves
-- open → in_progress → resolved or closed; note is what staff told the shopper last.
-- complaint_events is its history as the shopper's status page shows it: each move, its note
-- and who made it (staff's id; null for the shopper's filing).

-- +goose Up
CREATE TABLE product_declarations (
    product_id        text PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
    maker_name        text        NOT NULL DEFAULT '',
    maker_address     text        NOT NULL DEFAULT '',
    country_of_origin text        NOT NULL DEFAULT '',
    generic_name      text        NOT NULL DEFAULT '',
    net_quantity      text        NOT NULL DEFAULT '',
    consumer_care     text        NOT NULL DEFAULT '',
    updated_at        timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE company
    ADD COLUMN grievance_name        text NOT NULL DEFAULT '',
    ADD COLUMN grievance_designation text NOT NULL DEFAULT '',
    ADD COLUMN grievance_email       text NOT NULL DEFAULT '',
    ADD COLUMN grievance_phone       text NOT NULL DEFAULT '';

CREATE SEQUENCE complaint_numbers;

CREATE TABLE complaints (
    id          text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    ticket      text        NOT NULL UNIQUE CHECK (ticket ~ '^GRV-[0-9]{4}-[0-9]{6,}$'),
    user_id     text        REFERENCES users (id) ON DELETE SET NULL,
    name        text        NOT NULL CHECK (name <> ''),
    email       text        NOT NULL CHECK (email = lower(email) AND email LIKE '%_@_%'),
    phone       text        NOT NULL DEFAULT '',
    order_ref   text        NOT NULL DEFAULT '',
    subject     text        NOT NULL CHECK (subject <> ''),
    message     text        NOT NULL CHECK (message <> ''),
    status      text        NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'resolved', 'closed')),
    note        text        NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    due_at      timestamptz NOT NULL,
    resolved_at timestamptz,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    CHECK ((status IN ('resolved', 'closed')) = (resolved_at IS NOT NULL))
);

-- The back office's queue: unresolved first by due time; a shopper's own complaints.
CREATE INDEX complaints_queue ON complaints (status, due_at);
CREATE INDEX complaints_of_user ON complaints (user_id, created_at DESC) WHERE user_id IS NOT NULL;

CREATE TABLE complaint_events (
    id           text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    complaint_id text        NOT NULL REFERENCES complaints (id) ON DELETE CASCADE,
    status       text        NOT NULL,
    note         text        NOT NULL DEFAULT '',
    actor_id     text        REFERENCES users (id) ON DELETE SET NULL,
    at           timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX complaint_events_of ON complaint_events (complaint_id, at);

-- +goose Down
DROP TABLE complaint_events;
DROP TABLE complaints;
DROP SEQUENCE complaint_numbers;
ALTER TABLE company
    DROP COLUMN grievance_name, DROP COLUMN grievance_designation, DROP COLUMN grievance_email, DROP COLUMN grievance_phone;
DROP TABLE product_declarations;
