// Package cms keeps the shop's content pages (terms, return policy) as HTML written by the shop
// owner. It guarantees that stored HTML is sanitised when it is saved: no scripts, event
// handlers, styles or frames ever reach a shopper's browser from here.
package cms

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

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
	return &Service{store: store{q: cmsdb.New(postgres.Translating(pool))}, policy: bluemonday.UGCPolicy()}
}

var pageType = regexp.MustCompile(`^[a-z][a-z0-9-]{0,39}$`)

// Page is the page of type typ. Errors: Invalid for a malformed type, NotFound.
func (s *Service) Page(ctx context.Context, typ string) (Page, error) {
	if !pageType.MatchString(typ) {
		return Page{}, &shop.Error{Kind: shop.Invalid, Message: "type must be a page name such as terms or privacy", Fields: map[string]string{"type": "unknown page type"}}
	}
	p, err := s.store.page(ctx, typ)
	if shop.Is(err, shop.NotFound) {
		return Page{}, shop.E(shop.NotFound, "No %s page has been written yet", typ)
	}
	return p, err
}

// Save writes the page of type typ (one of Types), sanitising its HTML: what the sanitiser
// removes (scripts, event handlers, styles, frames) is gone for good. Errors: Invalid (fields:
// type for a page the storefront does not show, title, description — required, at most
// 200,000 characters, and not empty once sanitised).
func (s *Service) Save(ctx context.Context, typ, title, html string) (Page, error) {
	title = strings.TrimSpace(title)
	p := shop.Problems{}
	p.Check(!slices.Contains(Types, typ), "type", "type must be one of: "+strings.Join(Types, ", "))
	p.Check(utf8.RuneCountInString(title) > 200, "title", "title must be at most 200 characters")
	p.Check(strings.TrimSpace(html) == "", "description", "description is required")
	p.Check(len(html) > 200_000, "description", "description must be at most 200,000 characters")
	if err := p.Err(); err != nil {
		return Page{}, err
	}
	clean := strings.TrimSpace(s.policy.Sanitize(html))
	if clean == "" {
		return Page{}, &shop.Error{Kind: shop.Invalid, Message: "Nothing is left of the page once unsafe HTML is removed",
			Fields: map[string]string{"description": "Nothing is left of the page once unsafe HTML is removed"}}
	}
	if err := s.store.q.UpsertPage(ctx, cmsdb.UpsertPageParams{Type: typ, Title: title, Description: clean}); err != nil {
		return Page{}, err
	}
	return s.Page(ctx, typ)
}
