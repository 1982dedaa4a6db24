-- The storefront's banners that no sub-category or sale owns: the home page's hero and the
-- best-seller listing's banner. Each is a desktop image (and a phone one), a title, a line
-- below it, a call to action (its words and where it goes), on or off, and an order: a page
-- shows the first banner of its place that is on. With none on, the page keeps its drawn look.

-- +goose Up
CREATE TABLE banners (
    id           text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    place        text        NOT NULL CHECK (place IN ('home', 'bestseller')),
    title        text        NOT NULL CHECK (char_length(title) BETWEEN 1 AND 120),
    subtitle     text        NOT NULL DEFAULT '' CHECK (char_length(subtitle) <= 300),
    link_text    text        NOT NULL DEFAULT '' CHECK (char_length(link_text) <= 40),
    link         text        NOT NULL DEFAULT '' CHECK (char_length(link) <= 300),
    image        text        NOT NULL CHECK (image <> ''),
    mobile_image text        NOT NULL DEFAULT '',
    active       boolean     NOT NULL DEFAULT true,
    position     integer     NOT NULL DEFAULT 0 CHECK (position BETWEEN 0 AND 10000),
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);
-- A place's banners in the order the storefront takes them.
CREATE INDEX banners_by_place ON banners (place, position, created_at, id);

-- +goose Down
DROP TABLE banners;
