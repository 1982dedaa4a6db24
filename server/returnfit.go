package main

// Fit insight and the back office's returns screens (package returns): a product's fit as its
// size returns tell, the return rates by product, size and reason, and one request.

import (
	"time"

	"github.com/gofiber/fiber/v3"

	"drape/internal/shop"
)

// productFit answers GET /api/returns/fit/{productId}: the product's fit, with the note the
// product page shows when the evidence is strong enough. Beside the product's own answer, so
// SPEC §7's product fields stay as they are.
func (s *server) productFit(c fiber.Ctx) error {
	fit, err := s.returns.Fit(c.Context(), c.Params("productId"))
	if err != nil {
		return err
	}
	return ok(c, "", fit)
}

// adminReturnRates answers GET /api/admin/returns/rates?startDate=&endDate= (staff): the return
// rates of the orders placed in the range (India's days, the analytics' default of the last 30).
func (s *server) adminReturnRates(c fiber.Ctx) error {
	p := shop.Problems{}
	first, last := indianDay(c, p, "startDate"), indianDay(c, p, "endDate")
	if err := p.Err(); err != nil {
		return err
	}
	now := time.Now().In(india)
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, india)
	if last == nil {
		last = &today
	}
	if first == nil {
		start := last.AddDate(0, 0, -29)
		first = &start
	}
	rates, err := s.returns.Rates(c.Context(), *first, last.AddDate(0, 0, 1))
	if err != nil {
		return err
	}
	return ok(c, "", rates)
}

// adminReturnRequest answers GET /api/admin/returns/{id} (staff): one request with its lines,
// steps, order number and the account that asked.
func (s *server) adminReturnRequest(c fiber.Ctx) error {
	r, err := s.returns.StaffRequest(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return ok(c, "", r)
}

// askedRange reads the queue's from and to (India's days like 2026-11-23, both included; empty:
// unbounded) as the instants they start and the one after to ends. Errors: Invalid naming the
// field that is not a date.
func askedRange(c fiber.Ctx) (*time.Time, *time.Time, error) {
	p := shop.Problems{}
	start, end := indianDay(c, p, "from"), indianDay(c, p, "to")
	if end != nil {
		next := end.AddDate(0, 0, 1)
		end = &next
	}
	return start, end, p.Err()
}
