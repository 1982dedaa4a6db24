-- GST credit notes (issue 17, s.34 and Rule 53(1A)): goods coming back after the invoice (a
-- shipment returned to origin, a return) are credited by a note in its own series, gapless per
-- invoice series and financial year from a counter row as invoices are, numbered
-- PREFIX/CN/YY-YY/NNNN. A note references its order's invoice, credits pieces of that
-- invoice's lines (invoice_position) with the invoice line's rate, and is immutable like the
-- invoice. The database refuses a note line that would credit more pieces of an invoice line
-- than the line has.

-- +goose Up
CREATE TABLE credit_note_counters (
    series         text    NOT NULL CHECK (series ~ '^[A-Z0-9]{1,3}$'),
    financial_year text    NOT NULL CHECK (financial_year ~ '^[0-9]{2}-[0-9]{2}$'),
    last_serial    integer NOT NULL CHECK (last_serial > 0),
    PRIMARY KEY (series, financial_year)
);

CREATE TABLE credit_notes (
    number         text PRIMARY KEY CHECK (number ~ '^[A-Za-z0-9/-]{1,16}$'),
    order_id       text        NOT NULL REFERENCES invoices (order_id),
    series         text        NOT NULL,
    financial_year text        NOT NULL,
    serial         integer     NOT NULL CHECK (serial > 0),
    issued_at      timestamptz NOT NULL,
    reason         text        NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 200),
    taxable_value  bigint      NOT NULL CHECK (taxable_value >= 0),
    cgst           bigint      NOT NULL CHECK (cgst >= 0),
    sgst           bigint      NOT NULL CHECK (sgst = cgst),
    igst           bigint      NOT NULL CHECK (igst >= 0),
    total          bigint      NOT NULL CHECK (total = taxable_value + cgst + sgst + igst),
    UNIQUE (series, financial_year, serial)
);
CREATE INDEX credit_notes_order ON credit_notes (order_id);
CREATE INDEX credit_notes_issued ON credit_notes (issued_at);

CREATE TABLE credit_note_lines (
    number           text    NOT NULL REFERENCES credit_notes (number),
    position         integer NOT NULL,
    order_id         text    NOT NULL,
    invoice_position integer NOT NULL,
    description      text    NOT NULL,
    hsn              text    NOT NULL,
    quantity         integer NOT NULL CHECK (quantity > 0),
    unit_price       bigint  NOT NULL CHECK (unit_price >= 0),
    discount         bigint  NOT NULL CHECK (discount >= 0),
    taxable_value    bigint  NOT NULL CHECK (taxable_value >= 0),
    rate             integer NOT NULL CHECK (rate >= 0),
    cgst             bigint  NOT NULL CHECK (cgst >= 0),
    sgst             bigint  NOT NULL CHECK (sgst = cgst),
    igst             bigint  NOT NULL CHECK (igst >= 0),
    total            bigint  NOT NULL CHECK (total = taxable_value + cgst + sgst + igst AND total = quantity * unit_price - discount),
    PRIMARY KEY (number, position),
    FOREIGN KEY (order_id, invoice_position) REFERENCES invoice_lines (order_id, position)
);
CREATE INDEX credit_note_lines_invoice_line ON credit_note_lines (order_id, invoice_position);

-- +goose StatementBegin
CREATE FUNCTION credit_notes_never_exceed_the_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.quantity + (SELECT coalesce(sum(quantity), 0) FROM credit_note_lines
                       WHERE order_id = NEW.order_id AND invoice_position = NEW.invoice_position)
       > (SELECT quantity FROM invoice_lines WHERE order_id = NEW.order_id AND position = NEW.invoice_position) THEN
        RAISE EXCEPTION 'a credit note cannot credit more pieces than the invoice line has' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER credit_note_lines_within_invoice BEFORE INSERT ON credit_note_lines
    FOR EACH ROW EXECUTE FUNCTION credit_notes_never_exceed_the_invoice();
CREATE TRIGGER credit_notes_are_immutable BEFORE UPDATE OR DELETE ON credit_notes
    FOR EACH ROW EXECUTE FUNCTION invoices_are_immutable();
CREATE TRIGGER credit_note_lines_are_immutable BEFORE UPDATE OR DELETE ON credit_note_lines
    FOR EACH ROW EXECUTE FUNCTION invoices_are_immutable();

-- +goose Down
DROP TABLE credit_note_lines;
DROP TABLE credit_notes;
DROP FUNCTION credit_notes_never_exceed_the_invoice();
DROP TABLE credit_note_counters;
