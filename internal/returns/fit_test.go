package returns

import (
	"context"
	"fmt"
	"testing"
	"time"

	"drape/internal/returns/returnsdb"
	"drape/internal/shop"
)

// askFor is a new shopper's delivered order of one shirt in size, and their request about it:
// an exchange to newSize, or (newSize "") a return, for reason.
func (f *fixture) askFor(t *testing.T, n int, size, newSize, reason string) Request {
	t.Helper()
	userID, o := f.delivered(t, fmt.Sprintf("fit%d@example.in", n), size, 1)
	kind, payout := Return, upi // the fixture's orders are COD: a return says where its refund goes
	if newSize != "" {
		kind, payout = Exchange, nil
	}
	r, err := f.returns.Ask(context.Background(), Ask{UserID: userID, OrderNumber: o.Number, Kind: kind, Reason: reason,
		Lines: []AskLine{{Item: 0, Quantity: 1, NewSize: newSize}}, Payout: payout})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestFitNoteNeedsFiveSizeReturnsMostlyOneWay: the product page's fit note. Four exchanges of M
// for XL (a size up) are not enough evidence; a fifth size return (a return of XL as too large,
// a size down) makes five, four of them up (80 %): "Runs small". A return for another reason and
// a rejected exchange add nothing; every size's up and down are counted.
func TestFitNoteNeedsFiveSizeReturnsMostlyOneWay(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.setStock(t, 20, 20, 20)
	for i := range 4 {
		f.askFor(t, i, "M", "XL", "poor_fit")
	}
	fit, err := f.returns.Fit(ctx, f.Shirt.ID)
	if err != nil {
		t.Fatal(err)
	}
	if fit.SizeReturns != 4 || fit.AskedUp != 4 || fit.Runs != "" || fit.Note != "" {
		t.Fatalf("four size returns make no note: %+v", fit)
	}

	f.askFor(t, 4, "XL", "", "too_large")
	f.askFor(t, 5, "S", "", "changed_mind")
	rejected := f.askFor(t, 6, "XL", "S", "too_large")
	if _, _, err := f.returns.Reject(ctx, rejected.ID, "staff1", "Worn"); err != nil {
		t.Fatal(err)
	}
	fit, err = f.returns.Fit(ctx, f.Shirt.ID)
	if err != nil {
		t.Fatal(err)
	}
	if fit.SizeReturns != 5 || fit.AskedUp != 4 || fit.AskedDown != 1 || fit.Runs != RunsSmall ||
		fit.Note != "Runs small: most size returns asked for one size up" {
		t.Fatalf("five size returns, four up: %+v", fit)
	}
	want := []SizeFit{{Size: "M", AskedUp: 4}, {Size: "XL", AskedDown: 1}}
	if len(fit.Sizes) != len(want) || fit.Sizes[0] != want[0] || fit.Sizes[1] != want[1] {
		t.Fatalf("per size: %+v, want %+v", fit.Sizes, want)
	}

	other, err := f.returns.Fit(ctx, "0123456789abcdef01234567")
	if err != nil || other.SizeReturns != 0 || other.Note != "" || other.Sizes == nil {
		t.Fatalf("a product without returns: %+v %v", other, err)
	}
	if _, err := f.returns.Fit(ctx, "not-an-id"); err == nil {
		t.Fatal("a bad product id is answered")
	}
}

// TestFitThreshold: the note's threshold on its own: 60 % of at least five size returns one
// way; exchanges tell the direction by the product's size list (sizes no longer offered by
// the usual order), returns by their reason (too small: up; too large: down; a poor fit counts
// as a size return with no direction).
func TestFitThreshold(t *testing.T) {
	up := returnsdb.FitEvidenceRow{Size: "M", NewSize: "L", Kind: "exchange", ReasonCode: "poor_fit", SizePosition: 1, NewSizePosition: 2, Lines: 1}
	down := returnsdb.FitEvidenceRow{Size: "L", NewSize: "M", Kind: "exchange", ReasonCode: "too_large", SizePosition: 2, NewSizePosition: 1, Lines: 1}
	gone := returnsdb.FitEvidenceRow{Size: "XXL", NewSize: "XL", Kind: "exchange", ReasonCode: "poor_fit", SizePosition: -1, NewSizePosition: -1, Lines: 1}
	small := returnsdb.FitEvidenceRow{Size: "M", Kind: "return", ReasonCode: "too_small", SizePosition: 1, NewSizePosition: -1, Lines: 1}
	loose := returnsdb.FitEvidenceRow{Size: "M", Kind: "return", ReasonCode: "poor_fit", SizePosition: 1, NewSizePosition: -1, Lines: 1}
	damaged := returnsdb.FitEvidenceRow{Size: "M", Kind: "return", ReasonCode: "damaged", SizePosition: 1, NewSizePosition: -1, Lines: 4}
	n := func(r returnsdb.FitEvidenceRow, lines int32) returnsdb.FitEvidenceRow { r.Lines = lines; return r }
	for _, c := range []struct {
		name string
		rows []returnsdb.FitEvidenceRow
		runs Runs
		size int
	}{
		{"three up, two down: 60 %", []returnsdb.FitEvidenceRow{n(up, 2), small, n(down, 2)}, RunsSmall, 5},
		{"three up, three down", []returnsdb.FitEvidenceRow{n(up, 3), n(down, 3)}, "", 6},
		{"three down, one up, a loose one: 60 %", []returnsdb.FitEvidenceRow{n(down, 2), gone, up, loose}, RunsLarge, 5},
		{"three up, two with no direction: 60 %", []returnsdb.FitEvidenceRow{n(up, 3), n(loose, 2)}, RunsSmall, 5},
		{"three up, three with no direction: 50 %", []returnsdb.FitEvidenceRow{n(up, 3), n(loose, 3)}, "", 6},
		{"four up and damage: four size returns", []returnsdb.FitEvidenceRow{n(up, 4), damaged}, "", 4},
	} {
		fit := fitOf("p", c.rows)
		if fit.Runs != c.runs || fit.SizeReturns != c.size || (fit.Note == "") != (c.runs == "") {
			t.Errorf("%s: %+v, want runs %q of %d", c.name, fit, c.runs, c.size)
		}
	}
	if got := fitOf("p", []returnsdb.FitEvidenceRow{n(down, 5)}).Note; got != "Runs large: most size returns asked for one size down" {
		t.Errorf("the large note: %q", got)
	}
}

// TestReturnRatesAndQueueFilters: three shirts delivered (two M, one XL), one M exchanged for
// XL and the XL returned as too large: M comes back at 50 %, XL at 100 %, the shirt at 66.7 %,
// each reason once. The back office's queue finds a request by its shopper's e-mail, counts
// per status under the other filters, and bounds by when it was asked.
func TestReturnRatesAndQueueFilters(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.setStock(t, 10, 10, 10)
	exchange := f.askFor(t, 1, "M", "XL", "too_small")
	f.delivered(t, "fit-kept@example.in", "M", 1)
	f.askFor(t, 2, "XL", "", "too_large")
	if _, _, err := f.returns.Approve(ctx, exchange.ID, "staff1", ""); err != nil {
		t.Fatal(err)
	}
	day := f.clock.Add(-time.Hour)
	rates, err := f.returns.Rates(ctx, day, day.Add(24*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if len(rates.Products) != 1 || len(rates.Reasons) != 2 {
		t.Fatalf("rates: %+v", rates)
	}
	p := rates.Products[0]
	if p.ProductID != f.Shirt.ID || p.Delivered != 3 || p.Returned != 2 || p.Rate != 66.7 || len(p.Sizes) != 2 ||
		p.Sizes[0] != (SizeRate{Size: "M", Delivered: 2, Returned: 1, Rate: 50}) || p.Sizes[1] != (SizeRate{Size: "XL", Delivered: 1, Returned: 1, Rate: 100}) {
		t.Fatalf("the shirt's rates: %+v", p)
	}
	if _, err := f.returns.Rates(ctx, day, day); err == nil {
		t.Fatal("an empty range is answered")
	}

	page, err := f.returns.Queue(ctx, QueueFilter{Number: "FIT2@EXAMPLE"}, shop.Page{Number: 1, Size: 10})
	if err != nil || page.Total != 1 || len(page.Items) != 1 || page.Items[0].Kind != Return {
		t.Fatalf("by the shopper's e-mail: %+v %v", page, err)
	}
	page, err = f.returns.Queue(ctx, QueueFilter{Status: Approved}, shop.Page{Number: 1, Size: 10})
	if err != nil || page.Total != 1 || page.Items[0].ID != exchange.ID || page.Counts[Approved] != 1 || page.Counts[Requested] != 1 {
		t.Fatalf("approved, with the counts: %+v %v", page, err)
	}
	later := f.clock.Add(time.Minute)
	page, err = f.returns.Queue(ctx, QueueFilter{From: &later}, shop.Page{Number: 1, Size: 10})
	if err != nil || page.Total != 0 || len(page.Items) != 0 || len(page.Counts) != 0 {
		t.Fatalf("asked after now: %+v %v", page, err)
	}
	if _, err := f.returns.Queue(ctx, QueueFilter{From: &later, To: &day}, shop.Page{Number: 1, Size: 10}); err == nil {
		t.Fatal("a backward range is answered")
	}
}
