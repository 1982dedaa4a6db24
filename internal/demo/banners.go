package demo

// The storefront's own banners (package banner): the home page's hero and the best-seller
// listing's banner, drawn as the storefront draws them when no banner is stored — navy cloth
// with a tailor's dashed chalk line, a cream label, a tape measure; a "No. 1" rosette — so the
// demo shop looks as it always has while its banners are editable in the back office.

import (
	"context"
	"fmt"
	"strings"

	"drape/internal/banner"
)

// Colours of the storefront's drawn banners (HomePage.module.css, ListingPage.module.css).
const (
	clothNavy  = "#1F2A44"
	labelCream = "#F6F1E6"
	labelInk   = "#22252A"
	labelBrown = "#5B4718"
	tapeGold   = "#D8BF85"
	chalkGold  = "#C8AB6E"
)

// The demo's banners: the hero's words are the storefront's own.
const (
	heroTitle    = "Tailored formal wear, *made in Jaipur*"
	heroSubtitle = "Shirts, trousers and our stretch and flexi-waist pants for men and women, cut for a clean line and finished for the working day."
	heroLinkText = "Shop the collection"
	heroLink     = "/shop"
	bestTitle    = "Customer No. 1 favourites"
)

// createBanners writes the banners' art and stores the home hero and the best-seller banner.
// Without a banner service (older callers) it does nothing.
func createBanners(ctx context.Context, d Deps) error {
	if d.Banners == nil {
		return nil
	}
	files := map[string][]byte{
		"home-hero.svg":        clothBanner(600, 800),
		"home-hero-mobile.svg": clothBanner(800, 600),
		"best-sellers.svg":     rosetteBanner(),
	}
	for name, data := range files {
		if err := putArt(ctx, d, banner.Folder, name, data); err != nil {
			return err
		}
	}
	banners := []banner.NewBanner{
		{Place: banner.PlaceHome, Title: heroTitle, Subtitle: heroSubtitle, LinkText: heroLinkText, Link: heroLink,
			Image: "home-hero.svg", MobileImage: "home-hero-mobile.svg", Active: true},
		{Place: banner.PlaceBestSeller, Title: bestTitle, Image: "best-sellers.svg", Active: true},
	}
	for _, b := range banners {
		if _, err := d.Banners.Create(ctx, b); err != nil {
			return fmt.Errorf("demo: banner %s: %w", b.Place, err)
		}
	}
	return nil
}

// clothBanner is the home hero's art at w×h: navy suiting with pinstripes, a dashed chalk
// line, the brand's cream label and a tape measure across the lower part.
func clothBanner(w, h int) []byte {
	var c canvas
	c.add(`<defs><pattern id="pin" width="14" height="4" patternUnits="userSpaceOnUse"><rect width="1" height="4" fill="#FFFFFF" opacity=".07"/><rect y="0" width="14" height="2" fill="#000000" opacity=".08"/></pattern>`)
	c.add(`<radialGradient id="sheen" cx=".2" cy=".1" r=".9"><stop offset="0" stop-color="#FFFFFF" stop-opacity=".08"/><stop offset=".6" stop-color="#FFFFFF" stop-opacity="0"/></radialGradient>`)
	c.add(`<pattern id="ticks" width="10" height="30" patternUnits="userSpaceOnUse"><rect width="1" height="9" fill="%s"/></pattern>`, labelInk)
	c.add(`<pattern id="marks" width="50" height="30" patternUnits="userSpaceOnUse"><rect width="1" height="15" fill="%s"/></pattern></defs>`, labelInk)
	c.add(`<rect width="%d" height="%d" fill="%s"/><rect width="%d" height="%d" fill="url(#pin)"/><rect width="%d" height="%d" fill="url(#sheen)"/>`, w, h, clothNavy, w, h, w, h)
	c.add(`<rect x="18" y="18" width="%d" height="%d" rx="2" fill="none" stroke="%s" stroke-opacity=".55" stroke-dasharray="4 3"/>`, w-36, h-36, chalkGold)
	cx, cy := float64(w)/2, float64(h)*0.42
	lw, lh := 236.0, 96.0
	c.add(`<g><rect x="%g" y="%g" width="%g" height="%g" rx="2" fill="#000000" opacity=".18" transform="translate(0 6)"/>`, cx-lw/2, cy-lh/2, lw, lh)
	c.add(`<rect x="%g" y="%g" width="%g" height="%g" rx="2" fill="%s"/>`, cx-lw/2, cy-lh/2, lw, lh, labelCream)
	c.add(`<text x="%g" y="%g" text-anchor="middle" font-family="%s" font-size="40" font-weight="600" fill="%s">drape</text>`, cx, cy+6, serifFonts, labelInk)
	c.add(`<text x="%g" y="%g" text-anchor="middle" font-family="%s" font-size="11" font-weight="600" letter-spacing="3" fill="%s">JAIPUR · INDIA</text></g>`, cx, cy+30, sansFonts, labelBrown)
	ty := float64(h) * 0.84
	c.add(`<g transform="rotate(-8 %g %g)"><rect x="%g" y="%g" width="%g" height="30" fill="%s"/>`, cx, ty, -0.1*float64(w), ty-15, 1.2*float64(w), tapeGold)
	c.add(`<rect x="%g" y="%g" width="%g" height="30" fill="url(#ticks)"/><rect x="%g" y="%g" width="%g" height="30" fill="url(#marks)"/></g>`, -0.1*float64(w), ty-15, 1.2*float64(w), -0.1*float64(w), ty-15, 1.2*float64(w))
	return svgDocument(w, h, "drape — made in Jaipur, India", c.b.String())
}

// rosetteBanner is the best-seller listing's art (4:5): a cream rosette reading "Customer
// No. 1 favourites" on navy cloth.
func rosetteBanner() []byte {
	const w, h = 480, 600
	var c canvas
	c.add(`<defs><pattern id="pin" width="16" height="4" patternUnits="userSpaceOnUse"><rect width="1" height="4" fill="#FFFFFF" opacity=".06"/><rect width="16" height="2" fill="#000000" opacity=".08"/></pattern>`)
	c.add(`<radialGradient id="glow" cx=".8" cy="0" r=".9"><stop offset="0" stop-color="%s" stop-opacity=".22"/><stop offset=".6" stop-color="%s" stop-opacity="0"/></radialGradient></defs>`, chalkGold, chalkGold)
	c.add(`<rect width="%d" height="%d" fill="%s"/><rect width="%d" height="%d" fill="url(#pin)"/><rect width="%d" height="%d" fill="url(#glow)"/>`, w, h, clothNavy, w, h, w, h)
	c.add(`<rect x="28" y="28" width="%d" height="%d" rx="2" fill="none" stroke="%s" stroke-opacity=".6" stroke-dasharray="4 3"/>`, w-56, h-56, chalkGold)
	rw, rh := 0.76*w, 170.0
	x, y := (w-rw)/2, (h-rh)/2
	c.add(`<rect x="%g" y="%g" width="%g" height="%g" rx="2" fill="#000000" opacity=".22" transform="translate(0 8)"/><rect x="%g" y="%g" width="%g" height="%g" rx="2" fill="%s"/>`, x, y, rw, rh, x, y, rw, rh, labelCream)
	for _, line := range []struct {
		text, font, style string
		size, dy          int
	}{
		{strings.ToUpper("Customer"), sansFonts, `font-weight="600" letter-spacing="5"`, 17, 44},
		{"No. 1", serifFonts, `font-style="italic" font-weight="500"`, 72, 112},
		{strings.ToUpper("favourites"), sansFonts, `font-weight="600" letter-spacing="5"`, 17, 146},
	} {
		c.add(`<text x="%d" y="%g" text-anchor="middle" font-family="%s" font-size="%d" %s fill="%s">`, w/2, y+float64(line.dy), line.font, line.size, line.style, labelBrown)
		c.text(line.text)
		c.add(`</text>`)
	}
	return svgDocument(w, h, bestTitle, c.b.String())
}
