package main

import (
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"drape/internal/account"
	"drape/internal/address"
	"drape/internal/privacy"
)

// sessionAnswer is SPEC §3's login response: the envelope with the token beside the data.
type sessionAnswer struct {
	Code    int          `json:"code"`
	Success bool         `json:"success"`
	Message string       `json:"message"`
	Token   string       `json:"token"`
	Data    account.User `json:"data"`
}

func answerSession(c fiber.Ctx, message string, sess account.Session) error {
	return c.Status(fiber.StatusOK).JSON(sessionAnswer{Code: fiber.StatusOK, Success: true, Message: message, Token: sess.Token, Data: sess.User})
}

func welcome(u account.User) string {
	name := u.FirstName
	if name == "" {
		name = u.Email
	}
	return "Welcome " + name
}

// credentials is what register and login take: SPEC §7's e-mail/password fields, or a Google
// ID token (credential, or idToken). Other fields, role among them, are ignored.
type credentials struct {
	FirstName  string `json:"firstName"`
	LastName   string `json:"lastName"`
	Email      string `json:"email"`
	Password   string `json:"password"`
	Credential string `json:"credential"`
	IDToken    string `json:"idToken"`
	// Marketing is the sign-up form's marketing tick boxes (issue 23); none ticked: none given.
	Marketing *marketingChoice `json:"marketing"`
}

func (in credentials) googleToken() string {
	if in.Credential != "" {
		return in.Credential
	}
	return in.IDToken
}

// register answers POST /api/register. The full name goes in firstName (SPEC §5); a Google ID
// token signs up with Google instead.
func (s *server) register(c fiber.Ctx) error {
	var in credentials
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.googleToken() != "" {
		return s.googleSession(c, in.googleToken())
	}
	var consent *privacy.Choice
	if in.Marketing != nil {
		consent = &privacy.Choice{Channels: in.Marketing.Channels, Version: in.Marketing.Version, Source: privacy.SourceSignup}
		if err := privacy.Check(*consent); err != nil {
			return err
		}
	}
	sess, err := s.accounts.Register(c.Context(), account.Registration{FirstName: in.FirstName, LastName: in.LastName, Email: in.Email, Password: in.Password})
	if err != nil {
		return err
	}
	if consent != nil {
		if _, err := s.privacy.Choose(c.Context(), sess.User.ID, *consent); err != nil {
			return err
		}
	}
	return answerSession(c, "Registration successful!", sess)
}

// login answers POST /api/login, rate limited per e-mail (10 wrong passwords in 10 minutes)
// on top of the per-address limit (argon2id makes each attempt cost the server ~50 ms of CPU).
func (s *server) login(c fiber.Ctx) error {
	var in credentials
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.googleToken() != "" {
		return s.googleSession(c, in.googleToken())
	}
	forgive, err := s.allowPasswordGuess(c, in.Email)
	if err != nil {
		return err
	}
	sess, err := s.accounts.Login(c.Context(), in.Email, in.Password)
	if err != nil {
		return err
	}
	forgive()
	return answerSession(c, welcome(sess.User), sess)
}

// googleLogin answers POST /api/auth/google {credential}.
func (s *server) googleLogin(c fiber.Ctx) error {
	var in credentials
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	return s.googleSession(c, in.googleToken())
}

func (s *server) googleSession(c fiber.Ctx, token string) error {
	sess, err := s.accounts.GoogleLogin(c.Context(), token)
	if err != nil {
		return err
	}
	return answerSession(c, welcome(sess.User), sess)
}

// allowPasswordGuess counts a password guess for an e-mail: 10 wrong passwords per account in
// 10 minutes, one budget for the shop's and the back office's sign-in together.
func (s *server) allowPasswordGuess(c fiber.Ctx, email string) (forgive func(), err error) {
	return s.allowGuess(c, "login:email:"+strings.ToLower(strings.TrimSpace(email)), 10, 10*time.Minute)
}

// adminLogin answers POST /api/admin/login: a back-office token, for staff and admins only (a
// shopper's e-mail gets the wrong-password answer); its wrong passwords count against the same
// per-account budget as /api/login's.
func (s *server) adminLogin(c fiber.Ctx) error {
	var in credentials
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	forgive, err := s.allowPasswordGuess(c, in.Email)
	if err != nil {
		return err
	}
	sess, err := s.accounts.AdminLogin(c.Context(), in.Email, in.Password)
	if err != nil {
		return err
	}
	forgive()
	return answerSession(c, welcome(sess.User), sess)
}

// registerStaff answers POST /api/admin/register (admins only): a new staff or admin account.
func (s *server) registerStaff(c fiber.Ctx) error {
	// Not an embedded credentials: a wrong type in an embedded struct is named after the Go
	// type ("credentials.email"), and the errors must name the JSON field.
	var in struct {
		FirstName string `json:"firstName"`
		LastName  string `json:"lastName"`
		Email     string `json:"email"`
		Password  string `json:"password"`
		Role      string `json:"role"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	u, err := s.accounts.CreateStaff(c.Context(), account.NewStaff{Email: in.Email, Password: in.Password,
		FirstName: in.FirstName, LastName: in.LastName, Role: in.Role})
	if err != nil {
		return err
	}
	return ok(c, "Account created", u)
}

// profile answers GET /api/getProfile (and GET /api/admin/profile for the back office).
func (s *server) profile(c fiber.Ctx) error {
	u, err := s.accounts.Profile(c.Context(), caller(c).UserID)
	if err != nil {
		return err
	}
	return ok(c, "", u)
}

// updateProfile answers POST /api/profile {firstName, lastName, phone}.
func (s *server) updateProfile(c fiber.Ctx) error {
	var in struct {
		FirstName string `json:"firstName"`
		LastName  string `json:"lastName"`
		Phone     string `json:"phone"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	u, err := s.accounts.UpdateProfile(c.Context(), caller(c).UserID, account.ProfileChange{FirstName: in.FirstName, LastName: in.LastName, Phone: in.Phone})
	if err != nil {
		return err
	}
	return ok(c, "Account details updated", u)
}

// requestEmailChange answers POST /api/profile/email {email, password}: a code goes to the new
// address and nothing changes yet; 3 requests per account in 10 minutes.
func (s *server) requestEmailChange(c fiber.Ctx) error {
	var in credentials
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if err := s.allow(c, "email-change:user:"+caller(c).UserID, 3, 10*time.Minute); err != nil {
		return err
	}
	email, err := s.accounts.RequestEmailChange(c.Context(), caller(c).UserID, in.Email, in.Password)
	if err != nil {
		return err
	}
	return ok(c, "We sent a code to "+email+". Enter it to change your email.", fiber.Map{"pendingEmail": email})
}

// confirmEmailChange answers POST /api/profile/email/confirm {code}: the account moves to the
// new address and the old one is told.
func (s *server) confirmEmailChange(c fiber.Ctx) error {
	var in struct {
		Code string `json:"code"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	u, err := s.accounts.ConfirmEmailChange(c.Context(), caller(c).UserID, in.Code)
	if err != nil {
		return err
	}
	return ok(c, "Email updated", u)
}

// changePassword answers POST /api/profile/password {currentPassword, newPassword}: other
// devices are signed out and the answer carries this device's new token.
func (s *server) changePassword(c fiber.Ctx) error {
	var in struct {
		CurrentPassword string `json:"currentPassword"`
		NewPassword     string `json:"newPassword"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	sess, err := s.accounts.ChangePassword(c.Context(), caller(c).UserID, in.CurrentPassword, in.NewPassword, account.AudienceShop)
	if err != nil {
		return err
	}
	return answerSession(c, "Password updated successfully", sess)
}

// signOutEverywhere answers POST /api/logout-everywhere: every token of the caller stops
// working, this one included.
func (s *server) signOutEverywhere(c fiber.Ctx) error {
	if err := s.accounts.SignOutEverywhere(c.Context(), caller(c).UserID); err != nil {
		return err
	}
	return ok(c, "Signed out on every device", nil)
}

// signOut answers POST /api/logout (and POST /api/admin/logout): the token of the request
// stops working on every server at once; the caller's other sessions go on.
func (s *server) signOut(c fiber.Ctx) error {
	if err := s.accounts.SignOut(c.Context(), caller(c)); err != nil {
		return err
	}
	return ok(c, "You are signed out.", nil)
}

// forgotPassword answers POST /api/forgotpassword {email}: the same answer (and a reset
// cookie) whether or not the e-mail has an account; limited per e-mail and per address.
func (s *server) forgotPassword(c fiber.Ctx) error {
	var in credentials
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if err := s.allow(c, "forgot:email:"+strings.ToLower(strings.TrimSpace(in.Email)), 3, 10*time.Minute); err != nil {
		return err
	}
	handle, err := s.accounts.RequestPasswordReset(c.Context(), in.Email)
	if err != nil {
		return err
	}
	c.Cookie(&fiber.Cookie{Name: resetCookie, Value: handle, Path: "/api", MaxAge: int(account.ResetCodeLifetime.Seconds()),
		HTTPOnly: true, SameSite: fiber.CookieSameSiteStrictMode, Secure: strings.HasPrefix(s.cfg.PublicURL, "https://")})
	return ok(c, "OTP sent to your email", nil)
}

// resetCookie carries the handle of the browser's latest password reset request, so that
// SPEC §7's otpverify {otp}, which names no e-mail, checks the code of that request alone and
// its wrong tries count against it.
const resetCookie = "drape_reset"

// verifyOTP answers POST /api/otpverify {email, otp}, or {otp} from the browser that asked
// for the code (the reset cookie names the request).
func (s *server) verifyOTP(c fiber.Ctx) error {
	var in struct {
		Email string `json:"email"`
		OTP   string `json:"otp"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if err := s.accounts.VerifyResetCode(c.Context(), in.Email, c.Cookies(resetCookie), in.OTP); err != nil {
		return err
	}
	return ok(c, "OTP verified", nil)
}

// updatePassword answers POST /api/updatepassword {email, newPassword}, once, after otpverify.
func (s *server) updatePassword(c fiber.Ctx) error {
	var in struct {
		Email       string `json:"email"`
		NewPassword string `json:"newPassword"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if err := s.accounts.ResetPassword(c.Context(), in.Email, in.NewPassword); err != nil {
		return err
	}
	return ok(c, "Password updated successfully", nil)
}

// clientConfig answers GET /api/config: what the client needs to know about this deployment.
func (s *server) clientConfig(c fiber.Ctx) error {
	g := s.cfg.Google
	checkout := ""
	if s.payments.Enabled() {
		checkout = s.cfg.Razorpay.CheckoutURL
	}
	return ok(c, "", fiber.Map{"googleClientId": g.ClientID, "googleScriptUrl": g.ScriptURL, "razorpayCheckoutUrl": checkout})
}

// addressInput is an address form (SPEC §3 names).
type addressInput struct {
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Address1  string `json:"address1"`
	Address2  string `json:"address2"`
	City      string `json:"city"`
	State     string `json:"state"`
	Pincode   string `json:"pincode"`
	Email     string `json:"email"`
	Type      string `json:"type"`
	Phone     string `json:"phone"`
	Landmark  string `json:"landmark"`
	IsDefault bool   `json:"isDefault"`
}

func (in addressInput) input() address.Input {
	return address.Input{FirstName: in.FirstName, LastName: in.LastName, Address1: in.Address1, Address2: in.Address2,
		City: in.City, State: in.State, Pincode: in.Pincode, Email: in.Email, Type: in.Type, Phone: in.Phone,
		Landmark: in.Landmark, IsDefault: in.IsDefault}
}

// addAddress answers POST /api/addAddress.
func (s *server) addAddress(c fiber.Ctx) error {
	var in addressInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	a, err := s.addresses.Add(c.Context(), caller(c).UserID, in.input())
	if err != nil {
		return err
	}
	return ok(c, "Address added successfully", a)
}

// listAddresses answers GET /api/getAddress.
func (s *server) listAddresses(c fiber.Ctx) error {
	list, err := s.addresses.List(c.Context(), caller(c).UserID)
	if err != nil {
		return err
	}
	return ok(c, "", list)
}

// updateAddress answers POST /api/updateAddress/{id}.
func (s *server) updateAddress(c fiber.Ctx) error {
	var in addressInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	a, err := s.addresses.Update(c.Context(), caller(c).UserID, c.Params("id"), in.input())
	if err != nil {
		return err
	}
	return ok(c, "Address updated successfully", a)
}

// deleteAddress answers DELETE /api/deleteAddress/{id}.
func (s *server) deleteAddress(c fiber.Ctx) error {
	if err := s.addresses.Delete(c.Context(), caller(c).UserID, c.Params("id")); err != nil {
		return err
	}
	return ok(c, "Address deleted", nil)
}

// states answers GET /api/address/states: India's states and union territories.
func (s *server) states(c fiber.Ctx) error {
	return ok(c, "", address.States)
}

// wishlist answers GET /api/wishlist: the saved products, priced, newest first.
func (s *server) wishlist(c fiber.Ctx) error {
	ids, err := s.wishlists.ProductIDs(c.Context(), caller(c).UserID)
	if err != nil {
		return err
	}
	products, err := s.catalog.ProductsByIDs(c.Context(), ids)
	if err != nil {
		return err
	}
	return ok(c, "", fiber.Map{"items": products})
}

// addToWishlist answers POST /api/wishlist {productId}.
func (s *server) addToWishlist(c fiber.Ctx) error {
	var in struct {
		ProductID string `json:"productId"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if err := s.wishlists.Add(c.Context(), caller(c).UserID, in.ProductID); err != nil {
		return err
	}
	return ok(c, "Added to your wishlist", fiber.Map{"productId": in.ProductID})
}

// removeFromWishlist answers DELETE /api/wishlist/{productId}.
func (s *server) removeFromWishlist(c fiber.Ctx) error {
	if err := s.wishlists.Remove(c.Context(), caller(c).UserID, c.Params("productId")); err != nil {
		return err
	}
	return ok(c, "Removed from your wishlist", nil)
}
