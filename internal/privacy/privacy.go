// Package privacy is what a shopper may ask of the shop about their data (issue 23, DPDP Act
// 2023): separate marketing consent per channel, recorded with its time and wording; a
// download of everything kept of them; an erasure; and the log of those requests, which staff
// see.
//
// It guarantees: no channel counts as consented until the shopper ticked it, and a consent or
// withdrawal is a row that names the wording shown and its version; a withdrawal stops
// marketing on that channel from the moment it commits (senders read the choice in force when
// they send); the download holds every row of the shopper's and nothing of anyone else's; an
// erasure asks each domain, through its own service and in one transaction, to remove or
// anonymise what it keeps of the shopper, keeping orders and invoices as the tax law requires
// (README: "Privacy and shoppers' data"), and the account can never sign in again; each
// request is logged, and an erasure is completed by the worker's job, once.
package privacy

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/account"
	"drape/internal/address"
	"drape/internal/audit"
	"drape/internal/backinstock"
	"drape/internal/cart"
	"drape/internal/grievance"
	"drape/internal/mailqueue"
	"drape/internal/ndr"
	"drape/internal/notify"
	"drape/internal/order"
	"drape/internal/outbox"
	"drape/internal/platform/postgres"
	"drape/internal/privacy/privacydb"
	"drape/internal/returns"
	"drape/internal/review"
	"drape/internal/sale"
	"drape/internal/shop"
	"drape/internal/wishlist"
	"drape/jobs"
)

// WordingVersion is the version of the consent wordings below; a change of their text takes a
// new version, so every consent recorded names the words its shopper saw.
const WordingVersion = "2026-11-26"

// wordings are the tick boxes' words, per channel (WhatsApp asks that an opt-in names the
// business and says what the messages are).
var wordings = []Wording{
	{Channel: Email, Version: WordingVersion, Text: "E-mail me drape's sale news and offers. I can turn this off at any time in my account."},
	{Channel: WhatsApp, Version: WordingVersion, Text: "Send me drape's sale news and offers on WhatsApp at my phone number. I can turn this off at any time in my account."},
	{Channel: SMS, Version: WordingVersion, Text: "Text me drape's sale news and offers by SMS at my phone number. I can turn this off at any time in my account."},
}

// Wordings are the consent wordings in force, one per channel in the order of Channels.
func Wordings() []Wording { return append([]Wording(nil), wordings...) }

func wordingOf(c Channel) (Wording, bool) {
	for _, w := range wordings {
		if w.Channel == c {
			return w, true
		}
	}
	return Wording{}, false
}

// Domains are the services that keep a shopper's data: the download reads them and the
// erasure asks each to erase what it keeps, in the erasure's transaction.
type Domains struct {
	Accounts   *account.Service
	Addresses  *address.Service
	Carts      *cart.Service
	Wishlists  *wishlist.Service
	Orders     *order.Service
	Returns    *returns.Service
	Reviews    *review.Service
	Restock    *backinstock.Service
	Messages   *notify.Service
	Mails      *mailqueue.Service
	NDR        *ndr.Service
	Audit      *audit.Service
	Sales      *sale.Service      // the sales announced to shoppers who opted in (nil: none are)
	Complaints *grievance.Service // the complaints the shopper filed
}

// Config is what the service needs to know about the shop.
type Config struct {
	PublicURL string // the shop's address, for the links in marketing messages
}

// Service is the privacy use cases.
type Service struct {
	pool  *pgxpool.Pool
	store store
	d     Domains
	cfg   Config
	now   func() time.Time
}

// NewService makes the privacy service over the domains that keep shoppers' data.
func NewService(pool *pgxpool.Pool, d Domains, cfg Config) *Service {
	return &Service{pool: pool, store: store{q: privacydb.New(postgres.Translating(pool))}, d: d, cfg: cfg, now: time.Now}
}

// Marketing is userID's marketing choices, the wordings to show and every choice made.
// Errors: those of the database.
func (s *Service) Marketing(ctx context.Context, userID string) (Marketing, error) {
	history, err := s.store.consents(ctx, s.store.q, userID)
	if err != nil {
		return Marketing{}, err
	}
	return Marketing{Channels: inForce(history), Wordings: Wordings(), History: history}, nil
}

// inForce is the choice in force per channel: the newest of each, off when never chosen.
func inForce(history []Consent) map[Channel]bool {
	out := map[Channel]bool{}
	for _, c := range Channels {
		out[c] = false
	}
	seen := map[Channel]bool{}
	for _, c := range history {
		if !seen[c.Channel] {
			seen[c.Channel], out[c.Channel] = true, c.Granted
		}
	}
	return out
}

// Choose records userID's choice for the channels it names, each with the wording of
// c.Version; a channel whose choice does not change records nothing (at sign-up, only the
// channels ticked are recorded). A withdrawal is also logged as a completed request. It
// answers the choices now in force. Errors: Invalid (fields channels, version) for an unknown
// channel, a source other than signup or account, or a wording version that is not the one
// in force (the page was older than the words: reload).
func (s *Service) Choose(ctx context.Context, userID string, c Choice) (Marketing, error) {
	if err := Check(c); err != nil {
		return Marketing{}, err
	}
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		history, err := s.store.consents(ctx, q, userID)
		if err != nil {
			return err
		}
		now := inForce(history)
		var withdrawn []string
		for _, ch := range Channels {
			granted, named := c.Channels[ch]
			if !named || granted == now[ch] {
				continue
			}
			w, _ := wordingOf(ch)
			if err := q.InsertConsent(ctx, privacydb.InsertConsentParams{ID: shop.NewID(), UserID: userID, Channel: string(ch),
				Granted: granted, Source: c.Source, WordingVersion: w.Version, Wording: w.Text}); err != nil {
				return err
			}
			if !granted {
				withdrawn = append(withdrawn, string(ch))
			}
		}
		if len(withdrawn) == 0 {
			return nil
		}
		return s.store.logDone(ctx, q, userID, KindWithdraw, "Marketing withdrawn: "+strings.Join(withdrawn, ", "))
	})
	if err != nil {
		return Marketing{}, err
	}
	return s.Marketing(ctx, userID)
}

// Check is Choose's checks of c alone, for a form that makes the account first (sign-up).
// Errors: Invalid, as Choose.
func Check(c Choice) error {
	p := shop.Problems{}
	for ch := range c.Channels {
		if _, ok := wordingOf(ch); !ok {
			p.Add("channels", fmt.Sprintf("%q is not a marketing channel: use email, whatsapp or sms", ch))
		}
	}
	p.Check(c.Version != WordingVersion, "version", "The wording of these choices has changed: reload the page and choose again")
	p.Check(c.Source != SourceSignup && c.Source != SourceAccount, "source", "source must be signup or account")
	return p.Err()
}

// Consenting is up to limit shoppers (ids, after the id after) whose choice in force for
// channel is a consent, for a marketing send. Errors: those of the database.
func (s *Service) Consenting(ctx context.Context, channel Channel, after string, limit int) ([]string, error) {
	return s.store.q.ConsentingUsers(ctx, privacydb.ConsentingUsersParams{Channel: string(channel), After: after, MaxUsers: int32(limit)})
}

// Requests is userID's request log, newest first. Errors: those of the database.
func (s *Service) Requests(ctx context.Context, userID string) ([]Request, error) {
	rows, err := s.store.q.RequestsOfUser(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make([]Request, len(rows))
	for i, r := range rows {
		out[i] = toRequest(r)
	}
	return out, nil
}

// StaffList is one page of every shopper's requests, newest first, for the back office; kind
// "" lists every kind. Errors: Invalid for another kind.
func (s *Service) StaffList(ctx context.Context, kind string, page shop.Page) (StaffRequests, error) {
	if kind != "" && kind != KindExport && kind != KindErase && kind != KindWithdraw {
		return StaffRequests{}, &shop.Error{Kind: shop.Invalid, Message: "kind must be export, erase or withdraw",
			Fields: map[string]string{"kind": "kind must be export, erase or withdraw"}}
	}
	rows, err := s.store.q.ListRequests(ctx, privacydb.ListRequestsParams{Kind: kind, PageSize: int32(page.Size), PageOffset: int32(page.Offset())})
	if err != nil {
		return StaffRequests{}, err
	}
	total, err := s.store.q.CountRequests(ctx, kind)
	if err != nil {
		return StaffRequests{}, err
	}
	out := StaffRequests{Items: make([]StaffRequest, len(rows)), Page: page.Number, TotalPages: shop.TotalPages(total, page.Size), Total: total}
	for i, r := range rows {
		out.Items[i] = StaffRequest{Request: Request{ID: r.ID, Kind: r.Kind, Status: r.Status, Detail: r.Detail,
			RequestedAt: r.RequestedAt, CompletedAt: r.CompletedAt}, UserID: r.UserID, Email: r.Email}
	}
	return out, nil
}

// AskErasure logs userID's request to be erased and queues the worker's job that erases them,
// in one transaction; asking again while it waits answers the waiting request. Errors:
// Conflict while an order is on its way or a return is not settled (order.MsgOpenOrders);
// NotFound for an unknown account; Forbidden for a staff or admin account.
func (s *Service) AskErasure(ctx context.Context, userID string) (Request, error) {
	u, err := s.d.Accounts.Profile(ctx, userID)
	if err != nil {
		return Request{}, err
	}
	if u.Role != account.RoleUser {
		return Request{}, shop.E(shop.Forbidden, "Only a shopper's account can be erased this way")
	}
	if err := s.settled(ctx, userID); err != nil {
		return Request{}, err
	}
	var out Request
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		if waiting, err := q.WaitingErasure(ctx, userID); err == nil {
			out = toRequest(waiting)
			return nil
		} else if !shop.Is(err, shop.NotFound) {
			return err
		}
		row, err := q.InsertRequest(ctx, privacydb.InsertRequestParams{ID: shop.NewID(), UserID: userID, Kind: KindErase, Status: StatusReceived})
		if err != nil {
			return err
		}
		out = toRequest(row)
		return outbox.Enqueue(ctx, tx, jobs.EraseShopper(row.ID))
	})
	return out, err
}

// settled refuses an erasure while userID has an order on its way or a return not settled.
func (s *Service) settled(ctx context.Context, userID string) error {
	open, err := s.d.Orders.OpenFor(ctx, userID)
	if err != nil {
		return err
	}
	returnsOpen, err := s.d.Returns.OpenFor(ctx, userID)
	if err != nil {
		return err
	}
	if open > 0 || returnsOpen > 0 {
		return shop.E(shop.Conflict, order.MsgOpenOrders)
	}
	return nil
}

// WaitingErasures are erasures asked more than age ago and not yet done, for the worker's
// sweep to queue again (Redis may have lost the job). Errors: those of the database.
func (s *Service) WaitingErasures(ctx context.Context, age time.Duration, limit int) ([]string, error) {
	return s.store.q.WaitingErasures(ctx, privacydb.WaitingErasuresParams{Before: s.now().Add(-age), MaxRequests: int32(limit)})
}

// Erase completes the erasure request requestID (the worker's job): in one transaction under
// the request's row lock, each domain removes or anonymises what it keeps of the shopper, and
// the request is marked completed. A completed request is done again as nothing. Errors:
// NotFound for an unknown request; Conflict while an order is still on its way (the job
// retries); those of the domains and the database.
func (s *Service) Erase(ctx context.Context, requestID string) error {
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		r, err := q.RequestForUpdate(ctx, requestID)
		if err != nil {
			return err
		}
		if r.Kind != KindErase || r.Status == StatusCompleted {
			return nil
		}
		values, emails, err := s.personalValues(ctx, r.UserID)
		if err != nil {
			return err
		}
		d := s.d
		for _, erase := range []func(context.Context, pgx.Tx, string) error{
			d.Orders.Erase, d.Returns.Erase, d.NDR.Erase, d.Messages.Erase, d.Addresses.Erase, d.Carts.Erase, d.Wishlists.Erase,
		} {
			if err := erase(ctx, tx, r.UserID); err != nil {
				return err
			}
		}
		if err := d.Reviews.Erase(ctx, tx, r.UserID, values); err != nil {
			return err
		}
		if err := d.Restock.Erase(ctx, tx, r.UserID, emails); err != nil {
			return err
		}
		if err := d.Mails.Erase(ctx, tx, emails); err != nil {
			return err
		}
		if err := d.Complaints.Erase(ctx, tx, r.UserID, emails); err != nil {
			return err
		}
		if err := d.Audit.Redact(ctx, tx, values); err != nil {
			return err
		}
		if err := outbox.Forget(ctx, tx, values); err != nil {
			return err
		}
		if err := d.Accounts.Erase(ctx, tx, r.UserID); err != nil {
			return err
		}
		return q.CompleteRequest(ctx, privacydb.CompleteRequestParams{ID: r.ID, Detail: "Personal data erased; orders and invoices kept as the tax law requires"})
	})
}

// personalValues are the strings that name the shopper (names, e-mails, phones, address lines
// of the account, its addresses and its orders' delivery addresses), to redact from logs, and
// the e-mail addresses among them.
func (s *Service) personalValues(ctx context.Context, userID string) (values, emails []string, err error) {
	u, err := s.d.Accounts.Profile(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	seen := map[string]bool{}
	add := func(vs ...string) {
		for _, v := range vs {
			if v = strings.TrimSpace(v); v != "" && !seen[v] {
				seen[v] = true
				values = append(values, v)
			}
		}
	}
	addEmail := func(e string) {
		if e = strings.ToLower(strings.TrimSpace(e)); e != "" && !seen["@"+e] {
			seen["@"+e] = true
			emails = append(emails, e)
		}
		add(e)
	}
	addEmail(u.Email)
	add(u.FirstName, u.LastName, strings.TrimSpace(u.FirstName+" "+u.LastName), u.Phone)
	addresses, err := s.d.Addresses.List(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	for _, a := range addresses {
		addEmail(a.Email)
		add(a.FirstName, a.LastName, strings.TrimSpace(a.FirstName+" "+a.LastName), a.Address1, a.Address2, a.Landmark, a.Phone)
	}
	orders, err := s.allOrders(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	for _, o := range orders {
		a := o.Address
		addEmail(a.Email)
		add(a.FirstName, a.LastName, strings.TrimSpace(a.FirstName+" "+a.LastName), a.Address1, a.Address2, a.Landmark, a.Phone)
	}
	return values, emails, nil
}

// allOrders is every order of userID, newest first.
func (s *Service) allOrders(ctx context.Context, userID string) ([]order.Order, error) {
	var out []order.Order
	for n := 1; ; n++ {
		p, err := s.d.Orders.List(ctx, userID, order.Filter{}, shop.Page{Number: n, Size: 100})
		if err != nil {
			return nil, err
		}
		out = append(out, p.Items...)
		if n >= p.TotalPages {
			return out, nil
		}
	}
}
