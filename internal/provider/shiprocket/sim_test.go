package shiprocket

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"drape/internal/platform/redistest"
)

// startSim builds ./sim and runs it on a free port with extra environment;
// it returns sim's HTTP base URL and stops sim when the test ends.
func startSim(t *testing.T, env ...string) string {
	t.Helper()
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatalf("go env GOMOD: %v", err)
	}
	binary := filepath.Join(t.TempDir(), "sim")
	build := exec.Command("go", "build", "-o", binary, "./sim")
	build.Dir = filepath.Dir(strings.TrimSpace(string(gomod)))
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./sim: %v\n%s", err, out)
	}
	cmd := exec.Command(binary)
	cmd.Env = append(append(os.Environ(), "SIM_ADDR=127.0.0.1:0", "SIM_SMTP_ADDR=127.0.0.1:0"), env...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	listening := make(chan string, 1)
	exited := make(chan error, 1)
	go func() {
		lines := bufio.NewScanner(stdout)
		for lines.Scan() {
			if line, ok := strings.CutPrefix(lines.Text(), "sim listening http="); ok {
				listening <- strings.Fields(line)[0]
			}
		}
		exited <- cmd.Wait()
	}()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case err := <-exited:
			if err != nil {
				t.Errorf("sim exit: %v", err)
			}
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Error("sim did not stop within 10 s of SIGTERM")
		}
	})
	select {
	case addr := <-listening:
		return "http://" + addr
	case <-time.After(10 * time.Second):
		t.Fatal("sim printed no listening line within 10 s")
		return ""
	}
}

// simControl posts body to one of sim's Shiprocket control endpoints and decodes the answer.
func simControl(t *testing.T, base, path, body string) map[string]any {
	t.Helper()
	resp, err := http.Post(base+"/shiprocket/control"+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var answer map[string]any
	json.NewDecoder(resp.Body).Decode(&answer)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("control%s %s: %d %v", path, body, resp.StatusCode, answer)
	}
	return answer
}

// TestAgainstSim runs a Session against the real sim binary with its default
// API user: serviceability, create, a duplicate, tracking before and after the
// AWB, status webhooks checked with VerifyWebhookToken and ParseStatusUpdate,
// revoked tokens, an injected 503, a lost answer found again with FindOrder,
// and cancel.
func TestAgainstSim(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs sim; skipped in -short mode")
	}
	const webhookToken = "drape-sim-courier-token"
	updates := make(chan StatusUpdate, 100)
	shop := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if r.URL.Path != "/api/hooks/courier" || !VerifyWebhookToken(webhookToken, r.Header.Get("x-api-key")) {
			t.Errorf("webhook %s without the token", r.URL.Path)
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		update, err := ParseStatusUpdate(body)
		if err != nil {
			t.Errorf("webhook: %v", err)
		}
		updates <- update
	}))
	defer shop.Close()
	base := startSim(t, "SIM_SHIPROCKET_WEBHOOK_URL="+shop.URL+"/api/hooks/courier", "SIM_SHIPROCKET_WEBHOOK_TOKEN="+webhookToken,
		"SIM_SHIPROCKET_STEP=off")
	rdb := redistest.New(t)
	creds := Credentials{Email: "api@drape.local", Password: "drape-sim-shiprocket"}
	session := NewSession(New(base+"/shiprocket", nil), rdb.Client)
	ctx := context.Background()
	nextUpdate := func() StatusUpdate {
		t.Helper()
		select {
		case update := <-updates:
			return update
		case <-time.After(5 * time.Second):
			t.Fatal("no webhook within 5 s")
			return StatusUpdate{}
		}
	}

	service, err := session.Serviceability(ctx, creds, "560001", "700016", true, 0.8)
	if err != nil || len(service.Couriers) == 0 || service.RecommendedCourierID == 0 || service.Couriers[0].Rate <= 0 || !service.Couriers[0].COD {
		t.Fatalf("serviceability = %+v, %v", service, err)
	}

	order := testOrder()
	created, err := session.CreateAdhoc(ctx, creds, order)
	if err != nil || created.OrderID == 0 || created.ShipmentID == 0 || created.Status != "NEW" || created.StatusCode != 1 {
		t.Fatalf("create = %+v, %v", created, err)
	}
	if _, err := session.CreateAdhoc(ctx, creds, order); !IsDuplicateOrder(err) || IsTemporary(err) {
		t.Errorf("same order id again: %v", err)
	}
	tracking, err := session.TrackShipment(ctx, creds, created.ShipmentID)
	if err != nil || tracking.Found || !strings.HasPrefix(tracking.Message, "Aahh!") {
		t.Errorf("tracking before the AWB = %+v, %v", tracking, err)
	}

	simControl(t, base, "/advance", `{"order_id":"`+order.OrderID+`"}`)
	update := nextUpdate()
	if update.Status() != StatusPickupScheduled || update.OrderID != order.OrderID || update.SROrderID != created.OrderID || update.AWB == "" ||
		len(update.Scans) != 1 || update.DedupeKey() != update.AWB+"|PICKUP SCHEDULED|"+update.CurrentTimestamp {
		t.Errorf("webhook = %+v", update)
	}
	if at, err := update.Time(); err != nil || time.Since(at) > time.Minute || time.Since(at) < -time.Minute {
		t.Errorf("webhook time %v, %v", at, err)
	}
	tracking, err = session.TrackShipment(ctx, creds, created.ShipmentID)
	if err != nil || !tracking.Found || tracking.CurrentStatus != StatusPickupScheduled || tracking.AWB != update.AWB || len(tracking.Activities) != 1 {
		t.Errorf("tracking = %+v, %v", tracking, err)
	}

	// Revoked tokens: the session logs in again by itself.
	simControl(t, base, "", `{"unauthorized":true}`)
	if byAWB, err := session.TrackAWB(ctx, creds, update.AWB); err != nil || byAWB.CurrentStatus != StatusPickupScheduled {
		t.Errorf("after revoke: %+v, %v", byAWB, err)
	}

	// An injected 503 is temporary, and the retry creates the order once.
	second := testOrder()
	second.OrderID = "DRP-1718000000001-bcdefghijk"
	simControl(t, base, "", `{"fail":1}`)
	var apiErr *APIError
	if _, err := session.CreateAdhoc(ctx, creds, second); !errors.As(err, &apiErr) || apiErr.Status != 503 || !IsTemporary(err) {
		t.Errorf("injected failure: %v", err)
	}
	secondCreated, err := session.CreateAdhoc(ctx, creds, second)
	if err != nil {
		t.Fatal(err)
	}

	// A lost answer: the call times out (temporary), the retry is a duplicate.
	third := testOrder()
	third.OrderID = "DRP-1718000000002-cdefghijkl"
	impatient := NewSession(New(base+"/shiprocket", &http.Client{Timeout: 300 * time.Millisecond}), rdb.Client)
	simControl(t, base, "", `{"timeout":1,"hangMs":5000}`)
	if _, err := impatient.CreateAdhoc(ctx, creds, third); err == nil || !IsTemporary(err) {
		t.Errorf("hung create: %v", err)
	}
	if _, err := impatient.CreateAdhoc(ctx, creds, third); !IsDuplicateOrder(err) {
		t.Errorf("retry after a lost answer: %v", err)
	}
	found, ok, err := impatient.FindOrder(ctx, creds, third.OrderID)
	if err != nil || !ok || found.OrderID <= created.OrderID || found.ShipmentID == 0 || found.Status != StatusNew {
		t.Errorf("find the order of the lost answer: %+v, %v, %v", found, ok, err)
	}
	if _, ok, err := session.FindOrder(ctx, creds, "DRP-1718000000009-nothinghere"); ok || err != nil {
		t.Errorf("find an unknown order: %v, %v", ok, err)
	}
	resp, err := http.Get(base + "/shiprocket/control")
	if err != nil {
		t.Fatal(err)
	}
	var state struct {
		Orders     int            `json:"orders"`
		Duplicates int            `json:"duplicates"`
		Attempts   map[string]int `json:"attempts"`
	}
	json.NewDecoder(resp.Body).Decode(&state)
	resp.Body.Close()
	if state.Orders != 3 || state.Duplicates != 2 || state.Attempts[order.OrderID] != 2 || state.Attempts[second.OrderID] != 2 || state.Attempts[third.OrderID] != 2 {
		t.Errorf("sim state = %+v", state)
	}

	if err := session.Cancel(ctx, creds, []int64{created.OrderID, secondCreated.OrderID}); err != nil {
		t.Fatal(err)
	}
	if update := nextUpdate(); update.Status() != StatusCanceled || update.OrderID != order.OrderID {
		t.Errorf("cancel webhook = %+v", update)
	}

	err = NewSession(New(base+"/shiprocket", nil), redistest.New(t).Client).Cancel(ctx, Credentials{Email: "api@drape.local", Password: "wrong"}, []int64{1})
	if !errors.As(err, &apiErr) || apiErr.Status != 400 || IsTemporary(err) {
		t.Errorf("wrong password: %v", err)
	}
}
