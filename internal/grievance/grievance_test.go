package grievance

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/platform/dbtest"
	"drape/internal/shop"
)

func newService(t *testing.T) (*Service, *pgxpool.Pool) {
	t.Helper()
	pool, _ := dbtest.New(t)
	return NewService(pool, Config{PublicURL: "https://shop.example"}), pool
}

func count(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

var ticketShape = regexp.MustCompile(`^GRV-20[0-9]{2}-[0-9]{6}$`)

// TestFilingGivesATicketAndQueuesOneAcknowledgement: a guest's complaint answers at once with
// a GRV-year-number ticket, due one month later, and one acknowledgement mail to the e-mail
// given (lower-cased), naming the ticket and the due date, with the job that sends it; the status page opens with the ticket and that e-mail, in any case, and
// with no other e-mail.
func TestFilingGivesATicketAndQueuesOneAcknowledgement(t *testing.T) {
	t.Parallel()
	s, pool := newService(t)
	ctx := context.Background()
	c, err := s.File(ctx, Filing{Name: "Asha Verma", Email: " Asha@Example.in ", Subject: "Wrong size delivered",
		Message: "I ordered a 34 waist and got a 36.", OrderRef: "JF1001"})
	if err != nil {
		t.Fatal(err)
	}
	if !ticketShape.MatchString(c.Ticket) || c.Status != Open || c.Email != "asha@example.in" || c.Overdue {
		t.Fatalf("filed %+v", c)
	}
	if d := c.DueAt.Sub(c.CreatedAt); d < 28*24*time.Hour || d > 31*24*time.Hour {
		t.Errorf("due %v after filing, want one month", d)
	}
	var to, subject, text string
	if err := pool.QueryRow(ctx, "SELECT recipient, subject, text_body FROM mails WHERE kind = $1 AND ref = $2", MailKind, c.ID).Scan(&to, &subject, &text); err != nil {
		t.Fatal(err)
	}
	if to != "asha@example.in" || !strings.Contains(subject, c.Ticket) || !strings.Contains(text, c.Ticket) ||
		!strings.Contains(text, "https://shop.example/grievance/status?ticket="+c.Ticket) || !strings.Contains(text, c.DueAt.In(shop.India).Format("2 January 2006")) {
		t.Errorf("acknowledgement to %s %q:\n%s", to, subject, text)
	}
	if n := count(t, pool, "SELECT count(*) FROM outbox WHERE name = 'mail:send' AND dedupe_key = $1", "mail:"+MailKind+":"+c.ID); n != 1 {
		t.Errorf("%d jobs send the acknowledgement, want 1", n)
	}
	got, err := s.Status(ctx, strings.ToLower(c.Ticket), "ASHA@example.in")
	if err != nil || got.ID != c.ID || len(got.History) != 1 || got.History[0].Status != Open {
		t.Errorf("status by ticket: %+v, %v", got, err)
	}
	if _, err := s.Status(ctx, c.Ticket, "someone@example.in"); !shop.Is(err, shop.NotFound) {
		t.Errorf("status with another e-mail: %v, want NotFound", err)
	}
	second, err := s.File(ctx, Filing{Name: "Ravi", Email: "ravi@example.in", Subject: "Late", Message: "Where is it?"})
	if err != nil || second.Ticket == c.Ticket {
		t.Errorf("second ticket %q after %q, %v", second.Ticket, c.Ticket, err)
	}
}

// TestBadFilingFilesNothing: a missing or malformed field answers Invalid naming it, and no
// complaint, mail or job is written.
func TestBadFilingFilesNothing(t *testing.T) {
	t.Parallel()
	s, pool := newService(t)
	ok := Filing{Name: "Asha", Email: "asha@example.in", Subject: "Late", Message: "Where is my parcel?"}
	for name, tc := range map[string]struct {
		edit  func(*Filing)
		field string
	}{
		"no name":        {func(f *Filing) { f.Name = "  " }, "name"},
		"no e-mail":      {func(f *Filing) { f.Email = "" }, "email"},
		"bad e-mail":     {func(f *Filing) { f.Email = "asha@" }, "email"},
		"bad phone":      {func(f *Filing) { f.Phone = "call me" }, "phone"},
		"no subject":     {func(f *Filing) { f.Subject = "" }, "subject"},
		"no message":     {func(f *Filing) { f.Message = "\n" }, "message"},
		"long message":   {func(f *Filing) { f.Message = strings.Repeat("x", 4001) }, "message"},
		"control in it":  {func(f *Filing) { f.Subject = "a\x00b" }, "subject"},
		"long order ref": {func(f *Filing) { f.OrderRef = strings.Repeat("1", 61) }, "orderRef"},
	} {
		f := ok
		tc.edit(&f)
		_, err := s.File(context.Background(), f)
		var e *shop.Error
		if !errors.As(err, &e) || e.Kind != shop.Invalid || e.Fields[tc.field] == "" {
			t.Errorf("%s: %v, want Invalid on %s", name, err, tc.field)
		}
	}
	if n := count(t, pool, "SELECT (SELECT count(*) FROM complaints) + (SELECT count(*) FROM mails) + (SELECT count(*) FROM outbox)"); n != 0 {
		t.Errorf("bad filings wrote %d rows", n)
	}
}

// TestOverdueIsUnresolvedPastOneMonth: a complaint whose month has passed is overdue in the
// queue and on the dashboard card while unresolved, and no longer once resolved.
func TestOverdueIsUnresolvedPastOneMonth(t *testing.T) {
	t.Parallel()
	s, pool := newService(t)
	ctx := context.Background()
	late, err := s.File(ctx, Filing{Name: "Asha", Email: "asha@example.in", Subject: "Refund", Message: "Still waiting."})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.File(ctx, Filing{Name: "Ravi", Email: "ravi@example.in", Subject: "Late", Message: "Where is it?"}); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, "UPDATE complaints SET created_at = now() - interval '32 days', due_at = now() - interval '1 day' WHERE id = $1", late.ID); err != nil {
		t.Fatal(err)
	}
	f, err := s.Figures(ctx)
	if err != nil || f != (Figures{Unresolved: 2, Overdue: 1}) {
		t.Fatalf("figures %+v, %v; want 2 unresolved, 1 overdue", f, err)
	}
	q, err := s.List(ctx, "", shop.Page{Number: 1, Size: 10})
	if err != nil || len(q.Items) != 2 || q.Items[0].ID != late.ID || !q.Items[0].Overdue || q.Items[1].Overdue {
		t.Fatalf("queue %+v, %v; want the late one first and overdue", q, err)
	}
	if _, err := s.MoveTo(ctx, late.ID, Move{Status: Resolved, Note: "Refunded ₹1,999 to your UPI id.", ActorID: ""}); err != nil {
		t.Fatal(err)
	}
	f, err = s.Figures(ctx)
	if err != nil || f != (Figures{Unresolved: 1, Overdue: 0}) {
		t.Errorf("after resolving: %+v, %v", f, err)
	}
	got, _ := s.Get(ctx, late.ID)
	if got.Overdue || got.ResolvedAt == nil {
		t.Errorf("resolved complaint %+v", got)
	}
}

// TestStaffMovesFollowTheFlow: open → in progress → resolved with a note, each step in the
// history the shopper sees; resolving without a note, an unknown status, moving back to open
// and moving a resolved complaint are refused and change nothing.
func TestStaffMovesFollowTheFlow(t *testing.T) {
	t.Parallel()
	s, pool := newService(t)
	ctx := context.Background()
	c, err := s.File(ctx, Filing{Name: "Asha", Email: "asha@example.in", Subject: "Refund", Message: "Still waiting."})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.MoveTo(ctx, c.ID, Move{Status: Resolved}); !shop.Is(err, shop.Invalid) {
		t.Errorf("resolve without a note: %v", err)
	}
	if _, err := s.MoveTo(ctx, c.ID, Move{Status: "done", Note: "x"}); !shop.Is(err, shop.Invalid) {
		t.Errorf("unknown status: %v", err)
	}
	if _, err := s.MoveTo(ctx, c.ID, Move{Status: Open, Note: "x"}); !shop.Is(err, shop.Conflict) {
		t.Errorf("open to open: %v", err)
	}
	if _, err := s.MoveTo(ctx, shop.NewID(), Move{Status: InProgress}); !shop.Is(err, shop.NotFound) {
		t.Errorf("unknown complaint: %v", err)
	}
	if _, err := s.MoveTo(ctx, c.ID, Move{Status: InProgress, Note: "Looking into it"}); err != nil {
		t.Fatal(err)
	}
	done, err := s.MoveTo(ctx, c.ID, Move{Status: Resolved, Note: "Refunded"})
	if err != nil {
		t.Fatal(err)
	}
	if done.Status != Resolved || done.Note != "Refunded" || len(done.History) != 3 || done.History[1].Note != "Looking into it" {
		t.Errorf("after moves: %+v", done)
	}
	if _, err := s.MoveTo(ctx, c.ID, Move{Status: Closed, Note: "again"}); !shop.Is(err, shop.Conflict) {
		t.Errorf("moving a resolved complaint: %v", err)
	}
	if n := count(t, pool, "SELECT count(*) FROM complaint_events WHERE complaint_id = $1", c.ID); n != 3 {
		t.Errorf("%d history steps, want 3", n)
	}
}
