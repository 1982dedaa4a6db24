package order_test

import (
	"context"
	"regexp"
	"strings"
	"sync"
	"testing"

	"drape/internal/company"
	"drape/internal/order"
	"drape/internal/order/ordertest"
	"drape/internal/shop"
	"drape/jobs"
)

// confirmingShop is a shop that asks for the confirmation of cash-on-delivery orders.
func confirmingShop(t *testing.T) ordertest.Shop {
	t.Helper()
	s := newShop(t)
	ctx := context.Background()
	d, err := s.Company.Delivery(ctx)
	if err != nil {
		t.Fatal(err)
	}
	d.CODConfirmation = company.CODConfirmation{Required: true, Hours: 24}
	if _, err := s.Company.SaveDelivery(ctx, d); err != nil {
		t.Fatal(err)
	}
	return s
}

// count runs a count query on s's database.
func count(t *testing.T, s ordertest.Shop, query string, args ...any) int {
	t.Helper()
	var n int
	if err := s.Pool.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func pushJobs(t *testing.T, s ordertest.Shop, id string) int {
	t.Helper()
	return count(t, s, `SELECT count(*) FROM outbox WHERE kind = 'task' AND name = $1 AND payload::text LIKE '%' || $2 || '%'`, jobs.TypePushShipment, id)
}

func mails(t *testing.T, s ordertest.Shop, kind, id string) int {
	t.Helper()
	return count(t, s, `SELECT count(*) FROM mails WHERE kind = $1 AND ref = $2`, kind, id)
}

var confirmLink = regexp.MustCompile(`http://shop\.test/confirm-order/([A-Za-z0-9_-]+)`)

// linkToken is the token of the confirmation link mailed for order id.
func linkToken(t *testing.T, s ordertest.Shop, id string) string {
	t.Helper()
	var text string
	if err := s.Pool.QueryRow(context.Background(), `SELECT text_body FROM mails WHERE kind = 'cod_confirm' AND ref = $1`, id).Scan(&text); err != nil {
		t.Fatalf("no confirmation mail for the order: %v", err)
	}
	m := confirmLink.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("the confirmation mail has no link:\n%s", text)
	}
	return m[1]
}

// TestCODConfirmationArrivingTwicePushesOnce: a COD order placed while the shop asks for a
// confirmation stays PENDING with nothing pushed and its link mailed; the shopper's link and
// staff's call confirming it at once queue one push and one confirmation mail, and the link
// clicked again answers "already confirmed".
func TestCODConfirmationArrivingTwicePushesOnce(t *testing.T) {
	s := confirmingShop(t)
	ctx := context.Background()
	user, home := s.Shopper(t, "meera@example.in")
	s.Add(t, user, "M", 1)
	o := s.Place(t, user, home, order.COD)
	if o.Status != order.Pending || o.CODConfirmation == nil || o.CODConfirmation.State != order.CODAwaiting {
		t.Fatalf("placed: status %s, confirmation %+v; want PENDING awaiting", o.Status, o.CODConfirmation)
	}
	if n := pushJobs(t, s, o.ID); n != 0 {
		t.Fatalf("%d push jobs before the confirmation, want 0", n)
	}
	if n := mails(t, s, "order_confirmation", o.ID); n != 0 {
		t.Fatalf("%d order confirmation mails before the confirmation, want 0", n)
	}
	token := linkToken(t, s, o.ID)
	page, err := s.Orders.ConfirmationByLink(ctx, token)
	if err != nil || page.Number != o.Number {
		t.Fatalf("the link's page: %v, %s", err, page.Number)
	}
	if _, _, err := s.Orders.ConfirmByLink(ctx, token+"x"); !shop.Is(err, shop.NotFound) {
		t.Fatalf("a forged link: %v, want NotFound", err)
	}

	var wg sync.WaitGroup
	already := make([]bool, 2)
	errs := make([]error, 2)
	wg.Add(2)
	go func() {
		defer wg.Done()
		_, already[0], errs[0] = s.Orders.ConfirmByLink(ctx, token)
	}()
	go func() {
		defer wg.Done()
		_, already[1], errs[1] = s.Orders.ConfirmByStaff(ctx, o.Number, order.Staff("caller"), "Called: confirmed size M")
	}()
	wg.Wait()
	if errs[0] != nil || errs[1] != nil {
		t.Fatalf("confirming: %v, %v", errs[0], errs[1])
	}
	if already[0] == already[1] {
		t.Fatalf("already: %v; want exactly one of the two to be first", already)
	}
	again, was, err := s.Orders.ConfirmByLink(ctx, token)
	if err != nil || !was || again.CODConfirmation.State != order.CODConfirmed {
		t.Fatalf("the link again: %v, already %v, %+v", err, was, again.CODConfirmation)
	}
	if n := pushJobs(t, s, o.ID); n != 1 {
		t.Fatalf("%d push jobs, want 1", n)
	}
	if n := mails(t, s, "order_confirmation", o.ID); n != 1 {
		t.Fatalf("%d order confirmation mails, want 1", n)
	}
	if n := count(t, s, `SELECT count(*) FROM order_events WHERE order_id = $1 AND status = 'COD_CONFIRMED'`, o.ID); n != 1 {
		t.Fatalf("%d COD_CONFIRMED steps, want 1", n)
	}
	sh, err := s.Orders.StartPush(ctx, o.ID)
	if err != nil || sh.Pushed {
		t.Fatalf("the push after confirming: %v, %+v", err, sh)
	}
}

// TestUnconfirmedCODOrderExpires: an order not confirmed within its hours is cancelled by the
// sweep — two sweeps and a late confirmation racing — with its stock back exactly once, one
// cancellation mail, no push, and the late confirmation refused.
func TestUnconfirmedCODOrderExpires(t *testing.T) {
	s := confirmingShop(t)
	ctx := context.Background()
	user, home := s.Shopper(t, "kabir@example.in")
	before := s.Stock(t, "M")
	s.Add(t, user, "M", 2)
	o := s.Place(t, user, home, order.COD)
	token := linkToken(t, s, o.ID)
	if got := s.Stock(t, "M"); got != before-2 {
		t.Fatalf("stock %d after placing, want %d", got, before-2)
	}
	if n, err := s.Orders.ExpireUnconfirmed(ctx, 10); err != nil || n != 0 {
		t.Fatalf("a sweep within the hours expired %d (%v), want 0", n, err)
	}
	if _, err := s.Orders.StartPush(ctx, o.ID); !shop.Is(err, shop.NotFound) {
		t.Fatalf("pushing an unconfirmed order: %v, want NotFound (nothing to ship yet)", err)
	}
	if _, err := s.Pool.Exec(ctx, `UPDATE orders SET created_at = created_at - interval '25 hours',
		cod_confirm_due = cod_confirm_due - interval '25 hours' WHERE id = $1`, o.ID); err != nil {
		t.Fatal(err)
	}

	var wg sync.WaitGroup
	expired := make([]int, 2)
	errs := make([]error, 3)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			expired[i], errs[i] = s.Orders.ExpireUnconfirmed(ctx, 10)
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		_, _, errs[2] = s.Orders.ConfirmByLink(ctx, token)
	}()
	wg.Wait()
	if errs[0] != nil || errs[1] != nil {
		t.Fatalf("sweeps: %v, %v", errs[0], errs[1])
	}
	if !shop.Is(errs[2], shop.Conflict) || !strings.Contains(errs[2].Error(), "not confirmed in time") {
		t.Fatalf("the late confirmation: %v, want Conflict 'not confirmed in time'", errs[2])
	}
	if expired[0]+expired[1] > 1 {
		t.Fatalf("the sweeps expired %v, want the order once", expired)
	}
	if _, _, err := s.Orders.ConfirmByStaff(ctx, o.ID, order.Staff("caller"), "Called"); !shop.Is(err, shop.Conflict) {
		t.Fatalf("staff confirming after expiry: %v, want Conflict", err)
	}
	if n, err := s.Orders.ExpireUnconfirmed(ctx, 10); err != nil || n != 0 {
		t.Fatalf("a third sweep expired %d (%v), want 0", n, err)
	}
	got, err := s.Orders.Get(ctx, user, o.Number)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != order.Canceled || got.CODConfirmation.State != order.CODExpired || !strings.Contains(got.CancelReason, "24 hours") {
		t.Fatalf("after expiry: %s, %+v, %q", got.Status, got.CODConfirmation, got.CancelReason)
	}
	if stock := s.Stock(t, "M"); stock != before {
		t.Fatalf("stock %d after expiry, want %d (back once)", stock, before)
	}
	if n := mails(t, s, "order_cancellation", o.ID); n != 1 {
		t.Fatalf("%d cancellation mails, want 1", n)
	}
	if n := pushJobs(t, s, o.ID); n != 0 {
		t.Fatalf("%d push jobs for an expired order, want 0", n)
	}
}

// TestStaffConfirmCODNeedsANote: staff confirm after a call only with a note, which the
// timeline and the order's confirmation keep, with staff as who did it; an order needing no
// confirmation cannot be confirmed; an order cancelled through the link cannot either.
func TestStaffConfirmCODNeedsANote(t *testing.T) {
	s := confirmingShop(t)
	ctx := context.Background()
	user, home := s.Shopper(t, "ananya@example.in")
	s.Add(t, user, "S", 1)
	o := s.Place(t, user, home, order.COD)
	if _, _, err := s.Orders.ConfirmByStaff(ctx, o.Number, order.Staff("caller"), "  "); !shop.Is(err, shop.Invalid) {
		t.Fatalf("no note: %v, want Invalid", err)
	}
	if n := pushJobs(t, s, o.ID); n != 0 {
		t.Fatalf("a refused confirmation queued %d pushes", n)
	}
	got, already, err := s.Orders.ConfirmByStaff(ctx, o.Number, order.Staff("caller"), "Called at 11:05, address confirmed")
	if err != nil || already {
		t.Fatal(err, already)
	}
	c := got.CODConfirmation
	if c.State != order.CODConfirmed || c.By != "staff" || c.Note != "Called at 11:05, address confirmed" || c.At == nil {
		t.Fatalf("confirmation %+v", c)
	}
	last := got.Timeline[len(got.Timeline)-1]
	if last.Status != "COD_CONFIRMED" || last.Actor != "staff" || last.Note != c.Note {
		t.Fatalf("last step %+v", last)
	}
	if n := pushJobs(t, s, o.ID); n != 1 {
		t.Fatalf("%d push jobs, want 1", n)
	}

	s.Add(t, user, "S", 1)
	declined := s.Place(t, user, home, order.COD)
	cancelled, err := s.Orders.CancelByLink(ctx, linkToken(t, s, declined.ID))
	if err != nil || cancelled.Status != order.Canceled || cancelled.CODConfirmation.State != order.CODCancelled {
		t.Fatalf("cancelled by the link: %v, %s %+v", err, cancelled.Status, cancelled.CODConfirmation)
	}
	if _, _, err := s.Orders.ConfirmByStaff(ctx, declined.ID, order.Staff("caller"), "Called"); !shop.Is(err, shop.Conflict) {
		t.Fatalf("confirming a cancelled order: %v, want Conflict", err)
	}
}

// TestOnlineOrdersNeedNoConfirmation: with the confirmation on, an order paid online is pushed
// as soon as it is paid and has no confirmation; with it off, a COD order is pushed at once.
func TestOnlineOrdersNeedNoConfirmation(t *testing.T) {
	s := confirmingShop(t)
	ctx := context.Background()
	user, home := s.Shopper(t, "rohan@example.in")
	s.Add(t, user, "XL", 1)
	o := s.Place(t, user, home, order.Online)
	if err := s.Orders.AttachGatewayOrder(ctx, o.ID, "order_codconfirm1"); err != nil {
		t.Fatal(err)
	}
	paid, _, err := s.Orders.MarkPaid(ctx, order.Payment{GatewayOrderID: "order_codconfirm1", PaymentID: "pay_1", Amount: o.Amount})
	if err != nil {
		t.Fatal(err)
	}
	if paid.Status != order.Pending || paid.CODConfirmation != nil {
		t.Fatalf("paid online: %s, %+v", paid.Status, paid.CODConfirmation)
	}
	if n := pushJobs(t, s, o.ID); n != 1 {
		t.Fatalf("%d push jobs for the paid order, want 1", n)
	}
	if _, _, err := s.Orders.ConfirmByStaff(ctx, o.ID, order.Staff("caller"), "Called"); !shop.Is(err, shop.Conflict) {
		t.Fatalf("confirming an online order: %v, want Conflict", err)
	}

	d, err := s.Company.Delivery(ctx)
	if err != nil {
		t.Fatal(err)
	}
	d.Required = false
	if _, err := s.Company.SaveDelivery(ctx, d); err != nil {
		t.Fatal(err)
	}
	s.Add(t, user, "XL", 1)
	cod := s.Place(t, user, home, order.COD)
	if cod.CODConfirmation != nil || pushJobs(t, s, cod.ID) != 1 || mails(t, s, "cod_confirm", cod.ID) != 0 {
		t.Fatalf("COD with the confirmation off: %+v, %d pushes", cod.CODConfirmation, pushJobs(t, s, cod.ID))
	}
}
