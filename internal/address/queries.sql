-- name: AddressesOf :many
SELECT * FROM addresses WHERE user_id = @user_id ORDER BY is_default DESC, created_at, id;

-- name: AddressOf :one
SELECT * FROM addresses WHERE id = @id AND user_id = @user_id;

-- name: InsertAddress :exec
INSERT INTO addresses (id, user_id, first_name, last_name, address1, address2, city, state, pincode, email,
                       type, phone, landmark, is_default)
VALUES (@id, @user_id, @first_name, @last_name, @address1, @address2, @city, @state, @pincode, @email,
        @type, @phone, @landmark, @is_default);

-- name: UpdateAddress :execrows
UPDATE addresses SET first_name = @first_name, last_name = @last_name, address1 = @address1, address2 = @address2,
    city = @city, state = @state, pincode = @pincode, email = @email, type = @type, phone = @phone,
    landmark = @landmark, is_default = @is_default, updated_at = now()
WHERE id = @id AND user_id = @user_id;

-- name: ClearDefaultAddress :exec
UPDATE addresses SET is_default = false WHERE user_id = @user_id AND id <> @keep_id AND is_default;

-- name: DeleteAddress :execrows
DELETE FROM addresses WHERE id = @id AND user_id = @user_id;

-- name: CountAddresses :one
SELECT count(*) FROM addresses WHERE user_id = @user_id;

-- name: EraseAddressesOfUser :exec
-- A shopper's erasure (package privacy): their saved addresses are gone.
DELETE FROM addresses WHERE user_id = @user_id;
