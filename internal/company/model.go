package company

import "drape/internal/shop"

// Company is the business behind the shop (SPEC §3 Company), as the storefront and the back
// office see it. Payment and shipping credentials are not part of it: they live in the
// servers' configuration and never reach a browser.
type Company struct {
	// ID is the company record's id: there is one company, 'company'.
	ID   string `json:"id"`
	Name string `json:"companyName"`
	// DisplayName is Name again, as SPEC §3 also calls it (name).
	DisplayName  string `json:"name"`
	Tagline      string `json:"tagline"`
	Description  string `json:"description"`
	AddressLine1 string `json:"addressLine1"`
	AddressLine2 string `json:"addressLine2"`
	Address      string `json:"address"`
	City         string `json:"city"`
	State        string `json:"state"`
	Zip          string `json:"zip"`
	Contact1     string `json:"contact1"`
	Contact2     string `json:"contact2"`
	Email        string `json:"email"`
	VendorID     string `json:"vendorId"`
	Tax
	// StateCode is the GST state code of State ("08" for Rajasthan), "" when it has none.
	StateCode string `json:"stateCode"`
	// Fees are public: the shipping policy page and the cart show them.
	Fees Fees `json:"fees"`
	// CODRules are the back office's (Service.Delivery shows them); they never reach a shopper.
	CODRules CODRules `json:"-"`
	// CODConfirmation is whether cash-on-delivery orders wait for a confirmation (the back
	// office's, like CODRules).
	CODConfirmation CODConfirmation `json:"-"`
	// Grievance is the grievance officer (public: the contact page and the footer show them).
	Grievance GrievanceOfficer `json:"grievanceOfficer"`
}

// Tax is the company's GST settings. Its registered address is the company's address: when
// registered, State must be the state of the GSTIN's code. An unregistered shop issues no
// tax invoices.
type Tax struct {
	Registered    bool   `json:"gstRegistered"`
	GSTIN         string `json:"gstin"`
	LegalName     string `json:"legalName"`
	InvoicePrefix string `json:"invoicePrefix"` // starts every invoice number: 1 to 3 capital letters or digits
}

// Fees are what the shop charges beside the goods, as the shopper sees them on the shipping
// policy page, the quote and the order. Shipping is free when the order's value after its
// coupon is at least FreeShippingAbove (0: every order ships free), else ShippingFee; a cash-on-
// delivery order adds CODFee. Package pricing applies them.
type Fees struct {
	FreeShippingAbove shop.Money `json:"freeShippingAbove"`
	ShippingFee       shop.Money `json:"shippingFee"`
	CODFee            shop.Money `json:"codFee"`
}

// CODRules are when the shop refuses cash on delivery: above MaxOrder (0: no cap), to a
// pincode of BlockedPincodes, and for a customer with RTOLimit or more orders returned to
// origin (0: no limit) unless an admin allowed them. Prepaid-only pincodes come from the
// courier (package delivery), not from here.
type CODRules struct {
	MaxOrder        shop.Money `json:"codMaxOrder"`
	BlockedPincodes []string   `json:"codBlockedPincodes"`
	RTOLimit        int        `json:"codRtoLimit"`
}

// CODConfirmation is whether a cash-on-delivery order waits, before its shipment goes to the
// courier, for the shopper (through the link in their mail) or staff (after a call) to
// confirm it, and after how many hours (1 to 168) one left unconfirmed is cancelled.
type CODConfirmation struct {
	Required bool `json:"codConfirm"`
	Hours    int  `json:"codConfirmHours"`
}

// Delivery is the company's delivery settings: its fees, its COD rules and the COD
// confirmation.
type Delivery struct {
	Fees
	CODRules
	CODConfirmation
}
