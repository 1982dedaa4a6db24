package catalog

import (
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"
)

// listingCache keeps recently served listing pages for a moment, so a busy listing costs one
// set of queries per ttl per server however many shoppers open it, and concurrent misses for
// the same page wait for one query instead of stampeding the database. Pages in it are shared:
// callers must not modify them.
type listingCache struct {
	ttl     time.Duration
	maxSize int
	group   singleflight.Group

	mu         sync.Mutex
	entries    map[string]cachedPage
	generation uint64 // bumped by clear: a load that began before it is not stored
}

type cachedPage struct {
	page    ProductPage
	expires time.Time
}

func newListingCache(ttl time.Duration, maxSize int) *listingCache {
	return &listingCache{ttl: ttl, maxSize: maxSize, entries: map[string]cachedPage{}}
}

// get returns the cached page for key, or loads, caches and returns it.
func (c *listingCache) get(key string, load func() (ProductPage, error)) (ProductPage, error) {
	now := time.Now()
	c.mu.Lock()
	e, ok := c.entries[key]
	c.mu.Unlock()
	if ok && now.Before(e.expires) {
		return e.page, nil
	}
	v, err, _ := c.group.Do(key, func() (any, error) {
		c.mu.Lock()
		generation := c.generation
		c.mu.Unlock()
		page, err := load()
		if err != nil {
			return ProductPage{}, err
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		if generation != c.generation {
			return page, nil
		}
		if len(c.entries) >= c.maxSize {
			c.sweep()
		}
		c.entries[key] = cachedPage{page: page, expires: time.Now().Add(c.ttl)}
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
	c.entries = map[string]cachedPage{}
	c.generation++
	c.mu.Unlock()
}

// sweep drops expired pages, and everything when that is not enough room. Call with mu held.
func (c *listingCache) sweep() {
	now := time.Now()
	for k, e := range c.entries {
		if now.After(e.expires) {
			delete(c.entries, k)
		}
	}
	if len(c.entries) >= c.maxSize {
		c.entries = map[string]cachedPage{}
	}
}

// key identifies a listing page.
func (l Listing) key(page int, size int) string {
	return strings.Join([]string{strings.ToLower(l.SubCategoryType), strings.Join(l.SubCategoryIDs, ","), l.CategoryID,
		strconv.FormatBool(l.BestSellers), l.Gender, strconv.Itoa(page), strconv.Itoa(size)}, "|")
}
