package privacy_test

import (
	"context"
	"testing"
	"time"

	"drape/internal/privacy"
)

// TestInactiveShoppersAreWarnedThenErased: with a 30-day retention period, a shopper last seen
// 29 days ago is mailed a warning once; 48 hours after it, still not signed in, their erasure
// is asked and done as on their own request (the password signs in no more). A shopper who
// signs in after the warning is kept, and warned again only after a new spell of inactivity.
func TestInactiveShoppersAreWarnedThenErased(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t, google{})
	const period = 30 * 24 * time.Hour
	gone, _ := w.shopper(t, ishaan, "M")
	back, _ := w.shopper(t, tara, "S")
	sweep := func(wantWarned, wantErased int) {
		t.Helper()
		warned, erased, err := w.privacy.SweepRetention(ctx, period, 100)
		if err != nil || warned != wantWarned || erased != wantErased {
			t.Fatalf("sweep: %d warned, %d erasures asked, %v; want %d and %d", warned, erased, err, wantWarned, wantErased)
		}
	}
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := w.Pool.Exec(ctx, sql, args...); err != nil {
			t.Fatal(err)
		}
	}
	mails := func(to string) int {
		t.Helper()
		var n int
		if err := w.Pool.QueryRow(ctx, `SELECT count(*) FROM mails WHERE kind = $1 AND recipient = $2`, privacy.RetentionMailKind, to).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	sweep(0, 0) // both just registered
	exec(`UPDATE users SET created_at = now() - interval '29 days' WHERE id = ANY($1)`, []string{gone, back})
	sweep(2, 0)
	sweep(0, 0) // warned once
	if mails(ishaan.email) != 1 || mails(tara.email) != 1 {
		t.Fatalf("warning mails: %d and %d, want one each", mails(ishaan.email), mails(tara.email))
	}

	// Tara signs in after the warning; the warning's 48 hours and the period then pass.
	if _, err := w.accounts.Login(ctx, tara.email, "a long enough secret 26"); err != nil {
		t.Fatal(err)
	}
	exec(`UPDATE retention_warnings SET warned_at = now() - interval '49 hours'`)
	exec(`UPDATE users SET created_at = now() - interval '31 days' WHERE id = $1`, gone)
	// The same spell of inactivity the warning was about, as if it had been 31 days all along.
	exec(`UPDATE retention_warnings r SET active_at = u.created_at FROM users u WHERE u.id = r.user_id AND r.user_id = $1`, gone)
	sweep(0, 1)
	sweep(0, 0) // asked once
	var requestID, detail string
	if err := w.Pool.QueryRow(ctx, `SELECT id, detail FROM privacy_requests WHERE user_id = $1 AND kind = 'erase'`, gone).Scan(&requestID, &detail); err != nil {
		t.Fatal(err)
	}
	if err := w.privacy.Erase(ctx, requestID); err != nil {
		t.Fatal(err)
	}
	if _, err := w.accounts.Login(ctx, ishaan.email, "a long enough secret 26"); err == nil {
		t.Fatal("the erased account still signs in")
	}
	var backErasures int
	if err := w.Pool.QueryRow(ctx, `SELECT count(*) FROM privacy_requests WHERE user_id = $1 AND kind = 'erase'`, back).Scan(&backErasures); err != nil || backErasures != 0 {
		t.Fatalf("the shopper who came back: %d erasures asked, %v", backErasures, err)
	}

	// A new spell of inactivity for Tara is warned anew.
	exec(`UPDATE user_activity SET active_at = now() - interval '29 days' WHERE user_id = $1`, back)
	sweep(1, 0)
	if mails(tara.email) != 2 {
		t.Fatalf("warning mails to the returning shopper: %d, want 2", mails(tara.email))
	}
}

// TestOldMessageLogsAreForgotten: the log of sent mails and messages keeps nobody's address past
// its retention: older sent ones go, recent and unsent ones stay.
func TestOldMessageLogsAreForgotten(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t, google{})
	w.shopper(t, ishaan, "M") // mails: the order's, and more
	count := func(sql string) int {
		t.Helper()
		var n int
		if err := w.Pool.QueryRow(ctx, sql).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	all := count(`SELECT count(*) FROM mails`)
	if all < 2 {
		t.Fatalf("%d mails to start from", all)
	}
	if _, err := w.Pool.Exec(ctx, `UPDATE mails SET sent_at = now() - interval '200 days' WHERE id = (SELECT min(id) FROM mails)`); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Pool.Exec(ctx, `UPDATE mails SET sent_at = now() - interval '2 days' WHERE id = (SELECT max(id) FROM mails)`); err != nil {
		t.Fatal(err)
	}
	if n, err := w.privacy.ForgetOldLogs(ctx, 0); err != nil || n != 0 {
		t.Fatalf("no retention: %d forgotten, %v", n, err)
	}
	if n, err := w.privacy.ForgetOldLogs(ctx, 180*24*time.Hour); err != nil || n != 1 {
		t.Fatalf("180 days: %d forgotten, %v; want the one sent 200 days ago", n, err)
	}
	if left := count(`SELECT count(*) FROM mails`); left != all-1 {
		t.Fatalf("%d mails left of %d", left, all)
	}
}
