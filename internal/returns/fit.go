package returns

import (
	"cmp"
	"context"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"drape/internal/returns/returnsdb"
	"drape/internal/shop"
)

// Fit insight: what shoppers' size returns say about a product's fit, and the back office's
// return rates by product, size and reason.
//
// A size return is a request line (of a request neither rejected nor cancelled) that is an
// exchange for another size, or a return whose reason is about size (too small, too large, a
// poor fit). Its direction is the size it asked for: an exchange's new size against the size
// bought, by the product's size list (by the usual order, XS…3XL or numbers, for a size no
// longer offered); a return's reason (too small: up, too large: down; a poor fit: none).
// Each line counts once, whatever its quantity: it is one shopper's verdict.
//
// The product page shows a note when the evidence is strong enough: at least FitMinReturns
// size returns for the product, and at least FitMinSharePercent of all of them one way.

// Thresholds of the fit note.
const (
	FitMinReturns      = 5
	FitMinSharePercent = 60
)

// The fit notes, by the way a product runs.
var fitNotes = map[Runs]string{
	RunsSmall: "Runs small: most size returns asked for one size up",
	RunsLarge: "Runs large: most size returns asked for one size down",
}

// sizeReasons are the reason codes about size, with the direction a return for them asks.
var sizeReasons = map[string]int{"too_small": 1, "too_large": -1, "poor_fit": 0}

// Runs is which way a product's sizes run, as its returns tell.
type Runs string

// The ways a product may run; "" is true to size, or not enough evidence.
const (
	RunsSmall Runs = "small"
	RunsLarge Runs = "large"
)

// Fit is what a product's size returns say about its fit: how many there are, how many asked
// a size up or down, and, when the evidence is strong enough, which way it runs and the note
// the product page shows ("" otherwise).
type Fit struct {
	ProductID   string    `json:"productId"`
	SizeReturns int       `json:"sizeReturns"`
	AskedUp     int       `json:"askedUp"`
	AskedDown   int       `json:"askedDown"`
	Runs        Runs      `json:"runs"`
	Note        string    `json:"note"`
	Sizes       []SizeFit `json:"sizes"`
}

// SizeFit is one bought size's size returns: asking a size up, down, or with no direction.
type SizeFit struct {
	Size      string `json:"size"`
	AskedUp   int    `json:"askedUp"`
	AskedDown int    `json:"askedDown"`
	Other     int    `json:"other"`
}

// Fit is the fit of product id as its size returns tell. A product without returns (or that
// the shop does not have) has none. Errors: NotFound 'Product not found' for an id that is no
// product id.
func (s *Service) Fit(ctx context.Context, productID string) (Fit, error) {
	if !shop.IsID(productID) {
		return Fit{}, shop.E(shop.NotFound, "Product not found")
	}
	rows, err := s.store.q.FitEvidence(ctx, productID)
	if err != nil {
		return Fit{}, err
	}
	return fitOf(productID, rows), nil
}

// fitOf adds up rows, the size evidence of product productID, and applies the note's threshold.
func fitOf(productID string, rows []returnsdb.FitEvidenceRow) Fit {
	fit := Fit{ProductID: productID, Sizes: []SizeFit{}}
	bySize := map[string]*SizeFit{}
	for _, r := range rows {
		direction, sized := sizeDirection(r)
		if !sized {
			continue
		}
		sf := bySize[r.Size]
		if sf == nil {
			sf = &SizeFit{Size: r.Size}
			bySize[r.Size] = sf
		}
		n := int(r.Lines)
		fit.SizeReturns += n
		switch {
		case direction > 0:
			fit.AskedUp += n
			sf.AskedUp += n
		case direction < 0:
			fit.AskedDown += n
			sf.AskedDown += n
		default:
			sf.Other += n
		}
	}
	for _, sf := range bySize {
		fit.Sizes = append(fit.Sizes, *sf)
	}
	positions := map[string]int32{}
	for _, r := range rows {
		positions[r.Size] = r.SizePosition
	}
	slices.SortFunc(fit.Sizes, func(a, b SizeFit) int {
		return cmp.Or(cmp.Compare(sizeRank(a.Size, positions[a.Size]), sizeRank(b.Size, positions[b.Size])), strings.Compare(a.Size, b.Size))
	})
	if fit.SizeReturns >= FitMinReturns {
		switch {
		case fit.AskedUp*100 >= FitMinSharePercent*fit.SizeReturns:
			fit.Runs = RunsSmall
		case fit.AskedDown*100 >= FitMinSharePercent*fit.SizeReturns:
			fit.Runs = RunsLarge
		}
	}
	fit.Note = fitNotes[fit.Runs]
	return fit
}

// sizeDirection is which way row's lines asked (1 a size up, -1 down, 0 neither) and whether
// they are size returns at all.
func sizeDirection(r returnsdb.FitEvidenceRow) (int, bool) {
	if Kind(r.Kind) == Exchange && r.NewSize != "" {
		from, to := sizeRank(r.Size, r.SizePosition), sizeRank(r.NewSize, r.NewSizePosition)
		if r.SizePosition < 0 || r.NewSizePosition < 0 {
			from, to = usualRank(r.Size), usualRank(r.NewSize)
		}
		return cmp.Compare(to, from), true
	}
	direction, sized := sizeReasons[r.ReasonCode]
	return direction, sized
}

// sizeRank is where size sits among a product's sizes: its position in the product's list, or
// by the usual order when it is no longer offered (position < 0).
func sizeRank(size string, position int32) float64 {
	if position >= 0 {
		return float64(position)
	}
	return usualRank(size)
}

// usualOrder is the usual order of letter sizes.
var usualOrder = []string{"XXS", "XS", "S", "M", "L", "XL", "XXL", "3XL", "4XL", "5XL"}

// usualRank orders sizes the usual way: letter sizes by usualOrder, numbers (chest or waist
// sizes) by value; anything else last.
func usualRank(size string) float64 {
	s := strings.ToUpper(strings.TrimSpace(size))
	if s == "2XL" {
		s = "XXL"
	}
	if i := slices.Index(usualOrder, s); i >= 0 {
		return float64(i)
	}
	if n, err := strconv.ParseFloat(s, 64); err == nil {
		return n
	}
	return math.MaxFloat64
}

// ReturnRates is the back office's view of what comes back: for the orders placed in
// [From, To), the products with the most units asked back, each with its sizes and reasons,
// and the reasons over all products.
type ReturnRates struct {
	From     time.Time     `json:"from"`
	To       time.Time     `json:"to"`
	Products []ProductRate `json:"products"`
	Reasons  []ReasonCount `json:"reasons"`
}

// ProductRate is one product's return rate: units delivered, units asked back (by requests
// neither rejected nor cancelled), and the rate in percent (one decimal), by size and reason.
type ProductRate struct {
	ProductID   string        `json:"productId"`
	ProductName string        `json:"productName"`
	Delivered   int           `json:"delivered"`
	Returned    int           `json:"returned"`
	Rate        float64       `json:"rate"`
	Sizes       []SizeRate    `json:"sizes"`
	Reasons     []ReasonCount `json:"reasons"`
}

// SizeRate is one size's return rate.
type SizeRate struct {
	Size      string  `json:"size"`
	Delivered int     `json:"delivered"`
	Returned  int     `json:"returned"`
	Rate      float64 `json:"rate"`
}

// ReasonCount is how many units came back for one reason.
type ReasonCount struct {
	Code  string `json:"code"`
	Label string `json:"label"`
	Units int    `json:"units"`
}

// MaxRateProducts is how many products ReturnRates lists, the most returned first.
const MaxRateProducts = 10

// Rates is the return rates of the orders placed in [from, to). Errors: Invalid naming
// endDate when to is not after from.
func (s *Service) Rates(ctx context.Context, from, to time.Time) (ReturnRates, error) {
	p := shop.Problems{}
	p.Check(!to.After(from), "endDate", "The end of the range must be after its start")
	if err := p.Err(); err != nil {
		return ReturnRates{}, err
	}
	returned, err := s.store.q.ReturnedUnits(ctx, returnsdb.ReturnedUnitsParams{PlacedFrom: from, PlacedTo: to})
	if err != nil {
		return ReturnRates{}, err
	}
	delivered, err := s.store.q.DeliveredUnits(ctx, returnsdb.DeliveredUnitsParams{PlacedFrom: from, PlacedTo: to})
	if err != nil {
		return ReturnRates{}, err
	}
	return ratesOf(from, to, returned, delivered), nil
}

// ratesOf adds up returned and delivered units into rates, the most returned products first.
func ratesOf(from, to time.Time, returned []returnsdb.ReturnedUnitsRow, delivered []returnsdb.DeliveredUnitsRow) ReturnRates {
	type sizeKey struct{ product, size string }
	sent := map[sizeKey]int{}
	for _, d := range delivered {
		sent[sizeKey{d.ProductID, d.Size}] += int(d.Units)
	}
	products := map[string]*ProductRate{}
	sizes := map[sizeKey]*SizeRate{}
	reasons := map[string]*ReasonCount{}
	productReasons := map[string]map[string]*ReasonCount{}
	for _, r := range returned {
		p := products[r.ProductID]
		if p == nil {
			p = &ProductRate{ProductID: r.ProductID, ProductName: r.ProductName, Sizes: []SizeRate{}, Reasons: []ReasonCount{}}
			products[r.ProductID] = p
			productReasons[r.ProductID] = map[string]*ReasonCount{}
		}
		p.Returned += int(r.Units)
		k := sizeKey{r.ProductID, r.Size}
		if sizes[k] == nil {
			sizes[k] = &SizeRate{Size: r.Size, Delivered: sent[k]}
		}
		sizes[k].Returned += int(r.Units)
		for _, into := range []map[string]*ReasonCount{reasons, productReasons[r.ProductID]} {
			if into[r.ReasonCode] == nil {
				into[r.ReasonCode] = &ReasonCount{Code: r.ReasonCode, Label: r.ReasonLabel}
			}
			into[r.ReasonCode].Units += int(r.Units)
		}
	}
	for k, n := range sent {
		if p := products[k.product]; p != nil {
			p.Delivered += n
		}
	}
	byUnits := func(a, b ReasonCount) int {
		return cmp.Or(cmp.Compare(b.Units, a.Units), strings.Compare(a.Code, b.Code))
	}
	out := ReturnRates{From: from, To: to, Products: []ProductRate{}, Reasons: []ReasonCount{}}
	for k, sr := range sizes {
		sr.Rate = percent(sr.Returned, sr.Delivered)
		products[k.product].Sizes = append(products[k.product].Sizes, *sr)
	}
	for id, p := range products {
		p.Rate = percent(p.Returned, p.Delivered)
		slices.SortFunc(p.Sizes, func(a, b SizeRate) int {
			return cmp.Or(cmp.Compare(usualRank(a.Size), usualRank(b.Size)), strings.Compare(a.Size, b.Size))
		})
		for _, rc := range productReasons[id] {
			p.Reasons = append(p.Reasons, *rc)
		}
		slices.SortFunc(p.Reasons, byUnits)
		out.Products = append(out.Products, *p)
	}
	slices.SortFunc(out.Products, func(a, b ProductRate) int {
		return cmp.Or(cmp.Compare(b.Returned, a.Returned), cmp.Compare(b.Rate, a.Rate), strings.Compare(a.ProductID, b.ProductID))
	})
	if len(out.Products) > MaxRateProducts {
		out.Products = out.Products[:MaxRateProducts]
	}
	for _, rc := range reasons {
		out.Reasons = append(out.Reasons, *rc)
	}
	slices.SortFunc(out.Reasons, byUnits)
	return out
}

// percent is part of whole in percent, to one decimal (0 of nothing).
func percent(part, whole int) float64 {
	if whole <= 0 {
		return 0
	}
	return math.Round(float64(part)*1000/float64(whole)) / 10
}
