-- The back office's catalog: categories get an image like their sub-categories, and the
-- admin product list (hidden products included, searched by name or code) gets indexes of
-- its own; the storefront's are partial (active products only).

-- +goose Up
ALTER TABLE categories ADD COLUMN image text NOT NULL DEFAULT '';

-- Newest first over every product, hidden ones included.
CREATE INDEX products_admin_newest ON products (created_at DESC, id DESC);
-- Substring search over code and name ("msh-00", "oxford"), hidden products included.
CREATE INDEX products_admin_search ON products USING gin (lower(code || ' ' || name) gin_trgm_ops);

-- +goose Down
DROP INDEX products_admin_search;
DROP INDEX products_admin_newest;
ALTER TABLE categories DROP COLUMN image;
