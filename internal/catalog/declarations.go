package catalog

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"drape/internal/catalog/catalogdb"
	"drape/internal/shop"
)

// Declarations are what the Legal Metrology (Packaged Commodities) Rules, rule 6(10), ask an
// online shop to show of a product, as its label would: who made or markets it and where,
// the country of origin, the generic name, the net quantity, the MRP (inclusive of all
// taxes) and whom to call about it. A product's own are its overrides: an empty field takes
// the default (Defaults).
type Declarations struct {
	MakerName       string `json:"makerName"`
	MakerAddress    string `json:"makerAddress"`
	CountryOfOrigin string `json:"countryOfOrigin"`
	GenericName     string `json:"genericName"`
	NetQuantity     string `json:"netQuantity"`
	ConsumerCare    string `json:"consumerCare"`
	// MRP is the product's list price, which includes every tax; set on what is shown, never
	// stored (the price is the product's).
	MRP shop.Money `json:"mrp"`
}

// Maker is the company's side of the defaults: its name, address and consumer-care contact.
type Maker struct {
	Name    string
	Address string
	Care    string
}

// The defaults that are not the company's.
const (
	DefaultCountryOfOrigin = "India"
	DefaultNetQuantity     = "1 N"
)

// Defaults are p's declarations when it has none of its own: maker's for who made it and
// consumer care, India as the country of origin, the sub-category's name as the generic name
// and one piece ('1 N') as the net quantity.
func Defaults(p Product, maker Maker) Declarations {
	return Declarations{MakerName: maker.Name, MakerAddress: maker.Address, CountryOfOrigin: DefaultCountryOfOrigin,
		GenericName: p.SubCategory, NetQuantity: DefaultNetQuantity, ConsumerCare: maker.Care, MRP: p.Price}
}

// Over is d with every empty field taken from defaults, and the MRP from defaults.
func (d Declarations) Over(defaults Declarations) Declarations {
	for _, f := range []struct{ own, def *string }{{&d.MakerName, &defaults.MakerName}, {&d.MakerAddress, &defaults.MakerAddress},
		{&d.CountryOfOrigin, &defaults.CountryOfOrigin}, {&d.GenericName, &defaults.GenericName},
		{&d.NetQuantity, &defaults.NetQuantity}, {&d.ConsumerCare, &defaults.ConsumerCare}} {
		if *f.own == "" {
			*f.own = *f.def
		}
	}
	d.MRP = defaults.MRP
	return d
}

// OwnDeclarations is product id's own declarations (empty fields: the defaults). Errors:
// NotFound ('Product not found').
func (s *Service) OwnDeclarations(ctx context.Context, id string) (Declarations, error) {
	if err := s.productExists(ctx, id); err != nil {
		return Declarations{}, err
	}
	r, err := s.store.q.ProductDeclarations(ctx, id)
	if shop.Is(err, shop.NotFound) {
		return Declarations{}, nil
	}
	return Declarations{MakerName: r.MakerName, MakerAddress: r.MakerAddress, CountryOfOrigin: r.CountryOfOrigin,
		GenericName: r.GenericName, NetQuantity: r.NetQuantity, ConsumerCare: r.ConsumerCare}, err
}

// Declared is p's declarations as shoppers see them: its own over the defaults of maker.
// Errors: those of the database.
func (s *Service) Declared(ctx context.Context, p Product, maker Maker) (Declarations, error) {
	r, err := s.store.q.ProductDeclarations(ctx, p.ID)
	if shop.Is(err, shop.NotFound) {
		return Defaults(p, maker), nil
	}
	if err != nil {
		return Declarations{}, err
	}
	own := Declarations{MakerName: r.MakerName, MakerAddress: r.MakerAddress, CountryOfOrigin: r.CountryOfOrigin,
		GenericName: r.GenericName, NetQuantity: r.NetQuantity, ConsumerCare: r.ConsumerCare}
	return own.Over(Defaults(p, maker)), nil
}

// SaveDeclarations replaces product id's own declarations with d, trimmed (empty fields take
// the defaults). Errors: NotFound ('Product not found'); Invalid naming the fields
// (makerName, makerAddress, countryOfOrigin, genericName, netQuantity, consumerCare) when one
// is too long or holds control characters.
func (s *Service) SaveDeclarations(ctx context.Context, id string, d Declarations) (Declarations, error) {
	d = trimmedDeclarations(d)
	if err := checkDeclarations(d); err != nil {
		return Declarations{}, err
	}
	if err := s.productExists(ctx, id); err != nil {
		return Declarations{}, err
	}
	if err := saveDeclarations(ctx, s.store.q, id, d); err != nil {
		return Declarations{}, err
	}
	return s.OwnDeclarations(ctx, id)
}

func saveDeclarations(ctx context.Context, q *catalogdb.Queries, id string, d Declarations) error {
	return q.SaveProductDeclarations(ctx, catalogdb.SaveProductDeclarationsParams{ProductID: id, MakerName: d.MakerName,
		MakerAddress: d.MakerAddress, CountryOfOrigin: d.CountryOfOrigin, GenericName: d.GenericName, NetQuantity: d.NetQuantity,
		ConsumerCare: d.ConsumerCare})
}

func trimmedDeclarations(d Declarations) Declarations {
	for _, f := range []*string{&d.MakerName, &d.MakerAddress, &d.CountryOfOrigin, &d.GenericName, &d.NetQuantity, &d.ConsumerCare} {
		*f = strings.TrimSpace(*f)
	}
	d.MRP = 0
	return d
}

// declarationLimits are the declarations' longest values, in characters.
var declarationLimits = map[string]int{"makerName": 120, "makerAddress": 300, "countryOfOrigin": 60, "genericName": 80,
	"netQuantity": 60, "consumerCare": 200}

func checkDeclarations(d Declarations) error {
	p := shop.Problems{}
	for field, v := range map[string]string{"makerName": d.MakerName, "makerAddress": d.MakerAddress, "countryOfOrigin": d.CountryOfOrigin,
		"genericName": d.GenericName, "netQuantity": d.NetQuantity, "consumerCare": d.ConsumerCare} {
		p.Check(utf8.RuneCountInString(v) > declarationLimits[field], field, field+" is too long")
		p.Check(strings.ContainsFunc(v, func(r rune) bool { return unicode.IsControl(r) && r != '\n' }), field,
			field+" has characters that are not allowed")
	}
	return p.Err()
}

// productExists is nil when product id exists and is not deleted. Errors: NotFound ('Product
// not found').
func (s *Service) productExists(ctx context.Context, id string) error {
	state, err := s.store.q.ProductStateByID(ctx, id)
	if shop.Is(err, shop.NotFound) || (err == nil && state.Deleted) {
		return shop.E(shop.NotFound, "Product not found")
	}
	return err
}
