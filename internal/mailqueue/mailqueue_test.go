package mailqueue

import (
	"context"
	"errors"
	"testing"

	"drape/internal/platform/dbtest"
	"drape/internal/provider/mail"
)

type recordingSender struct {
	sent []mail.Message
	fail error
}

func (r *recordingSender) Send(_ context.Context, m mail.Message) error {
	if r.fail != nil {
		return r.fail
	}
	r.sent = append(r.sent, m)
	return nil
}

func TestQueuedMailIsSentOnceAndSecretsAreWiped(t *testing.T) {
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	m := Message{Kind: "password_reset", Ref: "r1", To: "ira@example.in", Subject: "Your code", Text: "code is 123456", HTML: "<b>123456</b>", Sensitive: true}
	if err := Queue(ctx, tx, m); err != nil {
		t.Fatal(err)
	}
	if err := Queue(ctx, tx, Message{Kind: "password_reset", Ref: "r1", To: "someone@else.in", Subject: "dup", Text: "x"}); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	sender := &recordingSender{fail: errors.New("smtp down")}
	s := NewService(pool, sender)
	if err := s.Deliver(ctx, "password_reset", "r1"); err == nil {
		t.Fatal("a failed send must be an error, so the job retries")
	}
	sender.fail = nil
	for i := 0; i < 3; i++ {
		if err := s.Deliver(ctx, "password_reset", "r1"); err != nil {
			t.Fatal(err)
		}
	}
	if len(sender.sent) != 1 || sender.sent[0].To != "ira@example.in" || sender.sent[0].Text != "code is 123456" {
		t.Fatalf("sent %+v, want exactly the first queued message once", sender.sent)
	}
	var text, html string
	pool.QueryRow(ctx, "SELECT text_body, html_body FROM mails WHERE ref = 'r1'").Scan(&text, &html)
	if text != "" || html != "" {
		t.Fatalf("a sensitive mail kept its body after sending: %q %q", text, html)
	}
	var jobs int
	pool.QueryRow(ctx, "SELECT count(DISTINCT dedupe_key) FROM outbox WHERE kind = 'task'").Scan(&jobs)
	if jobs != 1 {
		t.Fatalf("%d distinct send jobs queued, want 1", jobs)
	}
	if err := s.Deliver(ctx, "password_reset", "never-queued"); err == nil {
		t.Fatal("delivering a message that was never queued must say so")
	}
}
