-- name: PageByType :one
SELECT type, title, description, updated_at FROM cms_pages WHERE type = @type;

-- name: UpsertPage :exec
INSERT INTO cms_pages (type, title, description, updated_at)
VALUES (@type, @title, @description, now())
ON CONFLICT (type) DO UPDATE SET title = excluded.title, description = excluded.description, updated_at = now();
