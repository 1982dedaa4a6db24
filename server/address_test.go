package main

import (
	"testing"
)

func homeAddress() map[string]any {
	return map[string]any{"firstName": "Aarav", "lastName": "Sharma", "address1": "14 Civil Lines", "address2": "Near Statue Circle",
		"city": "Jaipur", "state": "Rajasthan", "pincode": "302006", "email": "aarav@example.in", "type": "home",
		"phone": "+91 98290 12345", "landmark": ""}
}

func with(base map[string]any, k string, v any) map[string]any {
	out := map[string]any{}
	for key, val := range base {
		out[key] = val
	}
	out[k] = v
	return out
}

func TestAddresses(t *testing.T) {
	t.Parallel()
	app, _ := testApp(t)
	token, _ := signUp(t, app, "Aarav", "aarav@example.in")
	other, _ := signUp(t, app, "Meera", "meera@example.in")

	status, body := send(t, app, "POST", "/api/addAddress", token, homeAddress())
	expect(t, "add", status, body, 200, map[string]any{"message": "Address added successfully", "data.phone": "9829012345",
		"data.country": "India", "data.isDefault": true, "data.address": "14 Civil Lines, Near Statue Circle, Jaipur, Rajasthan 302006, India"})
	id := jsonValue(t, body, "data._id").(string)

	bad := []struct {
		name  string
		body  map[string]any
		field string
		msg   string
	}{
		{"letters in pincode", with(homeAddress(), "pincode", "30200A"), "pincode", "Pincode must contain only numbers"},
		{"short pincode", with(homeAddress(), "pincode", "30200"), "pincode", "Pincode must be 6 digits"},
		{"long phone", with(homeAddress(), "phone", "98290123456"), "phone", "Phone must be 10 digits"},
		{"state outside the list", with(homeAddress(), "state", "Atlantis"), "state", "Choose a state or union territory of India"},
		{"unknown type", with(homeAddress(), "type", "office"), "type", "type must be primary, home or work"},
		{"missing city", with(homeAddress(), "city", ""), "city", "city is required"},
		{"missing address2", with(homeAddress(), "address2", " "), "address2", "address2 is required"},
		{"bad e-mail", with(homeAddress(), "email", "aarav"), "email", "Enter a valid email address"},
		{"pincode of another state", with(homeAddress(), "pincode", "110001"), "pincode", "Pincode 110001 is in Delhi, not Rajasthan. Check the pincode or the state."},
		{"Telangana's pincode for Andhra Pradesh", with(with(homeAddress(), "state", "Andhra Pradesh"), "pincode", "500081"), "pincode",
			"Pincode 500081 is in Telangana, not Andhra Pradesh. Check the pincode or the state."},
		{"a pincode no post office has", with(homeAddress(), "pincode", "999999"), "pincode", "No post office in India has pincode 999999. Check the pincode."},
		{"a landline", with(homeAddress(), "phone", "0141 2222222"), "phone", "Phone must be a mobile number starting with 6, 7, 8 or 9"},
		{"a foreign number", with(homeAddress(), "phone", "+44 7911 123456"), "phone", "Phone must be an Indian mobile number (+91)"},
	}
	for _, c := range bad {
		status, body := send(t, app, "POST", "/api/addAddress", token, c.body)
		expect(t, c.name, status, body, 400, map[string]any{"errors." + c.field: c.msg})
	}
	status, body = send(t, app, "GET", "/api/getAddress", token, nil)
	expect(t, "nothing refused was kept", status, body, 200, map[string]any{"data.#": 1})
	status, body = send(t, app, "POST", "/api/addAddress", token, with(with(with(homeAddress(), "state", "Ladakh"), "pincode", "194101"), "phone", "098290-12346"))
	expect(t, "Leh, with a 0 before the mobile number", status, body, 200, map[string]any{"data.state": "Ladakh", "data.phone": "9829012346"})
	status, body = send(t, app, "DELETE", "/api/deleteAddress/"+jsonValue(t, body, "data._id").(string), token, nil)
	expect(t, "delete Leh", status, body, 200, nil)
	status, body = send(t, app, "POST", "/api/addAddress", "", homeAddress())
	expect(t, "no token", status, body, 401, map[string]any{"message": "Please login first"})

	status, body = send(t, app, "POST", "/api/addAddress", token, with(with(homeAddress(), "type", "work"), "isDefault", true))
	expect(t, "second, default", status, body, 200, map[string]any{"data.isDefault": true})
	status, body = send(t, app, "GET", "/api/getAddress", token, nil)
	expect(t, "list", status, body, 200, map[string]any{"data.#": 2, "data.0.type": "work", "data.1.isDefault": false})

	// Another user cannot see, change or delete it: 404, as if it did not exist.
	status, body = send(t, app, "GET", "/api/getAddress", other, nil)
	expect(t, "other's list", status, body, 200, map[string]any{"data.#": 0})
	status, body = send(t, app, "POST", "/api/updateAddress/"+id, other, homeAddress())
	expect(t, "other updates", status, body, 404, map[string]any{"message": "Address not found"})
	status, body = send(t, app, "DELETE", "/api/deleteAddress/"+id, other, nil)
	expect(t, "other deletes", status, body, 404, map[string]any{"message": "Address not found"})

	status, body = send(t, app, "POST", "/api/updateAddress/"+id, token, with(homeAddress(), "city", "Udaipur"))
	expect(t, "update", status, body, 200, map[string]any{"data.city": "Udaipur"})
	status, body = send(t, app, "POST", "/api/updateAddress/not-an-id", token, homeAddress())
	expect(t, "malformed id", status, body, 404, nil)
	status, body = send(t, app, "DELETE", "/api/deleteAddress/"+id, token, nil)
	expect(t, "delete", status, body, 200, nil)
	status, body = send(t, app, "DELETE", "/api/deleteAddress/"+id, token, nil)
	expect(t, "delete again", status, body, 404, nil)
	status, body = send(t, app, "GET", "/api/address/states", "", nil)
	expect(t, "states", status, body, 200, map[string]any{"data.#": 36, "data.28": "Rajasthan"})
}

func TestWishlist(t *testing.T) {
	t.Parallel()
	app, d := testApp(t)
	f := seedShop(t, d)
	token, _ := signUp(t, app, "Aarav", "aarav@example.in")
	other, _ := signUp(t, app, "Meera", "meera@example.in")
	status, body := send(t, app, "POST", "/api/wishlist", token, map[string]any{"productId": f.newestShirt.ID})
	expect(t, "add", status, body, 200, nil)
	send(t, app, "POST", "/api/wishlist", token, map[string]any{"productId": f.newestShirt.ID})
	send(t, app, "POST", "/api/wishlist", token, map[string]any{"productId": f.soldOut.ID})
	status, body = send(t, app, "GET", "/api/wishlist", token, nil)
	expect(t, "list", status, body, 200, map[string]any{"data.items.#": 2, "data.items.0._id": f.soldOut.ID,
		"data.items.1.discountedPrice": 1439.0})
	status, body = send(t, app, "GET", "/api/wishlist", other, nil)
	expect(t, "another user's list", status, body, 200, map[string]any{"data.items.#": 0})
	status, body = send(t, app, "POST", "/api/wishlist", token, map[string]any{"productId": "0123456789abcdef01234567"})
	expect(t, "unknown product", status, body, 404, nil)
	status, body = send(t, app, "DELETE", "/api/wishlist/"+f.soldOut.ID, other, nil)
	expect(t, "another user removes", status, body, 404, nil)
	status, body = send(t, app, "DELETE", "/api/wishlist/"+f.soldOut.ID, token, nil)
	expect(t, "remove", status, body, 200, nil)
	status, body = send(t, app, "GET", "/api/wishlist", "", nil)
	expect(t, "no token", status, body, 401, nil)
}
