package backinstock

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	netmail "net/mail"
	"strings"

	"drape/internal/backinstock/backinstockdb"
)

// store reads and writes the requests and the restocks.
type store struct{ q *backinstockdb.Queries }

// emailMaxLength is the longest e-mail address taken (RFC 5321's path limit).
const emailMaxLength = 254

// normalEmail checks an e-mail address as the account forms do and lowercases it; ok is false
// for anything that is not one plain address.
func normalEmail(raw string) (email string, ok bool) {
	raw = strings.TrimSpace(raw)
	addr, err := netmail.ParseAddress(raw)
	if err != nil || addr.Address != raw || len(raw) > emailMaxLength || !strings.Contains(raw[strings.LastIndex(raw, "@"):], ".") {
		return "", false
	}
	return strings.ToLower(raw), true
}

// newStopToken is a stop link's token (256 random bits, base64url) and the hash kept of it.
func newStopToken() (token, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", err
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, tokenHash(token), nil
}

// tokenHash is what the database keeps of a stop token: its SHA-256, so the table alone
// cannot stop anyone's alerts.
func tokenHash(token string) string {
	sum := sha256.Sum256([]byte(strings.TrimSpace(token)))
	return hex.EncodeToString(sum[:])
}

// hiddenEmail is an address with most of its name hidden (r***@example.com), for a page anyone
// holding the link can open.
func hiddenEmail(email string) string {
	at := strings.LastIndex(email, "@")
	if at <= 0 {
		return email
	}
	return email[:1] + "***" + email[at:]
}
