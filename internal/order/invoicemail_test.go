package order_test

import (
	"context"
	"testing"
	"time"

	"drape/internal/invoice"
	"drape/internal/order"
)

// TestInvoiceMailQueuedWithTheHandOver: the invoice mail is queued in the hand-over's
// transaction: when the hand-over fails after the invoice was issued (here the shipped mail
// cannot be written), it rolls back with no invoice, no invoice mail and no job to send one;
// the hand-over that succeeds queues exactly one, to the delivery address's e-mail, with its
// job, under the first serial of the series.
func TestInvoiceMailQueuedWithTheHandOver(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	registerGST(t, s)
	user, home := s.Shopper(t, "meera@example.in")
	s.Add(t, user, "M", 1)
	placed := s.Place(t, user, home, order.COD)
	if _, err := s.Pool.Exec(ctx, `
		CREATE FUNCTION refuse_shipped_mail() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN RAISE EXCEPTION 'the mail server''s table is full'; END $$;
		CREATE TRIGGER refuse_shipped_mail BEFORE INSERT ON mails FOR EACH ROW
		WHEN (NEW.kind = 'order_shipped') EXECUTE FUNCTION refuse_shipped_mail();`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Orders.Move(ctx, placed.ID, order.Shipped, "staff:1", "", order.RequestRefunds); err == nil {
		t.Fatal("the hand-over succeeded though its shipped mail could not be written")
	}
	queued := func() (mails, jobs, invoices int) {
		t.Helper()
		if err := s.Pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM mails WHERE kind = $1 AND ref = $2),
			(SELECT count(*) FROM outbox WHERE payload::text LIKE '%' || $1 || '%'), (SELECT count(*) FROM invoices)`,
			invoice.MailKind, placed.ID).Scan(&mails, &jobs, &invoices); err != nil {
			t.Fatal(err)
		}
		return mails, jobs, invoices
	}
	if mails, jobs, invoices := queued(); mails != 0 || jobs != 0 || invoices != 0 {
		t.Fatalf("after the failed hand-over: %d invoice mails, %d jobs, %d invoices; want none", mails, jobs, invoices)
	}

	if _, err := s.Pool.Exec(ctx, `DROP TRIGGER refuse_shipped_mail ON mails`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Orders.Move(ctx, placed.ID, order.Shipped, "staff:1", "", order.RequestRefunds); err != nil {
		t.Fatal(err)
	}
	if mails, jobs, invoices := queued(); mails != 1 || jobs != 1 || invoices != 1 {
		t.Fatalf("after the hand-over: %d invoice mails, %d jobs, %d invoices; want one each", mails, jobs, invoices)
	}
	var to, subject string
	if err := s.Pool.QueryRow(ctx, `SELECT recipient, subject FROM mails WHERE kind = $1`, invoice.MailKind).Scan(&to, &subject); err != nil {
		t.Fatal(err)
	}
	number := "JF/" + invoice.FinancialYear(time.Now()) + "/000001"
	if to != "meera@example.in" || subject != "Your drape tax invoice "+number+" for order "+placed.Number {
		t.Fatalf("the invoice mail goes to %q as %q", to, subject)
	}
}
