package catalog

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func pageOf(n int) ProductPage { return ProductPage{Total: int64(n)} }

func TestListingCacheServesStaleWhileItReloads(t *testing.T) {
	t.Parallel()
	c := newListingCache(time.Second, time.Minute, 100)
	var loads atomic.Int32
	version := atomic.Int32{}
	load := func() (ProductPage, error) {
		loads.Add(1)
		time.Sleep(2 * time.Second)
		return pageOf(int(version.Load())), nil
	}
	if p, _ := c.get("k", load); p.Total != 0 || loads.Load() != 1 {
		t.Fatalf("first get = %d after %d loads", p.Total, loads.Load())
	}
	version.Store(1)
	if p, _ := c.get("k", load); p.Total != 0 || loads.Load() != 1 {
		t.Fatal("a fresh page was reloaded")
	}
	time.Sleep(1100 * time.Millisecond) // now stale
	start := time.Now()
	if p, _ := c.get("k", load); p.Total != 0 {
		t.Fatalf("stale get = %d, want the old page while it reloads", p.Total)
	}
	if took := time.Since(start); took > time.Second {
		t.Fatalf("a stale get took %v: it waited for the 2 s reload", took)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		if p, _ := c.get("k", load); p.Total == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the background reload never landed")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if loads.Load() != 2 {
		t.Fatalf("%d loads, want 2 (one first, one background)", loads.Load())
	}
}

func TestListingCacheLoadsOnceForConcurrentMisses(t *testing.T) {
	c := newListingCache(time.Minute, time.Minute, 100)
	var loads atomic.Int32
	load := func() (ProductPage, error) { loads.Add(1); time.Sleep(30 * time.Millisecond); return pageOf(7), nil }
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); c.get("k", load) }()
	}
	wg.Wait()
	if loads.Load() != 1 {
		t.Fatalf("%d loads for 50 concurrent misses", loads.Load())
	}
}

func TestClearDuringALoadDoesNotKeepTheOldPage(t *testing.T) {
	c := newListingCache(time.Minute, time.Minute, 100)
	started := make(chan struct{})
	release := make(chan struct{})
	go c.get("k", func() (ProductPage, error) { close(started); <-release; return pageOf(1), nil })
	<-started
	c.clear() // a change lands while the old page is being read
	close(release)
	time.Sleep(20 * time.Millisecond)
	if p, _ := c.get("k", func() (ProductPage, error) { return pageOf(2), nil }); p.Total != 2 {
		t.Fatalf("after clear got page %d, want the reloaded page 2", p.Total)
	}
}

func TestExpireReloadsOnTheNextRequest(t *testing.T) {
	c := newListingCache(time.Minute, time.Minute, 100)
	c.get("k", func() (ProductPage, error) { return pageOf(1), nil })
	c.expire()
	reloaded := make(chan struct{}, 1)
	if p, _ := c.get("k", func() (ProductPage, error) { reloaded <- struct{}{}; return pageOf(2), nil }); p.Total != 1 {
		t.Fatalf("expired page served as %d, want the old page while it reloads", p.Total)
	}
	select {
	case <-reloaded:
	case <-time.After(time.Second):
		t.Fatal("expire did not trigger a reload")
	}
}

func TestErrorsAreNotCached(t *testing.T) {
	c := newListingCache(time.Minute, time.Minute, 100)
	if _, err := c.get("k", func() (ProductPage, error) { return ProductPage{}, errors.New("db down") }); err == nil {
		t.Fatal("want the error")
	}
	if p, err := c.get("k", func() (ProductPage, error) { return pageOf(3), nil }); err != nil || p.Total != 3 {
		t.Fatalf("after an error: %v %v", p.Total, err)
	}
}
