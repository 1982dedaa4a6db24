package main

// The storefront's banners (internal/banner): the home page's hero and the best-seller
// listing's banner. Shoppers read the ones that are on; staff read them all in the back
// office; changing them is for admins.

import (
	"github.com/gofiber/fiber/v3"

	"drape/internal/banner"
)

// bannerInput is a banner as the back office sends it; absent fields are nil (an update keeps
// their values).
type bannerInput struct {
	Place       *string `json:"place"`
	Title       *string `json:"title"`
	Subtitle    *string `json:"subtitle"`
	LinkText    *string `json:"linkText"`
	Link        *string `json:"link"`
	Image       *string `json:"image"`
	MobileImage *string `json:"mobileImage"`
	Active      *bool   `json:"active"`
	Position    *int    `json:"position"`
}

func (in bannerInput) changes() banner.Changes {
	return banner.Changes{Place: in.Place, Title: in.Title, Subtitle: in.Subtitle, LinkText: in.LinkText, Link: in.Link,
		Image: in.Image, MobileImage: in.MobileImage, Active: in.Active, Position: in.Position}
}

// getBanners answers GET /api/banners: data.items, the banners that are on, place by place in
// order (a page shows the first of its place).
func (s *server) getBanners(c fiber.Ctx) error {
	items, err := s.banners.Shown(c.Context())
	if err != nil {
		return err
	}
	return ok(c, "", fiber.Map{"items": items})
}

// adminListBanners answers GET /api/admin/banners: every banner, on or off.
func (s *server) adminListBanners(c fiber.Ctx) error {
	items, err := s.banners.List(c.Context())
	if err != nil {
		return err
	}
	return ok(c, "", fiber.Map{"items": items})
}

// adminCreateBanner answers POST /api/admin/banners; a banner is on unless active is false.
func (s *server) adminCreateBanner(c fiber.Ctx) error {
	var in bannerInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	nb := banner.NewBanner{Active: true}
	putIf(&nb.Place, in.Place)
	putIf(&nb.Title, in.Title)
	putIf(&nb.Subtitle, in.Subtitle)
	putIf(&nb.LinkText, in.LinkText)
	putIf(&nb.Link, in.Link)
	putIf(&nb.Image, in.Image)
	putIf(&nb.MobileImage, in.MobileImage)
	putIf(&nb.Active, in.Active)
	putIf(&nb.Position, in.Position)
	b, err := s.banners.Create(c.Context(), nb)
	if err != nil {
		return err
	}
	return created(c, "Banner added", b)
}

// adminUpdateBanner answers PUT and PATCH /api/admin/banners/{id}: both merge.
func (s *server) adminUpdateBanner(c fiber.Ctx) error {
	var in bannerInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	b, err := s.banners.Update(c.Context(), c.Params("id"), in.changes())
	if err != nil {
		return err
	}
	return ok(c, "Banner updated", b)
}

// adminDeleteBanner answers DELETE /api/admin/banners/{id}.
func (s *server) adminDeleteBanner(c fiber.Ctx) error {
	if err := s.banners.Delete(c.Context(), c.Params("id")); err != nil {
		return err
	}
	return ok(c, "Banner deleted", nil)
}
