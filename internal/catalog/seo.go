package catalog

import (
	"context"
	"strings"
	"time"

	"drape/internal/catalog/catalogdb"
	"drape/internal/shop"
)

// What search engines and shared links need from the catalog: readable product addresses
// (/product/{slug}), whether a product's page shows, is hidden or is gone, and the sitemap's
// lists.

// slugBaseLength is how many characters of the name a slug keeps at most.
const slugBaseLength = 60

// Slug is the readable address of a product named name with this id: the name in lower-case
// ASCII words joined by hyphens (at most 60 characters), then the last 8 characters of the id,
// which are random, so products of the same name differ. A product keeps the slug it was
// created with (migration 00028 gave the existing ones theirs the same way).
func Slug(name, id string) string {
	base := hyphenated(name)
	if len(base) > slugBaseLength {
		base = strings.Trim(base[:slugBaseLength], "-")
	}
	if base == "" {
		base = "product"
	}
	return base + "-" + strings.ToLower(id[max(0, len(id)-8):])
}

// hyphenated is s in lower-case ASCII words (letters and digits) joined by hyphens: "Light
// Blue" is "light-blue".
func hyphenated(s string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(r)
			continue
		}
		hyphen = true
	}
	return b.String()
}

// ProductState is where a product's page lives and whether shoppers may see it.
type ProductState struct {
	ID      string
	Slug    string
	Active  bool // shown on the storefront
	Deleted bool // deleted in the back office (hidden, and its page is gone)
}

// ProductState finds a product by its id or its slug, hidden and deleted products included.
// Errors: NotFound.
func (s *Service) ProductState(ctx context.Context, idOrSlug string) (ProductState, error) {
	notFound := shop.E(shop.NotFound, "Product not found")
	if shop.IsID(idOrSlug) {
		r, err := s.store.q.ProductStateByID(ctx, strings.ToLower(idOrSlug))
		if shop.Is(err, shop.NotFound) {
			return ProductState{}, notFound
		}
		return ProductState{ID: r.ID, Slug: r.Slug, Active: r.Active, Deleted: r.Deleted}, err
	}
	if idOrSlug == "" || len(idOrSlug) > 200 {
		return ProductState{}, notFound
	}
	r, err := s.store.q.ProductStateBySlug(ctx, idOrSlug)
	if shop.Is(err, shop.NotFound) {
		return ProductState{}, notFound
	}
	return ProductState{ID: r.ID, Slug: r.Slug, Active: r.Active, Deleted: r.Deleted}, err
}

// SitemapChunk is one file of the sitemap's products and its last change.
type SitemapChunk struct {
	Number    int // from 1
	UpdatedAt time.Time
}

// SitemapProductChunks splits the shown products, in creation order, into files of size
// products each. Errors: none of its own.
func (s *Service) SitemapProductChunks(ctx context.Context, size int) ([]SitemapChunk, error) {
	rows, err := s.store.q.SitemapProductChunks(ctx, int64(size))
	if err != nil {
		return nil, err
	}
	chunks := make([]SitemapChunk, len(rows))
	for i, r := range rows {
		chunks[i] = SitemapChunk{Number: int(r.Chunk) + 1, UpdatedAt: r.UpdatedAt}
	}
	return chunks, nil
}

// SitemapProduct is a shown product as the sitemap lists it.
type SitemapProduct struct {
	Slug      string
	UpdatedAt time.Time
	Images    []string // the thumbnail first, each once
}

// SitemapProducts is file number (from 1) of the sitemap's products, size to a file, in
// creation order, handed to each in turn. Errors: none of its own.
func (s *Service) SitemapProducts(ctx context.Context, number, size int, each func(SitemapProduct) error) error {
	rows, err := s.store.q.SitemapProducts(ctx, catalogdb.SitemapProductsParams{PageOffset: int64(number-1) * int64(size), PageSize: int64(size)})
	if err != nil {
		return err
	}
	for _, r := range rows {
		images := []string{}
		seen := map[string]bool{}
		for _, name := range append([]string{r.Thumbnail}, r.Images...) {
			if url := uploadPath("products", name); url != "" && !seen[url] {
				seen[url] = true
				images = append(images, url)
			}
		}
		if err := each(SitemapProduct{Slug: r.Slug, UpdatedAt: r.UpdatedAt, Images: images}); err != nil {
			return err
		}
	}
	return nil
}

// SitemapListing is a sub-category listing with shown products, and their last change.
type SitemapListing struct {
	CategoryType string
	Category     string
	UpdatedAt    time.Time
}

// SitemapListings is every sub-category with shown products. Errors: none of its own.
func (s *Service) SitemapListings(ctx context.Context) ([]SitemapListing, error) {
	rows, err := s.store.q.SitemapSubCategories(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]SitemapListing, len(rows))
	for i, r := range rows {
		out[i] = SitemapListing{CategoryType: r.CategoryType, Category: r.CategoryName, UpdatedAt: r.UpdatedAt}
	}
	return out, nil
}

// Generation changes whenever the catalog may have changed (a change made here, or one another
// server announced: Expire), so what is built from it can be kept until then.
func (s *Service) Generation() uint64 { return s.listings.currentGeneration() }
