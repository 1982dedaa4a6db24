package main

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// messagingEnv points a deployment's worker at sim's WhatsApp and MSG91.
func messagingEnv(sim string) []string {
	return []string{"WHATSAPP_API_URL=http://" + sim + "/whatsapp", "WHATSAPP_PHONE_NUMBER_ID=109876543210987",
		"WHATSAPP_TOKEN=drape-sim-whatsapp-token", "MSG91_API_URL=http://" + sim + "/msg91", "MSG91_AUTHKEY=drape-sim-msg91-authkey"}
}

// simMessages is what sim's WhatsApp and MSG91 accepted.
func simMessages(t testing.TB, sim string) []struct{ Provider, Text string } {
	t.Helper()
	resp, err := http.Get("http://" + sim + "/messages/api/messages")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var l struct {
		Messages []struct{ Provider, Text string }
	}
	if err := json.NewDecoder(resp.Body).Decode(&l); err != nil {
		t.Fatal(err)
	}
	return l.Messages
}

func simMessagingControl(t testing.TB, sim, provider, body string) {
	t.Helper()
	resp, err := http.Post("http://"+sim+"/"+provider+"/control", "application/json", strings.NewReader(body))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("%s control: %v %v", provider, resp, err)
	}
	resp.Body.Close()
}

// TestMessagingProviderDown: WhatsApp and MSG91 are both down (503) while 20 orders are placed,
// half of their shoppers on SMS; they stay down for MESSAGING_OUTAGE (3 s in make test, 5 min
// in make chaos), through many rounds of retries (each job's 12 retries, then the sweep's
// requeues), and come back. Every "order placed" message arrives once: none lost, none twice.
func TestMessagingProviderDown(t *testing.T) {
	t.Parallel()
	outage := 3 * time.Second
	if v := os.Getenv("MESSAGING_OUTAGE"); v != "" {
		var err error
		if outage, err = time.ParseDuration(v); err != nil {
			t.Fatalf("MESSAGING_OUTAGE: %v", err)
		}
	}
	d := newCourierDeployment(t, "off", "JOB_REQUEUE_AFTER=1s")
	d.env = append(d.env, messagingEnv(d.sim)...)
	simMessagingControl(t, d.sim, "whatsapp", `{"down": true}`)
	simMessagingControl(t, d.sim, "msg91", `{"down": true}`)
	startWorker(t, d.env)
	users, addresses := d.shoppers(t, 20, "msgdown")
	for _, u := range users[:10] {
		if _, err := d.pool.Exec(context.Background(), `INSERT INTO message_preferences (user_id, channel) VALUES ($1, 'sms')`, u); err != nil {
			t.Fatal(err)
		}
	}
	numbers := d.placeInProcess(t, users, addresses)
	began := time.Now()
	waitUntil(t, 30*time.Second, "every message tried while the providers are down", func() bool {
		return d.count(t, `SELECT count(*) FROM messages WHERE kind = 'order_placed' AND attempts > 0`) == len(numbers)
	})
	time.Sleep(outage - time.Since(began))
	rounds := d.count(t, `SELECT min(attempts) FROM messages WHERE kind = 'order_placed'`)
	// Waiting: queued between tries, or sending while a try is on its way to the (down) provider.
	if got := len(simMessages(t, d.sim)); got != 0 || d.count(t, `SELECT count(*) FROM messages WHERE status NOT IN ('queued', 'sending')`) != 0 {
		t.Fatalf("during the outage: %d messages at sim, want 0, and every message waiting", got)
	}
	t.Logf("outage of %v: every message tried at least %d times", outage, rounds)
	simMessagingControl(t, d.sim, "whatsapp", `{"down": false}`)
	simMessagingControl(t, d.sim, "msg91", `{"down": false}`)
	waitUntil(t, 90*time.Second, "every order placed message sent", func() bool {
		return d.count(t, `SELECT count(*) FROM messages WHERE kind = 'order_placed' AND status = 'sent'`) == len(numbers)
	})
	time.Sleep(2 * time.Second) // let any stray requeued job run: it must not send again
	per := map[string]int{}
	sms := 0
	labels := map[string]string{} // messages name an order as people read it: #1042
	for _, n := range numbers {
		var short string
		if err := d.pool.QueryRow(context.Background(), `SELECT short_number FROM orders WHERE order_number = $1`, n).Scan(&short); err != nil {
			t.Fatal(err)
		}
		labels[n] = "#" + short
	}
	for _, m := range simMessages(t, d.sim) {
		for _, n := range numbers {
			if strings.Contains(m.Text, " "+labels[n]+" ") {
				per[n]++
			}
		}
		if m.Provider == "sms" {
			sms++
		}
	}
	arrived, twice := 0, 0
	for _, n := range numbers {
		if per[n] > 0 {
			arrived++
		}
		twice += max(per[n]-1, 0)
	}
	drillReport(t, "WhatsApp and SMS providers down for "+outage.String()+" (each message tried ≥ "+strconv.Itoa(rounds)+" times)",
		"order placed messages", len(numbers), arrived, twice)
	if arrived != len(numbers) || twice != 0 || sms != 10 {
		t.Fatalf("%d of %d arrived, %d twice, %d by SMS (want 10)", arrived, len(numbers), twice, sms)
	}
}
