package shiprocket

import (
	"strings"
	"testing"
)

// FuzzParseStatusUpdate feeds any body to the courier webhook's parser: it never panics, and
// what it accepts has a status and something to match the order by, with a dedupe key that
// depends on nothing but the update.
func FuzzParseStatusUpdate(f *testing.F) {
	f.Add([]byte(`{"awb":"19041211125783","current_status":"IN TRANSIT","order_id":"DRP000000001","current_timestamp":"23 05 2023 11:43:52","scans":[{"date":"2023-05-23 11:43:52","activity":"In Transit","location":"Mumbai"}]}`))
	f.Add([]byte(`{"current_status":"Delivered","sr_order_id":"12345","is_return":"1"}`))
	f.Add([]byte(`{"current_status":"  ","awb":"x"}`))
	f.Add([]byte(`{"current_status":7,"order_id":[]}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, body []byte) {
		u, err := ParseStatusUpdate(body)
		if err != nil {
			return
		}
		if strings.TrimSpace(u.CurrentStatus) == "" {
			t.Fatalf("accepted an update without a status: %s", body)
		}
		if u.OrderID == "" && u.SROrderID == 0 && u.AWB == "" {
			t.Fatalf("accepted an update with nothing to match an order by: %s", body)
		}
		if again, _ := ParseStatusUpdate(body); again.DedupeKey() != u.DedupeKey() {
			t.Fatal("the same body gave two dedupe keys")
		}
		_ = u.Status()
		_, _ = u.Time()
	})
}
