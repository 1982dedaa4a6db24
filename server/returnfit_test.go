package main

import (
	"testing"
	"time"

	"drape/internal/order"
)

// TestReturnFitAndRatesOverHTTP: anyone reads a product's fit (no note from one size return;
// a bad id is 404); staff read one request, the queue narrowed by the days it was asked (a bad
// day is 400 naming it) with its counts per status, and the return rates, which shoppers may not.
func TestReturnFitAndRatesOverHTTP(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	id, number := s.place(t, 1)
	for _, to := range []order.Status{order.Shipped, order.Delivered} {
		status, body := s.move(t, s.admin, id, to)
		expect(t, "move to "+string(to), status, body, 200, nil)
	}
	status, body := send(t, s.app, "POST", "/api/orders/"+number+"/returns", s.shopper, map[string]any{"kind": "exchange", "reason": "too_small",
		"lines": []map[string]any{{"item": 0, "quantity": 1, "newSize": "S"}}})
	expect(t, "the exchange", status, body, 201, nil)
	requestID := jsonValue(t, body, "data._id").(string)
	productID := jsonValue(t, body, "data.lines.0.productId").(string)

	status, body = send(t, s.app, "GET", "/api/returns/fit/"+productID, "", nil)
	expect(t, "the fit", status, body, 200, map[string]any{"data.productId": productID, "data.sizeReturns": 1, "data.note": "", "data.runs": ""})
	status, body = send(t, s.app, "GET", "/api/returns/fit/nope", "", nil)
	expect(t, "a bad product id", status, body, 404, map[string]any{"message": "Product not found"})

	status, body = send(t, s.app, "GET", "/api/admin/returns/"+requestID, s.staff, nil)
	expect(t, "one request", status, body, 200, map[string]any{"data._id": requestID, "data.orderId": number, "data.steps.#": 1,
		"data.customer.email": "meera@example.in"})
	status, body = send(t, s.app, "GET", "/api/admin/returns/000000000000000000000000", s.staff, nil)
	expect(t, "an unknown request", status, body, 404, map[string]any{"message": "Return request not found"})

	today := time.Now().In(india).Format("2006-01-02")
	tomorrow := time.Now().In(india).AddDate(0, 0, 1).Format("2006-01-02")
	status, body = send(t, s.app, "GET", "/api/admin/returns?from="+today+"&to="+today, s.staff, nil)
	expect(t, "asked today", status, body, 200, map[string]any{"data.total": 1, "data.counts.REQUESTED": 1})
	status, body = send(t, s.app, "GET", "/api/admin/returns?from="+tomorrow, s.staff, nil)
	expect(t, "asked from tomorrow", status, body, 200, map[string]any{"data.total": 0, "data.items.#": 0})
	status, body = send(t, s.app, "GET", "/api/admin/returns?to=26-11-2026", s.staff, nil)
	expect(t, "a bad day", status, body, 400, map[string]any{"errors.to": "to must be a date like 2026-11-23"})

	status, body = send(t, s.app, "GET", "/api/admin/returns/rates?startDate="+today+"&endDate="+today, s.staff, nil)
	expect(t, "the rates", status, body, 200, map[string]any{"data.products.#": 1, "data.products.0.productId": productID,
		"data.products.0.returned": 1, "data.products.0.delivered": 1, "data.products.0.rate": 100, "data.reasons.0.code": "too_small"})
	status, body = send(t, s.app, "GET", "/api/admin/returns/rates?startDate=yesterday", s.staff, nil)
	expect(t, "a bad start", status, body, 400, map[string]any{"errors.startDate": "startDate must be a date like 2026-11-23"})
	status, body = send(t, s.app, "GET", "/api/admin/returns/rates", s.shopper, nil)
	expect(t, "a shopper", status, body, 401, nil)
}
