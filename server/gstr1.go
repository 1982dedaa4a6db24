package main

import (
	"slices"
	"strings"

	"github.com/gofiber/fiber/v3"

	"drape/internal/invoice"
	"drape/internal/shop"
)

// adminGSTR1 answers GET /api/admin/gstr1?month=2026-11&section=b2cs: one section of the IST
// month's GSTR-1 return as a CSV file in the GST offline tool's columns or, without section,
// every section as a zip of CSV files (admins only).
func (s *server) adminGSTR1(c fiber.Ctx) error {
	p := shop.Problems{}
	month, err := invoice.ParseMonth(c.Query("month"))
	p.Check(err != nil, "month", "month must be a month like 2026-11")
	section := strings.TrimSpace(c.Query("section"))
	p.Check(section != "" && !slices.Contains(invoice.Sections, section), "section",
		"section must be one of "+strings.Join(invoice.Sections, ", "))
	if err := p.Err(); err != nil {
		return err
	}
	sections, err := s.invoices.GSTR1(c.Context(), month)
	if err != nil {
		return err
	}
	name := "gstr1-" + month.Format("2006-01")
	if section == "" {
		c.Set(fiber.HeaderContentType, "application/zip")
		c.Set(fiber.HeaderContentDisposition, `attachment; filename="`+name+`.zip"`)
		return invoice.WriteZip(c.Response().BodyWriter(), name, sections)
	}
	c.Set(fiber.HeaderContentType, "text/csv; charset=utf-8")
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="`+name+"-"+section+`.csv"`)
	return invoice.WriteCSV(c.Response().BodyWriter(), sections[slices.Index(invoice.Sections, section)])
}
