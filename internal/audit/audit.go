// Package audit keeps the back office's audit log: who changed what, the entity before and
// after, and when. It guarantees that entries are only ever added, and that no secret reaches
// the log: every value under a key naming a password, secret, token, OTP or hash is masked
// before it is stored, at any depth.
//
// The server records a change right after the use case that made it has committed (see
// server/audit.go), so the log knows nothing of domains: it stores what it is handed. The
// price of keeping it out of every use case's transaction is that a server dying between the
// commit and the entry loses that entry; the change itself keeps its own timestamps.
package audit

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/audit/auditdb"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
)

// Service is the audit log's use cases.
type Service struct{ store store }

// NewService makes the audit service.
func NewService(pool *pgxpool.Pool) *Service {
	return &Service{store: store{q: auditdb.New(postgres.Translating(pool))}}
}

// Mask replaces a secret's value in the log.
const Mask = "••••"

// Record adds c to the log, secrets masked. Errors: Invalid when c names no actor, action or
// entity type; Unavailable when the database is.
func (s *Service) Record(ctx context.Context, c Change) error {
	p := shop.Problems{}
	p.Check(c.ActorID == "", "actorId", "a change needs its actor")
	p.Check(c.Action == "" || len(c.Action) > 200, "action", "a change needs an action of at most 200 characters")
	p.Check(c.EntityType == "" || len(c.EntityType) > 50, "entityType", "a change needs an entity type of at most 50 characters")
	if err := p.Err(); err != nil {
		return err
	}
	before, err := masked(c.Before)
	if err != nil {
		return err
	}
	after, err := masked(c.After)
	if err != nil {
		return err
	}
	return s.store.insert(ctx, shop.NewID(), c, before, after)
}

// List returns one page of the log matching f, newest first. Errors: Unavailable.
func (s *Service) List(ctx context.Context, f Filter, page shop.Page) (Entries, error) {
	f.Actor, f.EntityType, f.EntityID, f.Action = strings.TrimSpace(f.Actor), strings.TrimSpace(f.EntityType), strings.TrimSpace(f.EntityID), strings.TrimSpace(f.Action)
	items, total, err := s.store.list(ctx, f, page)
	if err != nil {
		return Entries{}, err
	}
	return Entries{Items: items, Page: page.Number, TotalPages: shop.TotalPages(total, page.Size), Total: total}, nil
}

// masked is v as JSON with every secret masked, or nil for nil (or JSON null).
func masked(v any) ([]byte, error) {
	if v == nil {
		return nil, nil
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, shop.Wrap(shop.Internal, err, "The change could not be recorded")
	}
	var tree any
	if err := json.Unmarshal(raw, &tree); err != nil || tree == nil {
		return nil, nil
	}
	return json.Marshal(maskSecrets(tree))
}

// secretWords mark keys whose values are secrets.
var secretWords = []string{"password", "secret", "token", "otp", "hash"}

func isSecret(key string) bool {
	key = strings.ToLower(key)
	for _, w := range secretWords {
		if strings.Contains(key, w) {
			return true
		}
	}
	return false
}

// maskSecrets masks the values of secret keys in a decoded JSON tree, at any depth.
func maskSecrets(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, child := range t {
			if isSecret(k) {
				if s, ok := child.(string); ok && s == "" {
					continue
				}
				t[k] = Mask
				continue
			}
			t[k] = maskSecrets(child)
		}
	case []any:
		for i, child := range t {
			t[i] = maskSecrets(child)
		}
	}
	return v
}
