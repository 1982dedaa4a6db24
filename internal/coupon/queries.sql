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
