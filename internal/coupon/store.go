package coupon

import (
	"drape/internal/coupon/coupondb"
	"drape/internal/shop"
)

// store reads and writes coupons.
type store struct{ q *coupondb.Queries }

func fromRow(r coupondb.Coupon) Coupon {
	c := Coupon{ID: r.ID, Name: r.Code, Code: r.Code, Description: r.Description, Status: StatusInactive,
		MinimumAmount: shop.Money(r.MinimumAmount), Discount: int(r.Discount), MaxDiscount: shop.Money(r.MaxDiscount),
		FirstTime: r.FirstTime, Used: int(r.Used), Eligible: r.Active}
	if r.Active {
		c.Status = StatusActive
	}
	if r.UsageLimit.Valid {
		limit := int(r.UsageLimit.Int32)
		c.UsageLimit = &limit
	}
	return c
}
