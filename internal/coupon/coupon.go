// Package coupon keeps the shop's discount codes and decides whether one may be used on an
// order. It guarantees a coupon is used only while active, at or above its minimum, by a first
// order when it says so, and never more often than its usage limit, even under concurrent
// checkouts (the use is counted with a conditional UPDATE in the order's transaction). The
// discount itself is computed by package pricing. In the back office a coupon any order has
// used keeps its code (orders name it, and a cancelled order gives its use back by code, and
// takes it again by code when a late payment reinstates it) and is never deleted, only
// deactivated.
package coupon

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

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
type Service struct {
	pool  *pgxpool.Pool
	store store
}

// NewService makes the coupon service.
func NewService(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, store: store{q: coupondb.New(postgres.Translating(pool))}}
}

// Normalize is how a typed code is looked up: trimmed and upper case.
func Normalize(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }

// Active lists the coupons a shopper can see: active and not used up, smallest minimum first.
// firstOrder says whether the shopper has yet to place an order; first-order coupons are
// marked not eligible, with the reason, for others.
func (s *Service) Active(ctx context.Context, firstOrder bool) ([]Coupon, error) {
	rows, err := s.store.q.ActiveCoupons(ctx)
	if err != nil {
		return nil, err
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
		if shop.Is(err, shop.NotFound) {
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
		return err
	}
	if n == 0 {
		return shop.E(shop.Invalid, msgUsedUp)
	}
	return nil
}

// RedeemCode counts one use of the coupon with code again, in the caller's transaction, for
// an order that gave its use back and is being reinstated, and says whether the coupon is for
// first orders only (the caller checks that rule). Errors: Invalid 'Coupon is not active.'
// or 'This coupon has been fully used' (also for a coupon no longer there).
func (s *Service) RedeemCode(ctx context.Context, tx pgx.Tx, code string) (firstTime bool, err error) {
	q := s.store.q.WithTx(tx)
	redeemed, err := q.RedeemCouponByCode(ctx, code)
	if err != nil {
		return false, err
	}
	if len(redeemed) == 1 {
		return redeemed[0], nil
	}
	if row, err := q.CouponByCode(ctx, code); err == nil && !row.Active {
		return false, shop.E(shop.Invalid, msgInactive)
	}
	return false, shop.E(shop.Invalid, msgUsedUp)
}

// Release gives back one use of the coupon with code, in the caller's transaction (its order
// was cancelled before it shipped).
func (s *Service) Release(ctx context.Context, tx pgx.Tx, code string) error {
	return s.store.q.WithTx(tx).ReleaseCoupon(ctx, code)
}

// Create adds a coupon. Errors: Invalid (fields: code, description, discount,
// mimimumAmount, maxDiscount, usageLimit), Conflict for a taken code.
func (s *Service) Create(ctx context.Context, in NewCoupon) (Coupon, error) {
	in = normalized(in)
	if err := validate(in); err != nil {
		return Coupon{}, err
	}
	id := shop.NewID()
	err := s.store.q.InsertCoupon(ctx, coupondb.InsertCouponParams{ID: id, Code: in.Code, Description: in.Description,
		Active: in.Active, MinimumAmount: int64(in.MinimumAmount), Discount: int32(in.Discount),
		MaxDiscount: int64(in.MaxDiscount), FirstTime: in.FirstTime, UsageLimit: limitOf(in.UsageLimit)})
	if err != nil {
		return Coupon{}, codeTaken(err, in.Code)
	}
	return s.Get(ctx, id)
}

// Limits of a coupon's terms.
const (
	descriptionMaxLength = 200
	maxAmount            = shop.Money(1_00_00_000 * 100) // ₹1 crore
	maxUsageLimit        = 10_000_000
)

func normalized(in NewCoupon) NewCoupon {
	in.Code, in.Description = Normalize(in.Code), strings.TrimSpace(in.Description)
	return in
}

// validate checks a coupon's terms, naming the fields as the wire spells them.
func validate(in NewCoupon) error {
	p := shop.Problems{}
	CheckTerms(in, p)
	return p.Err()
}

// CheckTerms adds what is wrong with a coupon's terms (code as typed: it is trimmed and
// upper-cased first) to p, naming the fields as the wire spells them, so a form can show them
// with its own problems at once. Create and Update check the same.
func CheckTerms(in NewCoupon, p shop.Problems) {
	in = normalized(in)
	p.Check(in.Code == "", "code", "Code is required")
	p.Check(in.Code != "" && !codePattern.MatchString(in.Code), "code", "Use 3 to 32 letters, digits, - or _")
	p.Check(utf8.RuneCountInString(in.Description) > descriptionMaxLength, "description", "Description must be at most 200 characters")
	p.Check(in.Discount < 1 || in.Discount > 100, "discount", "Discount must be 1 to 100 percent")
	p.Check(in.MinimumAmount < 0, "mimimumAmount", "Minimum amount cannot be negative")
	p.Check(in.MinimumAmount > maxAmount, "mimimumAmount", "Minimum amount must be at most ₹1,00,00,000")
	p.Check(in.MaxDiscount < 0, "maxDiscount", "Maximum discount cannot be negative")
	p.Check(in.MaxDiscount > maxAmount, "maxDiscount", "Maximum discount must be at most ₹1,00,00,000")
	p.Check(in.UsageLimit != nil && *in.UsageLimit < 1, "usageLimit", "Usage limit must be at least 1")
	p.Check(in.UsageLimit != nil && *in.UsageLimit > maxUsageLimit, "usageLimit", "Usage limit must be at most 10,000,000")
}

func limitOf(limit *int) pgtype.Int4 {
	if limit == nil {
		return pgtype.Int4{}
	}
	return pgtype.Int4{Int32: int32(*limit), Valid: true}
}

func codeTaken(err error, code string) error {
	if shop.Is(err, shop.Conflict) {
		return &shop.Error{Kind: shop.Conflict, Message: fmt.Sprintf("A coupon with code %s already exists", code),
			Fields: map[string]string{"code": "This code is taken"}}
	}
	return err
}

// Get is one coupon with its use count. Errors: NotFound.
func (s *Service) Get(ctx context.Context, id string) (Coupon, error) {
	if !shop.IsID(id) {
		return Coupon{}, shop.E(shop.NotFound, msgNotFound)
	}
	row, err := s.store.q.CouponByID(ctx, id)
	if err != nil {
		if shop.Is(err, shop.NotFound) {
			return Coupon{}, shop.E(shop.NotFound, msgNotFound)
		}
		return Coupon{}, err
	}
	return fromRow(row), nil
}

// AdminList is one page of every coupon, newest first, with use counts. status is active,
// inactive or empty for all; search a part of the code. Errors: Invalid for another status.
func (s *Service) AdminList(ctx context.Context, status, search string, page shop.Page) (List, error) {
	status = strings.ToLower(strings.TrimSpace(status))
	if status != "" && status != StatusActive && status != StatusInactive {
		return List{}, &shop.Error{Kind: shop.Invalid, Message: "status must be active or inactive",
			Fields: map[string]string{"status": "status must be active or inactive"}}
	}
	search = likeEscaper.Replace(Normalize(search))
	total, err := s.store.q.CountAdminCoupons(ctx, coupondb.CountAdminCouponsParams{Status: status, Search: search})
	if err != nil {
		return List{}, err
	}
	rows, err := s.store.q.AdminCoupons(ctx, coupondb.AdminCouponsParams{Status: status, Search: search,
		PageSize: int32(page.Size), PageOffset: int32(page.Offset())})
	if err != nil {
		return List{}, err
	}
	l := List{Items: make([]Coupon, len(rows)), Page: page.Number, TotalPages: shop.TotalPages(total, page.Size), Total: total}
	for i, r := range rows {
		l.Items[i] = fromRow(r)
	}
	return l, nil
}

// likeEscaper makes text match itself in a LIKE pattern.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// Update replaces a coupon's terms. A coupon orders have used keeps its code (orders name it,
// and a cancelled order gives its use back by code), and its usage limit cannot drop below its
// uses. Errors: Invalid (fields as Create; usageLimit below the uses), NotFound, Conflict for
// a taken code or a new code on a used coupon.
func (s *Service) Update(ctx context.Context, id string, in NewCoupon) (Coupon, error) {
	in = normalized(in)
	if err := validate(in); err != nil {
		return Coupon{}, err
	}
	if !shop.IsID(id) {
		return Coupon{}, shop.E(shop.NotFound, msgNotFound)
	}
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		row, err := q.CouponForUpdate(ctx, id)
		if shop.Is(err, shop.NotFound) {
			return shop.E(shop.NotFound, msgNotFound)
		} else if err != nil {
			return err
		}
		if in.Code != row.Code {
			orders, err := q.CouponOrders(ctx, row.Code)
			if err != nil {
				return err
			}
			if row.Used > 0 || orders > 0 {
				return &shop.Error{Kind: shop.Conflict, Message: "Orders have used this coupon: its code cannot change",
					Fields: map[string]string{"code": "Orders have used this code: it cannot change"}}
			}
		}
		if in.UsageLimit != nil && *in.UsageLimit < int(row.Used) {
			return &shop.Error{Kind: shop.Invalid, Message: fmt.Sprintf("Usage limit cannot be below the %d uses so far", row.Used),
				Fields: map[string]string{"usageLimit": fmt.Sprintf("Usage limit cannot be below the %d uses so far", row.Used)}}
		}
		err = q.UpdateCoupon(ctx, coupondb.UpdateCouponParams{ID: id, Code: in.Code, Description: in.Description, Active: in.Active,
			MinimumAmount: int64(in.MinimumAmount), Discount: int32(in.Discount), MaxDiscount: int64(in.MaxDiscount),
			FirstTime: in.FirstTime, UsageLimit: limitOf(in.UsageLimit)})
		return codeTaken(err, in.Code)
	})
	if err != nil {
		return Coupon{}, err
	}
	return s.Get(ctx, id)
}

// SetActive switches a coupon on or off: an inactive coupon cannot be applied, and orders
// placed with it keep their discount. Errors: NotFound.
func (s *Service) SetActive(ctx context.Context, id string, active bool) (Coupon, error) {
	if !shop.IsID(id) {
		return Coupon{}, shop.E(shop.NotFound, msgNotFound)
	}
	n, err := s.store.q.SetCouponActive(ctx, coupondb.SetCouponActiveParams{ID: id, Active: active})
	if err != nil {
		return Coupon{}, err
	}
	if n == 0 {
		return Coupon{}, shop.E(shop.NotFound, msgNotFound)
	}
	return s.Get(ctx, id)
}

// Delete removes a coupon no order has used. A used coupon stays, for the orders that name
// it: deactivate it instead. Errors: NotFound, Conflict for a used coupon.
func (s *Service) Delete(ctx context.Context, id string) error {
	if !shop.IsID(id) {
		return shop.E(shop.NotFound, msgNotFound)
	}
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		row, err := q.CouponForUpdate(ctx, id)
		if shop.Is(err, shop.NotFound) {
			return shop.E(shop.NotFound, msgNotFound)
		} else if err != nil {
			return err
		}
		orders, err := q.CouponOrders(ctx, row.Code)
		if err != nil {
			return err
		}
		if row.Used > 0 || orders > 0 {
			n := max(int64(row.Used), orders)
			return shop.E(shop.Conflict, "This coupon is on %d order(s), so it cannot be deleted: deactivate it instead", n)
		}
		return q.DeleteCoupon(ctx, id)
	})
}

// Count is how many coupons exist (the demo loader seeds some when there are none).
func (s *Service) Count(ctx context.Context) (int64, error) {
	n, err := s.store.q.CountCoupons(ctx)
	return n, err
}
