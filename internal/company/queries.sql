-- name: Company :one
SELECT * FROM company WHERE id = 'company';

-- name: SaveCompany :exec
INSERT INTO company (id, name, tagline, description, address_line1, address_line2, city, state, zip, contact1,
                     contact2, email, vendor_id)
VALUES ('company', @name, @tagline, @description, @address_line1, @address_line2, @city, @state, @zip, @contact1,
        @contact2, @email, @vendor_id)
ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, tagline = EXCLUDED.tagline, description = EXCLUDED.description,
    address_line1 = EXCLUDED.address_line1, address_line2 = EXCLUDED.address_line2, city = EXCLUDED.city,
    state = EXCLUDED.state, zip = EXCLUDED.zip, contact1 = EXCLUDED.contact1, contact2 = EXCLUDED.contact2,
    email = EXCLUDED.email, vendor_id = EXCLUDED.vendor_id, updated_at = now();
