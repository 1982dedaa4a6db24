package gst

import "strings"

// State is an Indian state or union territory as GST names it: its two-digit code and name.
type State struct {
	Code string `json:"code"`
	Name string `json:"state"`
}

// States are the GST state codes (INDIA.md §1 "State codes"), named as delivery addresses name
// them. 25 (Daman and Diu until 26 January 2020) and 28 (Andhra Pradesh before 2014) are kept
// for GSTINs issued then; an address today resolves to 26 and 37.
var States = []State{
	{"01", "Jammu and Kashmir"}, {"02", "Himachal Pradesh"}, {"03", "Punjab"}, {"04", "Chandigarh"},
	{"05", "Uttarakhand"}, {"06", "Haryana"}, {"07", "Delhi"}, {"08", "Rajasthan"}, {"09", "Uttar Pradesh"},
	{"10", "Bihar"}, {"11", "Sikkim"}, {"12", "Arunachal Pradesh"}, {"13", "Nagaland"}, {"14", "Manipur"},
	{"15", "Mizoram"}, {"16", "Tripura"}, {"17", "Meghalaya"}, {"18", "Assam"}, {"19", "West Bengal"},
	{"20", "Jharkhand"}, {"21", "Odisha"}, {"22", "Chhattisgarh"}, {"23", "Madhya Pradesh"}, {"24", "Gujarat"},
	{"25", "Daman and Diu"}, {"26", "Dadra and Nagar Haveli and Daman and Diu"}, {"27", "Maharashtra"},
	{"28", "Andhra Pradesh (before 2014)"}, {"29", "Karnataka"}, {"30", "Goa"}, {"31", "Lakshadweep"},
	{"32", "Kerala"}, {"33", "Tamil Nadu"}, {"34", "Puducherry"}, {"35", "Andaman and Nicobar Islands"},
	{"36", "Telangana"}, {"37", "Andhra Pradesh"}, {"38", "Ladakh"}, {"97", "Other Territory"}, {"99", "Centre Jurisdiction"},
}

// StateNamed is the state whose name is name (case and surrounding spaces ignored), or false.
func StateNamed(name string) (State, bool) {
	name = strings.TrimSpace(name)
	for _, s := range States {
		if strings.EqualFold(s.Name, name) {
			return s, true
		}
	}
	return State{}, false
}

// StateCoded is the state whose code is code, or false.
func StateCoded(code string) (State, bool) {
	for _, s := range States {
		if s.Code == code {
			return s, true
		}
	}
	return State{}, false
}
