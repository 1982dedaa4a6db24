package returns

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"drape/internal/shop"
)

const courierToken = "courier-webhook-token"

// returnReport is the courier's status webhook about return order number, as Shiprocket
// sends it for a return (is_return=1).
func returnReport(number, status string, statusID int) []byte {
	body, _ := json.Marshal(map[string]any{"awb": "19000000000042", "courier_name": "Delhivery Surface", "current_status": status,
		"current_status_id": statusID, "shipment_status": status, "shipment_status_id": statusID,
		"current_timestamp": time.Now().In(time.FixedZone("IST", 19800)).Format("02 01 2006 15:04:05"), "order_id": number,
		"sr_order_id": 400000007, "scans": []any{}, "is_return": 1})
	return body
}

// TestRepeatedAndBackwardCourierReports: the courier's return reports move an approved
// request forward, one step each (a step by the courier, an event to the shopper and the
// board, a mail); the same report again, an older one arriving late, and a report about a
// request that is not approved change nothing. A forward shipment's report is left to the
// forward path; a wrong token is refused.
func TestRepeatedAndBackwardCourierReports(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	pickups := NewPickups(f.returns, nil, nil, PickupConfig{WebhookToken: courierToken})
	userID, o := f.delivered(t, "courier@example.in", "M", 1)
	r := f.ask(t, userID, o.Number, Return, "", 1)
	hear := func(status string, id int) {
		t.Helper()
		isReturn, err := pickups.HandleStatusUpdate(ctx, courierToken, returnReport(r.Number, status, id))
		if !isReturn || err != nil {
			t.Fatalf("%s: %v %v", status, isReturn, err)
		}
	}
	state := func() (string, int, int, int) {
		t.Helper()
		status, steps, events, _ := f.moves(t, r.ID, "")
		return status, steps, events, f.count(t, `SELECT count(*) FROM mails WHERE ref = $1`, r.ID)
	}

	hear("RETURN PICKUP GENERATED", 28) // not approved yet: nothing moves
	if status, steps, events, mails := state(); status != "REQUESTED" || steps != 1 || events != 0 || mails != 1 {
		t.Fatalf("a report before approval moved the request: %s, %d steps, %d events, %d mails", status, steps, events, mails)
	}
	if _, _, err := f.returns.Approve(ctx, r.ID, "staff1", ""); err != nil {
		t.Fatal(err)
	}

	want := []struct {
		status string
		id     int
		to     string
	}{
		{"RETURN PENDING", 21, "APPROVED"},
		{"RETURN PICKUP GENERATED", 28, "PICKUP_SCHEDULED"},
		{"RETURN PICKUP GENERATED", 28, "PICKUP_SCHEDULED"}, // repeated
		{"RETURN PICKED UP", 32, "PICKED_UP"},
		{"RETURN PICKUP GENERATED", 28, "PICKED_UP"}, // late, backward
		{"RETURN IN TRANSIT", 25, "PICKED_UP"},
		{"RETURN DELIVERED", 26, "RECEIVED"},
		{"RETURN DELIVERED", 26, "RECEIVED"},  // repeated
		{"RETURN IN TRANSIT", 25, "RECEIVED"}, // late, backward
		{"RETURN PICKED UP", 32, "RECEIVED"},  // late, backward
	}
	_, steps0, events0, mails0 := state()
	moves := 0
	last := "APPROVED"
	for _, w := range want {
		hear(w.status, w.id)
		if w.to != last {
			moves++
			last = w.to
		}
		status, steps, events, mails := state()
		if status != w.to || steps != steps0+moves || events != events0+2*moves || mails != mails0+moves {
			t.Fatalf("after %s: %s, %d steps, %d events, %d mails; want %s, %d, %d, %d", w.status, status, steps, events, mails,
				w.to, steps0+moves, events0+2*moves, mails0+moves)
		}
	}
	got, err := f.returns.Request(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	var by []string
	for _, s := range got.Steps[2:] {
		by = append(by, s.Actor+" "+string(s.Status))
	}
	if len(by) != 3 || by[0] != "courier PICKUP_SCHEDULED" || by[1] != "courier PICKED_UP" || by[2] != "courier RECEIVED" ||
		got.Steps[2].Note != "Delhivery Surface AWB 19000000000042" {
		t.Fatalf("the courier's steps: %v (%+v)", by, got.Steps[2])
	}
	if got.Pickup == nil || got.Pickup.AWB != "19000000000042" || got.Pickup.CourierStatus != "RETURN DELIVERED" {
		t.Fatalf("the pickup the shopper sees: %+v", got.Pickup)
	}

	if isReturn, err := pickups.HandleStatusUpdate(ctx, "wrong", returnReport(r.Number, "RETURN DELIVERED", 26)); !isReturn || !shop.Is(err, shop.Unauthorized) {
		t.Fatalf("a wrong token: %v %v", isReturn, err)
	}
	if isReturn, err := pickups.HandleStatusUpdate(ctx, courierToken, returnReport("NOT-OURS-R1", "RETURN DELIVERED", 26)); !isReturn || err != nil {
		t.Fatalf("a return that is not ours: %v %v", isReturn, err)
	}
	forward, _ := json.Marshal(map[string]any{"awb": "1", "current_status": "DELIVERED", "order_id": o.Number, "is_return": 0})
	if isReturn, err := pickups.HandleStatusUpdate(ctx, courierToken, forward); isReturn || err != nil {
		t.Fatalf("a forward shipment's report: %v %v", isReturn, err)
	}
}
