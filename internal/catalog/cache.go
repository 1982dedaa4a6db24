package catalog

import (
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"
)

// listingCache keeps listing pages in memory. A page is fresh for fresh after it was loaded;
// after that, for up to usable, it is still served while one background load replaces it
// (stale-while-revalidate), so shoppers never wait on a reload and a busy listing costs one set
// of queries per fresh interval per server. Concurrent first loads of a page share one query
// (single flight). Pages in it are shared: callers must not modify them.
type listingCache struct {
	fresh, usable time.Duration
	maxSize       int
	group         singleflight.Group

	mu         sync.Mutex
	entries    map[string]*cachedPage
	generation uint64 // bumped by clear and expire: a load begun before it is not kept as fresh
	clears     uint64 // bumped by clear only: this server's own change, to be shown at once
}

type cachedPage struct {
	page       ProductPage
	freshUntil time.Time
	usableTill time.Time
	refreshing bool
}

func newListingCache(fresh, usable time.Duration, maxSize int) *listingCache {
	return &listingCache{fresh: fresh, usable: usable, maxSize: maxSize, entries: map[string]*cachedPage{}}
}

// get returns the page for key: fresh from memory, stale from memory while it reloads in the
// background, or loaded now when there is none.
func (c *listingCache) get(key string, load func() (ProductPage, error)) (ProductPage, error) {
	now := time.Now()
	c.mu.Lock()
	e, ok := c.entries[key]
	if ok && now.Before(e.freshUntil) {
		c.mu.Unlock()
		return e.page, nil
	}
	if ok && now.Before(e.usableTill) {
		if !e.refreshing {
			e.refreshing = true
			go func() { _, _ = c.load(key, load) }() // a failed refresh keeps serving the page it has
		}
		c.mu.Unlock()
		return e.page, nil
	}
	c.mu.Unlock()
	return c.load(key, load)
}

// load runs load once for all concurrent callers of key and keeps the result, unless the
// cache was cleared or expired meanwhile (the result may predate the change).
func (c *listingCache) load(key string, load func() (ProductPage, error)) (ProductPage, error) {
	v, err, _ := c.group.Do(key, func() (any, error) {
		c.mu.Lock()
		generation := c.generation
		c.mu.Unlock()
		page, err := load()
		c.mu.Lock()
		defer c.mu.Unlock()
		if e, ok := c.entries[key]; ok {
			e.refreshing = false
		}
		if err != nil {
			return ProductPage{}, err
		}
		if generation == c.generation {
			if len(c.entries) >= c.maxSize {
				c.sweep()
			}
			now := time.Now()
			c.entries[key] = &cachedPage{page: page, freshUntil: now.Add(c.fresh), usableTill: now.Add(c.usable)}
		}
		return page, nil
	})
	if err != nil {
		return ProductPage{}, err
	}
	return v.(ProductPage), nil
}

// clear forgets every page, so this server shows its own change at once.
func (c *listingCache) clear() {
	c.mu.Lock()
	c.entries = map[string]*cachedPage{}
	c.generation++
	c.clears++
	c.mu.Unlock()
}

// expire marks every page stale: the next request for each reloads it (serving the old page
// meanwhile). Used when another server announces a change.
func (c *listingCache) expire() {
	c.mu.Lock()
	for _, e := range c.entries {
		e.freshUntil = time.Time{}
	}
	c.generation++
	c.mu.Unlock()
}

// currentGeneration is the count of clears and expiries so far.
func (c *listingCache) currentGeneration() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.generation
}

// changes is the count of clears and expiries so far, and of clears alone.
func (c *listingCache) changes() (generation, clears uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.generation, c.clears
}

// categoryCache keeps the category list of one listing cache generation: what clears or
// expires the listings drops it too.
type categoryCache struct {
	mu         sync.Mutex
	generation uint64
	cats       []Category
}

// get is the list kept for generation, if any.
func (c *categoryCache) get(generation uint64) ([]Category, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cats, c.cats != nil && c.generation == generation
}

// put keeps cats as the list of generation, read after generation began.
func (c *categoryCache) put(generation uint64, cats []Category) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cats == nil || generation >= c.generation {
		c.generation, c.cats = generation, cats
	}
}

// sweep drops pages past use, and everything when that is not enough room. Call with mu held.
func (c *listingCache) sweep() {
	now := time.Now()
	for k, e := range c.entries {
		if now.After(e.usableTill) {
			delete(c.entries, k)
		}
	}
	if len(c.entries) >= c.maxSize {
		c.entries = map[string]*cachedPage{}
	}
}

// key identifies a listing page.
func (l Listing) key(page int, size int) string {
	return strings.Join([]string{strings.ToLower(l.SubCategoryType), strings.Join(l.SubCategoryIDs, ","), l.CategoryID, strings.ToLower(l.CategoryName),
		strconv.FormatBool(l.BestSellers), l.Gender, strconv.Itoa(page), strconv.Itoa(size)}, "|")
}

// answers keeps computed answers, by keys that name everything an answer depends on (the
// listing cache's change count among them), like listing pages: fresh for fresh, then served
// while one background computation replaces it, for up to usable; identical requests at the
// same moment share one computation. A change makes a new key, so no answer from before it is
// served. Answers are shared: callers must not modify them.
type answers[T any] struct {
	group singleflight.Group
	mu    sync.Mutex
	kept  map[string]*keptAnswer[T]
}

type keptAnswer[T any] struct {
	answer     T
	at         time.Time
	refreshing bool
}

// answersMax bounds the answers kept: past it they are forgotten and kept anew.
const answersMax = 10_000

// get is the answer for key: kept, or computed by compute (which must not depend on the
// caller's cancellation: it may run in the background). With fresh 0 nothing is kept.
func (a *answers[T]) get(key string, fresh, usable time.Duration, compute func() (T, error)) (T, error) {
	if fresh <= 0 {
		return compute()
	}
	a.mu.Lock()
	kept, ok := a.kept[key]
	if ok {
		age := time.Since(kept.at)
		if age < fresh {
			a.mu.Unlock()
			return kept.answer, nil
		}
		if age < usable {
			if !kept.refreshing {
				kept.refreshing = true
				go func() { _, _ = a.compute(key, compute) }() // a failed computation keeps the answer it has
			}
			a.mu.Unlock()
			return kept.answer, nil
		}
	}
	a.mu.Unlock()
	return a.compute(key, compute)
}

// compute runs compute once for all concurrent callers of key and keeps its answer.
func (a *answers[T]) compute(key string, compute func() (T, error)) (T, error) {
	v, err, _ := a.group.Do(key, func() (any, error) {
		answer, err := compute()
		a.mu.Lock()
		defer a.mu.Unlock()
		if kept, ok := a.kept[key]; ok {
			kept.refreshing = false
		}
		if err != nil {
			return answer, err
		}
		if a.kept == nil || len(a.kept) >= answersMax {
			a.kept = map[string]*keptAnswer[T]{}
		}
		a.kept[key] = &keptAnswer[T]{answer: answer, at: time.Now()}
		return answer, nil
	})
	answer, _ := v.(T)
	return answer, err
}

// answerKey joins the parts an answer depends on into its key.
func answerKey(parts ...string) string { return strings.Join(parts, "\x00") }
