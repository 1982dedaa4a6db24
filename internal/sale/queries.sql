-- name: RunningSales :many
SELECT s.id, s.name, s.discount, s.active, s.gender, s.category_id, coalesce(c.name, '')::text AS category_name,
       s.image, s.mobile_image, s.created_at
FROM sales s
LEFT JOIN categories c ON c.id = s.category_id
WHERE s.active
ORDER BY s.created_at, s.id;

-- name: SubCategoriesOfSales :many
SELECT ssc.sale_id, sc.id, sc.category_type
FROM sale_sub_categories ssc
JOIN sub_categories sc ON sc.id = ssc.sub_category_id
WHERE ssc.sale_id = ANY(@sale_ids::text[])
ORDER BY sc.position, sc.category_type;

-- name: InsertSale :exec
INSERT INTO sales (id, name, discount, active, gender, category_id, image, mobile_image)
VALUES (@id, @name, @discount, @active, @gender, sqlc.narg(category_id), @image, @mobile_image);

-- name: InsertSaleSubCategory :exec
INSERT INTO sale_sub_categories (sale_id, sub_category_id) VALUES (@sale_id, @sub_category_id);

-- Back office ------------------------------------------------------------------------------

-- name: ListSales :many
-- Every sale, on or off, in the order the shop applies them.
SELECT s.id, s.name, s.discount, s.active, s.gender, s.category_id, coalesce(c.name, '')::text AS category_name,
       s.image, s.mobile_image, s.created_at
FROM sales s
LEFT JOIN categories c ON c.id = s.category_id
ORDER BY s.created_at, s.id
LIMIT @page_size OFFSET @page_offset;

-- name: CountSales :one
SELECT count(*) FROM sales;

-- name: SaleByID :one
SELECT s.id, s.name, s.discount, s.active, s.gender, s.category_id, coalesce(c.name, '')::text AS category_name,
       s.image, s.mobile_image, s.created_at
FROM sales s
LEFT JOIN categories c ON c.id = s.category_id
WHERE s.id = @id;

-- name: LockSale :one
SELECT id, name, discount, active, gender, category_id, image, mobile_image FROM sales WHERE id = @id FOR UPDATE;

-- name: UpdateSale :exec
UPDATE sales
SET name = @name, discount = @discount, active = @active, gender = @gender, category_id = sqlc.narg(category_id),
    image = @image, mobile_image = @mobile_image, updated_at = now()
WHERE id = @id;

-- name: SaleSubCategoryIDs :many
SELECT sub_category_id FROM sale_sub_categories WHERE sale_id = @sale_id ORDER BY sub_category_id;

-- name: DeleteSaleSubCategories :exec
DELETE FROM sale_sub_categories WHERE sale_id = @sale_id;

-- name: DeleteSale :exec
DELETE FROM sales WHERE id = @id;

-- name: CategoryByRef :one
-- A category by id or by name (ignoring case); FOR SHARE keeps it while the sale is written.
SELECT id FROM categories WHERE id = @ref OR lower(name) = lower(@ref) ORDER BY id = @ref DESC LIMIT 1 FOR SHARE;

-- name: SubCategoriesByIDs :many
SELECT id, category_id FROM sub_categories WHERE id = ANY(@ids::text[]) FOR SHARE;
