package cms

import (
	"context"
	"strings"
	"testing"

	"drape/internal/platform/dbtest"
	"drape/internal/shop"
)

func TestSaveSanitisesAndKnowsItsPages(t *testing.T) {
	pool, _ := dbtest.New(t)
	s := NewService(pool)
	ctx := context.Background()
	p, err := s.Save(ctx, TypeTerms, "  Terms ", `<h2 style="color:red">Terms</h2><p onmouseover="x()">Be <a href="javascript:alert(1)">kind</a>.</p><script>alert(1)</script><iframe src="//evil"></iframe>`)
	if err != nil {
		t.Fatal(err)
	}
	for _, unsafe := range []string{"<script", "onmouseover", "javascript:", "<iframe", "style="} {
		if strings.Contains(p.Description, unsafe) {
			t.Errorf("kept %q: %s", unsafe, p.Description)
		}
	}
	if p.Title != "Terms" || !strings.Contains(p.Description, "<h2>Terms</h2>") {
		t.Fatalf("saved: %+v", p)
	}
	got, err := s.Page(ctx, TypeTerms)
	if err != nil || got.Description != p.Description {
		t.Fatalf("read back: %+v %v", got, err)
	}
	for _, bad := range []struct{ typ, html, field string }{
		{"aboutus", "<p>x</p>", "type"}, {"Terms", "<p>x</p>", "type"}, {TypePrivacy, "  ", "description"},
		{TypePrivacy, "<script>alert(1)</script>", "description"}, {TypePrivacy, strings.Repeat("a", 200_001), "description"},
	} {
		_, err := s.Save(ctx, bad.typ, "", bad.html)
		se, ok := err.(*shop.Error)
		if !ok || se.Kind != shop.Invalid || se.Fields[bad.field] == "" {
			t.Errorf("save %q %.20q: %v, want a problem with %s", bad.typ, bad.html, err, bad.field)
		}
	}
	if _, err := s.Page(ctx, TypePrivacy); !shop.Is(err, shop.NotFound) {
		t.Fatalf("a refused save wrote the page: %v", err)
	}
}
