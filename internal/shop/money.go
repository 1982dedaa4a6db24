package shop

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
)

// Money is an amount in integer paise (₹1 = 100 paise). All prices, discounts and totals are
// Money inside Go and the database; rupees exist only on the wire.
type Money int64

// Rupees makes Money from whole rupees.
func Rupees(r int64) Money { return Money(r * 100) }

// MarshalJSON writes rupees as a JSON number: 1999 or 1499.5, never a string.
func (m Money) MarshalJSON() ([]byte, error) {
	return []byte(m.RupeesString()), nil
}

// RupeesString is the amount in rupees without a symbol: "1999", "1499.5", "0.05".
func (m Money) RupeesString() string {
	return strconv.FormatFloat(float64(m)/100, 'f', -1, 64)
}

// UnmarshalJSON reads rupees (a JSON number with at most two decimals) into paise.
func (m *Money) UnmarshalJSON(b []byte) error {
	var r float64
	if err := json.Unmarshal(b, &r); err != nil || math.Abs(r) > 1e13 {
		return fmt.Errorf("amount must be a number of rupees")
	}
	*m = Money(math.Round(r * 100))
	return nil
}

// String formats for people: "₹1,999" or "₹1,499.50", with Indian digit grouping.
func (m Money) String() string {
	neg := m < 0
	if neg {
		m = -m
	}
	whole := strconv.FormatInt(int64(m)/100, 10)
	grouped := groupIndian(whole)
	s := "₹" + grouped
	if p := int64(m) % 100; p != 0 {
		s += fmt.Sprintf(".%02d", p)
	}
	if neg {
		return "-" + s
	}
	return s
}

// groupIndian inserts commas the Indian way: the last three digits, then pairs (1,49,999).
func groupIndian(digits string) string {
	if len(digits) <= 3 {
		return digits
	}
	head, tail := digits[:len(digits)-3], digits[len(digits)-3:]
	out := ""
	for len(head) > 2 {
		out = "," + head[len(head)-2:] + out
		head = head[:len(head)-2]
	}
	return head + out + "," + tail
}
