-- name: RunningSales :many
SELECT id, name, discount, active, gender, category_id, image, mobile_image, created_at
FROM sales
WHERE active
ORDER BY created_at, id;

-- name: SubCategoriesOfSales :many
SELECT sale_id, sub_category_id
FROM sale_sub_categories
WHERE sale_id = ANY(@sale_ids::text[])
ORDER BY sale_id, sub_category_id;

-- name: SalesCovering :many
-- Sales naming the category, or one of the sub-categories (their rows refer to them).
SELECT s.name FROM sales s
WHERE s.category_id = @category_id::text
   OR EXISTS (SELECT 1 FROM sale_sub_categories x WHERE x.sale_id = s.id AND x.sub_category_id = ANY(@sub_category_ids::text[]))
ORDER BY s.created_at, s.id;

-- name: InsertSale :exec
INSERT INTO sales (id, name, discount, active, gender, category_id, image, mobile_image)
VALUES (@id, @name, @discount, @active, @gender, sqlc.narg(category_id), @image, @mobile_image);

-- name: InsertSaleSubCategory :exec
INSERT INTO sale_sub_categories (sale_id, sub_category_id) VALUES (@sale_id, @sub_category_id);

-- Back office ------------------------------------------------------------------------------

-- name: ListSales :many
-- Every sale, on or off, in the order the shop applies them.
SELECT id, name, discount, active, gender, category_id, image, mobile_image, created_at
FROM sales
ORDER BY created_at, id
LIMIT @page_size OFFSET @page_offset;

-- name: CountSales :one
SELECT count(*) FROM sales;

-- name: SaleByID :one
SELECT id, name, discount, active, gender, category_id, image, mobile_image, created_at
FROM sales
WHERE id = @id;

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
