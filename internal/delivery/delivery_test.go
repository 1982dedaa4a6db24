package delivery

import (
	"testing"
	"time"

	"drape/internal/provider/shiprocket"
)

// TestRouteOf: the promise follows the courier the parcel would go with, never an air
// courier's days for a surface parcel, and a prepaid-only route says so.
func TestRouteOf(t *testing.T) {
	couriers := []shiprocket.Courier{
		{ID: 10, Rate: 5500 + 3500, COD: true, EstimatedDeliveryDays: 5},
		{ID: 51, Rate: 5200 + 3500, COD: true, EstimatedDeliveryDays: 5},
		{ID: 142, Rate: 5000, EstimatedDeliveryDays: 5},
		{ID: 24, Rate: 9500 + 3500, COD: true, EstimatedDeliveryDays: 3},
	}
	r := routeOf(shiprocket.Serviceability{Couriers: couriers, RecommendedCourierID: 142})
	if r != (Route{Known: true, Serviceable: true, COD: true, Days: 5, CODDays: 5}) {
		t.Errorf("national route: %+v", r)
	}
	prepaid := routeOf(shiprocket.Serviceability{Couriers: []shiprocket.Courier{{ID: 142, EstimatedDeliveryDays: 8}}, RecommendedCourierID: 142})
	if !prepaid.PrepaidOnly() || prepaid.Days != 8 {
		t.Errorf("prepaid-only route: %+v", prepaid)
	}
	none := routeOf(shiprocket.Serviceability{Couriers: []shiprocket.Courier{}})
	if none.Serviceable || none.PrepaidOnly() || !none.Known {
		t.Errorf("unserved route: %+v", none)
	}
}

// TestPromise: the date is counted in IST from now, and the sentence says it.
func TestPromise(t *testing.T) {
	now := time.Date(2026, 11, 24, 20, 0, 0, 0, time.UTC) // Wed 25 Nov, 01:30 IST
	p := Route{Known: true, Serviceable: true, COD: true, Days: 2, CODDays: 3}.promise("302017", true, now)
	if p.Message != "Delivery by Sat, 28 Nov" || p.DeliveryBy != "2026-11-28" || !p.COD {
		t.Errorf("COD promise: %+v", p)
	}
	if p := (Route{}).promise("302017", false, now); p.Known || p.Message != MsgNeutral {
		t.Errorf("unknown route: %+v", p)
	}
}
