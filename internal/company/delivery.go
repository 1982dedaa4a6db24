package company

import (
	"context"
	"slices"
	"strings"

	"drape/internal/company/companydb"
	"drape/internal/shop"
)

// Limits of the delivery settings.
const (
	maxFee             = shop.Money(10_000_00) // ₹10,000: a fee above it is a typo
	maxBlockedPincodes = 5000
	maxRTOLimit        = 100
	maxConfirmHours    = 168 // a week: an order unconfirmed longer is not going to be
)

// Delivery is the shop's delivery settings: its fees and its COD rules. Errors: NotFound
// (NotSetUp) before the company details are saved.
func (s *Service) Delivery(ctx context.Context) (Delivery, error) {
	c, err := s.Get(ctx)
	if err != nil {
		return Delivery{}, err
	}
	return Delivery{Fees: c.Fees, CODRules: c.CODRules, CODConfirmation: c.CODConfirmation}, nil
}

// SaveDelivery replaces the delivery settings with d: blocked pincodes trimmed, deduplicated and
// sorted. Errors: Invalid naming the fields as the wire spells them (an amount below 0, a fee
// above ₹10,000, a pincode that is not 6 digits, more than 5,000 pincodes, an RTO limit above
// 100, confirmation hours outside 1 to 168); NotFound (NotSetUp) before the company details are saved.
func (s *Service) SaveDelivery(ctx context.Context, d Delivery) (Delivery, error) {
	pins := make([]string, 0, len(d.BlockedPincodes))
	p := shop.Problems{}
	for _, pin := range d.BlockedPincodes {
		pin = strings.TrimSpace(pin)
		if pin == "" {
			continue
		}
		if !pinCode.MatchString(pin) {
			p.Add("codBlockedPincodes", "Every blocked pincode must be 6 digits: "+pin+" is not")
			break
		}
		pins = append(pins, pin)
	}
	slices.Sort(pins)
	pins = slices.Compact(pins)
	d.BlockedPincodes = pins
	p.Check(len(pins) > maxBlockedPincodes, "codBlockedPincodes", "At most 5000 pincodes may be blocked")
	p.Check(d.FreeShippingAbove < 0, "freeShippingAbove", "Free shipping above must not be negative")
	p.Check(d.ShippingFee < 0 || d.ShippingFee > maxFee, "shippingFee", "Shipping fee must be from ₹0 to ₹10000")
	p.Check(d.CODFee < 0 || d.CODFee > maxFee, "codFee", "COD fee must be from ₹0 to ₹10000")
	p.Check(d.MaxOrder < 0, "codMaxOrder", "The COD order limit must not be negative")
	p.Check(d.RTOLimit < 0 || d.RTOLimit > maxRTOLimit, "codRtoLimit", "The RTO limit must be from 0 to 100")
	p.Check(d.Hours < 1 || d.Hours > maxConfirmHours, "codConfirmHours", "Unconfirmed COD orders must be cancelled after 1 to 168 hours")
	if err := p.Err(); err != nil {
		return Delivery{}, err
	}
	n, err := s.store.q.SaveDelivery(ctx, companydb.SaveDeliveryParams{FreeShippingAbove: int64(d.FreeShippingAbove),
		ShippingFee: int64(d.ShippingFee), CodFee: int64(d.CODFee), CodMaxOrder: int64(d.MaxOrder),
		CodBlockedPincodes: pins, CodRtoLimit: int32(d.RTOLimit),
		CodConfirm: d.Required, CodConfirmHours: int32(d.Hours)})
	if err != nil {
		return Delivery{}, err
	}
	if n == 0 {
		return Delivery{}, shop.E(shop.NotFound, NotSetUp)
	}
	s.mu.Lock()
	s.kept = nil
	s.mu.Unlock()
	return s.Delivery(ctx)
}

// Blocks reports whether the rules refuse cash on delivery to pincode.
func (r CODRules) Blocks(pincode string) bool {
	_, found := slices.BinarySearch(r.BlockedPincodes, pincode)
	return found
}
