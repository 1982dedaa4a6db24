package address

import "testing"

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
