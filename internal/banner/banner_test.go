package banner

import (
	"context"
	"strings"
	"testing"

	"drape/internal/platform/dbtest"
	"drape/internal/shop"
)

func events(t *testing.T, s *Service) int {
	t.Helper()
	var n int
	if err := s.pool.QueryRow(context.Background(), `SELECT count(*) FROM outbox WHERE name = 'catalog.changed' AND topic = 'catalog'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestBannersLifeCycle: a banner is created, shown in its place's order, changed, switched
// off (no longer shown) and deleted, and every change is announced in its transaction.
func TestBannersLifeCycle(t *testing.T) {
	pool, _ := dbtest.New(t)
	s := NewService(pool)
	ctx := context.Background()
	hero, err := s.Create(ctx, NewBanner{Place: PlaceHome, Title: "  Tailored formal wear ", Subtitle: "Made in Jaipur",
		LinkText: "Shop", Link: "/shop", Image: "/uploads/banners/hero.jpg", MobileImage: "hero-phone.jpg", Active: true, Position: 2})
	if err != nil {
		t.Fatal(err)
	}
	if hero.Title != "Tailored formal wear" || hero.Image != "/uploads/banners/hero.jpg" || hero.MobileImage != "/uploads/banners/hero-phone.jpg" || !shop.IsID(hero.ID) {
		t.Fatalf("created: %+v", hero)
	}
	first, err := s.Create(ctx, NewBanner{Place: PlaceHome, Title: "Festive", Image: "festive.jpg", Active: true, Position: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Create(ctx, NewBanner{Place: PlaceBestSeller, Title: "No. 1", Image: "rosette.svg"}); err != nil {
		t.Fatal(err)
	}
	shown, err := s.Shown(ctx)
	if err != nil || len(shown) != 2 || shown[0].ID != first.ID || shown[1].ID != hero.ID {
		t.Fatalf("shown: %+v %v", shown, err)
	}
	off := false
	title := "Festive formals"
	changed, err := s.Update(ctx, first.ID, Changes{Active: &off, Title: &title})
	if err != nil || changed.Active || changed.Title != title || changed.Image != first.Image {
		t.Fatalf("update: %+v %v", changed, err)
	}
	if shown, _ = s.Shown(ctx); len(shown) != 1 || shown[0].ID != hero.ID {
		t.Fatalf("shown after switching off: %+v", shown)
	}
	all, err := s.List(ctx)
	if err != nil || len(all) != 3 || all[0].Place != PlaceBestSeller {
		t.Fatalf("list: %+v %v", all, err)
	}
	if err := s.Delete(ctx, first.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, first.ID); !shop.Is(err, shop.NotFound) {
		t.Fatalf("delete twice: %v", err)
	}
	if _, err := s.Update(ctx, "nope", Changes{Title: &title}); !shop.Is(err, shop.NotFound) {
		t.Fatalf("update unknown: %v", err)
	}
	if n := events(t, s); n != 5 {
		t.Fatalf("%d catalog.changed events, want 5 (3 creates, 1 update, 1 delete)", n)
	}
}

// TestBannerValidation: every bad field is named, and nothing is written.
func TestBannerValidation(t *testing.T) {
	pool, _ := dbtest.New(t)
	s := NewService(pool)
	ctx := context.Background()
	for _, bad := range []struct {
		name  string
		nb    NewBanner
		field string
	}{
		{"no place", NewBanner{Title: "x", Image: "a.jpg"}, "place"},
		{"unknown place", NewBanner{Place: "footer", Title: "x", Image: "a.jpg"}, "place"},
		{"no title", NewBanner{Place: PlaceHome, Title: "  ", Image: "a.jpg"}, "title"},
		{"long title", NewBanner{Place: PlaceHome, Title: strings.Repeat("a", 121), Image: "a.jpg"}, "title"},
		{"no image", NewBanner{Place: PlaceHome, Title: "x"}, "image"},
		{"foreign image", NewBanner{Place: PlaceHome, Title: "x", Image: "../secret"}, "image"},
		{"bad phone image", NewBanner{Place: PlaceHome, Title: "x", Image: "a.jpg", MobileImage: "/etc/passwd"}, "mobileImage"},
		{"link without words", NewBanner{Place: PlaceHome, Title: "x", Image: "a.jpg", Link: "/shop"}, "linkText"},
		{"words without link", NewBanner{Place: PlaceHome, Title: "x", Image: "a.jpg", LinkText: "Shop"}, "link"},
		{"script link", NewBanner{Place: PlaceHome, Title: "x", Image: "a.jpg", LinkText: "Shop", Link: "javascript:alert(1)"}, "link"},
		{"protocol-relative link", NewBanner{Place: PlaceHome, Title: "x", Image: "a.jpg", LinkText: "Shop", Link: "//evil.example"}, "link"},
		{"position", NewBanner{Place: PlaceHome, Title: "x", Image: "a.jpg", Position: -1}, "position"},
		{"control characters", NewBanner{Place: PlaceHome, Title: "x\ny", Image: "a.jpg"}, "title"},
	} {
		_, err := s.Create(ctx, bad.nb)
		var se *shop.Error
		if e, ok := err.(*shop.Error); ok {
			se = e
		}
		if se == nil || se.Kind != shop.Invalid || se.Fields[bad.field] == "" {
			t.Errorf("%s: %v, want a problem with %s", bad.name, err, bad.field)
		}
	}
	if all, _ := s.List(ctx); len(all) != 0 {
		t.Fatalf("refused banners were stored: %+v", all)
	}
	b, err := s.Create(ctx, NewBanner{Place: PlaceHome, Title: "x", Image: "a.jpg", LinkText: "Shop", Link: "https://example.in/x"})
	if err != nil {
		t.Fatal(err)
	}
	empty := ""
	if _, err := s.Update(ctx, b.ID, Changes{Image: &empty}); err == nil || err.(*shop.Error).Fields["image"] == "" {
		t.Fatalf("an update removed the image: %v", err)
	}
}
