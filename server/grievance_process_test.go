package main

import (
	"net"
	"strings"
	"testing"
	"time"

	"drape/internal/platform/dbtest"
	"drape/internal/platform/redistest"
)

// TestComplaintAcknowledgedByMailOnce (issue 23), on the real programs (a server, the worker,
// PostgreSQL, Redis and sim's SMTP sink): a guest's complaint answers with its ticket, and one
// acknowledgement mail naming it reaches the guest within seconds (the rules allow 48 hours),
// and no second one follows.
func TestComplaintAcknowledgedByMailOnce(t *testing.T) {
	t.Parallel()
	simHTTP, simSMTP := startSim(t)
	_, dbURL := dbtest.New(t)
	rdb := redistest.New(t)
	smtpHost, smtpPort, _ := net.SplitHostPort(simSMTP)
	env := []string{"DATABASE_URL=" + dbURL, "REDIS_URL=" + rdb.URL, "REALTIME_CHANNEL=" + rdb.Prefix + "events",
		"SMTP_HOST=" + smtpHost, "SMTP_PORT=" + smtpPort, "SMTP_TLS=none", "SMTP_FROM=care@drape.test",
		"CLIENT_DIR=" + t.TempDir(), "SHUTDOWN_TIMEOUT=5s", "LOG_LEVEL=warn", "JWT_SECRET=" + testJWTSecret,
		"PASSWORD_COST=test", "PUBLIC_URL=http://127.0.0.1:8079", "JOB_POLL_INTERVAL=100ms"}
	startWorker(t, env)
	base, _ := startServer(t, env)

	filed := apiCall(t, base, "POST", "/api/complaints", "", map[string]any{"name": "Asha Verma", "email": "asha@example.in",
		"subject": "Refund not received", "message": "My return was picked up ten days ago."}, 201)
	ticket := filed["data"].(map[string]any)["ticket"].(string)

	acks := func() []restockMail {
		var box struct{ Messages []restockMail }
		getJSON(t, "http://"+simHTTP+"/mail/api/messages", &box)
		var out []restockMail
		for _, m := range box.Messages {
			if strings.HasPrefix(m.Subject, "Complaint received") {
				out = append(out, m)
			}
		}
		return out
	}
	deadline := time.Now().Add(20 * time.Second)
	for len(acks()) == 0 && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	got := acks()
	if len(got) != 1 || len(got[0].To) != 1 || got[0].To[0] != "asha@example.in" || got[0].Subject != "Complaint received: ticket "+ticket ||
		!strings.Contains(got[0].Text, "http://127.0.0.1:8079/grievance/status?ticket="+ticket) {
		t.Fatalf("acknowledgements: %+v; want one to asha@example.in for %s", got, ticket)
	}
	time.Sleep(2 * time.Second) // a duplicate would have come by now
	if n := len(acks()); n != 1 {
		t.Fatalf("%d acknowledgements, want exactly 1", n)
	}
}
