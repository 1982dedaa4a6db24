package gst

import (
	"time"

	"drape/internal/shop"
)

// Rate is a tax rate in basis points (hundredths of a percent): 500 is 5%, 1800 is 18%.
type Rate int

// Percent is the rate in percent: 5, 12, 18, 2.5.
func (r Rate) Percent() float64 { return float64(r) / 100 }

// IST is Indian Standard Time: invoice dates, and so the rates in force, are IST dates.
var IST = time.FixedZone("IST", 5*3600+30*60)

// Band is the rate rule for apparel (HSN chapters 61 and 62) from one date until the next
// band's: a piece whose taxable value is at most Threshold is taxed at Low, a dearer one at
// High (INDIA.md §1 "Rate by value per piece").
type Band struct {
	From      time.Time  // first IST day the band applies
	Chapters  []string   // the HSN chapters it covers (the first two digits of the code)
	Threshold shop.Money // per-piece taxable value at or below which Low applies
	Low, High Rate
}

// Rates is a schedule of bands, oldest first. An invoice uses the bands in force on its date.
type Rates []Band

// Apparel is drape's schedule: 5% up to ₹1,000 a piece and 12% above from the start of GST
// (1 July 2017); 5% up to ₹2,500 and 18% above from 22 September 2025 (Notification
// 9/2025-Central Tax (Rate)).
var Apparel = Rates{
	{From: day(2017, time.July, 1), Chapters: []string{"61", "62"}, Threshold: shop.Rupees(1000), Low: 500, High: 1200},
	{From: day(2025, time.September, 22), Chapters: []string{"61", "62"}, Threshold: shop.Rupees(2500), Low: 500, High: 1800},
}

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, IST) }

// band is the band for hsn in force at t, or false when none covers it.
func (rs Rates) band(hsn string, t time.Time) (Band, bool) {
	var found Band
	ok := false
	for _, b := range rs {
		if t.Before(b.From) || len(hsn) < 2 {
			continue
		}
		for _, ch := range b.Chapters {
			if hsn[:2] == ch && (!ok || !b.From.Before(found.From)) {
				found, ok = b, true
			}
		}
	}
	return found, ok
}

// pieceRate is the rate of a piece whose GST-inclusive value is inclusive (paise). The piece is
// in the low band when its taxable value at the low rate, inclusive ÷ (1 + Low), is at most
// the threshold: exactly inclusive ≤ Threshold × (1 + Low), so ₹2,625 is 5% and ₹2,625.01 is
// 18% today. Above that neither rate is self-consistent up to Threshold × (1 + High) (₹2,950):
// drape taxes that gap at High, so the tax declared is never less than either reading gives.
func (b Band) pieceRate(inclusive shop.Money) Rate {
	if int64(inclusive)*10_000 <= int64(b.Threshold)*int64(10_000+b.Low) {
		return b.Low
	}
	return b.High
}
