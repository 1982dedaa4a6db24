package ndr

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strings"

	"drape/internal/shop"
)

// tokenPurpose keeps the link's signature from meaning anything anywhere else: the same
// secret signs other things (sessions, reset codes) under other labels.
const tokenPurpose = "drape ndr answer link\x00" //nolint:gosec // a label the signature is made under, not a credential

// idLength is the length of an id (shop.NewID: 24 hex digits).
const idLength = 24

// token is the shopper's link to answer failed attempt id: the id (24 hex digits) followed by
// its HMAC-SHA256 under the shop's secret (base64url, no dot: the server reads a path with a
// dot as a file's). It is good for that one attempt only, and only while the attempt is open
// and unanswered (the attempt's row says so; the token carries no state of its own).
func (s *Service) token(id string) string {
	return id + base64.RawURLEncoding.EncodeToString(s.mac(id))
}

func (s *Service) mac(id string) []byte {
	m := hmac.New(sha256.New, s.cfg.Secret)
	m.Write([]byte(tokenPurpose + id))
	return m.Sum(nil)
}

// attemptOf is the attempt id a token names, when its signature is right. Errors: NotFound
// 'This link is not valid' (a forged, cut or mistyped link).
func (s *Service) attemptOf(token string) (string, error) {
	token = strings.TrimSpace(token)
	if len(token) <= idLength {
		return "", shop.E(shop.NotFound, msgBadLink)
	}
	id, sig := token[:idLength], token[idLength:]
	given, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !shop.IsID(id) || len(s.cfg.Secret) == 0 || !hmac.Equal(given, s.mac(id)) {
		return "", shop.E(shop.NotFound, msgBadLink)
	}
	return id, nil
}
