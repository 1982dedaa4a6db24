-- GST (issue 17): the company's tax settings (registered or not, GSTIN, legal name, invoice
-- series prefix; its registered address is the company address, whose state must match the
-- GSTIN's state code) and each product's HSN code, filled for existing products from their
-- sub-category (woven unless the name says knitted; see internal/gst DefaultHSN).

-- +goose Up
ALTER TABLE company
    ADD COLUMN gst_registered boolean NOT NULL DEFAULT false,
    ADD COLUMN gstin          text    NOT NULL DEFAULT '' CHECK (gstin = '' OR gstin ~ '^[0-9]{2}[A-Z0-9]{13}$'),
    ADD COLUMN legal_name     text    NOT NULL DEFAULT '' CHECK (char_length(legal_name) <= 120),
    ADD COLUMN invoice_prefix text    NOT NULL DEFAULT '' CHECK (invoice_prefix ~ '^[A-Z0-9]{0,3}$'),
    ADD CONSTRAINT company_registered_has_tax_details
        CHECK (NOT gst_registered OR (gstin <> '' AND legal_name <> '' AND invoice_prefix <> ''));

ALTER TABLE products ADD COLUMN hsn text NOT NULL DEFAULT '' CHECK (hsn ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})?$');

UPDATE products p
SET hsn = CASE
    WHEN s.category_type ILIKE '%t-shirt%' OR s.category_type ILIKE '%tee%' THEN '6109'
    WHEN s.category_type ILIKE '%polo%' OR (s.category_type ILIKE '%knit%' AND s.category_type ILIKE '%shirt%')
        THEN CASE WHEN p.gender = 'Women' THEN '6106' ELSE '6105' END
    WHEN s.category_type ILIKE '%waistcoat%' THEN '6211'
    WHEN s.category_type ILIKE '%shirt%' AND s.category_type NOT ILIKE '%skirt%'
        THEN CASE WHEN p.gender = 'Women' THEN '6206' ELSE '6205' END
    WHEN s.category_type ILIKE '%trouser%' OR s.category_type ILIKE '%pant%' OR s.category_type ILIKE '%blazer%'
        OR s.category_type ILIKE '%suit%' OR s.category_type ILIKE '%jacket%' OR s.category_type ILIKE '%skirt%'
        OR s.category_type ILIKE '%dress%'
        THEN CASE WHEN p.gender = 'Women' THEN '6204' ELSE '6203' END
    ELSE '' END
FROM sub_categories s
WHERE s.id = p.sub_category_id;

-- +goose Down
ALTER TABLE products DROP COLUMN hsn;
ALTER TABLE company
    DROP CONSTRAINT company_registered_has_tax_details,
    DROP COLUMN invoice_prefix,
    DROP COLUMN legal_name,
    DROP COLUMN gstin,
    DROP COLUMN gst_registered;
