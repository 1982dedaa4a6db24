package invoice

import (
	"strings"

	"drape/internal/shop"
)

var (
	ones = [...]string{"Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven",
		"Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen"}
	tens = [...]string{"", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"}
)

// InWords is amount m as an Indian invoice writes it, in the Indian numbering (thousand,
// lakh, crore): ₹1,20,399.50 is "Rupees One Lakh Twenty Thousand Three Hundred and
// Ninety-Nine and Fifty Paise Only", ₹0 "Rupees Zero Only", ₹0.01 "One Paisa Only". A
// negative amount starts with "Minus".
func InWords(m shop.Money) string {
	sign := ""
	if m < 0 {
		sign, m = "Minus ", -m
	}
	rupees, paise := int64(m)/100, int64(m)%100
	var b strings.Builder
	b.WriteString(sign)
	if rupees > 0 || paise == 0 {
		b.WriteString("Rupees " + indianWords(rupees))
	}
	if paise > 0 {
		if rupees > 0 {
			b.WriteString(" and ")
		}
		unit := " Paise"
		if paise == 1 {
			unit = " Paisa"
		}
		b.WriteString(indianWords(paise) + unit)
	}
	return b.String() + " Only"
}

// indianWords is n in words: crores, lakhs, thousands and hundreds, the last part below a
// hundred joined by "and" when anything comes before it (One Thousand and Five). Crores above
// ninety-nine are themselves counted in words (One Hundred Crore).
func indianWords(n int64) string {
	if n == 0 {
		return ones[0]
	}
	var parts []string
	for _, g := range []struct {
		size int64
		name string
	}{{10_000_000, "Crore"}, {100_000, "Lakh"}, {1_000, "Thousand"}, {100, "Hundred"}} {
		if n >= g.size {
			parts = append(parts, indianWords(n/g.size)+" "+g.name)
			n %= g.size
		}
	}
	if n == 0 {
		return strings.Join(parts, " ")
	}
	last := belowHundred(n)
	if len(parts) == 0 {
		return last
	}
	return strings.Join(parts, " ") + " and " + last
}

// belowHundred is 1 to 99 in words: Seven, Nineteen, Forty, Ninety-Nine.
func belowHundred(n int64) string {
	if n < 20 {
		return ones[n]
	}
	if n%10 == 0 {
		return tens[n/10]
	}
	return tens[n/10] + "-" + ones[n%10]
}
