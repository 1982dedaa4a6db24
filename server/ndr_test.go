package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"testing"
	"time"

	"drape/internal/ndr"
	"drape/internal/order"
	"drape/internal/provider/shiprocket"
	"drape/internal/shipping"
)

// ndrShop is a shop whose courier is sim's Shiprocket (its driver stopped: tests advance
// orders), with the worker's shipping and NDR services over it: pushes, tracking (which hears
// sim's failed attempts) and the NDR action job.
type ndrShop struct {
	*fulfilmentShop
	simHTTP  string
	shipping *shipping.Service
	ndr      *ndr.Service
	api      ndr.Courier // sim's Shiprocket
}

func newNDRShop(t *testing.T) *ndrShop {
	t.Helper()
	simHTTP, _ := startSim(t, "SIM_SHIPROCKET_STEP=0")
	s := &ndrShop{fulfilmentShop: newFulfilmentShopWith(t, map[string]string{"SHIPROCKET_EMAIL": "api@drape.local",
		"SHIPROCKET_PASSWORD": "drape-sim-shiprocket", "SHIPROCKET_API_URL": "http://" + simHTTP + "/shiprocket"}), simHTTP: simHTTP}
	cfg := s.d.cfg
	session := cfg.Shiprocket.NewSession(s.d.redis)
	orders := newServices(s.d).orders
	s.shipping = shipping.NewService(orders, session, shipping.Config{Credentials: cfg.Shiprocket.Credentials, PickupLocation: "Primary", Reseller: "drape"})
	s.api = session
	s.ndr = ndr.NewService(s.d.pool, ndr.Config{PublicURL: cfg.PublicURL, Secret: []byte(cfg.JWTSecret), Credentials: cfg.Shiprocket.Credentials}, orders, session)
	s.shipping.ReportTo(s.ndr)
	return s
}

// simCall posts body to sim's path and decodes its answer.
func (s *ndrShop) simCall(t *testing.T, method, path string, body any) (int, map[string]any) {
	t.Helper()
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, "http://"+s.simHTTP+path, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var out map[string]any
	json.Unmarshal(data, &out)
	return resp.StatusCode, out
}

// actions is how many NDR actions sim's Shiprocket took for awb.
func (s *ndrShop) actions(t *testing.T, awb string) int {
	t.Helper()
	_, c := s.simCall(t, "GET", "/shiprocket/control/ndr", nil)
	n, _ := c["actions"].(map[string]any)[awb].(float64)
	return int(n)
}

// outForDelivery places a cash-on-delivery order, pushes it to sim and walks it out for
// delivery there, tracking it after each step: its id, number and AWB.
func (s *ndrShop) outForDelivery(t *testing.T) (id, number, awb string) {
	t.Helper()
	ctx := context.Background()
	id, number = s.place(t, 1)
	if err := s.shipping.Push(ctx, id); err != nil {
		t.Fatal(err)
	}
	for range 4 { // PICKUP SCHEDULED, SHIPPED, IN TRANSIT, OUT FOR DELIVERY
		if status, answer := s.simCall(t, "POST", "/shiprocket/control/advance", map[string]any{"order_id": number}); status != 200 {
			t.Fatalf("advance: %d %v", status, answer)
		} else {
			awb, _ = answer["awb"].(string)
		}
		if err := s.shipping.Track(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	if st, _, _ := s.status(t, id); st != order.OutForDelivery || awb == "" {
		t.Fatalf("the order is %s with AWB %q, want OUT_FOR_DELIVERY", st, awb)
	}
	return id, number, awb
}

// fail makes sim's courier fail to deliver order number for reason, and the shop track it.
func (s *ndrShop) fail(t *testing.T, id, number, reason string) {
	t.Helper()
	if status, answer := s.simCall(t, "POST", "/shiprocket/control/ndr", map[string]any{"order_id": number, "reason": reason}); status != 200 {
		t.Fatalf("failed attempt at sim: %d %v", status, answer)
	}
	if err := s.shipping.Track(context.Background(), id); err != nil {
		t.Fatal(err)
	}
}

// issue is the shopper's view of their order's failed attempt.
func (s *ndrShop) issue(t *testing.T, number string) map[string]any {
	t.Helper()
	status, body := send(t, s.app, "GET", "/api/orders/"+number+"/delivery-issue", s.shopper, nil)
	expect(t, "the order's delivery issue", status, body, 200, nil)
	data, _ := jsonValue(t, body, "data").(map[string]any)
	return data
}

// crashAfterSending is the courier of a worker that dies after the NDR action reached the
// courier but before it heard the answer.
type crashAfterSending struct{ ndr.Courier }

func (c crashAfterSending) ActOnNDR(ctx context.Context, creds shiprocket.Credentials, awb string, a shiprocket.NDRAction) error {
	if err := c.Courier.ActOnNDR(ctx, creds, awb, a); err != nil {
		return err
	}
	return errors.New("connection reset by peer (the worker died)")
}

// TestNDRReattemptReachesTheCourierOnce: the courier's failed attempt (sim's UNDELIVERED,
// heard through tracking) shows on the shopper's and staff's order pages with its reason, the
// order still out for delivery; the shopper's mail carries the link; the shopper's re-attempt
// on a date through the link is taken once (a second answer is refused), and the answer
// reaches sim's NDR API exactly once although its job runs three times, the first dying after
// sending. sim then delivers the order on its next step, and the issue closes.
func TestNDRReattemptReachesTheCourierOnce(t *testing.T) {
	t.Parallel() // its own database, Redis database and sim
	s := newNDRShop(t)
	ctx := context.Background()
	id, number, awb := s.outForDelivery(t)
	s.fail(t, id, number, "Customer not available at the address")

	issue := s.issue(t, number)
	if issue["reason"] != "Customer not available at the address" || issue["attempt"] != 1.0 || issue["open"] != true || issue["token"] == "" {
		t.Fatalf("the shopper's issue: %v", issue)
	}
	if st, _, _ := s.status(t, id); st != order.OutForDelivery {
		t.Fatalf("a failed attempt moved the order to %s", st)
	}
	status, body := send(t, s.app, "GET", "/api/admin/orders/"+id+"/delivery-issue", s.staff, nil)
	expect(t, "staff's view", status, body, 200, map[string]any{"data.reason": "Customer not available at the address"})
	if n := countRows(t, s.d, `SELECT count(*) FROM mails WHERE kind = 'ndr' AND recipient = 'meera@example.in' AND text_body LIKE '%/delivery-issue/' || $1 || '%'`, issue["token"]); n != 1 {
		t.Fatalf("%d NDR mails with the link, want 1", n)
	}

	token := issue["token"].(string)
	status, body = send(t, s.app, "GET", "/api/delivery-issue/"+token, "", nil)
	expect(t, "the link's page", status, body, 200, nil)
	dates := jsonValue(t, body, "data.dates").([]any)
	if len(dates) != 3 {
		t.Fatalf("dates offered: %v", dates)
	}
	answer := map[string]any{"action": "reattempt", "date": dates[1]}
	status, body = send(t, s.app, "POST", "/api/delivery-issue/"+token, "", answer)
	expect(t, "the shopper's answer", status, body, 200, map[string]any{"data.action": "reattempt", "data.date": dates[1]})
	status, body = send(t, s.app, "POST", "/api/delivery-issue/"+token, "", answer)
	expect(t, "the same answer again", status, body, 409, map[string]any{"message": "This delivery issue was answered already"})
	if n := countRows(t, s.d, `SELECT count(*) FROM outbox WHERE name = 'ndr:act'`); n != 1 {
		t.Fatalf("%d NDR action jobs queued, want 1", n)
	}

	attemptID := issue["_id"].(string)
	dying := ndr.NewService(s.d.pool, ndr.Config{Credentials: s.d.cfg.Shiprocket.Credentials}, newServices(s.d).orders, crashAfterSending{s.api})
	if err := dying.Send(ctx, attemptID); err == nil {
		t.Fatal("the dying worker's job succeeded")
	}
	for range 2 {
		if err := s.ndr.Send(ctx, attemptID); err != nil {
			t.Fatal(err)
		}
	}
	if n := s.actions(t, awb); n != 1 {
		t.Fatalf("sim's NDR API took %d actions, want 1", n)
	}
	if _, got := s.simCall(t, "GET", "/shiprocket/control/ndr", nil); got["requests"] != 1.0 {
		t.Fatalf("sim's NDR API was asked %v times, want 1", got["requests"])
	}
	if issue := s.issue(t, number); issue["sentAt"] == nil || issue["token"] != nil {
		t.Fatalf("after sending: %v", issue)
	}

	if status, answer := s.simCall(t, "POST", "/shiprocket/control/advance", map[string]any{"order_id": number}); status != 200 || answer["status"] != "DELIVERED" {
		t.Fatalf("sim's next step after the re-attempt: %d %v", status, answer)
	}
	if err := s.shipping.Track(ctx, id); err != nil {
		t.Fatal(err)
	}
	if st, _, _ := s.status(t, id); st != order.Delivered {
		t.Fatalf("the order is %s, want DELIVERED", st)
	}
	if issue := s.issue(t, number); issue["open"] != false || issue["outcome"] != "delivered" {
		t.Fatalf("the delivered order's issue: %v", issue)
	}
	status, body = send(t, s.app, "GET", "/api/admin/ndr", s.staff, nil)
	expect(t, "the queue", status, body, 200, nil)
	if n := len(jsonValue(t, body, "data.issues").([]any)); n != 0 {
		t.Fatalf("the queue holds %d issues after delivery", n)
	}
}

// TestRepeatedAndBackwardNDRReportsChangeNothing: the courier's UNDELIVERED webhook heard
// twice, an older one arriving late, and one about a delivered order record nothing more: one
// attempt, one mail, the order untouched.
func TestRepeatedAndBackwardNDRReportsChangeNothing(t *testing.T) {
	t.Parallel() // its own database, Redis database and sim
	s := newNDRShop(t)
	id, number, _ := s.outForDelivery(t)
	at := time.Now()
	hook := func(at time.Time, reason string) {
		t.Helper()
		body, _ := json.Marshal(map[string]any{"awb": "SIM123", "courier_name": "Delhivery", "current_status": "UNDELIVERED",
			"current_status_id": 36, "shipment_status": "UNDELIVERED", "shipment_status_id": 21,
			"current_timestamp": at.In(time.FixedZone("IST", 19800)).Format("02 01 2006 15:04:05"), "order_id": number,
			"sr_order_id": 771, "is_return": 0, "scans": []any{map[string]any{"date": at.In(time.FixedZone("IST", 19800)).Format("2006-01-02 15:04:05"),
				"activity": reason, "location": "Jaipur", "sr-status": "21", "sr-status-label": "UNDELIVERED"}}})
		resp, b := call(t, s.app, "POST", "/api/hooks/courier", map[string]string{"Content-Type": "application/json", "x-api-key": courierToken}, body)
		if resp.StatusCode != 200 {
			t.Fatalf("webhook: %d %s", resp.StatusCode, b)
		}
	}
	state := func() (attempts, mails int, reason string) {
		t.Helper()
		return countRows(t, s.d, `SELECT count(*) FROM ndr_attempts WHERE order_id = $1`, id),
			countRows(t, s.d, `SELECT count(*) FROM mails WHERE kind = 'ndr'`), s.issue(t, number)["reason"].(string)
	}
	hook(at, "Address incomplete")
	hook(at, "Address incomplete")                          // repeated
	hook(at.Add(-time.Hour), "Customer refused the parcel") // older, late
	if attempts, mails, reason := state(); attempts != 1 || mails != 1 || reason != "Address incomplete" {
		t.Fatalf("after a repeated and a backward report: %d attempts, %d mails, reason %q", attempts, mails, reason)
	}
	if code, body := s.courier(t, courierToken, number, "DELIVERED", at.Add(time.Hour)); code != 200 {
		t.Fatalf("delivered: %d %s", code, body)
	}
	hook(at.Add(2*time.Hour), "Customer not available") // after delivery
	if attempts, mails, _ := state(); attempts != 1 || mails != 1 {
		t.Fatalf("a report after delivery recorded: %d attempts, %d mails", attempts, mails)
	}
	if st, _, _ := s.status(t, id); st != order.Delivered {
		t.Fatalf("the order is %s", st)
	}
}

// TestNDRPastTheAttemptLimitReturnsToOrigin: the failed attempt that reaches the courier's
// limit (3) moves the order to RTO_INITIATED, as the courier's RTO report does, and closes it.
func TestNDRPastTheAttemptLimitReturnsToOrigin(t *testing.T) {
	t.Parallel() // its own database, Redis database and sim
	s := newNDRShop(t)
	ctx := context.Background()
	id, number, _ := s.outForDelivery(t)
	for i, reason := range []string{"Customer not available", "Door locked", "Customer not reachable on phone"} {
		if i > 0 {
			time.Sleep(1100 * time.Millisecond) // the courier's times have whole seconds: attempts are apart
		}
		s.fail(t, id, number, reason)
		st, _, _ := s.status(t, id)
		if i < 2 && st != order.OutForDelivery || i == 2 && st != order.RTOInitiated {
			t.Fatalf("after failed attempt %d the order is %s", i+1, st)
		}
		if i < 2 { // the courier goes out again
			issue := s.issue(t, number)
			if issue["attempt"] != float64(i+1) {
				t.Fatalf("attempt %d: %v", i+1, issue)
			}
			if _, err := s.ndr.AnswerForShopper(ctx, issue["_id"].(string), ndr.Answer{Action: ndr.Correct, Phone: "+91 98290 12345", Note: "Called the shopper"}, "staff:1"); err != nil {
				t.Fatal(err)
			}
			if err := s.ndr.Send(ctx, issue["_id"].(string)); err != nil {
				t.Fatal(err)
			}
		}
	}
	issue := s.issue(t, number)
	if issue["open"] != false || issue["outcome"] != "returned to origin" || issue["attempt"] != 3.0 {
		t.Fatalf("the third attempt: %v", issue)
	}
	if n := countRows(t, s.d, `SELECT count(*) FROM mails WHERE kind = 'ndr'`); n != 2 {
		t.Fatalf("%d NDR mails, want 2 (none for the attempt that returns it)", n)
	}
}

// TestNDRBadAnswersChangeNothing: a date in the past or past the next 3 days, an invalid
// phone, an unknown action, staff without a note, and a forged link are refused with 4xx
// naming the field; the attempt stays unanswered and nothing is queued for the courier.
func TestNDRBadAnswersChangeNothing(t *testing.T) {
	t.Parallel() // its own database, Redis database and sim
	s := newNDRShop(t)
	id, number, _ := s.outForDelivery(t)
	s.fail(t, id, number, "Customer not available")
	issue := s.issue(t, number)
	token := issue["token"].(string)
	yesterday := time.Now().In(time.FixedZone("IST", 19800)).AddDate(0, 0, -1).Format(time.DateOnly)
	later := time.Now().In(time.FixedZone("IST", 19800)).AddDate(0, 0, 5).Format(time.DateOnly)
	for _, c := range []struct {
		what  string
		body  map[string]any
		field string
	}{
		{"a date in the past", map[string]any{"action": "reattempt", "date": yesterday}, "date"},
		{"a date past 3 days", map[string]any{"action": "reattempt", "date": later}, "date"},
		{"no date", map[string]any{"action": "reattempt"}, "date"},
		{"an invalid phone", map[string]any{"action": "correct", "phone": "12345"}, "phone"},
		{"a landline", map[string]any{"action": "correct", "phone": "0141 400 2024"}, "phone"},
		{"nothing corrected", map[string]any{"action": "correct"}, "phone"},
		{"an unknown action", map[string]any{"action": "deliver-to-neighbour"}, "action"},
	} {
		status, body := send(t, s.app, "POST", "/api/delivery-issue/"+token, "", c.body)
		expect(t, c.what, status, body, 400, nil)
		if jsonValue(t, body, "errors."+c.field) == nil {
			t.Fatalf("%s: %s does not name %s", c.what, body, c.field)
		}
	}
	status, body := send(t, s.app, "POST", "/api/admin/ndr/"+issue["_id"].(string)+"/answer", s.staff, map[string]any{"action": "return"})
	expect(t, "staff without a note", status, body, 400, nil)
	status, body = send(t, s.app, "POST", "/api/delivery-issue/"+issue["_id"].(string)+"Zm9yZ2VkLXNpZ25hdHVyZS1mb3JnZWQtc2lnbmF0dXJlLWZvcmdlZA", "", map[string]any{"action": "return"})
	expect(t, "a forged link", status, body, 404, nil)
	status, body = send(t, s.app, "GET", "/api/delivery-issue/"+token+"x", "", nil)
	expect(t, "a cut link", status, body, 404, nil)
	if after := s.issue(t, number); after["answered"] != false || after["token"] != token {
		t.Fatalf("after bad answers: %v", after)
	}
	if n := countRows(t, s.d, `SELECT count(*) FROM outbox WHERE name = 'ndr:act'`); n != 0 {
		t.Fatalf("%d NDR action jobs queued by bad answers", n)
	}
	// Staff answer for the shopper: return to origin, audited; the order goes back once the courier has it.
	status, body = send(t, s.app, "POST", "/api/admin/ndr/"+issue["_id"].(string)+"/answer", s.staff,
		map[string]any{"action": "return", "note": "Shopper cancelled on the phone"})
	expect(t, "staff's answer", status, body, 200, map[string]any{"data.action": "return"})
	if n := countRows(t, s.d, `SELECT count(*) FROM audit_log WHERE entity_type = 'delivery issue' AND entity_id = $1`, issue["_id"]); n != 1 {
		t.Fatalf("%d audit entries for staff's answer", n)
	}
	if err := s.ndr.Send(context.Background(), issue["_id"].(string)); err != nil {
		t.Fatal(err)
	}
	if st, _, _ := s.status(t, id); st != order.RTOInitiated {
		t.Fatalf("after the return was sent the order is %s", st)
	}
}
