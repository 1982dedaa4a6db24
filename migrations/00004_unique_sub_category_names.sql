-- +goose Up
-- Listings find sub-categories by name ignoring case, so names must differ by more than case.
CREATE UNIQUE INDEX sub_categories_type_lower ON sub_categories (lower(category_type));

-- +goose Down
DROP INDEX sub_categories_type_lower;
