package gst

import (
	_ "embed"
	"fmt"
	"regexp"
	"strings"
)

// hsnShape is an HSN code as drape keeps it: 4, 6 or 8 digits (4 suffice up to ₹5 crore
// turnover, 6 above: Notification 78/2020).
var hsnShape = regexp.MustCompile(`^([0-9]{4}|[0-9]{6}|[0-9]{8})$`)

// ValidHSN reports whether code is 4, 6 or 8 digits.
func ValidHSN(code string) bool { return hsnShape.MatchString(code) }

// DefaultHSN is the HSN heading a garment of a sub-category gets unless its product says
// otherwise (INDIA.md §1 "Classification"), from the sub-category's name and the product's
// gender: woven (chapter 62) unless the name says knitted. Men's and unisex shirts 6205,
// women's 6206; T-shirts 6109; knitted or polo shirts 6105 (women's 6106); trousers, pants,
// blazers, suits, jackets 6203 (women's, skirts and dresses too, 6204); waistcoats 6211.
// "" when the name says nothing it knows: the product editor must then be given one.
// migrations/00017 fills existing products by the same rule.
func DefaultHSN(subCategory, gender string) string {
	name := strings.ToLower(subCategory)
	has := func(words ...string) bool {
		for _, w := range words {
			if strings.Contains(name, w) {
				return true
			}
		}
		return false
	}
	women := gender == "Women"
	pick := func(men, womens string) string {
		if women {
			return womens
		}
		return men
	}
	switch {
	case has("t-shirt", "tee"):
		return "6109"
	case has("polo") || (has("knit") && has("shirt")):
		return pick("6105", "6106")
	case has("waistcoat"):
		return "6211"
	case has("shirt") && !has("skirt"):
		return pick("6205", "6206")
	case has("trouser", "pant", "blazer", "suit", "jacket", "skirt", "dress"):
		return pick("6203", "6204")
	}
	return ""
}

//go:embed hsn.txt
var hsnText string

// hsnHeadings are the descriptions of hsn.txt by heading.
var hsnHeadings = parseHSNHeadings(hsnText)

func parseHSNHeadings(text string) map[string]string {
	out := map[string]string{}
	for n, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		code, description, ok := strings.Cut(line, "\t")
		if !ok || len(code) != 4 || !ValidHSN(code) || strings.TrimSpace(description) == "" {
			panic(fmt.Sprintf("gst: hsn.txt line %d: want a 4-digit heading, a tab and its description: %q", n+1, line))
		}
		out[code] = strings.TrimSpace(description)
	}
	return out
}

// HSNDescription is what HSN code code covers, as the customs tariff describes its heading
// (the code's first four digits): "Men's or boys' shirts" for 6205 or 62052000. "" for a code
// whose heading hsn.txt does not have.
func HSNDescription(code string) string {
	if len(code) < 4 || !ValidHSN(code) {
		return ""
	}
	return hsnHeadings[code[:4]]
}
