package coupon

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"

	"drape/internal/platform/dbtest"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
)

func TestCheck(t *testing.T) {
	pool, _ := dbtest.New(t)
	s := NewService(pool)
	ctx := context.Background()
	for _, c := range []NewCoupon{
		{Code: "WELCOME15", Active: true, Discount: 15, MinimumAmount: shop.Rupees(999), MaxDiscount: shop.Rupees(750), FirstTime: true},
		{Code: "FESTIVE10", Active: true, Discount: 10, MinimumAmount: shop.Rupees(1999)},
		{Code: "ENDED", Active: false, Discount: 30},
	} {
		if _, err := s.Create(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Create(ctx, NewCoupon{Code: "festive10", Discount: 5}); !shop.Is(err, shop.Conflict) {
		t.Errorf("a taken code (any case): %v", err)
	}
	for _, bad := range []NewCoupon{{Code: "X", Discount: 5}, {Code: "OK10", Discount: 0}, {Code: "OK10", Discount: 101}, {Code: "OK10", Discount: 5, MaxDiscount: -1}} {
		if _, err := s.Create(ctx, bad); !shop.Is(err, shop.Invalid) {
			t.Errorf("create %+v: %v, want Invalid", bad, err)
		}
	}
	for _, c := range []struct {
		code     string
		subtotal shop.Money
		first    bool
		want     string
	}{
		{" welcome15 ", shop.Rupees(1000), true, ""},
		{"WELCOME15", shop.Rupees(1000), false, "This coupon is for your first order only"},
		{"WELCOME15", shop.Rupees(998), true, "Add items worth ₹1 more to use this coupon."},
		{"FESTIVE10", shop.Money(150050), false, "Add items worth ₹498.50 more to use this coupon."},
		{"FESTIVE10", shop.Rupees(1999), false, ""},
		{"ENDED", shop.Rupees(5000), true, "Coupon is not active."},
		{"NOSUCH", shop.Rupees(5000), true, "Coupon not found"},
		{"<script>", shop.Rupees(5000), true, "Coupon not found"},
	} {
		got, err := s.Check(ctx, c.code, c.subtotal, c.first)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q at %s: %v", c.code, c.subtotal, err)
		case c.want == "" && got.Code != Normalize(c.code):
			t.Errorf("%q: got %q", c.code, got.Code)
		case c.want != "" && (err == nil || err.Error() != c.want || !shop.Is(err, shop.Invalid)):
			t.Errorf("%q at %s first %v: %v, want %q", c.code, c.subtotal, c.first, err, c.want)
		}
	}
	list, err := s.Active(ctx, false)
	if err != nil || len(list) != 2 || list[0].Code != "WELCOME15" || list[0].Eligible || list[0].Reason == "" || !list[1].Eligible {
		t.Fatalf("active for a returning buyer: %+v %v", list, err)
	}
}

// TestUsageLimitHoldsUnderConcurrentCheckouts: 20 orders race for a coupon good for 5 uses;
// exactly 5 count it, and releasing a use lets one more in.
func TestUsageLimitHoldsUnderConcurrentCheckouts(t *testing.T) {
	pool, _ := dbtest.New(t)
	s := NewService(pool)
	ctx := context.Background()
	limit := 5
	c, err := s.Create(ctx, NewCoupon{Code: "FIRST5", Active: true, Discount: 50, UsageLimit: &limit})
	if err != nil {
		t.Fatal(err)
	}
	var redeemed atomic.Int32
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error { return s.Redeem(ctx, tx, c.ID) })
			if err == nil {
				redeemed.Add(1)
			} else if err.Error() != "This coupon has been fully used" {
				t.Errorf("a losing redeem: %v", err)
			}
		}()
	}
	wg.Wait()
	if redeemed.Load() != 5 {
		t.Fatalf("redeemed %d times, want 5", redeemed.Load())
	}
	if _, err := s.Check(ctx, "FIRST5", shop.Rupees(100), true); err == nil || err.Error() != "This coupon has been fully used" {
		t.Fatalf("check when used up: %v", err)
	}
	if err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error { return s.Release(ctx, tx, "FIRST5") }); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Check(ctx, "FIRST5", shop.Rupees(100), true); err != nil {
		t.Fatalf("check after a release: %v", err)
	}
}
