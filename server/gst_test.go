package main

import (
	"strings"
	"testing"

	"drape/internal/order"
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

// TestOrderInvoiceOnTheWire: the shopper's order record and the admin order view carry
// invoice: null until the order is handed to the courier, then the invoice in rupees with two
// decimals; a Mumbai delivery from the Rajasthan shop is IGST; another shopper still gets 404.
func TestOrderInvoiceOnTheWire(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	status, body := send(t, s.app, "POST", "/api/addAddress", s.shopper, with(with(with(homeAddress(), "state", "Maharashtra"),
		"city", "Mumbai"), "pincode", "400001"))
	expect(t, "a Mumbai address", status, body, 200, nil)
	mumbai := jsonValue(t, body, "data._id").(string)
	send(t, s.app, "POST", "/api/addToCart", s.shopper, map[string]any{"productId": s.f.newestShirt.ID, "size": "M", "quantity": 2})
	status, body = send(t, s.app, "POST", "/api/createOrder", s.shopper, map[string]any{"paymentMode": "cod", "address": mumbai})
	expect(t, "place", status, body, 201, nil)
	id, number := jsonValue(t, body, "data._id").(string), jsonValue(t, body, "data.orderId").(string)
	amount := jsonValue(t, body, "data.amount").(float64)

	status, body = send(t, s.app, "GET", "/api/orders/"+number, s.shopper, nil)
	expect(t, "before hand-over", status, body, 200, map[string]any{"data.invoice": nil})
	status, body = send(t, s.app, "GET", "/api/admin/orders/"+id, s.staff, nil)
	expect(t, "the admin view before hand-over", status, body, 200, map[string]any{"data.order.invoice": nil})

	status, body = s.move(t, s.admin, id, order.Shipped)
	expect(t, "shipped", status, body, 200, nil)
	status, body = send(t, s.app, "GET", "/api/orders/"+number, s.shopper, nil)
	expect(t, "after hand-over", status, body, 200, map[string]any{"data.invoice.supplierGstin": "08AAACJ4321K1ZO",
		"data.invoice.placeOfSupply.state": "Maharashtra", "data.invoice.placeOfSupply.code": "27",
		"data.invoice.lines.#": 1, "data.invoice.lines.0.quantity": 2, "data.invoice.lines.0.cgst": 0,
		"data.invoice.totals.cgst": 0, "data.invoice.totals.sgst": 0, "data.invoice.totals.total": amount,
		"data.invoice.creditNotes.#": 0})
	invoiceNumber := jsonValue(t, body, "data.invoice.number").(string)
	line := jsonValue(t, body, "data.invoice.lines.0").(map[string]any)
	if line["hsn"] == "" || line["igst"].(float64) <= 0 || line["taxableValue"].(float64)+line["igst"].(float64) != line["total"].(float64) {
		t.Fatalf("the line: %v", line)
	}
	if !strings.Contains(string(body), `"totals":{"taxableValue":`) || !strings.Contains(string(body), `"cgst":0.00`) {
		t.Fatalf("amounts are not rupees with two decimals: %s", body)
	}
	status, body = send(t, s.app, "GET", "/api/admin/orders/"+id, s.staff, nil)
	expect(t, "the admin view", status, body, 200, map[string]any{"data.order.invoice.number": invoiceNumber,
		"data.order.invoice.totals.total": amount})
	other, _ := shopper(t, s.app, "Kabir", "kabir@example.in")
	status, body = send(t, s.app, "GET", "/api/orders/"+number, other, nil)
	expect(t, "another shopper", status, body, 404, nil)
}

// TestBusinessOrderInvoice: at checkout a shopper may add a business GSTIN and name; a bad
// GSTIN or a GSTIN without a name is refused and places nothing; a Maharashtra business
// delivering to Rajasthan gets an invoice naming it with its GSTIN, place of supply Rajasthan
// (the delivery state), CGST and SGST.
func TestBusinessOrderInvoice(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	send(t, s.app, "POST", "/api/addToCart", s.shopper, map[string]any{"productId": s.f.newestShirt.ID, "size": "M", "quantity": 1})
	place := map[string]any{"paymentMode": "cod", "address": s.addressID, "businessGstin": "27AAPFU0939F1ZW", "businessName": "Acme Traders"}
	status, body := send(t, s.app, "POST", "/api/createOrder", s.shopper, place)
	expect(t, "a wrong check character", status, body, 400,
		map[string]any{"errors.businessGstin": "This GSTIN's check character is wrong: check it for a typing mistake"})
	status, body = send(t, s.app, "POST", "/api/createOrder", s.shopper, with(with(place, "businessGstin", "27AAPFU0939F1ZV"), "businessName", " "))
	expect(t, "no business name", status, body, 400, map[string]any{"errors.businessName": "Enter the business name for its GSTIN"})
	var placed int
	if err := s.d.pool.QueryRow(t.Context(), `SELECT count(*) FROM orders`).Scan(&placed); err != nil || placed != 0 {
		t.Fatalf("%d orders placed (%v)", placed, err)
	}

	status, body = send(t, s.app, "POST", "/api/createOrder", s.shopper, with(place, "businessGstin", " 27aapfu0939f1zv "))
	expect(t, "a business order", status, body, 201, map[string]any{"data.businessGstin": "27AAPFU0939F1ZV", "data.businessName": "Acme Traders"})
	id, number := jsonValue(t, body, "data._id").(string), jsonValue(t, body, "data.orderId").(string)
	status, body = s.move(t, s.admin, id, order.Shipped)
	expect(t, "shipped", status, body, 200, nil)
	status, body = send(t, s.app, "GET", "/api/orders/"+number, s.shopper, nil)
	expect(t, "the invoice", status, body, 200, map[string]any{"data.invoice.recipientGstin": "27AAPFU0939F1ZV",
		"data.invoice.recipient.name": "Acme Traders", "data.invoice.placeOfSupply.code": "08", "data.invoice.totals.igst": 0})
	if cgst := jsonValue(t, body, "data.invoice.totals.cgst").(float64); cgst <= 0 || cgst != jsonValue(t, body, "data.invoice.totals.sgst").(float64) {
		t.Fatalf("CGST %v, SGST %v", cgst, jsonValue(t, body, "data.invoice.totals.sgst"))
	}
}
