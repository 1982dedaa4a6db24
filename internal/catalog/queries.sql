-- name: ListCategories :many
SELECT id, name, gender, position FROM categories ORDER BY position, name;

-- name: ListSubCategories :many
SELECT id, category_id, category_type, image, position FROM sub_categories ORDER BY position, category_type;

-- name: SubCategoryByType :one
SELECT sc.id, sc.category_id, sc.category_type, sc.image, sc.position
FROM sub_categories sc WHERE lower(sc.category_type) = lower(@category_type);

-- name: InsertCategory :exec
INSERT INTO categories (id, name, gender, position) VALUES (@id, @name, @gender, @position);

-- name: InsertSubCategory :exec
INSERT INTO sub_categories (id, category_id, category_type, image, position)
VALUES (@id, @category_id, @category_type, @image, @position);

-- name: InsertProduct :exec
INSERT INTO products (id, code, name, gender, status, sub_category_id, price, discount, colour, thumbnail,
                      images, basic_description, return_description, size_chart, fit, length_cm, width_cm,
                      height_cm, weight_grams, created_at, updated_at, search_text, search)
VALUES (@id, @code, @name, @gender, @status, @sub_category_id, @price, @discount, @colour, @thumbnail,
        @images, @basic_description, @return_description, @size_chart, @fit, @length_cm, @width_cm,
        @height_cm, @weight_grams, @created_at, @created_at, @search_text,
        setweight(to_tsvector('english', @name::text), 'A') ||
        setweight(to_tsvector('english', @sub_category_name::text || ' ' || @colour::text), 'B') ||
        setweight(to_tsvector('english', @basic_description::text), 'C'));

-- name: InsertProductSize :exec
INSERT INTO product_sizes (product_id, size, position, stock) VALUES (@product_id, @size, @position, @stock);

-- name: CountProducts :one
SELECT count(*) FROM products;

-- name: ProductByID :one
SELECT p.id, p.code, p.name, p.gender, p.status, p.sub_category_id, p.price, p.discount, p.colour, p.thumbnail,
       p.images, p.basic_description, p.return_description, p.size_chart, p.fit, p.length_cm, p.width_cm,
       p.height_cm, p.weight_grams, p.created_at, sc.category_type, sc.category_id, c.name AS category_name
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
       p.height_cm, p.weight_grams, p.created_at, sc.category_type, sc.category_id, c.name AS category_name
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
       p.height_cm, p.weight_grams, p.created_at, sc.category_type, sc.category_id, c.name AS category_name
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
       p.height_cm, p.weight_grams, p.created_at, sc.category_type, sc.category_id, c.name AS category_name
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
       p.height_cm, p.weight_grams, p.created_at, sc.category_type, sc.category_id, c.name AS category_name
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
       p.height_cm, p.weight_grams, p.created_at, sc.category_type, sc.category_id, c.name AS category_name
FROM products p
JOIN sub_categories sc ON sc.id = p.sub_category_id
JOIN categories c ON c.id = sc.category_id
WHERE p.active
ORDER BY p.created_at DESC, p.id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: CountAll :one
SELECT count(*) FROM products p WHERE p.active;

-- name: SearchProducts :many
-- Whole words (stemmed): "trousers" finds "trouser".
WITH q AS (SELECT websearch_to_tsquery('english', @query::text) AS tsq)
SELECT p.id, p.code, p.name, p.gender, p.status, p.sub_category_id, p.price, p.discount, p.colour, p.thumbnail,
       p.images, p.basic_description, p.return_description, p.size_chart, p.fit, p.length_cm, p.width_cm,
       p.height_cm, p.weight_grams, p.created_at, sc.category_type, sc.category_id, c.name AS category_name
FROM products p
JOIN sub_categories sc ON sc.id = p.sub_category_id
JOIN categories c ON c.id = sc.category_id, q
WHERE p.active AND p.search @@ q.tsq
ORDER BY ts_rank(p.search, q.tsq) DESC, p.created_at DESC, p.id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: CountSearch :one
SELECT count(*) FROM products p
WHERE p.active AND p.search @@ websearch_to_tsquery('english', @query::text);

-- name: FuzzySearchProducts :many
-- Close spellings, for when no word matches: "oxfrod" finds "oxford".
SELECT p.id, p.code, p.name, p.gender, p.status, p.sub_category_id, p.price, p.discount, p.colour, p.thumbnail,
       p.images, p.basic_description, p.return_description, p.size_chart, p.fit, p.length_cm, p.width_cm,
       p.height_cm, p.weight_grams, p.created_at, sc.category_type, sc.category_id, c.name AS category_name
FROM products p
JOIN sub_categories sc ON sc.id = p.sub_category_id
JOIN categories c ON c.id = sc.category_id
WHERE p.active AND lower(@query::text) <% p.search_text
ORDER BY word_similarity(lower(@query::text), p.search_text) DESC, p.created_at DESC, p.id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: CountFuzzySearch :one
SELECT count(*) FROM products p WHERE p.active AND lower(@query::text) <% p.search_text;

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
       p.height_cm, p.weight_grams, p.created_at, sc.category_type, sc.category_id, c.name AS category_name
FROM products p
JOIN sub_categories sc ON sc.id = p.sub_category_id
JOIN categories c ON c.id = sc.category_id
WHERE p.id = ANY(@ids::text[]) AND p.active;

-- name: TakeStock :one
UPDATE product_sizes SET stock = stock - @quantity::integer
WHERE product_id = @product_id AND size = @size AND stock >= @quantity::integer
RETURNING stock;

-- name: ReturnStock :one
UPDATE product_sizes SET stock = stock + @quantity::integer
WHERE product_id = @product_id AND size = @size
RETURNING stock;

-- name: StockOf :one
SELECT stock FROM product_sizes WHERE product_id = @product_id AND size = @size;
