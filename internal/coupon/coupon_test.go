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

func TestBackOfficeCoupons(t *testing.T) {
	pool, _ := dbtest.New(t)
	s := NewService(pool)
	ctx := context.Background()
	limit := 10
	fest, err := s.Create(ctx, NewCoupon{Code: " fest-10 ", Description: " Festive ", Active: true, Discount: 10, MinimumAmount: shop.Rupees(999), UsageLimit: &limit})
	if err != nil || fest.Code != "FEST-10" || fest.Description != "Festive" || fest.Used != 0 || fest.Status != StatusActive {
		t.Fatalf("create: %+v %v", fest, err)
	}
	spare, err := s.Create(ctx, NewCoupon{Code: "SPARE", Discount: 5})
	if err != nil || spare.Status != StatusInactive {
		t.Fatalf("create inactive: %+v %v", spare, err)
	}
	page := shop.Page{Number: 1, Size: 10}
	for _, c := range []struct {
		status, search string
		want           []string
	}{
		{"", "", []string{"SPARE", "FEST-10"}}, {"active", "", []string{"FEST-10"}}, {"inactive", "", []string{"SPARE"}},
		{"", "fest", []string{"FEST-10"}}, {"", "%", nil}, {"", "_", nil},
	} {
		l, err := s.AdminList(ctx, c.status, c.search, page)
		if err != nil || len(l.Items) != len(c.want) || int(l.Total) != len(c.want) {
			t.Fatalf("list %q %q: %+v %v", c.status, c.search, l, err)
		}
		for i, code := range c.want {
			if l.Items[i].Code != code {
				t.Errorf("list %q %q: item %d is %s, want %s", c.status, c.search, i, l.Items[i].Code, code)
			}
		}
	}
	if _, err := s.AdminList(ctx, "expired", "", page); !shop.Is(err, shop.Invalid) {
		t.Fatalf("unknown status: %v", err)
	}

	// Update: terms change, code too while unused; a taken code is a conflict.
	up, err := s.Update(ctx, spare.ID, NewCoupon{Code: "spare15", Active: true, Discount: 15, MaxDiscount: shop.Rupees(300)})
	if err != nil || up.Code != "SPARE15" || up.Discount != 15 || up.MaxDiscount != shop.Rupees(300) || !up.Active() {
		t.Fatalf("update: %+v %v", up, err)
	}
	if _, err := s.Update(ctx, spare.ID, NewCoupon{Code: "FEST-10", Discount: 15}); !shop.Is(err, shop.Conflict) {
		t.Fatalf("a taken code: %v", err)
	}
	if _, err := s.Update(ctx, spare.ID, NewCoupon{Code: "SPARE15", Discount: 0}); !shop.Is(err, shop.Invalid) {
		t.Fatalf("bad terms: %v", err)
	}
	if _, err := s.Update(ctx, "0123456789abcdef01234567", NewCoupon{Code: "NEW1", Discount: 5}); !shop.Is(err, shop.NotFound) {
		t.Fatalf("unknown coupon: %v", err)
	}

	// Once used, the code stays and the limit cannot drop below the uses; delete is refused.
	for range 3 {
		if err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error { return s.Redeem(ctx, tx, fest.ID) }); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Update(ctx, fest.ID, NewCoupon{Code: "FEST-20", Active: true, Discount: 20}); !shop.Is(err, shop.Conflict) {
		t.Fatalf("renaming a used coupon: %v", err)
	}
	two := 2
	if _, err := s.Update(ctx, fest.ID, NewCoupon{Code: "FEST-10", Active: true, Discount: 20, UsageLimit: &two}); !shop.Is(err, shop.Invalid) {
		t.Fatalf("a limit below the uses: %v", err)
	}
	if err := s.Delete(ctx, fest.ID); !shop.Is(err, shop.Conflict) {
		t.Fatalf("deleting a used coupon: %v", err)
	}
	off, err := s.SetActive(ctx, fest.ID, false)
	if err != nil || off.Active() || off.Used != 3 {
		t.Fatalf("deactivate: %+v %v", off, err)
	}
	if _, err := s.Check(ctx, "FEST-10", shop.Rupees(5000), true); err == nil || err.Error() != "Coupon is not active." {
		t.Fatalf("a deactivated coupon applies: %v", err)
	}
	if _, err := s.SetActive(ctx, "0123456789abcdef01234567", true); !shop.Is(err, shop.NotFound) {
		t.Fatalf("unknown coupon: %v", err)
	}
	if err := s.Delete(ctx, spare.ID); err != nil {
		t.Fatalf("deleting an unused coupon: %v", err)
	}
	if _, err := s.Get(ctx, spare.ID); !shop.Is(err, shop.NotFound) {
		t.Fatalf("deleted coupon: %v", err)
	}
	if err := s.Delete(ctx, spare.ID); !shop.Is(err, shop.NotFound) {
		t.Fatalf("deleting twice: %v", err)
	}
}
