package account

import (
	_ "embed"
	"strings"
)

// commonPasswordList is the list of common passwords a new password may not be (ASVS 6.2.4):
// the password list of the npm package @zxcvbn-ts/language-common 4.1.3 (MIT licence), ranked
// by how often each appears in leaked password sets, cut to the 8 to 128 characters a drape
// password can have and lowercased. scripts/common-passwords.mjs writes it.
//
//go:embed commonpasswords.txt
var commonPasswordList string

// commonPasswords is commonPasswordList as a set.
var commonPasswords = func() map[string]struct{} {
	set := make(map[string]struct{}, strings.Count(commonPasswordList, "\n"))
	for _, p := range strings.Split(commonPasswordList, "\n") {
		if p != "" {
			set[p] = struct{}{}
		}
	}
	return set
}()

// isCommonPassword reports whether password, in any case, is on the common password list.
func isCommonPassword(password string) bool {
	_, ok := commonPasswords[strings.ToLower(password)]
	return ok
}
