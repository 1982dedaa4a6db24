package account

import "drape/internal/account/accountdb"

// toUser is a user row as its owner sees it: never the password hash or the token version.
func toUser(u accountdb.User) User {
	return User{ID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName, Phone: u.Phone,
		FederatedID: u.FederatedID.String, PhotoURL: u.PhotoUrl, Role: u.Role, HasPassword: u.PasswordHash != "", CreatedAt: u.CreatedAt}
}
