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
