package gst

import (
	"regexp"
	"strings"
)

// gstinShape is a GSTIN's format (INDIA.md §1 "GSTIN"): a two-digit state code, a PAN (five
// letters, four digits, a letter), an entity number (1–9, then A–Z), "Z", a check character.
var gstinShape = regexp.MustCompile(`^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$`)

// gstinAlphabet maps characters to their values 0–35 for the checksum.
const gstinAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// NormalGSTIN is s as GSTINs are written: spaces trimmed, upper case.
func NormalGSTIN(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }

// GSTINProblem is what is wrong with the GSTIN g (already normal), or "" when it is valid: its
// format, its state code (01–38, 97 other territory, 99 centre) and its check character.
func GSTINProblem(g string) string {
	if !gstinShape.MatchString(g) {
		return "A GSTIN is 15 characters: state code, PAN, entity number, Z and a check character"
	}
	if _, ok := StateCoded(g[:2]); !ok {
		return "A GSTIN starts with a state code from 01 to 38, 97 or 99"
	}
	if g[14] != GSTINCheck(g[:14]) {
		return "This GSTIN's check character is wrong: check it for a typing mistake"
	}
	return ""
}

// GSTINCheck is the check character of a GSTIN's first 14 characters (upper-case letters and
// digits): each character's value 0–35 weighted 1, 2, 1, 2… from the left, each product p
// adding p/36 + p%36, and the check value (36 − sum%36) % 36.
func GSTINCheck(first14 string) byte {
	sum := 0
	for i := 0; i < len(first14); i++ {
		p := strings.IndexByte(gstinAlphabet, first14[i]) * (1 + i%2)
		sum += p/36 + p%36
	}
	return gstinAlphabet[(36-sum%36)%36]
}

// StateOfGSTIN is the state a valid GSTIN was issued in.
func StateOfGSTIN(g string) (State, bool) {
	if len(g) < 2 {
		return State{}, false
	}
	return StateCoded(g[:2])
}
