package main

import (
	"testing"
)

// TestAdminCompanyTaxSettings: an admin registers the shop for GST on the company screen's
// call; a GSTIN with a wrong check character or of another state than the address is refused
// and changes nothing; a save without the tax fields keeps them; the change is in the audit
// log with the settings saved.
func TestAdminCompanyTaxSettings(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	firm := map[string]any{"companyName": "Jaipur Formals", "addressLine1": "14 Mirza Ismail Road", "city": "Jaipur",
		"state": "Rajasthan", "zip": "302001", "gstRegistered": true, "gstin": "08AAACJ4321K1ZO",
		"legalName": "Jaipur Formals Private Limited", "invoicePrefix": "JF"}
	status, body := send(t, s.app, "GET", "/api/admin/getcompany", s.staff, nil)
	expect(t, "the demo shop is registered in Rajasthan", status, body, 200, map[string]any{"data.gstRegistered": true,
		"data.gstin": "08AAACJ4321K1ZO", "data.stateCode": "08", "data.invoicePrefix": "JF"})
	status, body = send(t, s.app, "POST", "/api/admin/addcompany", s.admin, map[string]any{"companyName": "Jaipur Formals",
		"state": "Rajasthan", "gstRegistered": false})
	expect(t, "unregistered", status, body, 200, map[string]any{"data.gstRegistered": false, "data.gstin": ""})
	status, body = send(t, s.app, "POST", "/api/admin/addcompany", s.admin, with(firm, "gstin", "08AAACJ4321K1ZP"))
	expect(t, "a wrong check character", status, body, 400,
		map[string]any{"errors.gstin": "This GSTIN's check character is wrong: check it for a typing mistake"})
	status, body = send(t, s.app, "POST", "/api/admin/addcompany", s.admin, with(firm, "gstin", "27AAPFU0939F1ZV"))
	expect(t, "another state's GSTIN", status, body, 400,
		map[string]any{"errors.gstin": "This GSTIN is from state code 27, but the address is in Rajasthan (08)"})
	status, body = send(t, s.app, "POST", "/api/admin/addcompany", s.admin, with(firm, "invoicePrefix", "JAIPUR"))
	expect(t, "a long prefix", status, body, 400, map[string]any{"errors.invoicePrefix": "Invoice prefix must be 1 to 3 capital letters or digits"})
	status, body = send(t, s.app, "GET", "/api/admin/getcompany", s.staff, nil)
	expect(t, "unchanged", status, body, 200, map[string]any{"data.gstRegistered": false, "data.gstin": ""})

	status, body = send(t, s.app, "POST", "/api/admin/addcompany", s.admin, firm)
	expect(t, "registered", status, body, 200, map[string]any{"data.gstRegistered": true, "data.gstin": "08AAACJ4321K1ZO",
		"data.legalName": "Jaipur Formals Private Limited", "data.invoicePrefix": "JF", "data.stateCode": "08"})
	status, body = send(t, s.app, "POST", "/api/admin/addcompany", s.admin, map[string]any{"companyName": "Jaipur Formals",
		"addressLine1": "14 Mirza Ismail Road", "city": "Jaipur", "state": "Rajasthan", "zip": "302001", "tagline": "Cut in Jaipur"})
	expect(t, "a form without the tax fields keeps them", status, body, 200, map[string]any{"data.tagline": "Cut in Jaipur",
		"data.gstRegistered": true, "data.gstin": "08AAACJ4321K1ZO"})
	status, body = send(t, s.app, "GET", "/api/admin/audit?entityType=company", s.admin, nil)
	expect(t, "audited", status, body, 200, map[string]any{"data.total": 3, "data.items.2.after.gstin": "",
		"data.items.1.after.gstin": "08AAACJ4321K1ZO", "data.items.1.after.legalName": "Jaipur Formals Private Limited",
		"data.items.0.after.tagline": "Cut in Jaipur", "data.items.0.after.gstin": "08AAACJ4321K1ZO"})
}
