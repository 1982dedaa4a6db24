package gst

import "testing"

// TestHSNDescription: a code is described by its heading, whatever its length; every code
// DefaultHSN gives has a description; a heading hsn.txt lacks and a malformed code have none.
func TestHSNDescription(t *testing.T) {
	for code, want := range map[string]string{"6205": "Men's or boys' shirts", "62052000": "Men's or boys' shirts",
		"610910": "T-shirts, singlets and other vests, knitted or crocheted", "9965": "", "62x5": "", "620": ""} {
		if got := HSNDescription(code); got != want {
			t.Errorf("HSNDescription(%q) = %q, want %q", code, got, want)
		}
	}
	for _, sub := range []string{"Formal Shirts", "Polo Shirts", "T-Shirts", "Trousers", "Blazers", "Suits", "Waistcoats", "Pencil Skirts"} {
		for _, gender := range []string{"Men", "Women"} {
			if code := DefaultHSN(sub, gender); HSNDescription(code) == "" {
				t.Errorf("%s (%s): HSN %s has no description", sub, gender, code)
			}
		}
	}
}
