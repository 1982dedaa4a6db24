package main

import (
	"context"
	"net"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/catalog"
	"drape/internal/platform/dbtest"
	"drape/internal/platform/postgres"
	"drape/internal/platform/redistest"
	"drape/internal/shop"
	"drape/jobs"
)

// restockMail is a back-in-stock mail in sim's mailbox.
type restockMail struct {
	To      []string `json:"to"`
	Subject string   `json:"subject"`
	Text    string   `json:"text"`
}

// restockMails is the back-in-stock mails sim's SMTP sink has caught, oldest first.
func restockMails(t *testing.T, sim string) []restockMail {
	t.Helper()
	var box struct{ Messages []restockMail }
	getJSON(t, "http://"+sim+"/mail/api/messages", &box)
	var out []restockMail
	for _, m := range box.Messages {
		if strings.HasPrefix(m.Subject, "Back in stock: ") {
			out = append(out, m)
		}
	}
	slices.Reverse(out) // the mailbox lists the newest first
	return out
}

// TestBackInStockFiveAskThreeComeBack is issue 20's done-when test, on the real programs (a
// server, the worker, PostgreSQL, Redis and sim's SMTP sink): five people ask for a sold-out
// size (four guests and a signed-in shopper, through the API); the stock editor brings 3 units
// back, and the 3 who asked first get one mail each, with the product's link and a stop link;
// the restock's job run again sends nothing; 2 units given back later (a cancelled order's
// path) mail the last two.
func TestBackInStockFiveAskThreeComeBack(t *testing.T) {
	t.Parallel()
	simHTTP, simSMTP := startSim(t)
	_, dbURL := dbtest.New(t)
	rdb := redistest.New(t)
	smtpHost, smtpPort, _ := net.SplitHostPort(simSMTP)
	env := []string{"DATABASE_URL=" + dbURL, "REDIS_URL=" + rdb.URL, "REALTIME_CHANNEL=" + rdb.Prefix + "events",
		"SMTP_HOST=" + smtpHost, "SMTP_PORT=" + smtpPort, "SMTP_TLS=none", "SMTP_FROM=orders@drape.test",
		"CLIENT_DIR=" + t.TempDir(), "SHUTDOWN_TIMEOUT=5s", "LOG_LEVEL=warn", "JWT_SECRET=" + testJWTSecret,
		"PASSWORD_COST=test", "PUBLIC_URL=http://127.0.0.1:8079", "JOB_POLL_INTERVAL=100ms"}
	pool, err := pgxpool.New(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	ctx := context.Background()
	dp := fixtureDeps(pool, "http://127.0.0.1:8079")
	f := seedShop(t, dp)
	svc := newServices(dp)
	product, err := svc.catalog.CreateProduct(ctx, catalog.NewProduct{Code: "JF-BIS-9", Name: "Linen Blazer", Gender: "Men",
		SubCategoryID: f.shirts.ID, Price: shop.Rupees(4999), Sizes: []catalog.Size{{Size: "40", Stock: 0}, {Size: "42", Stock: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	startWorker(t, env)
	base, _ := startServer(t, env)

	asks := []string{"asha@example.in", "bilal@example.in", "chitra@example.in", "dev@example.in", "esha@example.in"}
	path := "/api/products/" + product.ID + "/restock-alerts"
	for _, email := range asks {
		if email == "chitra@example.in" { // signed in: one tap, her account's e-mail
			token, _ := signUpOver(t, base, email)
			got := apiCall(t, base, "POST", path, token, map[string]any{"size": "40"}, 201)
			if got["message"] != "Done: we will e-mail chitra@example.in when size 40 is back" {
				t.Fatalf("signed-in ask: %v", got)
			}
			continue
		}
		apiCall(t, base, "POST", path, "", map[string]any{"size": "40", "email": email}, 201)
		time.Sleep(5 * time.Millisecond) // distinct request times: the order is the test's point
	}
	again := apiCall(t, base, "POST", path, "", map[string]any{"size": "40", "email": "Asha@Example.in"}, 200)
	if again["message"] != "You are already on the list: we will e-mail asha@example.in when size 40 is back" {
		t.Fatalf("asking again: %v", again)
	}
	apiCall(t, base, "POST", path, "", map[string]any{"size": "42", "email": "asha@example.in"}, 409)
	apiCall(t, base, "POST", path, "", map[string]any{"size": "40", "email": "not-an-email"}, 400)

	// The stock editor brings 3 back.
	if _, err := svc.catalog.SetStock(ctx, product.ID, []catalog.StockLevel{{Size: "40", Stock: 3}, {Size: "42", Stock: 2}}); err != nil {
		t.Fatal(err)
	}
	// The three who asked first are told; their mails are sent by concurrent jobs, so they may
	// reach the mailbox in any order.
	got := waitForRestockMails(t, simHTTP, 3)
	var firstMail string // the mail to the first to ask
	for i, m := range got {
		if len(m.To) != 1 || !slices.Contains(asks[:3], m.To[0]) || m.Subject != "Back in stock: Linen Blazer, size 40" {
			t.Fatalf("mail %d: to %v %q, want one to each of the 3 first to ask %v", i, m.To, m.Subject, asks[:3])
		}
		if !strings.Contains(m.Text, "http://127.0.0.1:8079/product/"+product.Slug+"?size=40") {
			t.Fatalf("mail to %v has no link to the product:\n%s", m.To, m.Text)
		}
		if m.To[0] == asks[0] {
			firstMail = m.Text
		}
	}
	if recipients := mailRecipients(got); !slices.Equal(recipients, sortedCopy(asks[:3])) {
		t.Fatalf("mailed %v, want each of %v once", recipients, asks[:3])
	}
	stop := regexp.MustCompile(`http://127\.0\.0\.1:8079/restock-alerts/([A-Za-z0-9_-]{43})`).FindStringSubmatch(firstMail)
	if stop == nil {
		t.Fatalf("no stop link in:\n%s", firstMail)
	}

	// The restock's job again, as a redelivered task would run it: nothing more is sent.
	first := restockJobsIn(t, pool)
	if len(first) != 1 {
		t.Fatalf("restock jobs: %d, want 1 (size 42 did not change)", len(first))
	}
	inspector := asynq.NewInspectorFromRedisClient(rdb.Client)
	before := processed(t, inspector)
	queue := asynq.NewClientFromRedisClient(rdb.Client)
	defer queue.Close()
	if _, err := queue.Enqueue(asynq.NewTask(jobs.TypeTellRestock, first[0]), asynq.TaskID("again:"+shop.NewID()), asynq.Queue(jobs.QueueDefault)); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(20 * time.Second); processed(t, inspector) <= before; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the worker never ran the repeated job")
		}
	}
	time.Sleep(500 * time.Millisecond) // time for mail that should not exist to go out
	if n := len(restockMails(t, simHTTP)); n != 3 {
		t.Fatalf("after the job ran twice: %d mails, want 3", n)
	}
	var queued int
	pool.QueryRow(ctx, "SELECT count(*) FROM mails WHERE kind = 'back_in_stock'").Scan(&queued)
	if queued != 3 {
		t.Fatalf("queued back-in-stock mails: %d, want 3", queued)
	}

	// Demand in the back office: 2 still wait for size 40.
	demand, err := svc.restock.Demand(ctx, product.ID)
	if err != nil || len(demand) != 1 || demand[0].Size != "40" || demand[0].Waiting != 2 {
		t.Fatalf("demand: %+v %v", demand, err)
	}

	// Two units given back (the path of a cancelled or expired order): the last two are told.
	err = postgres.InTx(ctx, pool, func(tx pgx.Tx) error {
		return svc.catalog.ReturnStock(ctx, tx, []catalog.StockChange{{ProductID: product.ID, Name: product.Name, Size: "40", Quantity: 2}})
	})
	if err != nil {
		t.Fatal(err)
	}
	got = waitForRestockMails(t, simHTTP, 5)
	if recipients := mailRecipients(got); !slices.Equal(recipients, sortedCopy(asks)) {
		t.Fatalf("after the second rise mailed %v, want each of %v once", recipients, asks)
	}

	// The stop link: the page names the e-mail, partly hidden; stopping is for every waiting
	// request of that e-mail.
	link := apiCall(t, base, "GET", "/api/restock-alerts/"+stop[1], "", nil, 200)
	if data := link["data"].(map[string]any); data["email"] != "a***@example.in" {
		t.Fatalf("stop link page: %v", link)
	}
	apiCall(t, base, "GET", "/api/restock-alerts/"+strings.Repeat("x", 43), "", nil, 404)
	if _, err := svc.catalog.SetStock(ctx, product.ID, []catalog.StockLevel{{Size: "40", Stock: 0}, {Size: "42", Stock: 0}}); err != nil {
		t.Fatal(err)
	}
	apiCall(t, base, "POST", path, "", map[string]any{"size": "42", "email": "asha@example.in"}, 201)
	stopped := apiCall(t, base, "POST", "/api/restock-alerts/"+stop[1]+"/stop", "", nil, 200)
	if data := stopped["data"].(map[string]any); data["stopped"] != float64(1) {
		t.Fatalf("stop: %v", stopped)
	}
	if demand, _ := svc.restock.Demand(ctx, product.ID); len(demand) != 0 {
		t.Fatalf("demand after stopping: %+v", demand)
	}
}

// waitForRestockMails waits for n back-in-stock mails in sim's mailbox, and a moment more to
// see that no more come.
func waitForRestockMails(t *testing.T, sim string, n int) []restockMail {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for len(restockMails(t, sim)) < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d back-in-stock mails reached the SMTP sink, want %d", len(restockMails(t, sim)), n)
		}
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(time.Second)
	got := restockMails(t, sim)
	if len(got) != n {
		t.Fatalf("%d back-in-stock mails, want %d: %+v", len(got), n, got)
	}
	return got
}

// restockJobsIn is the restock jobs' payloads in the outbox.
func restockJobsIn(t *testing.T, pool *pgxpool.Pool) [][]byte {
	t.Helper()
	rows, err := pool.Query(context.Background(), "SELECT payload::text FROM outbox WHERE name = $1 ORDER BY id", jobs.TypeTellRestock)
	if err != nil {
		t.Fatal(err)
	}
	payloads, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) ([]byte, error) {
		var s string
		err := r.Scan(&s)
		return []byte(s), err
	})
	if err != nil {
		t.Fatal(err)
	}
	return payloads
}

// processed is how many tasks of the default queue the worker has finished today.
func processed(t *testing.T, inspector *asynq.Inspector) int {
	t.Helper()
	info, err := inspector.GetQueueInfo(jobs.QueueDefault)
	if err != nil {
		t.Fatal(err)
	}
	return info.Processed
}

// mailRecipients answers the first recipient of each mail, sorted.
func mailRecipients(mails []restockMail) []string {
	var to []string
	for _, m := range mails {
		to = append(to, m.To[0])
	}
	slices.Sort(to)
	return to
}

// sortedCopy answers a sorted copy of list.
func sortedCopy(list []string) []string {
	out := slices.Clone(list)
	slices.Sort(out)
	return out
}
