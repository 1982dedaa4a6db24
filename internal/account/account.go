// Package account is who shoppers and staff are: registration, sign-in with a password or a
// Google ID token, the tokens that prove a sign-in, profiles, and password resets by one-time
// code.
//
// It guarantees: passwords are stored only as argon2id hashes; every registration is a plain
// user (roles come from admins, never from a request body); tokens are HS256 with an issuer,
// an audience (shop or admin) and an expiry, and stop working when their owner changes the
// password, signs out everywhere or is deactivated; reset codes are stored hashed, expire after
// 10 minutes, die after 5 wrong tries (whether the code comes with its e-mail or alone, with
// the handle of its request) and work once; and a reset request for an unknown e-mail looks
// exactly like one for a known e-mail.
package account

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"
	netmail "net/mail"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/account/accountdb"
	"drape/internal/mailqueue"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
)

// GoogleVerifier checks a Google ID token (signature, issuer, audience, expiry).
type GoogleVerifier interface {
	Verify(ctx context.Context, idToken string) (GoogleIdentity, error)
}

// Config is what the service needs besides the database.
type Config struct {
	Secret []byte           // signs tokens and keys reset-code hashes; at least 32 bytes
	Google GoogleVerifier   // nil: Google sign-in is off
	Now    func() time.Time // nil: time.Now
	// PasswordCost is the cost of the hashes the service makes; zero: StrongPasswordCost.
	PasswordCost PasswordCost
}

// Service is the account use cases.
type Service struct {
	pool   *pgxpool.Pool
	q      *accountdb.Queries
	secret []byte
	google GoogleVerifier
	now    func() time.Time
	cost   PasswordCost
	// dummyHash is compared against when an e-mail has no password, so that a login for an
	// unknown e-mail takes as long as one for a known e-mail. It is made once, when first asked
	// for (PrepareTimingEqualiser or a login), not when the service is: at the strong cost a
	// hash takes 64 MiB and a few hundred milliseconds of CPU, which every worker (it signs
	// nobody in) and every test's service paid at start.
	dummyHash func() string
}

// MinSecretLength is the shortest signing secret the service accepts.
const MinSecretLength = 32

// NewService makes the account service. It panics on a secret shorter than MinSecretLength:
// a service that signed tokens with a weak or empty key would let anyone forge them.
func NewService(pool *pgxpool.Pool, cfg Config) *Service {
	if len(cfg.Secret) < MinSecretLength {
		panic(fmt.Sprintf("account: the signing secret must be at least %d bytes", MinSecretLength))
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	cost := cfg.PasswordCost
	if cost == (PasswordCost{}) {
		cost = StrongPasswordCost
	}
	dummy := sync.OnceValue(func() string {
		hash, err := hashPassword("drape-timing-equaliser", cost)
		if err != nil {
			panic(fmt.Sprintf("account: no random salt: %v", err))
		}
		return hash
	})
	return &Service{pool: pool, q: accountdb.New(postgres.Translating(pool)), secret: cfg.Secret, google: cfg.Google, now: now,
		cost: cost, dummyHash: dummy}
}

// PrepareTimingEqualiser makes the hash a login for an unknown e-mail is checked against, so
// that the first such login takes no longer than any other (made on that login, it would take
// a second hash's time: one bit, once a process, for anyone timing it). The server calls it in
// the background as it starts; the worker, which signs nobody in, never does.
func (s *Service) PrepareTimingEqualiser() {
	s.dummyHash()
}

// Messages of SPEC §8 and the ones the spec leaves to us.
const (
	msgEmailTaken     = "Email already exists"
	msgBadCredentials = "Invalid email or password"
	msgDeactivated    = "Your account has been deactivated. Please contact support."
	msgGoogleFailed   = "Google login failed"
	msgInvalidOTP     = "Invalid OTP"
	msgExpiredOTP     = "This OTP has expired. Please request a new one."
	msgBurnedOTP      = "Too many wrong tries. Please request a new OTP."
	msgVerifyFirst    = "Please verify the OTP first"
	msgOTPNeedsEmail  = "Please enter your email with the OTP"
	resetCodeMaxTries = 5
	passwordMinLength = 8
	passwordMaxLength = 128
	nameMaxLength     = 100
	emailMaxLength    = 254
	passwordResetKind = "password_reset"
)

// ResetCodeLifetime is how long a password reset code (and the handle of its request) works.
const ResetCodeLifetime = 10 * time.Minute

// normalEmail checks an e-mail address and lowercases it.
func normalEmail(raw string) (string, bool) {
	raw = strings.TrimSpace(raw)
	addr, err := netmail.ParseAddress(raw)
	if err != nil || addr.Address != raw || len(raw) > emailMaxLength || !strings.Contains(raw[strings.LastIndex(raw, "@"):], ".") {
		return "", false
	}
	return strings.ToLower(raw), true
}

// msgGoogleUnverified answers a Google account whose e-mail Google has not verified.
const msgGoogleUnverified = "Google login failed: Google has not verified this account's e-mail address"

// Password messages: why a new password is refused (ASVS 6.2.4–6.2.5).
const (
	msgPasswordBlank  = "Password cannot be only spaces"
	msgPasswordCommon = "This password is on a list of common and leaked passwords that attackers try first. Choose another."
)

// checkPassword checks a new password: 8 to 128 characters, not only spaces, and not on the
// common password list.
func checkPassword(p shop.Problems, field, password string) {
	p.Check(password == "", field, "Password is required")
	p.Check(password != "" && strings.TrimSpace(password) == "", field, msgPasswordBlank)
	p.Check(isCommonPassword(password), field, msgPasswordCommon)
	p.Check(password != "" && utf8.RuneCountInString(password) < passwordMinLength, field, fmt.Sprintf("Password must be at least %d characters", passwordMinLength))
	p.Check(len(password) > passwordMaxLength, field, fmt.Sprintf("Password must be at most %d characters", passwordMaxLength))
}

func (s *Service) session(u accountdb.User, aud string) (Session, error) {
	token, err := s.sign(u.ID, u.Role, u.TokenVersion, aud)
	if err != nil {
		return Session{}, err
	}
	return Session{Token: token, User: toUser(u)}, nil
}

// Register makes a user account and signs it in. Errors: Invalid (fields), Conflict when the
// e-mail is taken.
func (s *Service) Register(ctx context.Context, r Registration) (Session, error) {
	p := shop.Problems{}
	r.FirstName, r.LastName = strings.TrimSpace(r.FirstName), strings.TrimSpace(r.LastName)
	p.Check(r.FirstName == "", "firstName", "Name is required")
	p.Check(utf8.RuneCountInString(r.FirstName) > nameMaxLength || utf8.RuneCountInString(r.LastName) > nameMaxLength, "firstName", "Name is too long")
	email, ok := normalEmail(r.Email)
	p.Check(strings.TrimSpace(r.Email) == "", "email", "Email is required")
	p.Check(r.Email != "" && !ok, "email", "Enter a valid email address")
	checkPassword(p, "password", r.Password)
	if err := p.Err(); err != nil {
		return Session{}, err
	}
	hash, err := hashPassword(r.Password, s.cost)
	if err != nil {
		return Session{}, err
	}
	id := shop.NewID()
	err = s.q.InsertUser(ctx, accountdb.InsertUserParams{ID: id, Email: email, FirstName: r.FirstName, LastName: r.LastName, PasswordHash: hash, Role: RoleUser})
	if shop.Is(err, shop.Conflict) {
		return Session{}, &shop.Error{Kind: shop.Conflict, Message: msgEmailTaken, Fields: map[string]string{"email": msgEmailTaken}}
	} else if err != nil {
		return Session{}, err
	}
	u, err := s.q.UserByID(ctx, id)
	if err != nil {
		return Session{}, err
	}
	return s.session(u, AudienceShop)
}

// Login signs a shopper in with e-mail and password. Errors: Invalid for a malformed e-mail
// (on the field) and for a wrong e-mail or password (the same message for both), Forbidden for
// a deactivated account.
func (s *Service) Login(ctx context.Context, email, password string) (Session, error) {
	return s.login(ctx, email, password, AudienceShop)
}

// AdminLogin signs staff or an admin into the back office. A shopper's e-mail gets the answer
// of a wrong password whether the password is right or not, so the back office's sign-in tells
// nothing about shoppers' passwords. Errors: as Login.
func (s *Service) AdminLogin(ctx context.Context, email, password string) (Session, error) {
	return s.login(ctx, email, password, AudienceAdmin)
}

func (s *Service) login(ctx context.Context, rawEmail, password, aud string) (Session, error) {
	p := shop.Problems{}
	email, ok := normalEmail(rawEmail)
	p.Check(strings.TrimSpace(rawEmail) == "", "email", "Email is required")
	p.Check(strings.TrimSpace(rawEmail) != "" && !ok, "email", "Enter a valid email address")
	p.Check(password == "", "password", "Password is required")
	if err := p.Err(); err != nil {
		return Session{}, err
	}
	u, err := s.q.UserByEmail(ctx, email)
	if err != nil && !shop.Is(err, shop.NotFound) {
		return Session{}, err
	}
	hash := u.PasswordHash
	if hash == "" {
		hash = s.dummyHash()
	}
	matches := passwordMatches(hash, password)
	if !matches || u.PasswordHash == "" || (aud == AudienceAdmin && u.Role != RoleAdmin && u.Role != RoleStaff) {
		return Session{}, shop.E(shop.Invalid, msgBadCredentials)
	}
	if !u.Active {
		return Session{}, shop.E(shop.Forbidden, msgDeactivated)
	}
	if err := s.signedIn(ctx, u.ID); err != nil {
		return Session{}, err
	}
	return s.session(u, aud)
}

// GoogleLogin signs in (or up) with a Google ID token whose e-mail Google has verified: an
// account already linked to the Google subject, else the account with the same e-mail (which
// it links), else a new user. A token with email_verified false creates, signs in and links
// nothing: anyone can put someone else's address on a Google account. Errors: Unauthorized
// ("Google login failed") for a bad token, an unverified e-mail, or an e-mail whose account is
// linked to another Google account; Forbidden for a deactivated account.
func (s *Service) GoogleLogin(ctx context.Context, credential string) (Session, error) {
	if s.google == nil || strings.TrimSpace(credential) == "" {
		return Session{}, shop.E(shop.Unauthorized, msgGoogleFailed)
	}
	id, err := s.google.Verify(ctx, credential)
	if err != nil {
		return Session{}, shop.Wrap(shop.Unauthorized, err, msgGoogleFailed)
	}
	email, ok := normalEmail(id.Email)
	if id.Subject == "" || !ok {
		return Session{}, shop.E(shop.Unauthorized, msgGoogleFailed)
	}
	if !id.EmailVerified {
		return Session{}, shop.E(shop.Unauthorized, msgGoogleUnverified)
	}
	var u accountdb.User
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		var err error
		if u, err = q.UserByFederatedID(ctx, pgtype.Text{String: id.Subject, Valid: true}); err == nil {
			return nil
		} else if !shop.Is(err, shop.NotFound) {
			return err
		}
		if u, err = q.UserByEmail(ctx, email); err == nil {
			if u.FederatedID.Valid {
				return shop.E(shop.Unauthorized, msgGoogleFailed)
			}
			if err := q.LinkFederated(ctx, accountdb.LinkFederatedParams{ID: u.ID, FederatedID: pgtype.Text{String: id.Subject, Valid: true}, PhotoUrl: id.Picture}); err != nil {
				return err
			}
			u, err = q.UserByID(ctx, u.ID)
			return err
		} else if !shop.Is(err, shop.NotFound) {
			return err
		}
		first, last := id.GivenName, id.FamilyName
		if first == "" {
			first = id.Name
		}
		newID := shop.NewID()
		if err := q.InsertUser(ctx, accountdb.InsertUserParams{ID: newID, Email: email, FirstName: first, LastName: last,
			FederatedID: pgtype.Text{String: id.Subject, Valid: true}, PhotoUrl: id.Picture, Role: RoleUser}); err != nil {
			return err
		}
		u, err = q.UserByID(ctx, newID)
		return err
	})
	if err != nil {
		return Session{}, err
	}
	if !u.Active {
		return Session{}, shop.E(shop.Forbidden, msgDeactivated)
	}
	if err := s.signedIn(ctx, u.ID); err != nil {
		return Session{}, err
	}
	return s.session(u, AudienceShop)
}

// Authenticate turns a bearer token into its caller, for audience aud. Errors: Unauthorized
// for a bad, expired or revoked token (signed out by SignOut, or every token of its user); Forbidden for a deactivated account, or a shopper on
// the back office.
func (s *Service) Authenticate(ctx context.Context, token, aud string) (Caller, error) {
	c, err := s.parse(token, aud)
	if err != nil {
		return Caller{}, err
	}
	u, err := s.q.UserOfToken(ctx, accountdb.UserOfTokenParams{ID: c.Subject, TokenID: c.ID})
	if shop.Is(err, shop.NotFound) {
		return Caller{}, shop.E(shop.Unauthorized, "Unauthorized access. Please login again.")
	} else if err != nil {
		return Caller{}, err
	}
	if u.TokenVersion != c.Version || u.TokenRevoked {
		return Caller{}, shop.E(shop.Unauthorized, "Your session has expired. Please login again.")
	}
	if !u.Active {
		return Caller{}, shop.E(shop.Forbidden, msgDeactivated)
	}
	if aud == AudienceAdmin && u.Role != RoleAdmin && u.Role != RoleStaff {
		return Caller{}, shop.E(shop.Forbidden, "This account has no access to the back office")
	}
	who := Caller{UserID: u.ID, Role: u.Role, Audience: aud, TokenID: c.ID, TokenVersion: int64(c.Version)}
	if c.ExpiresAt != nil {
		who.TokenExpiresAt = c.ExpiresAt.Time
	}
	return who, nil
}

// Profile is the caller's own account. Errors: NotFound.
func (s *Service) Profile(ctx context.Context, userID string) (User, error) {
	u, err := s.q.UserByID(ctx, userID)
	if err != nil {
		return User{}, err
	}
	return toUser(u), nil
}

// UpdateProfile changes the caller's name and phone. Errors: Invalid.
func (s *Service) UpdateProfile(ctx context.Context, userID string, c ProfileChange) (User, error) {
	p := shop.Problems{}
	c.FirstName, c.LastName, c.Phone = strings.TrimSpace(c.FirstName), strings.TrimSpace(c.LastName), strings.TrimSpace(c.Phone)
	p.Check(c.FirstName == "", "firstName", "First name is required")
	p.Check(utf8.RuneCountInString(c.FirstName) > nameMaxLength, "firstName", "First name is too long")
	p.Check(utf8.RuneCountInString(c.LastName) > nameMaxLength, "lastName", "Last name is too long")
	p.Check(c.Phone != "" && !isPhone(c.Phone), "phone", "Phone must be 10 digits")
	if err := p.Err(); err != nil {
		return User{}, err
	}
	if err := s.q.UpdateProfile(ctx, accountdb.UpdateProfileParams{ID: userID, FirstName: c.FirstName, LastName: c.LastName, Phone: c.Phone}); err != nil {
		return User{}, err
	}
	return s.Profile(ctx, userID)
}

// ChangePassword sets a new password (the current one is needed when there is one) and signs
// every other device out; the returned session is the caller's new one, for audience aud (the
// shop's or the back office's). A first password also forgets the account's Google link (a
// verified Google sign-in links it again). Errors: Invalid.
func (s *Service) ChangePassword(ctx context.Context, userID, current, next, aud string) (Session, error) {
	p := shop.Problems{}
	checkPassword(p, "newPassword", next)
	if err := p.Err(); err != nil {
		return Session{}, err
	}
	u, err := s.q.UserByID(ctx, userID)
	if err != nil {
		return Session{}, err
	}
	if u.PasswordHash != "" && !passwordMatches(u.PasswordHash, current) {
		return Session{}, &shop.Error{Kind: shop.Invalid, Message: "Your current password is not right", Fields: map[string]string{"currentPassword": "Your current password is not right"}}
	}
	hash, err := hashPassword(next, s.cost)
	if err != nil {
		return Session{}, err
	}
	if err := s.setPassword(ctx, userID, hash, u.PasswordHash == ""); err != nil {
		return Session{}, err
	}
	if u, err = s.q.UserByID(ctx, userID); err != nil {
		return Session{}, err
	}
	return s.session(u, aud)
}

// SetTeamPassword is an admin (by) giving the back-office account id a new password, for a
// colleague who lost theirs: every device it was signed in on is signed out. Shoppers reset
// their own password from the shop, and admins change their own with ChangePassword.
// Errors: Invalid (newPassword), NotFound, Forbidden (not an admin; own account; a shopper's).
func (s *Service) SetTeamPassword(ctx context.Context, by Caller, id, newPassword string) (AdminUser, error) {
	if by.Role != RoleAdmin {
		return AdminUser{}, shop.E(shop.Forbidden, "Only an admin can do this")
	}
	if !shop.IsID(id) {
		return AdminUser{}, shop.E(shop.NotFound, "User not found")
	}
	id = strings.ToLower(id)
	if id == by.UserID {
		return AdminUser{}, shop.E(shop.Forbidden, "Change your own password with your current one, under Update password")
	}
	p := shop.Problems{}
	checkPassword(p, "newPassword", newPassword)
	if err := p.Err(); err != nil {
		return AdminUser{}, err
	}
	u, err := s.q.UserByID(ctx, id)
	if shop.Is(err, shop.NotFound) {
		return AdminUser{}, shop.E(shop.NotFound, "User not found")
	} else if err != nil {
		return AdminUser{}, err
	}
	if u.Role != RoleStaff && u.Role != RoleAdmin {
		return AdminUser{}, shop.E(shop.Forbidden, "Shoppers reset their own password from the shop's sign in")
	}
	hash, err := hashPassword(newPassword, s.cost)
	if err != nil {
		return AdminUser{}, err
	}
	if err := s.setPassword(ctx, id, hash, false); err != nil {
		return AdminUser{}, err
	}
	rows, err := s.q.AdminUsers(ctx, accountdb.AdminUsersParams{ID: id, PageSize: 1})
	if err != nil {
		return AdminUser{}, err
	}
	if len(rows) == 0 {
		return AdminUser{}, shop.E(shop.NotFound, "User not found")
	}
	return adminUser(rows[0]), nil
}

// setPassword stores a new password hash and revokes every token of the user; unlink also
// forgets the Google link.
func (s *Service) setPassword(ctx context.Context, userID, hash string, unlink bool) error {
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		return s.storePassword(ctx, tx, userID, hash, unlink)
	})
}

// storePassword is setPassword inside the caller's transaction.
func (s *Service) storePassword(ctx context.Context, tx pgx.Tx, userID, hash string, unlink bool) error {
	q := s.q.WithTx(tx)
	if err := q.UpdatePassword(ctx, accountdb.UpdatePasswordParams{ID: userID, PasswordHash: hash}); err != nil {
		return err
	}
	if unlink {
		if err := q.UnlinkFederated(ctx, userID); err != nil {
			return err
		}
	}
	return s.revokeTokens(ctx, tx, revocation{UserID: userID})
}

// SignOutEverywhere revokes every token of the caller.
func (s *Service) SignOutEverywhere(ctx context.Context, userID string) error {
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		return s.revokeTokens(ctx, tx, revocation{UserID: userID})
	})
}

// SignOut revokes the one token the caller signed in with, on every server, until it expires;
// the caller's other sessions go on.
func (s *Service) SignOut(ctx context.Context, who Caller) error {
	if who.TokenID == "" {
		return shop.E(shop.Unauthorized, "Please login first")
	}
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		return s.revokeTokens(ctx, tx, revocation{UserID: who.UserID, TokenID: who.TokenID, ExpiresAt: who.TokenExpiresAt})
	})
}

// NewStaff is a back-office account to create.
type NewStaff struct {
	Email     string
	Password  string
	FirstName string
	LastName  string
	Role      string // staff or admin
}

// CreateStaff makes a staff or admin account (an admin's action, or the command line's).
// Errors: Invalid, Conflict when the e-mail is taken.
func (s *Service) CreateStaff(ctx context.Context, n NewStaff) (User, error) {
	p := shop.Problems{}
	email, ok := normalEmail(n.Email)
	p.Check(!ok, "email", "Enter a valid email address")
	p.Check(strings.TrimSpace(n.FirstName) == "", "firstName", "Name is required")
	p.Check(!slices.Contains([]string{RoleStaff, RoleAdmin}, n.Role), "role", "role must be staff or admin")
	checkPassword(p, "password", n.Password)
	if err := p.Err(); err != nil {
		return User{}, err
	}
	hash, err := hashPassword(n.Password, s.cost)
	if err != nil {
		return User{}, err
	}
	id := shop.NewID()
	err = s.q.InsertUser(ctx, accountdb.InsertUserParams{ID: id, Email: email, FirstName: strings.TrimSpace(n.FirstName),
		LastName: strings.TrimSpace(n.LastName), PasswordHash: hash, Role: n.Role})
	if shop.Is(err, shop.Conflict) {
		return User{}, &shop.Error{Kind: shop.Conflict, Message: msgEmailTaken, Fields: map[string]string{"email": msgEmailTaken}}
	} else if err != nil {
		return User{}, err
	}
	return s.Profile(ctx, id)
}

// RequestPasswordReset e-mails a 6-digit code to the account of email, replacing earlier
// codes, and returns the request's handle: an opaque, signed name of this request that lets
// the code be checked without its e-mail (VerifyResetCode). An unknown or deactivated e-mail
// gets no mail, no error and a handle like any other, so the answer never tells whether an
// account exists. Errors: Invalid for a malformed e-mail.
func (s *Service) RequestPasswordReset(ctx context.Context, rawEmail string) (string, error) {
	if strings.TrimSpace(rawEmail) == "" {
		return "", &shop.Error{Kind: shop.Invalid, Message: "Please enter your email", Fields: map[string]string{"email": "Please enter your email"}}
	}
	email, ok := normalEmail(rawEmail)
	if !ok {
		return "", &shop.Error{Kind: shop.Invalid, Message: "Enter a valid email address", Fields: map[string]string{"email": "Enter a valid email address"}}
	}
	resetID := shop.NewID()
	handle := resetID + "." + s.handleMAC(resetID)
	u, err := s.q.UserByEmail(ctx, email)
	if shop.Is(err, shop.NotFound) || (err == nil && !u.Active) {
		return handle, nil
	} else if err != nil {
		return "", err
	}
	code, err := newResetCode()
	if err != nil {
		return "", err
	}
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		if err := q.RetireResets(ctx, u.ID); err != nil {
			return err
		}
		if err := q.InsertReset(ctx, accountdb.InsertResetParams{ID: resetID, UserID: u.ID, CodeHash: s.codeHash(code), ExpiresAt: s.now().Add(ResetCodeLifetime)}); err != nil {
			return err
		}
		return mailqueue.Queue(ctx, tx, resetMail(u, resetID, code))
	})
	if err != nil {
		return "", err
	}
	return handle, nil
}

// VerifyResetCode checks a code, with the e-mail it was sent to, or alone (as SPEC §7's
// otpverify sends it) with the handle RequestPasswordReset gave for it. Either way the code is
// compared with one request's code only, and wrong tries count against that code: a bare code
// without a valid handle is refused outright, so guesses cannot be spread over every open
// code. Errors: Invalid (wrong, unknown or expired code; "Please enter your email with the
// OTP" for a bare code without a handle), TooMany once a code has had 5 wrong tries.
func (s *Service) VerifyResetCode(ctx context.Context, rawEmail, handle, code string) error {
	code = strings.TrimSpace(code)
	if code == "" {
		return &shop.Error{Kind: shop.Invalid, Message: "Enter OTP", Fields: map[string]string{"otp": "Enter OTP"}}
	}
	if strings.TrimSpace(rawEmail) == "" {
		resetID, ok := s.resetOfHandle(handle)
		if !ok {
			return &shop.Error{Kind: shop.Invalid, Message: msgOTPNeedsEmail, Fields: map[string]string{"email": msgOTPNeedsEmail}}
		}
		return s.checkResetCode(ctx, code, func(q *accountdb.Queries) (accountdb.PasswordReset, error) {
			return q.OpenResetByID(ctx, resetID)
		})
	}
	email, _ := normalEmail(rawEmail)
	u, err := s.q.UserByEmail(ctx, email)
	if shop.Is(err, shop.NotFound) {
		return shop.E(shop.Invalid, msgInvalidOTP)
	} else if err != nil {
		return err
	}
	return s.checkResetCode(ctx, code, func(q *accountdb.Queries) (accountdb.PasswordReset, error) {
		return q.LatestOpenReset(ctx, u.ID)
	})
}

// checkResetCode compares code with the open reset find locks, marking it verified on a match
// and counting (committed, though the answer is an error) a wrong try otherwise; the fifth
// wrong try burns it. The row lock makes concurrent guesses wait their turn, so a burst of
// guesses cannot all be compared before any of them is counted.
func (s *Service) checkResetCode(ctx context.Context, code string, find func(*accountdb.Queries) (accountdb.PasswordReset, error)) error {
	var verdict error
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		r, err := find(q)
		if shop.Is(err, shop.NotFound) {
			verdict = shop.E(shop.Invalid, msgInvalidOTP)
			return nil
		} else if err != nil {
			return err
		}
		switch {
		case !r.ExpiresAt.After(s.now()):
			verdict = shop.E(shop.Invalid, msgExpiredOTP)
			return nil
		case r.Attempts >= resetCodeMaxTries:
			verdict = shop.E(shop.TooMany, msgBurnedOTP)
			return nil
		case hmac.Equal([]byte(r.CodeHash), []byte(s.codeHash(code))):
			return q.MarkResetVerified(ctx, r.ID)
		}
		tries, err := q.CountResetAttempt(ctx, r.ID)
		if err != nil {
			return err
		}
		verdict = shop.E(shop.Invalid, msgInvalidOTP)
		if tries >= resetCodeMaxTries {
			verdict = shop.E(shop.TooMany, msgBurnedOTP)
			return q.BurnReset(ctx, r.ID)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return verdict
}

// handleMAC signs a reset request's id, so a handle names only a request this server made.
func (s *Service) handleMAC(resetID string) string {
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte("password-reset-handle:" + resetID))
	return hex.EncodeToString(m.Sum(nil))
}

// resetOfHandle is the reset request id a handle names, if the handle is one of ours.
func (s *Service) resetOfHandle(handle string) (string, bool) {
	resetID, mac, ok := strings.Cut(strings.TrimSpace(handle), ".")
	if !ok || resetID == "" || !hmac.Equal([]byte(mac), []byte(s.handleMAC(resetID))) {
		return "", false
	}
	return resetID, true
}

// ResetPassword sets a new password for email, once, within 10 minutes of verifying its code,
// signs every device out and forgets the account's Google link: a link the owner never made
// (someone else's Google account) stops working, and the owner's own verified Google account
// links again at its next sign-in. Errors: Invalid ("Please verify the OTP first", fields).
func (s *Service) ResetPassword(ctx context.Context, rawEmail, newPassword string) error {
	p := shop.Problems{}
	p.Check(strings.TrimSpace(rawEmail) == "", "email", "Please enter your email")
	checkPassword(p, "newPassword", newPassword)
	if err := p.Err(); err != nil {
		return err
	}
	email, _ := normalEmail(rawEmail)
	u, err := s.q.UserByEmail(ctx, email)
	if shop.Is(err, shop.NotFound) {
		return shop.E(shop.Invalid, msgVerifyFirst)
	} else if err != nil {
		return err
	}
	hash, err := hashPassword(newPassword, s.cost)
	if err != nil {
		return err
	}
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		r, err := q.VerifiedResetOf(ctx, u.ID)
		if shop.Is(err, shop.NotFound) {
			return shop.E(shop.Invalid, msgVerifyFirst)
		} else if err != nil {
			return err
		}
		if err := q.BurnReset(ctx, r.ID); err != nil {
			return err
		}
		return s.storePassword(ctx, tx, u.ID, hash, true)
	})
}

// codeHash keys a reset code with the server secret, so a leaked table does not give the
// codes away.
func (s *Service) codeHash(code string) string {
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte("password-reset:" + code))
	return hex.EncodeToString(m.Sum(nil))
}

func newResetCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

func isPhone(s string) bool {
	if len(s) != 10 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// likeEscaper makes text match itself in a LIKE pattern.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// AdminList is one page of accounts for the back office, newest first: role is user, staff,
// admin or empty for everyone; search a part of the name, e-mail or phone (any case).
// Errors: Invalid for another role or a search over 100 characters.
func (s *Service) AdminList(ctx context.Context, role, search string, page shop.Page) (AdminUsers, error) {
	role, search = strings.ToLower(strings.TrimSpace(role)), strings.ToLower(strings.TrimSpace(search))
	p := shop.Problems{}
	p.Check(role != "" && !slices.Contains([]string{RoleUser, RoleStaff, RoleAdmin}, role), "role", "role must be user, staff or admin")
	p.Check(utf8.RuneCountInString(search) > 100, "search", "search must be at most 100 characters")
	if err := p.Err(); err != nil {
		return AdminUsers{}, err
	}
	search = likeEscaper.Replace(search)
	total, err := s.q.CountAdminUsers(ctx, accountdb.CountAdminUsersParams{Role: role, Search: search})
	if err != nil {
		return AdminUsers{}, err
	}
	rows, err := s.q.AdminUsers(ctx, accountdb.AdminUsersParams{Role: role, Search: search, PageSize: int32(page.Size), PageOffset: int32(page.Offset())})
	if err != nil {
		return AdminUsers{}, err
	}
	out := AdminUsers{Items: make([]AdminUser, len(rows)), Page: page.Number, TotalPages: shop.TotalPages(total, page.Size), Total: total}
	for i, r := range rows {
		out.Items[i] = adminUser(r)
	}
	return out, nil
}

func adminUser(r accountdb.AdminUsersRow) AdminUser {
	return AdminUser{User: User{ID: r.ID, Email: r.Email, FirstName: r.FirstName, LastName: r.LastName, Phone: r.Phone,
		FederatedID: r.FederatedID.String, PhotoURL: r.PhotoUrl, Role: r.Role, HasPassword: r.HasPassword, CreatedAt: r.CreatedAt},
		Active: r.Active, Orders: r.Orders, Spent: shop.Money(r.Spent)}
}

// SetActive deactivates or reactivates the account id on behalf of the back-office caller
// by. A deactivated account cannot sign in, and every token it holds stops working at once
// and for good (its token version moves on, so reactivating revives none). Nobody changes
// their own account this way, and only admins change staff or admin accounts. Errors:
// NotFound, Forbidden (own account; staff on a staff or admin account).
func (s *Service) SetActive(ctx context.Context, by Caller, id string, active bool) (AdminUser, error) {
	if !shop.IsID(id) {
		return AdminUser{}, shop.E(shop.NotFound, "User not found")
	}
	id = strings.ToLower(id)
	if id == by.UserID {
		return AdminUser{}, shop.E(shop.Forbidden, "You cannot deactivate or reactivate your own account")
	}
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		u, err := q.UserForUpdate(ctx, id)
		if shop.Is(err, shop.NotFound) {
			return shop.E(shop.NotFound, "User not found")
		} else if err != nil {
			return err
		}
		if u.Role != RoleUser && by.Role != RoleAdmin {
			return shop.E(shop.Forbidden, "Only an admin can change a back-office account")
		}
		if u.Active == active {
			return nil
		}
		if err := q.SetUserActive(ctx, accountdb.SetUserActiveParams{ID: id, Active: active}); err != nil || active {
			return err
		}
		return s.revokeTokens(ctx, tx, revocation{UserID: id})
	})
	if err != nil {
		return AdminUser{}, err
	}
	rows, err := s.q.AdminUsers(ctx, accountdb.AdminUsersParams{ID: id, PageSize: 1})
	if err != nil {
		return AdminUser{}, err
	}
	if len(rows) == 0 {
		return AdminUser{}, shop.E(shop.NotFound, "User not found")
	}
	return adminUser(rows[0]), nil
}
