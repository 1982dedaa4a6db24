package invoice

import (
	"testing"

	"drape/internal/shop"
)

// TestInWords: amounts in words in the Indian numbering, as the invoice prints its total.
func TestInWords(t *testing.T) {
	for _, c := range []struct {
		paise shop.Money
		want  string
	}{
		{0, "Rupees Zero Only"},
		{100, "Rupees One Only"},
		{1, "One Paisa Only"},
		{50, "Fifty Paise Only"},
		{10_100, "Rupees One Hundred and One Only"},
		{100_500, "Rupees One Thousand and Five Only"},
		{9_999_900, "Rupees Ninety-Nine Thousand Nine Hundred and Ninety-Nine Only"},
		{10_000_000, "Rupees One Lakh Only"},
		{12_039_950, "Rupees One Lakh Twenty Thousand Three Hundred and Ninety-Nine and Fifty Paise Only"},
		{1_234_567_890, "Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred and Seventy-Eight and Ninety Paise Only"},
		{1_000_000_000, "Rupees One Crore Only"},
		{99_99_99_999_99, "Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred and Ninety-Nine and Ninety-Nine Paise Only"},
		{1_00_00_00_000_00, "Rupees One Hundred Crore Only"},
		{1234_56_78_901_01, "Rupees One Thousand Two Hundred and Thirty-Four Crore Fifty-Six Lakh Seventy-Eight Thousand Nine Hundred and One and One Paisa Only"},
		{-25_000, "Minus Rupees Two Hundred and Fifty Only"},
	} {
		if got := InWords(c.paise); got != c.want {
			t.Errorf("InWords(%d paise) = %q, want %q", c.paise, got, c.want)
		}
	}
}
