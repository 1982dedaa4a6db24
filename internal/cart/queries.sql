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

-- name: TakeFromCart :exec
UPDATE cart_items SET quantity = quantity - @quantity::integer, updated_at = now()
WHERE user_id = @user_id AND product_id = @product_id AND size = @size AND quantity > @quantity::integer;

-- name: DropFromCart :exec
DELETE FROM cart_items
WHERE user_id = @user_id AND product_id = @product_id AND size = @size AND quantity <= @quantity::integer;
