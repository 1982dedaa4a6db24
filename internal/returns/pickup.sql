-- Reverse pickups (pickup.go): the courier's return order of an approved request.

-- name: StartPickup :one
-- Counts a booking attempt of request id and answers its pickup as it is now.
INSERT INTO return_pickups (request_id, attempts) VALUES (@request_id, 1)
ON CONFLICT (request_id) DO UPDATE SET attempts = return_pickups.attempts + 1, updated_at = now()
RETURNING *;

-- name: RecordPickup :exec
-- The courier has the return order: its ids, once (a pickup already booked keeps its ids).
UPDATE return_pickups SET courier_order_id = @courier_order_id, shipment_id = @shipment_id, error = '',
    booked_at = now(), updated_at = now()
WHERE request_id = @request_id AND courier_order_id IS NULL;

-- name: RecordPickupFailure :exec
UPDATE return_pickups SET error = @error, updated_at = now() WHERE request_id = @request_id;

-- name: RecordPickupReport :exec
-- What the courier last said about the pickup; an empty awb or courier name keeps the one known.
INSERT INTO return_pickups (request_id, awb, courier_name, courier_status)
VALUES (@request_id, @awb::text, @courier_name::text, @courier_status)
ON CONFLICT (request_id) DO UPDATE SET awb = coalesce(nullif(excluded.awb, ''), return_pickups.awb),
    courier_name = coalesce(nullif(excluded.courier_name, ''), return_pickups.courier_name),
    courier_status = excluded.courier_status, updated_at = now();

-- name: PickupsOf :many
SELECT * FROM return_pickups WHERE request_id = ANY(@request_ids::text[]);

-- name: RequestIDByNumber :one
SELECT id FROM return_requests WHERE number = @number;

-- name: RequestIDByCourierOrder :one
SELECT request_id FROM return_pickups WHERE courier_order_id = @courier_order_id;

-- name: ApprovedWithoutPickup :many
-- Approved requests the courier has not taken for longer than the cutoff: their booking job
-- may have been lost with Redis.
SELECT r.id FROM return_requests r LEFT JOIN return_pickups p ON p.request_id = r.id
WHERE r.status = 'APPROVED' AND p.courier_order_id IS NULL AND r.updated_at < @cutoff
ORDER BY r.updated_at LIMIT @max_rows;

-- name: PickupsToTrack :many
-- Booked pickups on their way whose courier has said nothing for longer than the cutoff.
SELECT p.request_id FROM return_pickups p JOIN return_requests r ON r.id = p.request_id
WHERE r.status IN ('APPROVED', 'PICKUP_SCHEDULED', 'PICKED_UP') AND p.shipment_id IS NOT NULL AND p.updated_at < @cutoff
ORDER BY p.updated_at LIMIT @max_rows;
