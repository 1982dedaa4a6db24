-- The listing filters' index (filter.go): every visible product with what a filter, a facet or
-- a sort reads, its sizes in stock in display order and its units sold.

-- name: FilterIndexRows :many
SELECT p.id, p.price, p.discount, p.gender, p.status, p.sub_category_id, sc.category_id, p.colour, p.fit, p.created_at,
       coalesce(array_agg(s.size ORDER BY s.position, s.size) FILTER (WHERE s.stock > 0), '{}')::text[] AS sizes_in_stock,
       coalesce(sum(s.sold), 0)::bigint AS sold
FROM products p
JOIN sub_categories sc ON sc.id = p.sub_category_id
LEFT JOIN product_sizes s ON s.product_id = p.id
WHERE p.active
GROUP BY p.id, sc.category_id;
