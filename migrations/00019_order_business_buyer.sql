-- B2B orders (issue 17): a shopper may give a business GSTIN and name at checkout; the order's
-- tax invoice then names the business and carries its GSTIN.

-- +goose Up
ALTER TABLE orders
    ADD COLUMN business_gstin text NOT NULL DEFAULT '' CHECK (business_gstin = '' OR business_gstin ~ '^[0-9]{2}[A-Z0-9]{13}$'),
    ADD COLUMN business_name  text NOT NULL DEFAULT '' CHECK (char_length(business_name) <= 120),
    ADD CONSTRAINT orders_business_named CHECK ((business_gstin = '') = (business_name = ''));

-- +goose Down
ALTER TABLE orders DROP CONSTRAINT orders_business_named, DROP COLUMN business_name, DROP COLUMN business_gstin;
