-- The back office's order list on a big shop (100,000 orders): newest first without sorting
-- every order, and its free-text search (a substring of the customer's name, e-mail, phone or
-- city, or of a product's name) through trigram indexes instead of reading every order and
-- line. The address expression must stay exactly the one internal/order/queries.sql searches.

-- +goose Up
CREATE INDEX orders_newest ON orders (created_at DESC, id DESC);
CREATE INDEX orders_admin_search ON orders USING gin ((lower(
    coalesce(address ->> 'firstName', '') || ' ' || coalesce(address ->> 'lastName', '') || ' ' ||
    coalesce(address ->> 'email', '') || ' ' || coalesce(address ->> 'phone', '') || ' ' ||
    coalesce(address ->> 'city', ''))) gin_trgm_ops);
CREATE INDEX order_lines_name_search ON order_lines USING gin (lower(product_name) gin_trgm_ops);

-- +goose Down
DROP INDEX order_lines_name_search;
DROP INDEX orders_admin_search;
DROP INDEX orders_newest;
