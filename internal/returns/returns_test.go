package returns

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"drape/internal/catalog"
	"drape/internal/order"
	"drape/internal/order/ordertest"
	"drape/internal/shop"
)

// fixture is a shop with the return service over one test's database, and a clock the test
// moves.
type fixture struct {
	ordertest.Shop
	returns *Service
	clock   time.Time
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	sh := ordertest.New(t)
	f := &fixture{Shop: sh, returns: NewService(sh.Pool, Config{PublicURL: "http://shop.test", PayoutKey: testPayoutKey}, sh.Orders, sh.Catalog)}
	f.clock = time.Now()
	f.returns.now = func() time.Time { return f.clock }
	return f
}

// delivered is a new shopper's cash-on-delivery order of quantity shirts of size, shipped and
// delivered now: the shopper's id and the order.
func (f *fixture) delivered(t *testing.T, email, size string, quantity int) (string, order.Order) {
	t.Helper()
	userID, addressID := f.Shopper(t, email)
	f.Add(t, userID, size, quantity)
	o := f.Place(t, userID, addressID, order.COD)
	for _, to := range []order.Status{order.Shipped, order.Delivered} {
		var err error
		if o, err = f.Orders.Move(context.Background(), o.ID, to, "staff:1", "", order.RequestRefunds); err != nil {
			t.Fatal(err)
		}
	}
	return userID, o
}

// setStock makes the shirt's stock in S, M and XL these counts.
func (f *fixture) setStock(t *testing.T, s, m, xl int) {
	t.Helper()
	if _, err := f.Catalog.SetStock(context.Background(), f.Shirt.ID, []catalog.StockLevel{{Size: "S", Stock: s}, {Size: "M", Stock: m}, {Size: "XL", Stock: xl}}); err != nil {
		t.Fatal(err)
	}
}

func (f *fixture) count(t *testing.T, query string, args ...any) int {
	t.Helper()
	var n int
	if err := f.Pool.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// written is how many return events, return mails and requests the database holds.
func (f *fixture) written(t *testing.T) (events, mails, requests int) {
	t.Helper()
	return f.count(t, `SELECT count(*) FROM outbox WHERE name = 'return.requested'`),
		f.count(t, `SELECT count(*) FROM mails WHERE kind = 'return_requested'`),
		f.count(t, `SELECT count(*) FROM return_requests`)
}

// wantField fails unless err is Invalid with a problem for field.
func wantField(t *testing.T, what string, err error, field string) {
	t.Helper()
	se, ok := err.(*shop.Error)
	if !ok || se.Kind != shop.Invalid || se.Fields[field] == "" {
		t.Fatalf("%s: %v, want Invalid naming %s", what, err, field)
	}
}

func ptr[T any](v T) *T { return &v }

// testPayoutKey seals payout details in tests; upi is a COD shopper's UPI id.
var (
	testPayoutKey = []byte("0123456789abcdef0123456789abcdef")
	upi           = &PayoutDetails{UPI: "aarav.sharma@okhdfcbank"}
)

// TestPolicyDefaultsAndChecks: the policy starts as the issue says (7 days each, free pickup,
// free exchanges, every sub-category returnable, six reasons with a photo for damage); a bad
// change names its field and changes nothing; a change keeps what it does not set.
func TestPolicyDefaultsAndChecks(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	p, err := f.returns.Policy(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if p.ReturnWindowDays != 7 || p.ExchangeWindowDays != 7 || p.ReturnFee != 0 || !p.FreeExchanges ||
		len(p.ReturnableSubCategories) != 1 || p.ReturnableSubCategories[0].ID != f.Shirt.SubCategoryID || len(p.NotReturnableSubCategories) != 0 {
		t.Fatalf("defaults: %+v", p)
	}
	var labels []string
	for _, r := range p.Reasons {
		labels = append(labels, r.Label)
		if r.PhotoRequired != (r.Label == "Damaged or defective") {
			t.Errorf("reason %+v: only damage needs a photo", r)
		}
	}
	if got := strings.Join(labels, "|"); got != "Too small|Too large|Doesn't fit well|Not as pictured|Damaged or defective|Changed my mind" {
		t.Fatalf("default reasons: %s", got)
	}

	long := strings.Repeat("x", 81)
	for _, c := range []struct {
		change PolicyChange
		field  string
	}{
		{PolicyChange{ReturnWindowDays: ptr(91)}, "returnWindowDays"},
		{PolicyChange{ReturnWindowDays: ptr(-1)}, "returnWindowDays"},
		{PolicyChange{ExchangeWindowDays: ptr(120)}, "exchangeWindowDays"},
		{PolicyChange{ReturnFee: ptr(shop.Rupees(1000) + 1)}, "returnFee"},
		{PolicyChange{ReturnFee: ptr(shop.Money(-100))}, "returnFee"},
		{PolicyChange{Reasons: &[]Reason{}}, "reasons"},
		{PolicyChange{Reasons: &[]Reason{{Code: "small", Label: "  "}}}, "reasons[0].label"},
		{PolicyChange{Reasons: &[]Reason{{Code: "small", Label: long}}}, "reasons[0].label"},
		{PolicyChange{Reasons: &[]Reason{{Code: "small", Label: "Too small"}, {Code: "small", Label: "Tiny"}}}, "reasons[1].code"},
		{PolicyChange{Reasons: &[]Reason{{Code: "Too Small!", Label: "Too small"}}}, "reasons[0].code"},
		{PolicyChange{ReturnableSubCategories: &[]string{"000000000000000000000000"}}, "returnableSubCategories"},
	} {
		_, err := f.returns.SavePolicy(ctx, c.change)
		wantField(t, c.field, err, c.field)
	}
	if again, err := f.returns.Policy(ctx); err != nil || again.ReturnWindowDays != 7 || len(again.Reasons) != 6 || again.ReturnFee != 0 {
		t.Fatalf("a refused change wrote: %+v %v", again, err)
	}

	saved, err := f.returns.SavePolicy(ctx, PolicyChange{ExchangeWindowDays: ptr(14), ReturnFee: ptr(shop.Rupees(99)),
		Reasons: &[]Reason{{Code: "too_small", Label: " Too small "}, {Code: "damaged", Label: "Damaged", PhotoRequired: true}}})
	if err != nil {
		t.Fatal(err)
	}
	if saved.ReturnWindowDays != 7 || saved.ExchangeWindowDays != 14 || saved.ReturnFee != shop.Rupees(99) || !saved.FreeExchanges ||
		len(saved.Reasons) != 2 || saved.Reasons[0] != (Reason{Code: "too_small", Label: "Too small"}) || len(saved.ReturnableSubCategories) != 1 {
		t.Fatalf("saved: %+v", saved)
	}
	none, err := f.returns.SavePolicy(ctx, PolicyChange{ReturnableSubCategories: &[]string{}, FreeExchanges: ptr(false)})
	if err != nil || len(none.ReturnableSubCategories) != 0 || len(none.NotReturnableSubCategories) != 1 || none.FreeExchanges ||
		none.ExchangeWindowDays != 14 || len(none.Reasons) != 2 {
		t.Fatalf("no sub-category returnable: %+v %v", none, err)
	}
}

// TestWindows: a return is refused once the return window after delivery has closed, and an
// exchange once the exchange window has; each kind has its own window.
func TestWindows(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	if _, err := f.returns.SavePolicy(ctx, PolicyChange{ExchangeWindowDays: ptr(10)}); err != nil {
		t.Fatal(err)
	}
	userID, o := f.delivered(t, "window@example.in", "M", 2)
	var deliveredAt time.Time
	for _, st := range o.Timeline {
		if st.Status == string(order.Delivered) {
			deliveredAt = st.At
		}
	}
	ask := func(kind Kind, newSize string) error {
		var payout *PayoutDetails
		if kind == Return {
			payout = upi
		}
		_, err := f.returns.Ask(ctx, Ask{UserID: userID, OrderNumber: o.Number, Kind: kind, Reason: "too_small", Payout: payout,
			Lines: []AskLine{{Item: 0, Quantity: 1, NewSize: newSize}}})
		return err
	}
	f.clock = deliveredAt.Add(8 * 24 * time.Hour)
	err := ask(Return, "")
	if !shop.Is(err, shop.Conflict) || !strings.Contains(err.Error(), "return window for order "+o.Number+" closed") {
		t.Fatalf("a return 8 days after delivery with a 7-day window: %v", err)
	}
	if err := ask(Exchange, "XL"); err != nil {
		t.Fatalf("an exchange 8 days after delivery with a 10-day window: %v", err)
	}
	f.clock = deliveredAt.Add(10*24*time.Hour + time.Minute)
	if err := ask(Exchange, "XL"); !shop.Is(err, shop.Conflict) || !strings.Contains(err.Error(), "exchange window") {
		t.Fatalf("an exchange past its 10-day window: %v", err)
	}
	f.clock = deliveredAt.Add(6 * 24 * time.Hour)
	if err := ask(Return, ""); err != nil {
		t.Fatalf("a return 6 days after delivery: %v", err)
	}
}

// TestOnlyTheOwnerAndOnlyDelivered: another shopper's order is not found; an order not yet
// delivered is refused.
func TestOnlyTheOwnerAndOnlyDelivered(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	_, o := f.delivered(t, "owner@example.in", "M", 1)
	stranger, _ := f.Shopper(t, "stranger@example.in")
	_, err := f.returns.Ask(ctx, Ask{UserID: stranger, OrderNumber: o.Number, Kind: Return, Payout: upi, Reason: "too_small", Lines: []AskLine{{Item: 0, Quantity: 1}}})
	if !shop.Is(err, shop.NotFound) {
		t.Fatalf("another shopper's order: %v", err)
	}
	if _, err := f.returns.OfOrder(ctx, stranger, o.Number); !shop.Is(err, shop.NotFound) {
		t.Fatalf("another shopper's list: %v", err)
	}
	userID, addressID := f.Shopper(t, "early@example.in")
	f.Add(t, userID, "S", 1)
	placed := f.Place(t, userID, addressID, order.COD)
	_, err = f.returns.Ask(ctx, Ask{UserID: userID, OrderNumber: placed.Number, Kind: Return, Payout: upi, Reason: "too_small", Lines: []AskLine{{Item: 0, Quantity: 1}}})
	if !shop.Is(err, shop.Conflict) || err.Error() != msgNotDelivered {
		t.Fatalf("an order not delivered: %v", err)
	}
}

// TestNonReturnableSubCategory: once the shirts' sub-category is taken out of the policy, a
// shirt can be neither returned nor exchanged; put back, it can.
func TestNonReturnableSubCategory(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	userID, o := f.delivered(t, "final@example.in", "M", 1)
	if _, err := f.returns.SavePolicy(ctx, PolicyChange{ReturnableSubCategories: &[]string{}}); err != nil {
		t.Fatal(err)
	}
	for _, kind := range []Kind{Return, Exchange} {
		size := ""
		if kind == Exchange {
			size = "XL"
		}
		var payout *PayoutDetails
		if kind == Return {
			payout = upi
		}
		_, err := f.returns.Ask(ctx, Ask{UserID: userID, OrderNumber: o.Number, Kind: kind, Reason: "too_small", Payout: payout, Lines: []AskLine{{Item: 0, Quantity: 1, NewSize: size}}})
		wantField(t, string(kind)+" of a final-sale shirt", err, "lines[0].item")
		if !strings.Contains(err.Error(), "Formal Shirts cannot be returned") {
			t.Errorf("the refusal does not say why: %v", err)
		}
	}
	if _, _, n := f.written(t); n != 0 {
		t.Fatalf("%d requests written", n)
	}
	if _, err := f.returns.SavePolicy(ctx, PolicyChange{ReturnableSubCategories: &[]string{f.Shirt.SubCategoryID}}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.returns.Ask(ctx, Ask{UserID: userID, OrderNumber: o.Number, Kind: Return, Payout: upi, Reason: "too_small", Lines: []AskLine{{Item: 0, Quantity: 1}}}); err != nil {
		t.Fatalf("returnable again: %v", err)
	}
}

// TestQuantitiesCountEarlierRequests: a line can ask for at most what was bought less what the
// order's earlier requests ask for; a rejected request asks for nothing any more. Request
// numbers follow the order number.
func TestQuantitiesCountEarlierRequests(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	userID, o := f.delivered(t, "twice@example.in", "M", 2)
	ask := func(quantity int) (Request, error) {
		return f.returns.Ask(ctx, Ask{UserID: userID, OrderNumber: o.Number, Kind: Return, Payout: upi, Reason: "too_large", Lines: []AskLine{{Item: 0, Quantity: quantity}}})
	}
	for _, q := range []int{3, 0} {
		_, err := ask(q)
		wantField(t, "a quantity of "+string(rune('0'+q)), err, "lines[0].quantity")
	}
	_, err := f.returns.Ask(ctx, Ask{UserID: userID, OrderNumber: o.Number, Kind: Return, Payout: upi, Reason: "too_large", Lines: []AskLine{{Item: 1, Quantity: 1}}})
	wantField(t, "an item the order does not have", err, "lines[0].item")
	first, err := ask(1)
	if err != nil || first.Number != o.Number+"-R1" || len(first.Lines) != 1 || first.Lines[0].Quantity != 1 {
		t.Fatalf("the first: %+v %v", first, err)
	}
	_, err = ask(2)
	wantField(t, "2 more of 2 bought, 1 asked", err, "lines[0].quantity")
	if !strings.Contains(err.Error(), "Only 1 of Oxford Shirt (size M) can still be sent back") {
		t.Errorf("the refusal: %v", err)
	}
	second, err := ask(1)
	if err != nil || second.Number != o.Number+"-R2" {
		t.Fatalf("the second: %+v %v", second, err)
	}
	_, err = ask(1)
	wantField(t, "a third of 2", err, "lines[0].quantity")
	if _, _, err := f.returns.Reject(ctx, first.ID, "staff1", "Worn"); err != nil {
		t.Fatal(err)
	}
	third, err := ask(1)
	if err != nil || third.Number != o.Number+"-R3" {
		t.Fatalf("after the first was rejected: %+v %v", third, err)
	}
	listed, err := f.returns.OfOrder(ctx, userID, o.Number)
	if err != nil || len(listed) != 3 || listed[2].ID != third.ID || len(listed[2].Steps) != 1 || listed[2].Steps[0].Status != Requested ||
		listed[2].Steps[0].Actor != ActorShopper {
		t.Fatalf("the order's requests: %+v %v", listed, err)
	}
}

// TestOneOrderAtOnce: two requests for the last unit of one order's line, at once: exactly one
// is recorded (the order's lock serialises them).
func TestOneOrderAtOnce(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.setStock(t, 20, 20, 20)
	for round := range 4 {
		userID, o := f.delivered(t, "both"+string(rune('a'+round))+"@example.in", "M", 1)
		errs := race(2, func(int) error {
			_, err := f.returns.Ask(ctx, Ask{UserID: userID, OrderNumber: o.Number, Kind: Return, Payout: upi, Reason: "too_small", Lines: []AskLine{{Item: 0, Quantity: 1}}})
			return err
		})
		if ok, refused := outcome(errs, shop.Invalid); ok != 1 || refused != 1 {
			t.Fatalf("round %d: %d recorded, %d refused: %v", round, ok, refused, errs)
		}
	}
}

// race runs n calls of fn at once, released together, and answers their errors.
func race(n int, fn func(i int) error) []error {
	errs := make([]error, n)
	var ready, done sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		ready.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			ready.Done()
			<-start
			errs[i] = fn(i)
		}()
	}
	ready.Wait()
	close(start)
	done.Wait()
	return errs
}

// outcome counts the successes and the errors of kind among errs.
func outcome(errs []error, kind shop.Kind) (ok, refused int) {
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case shop.Is(err, kind):
			refused++
		}
	}
	return ok, refused
}

// TestPhotoRequiredForDamage: "Damaged or defective" needs a photo uploaded for returns; other
// reasons do not.
func TestPhotoRequiredForDamage(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	userID, o := f.delivered(t, "torn@example.in", "M", 2)
	ask := func(reason string, photos ...string) (Request, error) {
		return f.returns.Ask(ctx, Ask{UserID: userID, OrderNumber: o.Number, Kind: Return, Payout: upi, Reason: reason, Photos: photos,
			Lines: []AskLine{{Item: 0, Quantity: 1}}})
	}
	_, err := ask("damaged")
	wantField(t, "damage without a photo", err, "photos")
	_, err = ask("damaged", "https://elsewhere.example/tear.jpg")
	wantField(t, "a photo from elsewhere", err, "photos[0]")
	_, err = ask("damaged", "/uploads/returns/../products/x.jpg")
	wantField(t, "a path out of the folder", err, "photos[0]")
	_, err = ask("no_such_reason")
	wantField(t, "an unknown reason", err, "reason")
	r, err := ask("damaged", "/uploads/returns/tear-1.jpg")
	if err != nil || r.Reason.Label != "Damaged or defective" || len(r.Photos) != 1 || r.Photos[0] != "/uploads/returns/tear-1.jpg" {
		t.Fatalf("damage with a photo: %+v %v", r, err)
	}
	if r, err := ask("changed_mind"); err != nil || len(r.Photos) != 0 {
		t.Fatalf("a change of mind needs no photo: %+v %v", r, err)
	}
}

// TestExchangeHoldsTheNewSize: an exchange takes the new size out of stock with the request
// (held), and must name another size the product comes in.
func TestExchangeHoldsTheNewSize(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	userID, o := f.delivered(t, "swap@example.in", "M", 2)
	before := f.Stock(t, "XL")
	ask := func(k Kind, size string, quantity int) (Request, error) {
		return f.returns.Ask(ctx, Ask{UserID: userID, OrderNumber: o.Number, Kind: k, Reason: "too_small", Lines: []AskLine{{Item: 0, Quantity: quantity, NewSize: size}}})
	}
	for _, c := range []struct {
		kind Kind
		size string
	}{{Exchange, ""}, {Exchange, "M"}, {Exchange, "XXL"}, {Return, "XL"}} {
		_, err := ask(c.kind, c.size, 1)
		wantField(t, string(c.kind)+" to "+c.size, err, "lines[0].newSize")
	}
	r, err := ask(Exchange, "xl", 2)
	if err != nil || r.Kind != Exchange || r.StatusLabel != "Exchange requested" || r.Lines[0].NewSize != "XL" || r.Lines[0].Held != 2 || r.Fee != 0 {
		t.Fatalf("the exchange: %+v %v", r, err)
	}
	if after := f.Stock(t, "XL"); after != before-2 {
		t.Fatalf("XL stock %d → %d, want it down by the 2 held", before, after)
	}
	if m := f.Stock(t, "M"); m != 3-2 {
		t.Fatalf("M stock %d: the exchanged size comes back only after QC", m)
	}
}

// TestRaceForTheLastUnit: two shoppers ask at once to exchange for the last XL: exactly one
// holds it, the other is told the size is sold out, and nothing of theirs is written.
func TestRaceForTheLastUnit(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	var users, numbers []string
	for _, email := range []string{"first@example.in", "second@example.in"} {
		userID, o := f.delivered(t, email, "M", 1)
		users, numbers = append(users, userID), append(numbers, o.Number)
	}
	f.setStock(t, 3, 3, 1)
	events, mails, _ := f.written(t)
	errs := race(2, func(i int) error {
		_, err := f.returns.Ask(ctx, Ask{UserID: users[i], OrderNumber: numbers[i], Kind: Exchange, Reason: "too_small",
			Lines: []AskLine{{Item: 0, Quantity: 1, NewSize: "XL"}}})
		return err
	})
	ok, refused := outcome(errs, shop.Conflict)
	if ok != 1 || refused != 1 {
		t.Fatalf("%d held the last XL, %d refused: %v", ok, refused, errs)
	}
	for _, err := range errs {
		if err != nil && err.Error() != "Size XL of Oxford Shirt is sold out" {
			t.Fatalf("the loser is told: %v", err)
		}
	}
	if xl := f.Stock(t, "XL"); xl != 0 {
		t.Fatalf("XL stock %d after one hold of the last one", xl)
	}
	nowEvents, nowMails, requests := f.written(t)
	if requests != 1 || nowEvents-events != 2 || nowMails-mails != 1 {
		t.Fatalf("%d requests, %d events and %d mails written for one hold", requests, nowEvents-events, nowMails-mails)
	}
}

// TestEventAndMailGoWithTheRequest: a request writes its event (to the shopper and the admin
// order board) and its mail in its transaction; a refused one, even one refused after its
// rows were written (the size sold out), writes neither.
func TestEventAndMailGoWithTheRequest(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	userID, o := f.delivered(t, "mail@example.in", "M", 2)
	f.setStock(t, 3, 3, 0)
	_, err := f.returns.Ask(ctx, Ask{UserID: userID, OrderNumber: o.Number, Kind: Exchange, Reason: "too_small", Lines: []AskLine{{Item: 0, Quantity: 1, NewSize: "XL"}}})
	if !shop.Is(err, shop.Conflict) {
		t.Fatalf("an exchange for a sold-out size: %v", err)
	}
	f.clock = f.clock.Add(30 * 24 * time.Hour)
	if _, err := f.returns.Ask(ctx, Ask{UserID: userID, OrderNumber: o.Number, Kind: Return, Payout: upi, Reason: "too_small", Lines: []AskLine{{Item: 0, Quantity: 1}}}); err == nil {
		t.Fatal("a return a month late was taken")
	}
	if events, mails, requests := f.written(t); events != 0 || mails != 0 || requests != 0 {
		t.Fatalf("refused requests wrote %d events, %d mails, %d requests", events, mails, requests)
	}
	f.clock = time.Now()
	r, err := f.returns.Ask(ctx, Ask{UserID: userID, OrderNumber: o.Number, Kind: Exchange, Reason: "too_small", Note: "One size up please",
		Lines: []AskLine{{Item: 0, Quantity: 1, NewSize: "S"}}})
	if err != nil {
		t.Fatal(err)
	}
	var topics []string
	rows, err := f.Pool.Query(ctx, `SELECT topic FROM outbox WHERE name = 'return.requested' AND payload->'data'->>'returnId' = $1 ORDER BY topic`, r.Number)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var topic string
		if err := rows.Scan(&topic); err != nil {
			t.Fatal(err)
		}
		topics = append(topics, topic)
	}
	if strings.Join(topics, ",") != "admin:orders,user:"+userID {
		t.Fatalf("the event went to %v", topics)
	}
	var to, subject, text string
	if err := f.Pool.QueryRow(ctx, `SELECT recipient, subject, text_body FROM mails WHERE kind = 'return_requested' AND ref = $1`, r.ID).
		Scan(&to, &subject, &text); err != nil {
		t.Fatal(err)
	}
	if to != "mail@example.in" || subject != "We have your exchange request "+r.Number ||
		!strings.Contains(text, "We have your exchange request "+r.Number+" for order "+o.Number) ||
		!strings.Contains(text, "1 × Oxford Shirt, size M, for size S (held for you)") {
		t.Fatalf("the mail to %s: %s\n%s", to, subject, text)
	}
	if len(r.Steps) != 1 || r.Steps[0].Note != "One size up please" || r.Status != Requested {
		t.Fatalf("the first step: %+v", r.Steps)
	}
}
