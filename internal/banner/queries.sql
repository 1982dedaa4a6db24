-- name: ListBanners :many
-- Every banner, on or off, place by place in the storefront's order.
SELECT id, place, title, subtitle, link_text, link, image, mobile_image, active, position, created_at, updated_at
FROM banners
ORDER BY place, position, created_at, id;

-- name: ActiveBanners :many
-- The banners shoppers see, place by place in the storefront's order.
SELECT id, place, title, subtitle, link_text, link, image, mobile_image, active, position, created_at, updated_at
FROM banners
WHERE active
ORDER BY place, position, created_at, id;

-- name: LockBanner :one
SELECT id, place, title, subtitle, link_text, link, image, mobile_image, active, position, created_at, updated_at
FROM banners
WHERE id = @id
FOR UPDATE;

-- name: InsertBanner :one
INSERT INTO banners (id, place, title, subtitle, link_text, link, image, mobile_image, active, position)
VALUES (@id, @place, @title, @subtitle, @link_text, @link, @image, @mobile_image, @active, @position)
RETURNING id, place, title, subtitle, link_text, link, image, mobile_image, active, position, created_at, updated_at;

-- name: UpdateBanner :one
UPDATE banners
SET place = @place, title = @title, subtitle = @subtitle, link_text = @link_text, link = @link, image = @image,
    mobile_image = @mobile_image, active = @active, position = @position, updated_at = now()
WHERE id = @id
RETURNING id, place, title, subtitle, link_text, link, image, mobile_image, active, position, created_at, updated_at;

-- name: DeleteBanner :execrows
DELETE FROM banners WHERE id = @id;
