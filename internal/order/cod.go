package order

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"drape/internal/company"
	"drape/internal/delivery"
	"drape/internal/order/orderdb"
	"drape/internal/shop"
)

// Routes is what placing an order asks of the pincode check; *delivery.Service is the real one.
type Routes interface {
	Route(ctx context.Context, pincode string) (delivery.Route, error)
}

// CheckRoutesWith makes placing refuse pincodes the courier does not serve and cash on
// delivery where it collects no cash. Without it (tests of other things), every pincode is
// taken.
func (s *Service) CheckRoutesWith(routes Routes) { s.routes = routes }

// Reasons cash on delivery is refused, as checkout shows them.
const (
	msgCODPincode = "Cash on delivery is not available for pincode %s. Please pay online."
	msgCODCap     = "Cash on delivery is available for orders up to %s. Please pay online."
	msgCODAccount = "Cash on delivery is not available for your account. Please pay online."
	msgNotServed  = "Sorry, we do not deliver to pincode %s yet. Please choose another address."
)

// CODOption is whether an order may be paid on delivery, and why not.
type CODOption struct {
	Available bool   `json:"available"`
	Reason    string `json:"reason,omitempty"`
}

// route is what the courier says of pincode (unknown without a pincode check).
func (s *Service) route(ctx context.Context, pincode string) (delivery.Route, error) {
	if s.routes == nil {
		return delivery.Route{}, nil
	}
	r, err := s.routes.Route(ctx, pincode)
	if shop.Is(err, shop.Invalid) {
		return delivery.Route{}, nil // an address saved before pincodes were checked: the courier decides
	}
	return r, err
}

// notServed is the refusal of an order to a pincode the courier does not serve, or nil.
func notServed(r delivery.Route, pincode string) error {
	if r.Known && !r.Serviceable {
		return &shop.Error{Kind: shop.Conflict, Message: shop.E(shop.Conflict, msgNotServed, pincode).Message,
			Fields: map[string]string{"address": "Not deliverable"}}
	}
	return nil
}

// codOption says whether userID may pay total on delivery to pincode under the shop's rules
// and the courier's route: the pincode blocklist and prepaid-only pincodes, the order cap,
// then the customer's returned-to-origin orders (an admin's override first).
func (s *Service) codOption(ctx context.Context, q *orderdb.Queries, userID, pincode string, total shop.Money, rules company.CODRules, r delivery.Route) (CODOption, error) {
	switch {
	case rules.Blocks(pincode) || r.PrepaidOnly():
		return CODOption{Reason: shop.E(shop.Conflict, msgCODPincode, pincode).Message}, nil
	case rules.MaxOrder > 0 && total > rules.MaxOrder:
		return CODOption{Reason: shop.E(shop.Conflict, msgCODCap, rules.MaxOrder.String()).Message}, nil
	}
	override, err := q.CODOverride(ctx, userID)
	switch {
	case err == nil && override.Allowed:
		return CODOption{Available: true}, nil
	case err == nil:
		return CODOption{Reason: msgCODAccount}, nil
	case !shop.Is(err, shop.NotFound):
		return CODOption{}, err
	}
	if rules.RTOLimit > 0 {
		n, err := q.RTOCount(ctx, userID)
		if err != nil {
			return CODOption{}, err
		}
		if n >= int64(rules.RTOLimit) {
			return CODOption{Reason: msgCODAccount}, nil
		}
	}
	return CODOption{Available: true}, nil
}

// CODStanding is a customer's standing for cash on delivery, as the back office sees it.
type CODStanding struct {
	UserID    string `json:"userId"`
	RTOOrders int64  `json:"rtoOrders"`
	RTOLimit  int    `json:"rtoLimit"`
	// Override is the admin's word: true allows COD whatever the count, false refuses it, nil
	// leaves it to the limit.
	Override  *bool      `json:"override"`
	Note      string     `json:"note"`
	UpdatedBy string     `json:"updatedBy,omitempty"`
	UpdatedAt *time.Time `json:"updatedAt,omitempty"`
	// Allowed is whether the account may pay on delivery (before the order's own rules).
	Allowed bool `json:"allowed"`
}

// CODStanding is userID's COD standing. Errors: NotFound when there is no such user.
func (s *Service) CODStanding(ctx context.Context, userID string) (CODStanding, error) {
	if !shop.IsID(userID) {
		return CODStanding{}, shop.E(shop.NotFound, "User not found")
	}
	firm, err := s.company.Get(ctx)
	if err != nil && !shop.Is(err, shop.NotFound) {
		return CODStanding{}, err
	}
	n, err := s.store.q.RTOCount(ctx, userID)
	if err != nil {
		return CODStanding{}, err
	}
	st := CODStanding{UserID: userID, RTOOrders: n, RTOLimit: firm.CODRules.RTOLimit}
	o, err := s.store.q.CODOverride(ctx, userID)
	switch {
	case err == nil:
		st.Override, st.Note, st.UpdatedBy, st.UpdatedAt = &o.Allowed, o.Note, o.UpdatedBy, &o.UpdatedAt
	case !shop.Is(err, shop.NotFound):
		return CODStanding{}, err
	}
	st.Allowed = (st.Override != nil && *st.Override) || (st.Override == nil && (st.RTOLimit == 0 || n < int64(st.RTOLimit)))
	return st, nil
}

// SetCODOverride records an admin's word on userID paying on delivery: allowed true or
// false, or nil to leave it to the RTO limit again, with a note. Errors: Invalid for a note
// over 500 characters; NotFound when there is no such user.
func (s *Service) SetCODOverride(ctx context.Context, userID string, allowed *bool, note, actor string) (CODStanding, error) {
	note = strings.TrimSpace(note)
	if utf8.RuneCountInString(note) > 500 {
		return CODStanding{}, &shop.Error{Kind: shop.Invalid, Message: "The note must be at most 500 characters",
			Fields: map[string]string{"note": "At most 500 characters"}}
	}
	if !shop.IsID(userID) {
		return CODStanding{}, shop.E(shop.NotFound, "User not found")
	}
	var err error
	if allowed == nil {
		err = s.store.q.ClearCODOverride(ctx, userID)
	} else {
		err = s.store.q.SetCODOverride(ctx, orderdb.SetCODOverrideParams{UserID: userID, Allowed: *allowed, Note: note, UpdatedBy: actor})
	}
	if shop.Is(err, shop.Invalid) || shop.Is(err, shop.Conflict) {
		return CODStanding{}, shop.E(shop.NotFound, "User not found")
	}
	if err != nil {
		return CODStanding{}, err
	}
	return s.CODStanding(ctx, userID)
}
