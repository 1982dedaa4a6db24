package gst

import (
	"strings"
	"testing"
)

// TestGSTINProblem: the published sample and real-format GSTINs pass; a wrong format, state
// code or check character is refused with a message saying which.
func TestGSTINProblem(t *testing.T) {
	for _, g := range []string{
		"27AAPFU0939F1ZV", // the sample GSTN publishes (Maharashtra, a firm)
		"08AAACJ4321K1ZO", // the demo shop: Rajasthan, a company
		"29AAGCB7383J1Z4", // Karnataka
		"07AAACR5055K1Z9", // Delhi
		"38AAACJ4321K1ZL", // Ladakh
		"97AAACJ4321K1ZH", // other territory
	} {
		if p := GSTINProblem(g); p != "" {
			t.Errorf("%s: %s", g, p)
		}
	}
	for g, want := range map[string]string{
		"27AAPFU0939F1ZW":  "check character",
		"27AAPFU0939F1Z":   "15 characters",
		"27aapfu0939f1zv":  "15 characters",
		"27AAPFU0939F0ZV":  "15 characters", // entity number 0
		"27AAPFU0939F1YV":  "15 characters", // 14th is not Z
		"2AAAPFU0939F1ZV":  "15 characters",
		"27AAPFU0939F1ZVX": "15 characters",
		"39AAPFU0939F1ZV":  "state code",
		"00AAPFU0939F1ZV":  "state code",
		"98AAPFU0939F1ZV":  "state code",
		"72AAPFU0939F1ZV":  "state code",      // digits swapped: the state code catches it
		"27AAPFU0938F1ZV":  "check character", // one digit mistyped
	} {
		if p := GSTINProblem(g); !strings.Contains(p, want) {
			t.Errorf("%s: %q, want it to say %q", g, p, want)
		}
	}
	if NormalGSTIN(" 27aapfu0939f1zv ") != "27AAPFU0939F1ZV" {
		t.Error("NormalGSTIN does not trim and upper-case")
	}
}

// TestDefaultHSN: the demo shop's sub-categories get their headings (INDIA.md §1).
func TestDefaultHSN(t *testing.T) {
	for _, c := range []struct{ sub, gender, want string }{
		{"Formal Shirts", "Men", "6205"},
		{"Women's Shirts", "Women", "6206"},
		{"Formal Trousers", "Men", "6203"},
		{"Stretch Pant", "Men", "6203"},
		{"Flexiwaist Pant", "Men", "6203"},
		{"Blazers", "Men", "6203"},
		{"Suits", "Men", "6203"},
		{"Waistcoats", "Men", "6211"},
		{"Women's Trousers", "Women", "6204"},
		{"Women's Blazers", "Women", "6204"},
		{"Pencil Skirts", "Women", "6204"},
		{"T-Shirts", "Men", "6109"},
		{"Knitted Shirts", "Men", "6105"},
		{"Polo Shirts", "Women", "6106"},
		{"Ties", "Men", ""},
	} {
		if got := DefaultHSN(c.sub, c.gender); got != c.want {
			t.Errorf("DefaultHSN(%q, %q) = %q, want %q", c.sub, c.gender, got, c.want)
		}
	}
}
