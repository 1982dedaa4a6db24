// Package coupon keeps the shop's discount codes and decides whether one may be used on an
// order. It guarantees a coupon is used only while active, at or above its minimum, by a first
// order when it says so, and never more often than its usage limit, even under concurrent
// checkouts (the use is counted with a conditional UPDATE in the order's transaction). The
// discount itself is computed by package pricing.
package coupon

import (
	"context"
	"regexp"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/coupon/coupondb"
	"drape/internal/platform/postgres"
	"drape/internal/pricing"
	"drape/internal/shop"
)

// Messages a shopper sees (SPEC §5 and §8).
const (
	msgNotFound  = "Coupon not found"
	msgInactive  = "Coupon is not active."
	msgFirstTime = "This coupon is for your first order only"
	msgUsedUp    = "This coupon has been fully used"
)

var codePattern = regexp.MustCompile(`^[A-Z0-9_-]{3,32}$`)

// Service is the coupon use cases.
type Service struct{ store store }

// NewService makes the coupon service.
func NewService(pool *pgxpool.Pool) *Service { return &Service{store: store{q: coupondb.New(pool)}} }

// Normalize is how a typed code is looked up: trimmed and upper case.
func Normalize(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }

// Active lists the coupons a shopper can see: active and not used up, smallest minimum first.
// firstOrder says whether the shopper has yet to place an order; first-order coupons are
// marked not eligible, with the reason, for others.
func (s *Service) Active(ctx context.Context, firstOrder bool) ([]Coupon, error) {
	rows, err := s.store.q.ActiveCoupons(ctx)
	if err != nil {
		return nil, postgres.Translate(err)
	}
	out := make([]Coupon, len(rows))
	for i, r := range rows {
		out[i] = fromRow(r)
		if out[i].FirstTime && !firstOrder {
			out[i].Eligible, out[i].Reason = false, msgFirstTime
		}
	}
	return out, nil
}

// Check finds the coupon code and decides whether it applies to a subtotal, for a shopper who
// has (firstOrder false) or has not placed an order before, and returns it with its terms.
// Errors: Invalid with the shopper's message — 'Coupon not found', 'Coupon is not active.',
// 'This coupon is for your first order only', 'This coupon has been fully used', or
// 'Add items worth ₹{shortfall} more to use this coupon.'.
func (s *Service) Check(ctx context.Context, code string, subtotal shop.Money, firstOrder bool) (Coupon, error) {
	code = Normalize(code)
	if !codePattern.MatchString(code) {
		return Coupon{}, shop.E(shop.Invalid, msgNotFound)
	}
	row, err := s.store.q.CouponByCode(ctx, code)
	if err != nil {
		if err = postgres.Translate(err); shop.Is(err, shop.NotFound) {
			return Coupon{}, shop.E(shop.Invalid, msgNotFound)
		}
		return Coupon{}, err
	}
	c := fromRow(row)
	switch {
	case !c.Active():
		return Coupon{}, shop.E(shop.Invalid, msgInactive)
	case c.UsageLimit != nil && c.Used >= *c.UsageLimit:
		return Coupon{}, shop.E(shop.Invalid, msgUsedUp)
	case c.FirstTime && !firstOrder:
		return Coupon{}, shop.E(shop.Invalid, msgFirstTime)
	case subtotal < c.MinimumAmount:
		return Coupon{}, shop.E(shop.Invalid, "Add items worth %s more to use this coupon.", c.MinimumAmount-subtotal)
	}
	return c, nil
}

// Terms is what pricing needs to compute c's discount.
func (c Coupon) Terms() *pricing.CouponTerms {
	return &pricing.CouponTerms{Percent: c.Discount, MaxDiscount: c.MaxDiscount}
}

// Redeem counts one use of coupon id in the caller's (order) transaction. Errors: Invalid
// when it was deactivated or used up since it was checked.
func (s *Service) Redeem(ctx context.Context, tx pgx.Tx, id string) error {
	n, err := s.store.q.WithTx(tx).RedeemCoupon(ctx, id)
	if err != nil {
		return postgres.Translate(err)
	}
	if n == 0 {
		return shop.E(shop.Invalid, msgUsedUp)
	}
	return nil
}

// Release gives back one use of the coupon with code, in the caller's transaction (its order
// was cancelled before it shipped).
func (s *Service) Release(ctx context.Context, tx pgx.Tx, code string) error {
	return postgres.Translate(s.store.q.WithTx(tx).ReleaseCoupon(ctx, code))
}

// Create adds a coupon. Errors: Invalid for a bad code or percent, Conflict for a taken code.
func (s *Service) Create(ctx context.Context, in NewCoupon) (Coupon, error) {
	in.Code = Normalize(in.Code)
	p := shop.Problems{}
	p.Check(!codePattern.MatchString(in.Code), "code", "Use 3 to 32 letters, digits, - or _")
	p.Check(in.Discount < 1 || in.Discount > 100, "discount", "Discount must be 1 to 100 percent")
	p.Check(in.MinimumAmount < 0, "mimimumAmount", "Minimum amount cannot be negative")
	p.Check(in.MaxDiscount < 0, "maxDiscount", "Maximum discount cannot be negative")
	p.Check(in.UsageLimit != nil && *in.UsageLimit < 1, "usageLimit", "Usage limit must be at least 1")
	if err := p.Err(); err != nil {
		return Coupon{}, err
	}
	var limit pgtype.Int4
	if in.UsageLimit != nil {
		limit = pgtype.Int4{Int32: int32(*in.UsageLimit), Valid: true}
	}
	err := s.store.q.InsertCoupon(ctx, coupondb.InsertCouponParams{ID: shop.NewID(), Code: in.Code, Description: in.Description,
		Active: in.Active, MinimumAmount: int64(in.MinimumAmount), Discount: int32(in.Discount),
		MaxDiscount: int64(in.MaxDiscount), FirstTime: in.FirstTime, UsageLimit: limit})
	if err != nil {
		err = postgres.Translate(err)
		if shop.Is(err, shop.Conflict) {
			return Coupon{}, shop.E(shop.Conflict, "A coupon with code %s already exists", in.Code)
		}
		return Coupon{}, err
	}
	row, err := s.store.q.CouponByCode(ctx, in.Code)
	if err != nil {
		return Coupon{}, postgres.Translate(err)
	}
	return fromRow(row), nil
}

// Count is how many coupons exist (the demo loader seeds some when there are none).
func (s *Service) Count(ctx context.Context) (int64, error) {
	n, err := s.store.q.CountCoupons(ctx)
	return n, postgres.Translate(err)
}
