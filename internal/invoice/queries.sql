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
