// Package banner keeps the storefront's banners that no sub-category or sale owns: the home
// page's hero and the best-seller listing's banner, each with desktop and phone images, a
// title, a line below it, a call to action, on or off, and an order within its place.
//
// It guarantees that a stored banner always has a title and a desktop image that was uploaded
// to the banners folder (or names a path the shop serves), that its link stays inside the shop
// or goes to an http(s) address, and that every change is announced to open storefronts
// (catalog.changed on the catalog topic) in the same transaction that makes it.
package banner

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/banner/bannerdb"
	"drape/internal/outbox"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
	"drape/internal/shop/event"
	"drape/realtime"
)

// Bounds of a banner's fields.
const (
	MaxTitle    = 120
	MaxSubtitle = 300
	MaxLinkText = 40
	MaxLink     = 300
	MaxPosition = 10_000
)

// imageName is an uploaded file's name as /uploads/banners/{file} serves it.
var imageName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`)

// Service is the banner use cases.
type Service struct {
	pool *pgxpool.Pool
	q    *bannerdb.Queries
}

// NewService makes the banner service.
func NewService(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, q: bannerdb.New(postgres.Translating(pool))}
}

// Shown lists the banners shoppers see, place by place in order: a page shows the first of its
// place (none: the page keeps its own look).
func (s *Service) Shown(ctx context.Context) ([]Banner, error) {
	rows, err := s.q.ActiveBanners(ctx)
	if err != nil {
		return nil, err
	}
	return fromRows(rows), nil
}

// List lists every banner, on or off, place by place in order.
func (s *Service) List(ctx context.Context) ([]Banner, error) {
	rows, err := s.q.ListBanners(ctx)
	if err != nil {
		return nil, err
	}
	return fromRows(rows), nil
}

// Create stores a new banner and announces it. Errors: Invalid with the fields (place, title,
// subtitle, linkText, link, image, mobileImage, position).
func (s *Service) Create(ctx context.Context, nb NewBanner) (Banner, error) {
	nb, err := checked(nb)
	if err != nil {
		return Banner{}, err
	}
	var out Banner
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		r, err := bannerdb.New(tx).InsertBanner(ctx, bannerdb.InsertBannerParams{
			ID: shop.NewID(), Place: nb.Place, Title: nb.Title, Subtitle: nb.Subtitle, LinkText: nb.LinkText, Link: nb.Link,
			Image: nb.Image, MobileImage: nb.MobileImage, Active: nb.Active, Position: int32(nb.Position)})
		if err != nil {
			return err
		}
		out = fromRow(r)
		return publish(ctx, tx, out)
	})
	if err != nil {
		return Banner{}, err
	}
	return out, nil
}

// Update changes the fields of banner id that ch sets and announces it. Errors: NotFound,
// Invalid with the fields.
func (s *Service) Update(ctx context.Context, id string, ch Changes) (Banner, error) {
	if !shop.IsID(id) {
		return Banner{}, notFound()
	}
	id = strings.ToLower(id)
	var out Banner
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := bannerdb.New(tx)
		r, err := q.LockBanner(ctx, id)
		if shop.Is(err, shop.NotFound) {
			return notFound()
		} else if err != nil {
			return err
		}
		nb := NewBanner{Place: r.Place, Title: r.Title, Subtitle: r.Subtitle, LinkText: r.LinkText, Link: r.Link,
			Image: r.Image, MobileImage: r.MobileImage, Active: r.Active, Position: int(r.Position)}
		setIf(&nb.Place, ch.Place)
		setIf(&nb.Title, ch.Title)
		setIf(&nb.Subtitle, ch.Subtitle)
		setIf(&nb.LinkText, ch.LinkText)
		setIf(&nb.Link, ch.Link)
		setIf(&nb.Image, ch.Image)
		setIf(&nb.MobileImage, ch.MobileImage)
		setIf(&nb.Active, ch.Active)
		setIf(&nb.Position, ch.Position)
		if nb, err = checked(nb); err != nil {
			return err
		}
		if ch == (Changes{}) {
			out = fromRow(r)
			return nil
		}
		r, err = q.UpdateBanner(ctx, bannerdb.UpdateBannerParams{
			ID: id, Place: nb.Place, Title: nb.Title, Subtitle: nb.Subtitle, LinkText: nb.LinkText, Link: nb.Link,
			Image: nb.Image, MobileImage: nb.MobileImage, Active: nb.Active, Position: int32(nb.Position)})
		if err != nil {
			return err
		}
		out = fromRow(r)
		return publish(ctx, tx, out)
	})
	if err != nil {
		return Banner{}, err
	}
	return out, nil
}

// Delete removes banner id and announces it. Errors: NotFound.
func (s *Service) Delete(ctx context.Context, id string) error {
	if !shop.IsID(id) {
		return notFound()
	}
	id = strings.ToLower(id)
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		r, err := bannerdb.New(tx).LockBanner(ctx, id)
		if shop.Is(err, shop.NotFound) {
			return notFound()
		} else if err != nil {
			return err
		}
		if _, err := bannerdb.New(tx).DeleteBanner(ctx, id); err != nil {
			return err
		}
		return publish(ctx, tx, fromRow(r))
	})
	return err
}

// checked is nb trimmed, its images as stored file names, or an Invalid error naming every
// field that is wrong.
func checked(nb NewBanner) (NewBanner, error) {
	p := shop.Problems{}
	nb.Place = strings.TrimSpace(nb.Place)
	nb.Title = strings.TrimSpace(nb.Title)
	nb.Subtitle = strings.TrimSpace(nb.Subtitle)
	nb.LinkText = strings.TrimSpace(nb.LinkText)
	nb.Link = strings.TrimSpace(nb.Link)
	p.Check(!slices.Contains(Places, nb.Place), "place", "place must be one of: "+strings.Join(Places, ", "))
	p.Check(nb.Title == "", "title", "Give the banner a title")
	p.Check(utf8.RuneCountInString(nb.Title) > MaxTitle, "title", "The title must be at most 120 characters")
	p.Check(utf8.RuneCountInString(nb.Subtitle) > MaxSubtitle, "subtitle", "The line below the title must be at most 300 characters")
	p.Check(utf8.RuneCountInString(nb.LinkText) > MaxLinkText, "linkText", "The button's words must be at most 40 characters")
	for field, v := range map[string]string{"title": nb.Title, "subtitle": nb.Subtitle, "linkText": nb.LinkText, "link": nb.Link} {
		p.Check(strings.ContainsFunc(v, unicode.IsControl), field, field+" must be plain text on one line")
	}
	switch {
	case nb.Link == "" && nb.LinkText != "":
		p.Add("link", "Say where the button goes, e.g. /shop")
	case nb.Link != "" && nb.LinkText == "":
		p.Add("linkText", "Give the button its words, e.g. Shop the collection")
	case nb.Link != "":
		p.Check(len(nb.Link) > MaxLink || !linkOK(nb.Link), "link", "The link must be a shop path such as /shop, or an http(s) address")
	}
	p.Check(nb.Position < 0 || nb.Position > MaxPosition, "position", "position must be 0 to 10000")
	nb.Image = fileName(p, "image", nb.Image)
	p.Check(nb.Image == "" && p["image"] == "", "image", "Upload a desktop image")
	nb.MobileImage = fileName(p, "mobileImage", nb.MobileImage)
	return nb, p.Err()
}

// linkOK reports whether link is a path of the shop (/shop, not //elsewhere) or an http(s) URL.
func linkOK(link string) bool {
	if strings.ContainsAny(link, "\\<>\"") {
		return false
	}
	if strings.HasPrefix(link, "/") {
		return !strings.HasPrefix(link, "//")
	}
	return strings.HasPrefix(link, "https://") || strings.HasPrefix(link, "http://")
}

// fileName is an image value as stored: the file name of an upload to the banners folder.
func fileName(p shop.Problems, field, value string) string {
	v := strings.TrimPrefix(strings.TrimSpace(value), "/uploads/"+Folder+"/")
	if v != "" && !imageName.MatchString(v) {
		p.Add(field, field+" must be an image uploaded to /api/admin/uploads/"+Folder)
	}
	return v
}

// publish announces a change of b to open storefronts, in the transaction that makes it.
func publish(ctx context.Context, tx pgx.Tx, b Banner) error {
	return outbox.Publish(ctx, tx, event.CatalogChanged, realtime.TopicCatalog, event.CatalogChange{BannerID: b.ID, Place: b.Place})
}

func setIf[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

func notFound() error { return shop.E(shop.NotFound, "Banner not found") }
