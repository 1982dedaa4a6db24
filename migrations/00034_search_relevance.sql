-- Search relevance (issue 20): products are found by name first, then code, then category, then
-- description; a misspelt word is corrected to the nearest word of the shop ("shrt" → shirt,
-- "oxfrod" → oxford); synonyms are data (pant finds trousers); a product code is found exactly.
--
-- products_search_name: the name's own words, so that name matches are taken as candidates
-- first and ranked above the rest. products_code_search: a code, or its start ("jf-mst-0020",
-- "JF-MST"), any case.
--
-- search_words: the words of every product's name, sub-category and colour (its search_text),
-- the vocabulary a misspelt word is corrected against, kept by a trigger so that every writer
-- of products (the catalog, a sub-category rename, a test's fixture) keeps it in step. A word
-- whose last product went stays: a correction to it finds nothing, as the word itself would.
--
-- search_synonyms: a word and another the shopper may mean by it, one row each way where the
-- two mean the same. Matched on the word as typed or without a plural ending.

-- +goose Up
CREATE INDEX products_search_name ON products USING gin (to_tsvector('english', name)) WHERE active;
CREATE INDEX products_code_search ON products (lower(code) text_pattern_ops) WHERE active;

CREATE TABLE search_words (
    word text PRIMARY KEY CHECK (word ~ '^[a-z][a-z0-9]*$')
);
CREATE INDEX search_words_trgm ON search_words USING gist (word gist_trgm_ops);

-- +goose StatementBegin
CREATE FUNCTION products_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO search_words (word)
    SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple', NEW.search_text))) AS w
    WHERE w ~ '^[a-z][a-z0-9]*$' AND length(w) >= 3
    ON CONFLICT DO NOTHING;
    RETURN NEW;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER products_search_words AFTER INSERT OR UPDATE OF search_text ON products
    FOR EACH ROW EXECUTE FUNCTION products_search_words();
INSERT INTO search_words (word)
SELECT DISTINCT w FROM products, unnest(tsvector_to_array(to_tsvector('simple', search_text))) AS w
WHERE w ~ '^[a-z][a-z0-9]*$' AND length(w) >= 3
ON CONFLICT DO NOTHING;

CREATE TABLE search_synonyms (
    word    text NOT NULL CHECK (word ~ '^[a-z][a-z0-9]*$'),
    synonym text NOT NULL CHECK (synonym ~ '^[a-z][a-z0-9]*$' AND synonym <> word),
    PRIMARY KEY (word, synonym)
);
INSERT INTO search_synonyms (word, synonym) VALUES
    ('pant', 'trouser'), ('trouser', 'pant'), ('slack', 'trouser'), ('slack', 'pant'),
    ('tee', 'shirt'), ('tshirt', 'shirt'), ('top', 'shirt'), ('top', 'blouse'), ('blouse', 'shirt'),
    ('jacket', 'blazer'), ('coat', 'blazer'), ('sportcoat', 'blazer'),
    ('vest', 'waistcoat'), ('gilet', 'waistcoat'), ('waistcoat', 'vest'),
    ('tux', 'tuxedo'), ('tuxedo', 'suit'), ('bandhgala', 'suit'),
    ('gray', 'grey'), ('grey', 'gray'), ('maroon', 'wine'), ('burgundy', 'wine'), ('cream', 'ivory'),
    ('offwhite', 'ivory'), ('tan', 'beige'), ('camel', 'beige');

-- +goose Down
DROP TABLE search_synonyms;
DROP TRIGGER products_search_words ON products;
DROP FUNCTION products_search_words();
DROP TABLE search_words;
DROP INDEX products_code_search;
DROP INDEX products_search_name;
