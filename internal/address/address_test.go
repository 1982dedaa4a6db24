package address

import (
	"errors"
	"testing"

	"drape/internal/shop"
)

func valid() Input {
	return Input{FirstName: "Aarav", LastName: "Sharma", Address1: "14 Civil Lines", Address2: "Near Statue Circle",
		City: "Jaipur", State: "Rajasthan", Pincode: "302006", Email: "aarav@example.in", Type: "home", Phone: "+91 98290 12345"}
}

func TestValidation(t *testing.T) {
	in := valid()
	if err := in.validate(); err != nil {
		t.Fatalf("a valid address: %v", err)
	}
	if in.Phone != "9829012345" {
		t.Fatalf("phone = %q, want the +91 prefix and spaces dropped", in.Phone)
	}
	if len(States) != 36 || States[0] != "Andaman and Nicobar Islands" {
		t.Fatalf("states list: %d entries", len(States))
	}
	bad := map[string]func(*Input){
		"pincode": func(i *Input) { i.Pincode = "0123456" },
		"phone":   func(i *Input) { i.Phone = "12345" },
		"state":   func(i *Input) { i.State = "Rajputana" },
		"type":    func(i *Input) { i.Type = "office" },
		"email":   func(i *Input) { i.Email = "aarav@" },
		"city":    func(i *Input) { i.City = "  " },
	}
	for field, spoil := range bad {
		in := valid()
		spoil(&in)
		if err := in.validate(); err == nil {
			t.Errorf("%s: want an error", field)
		}
	}
}

// TestPincodeStates: real pincodes of every state and union territory find their state,
// including those the 2015 directory filed under another: Telangana's (under Andhra Pradesh),
// Ladakh's (under Jammu and Kashmir), and the merged Dadra and Nagar Haveli and Daman and Diu.
func TestPincodeStates(t *testing.T) {
	real := map[string]string{
		"110001": "Delhi", "302006": "Rajasthan", "500001": "Telangana", "500081": "Telangana", "506002": "Telangana",
		"520001": "Andhra Pradesh", "530001": "Andhra Pradesh", "517501": "Andhra Pradesh", "194101": "Ladakh",
		"194103": "Ladakh", "190001": "Jammu and Kashmir", "180001": "Jammu and Kashmir",
		"396210": "Dadra and Nagar Haveli and Daman and Diu", "396230": "Dadra and Nagar Haveli and Daman and Diu",
		"362520": "Dadra and Nagar Haveli and Daman and Diu", "403001": "Goa", "605001": "Puducherry", "533464": "Puducherry",
		"673310": "Puducherry", "682555": "Lakshadweep", "744101": "Andaman and Nicobar Islands", "737101": "Sikkim",
		"160017": "Chandigarh", "400001": "Maharashtra", "560001": "Karnataka", "600001": "Tamil Nadu", "700001": "West Bengal",
		"751001": "Odisha", "781001": "Assam", "793001": "Meghalaya", "795001": "Manipur", "796001": "Mizoram",
		"797001": "Nagaland", "799001": "Tripura", "791111": "Arunachal Pradesh", "800001": "Bihar", "834001": "Jharkhand",
		"492001": "Chhattisgarh", "462001": "Madhya Pradesh", "380001": "Gujarat", "248001": "Uttarakhand",
		"226001": "Uttar Pradesh", "171001": "Himachal Pradesh", "141001": "Punjab", "122001": "Haryana", "682001": "Kerala",
		"507111": "Andhra Pradesh", // Polavaram mandals moved from Khammam: both states
	}
	seen := map[string]bool{}
	for pin, state := range real {
		in := valid()
		in.Pincode, in.State = pin, state
		if err := in.validate(); err != nil {
			t.Errorf("%s in %s: %v (directory says %v)", pin, state, err, PincodeStates(pin))
		}
		seen[state] = true
	}
	for _, s := range States {
		if !seen[s] {
			t.Errorf("no real pincode of %s in the table", s)
		}
	}
	if got := PincodeStates("507111"); len(got) != 2 {
		t.Errorf("507111 (Bhadrachalam) = %v, want Telangana and Andhra Pradesh", got)
	}
}

// TestPincodeMismatch: a pincode of another state, or one no post office has, is refused on
// the pincode field with a message that says what is wrong.
func TestPincodeMismatch(t *testing.T) {
	cases := []struct{ pincode, state, want string }{
		{"110001", "Rajasthan", "Pincode 110001 is in Delhi, not Rajasthan. Check the pincode or the state."},
		{"500001", "Andhra Pradesh", "Pincode 500001 is in Telangana, not Andhra Pradesh. Check the pincode or the state."},
		{"194101", "Jammu and Kashmir", "Pincode 194101 is in Ladakh, not Jammu and Kashmir. Check the pincode or the state."},
		{"605007", "Kerala", "Pincode 605007 is in Puducherry or Tamil Nadu, not Kerala. Check the pincode or the state."},
		{"999999", "Delhi", "No post office in India has pincode 999999. Check the pincode."},
	}
	for _, c := range cases {
		in := valid()
		in.Pincode, in.State = c.pincode, c.state
		err := in.validate()
		var e *shop.Error
		if !errors.As(err, &e) || e.Fields["pincode"] != c.want {
			t.Errorf("%s in %s: %v, want pincode: %q", c.pincode, c.state, err, c.want)
		}
	}
}

// TestMobileNumbers: the ways people write an Indian mobile number come out as its 10 digits;
// anything else is refused with the reason.
func TestMobileNumbers(t *testing.T) {
	good := map[string]string{
		"9829012345": "9829012345", "+91 98290 12345": "9829012345", "+919829012345": "9829012345",
		"919829012345": "9829012345", "09829012345": "9829012345", "098290-12345": "9829012345",
		"(+91) 6000 000 001": "6000000001", "7012345678": "7012345678", "8123456789": "8123456789",
	}
	for in, want := range good {
		a := valid()
		a.Phone = in
		if err := a.validate(); err != nil || a.Phone != want {
			t.Errorf("%q: %v, phone %q, want %q", in, err, a.Phone, want)
		}
	}
	bad := map[string]string{
		"5829012345":     "Phone must be a mobile number starting with 6, 7, 8 or 9",
		"0141 2222222":   "Phone must be a mobile number starting with 6, 7, 8 or 9",
		"98290123":       "Phone must be 10 digits",
		"98290123456":    "Phone must be 10 digits",
		"+44 7911123456": "Phone must be an Indian mobile number (+91)",
		"98290x2345":     "Phone must contain only numbers",
	}
	for in, want := range bad {
		a := valid()
		a.Phone = in
		var e *shop.Error
		if err := a.validate(); !errors.As(err, &e) || e.Fields["phone"] != want {
			t.Errorf("%q: %v, want phone: %q", in, err, want)
		}
	}
}
