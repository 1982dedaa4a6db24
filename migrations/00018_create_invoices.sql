-- GST tax invoices (issue 17): one per order, issued when the order is handed to the courier,
-- numbered gapless per series and financial year from a counter row (a sequence would leave
-- gaps on rollback), its lines as computed then (integer paise), and immutable: a trigger
-- refuses every UPDATE and DELETE of an issued invoice or its lines.

-- +goose Up
CREATE TABLE invoice_counters (
    series         text    NOT NULL CHECK (series ~ '^[A-Z0-9]{1,3}$'),
    financial_year text    NOT NULL CHECK (financial_year ~ '^[0-9]{2}-[0-9]{2}$'),
    last_serial    integer NOT NULL CHECK (last_serial > 0),
    PRIMARY KEY (series, financial_year)
);

CREATE TABLE invoices (
    order_id          text PRIMARY KEY REFERENCES orders (id),
    number            text        NOT NULL UNIQUE CHECK (number ~ '^[A-Za-z0-9/-]{1,16}$'),
    series            text        NOT NULL,
    financial_year    text        NOT NULL,
    serial            integer     NOT NULL CHECK (serial > 0),
    issued_at         timestamptz NOT NULL,
    supplier_name     text        NOT NULL,
    supplier_address  text        NOT NULL,
    supplier_gstin    text        NOT NULL,
    supplier_state    text        NOT NULL,
    recipient_name    text        NOT NULL,
    recipient_address text        NOT NULL,
    recipient_gstin   text        NOT NULL DEFAULT '',
    place_state       text        NOT NULL,
    place_code        text        NOT NULL CHECK (place_code ~ '^[0-9]{2}$'),
    taxable_value     bigint      NOT NULL CHECK (taxable_value >= 0),
    cgst              bigint      NOT NULL CHECK (cgst >= 0),
    sgst              bigint      NOT NULL CHECK (sgst = cgst),
    igst              bigint      NOT NULL CHECK (igst >= 0),
    total             bigint      NOT NULL CHECK (total = taxable_value + cgst + sgst + igst),
    UNIQUE (series, financial_year, serial)
);

CREATE TABLE invoice_lines (
    order_id      text    NOT NULL REFERENCES invoices (order_id),
    position      integer NOT NULL,
    description   text    NOT NULL,
    hsn           text    NOT NULL,
    quantity      integer NOT NULL CHECK (quantity > 0),
    unit_price    bigint  NOT NULL CHECK (unit_price >= 0),
    discount      bigint  NOT NULL CHECK (discount >= 0),
    taxable_value bigint  NOT NULL CHECK (taxable_value >= 0),
    rate          integer NOT NULL CHECK (rate >= 0),
    cgst          bigint  NOT NULL CHECK (cgst >= 0),
    sgst          bigint  NOT NULL CHECK (sgst = cgst),
    igst          bigint  NOT NULL CHECK (igst >= 0),
    total         bigint  NOT NULL CHECK (total = taxable_value + cgst + sgst + igst AND total = quantity * unit_price - discount),
    PRIMARY KEY (order_id, position)
);

-- +goose StatementBegin
CREATE FUNCTION invoices_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'an issued invoice cannot be changed or deleted' USING ERRCODE = 'check_violation';
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER invoices_are_immutable BEFORE UPDATE OR DELETE ON invoices
    FOR EACH ROW EXECUTE FUNCTION invoices_are_immutable();
CREATE TRIGGER invoice_lines_are_immutable BEFORE UPDATE OR DELETE ON invoice_lines
    FOR EACH ROW EXECUTE FUNCTION invoices_are_immutable();

-- +goose Down
DROP TABLE invoice_lines;
DROP TABLE invoices;
DROP FUNCTION invoices_are_immutable();
DROP TABLE invoice_counters;
