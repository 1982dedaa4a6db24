package privacy_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"drape/internal/account"
	"drape/internal/address"
	"drape/internal/audit"
	"drape/internal/backinstock"
	"drape/internal/company"
	"drape/internal/grievance"
	"drape/internal/invoice"
	"drape/internal/invoice/invoicetest"
	"drape/internal/mailqueue"
	"drape/internal/ndr"
	"drape/internal/notify"
	"drape/internal/order"
	"drape/internal/order/ordertest"
	"drape/internal/privacy"
	"drape/internal/returns"
	"drape/internal/review"
	"drape/internal/sale"
	"drape/internal/shop"
	"drape/internal/wishlist"
)

// google plays Google's token check: the token is the subject, its e-mail verified.
type google map[string]string

func (g google) Verify(_ context.Context, token string) (account.GoogleIdentity, error) {
	return account.GoogleIdentity{Subject: token, Email: g[token], EmailVerified: true, GivenName: "Google"}, nil
}

// person is a shopper's strings: each must be gone after their erasure.
type person struct {
	first, last, email, phone, line1, line2, landmark string
}

func (p person) values() []string {
	return []string{p.first, p.last, p.email, p.phone, p.line1, p.line2, p.landmark}
}

type world struct {
	ordertest.Shop
	privacy   *privacy.Service
	accounts  *account.Service
	reviews   *review.Service
	wishes    *wishlist.Service
	restock   *backinstock.Service
	audit     *audit.Service
	sales     *sale.Service
	grievance *grievance.Service
}

func newWorld(t *testing.T, g google) world {
	t.Helper()
	s := ordertest.New(t)
	firm, err := s.Company.Get(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Company.Save(context.Background(), firm, &company.Tax{Registered: true, GSTIN: "08AAACJ4321K1ZO",
		LegalName: "Jaipur Formals Private Limited", InvoicePrefix: "JF"}); err != nil {
		t.Fatal(err)
	}
	w := world{Shop: s,
		accounts: account.NewService(s.Pool, account.Config{Secret: []byte(strings.Repeat("k", 32)), Google: g, PasswordCost: account.TestPasswordCost}),
		reviews:  review.NewService(s.Pool), wishes: wishlist.NewService(s.Pool),
		restock: backinstock.NewService(s.Pool, s.Catalog, backinstock.Config{PublicURL: "http://shop.test"}),
		audit:   audit.NewService(s.Pool), sales: sale.NewService(s.Pool), grievance: grievance.NewService(s.Pool, grievance.Config{PublicURL: "http://shop.test"})}
	w.sales.NameCategoriesFrom(s.Catalog)
	w.privacy = privacy.NewService(s.Pool, privacy.Domains{Accounts: w.accounts, Addresses: s.Addresses, Carts: s.Carts,
		Wishlists: w.wishes, Orders: s.Orders, Returns: returns.NewService(s.Pool, returns.Config{PublicURL: "http://shop.test"}, s.Orders, s.Catalog),
		Reviews: w.reviews, Restock: w.restock, Messages: notify.NewService(s.Pool, nil, nil), Mails: mailqueue.NewService(s.Pool, nil),
		NDR:   ndr.NewService(s.Pool, ndr.Config{PublicURL: "http://shop.test", Secret: []byte(strings.Repeat("k", 32))}, s.Orders, nil),
		Audit: w.audit, Sales: w.sales, Complaints: w.grievance}, privacy.Config{PublicURL: "http://shop.test"})
	return w
}

// shopper signs p up with a password, saves their address, buys a shirt of size that is
// handed over (invoiced) and delivered, and reviews it.
func (w world) shopper(t *testing.T, p person, size string) (userID string, delivered order.Order) {
	t.Helper()
	ctx := context.Background()
	sess, err := w.accounts.Register(ctx, account.Registration{FirstName: p.first, LastName: p.last, Email: p.email, Password: "a long enough secret 26"})
	if err != nil {
		t.Fatal(err)
	}
	userID = sess.User.ID
	if _, err := w.accounts.UpdateProfile(ctx, userID, account.ProfileChange{FirstName: p.first, LastName: p.last, Phone: p.phone}); err != nil {
		t.Fatal(err)
	}
	a, err := w.Addresses.Add(ctx, userID, address.Input{FirstName: p.first, LastName: p.last, Address1: p.line1, Address2: p.line2,
		Landmark: p.landmark, City: "Jaipur", State: "Rajasthan", Pincode: "302002", Email: p.email, Type: "home", Phone: p.phone, IsDefault: true})
	if err != nil {
		t.Fatal(err)
	}
	w.Add(t, userID, size, 1)
	delivered = w.Place(t, userID, a.ID, order.COD)
	for _, to := range []order.Status{order.Shipped, order.Delivered} {
		if _, err := w.Orders.Move(ctx, delivered.ID, to, "staff:1", "", order.RequestRefunds); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := w.reviews.Write(ctx, userID, review.Draft{ProductID: w.Shirt.ID, Rating: 5, Title: "Review by " + p.first,
		Text: "Crisp collar, written by " + p.first + " " + p.last}); err != nil {
		t.Fatal(err)
	}
	if err := w.wishes.Add(ctx, userID, w.Shirt.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := w.privacy.Choose(ctx, userID, privacy.Choice{Channels: map[privacy.Channel]bool{privacy.Email: true, privacy.WhatsApp: true},
		Version: privacy.WordingVersion, Source: privacy.SourceSignup}); err != nil {
		t.Fatal(err)
	}
	return userID, delivered
}

var (
	ishaan = person{first: "Ishaan", last: "Kapoorvarma", email: "ishaan.kv@example.in", phone: "9812345670",
		line1: "42 Hawa Mahal Lane", line2: "Badi Chaupar Quarter", landmark: "Tripolia Gatehouse"}
	tara = person{first: "Tarangini", last: "Bhattacharjee", email: "tara.b@example.in", phone: "9900112233",
		line1: "7 Lake Palace Road", line2: "Fateh Sagar Enclave", landmark: "Moti Magri Steps"}
)

// TestExportHoldsEverythingOfTheShopperAndNothingElse: the download has the shopper's profile,
// address, order with its invoice, review, wishlist, back-in-stock request, consents and the
// download itself in the log, and no string of another shopper who has all the same.
func TestExportHoldsEverythingOfTheShopperAndNothingElse(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t, google{})
	me, mine := w.shopper(t, ishaan, "M")
	_, theirs := w.shopper(t, tara, "S")
	// The last two XL go to a third party, so XL is sold out and can be asked for.
	other, home := w.Shopper(t, "third@example.in")
	w.Add(t, other, "XL", 3)
	w.Place(t, other, home, order.COD)
	if _, err := w.restock.Ask(ctx, backinstock.Request{ProductID: w.Shirt.ID, Size: "XL", Email: ishaan.email, UserID: me}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.restock.Ask(ctx, backinstock.Request{ProductID: w.Shirt.ID, Size: "XL", Email: tara.email}); err != nil {
		t.Fatal(err)
	}

	got, err := w.privacy.Export(ctx, me)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(got)
	text := string(body)
	if got.Profile.Email != ishaan.email || got.Profile.Phone != ishaan.phone || len(got.Addresses) != 1 || got.Addresses[0].Address1 != ishaan.line1 {
		t.Fatalf("profile and address: %+v %+v", got.Profile, got.Addresses)
	}
	if len(got.Orders) != 1 || got.Orders[0].Number != mine.Number || got.Orders[0].Invoice.Invoice == nil {
		t.Fatalf("orders: %+v", got.Orders)
	}
	if len(got.Reviews) != 1 || !strings.Contains(got.Reviews[0].Title, ishaan.first) || len(got.Wishlist) != 1 || len(got.RestockAlerts) != 1 ||
		got.RestockAlerts[0].Size != "XL" {
		t.Fatalf("reviews %+v wishlist %v back-in-stock %+v", got.Reviews, got.Wishlist, got.RestockAlerts)
	}
	if len(got.Marketing) != 2 || got.Marketing[0].Wording == "" || got.Marketing[0].WordingVersion != privacy.WordingVersion {
		t.Fatalf("consents: %+v", got.Marketing)
	}
	if len(got.Requests) != 1 || got.Requests[0].Kind != privacy.KindExport || got.Requests[0].Status != privacy.StatusCompleted {
		t.Fatalf("the download is not logged: %+v", got.Requests)
	}
	for _, v := range append(tara.values(), theirs.Number, theirs.ID, "third@example.in") {
		if strings.Contains(text, v) {
			t.Errorf("the download holds another shopper's %q", v)
		}
	}
	for _, v := range append(ishaan.values(), mine.Number) {
		if !strings.Contains(text, v) {
			t.Errorf("the download lacks %q", v)
		}
	}
}

// textColumns are every text-like column of the database's tables.
func textColumns(t *testing.T, db *pgx.Conn) [][2]string {
	t.Helper()
	rows, err := db.Query(context.Background(), `SELECT table_name, column_name FROM information_schema.columns
		WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY')
		ORDER BY table_name, column_name`)
	if err != nil {
		t.Fatal(err)
	}
	cols, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) ([2]string, error) {
		var c [2]string
		return c, r.Scan(&c[0], &c[1])
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(cols) < 100 {
		t.Fatalf("only %d text columns: the scan would prove little", len(cols))
	}
	return cols
}

// TestErasureLeavesNothingOfTheShopper: after a shopper's erasure, no text column of any table
// holds their name, e-mail, phone or address lines (another shopper's stay whole); their
// invoice still renders with every Rule 46 field, the recipient reduced to 'Unregistered
// customer' at the place of supply; neither their password nor their Google account signs
// into the erased account; and the request is logged as completed, once.
func TestErasureLeavesNothingOfTheShopper(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	g := google{"google-sub-ishaan": ishaan.email}
	w := newWorld(t, g)
	me, mine := w.shopper(t, ishaan, "M")
	w.shopper(t, tara, "S")
	if _, err := w.accounts.GoogleLogin(ctx, "google-sub-ishaan"); err != nil { // links Google to the account
		t.Fatal(err)
	}
	w.Add(t, me, "S", 1) // a cart left behind
	// A complaint filed as a guest, naming the shopper in its words.
	if _, err := w.grievance.File(ctx, grievance.Filing{Name: ishaan.first + " " + ishaan.last, Email: ishaan.email, Phone: ishaan.phone,
		Subject: "Parcel left at the wrong gate", Message: "Please call " + ishaan.phone + " or come to " + ishaan.landmark + "."}); err != nil {
		t.Fatal(err)
	}
	if err := w.audit.Record(ctx, audit.Change{ActorID: shop.NewID(), ActorRole: "staff", Action: "POST /api/admin/users/:id/active",
		EntityType: "user", EntityID: me, After: map[string]any{"email": ishaan.email, "firstName": ishaan.first, "phone": ishaan.phone}}); err != nil {
		t.Fatal(err)
	}
	// The relay delivered every event so far (it prunes them later).
	if _, err := w.Pool.Exec(ctx, `UPDATE outbox SET delivered_at = now() WHERE delivered_at IS NULL`); err != nil {
		t.Fatal(err)
	}
	conn, err := w.Pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	cols := textColumns(t, conn.Conn())
	holders := func(value string) []string {
		var out []string
		for _, c := range cols {
			var n int
			q := fmt.Sprintf(`SELECT count(*) FROM %s WHERE strpos(lower(%s::text), lower($1)) > 0`, pgx.Identifier{c[0]}.Sanitize(), pgx.Identifier{c[1]}.Sanitize())
			if err := conn.QueryRow(ctx, q, value).Scan(&n); err != nil {
				t.Fatalf("%s.%s: %v", c[0], c[1], err)
			}
			if n > 0 {
				out = append(out, c[0]+"."+c[1])
			}
		}
		return out
	}
	for _, v := range ishaan.values() {
		if len(holders(v)) == 0 {
			t.Fatalf("%q is nowhere before the erasure: the scan proves nothing", v)
		}
	}

	asked, err := w.privacy.AskErasure(ctx, me)
	if err != nil || asked.Status != privacy.StatusReceived {
		t.Fatalf("ask: %+v %v", asked, err)
	}
	if again, err := w.privacy.AskErasure(ctx, me); err != nil || again.ID != asked.ID {
		t.Fatalf("asked twice: %+v %v, want the waiting request %s", again, err, asked.ID)
	}
	var jobs int
	if err := w.Pool.QueryRow(ctx, `SELECT count(*) FROM outbox WHERE name = 'privacy:erase' AND payload->>'requestId' = $1`, asked.ID).Scan(&jobs); err != nil || jobs != 1 {
		t.Fatalf("%d erase jobs queued (%v), want 1", jobs, err)
	}
	if err := w.privacy.Erase(ctx, asked.ID); err != nil {
		t.Fatal(err)
	}
	if err := w.privacy.Erase(ctx, asked.ID); err != nil { // the job run twice
		t.Fatal(err)
	}

	for _, v := range ishaan.values() {
		if where := holders(v); len(where) > 0 {
			t.Errorf("%q is still in %v", v, where)
		}
	}
	for _, v := range []string{tara.email, "Tarangini", "7 Lake Palace Road"} {
		if len(holders(v)) == 0 {
			t.Errorf("another shopper's %q was erased too", v)
		}
	}

	doc, err := w.Orders.InvoicePDF(ctx, me, mine.Number)
	if err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(invoicetest.Text(t, doc.PDF)), " ")
	for _, want := range []string{"TAX INVOICE", "Jaipur Formals Private Limited", "GSTIN 08AAACJ4321K1ZO", "Invoice number " + doc.Number,
		invoice.ErasedRecipient, "Place of supply Rajasthan (08)", "Tax payable on reverse charge No", "Oxford Shirt (M)", "6205",
		"Invoice total ₹1,799.00", "Authorised signatory"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the erased shopper's invoice lacks %q: %s", want, flat)
		}
	}

	if _, err := w.accounts.Login(ctx, ishaan.email, "a long enough secret 26"); !shop.Is(err, shop.Invalid) {
		t.Errorf("password sign-in after erasure: %v, want Invalid", err)
	}
	again, err := w.accounts.GoogleLogin(ctx, "google-sub-ishaan")
	if err != nil {
		t.Fatal(err)
	}
	if again.User.ID == me {
		t.Fatal("Google signed into the erased account")
	}
	if list, err := w.Orders.List(ctx, again.User.ID, order.Filter{}, shop.Page{Number: 1, Size: 10}); err != nil || list.Total != 0 {
		t.Fatalf("the new Google account sees %d orders (%v)", list.Total, err)
	}
	log, err := w.privacy.Requests(ctx, me)
	if err != nil || len(log) != 1 || log[0].Status != privacy.StatusCompleted || log[0].CompletedAt == nil {
		t.Fatalf("request log: %+v %v", log, err)
	}
}

// TestErasureWaitsForOrdersOnTheirWay: an order not yet delivered refuses the erasure with a
// clear 409 and logs nothing.
func TestErasureWaitsForOrdersOnTheirWay(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t, google{})
	me, home := w.Shopper(t, "waiting@example.in")
	w.Add(t, me, "M", 1)
	w.Place(t, me, home, order.COD)
	if _, err := w.privacy.AskErasure(ctx, me); !shop.Is(err, shop.Conflict) || !strings.Contains(err.Error(), "orders on their way") {
		t.Fatalf("erasure with an order on its way: %v, want Conflict", err)
	}
	if log, err := w.privacy.Requests(ctx, me); err != nil || len(log) != 0 {
		t.Fatalf("logged %+v (%v)", log, err)
	}
}

// TestConsentIsPerChannelWithItsWording: nothing is consented until ticked; each change is a
// row with its wording; a withdrawal is in force at once and logged; a stale wording version
// is refused and changes nothing.
func TestConsentIsPerChannelWithItsWording(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t, google{})
	me, _ := w.Shopper(t, "consent@example.in")
	m, err := w.privacy.Marketing(ctx, me)
	if err != nil || m.Channels[privacy.Email] || m.Channels[privacy.WhatsApp] || m.Channels[privacy.SMS] || len(m.Wordings) != 3 {
		t.Fatalf("before any choice: %+v %v", m, err)
	}
	if _, err := w.privacy.Choose(ctx, me, privacy.Choice{Channels: map[privacy.Channel]bool{privacy.SMS: true}, Version: "2020-01-01",
		Source: privacy.SourceAccount}); !shop.Is(err, shop.Invalid) {
		t.Fatalf("stale wording: %v", err)
	}
	m, err = w.privacy.Choose(ctx, me, privacy.Choice{Channels: map[privacy.Channel]bool{privacy.SMS: true, privacy.Email: true},
		Version: privacy.WordingVersion, Source: privacy.SourceAccount})
	if err != nil || !m.Channels[privacy.SMS] || !m.Channels[privacy.Email] || m.Channels[privacy.WhatsApp] || len(m.History) != 2 {
		t.Fatalf("after opting in: %+v %v", m, err)
	}
	if !strings.Contains(m.History[0].Wording, "drape") || m.History[0].Source != privacy.SourceAccount {
		t.Fatalf("the wording recorded: %+v", m.History[0])
	}
	if ids, err := w.privacy.Consenting(ctx, privacy.Email, "", 10); err != nil || len(ids) != 1 || ids[0] != me {
		t.Fatalf("consenting to mail: %v %v", ids, err)
	}
	m, err = w.privacy.Choose(ctx, me, privacy.Choice{Channels: map[privacy.Channel]bool{privacy.Email: false, privacy.SMS: true},
		Version: privacy.WordingVersion, Source: privacy.SourceAccount})
	if err != nil || m.Channels[privacy.Email] || !m.Channels[privacy.SMS] || len(m.History) != 3 {
		t.Fatalf("after withdrawing mail: %+v %v", m, err)
	}
	if ids, err := w.privacy.Consenting(ctx, privacy.Email, "", 10); err != nil || len(ids) != 0 {
		t.Fatalf("still consenting to mail after withdrawing: %v %v", ids, err)
	}
	log, err := w.privacy.Requests(ctx, me)
	if err != nil || len(log) != 1 || log[0].Kind != privacy.KindWithdraw || !strings.Contains(log[0].Detail, "email") {
		t.Fatalf("the withdrawal's log: %+v %v", log, err)
	}
}

// TestSaleAnnouncedOnlyToOptedInShoppersOnce: switching a sale on queues its announcement job;
// the job mails the shoppers who opted in to mail and WhatsApps those who opted in to WhatsApp
// (whatever their order updates choice), nobody who withdrew or never opted in, and nobody twice
// however often it runs or the sale is switched; a withdrawal stops the next sale's messages.
func TestSaleAnnouncedOnlyToOptedInShoppersOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t, google{})
	choose := func(userID string, channels map[privacy.Channel]bool) {
		t.Helper()
		if _, err := w.privacy.Choose(ctx, userID, privacy.Choice{Channels: channels, Version: privacy.WordingVersion, Source: privacy.SourceAccount}); err != nil {
			t.Fatal(err)
		}
	}
	optedIn, _ := w.Shopper(t, "opted-in@example.in")
	if _, err := w.accounts.UpdateProfile(ctx, optedIn, account.ProfileChange{FirstName: "Aarav", Phone: "9876501234"}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Pool.Exec(ctx, `INSERT INTO message_preferences (user_id, channel) VALUES ($1, 'none')`, optedIn); err != nil {
		t.Fatal(err) // no order updates by message: marketing consent is its own
	}
	choose(optedIn, map[privacy.Channel]bool{privacy.Email: true, privacy.WhatsApp: true})
	withdrew, _ := w.Shopper(t, "withdrew@example.in")
	choose(withdrew, map[privacy.Channel]bool{privacy.Email: true})
	choose(withdrew, map[privacy.Channel]bool{privacy.Email: false})
	w.Shopper(t, "never@example.in")

	jobsFor := func(saleID string) int {
		var n int
		if err := w.Pool.QueryRow(ctx, `SELECT count(*) FROM outbox WHERE name = 'marketing:announce_sale' AND payload->>'saleId' = $1`, saleID).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	sent := func() (mails, messages []string) {
		t.Helper()
		rows, err := w.Pool.Query(ctx, `SELECT recipient FROM mails WHERE kind = 'sale_offer' ORDER BY recipient`)
		if err != nil {
			t.Fatal(err)
		}
		mails, _ = pgx.CollectRows(rows, pgx.RowTo[string])
		rows, err = w.Pool.Query(ctx, `SELECT phone || ' ' || wanted_channel FROM messages WHERE kind = 'sale_offer' ORDER BY 1`)
		if err != nil {
			t.Fatal(err)
		}
		messages, _ = pgx.CollectRows(rows, pgx.RowTo[string])
		return mails, messages
	}

	winter, err := w.sales.Create(ctx, sale.NewSale{Name: "Winter Tailoring", Discount: 25, Gender: "All"})
	if err != nil {
		t.Fatal(err)
	}
	if n := jobsFor(winter.ID); n != 0 {
		t.Fatalf("a sale created off queued %d announcements", n)
	}
	if _, err := w.sales.Switch(ctx, winter.ID, true); err != nil {
		t.Fatal(err)
	}
	if n := jobsFor(winter.ID); n != 1 {
		t.Fatalf("switching the sale on queued %d announcements, want 1", n)
	}
	if n, err := w.privacy.AnnounceSale(ctx, winter.ID); err != nil || n != 2 {
		t.Fatalf("announced %d messages (%v), want the mail and the WhatsApp of the one shopper who opted in", n, err)
	}
	mails, messages := sent()
	if strings.Join(mails, ",") != "opted-in@example.in" || strings.Join(messages, ",") != "919876501234 whatsapp" {
		t.Fatalf("mails %v messages %v", mails, messages)
	}
	for _, on := range []bool{false, true} {
		if _, err := w.sales.Switch(ctx, winter.ID, on); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := w.privacy.AnnounceSale(ctx, winter.ID); err != nil || n != 0 {
		t.Fatalf("the same sale announced again: %d (%v)", n, err)
	}

	choose(optedIn, map[privacy.Channel]bool{privacy.Email: false})
	summer, err := w.sales.Create(ctx, sale.NewSale{Name: "Summer Linen", Discount: 15, Gender: "All", Active: true})
	if err != nil {
		t.Fatal(err)
	}
	if n, err := w.privacy.AnnounceSale(ctx, summer.ID); err != nil || n != 1 {
		t.Fatalf("after withdrawing mail: %d messages (%v), want the WhatsApp only", n, err)
	}
	if mails, _ := sent(); len(mails) != 1 {
		t.Fatalf("a mail went after the consent was withdrawn: %v", mails)
	}
}
