package main

// Sim's courier network: which pincodes its Shiprocket serves, with cash on delivery or not,
// in which zone and how fast. The rules are data (shiprocketPincodeRules, shiprocketMetros,
// shiprocketSpecialZones) so tests and people can tell in advance what a pincode answers;
// README (Delivery promise) lists them.
//
// Zones follow Shiprocket's rate card: z_a within a city (same first three digits), z_b within
// a region (same first two), z_c metro to metro, z_d the rest of India, z_e the special zones
// (North-East, Jammu and Kashmir and Ladakh, the islands), which take longer.

// shiprocketCoverage is what sim's couriers do for a pincode.
type shiprocketCoverage int

const (
	shiprocketCovered     shiprocketCoverage = iota // every courier, COD included
	shiprocketPrepaidOnly                           // served, but no courier collects cash
	shiprocketNotServed                             // no courier at all
)

// shiprocketPincodeRule covers the pincodes from First to Last (inclusive).
type shiprocketPincodeRule struct {
	First, Last string
	Coverage    shiprocketCoverage
	Place       string
}

// shiprocketPincodeRules are the exceptions, first match wins; any other valid pincode is
// covered, COD included.
var shiprocketPincodeRules = []shiprocketPincodeRule{
	{"900000", "999999", shiprocketNotServed, "Army Postal Service"},
	{"682551", "682559", shiprocketNotServed, "Lakshadweep"},
	{"744101", "744304", shiprocketPrepaidOnly, "Andaman and Nicobar Islands"},
	{"194101", "194404", shiprocketPrepaidOnly, "Ladakh (Leh, Kargil)"},
	{"795001", "795159", shiprocketPrepaidOnly, "Manipur"},
	{"797001", "797121", shiprocketPrepaidOnly, "Nagaland"},
	{"185101", "185212", shiprocketPrepaidOnly, "Poonch and Rajouri (J&K)"},
}

// shiprocketMetros are the first three digits of the metros' city pincodes: Delhi, Mumbai,
// Kolkata, Chennai, Bengaluru, Hyderabad, Pune, Ahmedabad.
var shiprocketMetros = map[string]bool{
	"110": true, "400": true, "700": true, "600": true, "560": true, "500": true, "411": true, "380": true,
}

// shiprocketSpecialZones are the first two (or three) digits of the special zones: Jammu and
// Kashmir and Ladakh (18, 19), the North-East (78, 79), the Andaman and Nicobar Islands (744).
var shiprocketSpecialZones = []string{"18", "19", "78", "79", "744"}

// shiprocketZoneDays are the transit days of each zone's surface couriers.
var shiprocketZoneDays = map[string]int{"z_a": 2, "z_b": 3, "z_c": 3, "z_d": 5, "z_e": 8}

// shiprocketCoverageOf is what sim's couriers do for pincode.
func shiprocketCoverageOf(pincode string) shiprocketCoverage {
	for _, r := range shiprocketPincodeRules {
		if pincode >= r.First && pincode <= r.Last {
			return r.Coverage
		}
	}
	return shiprocketCovered
}

// shiprocketZone is Shiprocket's zone between two pincodes and its transit days.
func shiprocketZone(pickup, delivery string) (zone string, days int) {
	zone = "z_d"
	switch {
	case special(delivery):
		zone = "z_e"
	case pickup[:3] == delivery[:3]:
		zone = "z_a"
	case pickup[:2] == delivery[:2]:
		zone = "z_b"
	case shiprocketMetros[pickup[:3]] && shiprocketMetros[delivery[:3]]:
		zone = "z_c"
	}
	return zone, shiprocketZoneDays[zone]
}

func special(pincode string) bool {
	for _, prefix := range shiprocketSpecialZones {
		if pincode[:len(prefix)] == prefix {
			return true
		}
	}
	return false
}
