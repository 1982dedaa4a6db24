package shop

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"
)

func TestMoneyJSONRoundTrip(t *testing.T) {
	cases := []struct {
		in   string
		want Money
		out  string
	}{
		{"1999", 199900, "1999"},
		{"1499.5", 149950, "1499.5"},
		{"0.05", 5, "0.05"},
		{"0", 0, "0"},
	}
	for _, c := range cases {
		var m Money
		if err := json.Unmarshal([]byte(c.in), &m); err != nil {
			t.Fatalf("unmarshal %s: %v", c.in, err)
		}
		if m != c.want {
			t.Errorf("unmarshal %s = %d paise, want %d", c.in, m, c.want)
		}
		b, _ := json.Marshal(m)
		if string(b) != c.out {
			t.Errorf("marshal %d = %s, want %s", m, b, c.out)
		}
	}
	for _, bad := range []string{`"12"`, `null1`, `1e400`, `true`} {
		var m Money
		if err := json.Unmarshal([]byte(bad), &m); err == nil {
			t.Errorf("unmarshal %s: want error, got %d", bad, m)
		}
	}
}

func TestMoneyString(t *testing.T) {
	cases := map[Money]string{
		199900:    "₹1,999",
		14999900:  "₹1,49,999",
		149950:    "₹1,499.50",
		0:         "₹0",
		-50000:    "-₹500",
		100000000: "₹10,00,000",
	}
	for m, want := range cases {
		if got := m.String(); got != want {
			t.Errorf("%d paise = %q, want %q", int64(m), got, want)
		}
	}
}

func TestNewIDShape(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 1000; i++ {
		id := NewID()
		if !IsID(id) {
			t.Fatalf("NewID() = %q is not a wire id", id)
		}
		if seen[id] {
			t.Fatalf("NewID() repeated %q", id)
		}
		seen[id] = true
	}
	for _, bad := range []string{"", "abc", "zzzzzzzzzzzzzzzzzzzzzzzz", "0123456789abcdef012345678"} {
		if IsID(bad) {
			t.Errorf("IsID(%q) = true", bad)
		}
	}
}

func TestParsePage(t *testing.T) {
	p, err := ParsePage("", "", 12, 100)
	if err != nil || p.Number != 1 || p.Size != 12 || p.Offset() != 0 {
		t.Fatalf("defaults = %+v, %v", p, err)
	}
	p, err = ParsePage("3", "10", 12, 100)
	if err != nil || p.Offset() != 20 {
		t.Fatalf("page 3 of 10 = %+v, %v", p, err)
	}
	for _, c := range [][2]string{{"0", ""}, {"-1", ""}, {"x", ""}, {"", "0"}, {"", "101"}, {"", "ten"}} {
		if _, err := ParsePage(c[0], c[1], 12, 100); !Is(err, Invalid) {
			t.Errorf("ParsePage(%q, %q) = %v, want Invalid", c[0], c[1], err)
		}
	}
	if TotalPages(0, 12) != 0 || TotalPages(12, 12) != 1 || TotalPages(13, 12) != 2 {
		t.Error("TotalPages is off at the edges")
	}
}

func TestKindOfFollowsTheChain(t *testing.T) {
	err := fmt.Errorf("placing order: %w", E(Conflict, "Only 1 left in size M"))
	if KindOf(err) != Conflict {
		t.Fatalf("KindOf = %v", KindOf(err))
	}
	if KindOf(errors.New("boom")) != Internal {
		t.Fatal("plain errors must be Internal")
	}
	p := Problems{}
	p.Check(true, "email", "Email is required")
	p.Check(true, "email", "second message is ignored")
	p.Check(false, "name", "never")
	var e *Error
	if !errors.As(p.Err(), &e) || e.Kind != Invalid || e.Fields["email"] != "Email is required" || len(e.Fields) != 1 {
		t.Fatalf("Problems.Err = %#v", p.Err())
	}
	if (Problems{}).Err() != nil {
		t.Fatal("no problems must be a nil error")
	}
}
