package main

import (
	"net/http"
	"testing"
	"time"
)

// TestShiprocketNDR: a failed attempt leaves the order UNDELIVERED (webhook 36/21 with the
// reason as the scan) and stops the driver; the NDR API refuses a body without action or
// comments (422) and fails on purpose when told; a re-attempt is taken once (a second action
// is refused) and the driver's next step delivers the order; the NDR lookup shows who acted.
func TestShiprocketNDR(t *testing.T) {
	st := newShiprocketTest(t, 0)
	token := st.login(t)
	st.create(t, token, "DRP-ndr-1")
	var awb string
	for range 4 {
		_, answer := st.advance(t, "DRP-ndr-1")
		awb, _ = answer["awb"].(string)
	}
	st.webhooks.wait(t, 4)
	if status, answer := st.call(t, "POST", "/shiprocket/control/ndr", "", map[string]any{"order_id": "DRP-ndr-1", "reason": "Door locked"}); status != http.StatusOK || answer["status"] != "UNDELIVERED" {
		t.Fatalf("failed attempt: %d %v", status, answer)
	}
	update := checkStatusUpdate(t, st.webhooks.wait(t, 5)[4])
	if update.CurrentStatus != "UNDELIVERED" || update.CurrentStatusID != 36 || update.ShipmentStatusID != 21 || update.Scans[len(update.Scans)-1].Activity != "Door locked" {
		t.Fatalf("UNDELIVERED webhook: %+v", update)
	}
	action := "/shiprocket/v1/external/ndr/" + awb + "/action"
	if status, answer := st.call(t, "POST", action, token, map[string]any{"action": "re-attempt"}); status != http.StatusUnprocessableEntity {
		t.Fatalf("no comments: %d %v", status, answer)
	}
	st.call(t, "POST", "/shiprocket/control/ndr", "", map[string]any{"fail": 1, "failStatus": 503})
	if status, _ := st.call(t, "POST", action, token, map[string]any{"action": "re-attempt", "comments": "Deliver tomorrow"}); status != http.StatusServiceUnavailable {
		t.Fatalf("the failing action answered %d", status)
	}
	if status, answer := st.call(t, "POST", action, token, map[string]any{"action": "re-attempt", "comments": "Deliver tomorrow"}); status != http.StatusAccepted || answer["status"] != "Data Updated Sucessfully" {
		t.Fatalf("re-attempt: %d %v", status, answer)
	}
	if status, _ := st.call(t, "POST", action, token, map[string]any{"action": "re-attempt", "comments": "again"}); status != http.StatusBadRequest {
		t.Fatalf("a second action answered %d, want 400", status)
	}
	_, lookup := st.call(t, "GET", "/shiprocket/v1/external/ndr/"+awb, token, nil)
	row := lookup["data"].([]any)[0].(map[string]any)
	if row["attempts"] != 1.0 || row["history"].([]any)[0].(map[string]any)["action_by"] == "" {
		t.Fatalf("lookup: %v", row)
	}
	st.control(t, map[string]any{"step": "20ms"}) // the driver's next step delivers it
	deadline := time.Now().Add(5 * time.Second)
	for st.state(t).Delivered != 1 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if st.state(t).Delivered != 1 {
		t.Fatal("the re-attempted order was not delivered on the driver's next step")
	}
	if _, c := st.call(t, "GET", "/shiprocket/control/ndr", "", nil); c["actions"].(map[string]any)[awb] != 1.0 || c["requests"] != 4.0 {
		t.Fatalf("counters: %v", c)
	}
}
