-- name: CartOf :many
SELECT * FROM cart_items WHERE user_id = @user_id ORDER BY created_at DESC, id DESC;

-- name: LockCartOf :many
SELECT * FROM cart_items WHERE user_id = @user_id ORDER BY created_at DESC, id DESC FOR UPDATE;

-- name: CartItem :one
SELECT * FROM cart_items WHERE id = @id AND user_id = @user_id;

-- name: PutCartItem :exec
INSERT INTO cart_items (id, user_id, product_id, size, quantity)
VALUES (@id, @user_id, @product_id, @size, @quantity)
ON CONFLICT (user_id, product_id, size) DO UPDATE SET quantity = EXCLUDED.quantity, updated_at = now();

-- name: SetCartQuantity :execrows
UPDATE cart_items SET quantity = @quantity, updated_at = now() WHERE id = @id AND user_id = @user_id;

-- name: DeleteCartItem :execrows
DELETE FROM cart_items WHERE id = @id AND user_id = @user_id;

-- name: ClearCart :exec
DELETE FROM cart_items WHERE user_id = @user_id;


-- name: TakeOrdered :exec
WITH dropped AS (
    DELETE FROM cart_items d
    WHERE d.user_id = @user_id::text AND d.product_id = @product_id::text AND d.size = @size::text AND d.quantity <= @quantity::integer
)
UPDATE cart_items c SET quantity = c.quantity - @quantity::integer, updated_at = now()
WHERE c.user_id = @user_id::text AND c.product_id = @product_id::text AND c.size = @size::text AND c.quantity > @quantity::integer;

-- name: EraseCartOfUser :exec
-- A shopper's erasure (package privacy): their cart is gone.
DELETE FROM cart_items WHERE user_id = @user_id;
