package shop

import (
	netmail "net/mail"
	"strings"
)

// EmailMaxLength is the longest e-mail address taken (RFC 5321's path limit).
const EmailMaxLength = 254

// NormalEmail checks an e-mail address as the account forms do (one plain address, a dot in
// its domain, at most EmailMaxLength) and lowercases it; ok is false for anything else.
func NormalEmail(raw string) (email string, ok bool) {
	raw = strings.TrimSpace(raw)
	addr, err := netmail.ParseAddress(raw)
	if err != nil || addr.Address != raw || len(raw) > EmailMaxLength || !strings.Contains(raw[strings.LastIndex(raw, "@"):], ".") {
		return "", false
	}
	return strings.ToLower(raw), true
}
