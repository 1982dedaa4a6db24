-- Readable product addresses and deleted products (issue 20): each product gets a slug,
-- /product/{slug}, made once from its name and the last 8 characters of its id (random, so two
-- products of the same name still differ) and never changed afterwards, so a shared link keeps
-- working after a rename. deleted_at marks a product the back office deleted (DELETE
-- /api/admin/products/{id}): its page answers 410 Gone, where a product merely hidden answers
-- 404. Showing it again clears the mark.

-- +goose Up
ALTER TABLE products ADD COLUMN slug text, ADD COLUMN deleted_at timestamptz;
UPDATE products
SET slug = coalesce(nullif(trim(BOTH '-' FROM left(trim(BOTH '-' FROM regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g')), 60)), ''), 'product')
           || '-' || right(id, 8);
-- Rows written outside package catalog (a test's fixture) get a unique slug without the name.
ALTER TABLE products ALTER COLUMN slug SET NOT NULL,
    ALTER COLUMN slug SET DEFAULT 'product-' || substr(md5(random()::text || clock_timestamp()::text), 1, 12);
CREATE UNIQUE INDEX products_slug ON products (slug);

-- +goose Down
DROP INDEX products_slug;
ALTER TABLE products DROP COLUMN slug, DROP COLUMN deleted_at;
