-- name: WishlistOf :many
SELECT w.product_id FROM wishlist_items w
JOIN products p ON p.id = w.product_id AND p.active
WHERE w.user_id = @user_id
ORDER BY w.created_at DESC;

-- name: AddToWishlist :exec
INSERT INTO wishlist_items (user_id, product_id) VALUES (@user_id, @product_id) ON CONFLICT DO NOTHING;

-- name: RemoveFromWishlist :execrows
DELETE FROM wishlist_items WHERE user_id = @user_id AND product_id = @product_id;

-- name: CountWishlist :one
SELECT count(*) FROM wishlist_items WHERE user_id = @user_id;

-- name: EraseWishlistOfUser :exec
-- A shopper's erasure (package privacy): their wishlist is gone.
DELETE FROM wishlist_items WHERE user_id = @user_id;
