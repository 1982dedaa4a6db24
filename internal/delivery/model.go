package delivery

import (
	"time"

	"drape/internal/shop"
)

// Route is what the courier says of parcels from the shop's pickup pincode to one pincode.
type Route struct {
	// Known is false when the courier was not asked or did not answer.
	Known       bool `json:"known"`
	Serviceable bool `json:"serviceable"`
	// COD reports whether some courier collects cash on delivery there; false for a
	// prepaid-only pincode.
	COD bool `json:"cod"`
	// Days and CODDays are the transit days promised, prepaid and cash on delivery.
	Days    int `json:"days"`
	CODDays int `json:"codDays"`
}

// PrepaidOnly reports whether the courier serves the pincode but collects no cash there.
func (r Route) PrepaidOnly() bool { return r.Known && r.Serviceable && !r.COD }

// Promise is the pincode check's answer, as the product page, cart and checkout show it.
type Promise struct {
	Pincode string `json:"pincode"`
	// Known is false for the neutral answer: the courier's word is not in yet.
	Known       bool `json:"known"`
	Serviceable bool `json:"serviceable"`
	// COD reports whether cash on delivery is possible to the pincode.
	COD bool `json:"cod"`
	// DeliveryBy is the estimated delivery date (IST), "2026-11-27"; "" when not known.
	DeliveryBy string `json:"deliveryBy"`
	// Message is the sentence to show: "Delivery by Thu, 27 Nov", MsgNeutral or MsgNotServiceable.
	Message string `json:"message"`
}

func neutral(pincode string) Promise { return Promise{Pincode: pincode, Message: MsgNeutral} }

// promise is r as a shopper at now sees it, paying on delivery when cod.
func (r Route) promise(pincode string, cod bool, now time.Time) Promise {
	if !r.Known {
		return neutral(pincode)
	}
	p := Promise{Pincode: pincode, Known: true, Serviceable: r.Serviceable, COD: r.COD}
	if !r.Serviceable {
		p.Message = MsgNotServiceable
		return p
	}
	days := r.Days
	if cod && r.COD {
		days = r.CODDays
	}
	by := now.In(shop.India).AddDate(0, 0, days)
	p.DeliveryBy = by.Format("2006-01-02")
	p.Message = "Delivery by " + by.Format("Mon, 2 Jan")
	return p
}
