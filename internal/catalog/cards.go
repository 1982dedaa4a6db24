package catalog

import (
	"context"
	"sync"
	"time"
)

// productCards keeps the products filtered pages have shown, as read from the database with
// their sizes and not yet priced, so that a filtered page of products shown before makes no
// database read. They belong to one filter index and one change count of the listing cache:
// any change, this server's (shown at once) or one another server announced, starts them
// anew. A filter index read again while nothing was announced takes them over, for up to
// ListingUsable after they began (what is not announced, a size's stock above LowStock, shows
// within that). Prices are set for each answer under the running sales.
type productCards struct {
	mu         sync.Mutex
	generation uint64
	since      time.Time
	byID       map[string]Product
}

// productCardsMax bounds the products kept (about 1.6 kB each, BenchmarkMemoryPerProduct):
// past it they are forgotten and kept anew.
const productCardsMax = 20_000

// cardsOf is the products with these ids, in their order, priced; hidden and unknown ids are
// left out. Those cards does not keep for generation are read in one query and kept. The
// products share their slices and maps with the kept ones: do not modify them.
func (s *Service) cardsOf(ctx context.Context, cards *productCards, generation uint64, ids []string) ([]Product, error) {
	found := make(map[string]Product, len(ids))
	var missing []string
	cards.mu.Lock()
	if cards.generation != generation || cards.byID == nil || len(cards.byID) >= productCardsMax || time.Since(cards.since) > ListingUsable {
		cards.generation, cards.since, cards.byID = generation, time.Now(), map[string]Product{}
	}
	for _, id := range ids {
		if p, ok := cards.byID[id]; ok {
			found[id] = p
		} else {
			missing = append(missing, id)
		}
	}
	cards.mu.Unlock()
	if len(missing) > 0 {
		rows, err := s.store.q.ProductsByIDs(ctx, missing)
		if err != nil {
			return nil, err
		}
		read := make([]Product, len(rows))
		for i, r := range rows {
			read[i] = productFromRow(productRow(r))
		}
		if err := s.store.attachSizes(ctx, read); err != nil {
			return nil, err
		}
		cards.mu.Lock()
		keep := cards.generation == generation
		for _, p := range read {
			found[p.ID] = p
			if keep {
				cards.byID[p.ID] = p
			}
		}
		cards.mu.Unlock()
	}
	out := make([]Product, 0, len(ids))
	for _, id := range ids {
		if p, ok := found[id]; ok {
			out = append(out, p)
		}
	}
	if err := s.price(ctx, out); err != nil {
		return nil, err
	}
	return out, nil
}
