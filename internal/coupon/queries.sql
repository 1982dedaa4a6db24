-- name: ActiveCoupons :many
SELECT * FROM coupons WHERE active AND (usage_limit IS NULL OR used < usage_limit)
ORDER BY minimum_amount, code;

-- name: CouponByCode :one
SELECT * FROM coupons WHERE code = @code;

-- name: InsertCoupon :exec
INSERT INTO coupons (id, code, description, active, minimum_amount, discount, max_discount, first_time, usage_limit)
VALUES (@id, @code, @description, @active, @minimum_amount, @discount, @max_discount, @first_time, @usage_limit);

-- name: RedeemCoupon :execrows
UPDATE coupons SET used = used + 1, updated_at = now()
WHERE id = @id AND active AND (usage_limit IS NULL OR used < usage_limit);

-- name: ReleaseCoupon :exec
UPDATE coupons SET used = used - 1, updated_at = now() WHERE code = @code AND used > 0;

-- name: CountCoupons :one
SELECT count(*) FROM coupons;

-- name: AdminCoupons :many
-- The back office's list, newest first, with each coupon's use count; @status is 'active',
-- 'inactive' or empty for all, @search a LIKE-escaped substring of the code.
SELECT * FROM coupons
WHERE (@status::text = '' OR active = (@status::text = 'active'))
  AND (@search::text = '' OR code LIKE '%' || @search::text || '%')
ORDER BY created_at DESC, id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: CountAdminCoupons :one
SELECT count(*) FROM coupons
WHERE (@status::text = '' OR active = (@status::text = 'active'))
  AND (@search::text = '' OR code LIKE '%' || @search::text || '%');

-- name: CouponOrders :one
-- How many orders name the coupon (placed with it, whatever became of them).
SELECT count(*) FROM orders WHERE coupon_code = @code;

-- name: CouponByID :one
SELECT * FROM coupons WHERE id = @id;

-- name: CouponForUpdate :one
SELECT * FROM coupons WHERE id = @id FOR UPDATE;

-- name: UpdateCoupon :exec
UPDATE coupons SET code = @code, description = @description, active = @active, minimum_amount = @minimum_amount,
    discount = @discount, max_discount = @max_discount, first_time = @first_time, usage_limit = @usage_limit,
    updated_at = now()
WHERE id = @id;

-- name: SetCouponActive :execrows
UPDATE coupons SET active = @active, updated_at = now() WHERE id = @id;

-- name: DeleteCoupon :exec
DELETE FROM coupons WHERE id = @id;

-- name: RedeemCouponByCode :many
-- Counts one more use of the coupon with @code while it is active and under its limit, and
-- says whether it is a first-order coupon (no row: it is not usable).
UPDATE coupons SET used = used + 1, updated_at = now()
WHERE code = @code AND active AND (usage_limit IS NULL OR used < usage_limit)
RETURNING first_time;
