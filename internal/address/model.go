package address

// Address is a saved shipping address, with SPEC §3's fields. Country is always India.
type Address struct {
	ID        string `json:"_id"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Address1  string `json:"address1"`
	Address2  string `json:"address2"`
	City      string `json:"city"`
	State     string `json:"state"`
	Pincode   string `json:"pincode"`
	Email     string `json:"email"`
	Type      string `json:"type"`
	Phone     string `json:"phone"`
	Landmark  string `json:"landmark"`
	Country   string `json:"country"`
	IsDefault bool   `json:"isDefault"`
	// Line is the whole address on one line (SPEC §3's address field).
	Line string `json:"address"`
}

// Input is an address as a form sends it.
type Input struct {
	FirstName string
	LastName  string
	Address1  string
	Address2  string
	City      string
	State     string
	Pincode   string
	Email     string
	Type      string
	Phone     string
	Landmark  string
	IsDefault bool
}

// Types an address may have.
var Types = []string{"primary", "home", "work"}
