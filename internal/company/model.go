package company

// Company is the business behind the shop (SPEC §3 Company), as the storefront and the back
// office see it. Payment and shipping credentials are not part of it: they live in the
// servers' configuration and never reach a browser.
type Company struct {
	Name         string `json:"companyName"`
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
}
