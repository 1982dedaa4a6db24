package shiprocket

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// Paise is an amount of money in paise, the shop's unit (₹1 = 100 paise). On the
// wire it is rupees, Shiprocket's unit: a JSON number with at most two decimals
// (129900 is written 1299, 149950 is 1499.5, 5 is 0.05), converted exactly,
// never through floating point. Reading accepts a JSON number, a numeric string
// or null in rupees and rounds half away from zero to the paisa.
type Paise int64

// Rupees writes p in rupees with two decimals, such as "1499.50".
func (p Paise) Rupees() string {
	sign, value := "", int64(p)
	if value < 0 {
		sign, value = "-", -value
	}
	return fmt.Sprintf("%s%d.%02d", sign, value/100, value%100)
}

// MarshalJSON writes p as a number of rupees without trailing zeros.
func (p Paise) MarshalJSON() ([]byte, error) {
	text := strings.TrimSuffix(strings.TrimRight(p.Rupees(), "0"), ".")
	if text == "" || text == "-" {
		text = "0"
	}
	return []byte(text), nil
}

// UnmarshalJSON reads a number of rupees (or a string holding one, or null).
func (p *Paise) UnmarshalJSON(data []byte) error {
	text := string(bytes.TrimSpace(data))
	if text == "null" {
		*p = 0
		return nil
	}
	if unquoted, err := strconv.Unquote(text); err == nil && strings.HasPrefix(text, `"`) {
		text = strings.TrimSpace(unquoted)
		if text == "" {
			*p = 0
			return nil
		}
	}
	rupees, ok := new(big.Rat).SetString(text)
	if !ok || strings.Contains(text, "/") {
		return fmt.Errorf("shiprocket: amount %s is not a number of rupees", data)
	}
	paise := rupees.Mul(rupees, big.NewRat(100, 1))
	quotient, remainder := new(big.Int).QuoRem(paise.Num(), paise.Denom(), new(big.Int))
	if remainder.Abs(remainder).Lsh(remainder, 1).Cmp(paise.Denom()) >= 0 {
		quotient.Add(quotient, big.NewInt(int64(paise.Sign())))
	}
	if !quotient.IsInt64() {
		return fmt.Errorf("shiprocket: amount %s is out of range", data)
	}
	*p = Paise(quotient.Int64())
	return nil
}

// flexString reads a JSON string, number or boolean as text and null as "".
// Shiprocket writes the same field as a string in one answer and a number in
// another (awb codes, sr-status, weights).
type flexString string

// UnmarshalJSON keeps strings, the literal text of numbers and booleans, and
// turns null into "".
func (s *flexString) UnmarshalJSON(data []byte) error {
	trimmed := bytes.TrimSpace(data)
	switch {
	case len(trimmed) == 0 || string(trimmed) == "null":
		*s = ""
	case trimmed[0] == '"':
		var text string
		if err := json.Unmarshal(trimmed, &text); err != nil {
			return err
		}
		*s = flexString(text)
	case trimmed[0] == '{' || trimmed[0] == '[':
		return fmt.Errorf("shiprocket: want text, got %.40s", trimmed)
	default:
		*s = flexString(trimmed)
	}
	return nil
}

// flexInt reads a JSON integer, a numeric string, a boolean (1 or 0) or null
// (0). Text that is not a number, such as "NA", reads as 0.
type flexInt int64

// UnmarshalJSON reads the forms flexInt accepts.
func (n *flexInt) UnmarshalJSON(data []byte) error {
	var text flexString
	if err := text.UnmarshalJSON(data); err != nil {
		return err
	}
	value := strings.TrimSpace(string(text))
	switch value {
	case "true":
		*n = 1
		return nil
	case "false", "":
		*n = 0
		return nil
	}
	if whole, err := strconv.ParseInt(value, 10, 64); err == nil {
		*n = flexInt(whole)
		return nil
	}
	if number, err := strconv.ParseFloat(value, 64); err == nil {
		*n = flexInt(number)
		return nil
	}
	*n = 0
	return nil
}
