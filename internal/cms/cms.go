// Package cms keeps the shop's content pages (terms, return policy) as HTML written by the shop
// owner. It guarantees that stored HTML is sanitised when it is saved: no scripts, event
// handlers, styles or frames ever reach a shopper's browser from here.
package cms

import (
	"context"
	"regexp"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/microcosm-cc/bluemonday"

	"drape/internal/cms/cmsdb"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
)

// Service is the CMS use cases.
type Service struct {
	store  store
	policy *bluemonday.Policy
}

// NewService makes the CMS service.
func NewService(pool *pgxpool.Pool) *Service {
	return &Service{store: store{q: cmsdb.New(pool)}, policy: bluemonday.UGCPolicy()}
}

var pageType = regexp.MustCompile(`^[a-z][a-z0-9-]{0,39}$`)

// Page is the page of type typ. Errors: Invalid for a malformed type, NotFound.
func (s *Service) Page(ctx context.Context, typ string) (Page, error) {
	if !pageType.MatchString(typ) {
		return Page{}, &shop.Error{Kind: shop.Invalid, Message: "type must be a page name such as terms or privacy", Fields: map[string]string{"type": "unknown page type"}}
	}
	p, err := s.store.page(ctx, typ)
	if shop.Is(postgres.Translate(err), shop.NotFound) {
		return Page{}, shop.E(shop.NotFound, "No %s page has been written yet", typ)
	}
	return p, postgres.Translate(err)
}

// Save writes the page of type typ, sanitising its HTML. Errors: Invalid.
func (s *Service) Save(ctx context.Context, typ, title, html string) (Page, error) {
	p := shop.Problems{}
	p.Check(!pageType.MatchString(typ), "type", "type must be lowercase letters, digits and dashes")
	p.Check(len(html) > 200_000, "description", "description must be at most 200,000 characters")
	if err := p.Err(); err != nil {
		return Page{}, err
	}
	clean := strings.TrimSpace(s.policy.Sanitize(html))
	if err := s.store.q.UpsertPage(ctx, cmsdb.UpsertPageParams{Type: typ, Title: strings.TrimSpace(title), Description: clean}); err != nil {
		return Page{}, postgres.Translate(err)
	}
	return s.Page(ctx, typ)
}
