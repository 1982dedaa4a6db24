-- name: NextSerial :one
-- The next serial of a series in a financial year. The upsert locks the counter row until
-- the issuing transaction ends, so concurrent issuers take turns and a rolled-back issue gives
-- its serial back: no gaps, no duplicates.
INSERT INTO invoice_counters (series, financial_year, last_serial) VALUES (@series, @financial_year, 1)
ON CONFLICT (series, financial_year) DO UPDATE SET last_serial = invoice_counters.last_serial + 1
RETURNING last_serial;

-- name: InvoiceExists :one
SELECT EXISTS (SELECT 1 FROM invoices WHERE order_id = @order_id);

-- name: InsertInvoice :exec
INSERT INTO invoices (order_id, number, series, financial_year, serial, issued_at, supplier_name, supplier_address,
                      supplier_gstin, supplier_state, recipient_name, recipient_address, recipient_gstin, place_state,
                      place_code, taxable_value, cgst, sgst, igst, total)
VALUES (@order_id, @number, @series, @financial_year, @serial, @issued_at, @supplier_name, @supplier_address,
        @supplier_gstin, @supplier_state, @recipient_name, @recipient_address, @recipient_gstin, @place_state,
        @place_code, @taxable_value, @cgst, @sgst, @igst, @total);

-- name: InsertInvoiceLine :exec
INSERT INTO invoice_lines (order_id, position, description, hsn, quantity, unit_price, discount, taxable_value, rate,
                           cgst, sgst, igst, total)
VALUES (@order_id, @position, @description, @hsn, @quantity, @unit_price, @discount, @taxable_value, @rate,
        @cgst, @sgst, @igst, @total);

-- name: InvoiceOfOrder :one
SELECT * FROM invoices WHERE order_id = @order_id;

-- name: InvoiceLines :many
SELECT * FROM invoice_lines WHERE order_id = @order_id ORDER BY position;

-- name: LockInvoice :one
-- The order's invoice, locked until the transaction ends: credit notes against it take turns.
SELECT * FROM invoices WHERE order_id = @order_id FOR UPDATE;

-- name: NextCreditNoteSerial :one
-- The next credit-note serial of an invoice series in a financial year, gapless as NextSerial.
INSERT INTO credit_note_counters (series, financial_year, last_serial) VALUES (@series, @financial_year, 1)
ON CONFLICT (series, financial_year) DO UPDATE SET last_serial = credit_note_counters.last_serial + 1
RETURNING last_serial;

-- name: CreditedQuantities :many
-- How many pieces of each invoice line of an order earlier notes credited.
SELECT invoice_position, sum(quantity)::int AS quantity
FROM credit_note_lines WHERE order_id = @order_id GROUP BY invoice_position;

-- name: InsertCreditNote :exec
INSERT INTO credit_notes (number, order_id, series, financial_year, serial, issued_at, reason, taxable_value, cgst, sgst,
                          igst, total)
VALUES (@number, @order_id, @series, @financial_year, @serial, @issued_at, @reason, @taxable_value, @cgst, @sgst, @igst,
        @total);

-- name: InsertCreditNoteLine :exec
INSERT INTO credit_note_lines (number, position, order_id, invoice_position, description, hsn, quantity, unit_price,
                               discount, taxable_value, rate, cgst, sgst, igst, total)
VALUES (@number, @position, @order_id, @invoice_position, @description, @hsn, @quantity, @unit_price, @discount,
        @taxable_value, @rate, @cgst, @sgst, @igst, @total);

-- name: CreditNotesOfOrder :many
SELECT * FROM credit_notes WHERE order_id = @order_id ORDER BY issued_at, serial;

-- name: CreditNoteLinesOfOrder :many
SELECT * FROM credit_note_lines WHERE order_id = @order_id ORDER BY number, position;

-- name: InvoiceLinesIssued :many
-- Every line of the invoices issued in [from, until), with its invoice; goods says whether the
-- line is goods (the invoice's first lines, one per order line) rather than a fee.
SELECT i.order_id, i.number, i.series, i.financial_year, i.serial, i.issued_at, i.recipient_name, i.recipient_gstin,
       i.supplier_gstin, i.place_state, i.place_code, i.total AS invoice_total, l.position, l.hsn, l.quantity, l.rate, l.taxable_value,
       l.cgst, l.sgst, l.igst, l.total,
       l.position < (SELECT count(*) FROM order_lines o WHERE o.order_id = i.order_id) AS goods
FROM invoices i JOIN invoice_lines l ON l.order_id = i.order_id
WHERE i.issued_at >= @since AND i.issued_at < @until
ORDER BY i.series, i.financial_year, i.serial, l.position;

-- name: CreditNoteLinesIssued :many
-- Every line of the credit notes issued in [from, until), with its note and the invoice it
-- credits; goods as in InvoiceLinesIssued.
SELECT n.number, n.series, n.financial_year, n.serial, n.issued_at, n.total AS note_total, i.number AS invoice_number,
       i.issued_at AS invoice_issued_at, i.recipient_name, i.recipient_gstin, i.supplier_gstin, i.place_state, i.place_code,
       i.total AS invoice_total, l.hsn, l.quantity, l.rate, l.taxable_value, l.cgst, l.sgst, l.igst, l.total,
       l.invoice_position < (SELECT count(*) FROM order_lines o WHERE o.order_id = n.order_id) AS goods
FROM credit_notes n JOIN invoices i ON i.order_id = n.order_id JOIN credit_note_lines l ON l.number = n.number
WHERE n.issued_at >= @since AND n.issued_at < @until
ORDER BY n.series, n.financial_year, n.serial, l.position;

-- name: InvoicesOfOrders :many
SELECT * FROM invoices WHERE order_id = ANY(@order_ids::text[]);

-- name: InvoiceLinesOfOrders :many
SELECT * FROM invoice_lines WHERE order_id = ANY(@order_ids::text[]) ORDER BY order_id, position;

-- name: CreditNotesOfOrders :many
SELECT * FROM credit_notes WHERE order_id = ANY(@order_ids::text[]) ORDER BY order_id, issued_at, serial;

-- name: CreditNoteLinesOfOrders :many
SELECT * FROM credit_note_lines WHERE order_id = ANY(@order_ids::text[]) ORDER BY order_id, number, position;

-- name: ReduceRecipients :exec
-- A shopper's erasure (package privacy): their invoices to an unregistered buyer below
-- ₹50,000 taxable value (Rule 46 asks no name or address there) keep only the place of
-- supply's state as the recipient's address; the invoices trigger allows exactly this change.
UPDATE invoices SET recipient_name = 'Unregistered customer', recipient_address = place_state
WHERE order_id = ANY (@order_ids::text[]) AND recipient_gstin = '' AND taxable_value < 5000000
  AND (recipient_name <> 'Unregistered customer' OR recipient_address <> place_state);
