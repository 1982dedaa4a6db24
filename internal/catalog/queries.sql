-- name: ListCategories :many
SELECT id, name, gender, image, position FROM categories ORDER BY position, name;

-- name: ListSubCategories :many
SELECT id, category_id, category_type, image, position FROM sub_categories ORDER BY position, category_type;

-- name: SubCategoryByType :one
SELECT sc.id, sc.category_id, sc.category_type, sc.image, sc.position
FROM sub_categories sc WHERE lower(sc.category_type) = lower(@category_type);

-- name: CategoryIDByName :one
-- /shop/{category}: the category named so, whatever the case.
SELECT id FROM categories WHERE lower(name) = lower(@name) ORDER BY position, id LIMIT 1;

-- name: InsertCategory :exec
INSERT INTO categories (id, name, gender, image, position) VALUES (@id, @name, @gender, @image, @position);

-- name: InsertSubCategory :exec
INSERT INTO sub_categories (id, category_id, category_type, image, position)
VALUES (@id, @category_id, @category_type, @image, @position);

-- name: InsertProduct :exec
INSERT INTO products (id, code, name, gender, status, sub_category_id, price, discount, colour, thumbnail,
                      images, basic_description, return_description, size_chart, fit, length_cm, width_cm,
                      height_cm, weight_grams, created_at, updated_at, search_text, hsn, slug, search)
VALUES (@id, @code, @name, @gender, @status, @sub_category_id, @price, @discount, @colour, @thumbnail,
        @images, @basic_description, @return_description, @size_chart, @fit, @length_cm, @width_cm,
        @height_cm, @weight_grams, @created_at, @created_at, @search_text, @hsn, @slug,
        setweight(to_tsvector('english', @name::text), 'A') ||
        setweight(to_tsvector('english', @sub_category_name::text || ' ' || @colour::text), 'B') ||
        setweight(to_tsvector('english', @basic_description::text), 'C'));

-- name: ProductHSNs :many
-- The HSN codes of products, hidden ones included (an order's lines may name them), with what
-- picks a default for a product that has none.
SELECT p.id, p.hsn, p.gender, sc.category_type
FROM products p JOIN sub_categories sc ON sc.id = p.sub_category_id
WHERE p.id = ANY(@ids::text[]);

-- name: InsertProductSize :exec
INSERT INTO product_sizes (product_id, size, position, stock) VALUES (@product_id, @size, @position, @stock);

-- name: CountProducts :one
SELECT count(*) FROM products;

-- name: ProductByID :one
SELECT p.id, p.code, p.name, p.gender, p.status, p.sub_category_id, p.price, p.discount, p.colour, p.thumbnail,
       p.images, p.basic_description, p.return_description, p.size_chart, p.fit, p.length_cm, p.width_cm,
       p.height_cm, p.weight_grams, p.created_at, sc.category_type, sc.category_id, c.name AS category_name, p.slug
FROM products p
JOIN sub_categories sc ON sc.id = p.sub_category_id
JOIN categories c ON c.id = sc.category_id
WHERE p.id = @id AND p.active;

-- name: ProductsInSubCategory :many
-- One sub-category, the common listing. The page's ids come from products_by_sub_category
-- alone (an index-only scan walks past the offset), then only those 12 rows are read.
WITH page AS (
    SELECT l.id, l.created_at FROM products l
    WHERE l.active AND l.sub_category_id = @sub_category_id
    ORDER BY l.created_at DESC, l.id DESC
    LIMIT @page_size OFFSET @page_offset
)
SELECT p.id, p.code, p.name, p.gender, p.status, p.sub_category_id, p.price, p.discount, p.colour, p.thumbnail,
       p.images, p.basic_description, p.return_description, p.size_chart, p.fit, p.length_cm, p.width_cm,
       p.height_cm, p.weight_grams, p.created_at, sc.category_type, sc.category_id, c.name AS category_name, p.slug
FROM page
JOIN products p ON p.id = page.id
JOIN sub_categories sc ON sc.id = p.sub_category_id
JOIN categories c ON c.id = sc.category_id
ORDER BY page.created_at DESC, page.id DESC;

-- name: CountInSubCategory :one
SELECT count(*) FROM products WHERE active AND sub_category_id = @sub_category_id;

-- name: ProductsBySubCategory :many
-- Several sub-categories, or one for a gender (a sale's listing).
SELECT p.id, p.code, p.name, p.gender, p.status, p.sub_category_id, p.price, p.discount, p.colour, p.thumbnail,
       p.images, p.basic_description, p.return_description, p.size_chart, p.fit, p.length_cm, p.width_cm,
       p.height_cm, p.weight_grams, p.created_at, sc.category_type, sc.category_id, c.name AS category_name, p.slug
FROM products p
JOIN sub_categories sc ON sc.id = p.sub_category_id
JOIN categories c ON c.id = sc.category_id
WHERE p.active AND p.sub_category_id = ANY(@sub_category_ids::text[])
  AND (@gender::text = '' OR p.gender = @gender::text)
ORDER BY p.created_at DESC, p.id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: CountBySubCategory :one
SELECT count(*) FROM products p
WHERE p.active AND p.sub_category_id = ANY(@sub_category_ids::text[])
  AND (@gender::text = '' OR p.gender = @gender::text);

-- name: BestSellers :many
SELECT p.id, p.code, p.name, p.gender, p.status, p.sub_category_id, p.price, p.discount, p.colour, p.thumbnail,
       p.images, p.basic_description, p.return_description, p.size_chart, p.fit, p.length_cm, p.width_cm,
       p.height_cm, p.weight_grams, p.created_at, sc.category_type, sc.category_id, c.name AS category_name, p.slug
FROM products p
JOIN sub_categories sc ON sc.id = p.sub_category_id
JOIN categories c ON c.id = sc.category_id
WHERE p.active AND p.status = 'BestSeller'
ORDER BY p.created_at DESC, p.id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: CountBestSellers :one
SELECT count(*) FROM products p WHERE p.active AND p.status = 'BestSeller';

-- name: ProductsByGender :many
SELECT p.id, p.code, p.name, p.gender, p.status, p.sub_category_id, p.price, p.discount, p.colour, p.thumbnail,
       p.images, p.basic_description, p.return_description, p.size_chart, p.fit, p.length_cm, p.width_cm,
       p.height_cm, p.weight_grams, p.created_at, sc.category_type, sc.category_id, c.name AS category_name, p.slug
FROM products p
JOIN sub_categories sc ON sc.id = p.sub_category_id
JOIN categories c ON c.id = sc.category_id
WHERE p.active AND p.gender = @gender
ORDER BY p.created_at DESC, p.id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: CountByGender :one
SELECT count(*) FROM products p WHERE p.active AND p.gender = @gender;

-- name: AllProducts :many
SELECT p.id, p.code, p.name, p.gender, p.status, p.sub_category_id, p.price, p.discount, p.colour, p.thumbnail,
       p.images, p.basic_description, p.return_description, p.size_chart, p.fit, p.length_cm, p.width_cm,
       p.height_cm, p.weight_grams, p.created_at, sc.category_type, sc.category_id, c.name AS category_name, p.slug
FROM products p
JOIN sub_categories sc ON sc.id = p.sub_category_id
JOIN categories c ON c.id = sc.category_id
WHERE p.active
ORDER BY p.created_at DESC, p.id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: CountAll :one
SELECT count(*) FROM products p WHERE p.active;

-- name: SearchTerms :many
-- What each word of a query may mean: whether the shop's names, sub-categories or colours use
-- it (known), the words a shopper may mean by it (search_synonyms, matched as typed or without
-- a plural ending), and for a word the shop doesn't use, its 5 nearest words by trigrams.
SELECT t.term::text AS term,
       EXISTS (SELECT 1 FROM search_words w WHERE w.word = t.term) AS known,
       coalesce((SELECT array_agg(DISTINCT s.synonym) FROM search_synonyms s
                 WHERE s.word IN (t.term, regexp_replace(t.term, 's$', ''), regexp_replace(t.term, 'es$', ''))), '{}')::text[] AS synonyms,
       coalesce((SELECT array_agg(n.word) FROM (
                     SELECT w.word FROM search_words w
                     WHERE length(t.term) >= 3 AND NOT EXISTS (SELECT 1 FROM search_words k WHERE k.word = t.term)
                     ORDER BY w.word <-> t.term LIMIT 5) n), '{}')::text[] AS nearest
FROM unnest(@terms::text[]) AS t(term);

-- name: SearchProducts :many
-- Matches of @tsquery (the query's words, their synonyms and corrections) or of the product
-- code @code (lowercased; '' for none; @code_end is @code followed by the highest character),
-- ranked within a bounded candidate set: at most @bound name matches and @bound codes, topped
-- up to @bound with matches elsewhere when the names are fewer. tier: 0 the code itself, 1 the
-- name, 2 the start of the code, 3 the name with the sub-category and colour, 4 the description
-- too. total counts the candidates.
WITH q AS (SELECT to_tsquery('english', @tsquery::text) AS tsq),
named AS (
    SELECT p.id FROM products p, q WHERE p.active AND to_tsvector('english', p.name) @@ q.tsq LIMIT @bound
),
candidates AS (
    SELECT named.id FROM named
    UNION
    (SELECT p.id FROM products p
     WHERE p.active AND @code::text <> '' AND lower(p.code) ~>=~ @code::text AND lower(p.code) ~<~ @code_end::text
     LIMIT @bound)
    UNION
    (SELECT p.id FROM products p, q
     WHERE p.active AND p.search @@ q.tsq AND NOT to_tsvector('english', p.name) @@ q.tsq
     LIMIT greatest(sqlc.arg(bound)::integer - (SELECT count(*) FROM named)::integer, 0))
)
SELECT p.id, p.code, p.name, p.gender, p.status, p.sub_category_id, p.price, p.discount, p.colour, p.thumbnail,
       p.images, p.basic_description, p.return_description, p.size_chart, p.fit, p.length_cm, p.width_cm,
       p.height_cm, p.weight_grams, p.created_at, sc.category_type, sc.category_id, c.name AS category_name, p.slug,
       count(*) OVER () AS total
FROM candidates
JOIN products p ON p.id = candidates.id
JOIN sub_categories sc ON sc.id = p.sub_category_id
JOIN categories c ON c.id = sc.category_id, q
ORDER BY CASE WHEN lower(p.code) = @code::text THEN 0
              WHEN ts_filter(p.search, '{a}') @@ q.tsq THEN 1
              WHEN @code::text <> '' AND lower(p.code) ~>=~ @code::text AND lower(p.code) ~<~ @code_end::text THEN 2
              WHEN ts_filter(p.search, '{a,b}') @@ q.tsq THEN 3
              ELSE 4 END,
         ts_rank(p.search, q.tsq) DESC, p.created_at DESC, p.id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: SuggestProducts :many
-- A few products whose code starts with @code or whose name matches @tsquery (its last word
-- a prefix), the code first, then by rank among at most 48 name matches.
WITH q AS (SELECT to_tsquery('english', @tsquery::text) AS tsq),
candidates AS (
    (SELECT p.id, 0 AS tier FROM products p
     WHERE p.active AND @code::text <> '' AND lower(p.code) ~>=~ @code::text AND lower(p.code) ~<~ @code_end::text
     ORDER BY lower(p.code) LIMIT 8)
    UNION ALL
    (SELECT p.id, 1 AS tier FROM products p, q WHERE p.active AND to_tsvector('english', p.name) @@ q.tsq LIMIT 48)
)
SELECT p.id, p.code, p.name, p.slug, p.thumbnail, sc.category_type, min(c.tier)::integer AS tier,
       ts_rank(to_tsvector('english', p.name), q.tsq) AS rank
FROM candidates c
JOIN products p ON p.id = c.id
JOIN sub_categories sc ON sc.id = p.sub_category_id, q
GROUP BY p.id, sc.category_type, q.tsq
ORDER BY tier, rank DESC, p.created_at DESC, p.id DESC
LIMIT @size;

-- name: SuggestSubCategories :many
-- Sub-categories whose name matches @tsquery or contains @pattern (a LIKE substring), in
-- display order.
SELECT sc.id, sc.category_type, c.name AS category_name
FROM sub_categories sc
JOIN categories c ON c.id = sc.category_id
WHERE to_tsvector('english', sc.category_type) @@ to_tsquery('english', @tsquery::text)
   OR lower(sc.category_type) LIKE '%' || @pattern::text || '%'
ORDER BY c.position, sc.position, sc.category_type
LIMIT @size;

-- name: PopularSubCategories :many
-- The sub-categories with the most products on show, for a search that found nothing.
SELECT sc.id, sc.category_type, c.name AS category_name
FROM sub_categories sc
JOIN categories c ON c.id = sc.category_id
JOIN products p ON p.sub_category_id = sc.id AND p.active
GROUP BY sc.id, c.name, c.position
ORDER BY count(*) DESC, c.position, sc.position
LIMIT @size;

-- name: SizesOf :many
SELECT product_id, size, stock FROM product_sizes
WHERE product_id = ANY(@product_ids::text[])
ORDER BY product_id, position, size;

-- name: SubCategoryByID :one
SELECT id, category_id, category_type, image, position FROM sub_categories WHERE id = @id;

-- name: SubCategoriesOf :many
SELECT id FROM sub_categories WHERE category_id = @category_id ORDER BY position, category_type;

-- name: ProductsByIDs :many
SELECT p.id, p.code, p.name, p.gender, p.status, p.sub_category_id, p.price, p.discount, p.colour, p.thumbnail,
       p.images, p.basic_description, p.return_description, p.size_chart, p.fit, p.length_cm, p.width_cm,
       p.height_cm, p.weight_grams, p.created_at, sc.category_type, sc.category_id, c.name AS category_name, p.slug
FROM products p
JOIN sub_categories sc ON sc.id = p.sub_category_id
JOIN categories c ON c.id = sc.category_id
WHERE p.id = ANY(@ids::text[]) AND p.active;

-- name: TakeStock :one
-- The units taken count as sold (the best-selling sort), in the same row and statement.
UPDATE product_sizes SET stock = stock - @quantity::integer, sold = sold + @quantity::integer
WHERE product_id = @product_id AND size = @size AND stock >= @quantity::integer
RETURNING stock;

-- name: ReturnStock :one
UPDATE product_sizes SET stock = stock + @quantity::integer, sold = greatest(sold - @quantity::integer, 0)
WHERE product_id = @product_id AND size = @size
RETURNING stock;

-- name: StockOf :one
SELECT stock FROM product_sizes WHERE product_id = @product_id AND size = @size;

-- Back office ------------------------------------------------------------------------------

-- name: AdminProducts :many
-- Every product, hidden ones included. pattern is a LIKE-escaped, lowercased substring of the
-- code or name; stock is '', 'out' (no size left), 'in' (some size left) or 'low' (some size
-- left and some size at low_at or fewer).
SELECT p.id, p.code, p.name, p.gender, p.status, p.sub_category_id, p.price, p.discount, p.colour, p.thumbnail,
       p.images, p.basic_description, p.return_description, p.size_chart, p.fit, p.length_cm, p.width_cm,
       p.height_cm, p.weight_grams, p.created_at, sc.category_type, sc.category_id, c.name AS category_name, p.slug,
       p.active, p.updated_at
FROM products p
JOIN sub_categories sc ON sc.id = p.sub_category_id
JOIN categories c ON c.id = sc.category_id
WHERE (@pattern::text = '' OR lower(p.code || ' ' || p.name) LIKE '%' || @pattern::text || '%')
  AND (@sub_category_id::text = '' OR p.sub_category_id = @sub_category_id::text)
  AND (@status::text = '' OR (@status::text = 'active' AND p.active) OR (@status::text = 'inactive' AND NOT p.active)
       OR (@status::text = 'BestSeller' AND p.status = 'BestSeller'))
  AND (@stock::text = ''
       OR (@stock::text = 'out' AND NOT EXISTS (SELECT 1 FROM product_sizes s WHERE s.product_id = p.id AND s.stock > 0))
       OR (@stock::text IN ('in', 'low') AND EXISTS (SELECT 1 FROM product_sizes s WHERE s.product_id = p.id AND s.stock > 0)
           AND (@stock::text = 'in' OR EXISTS (SELECT 1 FROM product_sizes s WHERE s.product_id = p.id AND s.stock <= @low_at::integer))))
ORDER BY CASE WHEN @sort::text = 'name' THEN lower(p.name) END ASC,
         CASE WHEN @sort::text = 'price' THEN p.price END ASC,
         CASE WHEN @sort::text = '-price' THEN p.price END DESC,
         CASE WHEN @sort::text = 'oldest' THEN p.created_at END ASC,
         p.created_at DESC, p.id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: CountAdminProducts :one
SELECT count(*) FROM products p
WHERE (@pattern::text = '' OR lower(p.code || ' ' || p.name) LIKE '%' || @pattern::text || '%')
  AND (@sub_category_id::text = '' OR p.sub_category_id = @sub_category_id::text)
  AND (@status::text = '' OR (@status::text = 'active' AND p.active) OR (@status::text = 'inactive' AND NOT p.active)
       OR (@status::text = 'BestSeller' AND p.status = 'BestSeller'))
  AND (@stock::text = ''
       OR (@stock::text = 'out' AND NOT EXISTS (SELECT 1 FROM product_sizes s WHERE s.product_id = p.id AND s.stock > 0))
       OR (@stock::text IN ('in', 'low') AND EXISTS (SELECT 1 FROM product_sizes s WHERE s.product_id = p.id AND s.stock > 0)
           AND (@stock::text = 'in' OR EXISTS (SELECT 1 FROM product_sizes s WHERE s.product_id = p.id AND s.stock <= @low_at::integer))));

-- name: AdminProductByID :one
SELECT p.id, p.code, p.name, p.gender, p.status, p.sub_category_id, p.price, p.discount, p.colour, p.thumbnail,
       p.images, p.basic_description, p.return_description, p.size_chart, p.fit, p.length_cm, p.width_cm,
       p.height_cm, p.weight_grams, p.created_at, sc.category_type, sc.category_id, c.name AS category_name, p.slug,
       p.active, p.updated_at
FROM products p
JOIN sub_categories sc ON sc.id = p.sub_category_id
JOIN categories c ON c.id = sc.category_id
WHERE p.id = @id;

-- name: LockProduct :one
SELECT id, code, name, gender, status, sub_category_id, price, discount, colour, thumbnail, images,
       basic_description, return_description, size_chart, fit, length_cm, width_cm, height_cm, weight_grams, active, hsn
FROM products WHERE id = @id FOR UPDATE;

-- name: UpdateProduct :exec
UPDATE products
SET code = @code, name = @name, gender = @gender, status = @status, sub_category_id = @sub_category_id,
    price = @price, discount = @discount, colour = @colour, thumbnail = @thumbnail, images = @images,
    basic_description = @basic_description, return_description = @return_description, size_chart = @size_chart,
    fit = @fit, length_cm = @length_cm, width_cm = @width_cm, height_cm = @height_cm, weight_grams = @weight_grams,
    active = @active, updated_at = now(), search_text = @search_text, hsn = @hsn,
    search = setweight(to_tsvector('english', @name::text), 'A') ||
             setweight(to_tsvector('english', @sub_category_name::text || ' ' || @colour::text), 'B') ||
             setweight(to_tsvector('english', @basic_description::text), 'C')
WHERE id = @id;

-- name: LockProducts :many
-- In id order, so two bulk changes over the same products queue rather than deadlock.
SELECT id FROM products WHERE id = ANY(@ids::text[]) ORDER BY id FOR UPDATE;

-- name: SetProductsActive :exec
-- Showing a product clears its deleted mark; deleting (hiding with deleted set) marks it.
UPDATE products
SET active = @active, updated_at = now(),
    deleted_at = CASE WHEN @active::boolean THEN NULL WHEN @deleted::boolean THEN coalesce(deleted_at, now()) ELSE deleted_at END
WHERE id = ANY(@ids::text[]) AND (active <> @active OR (@deleted::boolean AND deleted_at IS NULL));

-- name: SetProductsStatus :exec
UPDATE products SET status = @status, updated_at = now() WHERE id = ANY(@ids::text[]) AND status <> @status;

-- name: TouchProduct :exec
UPDATE products SET updated_at = now() WHERE id = @id;

-- name: LockSizes :many
SELECT size, position, stock FROM product_sizes WHERE product_id = @product_id ORDER BY size FOR UPDATE;

-- name: DeleteSizesExcept :exec
DELETE FROM product_sizes WHERE product_id = @product_id AND NOT (size = ANY(@keep::text[]));

-- name: UpsertSize :exec
INSERT INTO product_sizes (product_id, size, position, stock) VALUES (@product_id, @size, @position, @stock)
ON CONFLICT (product_id, size) DO UPDATE SET position = EXCLUDED.position, stock = EXCLUDED.stock;

-- name: CategoryCounts :many
-- Products per sub-category, hidden ones included, and how many of them are visible.
SELECT sub_category_id, count(*)::bigint AS total, (count(*) FILTER (WHERE active))::bigint AS visible
FROM products GROUP BY sub_category_id;

-- name: LockCategory :one
SELECT id, name, gender, image, position FROM categories WHERE id = @id FOR UPDATE;

-- name: UpdateCategory :exec
UPDATE categories SET name = @name, gender = @gender, image = @image, position = @position WHERE id = @id;

-- name: CountProductsInCategory :one
SELECT count(*) FROM products p JOIN sub_categories sc ON sc.id = p.sub_category_id WHERE sc.category_id = @category_id;

-- name: DeleteSubCategoriesOf :exec
DELETE FROM sub_categories WHERE category_id = @category_id;

-- name: DeleteCategory :exec
DELETE FROM categories WHERE id = @id;

-- name: LockSubCategory :one
SELECT id, category_id, category_type, image, position FROM sub_categories WHERE id = @id FOR UPDATE;

-- name: UpdateSubCategory :exec
UPDATE sub_categories SET category_id = @category_id, category_type = @category_type, image = @image, position = @position
WHERE id = @id;

-- name: RenameInProductSearch :exec
-- A renamed sub-category: its products' search text and vectors carry the new name.
UPDATE products p
SET search_text = lower(p.name || ' ' || @category_type::text || ' ' || p.colour),
    search = setweight(to_tsvector('english', p.name), 'A') ||
             setweight(to_tsvector('english', @category_type::text || ' ' || p.colour), 'B') ||
             setweight(to_tsvector('english', p.basic_description), 'C')
WHERE p.sub_category_id = @sub_category_id;

-- name: CountProductsInSubCategory :one
SELECT count(*) FROM products WHERE sub_category_id = @sub_category_id;

-- name: DeleteSubCategory :exec
DELETE FROM sub_categories WHERE id = @id;

-- name: ProductStateByID :one
-- Whether a product's page may show, hidden and deleted products included.
SELECT id, slug, active, (deleted_at IS NOT NULL)::boolean AS deleted FROM products WHERE id = @id;

-- name: ProductStateBySlug :one
SELECT id, slug, active, (deleted_at IS NOT NULL)::boolean AS deleted FROM products WHERE slug = @slug;

-- name: SitemapProductChunks :many
-- The sitemap's product files: shown products in creation order, chunk_size to a file, and each
-- file's last change.
SELECT numbered.chunk::bigint AS chunk, max(numbered.updated_at)::timestamptz AS updated_at
FROM (SELECT (row_number() OVER (ORDER BY created_at, id) - 1) / @chunk_size::bigint AS chunk, updated_at
      FROM products WHERE active) numbered
GROUP BY numbered.chunk
ORDER BY numbered.chunk;

-- name: SitemapProducts :many
-- One sitemap file of shown products: its address, last change and pictures.
SELECT slug, updated_at, thumbnail, images FROM products
WHERE active
ORDER BY created_at, id
LIMIT @page_size::bigint OFFSET @page_offset::bigint;

-- name: SitemapSubCategories :many
-- Every sub-category with shown products, with its category and the last change among them.
SELECT sc.category_type, c.name AS category_name, max(p.updated_at)::timestamptz AS updated_at
FROM sub_categories sc
JOIN categories c ON c.id = sc.category_id
JOIN products p ON p.sub_category_id = sc.id AND p.active
GROUP BY sc.category_type, c.name
ORDER BY c.name, sc.category_type;

-- name: ProductDeclarations :one
SELECT maker_name, maker_address, country_of_origin, generic_name, net_quantity, consumer_care
FROM product_declarations WHERE product_id = @product_id;

-- name: SaveProductDeclarations :exec
INSERT INTO product_declarations (product_id, maker_name, maker_address, country_of_origin, generic_name, net_quantity, consumer_care)
VALUES (@product_id, @maker_name, @maker_address, @country_of_origin, @generic_name, @net_quantity, @consumer_care)
ON CONFLICT (product_id) DO UPDATE SET maker_name = EXCLUDED.maker_name, maker_address = EXCLUDED.maker_address,
    country_of_origin = EXCLUDED.country_of_origin, generic_name = EXCLUDED.generic_name,
    net_quantity = EXCLUDED.net_quantity, consumer_care = EXCLUDED.consumer_care, updated_at = now();
