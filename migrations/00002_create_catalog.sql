-- +goose Up
-- The catalog: categories (Men, Women) with sub-categories, products with per-size stock rows,
-- sales, and CMS pages. Money is integer paise; ids are 24 hex characters.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE categories (
    id         text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    name       text        NOT NULL UNIQUE CHECK (name <> ''),
    gender     text        NOT NULL CHECK (gender IN ('Men', 'Women', 'Unisex')),
    position   integer     NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sub_categories (
    id            text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    category_id   text        NOT NULL REFERENCES categories (id),
    category_type text        NOT NULL UNIQUE CHECK (category_type <> ''),
    image         text        NOT NULL DEFAULT '',
    position      integer     NOT NULL DEFAULT 0,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE products (
    id                 text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    code               text        NOT NULL UNIQUE CHECK (code <> ''),
    name               text        NOT NULL CHECK (name <> ''),
    gender             text        NOT NULL CHECK (gender IN ('Men', 'Women', 'Unisex')),
    status             text        NOT NULL DEFAULT '' CHECK (status IN ('', 'BestSeller')),
    sub_category_id    text        NOT NULL REFERENCES sub_categories (id),
    price              bigint      NOT NULL CHECK (price > 0),
    discount           integer     NOT NULL DEFAULT 0 CHECK (discount BETWEEN 0 AND 100),
    colour             text        NOT NULL DEFAULT '',
    thumbnail          text        NOT NULL DEFAULT '',
    images             text[]      NOT NULL DEFAULT '{}',
    basic_description  text        NOT NULL DEFAULT '',
    return_description text        NOT NULL DEFAULT '',
    size_chart         text        NOT NULL DEFAULT '',
    fit                text        NOT NULL DEFAULT '',
    length_cm          numeric(6, 1) NOT NULL DEFAULT 0 CHECK (length_cm >= 0),
    width_cm           numeric(6, 1) NOT NULL DEFAULT 0 CHECK (width_cm >= 0),
    height_cm          numeric(6, 1) NOT NULL DEFAULT 0 CHECK (height_cm >= 0),
    weight_grams       integer     NOT NULL DEFAULT 0 CHECK (weight_grams >= 0),
    active             boolean     NOT NULL DEFAULT true,
    search             tsvector    NOT NULL DEFAULT ''::tsvector,
    search_text        text        NOT NULL DEFAULT '',
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now()
);

-- Listings: newest first within a sub-category, among best sellers, or overall.
CREATE INDEX products_by_sub_category ON products (sub_category_id, created_at DESC, id DESC) WHERE active;
CREATE INDEX products_best_sellers ON products (created_at DESC, id DESC) WHERE active AND status = 'BestSeller';
CREATE INDEX products_newest ON products (created_at DESC, id DESC) WHERE active;
CREATE INDEX products_by_gender ON products (gender, created_at DESC, id DESC) WHERE active;
-- Search: full text for words, trigrams for partial words and typos.
CREATE INDEX products_search ON products USING gin (search) WHERE active;
CREATE INDEX products_search_trgm ON products USING gin (search_text gin_trgm_ops) WHERE active;

CREATE TABLE product_sizes (
    product_id text    NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    size       text    NOT NULL CHECK (size <> ''),
    position   integer NOT NULL DEFAULT 0,
    stock      integer NOT NULL CHECK (stock >= 0),
    PRIMARY KEY (product_id, size)
);

CREATE TABLE sales (
    id           text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    name         text        NOT NULL CHECK (name <> ''),
    discount     integer     NOT NULL CHECK (discount BETWEEN 1 AND 90),
    active       boolean     NOT NULL DEFAULT false,
    gender       text        NOT NULL DEFAULT 'All' CHECK (gender IN ('All', 'Men', 'Women', 'Unisex')),
    category_id  text        REFERENCES categories (id),
    image        text        NOT NULL DEFAULT '',
    mobile_image text        NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sale_sub_categories (
    sale_id         text NOT NULL REFERENCES sales (id) ON DELETE CASCADE,
    sub_category_id text NOT NULL REFERENCES sub_categories (id),
    PRIMARY KEY (sale_id, sub_category_id)
);

CREATE TABLE cms_pages (
    type        text PRIMARY KEY CHECK (type ~ '^[a-z][a-z0-9-]{0,39}$'),
    title       text        NOT NULL DEFAULT '',
    description text        NOT NULL DEFAULT '',
    updated_at  timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE cms_pages;
DROP TABLE sale_sub_categories;
DROP TABLE sales;
DROP TABLE product_sizes;
DROP TABLE products;
DROP TABLE sub_categories;
DROP TABLE categories;
