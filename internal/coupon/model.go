package coupon

import "drape/internal/shop"

// Coupon is a discount code (SPEC §3 Coupon; JSON names as the spec spells them, mimimumAmount
// included). Eligible and Reason describe it for one shopper when a list is made for them.
type Coupon struct {
	ID            string     `json:"_id"`
	Name          string     `json:"name"`
	Code          string     `json:"code"`
	Description   string     `json:"description"`
	Status        string     `json:"status"` // "active" or "inactive"
	MinimumAmount shop.Money `json:"mimimumAmount"`
	Discount      int        `json:"discount"`    // percent of the subtotal
	MaxDiscount   shop.Money `json:"maxDiscount"` // 0: no cap
	FirstTime     bool       `json:"firstTime"`   // only for a shopper's first order
	UsageLimit    *int       `json:"usageLimit"`  // nil: unlimited
	Used          int        `json:"used"`
	Eligible      bool       `json:"eligible"`
	Reason        string     `json:"reason"`
}

// Active reports whether the coupon can be used at all.
func (c Coupon) Active() bool { return c.Status == StatusActive }

// Statuses of a coupon.
const (
	StatusActive   = "active"
	StatusInactive = "inactive"
)

// NewCoupon is a coupon to create.
type NewCoupon struct {
	Code          string
	Description   string
	Active        bool
	MinimumAmount shop.Money
	Discount      int
	MaxDiscount   shop.Money
	FirstTime     bool
	UsageLimit    *int
}

// List is one page of the back office's coupon list.
type List struct {
	Items      []Coupon `json:"items"`
	Page       int      `json:"page"`
	TotalPages int      `json:"totalPages"`
	Total      int64    `json:"total"`
}
