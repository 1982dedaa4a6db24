-- Product reviews and the back office's customer search.
--
-- A review is one shopper's rating (1-5), title and plain text about one product they have
-- received: one per shopper and product (writing again replaces it). Reviews wait as pending
-- until staff approve or reject them; only approved ones are public. product_ratings keeps
-- each product's approved review count and rating sum, so a product's average is one row
-- read: the review service rewrites a product's row, under its row lock, in the transaction
-- of every change to that product's reviews.

-- +goose Up
CREATE TABLE reviews (
    id           text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    user_id      text        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id   text        NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    rating       smallint    NOT NULL CHECK (rating BETWEEN 1 AND 5),
    title        text        NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
    body         text        NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
    status       text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    moderated_by text REFERENCES users (id) ON DELETE SET NULL,
    moderated_at timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, product_id)
);
-- The product page (approved, newest first), the moderation queue by status, one product's
-- reviews in the back office, and a shopper's own list (the unique key's user_id prefix).
CREATE INDEX reviews_approved_by_product ON reviews (product_id, updated_at DESC, id DESC) WHERE status = 'approved';
CREATE INDEX reviews_by_status ON reviews (status, updated_at DESC, id DESC);
CREATE INDEX reviews_by_product ON reviews (product_id, updated_at DESC, id DESC);

CREATE TABLE product_ratings (
    product_id text PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
    reviews    integer     NOT NULL DEFAULT 0 CHECK (reviews >= 0),
    rating_sum integer     NOT NULL DEFAULT 0 CHECK (rating_sum BETWEEN reviews AND 5 * reviews),
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- Customer search in the back office: a substring of the name, e-mail or phone.
CREATE INDEX users_search_trgm ON users
    USING gin (lower(first_name || ' ' || last_name || ' ' || email || ' ' || phone) gin_trgm_ops);

-- +goose Down
DROP INDEX users_search_trgm;
DROP TABLE product_ratings;
DROP TABLE reviews;
