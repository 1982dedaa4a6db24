package returns

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"drape/internal/shop"
)

// moves is what the database holds of request id's moves: its status, its steps, its
// return.updated events and the mails of kind about it.
func (f *fixture) moves(t *testing.T, id, mailKind string) (status string, steps, events, mails int) {
	t.Helper()
	if err := f.Pool.QueryRow(context.Background(), `SELECT status FROM return_requests WHERE id = $1`, id).Scan(&status); err != nil {
		t.Fatal(err)
	}
	return status, f.count(t, `SELECT count(*) FROM return_steps WHERE request_id = $1`, id),
		f.count(t, `SELECT count(*) FROM outbox WHERE name = 'return.updated' AND payload->'data'->>'_id' = $1`, id),
		f.count(t, `SELECT count(*) FROM mails WHERE kind = $1 AND ref = $2`, mailKind, id)
}

// ask is a request of kind for one unit of the order's first line, to size for an exchange.
func (f *fixture) ask(t *testing.T, userID, number string, kind Kind, size string, quantity int) Request {
	t.Helper()
	a := Ask{UserID: userID, OrderNumber: number, Kind: kind, Reason: "too_small", Lines: []AskLine{{Item: 0, Quantity: quantity, NewSize: size}}}
	if kind == Return {
		a.Payout = upi
	}
	r, err := f.returns.Ask(context.Background(), a)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestApproveThenRejectRefused: staff approve a request (a step by staff with their note, an
// event to the shopper and the admin board, a mail saying what comes next); approving again
// changes nothing; rejecting it afterwards is a Conflict that says why, and writes nothing.
func TestApproveThenRejectRefused(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	userID, o := f.delivered(t, "approve@example.in", "M", 1)
	r := f.ask(t, userID, o.Number, Return, "", 1)

	approved, moved, err := f.returns.Approve(ctx, r.ID, "staff1", "  Pack it with the tags on  ")
	if err != nil || !moved || approved.Status != Approved || len(approved.Steps) != 2 {
		t.Fatalf("approve: %+v %v %v", approved, moved, err)
	}
	step := approved.Steps[1]
	if step.Status != Approved || step.Actor != "staff" || step.Note != "Pack it with the tags on" || step.Label != "Approved" {
		t.Fatalf("the step: %+v", step)
	}
	if actor := f.count(t, `SELECT count(*) FROM return_steps WHERE request_id = $1 AND actor = 'staff:staff1'`, r.ID); actor != 1 {
		t.Fatalf("the step does not record who: %d", actor)
	}
	status, steps, events, mails := f.moves(t, r.ID, approvedKind)
	if status != "APPROVED" || steps != 2 || events != 2 || mails != 1 {
		t.Fatalf("after approval: %s, %d steps, %d events, %d mails", status, steps, events, mails)
	}
	var subject, text string
	if err := f.Pool.QueryRow(ctx, `SELECT subject, text_body FROM mails WHERE kind = $1 AND ref = $2`, approvedKind, r.ID).Scan(&subject, &text); err != nil {
		t.Fatal(err)
	}
	if subject != "Your return request "+r.Number+" is approved" || !strings.Contains(text, "book a courier to pick the items up") ||
		!strings.Contains(text, "Our note: Pack it with the tags on") || !strings.Contains(text, "1 × Oxford Shirt, size M") {
		t.Fatalf("the approval mail: %s\n%s", subject, text)
	}

	again, moved, err := f.returns.Approve(ctx, r.ID, "staff2", "twice")
	if err != nil || moved || again.Status != Approved || len(again.Steps) != 2 {
		t.Fatalf("approving again: %+v %v %v", again, moved, err)
	}
	_, _, err = f.returns.Reject(ctx, r.ID, "staff1", "Worn")
	if !shop.Is(err, shop.Conflict) || err.Error() != "Return request "+r.Number+" is approved: it can no longer be rejected" {
		t.Fatalf("rejecting an approved request: %v", err)
	}
	if s2, st2, ev2, m2 := f.moves(t, r.ID, approvedKind); s2 != status || st2 != steps || ev2 != events || m2 != mails {
		t.Fatalf("a refused or repeated move wrote: %s, %d steps, %d events, %d mails", s2, st2, ev2, m2)
	}
	if n := f.count(t, `SELECT count(*) FROM mails WHERE kind = $1`, rejectedKind); n != 0 {
		t.Fatalf("a refused rejection queued %d mails", n)
	}
}

// TestRejectGivesTheHeldSizeBackOnce: rejecting an exchange puts the units it held back into
// the new size's stock, and the request holds none after; rejecting again or approving it
// afterwards gives nothing back a second time.
func TestRejectGivesTheHeldSizeBackOnce(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	userID, o := f.delivered(t, "reject@example.in", "M", 2)
	start := f.Stock(t, "XL")
	r := f.ask(t, userID, o.Number, Exchange, "XL", 2)
	if held := f.Stock(t, "XL"); held != start-2 {
		t.Fatalf("XL %d → %d after holding 2", start, held)
	}

	if _, moved, err := f.returns.Reject(ctx, r.ID, "staff1", "Bought in the sale: final"); err != nil || !moved {
		t.Fatalf("the rejection: %v %v", moved, err)
	}
	if xl := f.Stock(t, "XL"); xl != start {
		t.Fatalf("XL stock %d after the rejection, want %d: the 2 held come back once", xl, start)
	}
	rejected, err := f.returns.Request(ctx, r.ID)
	if err != nil || rejected.Status != Rejected || rejected.StatusLabel != "Rejected" || rejected.Lines[0].Held != 0 || len(rejected.Steps) != 2 ||
		rejected.Steps[1].Note != "Bought in the sale: final" {
		t.Fatalf("the rejected request: %+v %v", rejected, err)
	}
	if _, moved, err := f.returns.Reject(ctx, r.ID, "staff1", "Again"); err != nil || moved {
		t.Fatalf("rejecting again: %v %v", moved, err)
	}
	if _, _, err := f.returns.Approve(ctx, r.ID, "staff1", ""); !shop.Is(err, shop.Conflict) ||
		err.Error() != "Return request "+r.Number+" is rejected: it can no longer be approved" {
		t.Fatalf("approving a rejected request: %v", err)
	}
	if xl := f.Stock(t, "XL"); xl != start {
		t.Fatalf("XL stock %d after more moves, want %d", xl, start)
	}
	_, steps, events, mails := f.moves(t, r.ID, rejectedKind)
	if steps != 2 || events != 2 || mails != 1 {
		t.Fatalf("one rejection wrote %d steps, %d events, %d mails", steps, events, mails)
	}
	var text string
	if err := f.Pool.QueryRow(ctx, `SELECT text_body FROM mails WHERE kind = $1 AND ref = $2`, rejectedKind, r.ID).Scan(&text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "The reason: Bought in the sale: final") || !strings.Contains(text, "The size we held for you is released") {
		t.Fatalf("the rejection mail: %s", text)
	}
	// The rejected request asks for nothing any more: the shirts can be asked for again.
	f.ask(t, userID, o.Number, Return, "", 2)
}

// TestRejectsAtOnce: three staff reject one exchange at the same moment: the request's lock
// lets one move it, the others find it rejected; its held units come back once.
func TestRejectsAtOnce(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.setStock(t, 20, 20, 20)
	for round := range 5 {
		userID, o := f.delivered(t, "race"+string(rune('a'+round))+"@example.in", "M", 1)
		start := f.Stock(t, "XL")
		r := f.ask(t, userID, o.Number, Exchange, "XL", 1)
		moves := make([]bool, 3)
		errs := race(3, func(i int) error {
			var err error
			_, moves[i], err = f.returns.Reject(ctx, r.ID, "staff1", "Final sale")
			return err
		})
		if ok, _ := outcome(errs, shop.Conflict); ok != 3 || len(slices.DeleteFunc(slices.Clone(moves), func(m bool) bool { return !m })) != 1 {
			t.Fatalf("round %d: moved %v, errors %v", round, moves, errs)
		}
		if xl := f.Stock(t, "XL"); xl != start {
			t.Fatalf("round %d: XL %d → %d: the held unit comes back once", round, start, xl)
		}
		if _, steps, events, mails := f.moves(t, r.ID, rejectedKind); steps != 2 || events != 2 || mails != 1 {
			t.Fatalf("round %d: %d steps, %d events, %d mails", round, steps, events, mails)
		}
	}
}

// TestRejectNeedsAReason: a rejection without a reason, or with one too long, is Invalid
// naming reason and changes nothing; an unknown request is NotFound.
func TestRejectNeedsAReason(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	userID, o := f.delivered(t, "why@example.in", "M", 1)
	start := f.Stock(t, "S")
	r := f.ask(t, userID, o.Number, Exchange, "S", 1)
	for _, reason := range []string{"", "   ", strings.Repeat("x", NoteMaxLength+1)} {
		_, _, err := f.returns.Reject(ctx, r.ID, "staff1", reason)
		wantField(t, "reason "+reason[:min(len(reason), 5)], err, "reason")
	}
	_, _, err := f.returns.Approve(ctx, r.ID, "staff1", strings.Repeat("x", NoteMaxLength+1))
	wantField(t, "a long note", err, "note")
	if status, steps, events, mails := f.moves(t, r.ID, rejectedKind); status != "REQUESTED" || steps != 1 || events != 0 || mails != 0 {
		t.Fatalf("refused moves wrote: %s, %d steps, %d events, %d mails", status, steps, events, mails)
	}
	if s := f.Stock(t, "S"); s != start-1 {
		t.Fatalf("S stock %d, want %d: still held", s, start-1)
	}
	for _, id := range []string{"000000000000000000000000", "nope"} {
		if _, _, err := f.returns.Approve(ctx, id, "staff1", ""); !shop.Is(err, shop.NotFound) || err.Error() != msgRequestNotFound {
			t.Fatalf("approving %s: %v", id, err)
		}
	}
}

// TestQueueFilters: the queue lists every shopper's requests newest first, with their order
// number and who asked, and narrows by status, kind and a part of a number; bad filters are
// Invalid naming them.
func TestQueueFilters(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.setStock(t, 20, 20, 20)
	userA, a := f.delivered(t, "asha@example.in", "M", 2)
	userB, b := f.delivered(t, "bela@example.in", "M", 1)
	first := f.ask(t, userA, a.Number, Return, "", 1)
	f.clock = f.clock.Add(time.Minute)
	second := f.ask(t, userB, b.Number, Exchange, "XL", 1)
	f.clock = f.clock.Add(time.Minute)
	third := f.ask(t, userA, a.Number, Exchange, "S", 1)
	if _, _, err := f.returns.Approve(ctx, second.ID, "staff1", ""); err != nil {
		t.Fatal(err)
	}
	page := func(n, size int) shop.Page { return shop.Page{Number: n, Size: size} }
	numbers := func(p QueuePage) string {
		var out []string
		for _, r := range p.Items {
			out = append(out, r.Number)
		}
		return strings.Join(out, ",")
	}
	for _, c := range []struct {
		what   string
		filter QueueFilter
		want   []Request
	}{
		{"everything", QueueFilter{}, []Request{third, second, first}},
		{"requested", QueueFilter{Status: Requested}, []Request{third, first}},
		{"approved", QueueFilter{Status: Approved}, []Request{second}},
		{"rejected", QueueFilter{Status: Rejected}, nil},
		{"exchanges", QueueFilter{Kind: Exchange}, []Request{third, second}},
		{"returns", QueueFilter{Kind: Return}, []Request{first}},
		{"an order number", QueueFilter{Number: strings.ToLower(b.Number)}, []Request{second}},
		{"a request number", QueueFilter{Number: " " + third.Number + " "}, []Request{third}},
		{"requested exchanges of order A", QueueFilter{Status: Requested, Kind: Exchange, Number: a.Number}, []Request{third}},
	} {
		got, err := f.returns.Queue(ctx, c.filter, page(1, 10))
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		var want []string
		for _, r := range c.want {
			want = append(want, r.Number)
		}
		if numbers(got) != strings.Join(want, ",") || got.Total != int64(len(want)) {
			t.Errorf("%s: %s (total %d), want %s", c.what, numbers(got), got.Total, strings.Join(want, ","))
		}
	}
	top, err := f.returns.Queue(ctx, QueueFilter{}, page(1, 2))
	if err != nil {
		t.Fatal(err)
	}
	r := top.Items[0]
	if top.Total != 3 || top.TotalPages != 2 || len(top.Items) != 2 || r.OrderNumber != a.Number || r.Customer == nil ||
		r.Customer.Email != "asha@example.in" || r.Customer.FirstName == "" || len(r.Lines) != 1 || r.Lines[0].NewSize != "S" ||
		len(r.Steps) != 1 || top.Items[1].Steps[1].Status != Approved {
		t.Fatalf("the first page: %+v", top)
	}
	last, err := f.returns.Queue(ctx, QueueFilter{}, page(2, 2))
	if err != nil || numbers(last) != first.Number || last.Total != 3 {
		t.Fatalf("the second page: %s %d %v", numbers(last), last.Total, err)
	}
	past, err := f.returns.Queue(ctx, QueueFilter{}, page(3, 2))
	if err != nil || len(past.Items) != 0 || past.Total != 3 {
		t.Fatalf("past the last page: %+v %v", past, err)
	}
	_, err = f.returns.Queue(ctx, QueueFilter{Status: "LOST"}, page(1, 10))
	wantField(t, "an unknown status", err, "status")
	_, err = f.returns.Queue(ctx, QueueFilter{Kind: "swap"}, page(1, 10))
	wantField(t, "an unknown kind", err, "kind")
}

// TestStateMachine: no status moves back to one before it, the final ones move nowhere, and
// every status but REQUESTED can be reached.
func TestStateMachine(t *testing.T) {
	reached := map[Status]bool{}
	for i, from := range Statuses {
		for _, to := range from.Next() {
			reached[to] = true
			if slices.Index(Statuses, to) <= i {
				t.Errorf("%s → %s moves back", from, to)
			}
		}
	}
	for _, s := range Statuses {
		if s != Requested && !reached[s] {
			t.Errorf("%s cannot be reached", s)
		}
	}
	for _, s := range []Status{Rejected, Closed, Cancelled} {
		if !s.Final() {
			t.Errorf("%s is not final", s)
		}
	}
	if Approved.CanMove(Rejected) || Rejected.CanMove(Approved) || !Requested.CanMove(Rejected) || ParseStatus("qc passed") != QCPassed {
		t.Error("approve and reject are not each other's way out")
	}
}
