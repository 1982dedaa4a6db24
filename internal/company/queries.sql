-- name: Company :one
SELECT * FROM company WHERE id = 'company';

-- name: CompanyForUpdate :one
SELECT * FROM company WHERE id = 'company' FOR UPDATE;

-- name: SaveCompany :exec
INSERT INTO company (id, name, tagline, description, address_line1, address_line2, city, state, zip, contact1,
                     contact2, email, vendor_id, gst_registered, gstin, legal_name, invoice_prefix)
VALUES ('company', @name, @tagline, @description, @address_line1, @address_line2, @city, @state, @zip, @contact1,
        @contact2, @email, @vendor_id, @gst_registered, @gstin, @legal_name, @invoice_prefix)
ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, tagline = EXCLUDED.tagline, description = EXCLUDED.description,
    address_line1 = EXCLUDED.address_line1, address_line2 = EXCLUDED.address_line2, city = EXCLUDED.city,
    state = EXCLUDED.state, zip = EXCLUDED.zip, contact1 = EXCLUDED.contact1, contact2 = EXCLUDED.contact2,
    email = EXCLUDED.email, vendor_id = EXCLUDED.vendor_id, gst_registered = EXCLUDED.gst_registered,
    gstin = EXCLUDED.gstin, legal_name = EXCLUDED.legal_name, invoice_prefix = EXCLUDED.invoice_prefix,
    updated_at = now();

-- name: SaveDelivery :execrows
UPDATE company
SET free_shipping_above = @free_shipping_above, shipping_fee = @shipping_fee, cod_fee = @cod_fee,
    cod_max_order = @cod_max_order, cod_blocked_pincodes = @cod_blocked_pincodes::text[], cod_rto_limit = @cod_rto_limit,
    cod_confirm = @cod_confirm, cod_confirm_hours = @cod_confirm_hours, updated_at = now()
WHERE id = 'company';

-- name: SaveGrievanceOfficer :execrows
UPDATE company
SET grievance_name = @grievance_name, grievance_designation = @grievance_designation, grievance_email = @grievance_email,
    grievance_phone = @grievance_phone, updated_at = now()
WHERE id = 'company';
