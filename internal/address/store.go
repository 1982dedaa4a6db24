package address

import (
	"strings"

	"drape/internal/address/addressdb"
)

func toAddress(a addressdb.Address) Address {
	parts := []string{a.Address1, a.Address2, a.Landmark, a.City, a.State + " " + a.Pincode, a.Country}
	var line []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			line = append(line, p)
		}
	}
	return Address{ID: a.ID, FirstName: a.FirstName, LastName: a.LastName, Address1: a.Address1, Address2: a.Address2,
		City: a.City, State: a.State, Pincode: a.Pincode, Email: a.Email, Type: a.Type, Phone: a.Phone,
		Landmark: a.Landmark, Country: a.Country, IsDefault: a.IsDefault, Line: strings.Join(line, ", ")}
}
