package account

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/jackc/pgx/v5"

	"drape/internal/account/accountdb"
	"drape/internal/mailqueue"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
)

// Mail kinds of an e-mail change: the code to the new address, the notice to the old one.
const (
	emailChangeCodeKind   = "email_change_code"
	emailChangeNoticeKind = "email_changed"
)

// RequestEmailChange starts moving the caller's account to newEmail: it needs the password,
// and mails a 6-digit code to the new address (replacing codes asked for before). Nothing
// changes until ConfirmEmailChange gets that code back, within 10 minutes. It returns the
// normalised new address. Errors: Invalid (fields, a wrong password, the address the account
// already has), Conflict when another account has the e-mail.
func (s *Service) RequestEmailChange(ctx context.Context, userID, newEmail, password string) (string, error) {
	email, ok := normalEmail(newEmail)
	if !ok {
		return "", &shop.Error{Kind: shop.Invalid, Message: "Enter a valid email address", Fields: map[string]string{"email": "Enter a valid email address"}}
	}
	u, err := s.q.UserByID(ctx, userID)
	if err != nil {
		return "", err
	}
	if u.PasswordHash == "" || !passwordMatches(u.PasswordHash, password) {
		return "", &shop.Error{Kind: shop.Invalid, Message: "Your password is not right", Fields: map[string]string{"password": "Your password is not right"}}
	}
	if email == u.Email {
		return "", &shop.Error{Kind: shop.Invalid, Message: "This is already your email", Fields: map[string]string{"email": "This is already your email"}}
	}
	if _, err := s.q.UserByEmail(ctx, email); err == nil {
		return "", &shop.Error{Kind: shop.Conflict, Message: msgEmailTaken, Fields: map[string]string{"email": msgEmailTaken}}
	} else if !shop.Is(err, shop.NotFound) {
		return "", err
	}
	code, err := newResetCode()
	if err != nil {
		return "", err
	}
	changeID := shop.NewID()
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		if err := q.RetireEmailChanges(ctx, userID); err != nil {
			return err
		}
		if err := q.InsertEmailChange(ctx, accountdb.InsertEmailChangeParams{ID: changeID, UserID: userID, NewEmail: email,
			CodeHash: s.emailCodeHash(changeID, code), ExpiresAt: s.now().Add(ResetCodeLifetime)}); err != nil {
			return err
		}
		return mailqueue.Queue(ctx, tx, emailChangeCodeMail(u, email, changeID, code))
	})
	if err != nil {
		return "", err
	}
	return email, nil
}

// ConfirmEmailChange moves the caller's account to the address of its latest e-mail change
// request when code is the one mailed there, and tells the old address. A code works once;
// 5 wrong tries burn it. Errors: Invalid (no open request, wrong or expired code), TooMany
// once the code has had 5 wrong tries, Conflict when another account took the e-mail since.
func (s *Service) ConfirmEmailChange(ctx context.Context, userID, code string) (User, error) {
	code = strings.TrimSpace(code)
	if code == "" {
		return User{}, &shop.Error{Kind: shop.Invalid, Message: "Enter the code", Fields: map[string]string{"code": "Enter the code"}}
	}
	var verdict error
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		c, err := q.LatestOpenEmailChange(ctx, userID)
		if shop.Is(err, shop.NotFound) {
			verdict = &shop.Error{Kind: shop.Invalid, Message: "Please ask for a code first", Fields: map[string]string{"code": "Please ask for a code first"}}
			return nil
		} else if err != nil {
			return err
		}
		switch {
		case !c.ExpiresAt.After(s.now()):
			verdict = &shop.Error{Kind: shop.Invalid, Message: "This code has expired. Please ask for a new one.", Fields: map[string]string{"code": "This code has expired. Please ask for a new one."}}
			return nil
		case c.Attempts >= resetCodeMaxTries:
			verdict = shop.E(shop.TooMany, "Too many wrong tries. Please ask for a new code.")
			return nil
		case hmac.Equal([]byte(c.CodeHash), []byte(s.emailCodeHash(c.ID, code))):
			return s.changeEmail(ctx, tx, q, userID, c)
		}
		tries, err := q.CountEmailChangeAttempt(ctx, c.ID)
		if err != nil {
			return err
		}
		verdict = &shop.Error{Kind: shop.Invalid, Message: "The code is not right", Fields: map[string]string{"code": "The code is not right"}}
		if tries >= resetCodeMaxTries {
			verdict = shop.E(shop.TooMany, "Too many wrong tries. Please ask for a new code.")
			return q.BurnEmailChange(ctx, c.ID)
		}
		return nil
	})
	if err != nil {
		return User{}, err
	}
	if verdict != nil {
		return User{}, verdict
	}
	return s.Profile(ctx, userID)
}

// changeEmail moves the account to the address of request c, burns c and tells the old address.
func (s *Service) changeEmail(ctx context.Context, tx pgx.Tx, q *accountdb.Queries, userID string, c accountdb.EmailChange) error {
	u, err := q.UserForUpdate(ctx, userID)
	if err != nil {
		return err
	}
	if err := q.BurnEmailChange(ctx, c.ID); err != nil {
		return err
	}
	err = q.UpdateEmail(ctx, accountdb.UpdateEmailParams{ID: userID, Email: c.NewEmail})
	if shop.Is(err, shop.Conflict) {
		return &shop.Error{Kind: shop.Conflict, Message: msgEmailTaken, Fields: map[string]string{"email": msgEmailTaken}}
	} else if err != nil {
		return err
	}
	return mailqueue.Queue(ctx, tx, emailChangedMail(u, c.NewEmail, c.ID))
}

// emailCodeHash keys an e-mail change code with the server secret and its request.
func (s *Service) emailCodeHash(changeID, code string) string {
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte("email-change:" + changeID + ":" + code))
	return hex.EncodeToString(m.Sum(nil))
}
