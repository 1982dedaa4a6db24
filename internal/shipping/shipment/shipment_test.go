package shipment

import (
	"encoding/json"
	"testing"
)

// stored is a snapshot as orders.shipment holds it (written by the untyped map this package
// replaced; jsonb gives its keys back in its own order).
const stored = `{"weight": 0.9, "height": 2, "length": 100, "breadth": 30, "comment": "Reseller: Drape", "order_id": "DRP1763800000000K7Q2M9XA4B",
 "sub_total": 4997.5, "order_date": "2026-11-20 18:05", "order_type": "ESSENTIALS", "billing_city": "Jaipur",
 "order_items": [{"sku": "SHRT-001-M", "tax": 0, "name": "Slim Oxford Shirt", "size": "M", "units": 2, "images": "https://img.example/shirt.jpg",
   "discount": 250, "selling_price": 1999.5}, {"sku": "TIE-9-F", "tax": 0, "name": "Silk Tie <Navy> & Co", "size": "F", "units": 1,
   "images": "", "discount": 0, "selling_price": 998.5}],
 "billing_email": "meera@example.in", "billing_phone": 9829012345, "billing_state": "Rajasthan", "reseller_name": "Drape",
 "payment_method": "COD", "billing_address": "14 Civil Lines", "billing_country": "India", "billing_pincode": 302006,
 "pickup_location": "Jaipur warehouse", "billing_address_2": "Flat 2, near Statue Circle", "billing_last_name": "Sharma",
 "shipping_is_billing": true, "billing_customer_name": "Meera"}`

// TestSnapshotEncodesAsTheStoredMapDid reads a stored snapshot into the type and encodes it
// again, as an order's orderObj.orderData and orderDetails are answered: the bytes are the
// ones the untyped map gave the shopper's and the back office's order views.
func TestSnapshotEncodesAsTheStoredMapDid(t *testing.T) {
	var untyped map[string]any
	if err := json.Unmarshal([]byte(stored), &untyped); err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(untyped)
	var s Snapshot
	if err := json.Unmarshal([]byte(stored), &s); err != nil {
		t.Fatal(err)
	}
	got, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("typed snapshot encodes as\n%s\nthe stored map as\n%s", got, want)
	}
	if s.SubTotal != 499750 || s.OrderItems[0].SellingPrice != 199950 || s.OrderItems[0].Discount != 25000 || s.BillingPincode != 302006 {
		t.Errorf("money or numbers misread: sub_total %d paise, selling_price %d, discount %d, pincode %d",
			s.SubTotal, s.OrderItems[0].SellingPrice, s.OrderItems[0].Discount, s.BillingPincode)
	}
}

// TestPackWeighsEveryUnitAndTakesTheLargestSides: the parcel is as long, wide and high as its
// largest item (SPEC §9 defaults for unknown sizes) and weighs all its units, 300 g each when
// unknown.
func TestPackWeighsEveryUnitAndTakesTheLargestSides(t *testing.T) {
	var s Snapshot
	s.Pack([]Piece{{Length: 40, Width: 30, Height: 5, Grams: 450, Units: 2}, {Units: 1}})
	if s.Length != DefaultLength || s.Breadth != DefaultWidth || s.Height != 5 || s.Weight != 1.2 {
		t.Errorf("packed %v x %v x %v cm, %v kg; want 100 x 100 x 5 cm, 1.2 kg", s.Length, s.Breadth, s.Height, s.Weight)
	}
	s.Pack([]Piece{{Length: 40, Width: 30, Height: 5, Grams: 450, Units: 1}})
	if s.Length != 40 || s.Breadth != 30 || s.Height != 5 || s.Weight != 0.45 {
		t.Errorf("packed %v x %v x %v cm, %v kg; want 40 x 30 x 5 cm, 0.45 kg", s.Length, s.Breadth, s.Height, s.Weight)
	}
}
