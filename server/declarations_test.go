package main

import (
	"fmt"
	"net/http"
	"testing"
)

// TestProductDeclarations (issue 23, Legal Metrology rule 6(10)): a product with none of its
// own shows the company's legal name and address as maker, India, its sub-category's name,
// '1 N', the company's phone and e-mail for consumer care and its list price as MRP, in the
// API and in its page's JSON-LD; an admin's overrides replace only the fields given (staff may
// not; bad input changes nothing), and the page's JSON-LD follows.
func TestProductDeclarations(t *testing.T) {
	t.Parallel()
	s, _ := firstScreenShop(t)
	shirt := s.f.newestShirt
	status, body := send(t, s.app, "POST", "/api/admin/addcompany", s.admin, map[string]any{"companyName": "Jaipur Formals",
		"addressLine1": "14 Mirza Ismail Road", "city": "Jaipur", "state": "Rajasthan", "zip": "302001", "contact1": "+91 141 400 2024",
		"email": "care@jaipurformals.in", "gstRegistered": true, "gstin": "08AAACJ4321K1ZO", "legalName": "Jaipur Formals Private Limited",
		"invoicePrefix": "JF"})
	expect(t, "company saved", status, body, 200, nil)
	status, body = send(t, s.app, "GET", "/api/company", "", nil)
	expect(t, "company", status, body, 200, nil)
	legalName, address := jsonValue(t, body, "data.legalName"), jsonValue(t, body, "data.address")
	care := fmt.Sprintf("%v, %v", jsonValue(t, body, "data.contact1"), jsonValue(t, body, "data.email"))
	if legalName == "" || address == "" {
		t.Fatalf("the fixture's company has no legal name or address: %s", body)
	}
	mrp := float64(shirt.Price) / 100

	status, body = send(t, s.app, "GET", "/api/getproduct/"+shirt.ID, "", nil)
	expect(t, "defaults", status, body, 200, map[string]any{"data.declarations.makerName": legalName,
		"data.declarations.makerAddress": address, "data.declarations.countryOfOrigin": "India",
		"data.declarations.genericName": shirt.SubCategory, "data.declarations.netQuantity": "1 N",
		"data.declarations.consumerCare": care, "data.declarations.mrp": mrp})

	path := "/api/admin/products/" + shirt.ID + "/declarations"
	own := map[string]any{"genericName": "Men's shirt", "countryOfOrigin": "Bangladesh", "makerName": "", "makerAddress": "",
		"netQuantity": "", "consumerCare": ""}
	status, body = send(t, s.app, "PUT", path, s.staff, own)
	expect(t, "staff", status, body, 403, nil)
	status, body = send(t, s.app, "PUT", path, s.admin, with(own, "genericName", "Men's\x00shirt"))
	expect(t, "control character", status, body, 400, map[string]any{"errors.genericName": "genericName has characters that are not allowed"})
	status, body = send(t, s.app, "PUT", "/api/admin/products/0123456789abcdef01234567/declarations", s.admin, own)
	expect(t, "unknown product", status, body, 404, nil)
	status, body = send(t, s.app, "GET", "/api/getproduct/"+shirt.ID, "", nil)
	expect(t, "unchanged", status, body, 200, map[string]any{"data.declarations.genericName": shirt.SubCategory})

	status, body = send(t, s.app, "PUT", path, s.admin, own)
	expect(t, "overrides", status, body, 200, map[string]any{"data.own.genericName": "Men's shirt", "data.own.makerName": "",
		"data.shown.genericName": "Men's shirt", "data.shown.countryOfOrigin": "Bangladesh", "data.shown.makerName": legalName})
	status, body = send(t, s.app, "GET", "/api/getproduct/"+shirt.ID, "", nil)
	expect(t, "shown", status, body, 200, map[string]any{"data.declarations.genericName": "Men's shirt",
		"data.declarations.countryOfOrigin": "Bangladesh", "data.declarations.makerName": legalName, "data.declarations.netQuantity": "1 N"})

	status, page := pageAt(t, s, "/product/"+shirt.Slug)
	if status != http.StatusOK {
		t.Fatalf("product page: %d", status)
	}
	product := structuredData(t, page)["Product"]
	maker, _ := product["manufacturer"].(map[string]any)
	origin, _ := product["countryOfOrigin"].(map[string]any)
	if maker["name"] != legalName || maker["address"] != address || origin["name"] != "Bangladesh" {
		t.Errorf("JSON-LD maker %v, origin %v", maker, origin)
	}
	props := map[string]any{}
	for _, p := range product["additionalProperty"].([]any) {
		props[p.(map[string]any)["name"].(string)] = p.(map[string]any)["value"]
	}
	if props["Generic name"] != "Men's shirt" || props["Net quantity"] != "1 N" || props["Consumer care"] != care || props["MRP (inclusive of all taxes)"] == nil {
		t.Errorf("JSON-LD properties %v", props)
	}
	list := product["offers"].(map[string]any)["priceSpecification"].(map[string]any)
	if list["price"] != mrp || list["valueAddedTaxIncluded"] != true {
		t.Errorf("JSON-LD list price %v, want MRP %v with taxes", list, mrp)
	}
}
