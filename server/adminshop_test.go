package main

import (
	"context"
	"strings"
	"testing"

	"drape/internal/shop"
)

// TestAdminCoupons: admins list coupons with their uses, create, update, switch and delete
// them; staff and shoppers cannot; bad input is refused with field messages and changes
// nothing; a coupon an order used keeps its code and cannot be deleted, only deactivated.
func TestAdminCoupons(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	coupons := func() int { return countRows(t, s.d, `SELECT count(*) FROM coupons`) }
	status, body := send(t, s.app, "GET", "/api/admin/coupons", s.shopper, nil)
	expect(t, "a shopper's token", status, body, 401, nil)
	status, body = send(t, s.app, "GET", "/api/admin/coupons", s.staff, nil)
	expect(t, "staff", status, body, 403, map[string]any{"message": "Only an admin can do this"})
	status, body = send(t, s.app, "GET", "/api/admin/coupons", s.admin, nil)
	expect(t, "the list", status, body, 200, map[string]any{"data.total": 4, "data.items.#": 4, "data.page": 1, "data.totalPages": 1})
	status, body = send(t, s.app, "GET", "/api/admin/coupons?status=inactive", s.admin, nil)
	expect(t, "inactive ones", status, body, 200, map[string]any{"data.total": 1, "data.items.0.code": "MONSOON25"})
	status, body = send(t, s.app, "GET", "/api/admin/coupons?status=expired", s.admin, nil)
	expect(t, "an unknown status", status, body, 400, map[string]any{"errors.status": "status must be active or inactive"})

	diwali := map[string]any{"name": " diwali20 ", "description": "Festival of lights", "discount": 20, "mimimumAmount": 1499.5,
		"maxDiscount": 400, "usageLimit": 100}
	for _, bad := range []struct {
		name   string
		token  string
		body   any
		status int
		want   map[string]any
	}{
		{"staff create", s.staff, diwali, 403, nil},
		{"a shopper creates", s.shopper, diwali, 401, nil},
		{"every term wrong", s.admin, map[string]any{"code": "x!", "discount": 0, "mimimumAmount": -1, "maxDiscount": 10.555, "usageLimit": 0, "status": "soon"}, 400,
			map[string]any{"errors.code": "Use 3 to 32 letters, digits, - or _", "errors.discount": "Discount must be 1 to 100 percent",
				"errors.mimimumAmount": "Minimum amount cannot be negative", "errors.maxDiscount": "maxDiscount must be an amount in rupees with at most two decimals",
				"errors.usageLimit": "Usage limit must be at least 1", "errors.status": "status must be active or inactive"}},
		{"no code", s.admin, with(diwali, "name", ""), 400, map[string]any{"errors.code": "Code is required"}},
		{"a discount over 100", s.admin, with(diwali, "discount", 101), 400, map[string]any{"errors.discount": "Discount must be 1 to 100 percent"}},
		{"a fractional discount", s.admin, with(diwali, "discount", 12.5), 400, map[string]any{"errors.discount": "discount must be a whole number"}},
		{"an amount as text", s.admin, with(diwali, "mimimumAmount", "1499"), 400, map[string]any{"errors.mimimumAmount": "mimimumAmount must be a number"}},
		{"a taken code", s.admin, with(diwali, "name", "tailor5"), 409, map[string]any{"errors.code": "This code is taken"}},
		{"a long description", s.admin, with(diwali, "description", strings.Repeat("d", 201)), 400, map[string]any{"errors.description": "Description must be at most 200 characters"}},
	} {
		status, body := send(t, s.app, "POST", "/api/admin/coupons", bad.token, bad.body)
		expect(t, bad.name, status, body, bad.status, bad.want)
	}
	if n := coupons(); n != 4 {
		t.Fatalf("refused creates left %d coupons", n)
	}
	status, body = send(t, s.app, "POST", "/api/admin/coupons", s.admin, diwali)
	expect(t, "create", status, body, 201, map[string]any{"data.code": "DIWALI20", "data.status": "active", "data.mimimumAmount": 1499.5,
		"data.maxDiscount": 400, "data.usageLimit": 100, "data.used": 0, "message": "Coupon DIWALI20 created"})
	diwaliID := jsonValue(t, body, "data._id").(string)

	// Update replaces the terms; bad terms change nothing.
	status, body = send(t, s.app, "PUT", "/api/admin/coupons/"+diwaliID, s.admin, with(with(diwali, "discount", 0), "name", "DIWALI25"))
	expect(t, "bad update", status, body, 400, map[string]any{"errors.discount": "Discount must be 1 to 100 percent"})
	status, body = send(t, s.app, "PUT", "/api/admin/coupons/"+diwaliID, s.staff, with(diwali, "discount", 25))
	expect(t, "staff update", status, body, 403, nil)
	if n := countRows(t, s.d, `SELECT count(*) FROM coupons WHERE code = 'DIWALI20' AND discount = 20`); n != 1 {
		t.Fatal("a refused update changed the coupon")
	}
	status, body = send(t, s.app, "PUT", "/api/admin/coupons/"+diwaliID, s.admin, map[string]any{"code": "diwali25", "discount": 25, "status": "inactive"})
	expect(t, "update", status, body, 200, map[string]any{"data.code": "DIWALI25", "data.discount": 25, "data.status": "inactive",
		"data.mimimumAmount": 0, "data.usageLimit": nil})
	status, body = send(t, s.app, "PUT", "/api/admin/coupons/0123456789abcdef01234567", s.admin, diwali)
	expect(t, "update an unknown coupon", status, body, 404, map[string]any{"message": "Coupon not found"})

	// Switch on and off.
	status, body = send(t, s.app, "POST", "/api/admin/coupons/"+diwaliID+"/active", s.admin, map[string]any{"active": true})
	expect(t, "activate", status, body, 200, map[string]any{"data.status": "active", "message": "Coupon DIWALI25 activated"})
	status, body = send(t, s.app, "POST", "/api/admin/coupons/"+diwaliID+"/active", s.admin, map[string]any{})
	expect(t, "active missing", status, body, 400, map[string]any{"errors.active": "active must be true or false"})
	status, body = send(t, s.app, "POST", "/api/admin/coupons/"+diwaliID+"/active", s.admin, map[string]any{"active": "no"})
	expect(t, "active as text", status, body, 400, map[string]any{"errors.active": "active must be a boolean (true or false)"})
	status, body = send(t, s.app, "POST", "/api/admin/coupons/"+diwaliID+"/active", s.staff, map[string]any{"active": false})
	expect(t, "staff switch", status, body, 403, nil)

	// TAILOR5 on an order: listed with its use, its code stays, it cannot be deleted, even
	// after the order is cancelled and the use given back.
	send(t, s.app, "POST", "/api/addToCart", s.shopper, map[string]any{"productId": s.f.newestShirt.ID, "size": "M", "quantity": 1})
	status, body = send(t, s.app, "POST", "/api/createOrder", s.shopper, map[string]any{"paymentMode": "cod", "address": s.addressID, "couponCode": "tailor5"})
	expect(t, "an order with TAILOR5", status, body, 201, nil)
	orderNumber := jsonValue(t, body, "data.orderId").(string)
	status, body = send(t, s.app, "GET", "/api/admin/coupons?search=tail", s.admin, nil)
	expect(t, "uses counted", status, body, 200, map[string]any{"data.total": 1, "data.items.0.code": "TAILOR5", "data.items.0.used": 1})
	tailorID := jsonValue(t, body, "data.items.0._id").(string)
	status, body = send(t, s.app, "PUT", "/api/admin/coupons/"+tailorID, s.admin, map[string]any{"code": "TAILOR6", "discount": 6})
	expect(t, "renaming a used coupon", status, body, 409, map[string]any{"errors.code": "Orders have used this code: it cannot change"})
	status, body = send(t, s.app, "PUT", "/api/admin/coupons/"+tailorID, s.admin, map[string]any{"code": "TAILOR5", "discount": 6, "description": "6% off"})
	expect(t, "new terms for a used coupon", status, body, 200, map[string]any{"data.discount": 6, "data.used": 1})
	status, body = send(t, s.app, "DELETE", "/api/admin/coupons/"+tailorID, s.admin, nil)
	expect(t, "deleting a used coupon", status, body, 409, map[string]any{"message": "This coupon is on 1 order(s), so it cannot be deleted: deactivate it instead"})
	status, body = send(t, s.app, "POST", "/api/orders/"+orderNumber+"/cancel", s.shopper, nil)
	expect(t, "cancel", status, body, 200, nil)
	status, body = send(t, s.app, "GET", "/api/admin/coupons?search=tail", s.admin, nil)
	expect(t, "the use given back", status, body, 200, map[string]any{"data.items.0.used": 0})
	status, body = send(t, s.app, "DELETE", "/api/admin/coupons/"+tailorID, s.admin, nil)
	expect(t, "deleting a coupon a cancelled order names", status, body, 409, nil)
	status, body = send(t, s.app, "POST", "/api/admin/coupons/"+tailorID+"/active", s.admin, map[string]any{"active": false})
	expect(t, "deactivate instead", status, body, 200, map[string]any{"data.status": "inactive"})
	status, body = send(t, s.app, "GET", "/api/getcoupon", s.shopper, nil)
	if strings.Contains(string(body), "TAILOR5") {
		t.Fatalf("a deactivated coupon is offered: %s", body)
	}

	status, body = send(t, s.app, "DELETE", "/api/admin/coupons/"+diwaliID, s.staff, nil)
	expect(t, "staff delete", status, body, 403, nil)
	status, body = send(t, s.app, "DELETE", "/api/admin/coupons/"+diwaliID, s.admin, nil)
	expect(t, "delete an unused coupon", status, body, 200, nil)
	status, body = send(t, s.app, "DELETE", "/api/admin/coupons/"+diwaliID, s.admin, nil)
	expect(t, "delete twice", status, body, 404, nil)
}

// TestAdminCompany: only admins save the company details; bad details are refused field by
// field and change nothing; provider credentials are never taken or returned.
func TestAdminCompany(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	firm := map[string]any{"companyName": "  Drape Tailors ", "tagline": "Cut to fit", "addressLine1": "12 MG Road", "city": "Bengaluru",
		"state": "Karnataka", "zip": "560001", "contact1": "+91 80 4000 1234", "contact2": "9876543210", "email": "care@drape.in",
		"razorpayKeySecret": "rzp-secret-never-stored", "shiprocketPassword": "ship-secret-never-stored"}
	for _, bad := range []struct {
		name   string
		token  string
		body   any
		status int
		want   map[string]any
	}{
		{"a shopper", s.shopper, firm, 401, nil},
		{"staff", s.staff, firm, 403, map[string]any{"message": "Only an admin can do this"}},
		{"no name", s.admin, with(firm, "companyName", "  "), 400, map[string]any{"errors.companyName": "Company name is required"}},
		{"every detail wrong", s.admin, with(with(with(with(firm, "zip", "56001"), "email", "care@"), "contact1", "call us"), "contact2", "12"), 400,
			map[string]any{"errors.zip": "Zip must be a 6-digit PIN code", "errors.email": "Enter a valid email address",
				"errors.contact1": "Contact 1 must be a phone number", "errors.contact2": "Contact 2 must be a phone number"}},
		{"a long city", s.admin, with(firm, "city", strings.Repeat("c", 201)), 400, map[string]any{"errors.city": "city must be at most 200 characters"}},
		{"a name of the wrong type", s.admin, with(firm, "companyName", 7), 400, map[string]any{"errors.companyName": "companyName must be a string"}},
	} {
		status, body := send(t, s.app, "POST", "/api/admin/addcompany", bad.token, bad.body)
		expect(t, bad.name, status, body, bad.status, bad.want)
	}
	status, body := send(t, s.app, "GET", "/api/admin/getcompany", s.staff, nil)
	expect(t, "unchanged", status, body, 200, map[string]any{"data.companyName": "Jaipur Formals"})

	status, body = send(t, s.app, "POST", "/api/admin/addcompany", s.admin, firm)
	expect(t, "save", status, body, 200, map[string]any{"data.companyName": "Drape Tailors", "data.zip": "560001",
		"data.address": "12 MG Road, Bengaluru, Karnataka, 560001", "message": "Company details saved"})
	status, body = send(t, s.app, "GET", "/api/company", "", nil)
	expect(t, "the storefront sees it", status, body, 200, map[string]any{"data.companyName": "Drape Tailors", "data.tagline": "Cut to fit"})
	if strings.Contains(string(body), "never-stored") {
		t.Fatalf("credentials came back: %s", body)
	}
	status, body = send(t, s.app, "POST", "/api/admin/addcompany", s.admin, map[string]any{"name": "Drape & Co."})
	expect(t, "name for companyName; other fields cleared", status, body, 200, map[string]any{"data.companyName": "Drape & Co.", "data.city": ""})
}

// TestAdminCMSPages: admins write the terms, privacy and privacy-notice pages; the HTML is sanitised as it is
// saved and served as saved; other page types, empty pages and non-admins are refused.
func TestAdminCMSPages(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	page := map[string]any{"title": "Terms", "description": `<h2>Terms</h2><p onclick="steal()">Be <b>kind</b>.</p><script>alert(1)</script><iframe src="https://evil.example"></iframe>`}
	pages := countRows(t, s.d, `SELECT count(*) FROM cms_pages`)
	for _, bad := range []struct {
		name, path, token string
		body              any
		status            int
		want              map[string]any
	}{
		{"a shopper", "/api/admin/cms/terms", s.shopper, page, 401, nil},
		{"staff", "/api/admin/cms/terms", s.staff, page, 403, nil},
		{"an unknown page", "/api/admin/cms/aboutus", s.admin, page, 400, map[string]any{"errors.type": "type must be one of: terms, privacy, privacy-notice"}},
		{"no description", "/api/admin/cms/terms", s.admin, with(page, "description", " "), 400, map[string]any{"errors.description": "description is required"}},
		{"only unsafe HTML", "/api/admin/cms/terms", s.admin, with(page, "description", `<script>alert(1)</script>`), 400,
			map[string]any{"errors.description": "Nothing is left of the page once unsafe HTML is removed"}},
		{"a long title", "/api/admin/cms/terms", s.admin, with(page, "title", strings.Repeat("t", 201)), 400, map[string]any{"errors.title": "title must be at most 200 characters"}},
		{"description of the wrong type", "/api/admin/cms/terms", s.admin, with(page, "description", 1), 400, map[string]any{"errors.description": "description must be a string"}},
	} {
		status, body := send(t, s.app, "PUT", bad.path, bad.token, bad.body)
		expect(t, bad.name, status, body, bad.status, bad.want)
	}
	if n := countRows(t, s.d, `SELECT count(*) FROM cms_pages`); n != pages {
		t.Fatalf("refused saves made pages: %d, had %d", n, pages)
	}
	status, body := send(t, s.app, "GET", "/api/getcms?type=terms", "", nil)
	expect(t, "unchanged", status, body, 200, map[string]any{"data.description": "<h2>Terms</h2><p>Be kind.</p>"})
	status, body = send(t, s.app, "PUT", "/api/admin/cms/terms", s.admin, page)
	expect(t, "save", status, body, 200, map[string]any{"data.type": "terms", "data.title": "Terms"})
	saved := jsonValue(t, body, "data.description").(string)
	for _, unsafe := range []string{"<script", "onclick", "<iframe", "alert(1)"} {
		if strings.Contains(saved, unsafe) {
			t.Fatalf("kept %q: %s", unsafe, saved)
		}
	}
	if !strings.Contains(saved, "<h2>Terms</h2>") || !strings.Contains(saved, "<b>kind</b>") {
		t.Fatalf("safe markup lost: %s", saved)
	}
	status, body = send(t, s.app, "GET", "/api/getcms?type=terms", "", nil)
	expect(t, "served as saved", status, body, 200, map[string]any{"data.description": saved})
	status, body = send(t, s.app, "PUT", "/api/admin/cms/privacy", s.admin, map[string]any{"description": "<p>Returns within 7 days.</p>"})
	expect(t, "the return policy", status, body, 200, map[string]any{"data.description": "<p>Returns within 7 days.</p>"})
}

// TestAdminUsers: staff and admins list people (never a password hash) with their orders;
// deactivating signs the person out everywhere and for good; nobody changes their own
// account, and staff change shoppers only.
func TestAdminUsers(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	orderID, _ := s.place(t, 1)
	var total int64
	if err := s.d.pool.QueryRow(context.Background(), `SELECT total FROM orders WHERE id = $1`, orderID).Scan(&total); err != nil {
		t.Fatal(err)
	}
	status, body := send(t, s.app, "GET", "/api/admin/users", s.shopper, nil)
	expect(t, "a shopper's token", status, body, 401, nil)
	status, body = send(t, s.app, "GET", "/api/admin/users", s.staff, nil)
	expect(t, "everyone", status, body, 200, map[string]any{"data.total": 3, "data.items.#": 3})
	for _, secret := range []string{"argon2", "password_hash", "passwordHash", "tokenVersion", "token_version"} {
		if strings.Contains(string(body), secret) {
			t.Fatalf("the people list shows %s: %s", secret, body)
		}
	}
	status, body = send(t, s.app, "GET", "/api/admin/users?search=MEERA", s.staff, nil)
	expect(t, "search", status, body, 200, map[string]any{"data.total": 1, "data.items.0.email": "meera@example.in",
		"data.items.0.orders": 1, "data.items.0.spent": shop.Money(total).RupeesString(), "data.items.0.active": true})
	meera := jsonValue(t, body, "data.items.0._id").(string)
	status, body = send(t, s.app, "GET", "/api/admin/users?role=staff", s.admin, nil)
	expect(t, "staff only", status, body, 200, map[string]any{"data.total": 1, "data.items.0.email": "packer@drape.in"})
	packer := jsonValue(t, body, "data.items.0._id").(string)
	status, body = send(t, s.app, "GET", "/api/admin/users?role=admin", s.admin, nil)
	owner := jsonValue(t, body, "data.items.0._id").(string)
	for _, bad := range []struct{ name, query string }{{"an unknown role", "role=owner"}, {"a long search", "search=" + strings.Repeat("a", 101)}, {"page 0", "page=0"}} {
		status, body := send(t, s.app, "GET", "/api/admin/users?"+bad.query, s.staff, nil)
		expect(t, bad.name, status, body, 400, nil)
	}
	status, body = send(t, s.app, "GET", "/api/admin/users?search=%25", s.staff, nil)
	expect(t, "a LIKE wildcard is literal", status, body, 200, map[string]any{"data.total": 0})

	active := func(token, id string, body any) (int, []byte) {
		return send(t, s.app, "POST", "/api/admin/users/"+id+"/active", token, body)
	}
	for _, bad := range []struct {
		name, token, id string
		body            any
		status          int
		message         string
	}{
		{"a shopper", s.shopper, meera, map[string]any{"active": false}, 401, ""},
		{"no active", s.staff, meera, map[string]any{}, 400, "active must be true or false"},
		{"active as text", s.staff, meera, map[string]any{"active": "false"}, 400, ""},
		{"an unknown user", s.staff, "0123456789abcdef01234567", map[string]any{"active": false}, 404, "User not found"},
		{"staff on an admin", s.staff, owner, map[string]any{"active": false}, 403, "Only an admin can change a back-office account"},
		{"staff on themselves", s.staff, packer, map[string]any{"active": false}, 403, "You cannot deactivate or reactivate your own account"},
		{"an admin on themselves", s.admin, owner, map[string]any{"active": false}, 403, "You cannot deactivate or reactivate your own account"},
	} {
		status, body := active(bad.token, bad.id, bad.body)
		want := map[string]any{}
		if bad.message != "" {
			want["message"] = bad.message
		}
		expect(t, bad.name, status, body, bad.status, want)
	}
	if n := countRows(t, s.d, `SELECT count(*) FROM users WHERE active`); n != 3 {
		t.Fatal("a refused request deactivated someone")
	}

	// Staff deactivate Meera: her token stops at once, she cannot sign in; reactivated, she
	// can sign in again but the old token stays dead.
	status, body = active(s.staff, meera, map[string]any{"active": false})
	expect(t, "deactivate", status, body, 200, map[string]any{"data.active": false, "data.orders": 1, "message": "Account deactivated"})
	status, body = send(t, s.app, "GET", "/api/getProfile", s.shopper, nil)
	expect(t, "her token", status, body, 401, nil)
	login := func() (int, []byte) {
		return send(t, s.app, "POST", "/api/login", "", map[string]any{"email": "meera@example.in", "password": "tailored-fit-42"})
	}
	status, body = login()
	expect(t, "her login", status, body, 403, map[string]any{"message": "Your account has been deactivated. Please contact support."})
	status, body = active(s.staff, meera, map[string]any{"active": true})
	expect(t, "reactivate", status, body, 200, map[string]any{"data.active": true, "message": "Account reactivated"})
	status, body = login()
	expect(t, "login again", status, body, 200, nil)
	fresh := jsonValue(t, body, "token").(string)
	status, body = send(t, s.app, "GET", "/api/getProfile", s.shopper, nil)
	expect(t, "the old token stays dead", status, body, 401, nil)
	status, body = send(t, s.app, "GET", "/api/getProfile", fresh, nil)
	expect(t, "the new token", status, body, 200, nil)

	// An admin deactivates staff: their back-office token stops working.
	status, body = active(s.admin, packer, map[string]any{"active": false})
	expect(t, "admin deactivates staff", status, body, 200, map[string]any{"data.active": false})
	status, body = send(t, s.app, "GET", "/api/admin/users", s.staff, nil)
	expect(t, "the staff token", status, body, 401, nil)
}

// TestTeamPasswords: staff and admins change their own password with their current one and
// keep working with the new token while other devices are signed out; an admin gives a
// colleague a new password (signing them out), never a shopper's or their own that way; the
// audit log never holds a password.
func TestTeamPasswords(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	change := func(token string, body any) (int, []byte) {
		return send(t, s.app, "POST", "/api/admin/password", token, body)
	}
	status, body := change(s.shopper, map[string]any{"currentPassword": "tailored-fit-42", "newPassword": "a-new-password-1"})
	expect(t, "a shopper's token", status, body, 401, nil)
	status, body = change(s.staff, map[string]any{"currentPassword": "wrong-password", "newPassword": "a-new-password-1"})
	expect(t, "a wrong current password", status, body, 400, map[string]any{"errors.currentPassword": "Your current password is not right"})
	status, body = change(s.staff, map[string]any{"currentPassword": "back-office-1", "newPassword": "short"})
	expect(t, "a short password", status, body, 400, map[string]any{"errors.newPassword": "Password must be at least 8 characters"})
	status, body = change(s.staff, map[string]any{"currentPassword": "back-office-1", "newPassword": "packing-table-7"})
	expect(t, "change", status, body, 200, map[string]any{"message": "Password updated successfully", "data.email": "packer@drape.in"})
	fresh := jsonValue(t, body, "token").(string)
	status, body = send(t, s.app, "GET", "/api/admin/getalloder", s.staff, nil)
	expect(t, "the old token", status, body, 401, nil)
	status, body = send(t, s.app, "GET", "/api/admin/getalloder", fresh, nil)
	expect(t, "the new back-office token", status, body, 200, nil)
	status, body = send(t, s.app, "POST", "/api/admin/login", "", map[string]any{"email": "packer@drape.in", "password": "packing-table-7"})
	expect(t, "sign in with the new password", status, body, 200, nil)

	status, body = send(t, s.app, "GET", "/api/admin/users?role=staff", s.admin, nil)
	packer := jsonValue(t, body, "data.items.0._id").(string)
	status, body = send(t, s.app, "GET", "/api/admin/users?search=meera", s.admin, nil)
	meera := jsonValue(t, body, "data.items.0._id").(string)
	status, body = send(t, s.app, "GET", "/api/admin/users?role=admin", s.admin, nil)
	owner := jsonValue(t, body, "data.items.0._id").(string)
	reset := func(token, id string, body any) (int, []byte) {
		return send(t, s.app, "POST", "/api/admin/users/"+id+"/password", token, body)
	}
	for _, bad := range []struct {
		name, token, id string
		body            any
		status          int
		message         string
	}{
		{"staff", fresh, meera, map[string]any{"newPassword": "given-by-staff-1"}, 403, "Only an admin can do this"},
		{"a shopper's account", s.admin, meera, map[string]any{"newPassword": "given-by-admin-1"}, 403, "Shoppers reset their own password from the shop's sign in"},
		{"their own", s.admin, owner, map[string]any{"newPassword": "given-by-admin-1"}, 403, "Change your own password with your current one, under Update password"},
		{"nobody", s.admin, "0123456789abcdef01234567", map[string]any{"newPassword": "given-by-admin-1"}, 404, "User not found"},
		{"too short", s.admin, packer, map[string]any{"newPassword": "short"}, 400, "Password must be at least 8 characters"},
	} {
		status, body := reset(bad.token, bad.id, bad.body)
		expect(t, bad.name, status, body, bad.status, map[string]any{"message": bad.message})
	}
	status, body = reset(s.admin, packer, map[string]any{"newPassword": "given-by-admin-1"})
	expect(t, "reset", status, body, 200, map[string]any{"data.email": "packer@drape.in", "data.role": "staff"})
	status, body = send(t, s.app, "GET", "/api/admin/getalloder", fresh, nil)
	expect(t, "their token after the reset", status, body, 401, nil)
	status, body = send(t, s.app, "POST", "/api/admin/login", "", map[string]any{"email": "packer@drape.in", "password": "given-by-admin-1"})
	expect(t, "sign in with the given password", status, body, 200, nil)
	for _, secret := range []string{"packing-table-7", "given-by-admin-1"} {
		if n := countRows(t, s.d, `SELECT count(*) FROM audit_log WHERE before::text LIKE '%' || $1 || '%' OR after::text LIKE '%' || $1 || '%'`, secret); n != 0 {
			t.Fatalf("the audit log holds a password (%s)", secret)
		}
	}
	if n := countRows(t, s.d, `SELECT count(*) FROM audit_log WHERE action = 'POST /api/admin/users/:id/password' AND entity_id = $1`, packer); n != 1 {
		t.Fatalf("audit entries for the reset: %d", n)
	}
}
