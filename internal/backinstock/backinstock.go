// Package backinstock keeps shoppers' requests to be told when a sold-out size is back, and
// tells them when it is (issue 20).
//
// It guarantees: at most one waiting request per (size, e-mail); a request only for a size
// that is sold out; when a size's stock rises by n units (any path: the back office's stock
// edit, a cancelled or expired order, a returned parcel put back — catalog writes a restock job
// to the outbox in the transaction that raises it), the oldest waiting requests of that size,
// at most n of them, are marked sent and their mails queued in one transaction, so each request
// is mailed once; a restock acted on twice (its job run again, or by two workers at once) sends
// nothing the second time, and two restocks of one size never claim the same request.
package backinstock

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/backinstock/backinstockdb"
	"drape/internal/catalog"
	"drape/internal/mailqueue"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
)

// MailKind is the kind of the back-in-stock mail (mailqueue); its ref is the request's id.
const MailKind = "back_in_stock"

// Config is what the service needs to know about the shop.
type Config struct {
	PublicURL string // the shop's address, for the links in mails
}

// Service is the back-in-stock use cases.
type Service struct {
	pool    *pgxpool.Pool
	store   store
	catalog *catalog.Service
	cfg     Config
}

// NewService makes the back-in-stock service, reading products through products.
func NewService(pool *pgxpool.Pool, products *catalog.Service, cfg Config) *Service {
	return &Service{pool: pool, store: store{q: backinstockdb.New(postgres.Translating(pool))}, catalog: products, cfg: cfg}
}

// Ask records r: the shopper is told when r.Size of r.ProductID is back. Asking again while a
// request waits answers that request, with AlreadyAsked. Errors: NotFound for an unknown or
// hidden product; Invalid (fields size, email) for a size the product does not have or an
// e-mail that is not one; Conflict when the size is in stock (it can be bought now).
func (s *Service) Ask(ctx context.Context, r Request) (Alert, error) {
	p := shop.Problems{}
	email, ok := normalEmail(r.Email)
	p.Check(r.Email == "", "email", "Enter your e-mail address")
	p.Check(r.Email != "" && !ok, "email", "Enter a valid e-mail address")
	p.Check(r.Size == "", "size", "Choose a size")
	if err := p.Err(); err != nil {
		return Alert{}, err
	}
	product, err := s.catalog.Product(ctx, r.ProductID)
	if err != nil {
		return Alert{}, err
	}
	stock, has := product.Stock[r.Size]
	if !has {
		return Alert{}, &shop.Error{Kind: shop.Invalid, Message: fmt.Sprintf("%s has no size %s", product.Name, r.Size),
			Fields: map[string]string{"size": "Choose one of the product's sizes"}}
	}
	if stock > 0 {
		return Alert{}, shop.E(shop.Conflict, "Size %s of %s is in stock: you can buy it now", r.Size, product.Name)
	}
	alert := Alert{ProductID: product.ID, Size: r.Size, Email: email}
	row, err := s.store.q.InsertAlert(ctx, backinstockdb.InsertAlertParams{ID: shop.NewID(), ProductID: product.ID, Size: r.Size,
		Email: email, UserID: pgtype.Text{String: r.UserID, Valid: r.UserID != ""}})
	if shop.Is(err, shop.NotFound) {
		waiting, err := s.store.q.WaitingAlert(ctx, backinstockdb.WaitingAlertParams{ProductID: product.ID, Size: r.Size, Email: email})
		if err != nil {
			return Alert{}, err
		}
		alert.ID, alert.AskedAt, alert.AlreadyAsked = waiting.ID, waiting.CreatedAt, true
		return alert, nil
	}
	if err != nil {
		return Alert{}, err
	}
	alert.ID, alert.AskedAt = row.ID, row.CreatedAt
	return alert, nil
}

// Notify acts on restock r: the oldest waiting requests of its size, at most r.Units, are
// marked sent and their mails queued, in one transaction. It answers how many it sent; a
// restock acted on before sends none. Errors: those of the database and the catalog.
func (s *Service) Notify(ctx context.Context, r Restock) (int, error) {
	if r.Units <= 0 {
		return 0, nil
	}
	product, err := s.catalog.Product(ctx, r.ProductID)
	if shop.Is(err, shop.NotFound) {
		return 0, nil // hidden or gone: nobody is told about a product they cannot buy
	}
	if err != nil {
		return 0, err
	}
	sent := 0
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		sent = 0
		q := s.store.q.WithTx(tx)
		_, err := q.InsertRestock(ctx, backinstockdb.InsertRestockParams{ID: r.ID, ProductID: r.ProductID, Size: r.Size, Units: int32(r.Units)})
		if shop.Is(err, shop.NotFound) {
			return nil // acted on already
		}
		if err != nil {
			return err
		}
		claimed, err := q.ClaimAlerts(ctx, backinstockdb.ClaimAlertsParams{RestockID: pgtype.Text{String: r.ID, Valid: true},
			ProductID: r.ProductID, Size: r.Size, MaxAlerts: int32(r.Units)})
		if err != nil {
			return err
		}
		for _, a := range claimed {
			token, hash, err := newStopToken()
			if err != nil {
				return err
			}
			if err := q.SetCancelHash(ctx, backinstockdb.SetCancelHashParams{ID: a.ID, CancelHash: pgtype.Text{String: hash, Valid: true}}); err != nil {
				return err
			}
			if err := mailqueue.Queue(ctx, tx, s.mail(a.ID, a.Email, product, r.Size, token)); err != nil {
				return err
			}
		}
		sent = len(claimed)
		return q.CountSent(ctx, backinstockdb.CountSentParams{ID: r.ID, AlertsSent: int32(sent)})
	})
	return sent, err
}

// StopLink is the stop link's page: the e-mail it is for (partly hidden) and its requests still
// waiting. Errors: NotFound 'This link is not valid'.
func (s *Service) StopLink(ctx context.Context, token string) (Stopped, error) {
	a, err := s.store.q.AlertByCancelHash(ctx, pgtype.Text{String: tokenHash(token), Valid: true})
	if shop.Is(err, shop.NotFound) {
		return Stopped{}, shop.E(shop.NotFound, msgBadLink)
	}
	if err != nil {
		return Stopped{}, err
	}
	n, err := s.store.q.CountWaiting(ctx, a.Email)
	return Stopped{Email: hiddenEmail(a.Email), Waiting: int(n)}, err
}

// Stop stops every waiting request of the e-mail the stop link was sent to. Stopping twice
// stops nothing more. Errors: NotFound 'This link is not valid'.
func (s *Service) Stop(ctx context.Context, token string) (Stopped, error) {
	a, err := s.store.q.AlertByCancelHash(ctx, pgtype.Text{String: tokenHash(token), Valid: true})
	if shop.Is(err, shop.NotFound) {
		return Stopped{}, shop.E(shop.NotFound, msgBadLink)
	}
	if err != nil {
		return Stopped{}, err
	}
	n, err := s.store.q.CancelWaiting(ctx, a.Email)
	return Stopped{Email: hiddenEmail(a.Email), Stopped: int(n)}, err
}

// Demand is how many requests wait for each size of a product, sizes nobody waits for left
// out. Errors: those of the database.
func (s *Service) Demand(ctx context.Context, productID string) ([]SizeDemand, error) {
	rows, err := s.store.q.Demand(ctx, productID)
	if err != nil {
		return nil, err
	}
	out := make([]SizeDemand, len(rows))
	for i, r := range rows {
		out[i] = SizeDemand{Size: r.Size, Waiting: int(r.Waiting), Oldest: r.Oldest}
	}
	return out, nil
}

// msgBadLink answers a stop link that names nothing.
const msgBadLink = "This link is not valid"
