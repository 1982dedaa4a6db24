package main

// Product declarations (issue 23): the Legal Metrology declarations a product's page shows
// (its own over the company's defaults), and the back office's editor of a product's own.

import (
	"context"
	"strings"

	"github.com/gofiber/fiber/v3"

	"drape/internal/catalog"
	"drape/internal/shop"
)

// maker is the company's side of the declarations' defaults: its legal name (else its name)
// and address, and its phone and e-mail for consumer care; empty before the company is set up.
func (s *server) maker(ctx context.Context) (catalog.Maker, error) {
	firm, err := s.company.Get(ctx)
	if shop.Is(err, shop.NotFound) {
		return catalog.Maker{}, nil
	}
	if err != nil {
		return catalog.Maker{}, err
	}
	name := firm.LegalName
	if name == "" {
		name = firm.Name
	}
	var care []string
	for _, v := range []string{firm.Contact1, firm.Email} {
		if v != "" {
			care = append(care, v)
		}
	}
	return catalog.Maker{Name: name, Address: firm.Address, Care: strings.Join(care, ", ")}, nil
}

// declare sets p's declarations as shoppers see them.
func (s *server) declare(ctx context.Context, p *catalog.Product) error {
	maker, err := s.maker(ctx)
	if err != nil {
		return err
	}
	d, err := s.catalog.Declared(ctx, *p, maker)
	if err != nil {
		return err
	}
	p.Declarations = &d
	return nil
}

// productDeclarations is the editor's view: the product's own declarations and what its page
// shows with them.
type productDeclarations struct {
	Own   catalog.Declarations `json:"own"`
	Shown catalog.Declarations `json:"shown"`
}

// adminProductDeclarations answers GET /api/admin/products/{id}/declarations (staff).
func (s *server) adminProductDeclarations(c fiber.Ctx) error {
	answer, err := s.productDeclarations(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return ok(c, "", answer)
}

// saveProductDeclarations answers PUT /api/admin/products/{id}/declarations (admins) {makerName,
// makerAddress, countryOfOrigin, genericName, netQuantity, consumerCare}: the product's own
// declarations, an empty field taking the default.
func (s *server) saveProductDeclarations(c fiber.Ctx) error {
	var in catalog.Declarations
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if _, err := s.catalog.SaveDeclarations(c.Context(), c.Params("id"), in); err != nil {
		return err
	}
	answer, err := s.productDeclarations(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return ok(c, "Declarations saved", answer)
}

func (s *server) productDeclarations(ctx context.Context, id string) (productDeclarations, error) {
	p, err := s.catalog.AdminProduct(ctx, id)
	if err != nil {
		return productDeclarations{}, err
	}
	own, err := s.catalog.OwnDeclarations(ctx, id)
	if err != nil {
		return productDeclarations{}, err
	}
	maker, err := s.maker(ctx)
	if err != nil {
		return productDeclarations{}, err
	}
	return productDeclarations{Own: own, Shown: own.Over(catalog.Defaults(p.Product, maker))}, nil
}
