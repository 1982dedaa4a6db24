package notify

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/platform/dbtest"
	"drape/internal/platform/simtest"
	"drape/internal/provider/msg91"
	"drape/internal/provider/whatsapp"
	"drape/internal/shop"
)

type fixture struct {
	pool *pgxpool.Pool
	sim  string
	svc  *Service
}

func newFixture(t *testing.T, timeout time.Duration) fixture {
	pool, _ := dbtest.New(t)
	sim := simtest.Start(t)
	hc := &http.Client{Timeout: timeout}
	wa := whatsapp.New(whatsapp.Config{APIURL: sim + "/whatsapp", PhoneNumberID: "109876543210987", Token: "drape-sim-whatsapp-token"}, hc)
	sms := msg91.New(msg91.Config{APIURL: sim + "/msg91", AuthKey: "drape-sim-msg91-authkey"}, hc)
	return fixture{pool: pool, sim: sim, svc: NewService(pool, WhatsAppProvider(wa), SMSProvider(sms))}
}

// queue queues m in a committed transaction.
func (f fixture) queue(t *testing.T, m Message) {
	t.Helper()
	ctx := context.Background()
	tx, err := f.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := Queue(ctx, tx, m); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
}

func (f fixture) control(t *testing.T, provider, body string) {
	t.Helper()
	resp, err := http.Post(f.sim+"/"+provider+"/control", "application/json", strings.NewReader(body))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("control: %v %v", resp, err)
	}
	resp.Body.Close()
}

// received is what sim's providers accepted, newest first.
func (f fixture) received(t *testing.T) []map[string]any {
	t.Helper()
	resp, err := http.Get(f.sim + "/messages/api/messages")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var l struct{ Messages []map[string]any }
	json.NewDecoder(resp.Body).Decode(&l)
	return l.Messages
}

func (f fixture) row(t *testing.T, kind, ref string) (status, channel, providerID string, attempts int) {
	t.Helper()
	if err := f.pool.QueryRow(context.Background(), `SELECT status, channel, provider_message_id, attempts FROM messages WHERE kind = $1 AND ref = $2`,
		kind, ref).Scan(&status, &channel, &providerID, &attempts); err != nil {
		t.Fatal(err)
	}
	return
}

// TestJobRunTwiceSendsOneMessage: an order update queued twice and its job run three times
// reaches the shopper's WhatsApp once, with the provider's id recorded.
func TestJobRunTwiceSendsOneMessage(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	ctx := context.Background()
	m := Message{Kind: KindShipped, Ref: "order-1", UserID: "u1", Phone: "+91 98290 12345", Vars: []string{"DR-1001", "https://t.example/1"}}
	f.queue(t, m)
	f.queue(t, Message{Kind: KindShipped, Ref: "order-1", Phone: "9000000000", Vars: []string{"other", "x"}})
	for i := 0; i < 3; i++ {
		if err := f.svc.Deliver(ctx, KindShipped, "order-1"); err != nil {
			t.Fatal(err)
		}
	}
	got := f.received(t)
	if len(got) != 1 || got[0]["to"] != "919829012345" || got[0]["provider"] != "whatsapp" ||
		got[0]["text"] != "Your drape order DR-1001 has shipped. Track it at https://t.example/1" {
		t.Fatalf("sim received %v, want the first message once on WhatsApp", got)
	}
	status, channel, id, attempts := f.row(t, KindShipped, "order-1")
	if status != "sent" || channel != "whatsapp" || id != got[0]["id"] || attempts != 1 {
		t.Fatalf("row: %s %s %s %d", status, channel, id, attempts)
	}
	if err := f.svc.Deliver(ctx, KindShipped, "never-queued"); !shop.Is(err, shop.NotFound) {
		t.Fatalf("a message never queued: %v, want NotFound", err)
	}
}

// TestProviderDownThenBackSendsOnce: while the provider is down every try is refused and the
// message waits; once it is back the message goes, once.
func TestProviderDownThenBackSendsOnce(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	ctx := context.Background()
	f.queue(t, Message{Kind: KindDelivered, Ref: "order-2", Phone: "9829012345", Vars: []string{"DR-1002"}})
	f.control(t, "whatsapp", `{"down": true}`)
	for i := 0; i < 4; i++ {
		if err := f.svc.Deliver(ctx, KindDelivered, "order-2"); !shop.Is(err, shop.Unavailable) {
			t.Fatalf("try %d while down: %v, want Unavailable so the job retries", i, err)
		}
	}
	if status, _, _, attempts := f.row(t, KindDelivered, "order-2"); status != "queued" || attempts != 4 {
		t.Fatalf("while down: %s after %d attempts", status, attempts)
	}
	if waiting, err := f.svc.WaitingSince(ctx, -time.Minute, 10); err != nil || len(waiting) != 1 || waiting[0].Attempts != 4 {
		t.Fatalf("waiting: %v %v", waiting, err)
	}
	f.control(t, "whatsapp", `{"down": false}`)
	for i := 0; i < 2; i++ {
		if err := f.svc.Deliver(ctx, KindDelivered, "order-2"); err != nil {
			t.Fatal(err)
		}
	}
	if got := f.received(t); len(got) != 1 || got[0]["text"] != "Your drape order DR-1002 is delivered. We hope it fits beautifully." {
		t.Fatalf("sim received %v", got)
	}
	if status, _, _, _ := f.row(t, KindDelivered, "order-2"); status != "sent" {
		t.Fatalf("status %s", status)
	}
}

// TestOptedOutShopperGetsNone: a shopper who chose none gets nothing, recorded as skipped; one
// who chose SMS gets an SMS on the DLT template; a bad channel is refused and changes nothing.
func TestOptedOutShopperGetsNone(t *testing.T) {
	f := newFixture(t, 5*time.Second)
	ctx := context.Background()
	if c, err := f.svc.Preference(ctx, "u-none"); err != nil || c != WhatsApp {
		t.Fatalf("default channel %q %v", c, err)
	}
	f.queue(t, Message{Kind: KindOutForDelivery, Ref: "order-3", UserID: "u-none", Phone: "9829012345", Vars: []string{"DR-1003"}})
	if _, err := f.svc.SetPreference(ctx, "u-none", None); err != nil { // chosen after queuing: honoured at send time
		t.Fatal(err)
	}
	if _, err := f.svc.SetPreference(ctx, "u-none", "telegram"); !shop.Is(err, shop.Invalid) {
		t.Fatalf("bad channel: %v", err)
	}
	if c, _ := f.svc.Preference(ctx, "u-none"); c != None {
		t.Fatalf("channel %q after a refused change, want none", c)
	}
	if err := f.svc.Deliver(ctx, KindOutForDelivery, "order-3"); err != nil {
		t.Fatal(err)
	}
	if status, _, _, _ := f.row(t, KindOutForDelivery, "order-3"); status != "skipped" {
		t.Fatalf("opted out: %s", status)
	}

	f.svc.SetPreference(ctx, "u-sms", SMS)
	f.queue(t, Message{Kind: KindCODConfirm, Ref: "order-4", UserID: "u-sms", Phone: "09829012345", Vars: []string{"DR-1004", "https://drape.example/c/1"}})
	f.queue(t, Message{Kind: KindNDR, Ref: "order-5", UserID: "u-sms", Phone: "12345", Vars: []string{"DR-1005", "x"}})
	for _, ref := range []string{"order-4"} {
		if err := f.svc.Deliver(ctx, KindCODConfirm, ref); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.svc.Deliver(ctx, KindNDR, "order-5"); err != nil {
		t.Fatal(err)
	}
	got := f.received(t)
	if len(got) != 1 || got[0]["provider"] != "sms" || got[0]["dltTemplateId"] != "1107170000000000105" ||
		got[0]["text"] != "drape: please confirm your cash on delivery order DR-1004 so we can ship it: https://drape.example/c/1" {
		t.Fatalf("sim received %v, want one SMS", got)
	}
	if status, _, _, _ := f.row(t, KindNDR, "order-5"); status != "skipped" {
		t.Fatalf("no usable mobile: %s", status)
	}
}

// TestLostAnswerIsNeverSentAgain: the provider takes the message but its answer never comes
// (the client gives up): the message may have gone, so it is recorded as unknown and no later
// run sends it again. A run that finds a message left 'sending' by a dead run does the same.
func TestLostAnswerIsNeverSentAgain(t *testing.T) {
	f := newFixture(t, 300*time.Millisecond)
	ctx := context.Background()
	f.queue(t, Message{Kind: KindOrderPlaced, Ref: "order-6", Phone: "9829012345", Vars: []string{"DR-1006", "₹1,499.00", "https://t.example/6"}})
	f.control(t, "whatsapp", `{"hang": 1, "hangMs": 2000}`)
	for i := 0; i < 3; i++ {
		if err := f.svc.Deliver(ctx, KindOrderPlaced, "order-6"); err != nil {
			t.Fatal(err)
		}
	}
	if status, channel, _, _ := f.row(t, KindOrderPlaced, "order-6"); status != "unknown" || channel != "whatsapp" {
		t.Fatalf("lost answer: %s on %q", status, channel)
	}
	if got := f.received(t); len(got) != 1 {
		t.Fatalf("sim received %d messages, want 1", len(got))
	}

	f.queue(t, Message{Kind: KindShipped, Ref: "order-7", Phone: "9829012345", Vars: []string{"DR-1007", "x"}})
	f.pool.Exec(ctx, `UPDATE messages SET status = 'sending', channel = 'sms', attempts = 1, attempted_at = now() WHERE ref = 'order-7'`)
	if err := f.svc.Deliver(ctx, KindShipped, "order-7"); !shop.Is(err, shop.Unavailable) {
		t.Fatalf("a message another run is sending: %v, want Unavailable", err)
	}
	f.pool.Exec(ctx, `UPDATE messages SET attempted_at = now() - interval '2 minutes' WHERE ref = 'order-7'`)
	if err := f.svc.Deliver(ctx, KindShipped, "order-7"); err != nil {
		t.Fatal(err)
	}
	if status, channel, _, _ := f.row(t, KindShipped, "order-7"); status != "unknown" || channel != "sms" {
		t.Fatalf("left sending by a dead run: %s on %q", status, channel)
	}
	if got := f.received(t); len(got) != 1 {
		t.Fatalf("sim received %d messages, want still 1", len(got))
	}
}

// TestMobile: the numbers shoppers type become what the providers take.
func TestMobile(t *testing.T) {
	for in, want := range map[string]string{"9829012345": "919829012345", "+91 98290-12345": "919829012345", "09829012345": "919829012345",
		"919829012345": "919829012345", "5829012345": "", "12345": "", "": ""} {
		if got := Mobile(in); got != want {
			t.Errorf("Mobile(%q) = %q, want %q", in, got, want)
		}
	}
}
