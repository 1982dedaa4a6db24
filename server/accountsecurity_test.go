package main

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"
	"github.com/golang-jwt/jwt/v5"

	"drape/internal/shop"
)

// googleApp is the test app with Google sign-in played by g.
func googleApp(t *testing.T, g *fakeGoogle) (*fiber.App, deps) {
	t.Helper()
	_, d := testApp(t)
	d.cfg.Google = GoogleConfig{ClientID: g.clientID, Issuer: g.issuer, CertsURL: g.server.URL, ScriptURL: "https://accounts.google.com/gsi/client"}
	return newApp(d, newServices(d)), d
}

// TestUnverifiedGoogleEmailsOpenNothing: a Google account can carry an address its holder
// does not own (email_verified false). Such a token makes no account, signs nobody in (not even
// through an existing link) and links nothing, so the address's owner can still register.
func TestUnverifiedGoogleEmailsOpenNothing(t *testing.T) {
	t.Parallel()
	g := newFakeGoogle(t)
	app, d := googleApp(t, g)
	unverified := func(sub, email string) string {
		return g.token(t, jwt.MapClaims{"sub": sub, "email": email, "email_verified": false})
	}
	for _, path := range []string{"/api/auth/google", "/api/login", "/api/register"} {
		status, body := send(t, app, "POST", path, "", map[string]any{"credential": unverified("300000000000000000001", "priya@example.in")})
		expect(t, "an unverified stranger's e-mail on "+path, status, body, 401,
			map[string]any{"message": "Google login failed: Google has not verified this account's e-mail address"})
	}
	var n int
	if err := d.pool.QueryRow(context.Background(), "SELECT count(*) FROM users WHERE email = 'priya@example.in'").Scan(&n); err != nil || n != 0 {
		t.Fatalf("an unverified Google token made %d accounts (%v)", n, err)
	}
	token, _ := signUp(t, app, "Priya", "priya@example.in")
	if token == "" {
		t.Fatal("the owner could not register")
	}

	// A subject linked by a verified sign-in, whose token later comes unverified, is refused too.
	status, body := send(t, app, "POST", "/api/auth/google", "", map[string]any{"credential": g.token(t, nil)})
	expect(t, "verified sign-in", status, body, 200, nil)
	status, body = send(t, app, "POST", "/api/auth/google", "", map[string]any{"credential": unverified("109876543210987654321", "aarav.sharma@gmail.example")})
	expect(t, "the same subject, unverified", status, body, 401, nil)
}

// TestResetDropsGoogleLinksTheOwnerNeverMade: an account someone else's Google account was
// linked to (as an unverified sign-in could before) stops opening to that Google account once
// the owner resets the password; a first password drops the link too, and the owner's own
// verified Google account links again at its next sign-in.
func TestResetDropsGoogleLinksTheOwnerNeverMade(t *testing.T) {
	t.Parallel()
	g := newFakeGoogle(t)
	app, d := googleApp(t, g)
	ctx := context.Background()
	victimID := shop.NewID()
	const attackerSub = "400000000000000000004"
	if _, err := d.pool.Exec(ctx, "INSERT INTO users (id, email, first_name, federated_id) VALUES ($1, 'ananya@example.in', 'Ananya', $2)",
		victimID, attackerSub); err != nil {
		t.Fatal(err)
	}
	attacker := func() string {
		return g.token(t, jwt.MapClaims{"sub": attackerSub, "email": "mallory@gmail.example", "email_verified": true, "given_name": "Mallory"})
	}
	status, body := send(t, app, "POST", "/api/auth/google", "", map[string]any{"credential": attacker()})
	expect(t, "the attacker's link opens the account before the reset", status, body, 200, map[string]any{"data._id": victimID})

	send(t, app, "POST", "/api/forgotpassword", "", map[string]any{"email": "ananya@example.in"})
	status, body = send(t, app, "POST", "/api/otpverify", "", map[string]any{"email": "ananya@example.in", "otp": resetCode(t, d, "ananya@example.in")})
	expect(t, "the owner's code", status, body, 200, nil)
	status, body = send(t, app, "POST", "/api/updatepassword", "", map[string]any{"email": "ananya@example.in", "newPassword": "my-own-again-2026"})
	expect(t, "the owner resets", status, body, 200, nil)

	status, body = send(t, app, "POST", "/api/auth/google", "", map[string]any{"credential": attacker()})
	expect(t, "the attacker's Google sign-in after the reset", status, body, 200, map[string]any{"data.email": "mallory@gmail.example"})
	if id := jsonValue(t, body, "data._id"); id == victimID {
		t.Fatal("the attacker's Google account still opens the owner's account after the reset")
	}
	status, body = send(t, app, "POST", "/api/login", "", map[string]any{"email": "ananya@example.in", "password": "my-own-again-2026"})
	expect(t, "the owner signs in", status, body, 200, map[string]any{"data._id": victimID, "data.federatedId": ""})

	// A first password: the link made by a verified sign-in is dropped, and comes back with it.
	status, body = send(t, app, "POST", "/api/auth/google", "", map[string]any{"credential": g.token(t, nil)})
	expect(t, "Google sign-up", status, body, 200, map[string]any{"data.hasPassword": false})
	aaravID, aaravToken := jsonValue(t, body, "data._id"), jsonValue(t, body, "token").(string)
	status, body = send(t, app, "POST", "/api/profile/password", aaravToken, map[string]any{"newPassword": "first-of-mine-2026"})
	expect(t, "first password", status, body, 200, map[string]any{"data.federatedId": "", "data.hasPassword": true})
	status, body = send(t, app, "POST", "/api/auth/google", "", map[string]any{"credential": g.token(t, nil)})
	expect(t, "the verified owner links again", status, body, 200, map[string]any{"data._id": aaravID, "data.federatedId": "109876543210987654321"})
}

// TestAdminLoginIsNoPasswordOracle: the back office's sign-in answers a shopper's e-mail the
// same, right password or wrong, and its wrong passwords use up the same per-account budget as
// the shop's sign-in, so alternating the two gets no more than 10 guesses.
func TestAdminLoginIsNoPasswordOracle(t *testing.T) {
	t.Parallel()
	app, _ := testApp(t)
	signUp(t, app, "Rohan", "rohan@example.in")
	right := map[string]any{"email": "rohan@example.in", "password": "tailored-fit-42"}
	wrong := map[string]any{"email": "rohan@example.in", "password": "not-his-password-9"}
	rs, rb := send(t, app, "POST", "/api/admin/login", "", right)
	ws, wb := send(t, app, "POST", "/api/admin/login", "", wrong)
	if rs != ws || string(rb) != string(wb) {
		t.Fatalf("a shopper's right and wrong passwords differ on /api/admin/login:\nright %d %s\nwrong %d %s", rs, rb, ws, wb)
	}
	expect(t, "a shopper on the back office", rs, rb, 400, map[string]any{"message": "Invalid email or password"})

	// Both tries above failed, so both counted; alternate up to ten.
	for i := 3; i <= 10; i++ {
		path := "/api/login"
		if i%2 == 1 {
			path = "/api/admin/login"
		}
		status, body := send(t, app, "POST", path, "", wrong)
		expect(t, fmt.Sprintf("wrong guess %d on %s", i, path), status, body, 400, nil)
	}
	for _, path := range []string{"/api/admin/login", "/api/login"} {
		status, body := send(t, app, "POST", path, "", right)
		expect(t, "the eleventh guess on "+path, status, body, 429, nil)
	}
}

// TestCommonPasswordsAreRefused: every way to set a password refuses one on the common
// password list (in any case) and one made only of spaces, saying why (ASVS 6.2.4–6.2.5).
func TestCommonPasswordsAreRefused(t *testing.T) {
	t.Parallel()
	app, d := testApp(t)
	ctx := context.Background()
	if _, err := newServices(d).accounts.CreateStaff(ctx, accountStaff("owner@drape.in", "admin")); err != nil {
		t.Fatal(err)
	}
	staff, err := newServices(d).accounts.CreateStaff(ctx, accountStaff("packer@drape.in", "staff"))
	if err != nil {
		t.Fatal(err)
	}
	status, body := send(t, app, "POST", "/api/admin/login", "", map[string]any{"email": "owner@drape.in", "password": "back-office-1"})
	expect(t, "admin login", status, body, 200, nil)
	admin := jsonValue(t, body, "token").(string)
	shopper, _ := signUp(t, app, "Tara", "tara@example.in")
	send(t, app, "POST", "/api/forgotpassword", "", map[string]any{"email": "tara@example.in"})
	status, body = send(t, app, "POST", "/api/otpverify", "", map[string]any{"email": "tara@example.in", "otp": resetCode(t, d, "tara@example.in")})
	expect(t, "reset code", status, body, 200, nil)

	const common = "This password is on a list of common and leaked passwords that attackers try first. Choose another."
	const blank = "Password cannot be only spaces"
	for _, bad := range []struct{ password, message string }{{"Password123", common}, {"iloveyou1", common}, {"QWERTY123", common}, {"            ", blank}, {" \t ", blank}} {
		for _, c := range []struct {
			what, path, token, field string
			body                     map[string]any
		}{
			{"register", "/api/register", "", "password", map[string]any{"firstName": "Z", "email": "z@example.in", "password": bad.password}},
			{"own password change", "/api/profile/password", shopper, "newPassword", map[string]any{"currentPassword": "tailored-fit-42", "newPassword": bad.password}},
			{"reset", "/api/updatepassword", "", "newPassword", map[string]any{"email": "tara@example.in", "newPassword": bad.password}},
			{"admin-set password", "/api/admin/users/" + staff.ID + "/password", admin, "newPassword", map[string]any{"newPassword": bad.password}},
			{"new staff account", "/api/admin/register", admin, "password", map[string]any{"firstName": "Q", "email": "q@drape.in", "password": bad.password, "role": "staff"}},
			{"admin's own password", "/api/admin/password", admin, "newPassword", map[string]any{"currentPassword": "back-office-1", "newPassword": bad.password}},
		} {
			status, body := send(t, app, "POST", c.path, c.token, c.body)
			expect(t, fmt.Sprintf("%s %q", c.what, bad.password), status, body, 400, map[string]any{"errors." + c.field: bad.message})
		}
	}
	// Nothing changed: the old passwords still work, and a good new one is taken.
	status, body = send(t, app, "POST", "/api/login", "", map[string]any{"email": "tara@example.in", "password": "tailored-fit-42"})
	expect(t, "the shopper's password is unchanged", status, body, 200, nil)
	status, body = send(t, app, "POST", "/api/updatepassword", "", map[string]any{"email": "tara@example.in", "newPassword": "  spaced out but mine 7  "})
	expect(t, "a password with spaces and more", status, body, 200, nil)
}

// TestEmailChangeNeedsTheCodeSentToTheNewAddress: asking for a new e-mail changes nothing
// until the code mailed to the new address comes back; then the old address is told. Wrong
// codes count, and five burn the code.
func TestEmailChangeNeedsTheCodeSentToTheNewAddress(t *testing.T) {
	t.Parallel()
	app, d := testApp(t)
	token, _ := signUp(t, app, "Kabir", "kabir@example.in")
	signUp(t, app, "Other", "other@example.in")
	ctx := context.Background()
	code := func(to string) string {
		t.Helper()
		var text string
		if err := d.pool.QueryRow(ctx, "SELECT text_body FROM mails WHERE kind = 'email_change_code' AND recipient = $1 ORDER BY created_at DESC LIMIT 1", to).Scan(&text); err != nil {
			t.Fatalf("no code mail to %s: %v", to, err)
		}
		i := strings.Index(text, "account is ")
		return text[i+11 : i+17]
	}

	status, body := send(t, app, "POST", "/api/profile/email", token, map[string]any{"email": "other@example.in", "password": "tailored-fit-42"})
	expect(t, "taken", status, body, 409, map[string]any{"errors.email": "Email already exists"})
	status, body = send(t, app, "POST", "/api/profile/email", token, map[string]any{"email": "kabir.new@example.in", "password": "wrong-one-123"})
	expect(t, "wrong password", status, body, 400, map[string]any{"errors.password": "Your password is not right"})
	status, body = send(t, app, "POST", "/api/profile/email", token, map[string]any{"email": "Kabir.New@example.in", "password": "tailored-fit-42"})
	expect(t, "request", status, body, 200, map[string]any{"data.pendingEmail": "kabir.new@example.in",
		"message": "We sent a code to kabir.new@example.in. Enter it to change your email."})
	status, body = send(t, app, "GET", "/api/getProfile", token, nil)
	expect(t, "nothing changed yet", status, body, 200, map[string]any{"data.email": "kabir@example.in"})
	status, body = send(t, app, "POST", "/api/login", "", map[string]any{"email": "kabir.new@example.in", "password": "tailored-fit-42"})
	expect(t, "the new address does not sign in yet", status, body, 400, nil)

	right := code("kabir.new@example.in")
	wrong := fmt.Sprintf("%06d", (atoi(right)+1)%1_000_000)
	status, body = send(t, app, "POST", "/api/profile/email/confirm", token, map[string]any{"code": wrong})
	expect(t, "wrong code", status, body, 400, map[string]any{"errors.code": "The code is not right"})
	status, body = send(t, app, "POST", "/api/profile/email/confirm", token, map[string]any{"code": right})
	expect(t, "right code", status, body, 200, map[string]any{"message": "Email updated", "data.email": "kabir.new@example.in"})
	status, body = send(t, app, "POST", "/api/profile/email/confirm", token, map[string]any{"code": right})
	expect(t, "the code works once", status, body, 400, map[string]any{"errors.code": "Please ask for a code first"})
	var notice string
	if err := d.pool.QueryRow(ctx, "SELECT text_body FROM mails WHERE kind = 'email_changed' AND recipient = 'kabir@example.in'").Scan(&notice); err != nil {
		t.Fatalf("the old address was not told: %v", err)
	}
	if !strings.Contains(notice, "kabir.new@example.in") {
		t.Errorf("the notice does not name the new address:\n%s", notice)
	}
	status, body = send(t, app, "POST", "/api/login", "", map[string]any{"email": "kabir.new@example.in", "password": "tailored-fit-42"})
	expect(t, "the new address signs in", status, body, 200, nil)

	// Requests are limited to 3 per account in 10 minutes (the ones above were counted).
	status, body = send(t, app, "POST", "/api/profile/email", token, map[string]any{"email": "kabir.third@example.in", "password": "tailored-fit-42"})
	expect(t, "a fourth request in ten minutes", status, body, 429, nil)

	// Five wrong tries burn a code: the right one is refused after them.
	d.redis.FlushDB(ctx)
	send(t, app, "POST", "/api/profile/email", token, map[string]any{"email": "kabir.third@example.in", "password": "tailored-fit-42"})
	right = code("kabir.third@example.in")
	wrong = fmt.Sprintf("%06d", (atoi(right)+1)%1_000_000)
	for i := 1; i <= 5; i++ {
		status, body = send(t, app, "POST", "/api/profile/email/confirm", token, map[string]any{"code": wrong})
		want := 400
		if i == 5 {
			want = 429
		}
		expect(t, fmt.Sprintf("wrong try %d", i), status, body, want, nil)
	}
	status, body = send(t, app, "POST", "/api/profile/email/confirm", token, map[string]any{"code": right})
	expect(t, "the right code after five wrong tries", status, body, 400, nil)
	status, body = send(t, app, "GET", "/api/getProfile", token, nil)
	expect(t, "still the second address", status, body, 200, map[string]any{"data.email": "kabir.new@example.in"})
}

// TestLogoutRevokesThatToken: after signing out, a copy of the token is refused at once (on
// every server: the revocation is in the shared database), while the account's other
// sessions go on; the same for the back office.
func TestLogoutRevokesThatToken(t *testing.T) {
	t.Parallel()
	app, d := testApp(t)
	copied, _ := signUp(t, app, "Dia", "dia@example.in")
	status, body := send(t, app, "POST", "/api/login", "", map[string]any{"email": "dia@example.in", "password": "tailored-fit-42"})
	expect(t, "a second device", status, body, 200, nil)
	other := jsonValue(t, body, "token").(string)

	status, body = send(t, app, "POST", "/api/logout", copied, nil)
	expect(t, "logout", status, body, 200, map[string]any{"message": "You are signed out."})
	// A second server sharing the database refuses the copy too.
	for name, server := range map[string]*fiber.App{"this server": app, "another server": newApp(d, newServices(d))} {
		status, body = send(t, server, "GET", "/api/getProfile", copied, nil)
		expect(t, "the copied token on "+name, status, body, 401, nil)
		status, body = send(t, server, "GET", "/api/getProfile", other, nil)
		expect(t, "the other device on "+name, status, body, 200, nil)
	}

	if _, err := newServices(d).accounts.CreateStaff(context.Background(), accountStaff("owner@drape.in", "admin")); err != nil {
		t.Fatal(err)
	}
	status, body = send(t, app, "POST", "/api/admin/login", "", map[string]any{"email": "owner@drape.in", "password": "back-office-1"})
	expect(t, "admin login", status, body, 200, nil)
	admin := jsonValue(t, body, "token").(string)
	status, body = send(t, app, "POST", "/api/admin/logout", admin, nil)
	expect(t, "admin logout", status, body, 200, nil)
	status, body = send(t, app, "GET", "/api/admin/profile", admin, nil)
	expect(t, "the copied back-office token", status, body, 401, nil)
}
