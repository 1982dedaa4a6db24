-- name: SeenEvent :one
SELECT EXISTS (SELECT 1 FROM payment_events WHERE event_id = @event_id);

-- name: RecordEvent :exec
INSERT INTO payment_events (event_id, event, order_id) VALUES (@event_id, @event, @order_id)
ON CONFLICT (event_id) DO NOTHING;
