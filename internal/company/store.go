package company

import (
	"drape/internal/company/companydb"
	"drape/internal/gst"
	"drape/internal/shop"
)

// store reads and writes the company row.
type store struct{ q *companydb.Queries }

func fromRow(r companydb.Company) Company {
	c := Company{ID: r.ID, Name: r.Name, DisplayName: r.Name, Tagline: r.Tagline, Description: r.Description, AddressLine1: r.AddressLine1,
		AddressLine2: r.AddressLine2, City: r.City, State: r.State, Zip: r.Zip, Contact1: r.Contact1,
		Contact2: r.Contact2, Email: r.Email, VendorID: r.VendorID,
		Tax:             Tax{Registered: r.GstRegistered, GSTIN: r.Gstin, LegalName: r.LegalName, InvoicePrefix: r.InvoicePrefix},
		Fees:            Fees{FreeShippingAbove: shop.Money(r.FreeShippingAbove), ShippingFee: shop.Money(r.ShippingFee), CODFee: shop.Money(r.CodFee)},
		CODRules:        CODRules{MaxOrder: shop.Money(r.CodMaxOrder), BlockedPincodes: r.CodBlockedPincodes, RTOLimit: int(r.CodRtoLimit)},
		CODConfirmation: CODConfirmation{Required: r.CodConfirm, Hours: int(r.CodConfirmHours)},
		Grievance: GrievanceOfficer{Name: r.GrievanceName, Designation: r.GrievanceDesignation, Email: r.GrievanceEmail,
			Phone: r.GrievancePhone}}
	if c.CODRules.BlockedPincodes == nil {
		c.CODRules.BlockedPincodes = []string{}
	}
	if st, ok := gst.StateNamed(r.State); ok {
		c.StateCode = st.Code
	}
	c.Address = joinNonEmpty(", ", r.AddressLine1, r.AddressLine2, r.City, r.State, r.Zip)
	return c
}

func joinNonEmpty(sep string, parts ...string) string {
	out := ""
	for _, p := range parts {
		if p == "" {
			continue
		}
		if out != "" {
			out += sep
		}
		out += p
	}
	return out
}
