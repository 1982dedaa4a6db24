-- name: ProductExists :one
SELECT EXISTS (SELECT 1 FROM products WHERE id = @id AND active);

-- name: Purchase :one
-- Whether the shopper has the product in a placed order (not waiting for payment, not
-- cancelled) and whether such an order has reached them (@received_statuses).
SELECT
    coalesce(bool_or(true), false)::boolean AS ordered,
    coalesce(bool_or(o.order_status = ANY (@received_statuses::text[])), false)::boolean AS received
FROM orders o
JOIN order_lines l ON l.order_id = o.id
WHERE o.user_id = @user_id AND l.product_id = @product_id
  AND o.order_status NOT IN ('AWAITING_PAYMENT', 'CANCELED');

-- name: UpsertReview :one
-- Writing again replaces the shopper's review and sends it back to moderation.
INSERT INTO reviews (id, user_id, product_id, rating, title, body)
VALUES (@id, @user_id, @product_id, @rating, @title, @body)
ON CONFLICT (user_id, product_id) DO UPDATE
SET rating = EXCLUDED.rating, title = EXCLUDED.title, body = EXCLUDED.body, status = 'pending',
    moderated_by = NULL, moderated_at = NULL, updated_at = now()
RETURNING id, (xmax = 0)::boolean AS inserted;

-- name: DeleteOwnReview :execrows
DELETE FROM reviews WHERE user_id = @user_id AND product_id = @product_id;

-- name: ReviewForUpdate :one
SELECT * FROM reviews WHERE id = @id FOR UPDATE;

-- name: SetReviewStatus :exec
UPDATE reviews SET status = @status, moderated_by = @moderated_by, moderated_at = now() WHERE id = @id;

-- name: DeleteReview :exec
DELETE FROM reviews WHERE id = @id;

-- name: LockRating :exec
-- Takes the product's rating row lock (making the row when it is missing): the recount that
-- follows, a statement of its own, then sees every review change committed before it.
INSERT INTO product_ratings (product_id) VALUES (@product_id)
ON CONFLICT (product_id) DO UPDATE SET product_id = EXCLUDED.product_id;

-- name: RecountRating :exec
UPDATE product_ratings r
SET reviews = a.reviews, rating_sum = a.rating_sum, updated_at = now()
FROM (SELECT count(*)::integer AS reviews, coalesce(sum(rating), 0)::integer AS rating_sum
      FROM reviews WHERE product_id = @product_id AND status = 'approved') a
WHERE r.product_id = @product_id;

-- name: Rating :one
SELECT reviews, rating_sum FROM product_ratings WHERE product_id = @product_id;

-- name: ApprovedReviews :many
SELECT r.id, r.rating, r.title, r.body, r.created_at, r.updated_at, u.first_name, u.last_name
FROM reviews r JOIN users u ON u.id = r.user_id
WHERE r.product_id = @product_id AND r.status = 'approved'
ORDER BY r.updated_at DESC, r.id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: ReviewByID :one
SELECT r.*, p.name AS product_name, p.thumbnail AS product_thumbnail,
       u.first_name, u.last_name, u.email
FROM reviews r
JOIN products p ON p.id = r.product_id
JOIN users u ON u.id = r.user_id
WHERE r.id = @id;

-- name: OwnReviews :many
SELECT r.*, p.name AS product_name, p.thumbnail AS product_thumbnail
FROM reviews r JOIN products p ON p.id = r.product_id
WHERE r.user_id = @user_id
ORDER BY r.updated_at DESC, r.id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: CountOwnReviews :one
SELECT count(*) FROM reviews WHERE user_id = @user_id;

-- name: Reviewable :many
-- Products the shopper has received (@received_statuses) and not yet reviewed, the latest
-- delivered first.
SELECT p.id, p.name, p.thumbnail, max(o.updated_at)::timestamptz AS received_at
FROM orders o
JOIN order_lines l ON l.order_id = o.id
JOIN products p ON p.id = l.product_id AND p.active
WHERE o.user_id = @user_id AND o.order_status = ANY (@received_statuses::text[])
  AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.user_id = @user_id AND r.product_id = p.id)
GROUP BY p.id, p.name, p.thumbnail
ORDER BY received_at DESC, p.id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: CountReviewable :one
SELECT count(DISTINCT p.id) FROM orders o
JOIN order_lines l ON l.order_id = o.id
JOIN products p ON p.id = l.product_id AND p.active
WHERE o.user_id = @user_id AND o.order_status = ANY (@received_statuses::text[])
  AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.user_id = @user_id AND r.product_id = p.id);

-- name: AdminReviews :many
SELECT r.*, p.name AS product_name, p.thumbnail AS product_thumbnail,
       u.first_name, u.last_name, u.email
FROM reviews r
JOIN products p ON p.id = r.product_id
JOIN users u ON u.id = r.user_id
WHERE (@status::text = '' OR r.status = @status::text)
  AND (@product_id::text = '' OR r.product_id = @product_id::text)
ORDER BY
    CASE WHEN @sort::text = 'oldest' THEN r.updated_at END ASC,
    CASE WHEN @sort::text = 'rating-low' THEN r.rating END ASC,
    CASE WHEN @sort::text = 'rating-high' THEN r.rating END DESC,
    r.updated_at DESC, r.id DESC
LIMIT @page_size OFFSET @page_offset;

-- name: CountAdminReviews :one
SELECT count(*) FROM reviews r
WHERE (@status::text = '' OR r.status = @status::text)
  AND (@product_id::text = '' OR r.product_id = @product_id::text);

-- name: StatusCounts :many
SELECT status, count(*)::bigint AS reviews FROM reviews
WHERE (@product_id::text = '' OR product_id = @product_id::text)
GROUP BY status;

-- name: ProductReviewSummaries :many
-- Products for the back office's review overview: every product on sale and every hidden one
-- with reviews, with how many reviews each status holds and the sum of the approved ratings.
-- @search matches part of the name (any case); @sort is reviews (most first, the default),
-- pending (most waiting first), rating-high, rating-low or recent (latest review first).
SELECT p.id, p.name, p.thumbnail, p.active,
       count(r.id)::bigint AS reviews,
       count(r.id) FILTER (WHERE r.status = 'pending')::bigint AS pending,
       count(r.id) FILTER (WHERE r.status = 'approved')::integer AS approved,
       count(r.id) FILTER (WHERE r.status = 'rejected')::bigint AS rejected,
       coalesce(sum(r.rating) FILTER (WHERE r.status = 'approved'), 0)::integer AS rating_sum
FROM products p
LEFT JOIN reviews r ON r.product_id = p.id
WHERE (p.active OR EXISTS (SELECT 1 FROM reviews x WHERE x.product_id = p.id))
  AND (@search::text = '' OR strpos(lower(p.name), lower(@search::text)) > 0)
GROUP BY p.id, p.name, p.thumbnail, p.active
ORDER BY
    CASE WHEN @sort::text = 'pending' THEN count(r.id) FILTER (WHERE r.status = 'pending') END DESC,
    CASE WHEN @sort::text = 'rating-high' THEN avg(r.rating) FILTER (WHERE r.status = 'approved') END DESC NULLS LAST,
    CASE WHEN @sort::text = 'rating-low' THEN avg(r.rating) FILTER (WHERE r.status = 'approved') END ASC NULLS LAST,
    CASE WHEN @sort::text = 'recent' THEN max(r.updated_at) END DESC NULLS LAST,
    count(r.id) DESC, max(r.updated_at) DESC NULLS LAST, p.name, p.id
LIMIT @page_size OFFSET @page_offset;

-- name: CountProductReviewSummaries :one
SELECT count(*) FROM products p
WHERE (p.active OR EXISTS (SELECT 1 FROM reviews x WHERE x.product_id = p.id))
  AND (@search::text = '' OR strpos(lower(p.name), lower(@search::text)) > 0);

-- name: ProductBrief :one
SELECT id, name, thumbnail, active FROM products WHERE id = @id;

-- name: RedactReviewsOfUser :exec
-- A shopper's erasure (package privacy): a value of theirs (name, e-mail, phone, an address
-- line) written into their reviews becomes [erased]; the rating and the rest stay, shown under
-- the anonymised account's name.
UPDATE reviews SET title = replace(title, @value::text, '[erased]'), body = replace(body, @value::text, '[erased]')
WHERE user_id = @user_id AND (strpos(title, @value::text) > 0 OR strpos(body, @value::text) > 0);
