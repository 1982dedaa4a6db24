package account

import (
	"time"

	"drape/internal/shop"
)

// User is an account as its owner (and the admin) sees it: SPEC §3's fields, never the
// password hash or the token version.
type User struct {
	ID          string    `json:"_id"`
	Email       string    `json:"email"`
	FirstName   string    `json:"firstName"`
	LastName    string    `json:"lastName"`
	Phone       string    `json:"phone"`
	FederatedID string    `json:"federatedId"`
	PhotoURL    string    `json:"photoURL"`
	Role        string    `json:"role"`
	HasPassword bool      `json:"hasPassword"` // false for accounts made with Google only
	CreatedAt   time.Time `json:"createdAt"`
}

// The roles. Registration always makes a user; admins make staff and admins.
const (
	RoleUser  = "user"
	RoleStaff = "staff"
	RoleAdmin = "admin"
)

// Audiences keep shopper and back-office tokens apart: a shopper's token never opens an
// admin endpoint, even for an admin's own shopper login.
const (
	AudienceShop  = "shop"
	AudienceAdmin = "admin"
)

// Session is a signed-in user and the token that proves it.
type Session struct {
	Token string
	User  User
}

// Caller is who made a request, as a verified token says, and which token it was: its id and
// the token version it carries (a live socket names its token by them).
type Caller struct {
	UserID         string
	Role           string
	Audience       string
	TokenID        string    // the token's id (jti), which SignOut revokes
	TokenVersion   int64     // the token version it carries
	TokenExpiresAt time.Time // when the token expires
}

// Registration is what /api/register takes.
type Registration struct {
	FirstName string
	LastName  string
	Email     string
	Password  string
}

// GoogleIdentity is what a verified Google ID token says about its holder.
type GoogleIdentity struct {
	Subject       string
	Email         string
	EmailVerified bool
	Name          string
	GivenName     string
	FamilyName    string
	Picture       string
}

// ProfileChange is what a user may change about themselves without their password.
type ProfileChange struct {
	FirstName string
	LastName  string
	Phone     string
}

// AdminUser is an account as the back office lists it: never the password hash or the token
// version; with whether it may sign in, how many orders it placed and what its standing
// orders (not cancelled or sent back) came to.
type AdminUser struct {
	User
	Active bool       `json:"active"`
	Orders int64      `json:"orders"`
	Spent  shop.Money `json:"spent"`
}

// AdminUsers is one page of the back office's people list.
type AdminUsers struct {
	Items      []AdminUser `json:"items"`
	Page       int         `json:"page"`
	TotalPages int         `json:"totalPages"`
	Total      int64       `json:"total"`
}
