package analytics

import (
	"context"
	"fmt"
	"math"

	"drape/internal/analytics/analyticsdb"
	"drape/internal/shop"
)

// RTOFewEnded is the number of ended deliveries below which a place's RTO rate is marked Few.
const RTOFewEnded = 5

// rtoPlaceRows is how many states and pincodes the RTO figures list.
const rtoPlaceRows = 5

// COD is cash on delivery over the orders placed in the last days Indian days, today included
// (see COD's fields), and the failed deliveries open now. Errors: Invalid when days is not
// from 1 to MaxDays.
func (s *Service) COD(ctx context.Context, days int) (COD, error) {
	if days < 1 || days > MaxDays {
		return COD{}, &shop.Error{Kind: shop.Invalid, Message: fmt.Sprintf("Choose from 1 to %d days", MaxDays),
			Fields: map[string]string{"days": fmt.Sprintf("Choose from 1 to %d days", MaxDays)}}
	}
	before := startOfDay(s.now()).AddDate(0, 0, 1)
	from := before.AddDate(0, 0, -days)
	c := COD{From: from, Before: before, Days: days}
	share, err := s.q.CODShare(ctx, analyticsdb.CODShareParams{PlacedFrom: from, PlacedBefore: before})
	if err != nil {
		return COD{}, err
	}
	c.Share = CODShare{Orders: share.Orders, CODOrders: share.CodOrders, OrdersPercent: percent(share.CodOrders, share.Orders),
		Value: shop.Money(share.Value), CODValue: shop.Money(share.CodValue), ValuePercent: percent(share.CodValue, share.Value)}

	rto, err := s.q.RTORate(ctx, analyticsdb.RTORateParams{PlacedFrom: from, PlacedBefore: before})
	if err != nil {
		return COD{}, err
	}
	c.RTO = RTO{RTOCount: rtoCount(rto.Ended, rto.Rto), COD: rtoCount(rto.CodEnded, rto.CodRto)}
	states, err := s.q.RTOByState(ctx, analyticsdb.RTOByStateParams{PlacedFrom: from, PlacedBefore: before, MaxRows: rtoPlaceRows})
	if err != nil {
		return COD{}, err
	}
	c.RTO.ByState = make([]RTOPlace, len(states))
	for i, r := range states {
		c.RTO.ByState[i] = rtoPlace(r.Place, r.Ended, r.Rto)
	}
	pins, err := s.q.RTOByPincode(ctx, analyticsdb.RTOByPincodeParams{PlacedFrom: from, PlacedBefore: before, MaxRows: rtoPlaceRows})
	if err != nil {
		return COD{}, err
	}
	c.RTO.ByPincode = make([]RTOPlace, len(pins))
	for i, r := range pins {
		c.RTO.ByPincode[i] = rtoPlace(r.Place, r.Ended, r.Rto)
	}

	conf, err := s.q.CODConfirmations(ctx, analyticsdb.CODConfirmationsParams{PlacedFrom: from, PlacedBefore: before})
	if err != nil {
		return COD{}, err
	}
	confirmed := conf.ByShopper + conf.ByStaff
	c.Confirmation = CODConfirmations{Asked: conf.Asked, Confirmed: confirmed, ByShopper: conf.ByShopper, ByStaff: conf.ByStaff,
		Expired: conf.Expired, Cancelled: conf.Cancelled, Waiting: conf.Waiting, Percent: percent(confirmed, conf.Asked-conf.Waiting)}

	ndr, err := s.q.NDRQueue(ctx)
	if err != nil {
		return COD{}, err
	}
	c.NDR = NDRQueue{Unanswered: ndr.Unanswered, Open: ndr.Open}
	return c, nil
}

func rtoCount(ended, rto int64) RTOCount {
	return RTOCount{Ended: ended, RTO: rto, Percent: percent(rto, ended)}
}

func rtoPlace(place string, ended, rto int64) RTOPlace {
	return RTOPlace{Place: place, RTOCount: rtoCount(ended, rto), Few: ended < RTOFewEnded}
}

// percent is part of whole in percent, to one decimal; nil when whole is 0.
func percent(part, whole int64) *float64 {
	if whole <= 0 {
		return nil
	}
	p := math.Round(float64(part)*1000/float64(whole)) / 10
	return &p
}
