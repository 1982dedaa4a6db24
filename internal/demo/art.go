package demo

import (
	"encoding/xml"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// The art is drawn in a 600×800 frame (3:4, the shop's product card) and scaled for tiles and
// banners. Every file is self-contained SVG: no font files, images or URLs from outside; text
// names font families and falls back to the system's serif or sans.
const (
	frameWidth  = 600
	frameHeight = 800
)

// Fonts the art names: the shop's faces first, then what every system has.
const (
	serifFonts = "'Cormorant Garamond', 'Playfair Display', Georgia, 'Times New Roman', serif"
	sansFonts  = "Inter, 'Helvetica Neue', Arial, sans-serif"
)

// Colours of the things around the cloth.
const (
	linenGround  = "#F3EEE5"
	linenLight   = "#FBF8F2"
	linenDeep    = "#E6DED0"
	brassHook    = "#9C9178"
	brassLight   = "#CFC4A6"
	hangerMetal  = "#7D7766"
	shirtWhite   = "#F5F3EE"
	shellIvory   = "#EEE6D6"
	pocketSquare = "#EFE8D8"
	saleNavy     = "#17213A"
	saleNavyDeep = "#0F172B"
	mutedGold    = "#C2A66B"
	goldLight    = "#E2CF9F"
	saleIvory    = "#F5EFE2"
)

// canvas collects SVG markup.
type canvas struct {
	b     strings.Builder
	paths int // paths given an id so far
}

// pathID names the next path that is drawn more than once.
func (c *canvas) pathID() string {
	c.paths++
	return "p" + strconv.Itoa(c.paths)
}

func (c *canvas) add(format string, args ...any) { fmt.Fprintf(&c.b, format, args...) }

func (c *canvas) text(s string) { _ = xml.EscapeText(&c.b, []byte(s)) } // a bytes.Buffer never fails

// svgDocument wraps body in an <svg> element of the given size with title as its accessible name.
func svgDocument(width, height int, title, body string) []byte {
	var c canvas
	c.add(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img"><title>`, width, height, width, height)
	c.text(title)
	c.add("</title>%s</svg>\n", body)
	return []byte(c.b.String())
}

// tones are the colours one cloth is drawn with.
type tones struct {
	Base, Light, Shade, Deep string
	Outline, Seam, Stitch    string
	Button, Tie, Square      string
}

type rgb struct{ r, g, b float64 }

func parseHex(hex string) rgb {
	v, _ := strconv.ParseUint(strings.TrimPrefix(hex, "#"), 16, 32)
	return rgb{float64(v >> 16 & 0xff), float64(v >> 8 & 0xff), float64(v & 0xff)}
}

func (c rgb) hex() string {
	clamp := func(f float64) int { return int(math.Round(math.Max(0, math.Min(255, f)))) }
	return fmt.Sprintf("#%02X%02X%02X", clamp(c.r), clamp(c.g), clamp(c.b))
}

// mix blends a towards b by t (0..1).
func mix(a, b string, t float64) string {
	x, y := parseHex(a), parseHex(b)
	return rgb{x.r + (y.r-x.r)*t, x.g + (y.g-x.g)*t, x.b + (y.b-x.b)*t}.hex()
}

func luminance(hex string) float64 {
	c := parseHex(hex)
	return (0.2126*c.r + 0.7152*c.g + 0.0722*c.b) / 255
}

// tonesOf derives the tones of cloth in colour hex: its light and shadow, and seams, stitches
// and buttons that show on it; light cloth gets warm greys rather than black.
func tonesOf(hex string) tones {
	lum := luminance(hex)
	t := tones{Base: hex}
	switch {
	case lum > 0.75:
		t.Light = mix(hex, "#FFFFFF", 0.5)
		t.Shade = mix(hex, "#8F8676", 0.22)
		t.Deep = mix(hex, "#6F6758", 0.4)
		t.Outline = mix(hex, "#4A4438", 0.45)
		t.Seam = mix(hex, "#5A5346", 0.35)
		t.Stitch = mix(hex, "#5A5346", 0.28)
		t.Button = mix(hex, "#CFC8B8", 0.45)
	case lum > 0.35:
		t.Light = mix(hex, "#FFFFFF", 0.22)
		t.Shade = mix(hex, "#000000", 0.2)
		t.Deep = mix(hex, "#000000", 0.42)
		t.Outline = mix(hex, "#000000", 0.5)
		t.Seam = mix(hex, "#000000", 0.38)
		t.Stitch = mix(hex, "#000000", 0.3)
		t.Button = mix(hex, "#2B2118", 0.6)
	default:
		t.Light = mix(hex, "#FFFFFF", 0.16)
		t.Shade = mix(hex, "#000000", 0.28)
		t.Deep = mix(hex, "#000000", 0.5)
		t.Outline = mix(hex, "#000000", 0.55)
		t.Seam = mix(hex, "#FFFFFF", 0.1)
		t.Stitch = mix(hex, "#FFFFFF", 0.3)
		t.Button = mix(hex, "#0A0806", 0.55)
	}
	t.Tie, t.Square = "#7A2434", pocketSquare
	if strings.EqualFold(hex, wine.Hex) || lum > 0.55 {
		t.Tie = "#22304F"
	}
	if lum > 0.6 {
		t.Square = "#7A2434"
	}
	return t
}

// pairPattern matches the coordinate pairs of a path written with absolute commands only.
var pairPattern = regexp.MustCompile(`(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)`)

// mirror reflects path d across the frame's vertical centre line.
func mirror(d string) string {
	return pairPattern.ReplaceAllStringFunc(d, func(pair string) string {
		x, y, _ := strings.Cut(pair, ",")
		f, _ := strconv.ParseFloat(x, 64)
		return strconv.FormatFloat(frameWidth-f, 'f', -1, 64) + "," + y
	})
}

// cloth draws garments in one fabric: its gradients and weave are defined once per drawing
// under id, and every piece refers to them.
type cloth struct {
	c  *canvas
	id string
	t  tones
	lk look
}

// defs writes the fabric's gradients, weave and shadow.
func (f cloth) defs() {
	t, id := f.t, f.id
	f.c.add(`<linearGradient id="%sg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%s"/><stop offset=".5" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient>`, id, t.Light, t.Base, t.Shade)
	f.c.add(`<linearGradient id="%ss" x1="0" y1="0" x2="1" y2=".4"><stop offset="0" stop-color="%s"/><stop offset=".6" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient>`, id, t.Base, t.Shade, t.Deep)
	f.c.add(`<linearGradient id="%sa" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%s"/><stop offset=".45" stop-color="%s"/><stop offset=".55" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient>`, id, t.Deep, mix(t.Base, "#FFFFFF", 0.3), t.Base, t.Deep)
	f.c.add(`<linearGradient id="%sh" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="%s" stop-opacity=".28"/><stop offset=".2" stop-color="%s" stop-opacity="0"/><stop offset=".72" stop-color="%s" stop-opacity="0"/><stop offset="1" stop-color="%s" stop-opacity=".32"/></linearGradient>`, id, t.Deep, t.Deep, t.Deep, t.Deep)
	f.c.add(`<filter id="%sd" x="-20%%" y="-10%%" width="140%%" height="125%%"><feDropShadow dx="0" dy="9" stdDeviation="11" flood-color="#3B3126" flood-opacity=".2"/></filter>`, id)
	hi, lo := t.Light, t.Deep
	switch f.lk.Weave {
	case oxfordWeave:
		f.c.add(`<pattern id="%st" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0 1.5h3M3 4.5h3" stroke="%s" stroke-width="1.3" opacity=".45"/><path d="M3 1.5h3M0 4.5h3" stroke="%s" stroke-width="1.3" opacity=".12"/></pattern>`, id, hi, lo)
	case twillWeave:
		f.c.add(`<pattern id="%st" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(40)"><path d="M0 0v5" stroke="%s" stroke-width="1.2" opacity=".18"/><path d="M2.5 0v5" stroke="%s" stroke-width=".8" opacity=".16"/></pattern>`, id, lo, hi)
	case linenWeave:
		f.c.add(`<pattern id="%st" width="14" height="12" patternUnits="userSpaceOnUse"><path d="M0 2h9M5 6h9M0 10h5M8 10h6" stroke="%s" stroke-width=".9" opacity=".35"/><path d="M3 0v12M10 0v7" stroke="%s" stroke-width=".7" opacity=".18"/></pattern>`, id, hi, lo)
	case pinstripeWeave:
		f.c.add(`<pattern id="%st" width="15" height="8" patternUnits="userSpaceOnUse"><path d="M7 0v8" stroke="%s" stroke-width=".9" opacity=".55"/></pattern>`, id, mix(t.Base, "#FFFFFF", 0.55))
	case herringboneWeave:
		f.c.add(`<pattern id="%st" width="10" height="6" patternUnits="userSpaceOnUse"><path d="M0 6L5 0M5 0l5 6M-2.5 3L0 0M10 6l2.5-3" stroke="%s" stroke-width="1" opacity=".22"/><path d="M0 3L2.5 0M7.5 0L10 3" stroke="%s" stroke-width=".8" opacity=".2"/></pattern>`, id, lo, hi)
	case checkWeave:
		f.c.add(`<pattern id="%st" width="16" height="16" patternUnits="userSpaceOnUse"><path d="M0 4h16M4 0v16" stroke="%s" stroke-width="1.6" opacity=".22"/><path d="M0 12h16M12 0v16" stroke="%s" stroke-width=".8" opacity=".3"/></pattern>`, id, lo, hi)
	default:
		f.c.add(`<pattern id="%st" width="4" height="4" patternUnits="userSpaceOnUse"><path d="M0 .5h2M2 2.5h2" stroke="%s" stroke-width=".7" opacity=".14"/><path d="M1 3.5h2" stroke="%s" stroke-width=".7" opacity=".08"/></pattern>`, id, hi, lo)
	}
	f.c.add(`<pattern id="%sr" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0 2h10" stroke="%s" stroke-width="2" opacity=".45"/></pattern>`, id, mutedGold)
}

// piece draws one panel of cloth: the gradient (g for lit panels, s for panels in shadow, a for
// satin), the weave over it and its outline.
func (f cloth) piece(d, gradient string) string {
	id := f.c.pathID()
	f.c.add(`<g fill="url(#%s%s)" stroke="%s" stroke-width="1.3" stroke-linejoin="round"><path id="%s" d="%s"/></g><use href="#%s" fill="url(#%st)"/>`, f.id, gradient, f.t.Outline, id, d, id, f.id)
	return id
}

// rounded draws a panel like piece and shades its edges so it reads as cloth around a body.
func (f cloth) rounded(d, gradient string) {
	id := f.piece(d, gradient)
	f.c.add(`<use href="#%s" fill="url(#%sh)"/>`, id, f.id)
}

func (f cloth) seam(d string, opacity float64) {
	f.c.add(`<path d="%s" fill="none" stroke="%s" stroke-width="1.2" stroke-linecap="round" opacity="%.2f"/>`, d, f.t.Seam, opacity)
}

func (f cloth) stitch(d string) {
	f.c.add(`<path d="%s" fill="none" stroke="%s" stroke-width=".9" stroke-dasharray="3 2.5" opacity=".8"/>`, d, f.t.Stitch)
}

// fold is a soft shadow where cloth falls into a fold.
func (f cloth) fold(d string, width float64) {
	f.c.add(`<path d="%s" fill="none" stroke="%s" stroke-width="%.1f" stroke-linecap="round" opacity=".16"/>`, d, f.t.Deep, width)
}

func (f cloth) button(x, y, r float64, fill string) {
	f.c.add(`<circle cx="%g" cy="%g" r="%g" fill="%s" stroke="%s" stroke-width=".9"/>`, x, y, r, fill, f.t.Outline)
	if r >= 5 {
		f.c.add(`<circle cx="%g" cy="%g" r="%.1f" fill="none" stroke="#FFFFFF" stroke-width=".7" opacity=".3"/>`, x, y, r*0.62)
	}
}

// hook draws the brass hook of a hanger rising from (300, y).
func hook(c *canvas, y float64) {
	c.add(`<path d="M300,%g L300,%g C300,%g 321,%g 321,%g C321,%g 307,%g 297,%g C291,%g 288,%g 288,%g" fill="none" stroke="%s" stroke-width="5" stroke-linecap="round"/>`,
		y, y-38, y-56, y-58, y-76, y-90, y-97, y-93, y-90, y-85, y-80, brassHook)
	c.add(`<path d="M302,%g C302,%g 318,%g 318,%g" fill="none" stroke="%s" stroke-width="1.4" stroke-linecap="round" opacity=".7"/>`, y-42, y-56, y-60, y-74, brassLight)
}

// clipHanger draws a trouser hanger's hook and bar; clips draws the clips that hang from it.
func clipHanger(c *canvas, barY, barHalf float64) {
	hook(c, barY)
	c.add(`<path d="M%g,%g L%g,%g" stroke="%s" stroke-width="5" stroke-linecap="round"/>`, 300-barHalf, barY, 300+barHalf, barY, hangerMetal)
	c.add(`<path d="M%g,%g L%g,%g" stroke="%s" stroke-width="1.2" stroke-linecap="round" opacity=".6"/>`, 300-barHalf, barY-1.5, 300+barHalf, barY-1.5, brassLight)
}

// clips draws a trouser hanger's clips, gripping from barY at clipsX and its mirror.
func clips(c *canvas, barY, clipsX float64) {
	for _, x := range []float64{clipsX, frameWidth - clipsX - 24} {
		c.add(`<rect x="%g" y="%g" width="24" height="44" rx="4" fill="%s"/><rect x="%g" y="%g" width="3" height="36" rx="1.5" fill="%s" opacity=".55"/>`, x, barY-8, hangerMetal, x+4, barY-4, brassLight)
	}
}

// shirt draws a shirt on a hanger; womens narrows the cut and softens the collar.
func (f cloth) shirt(womens bool) {
	c, lk := f.c, f.lk
	f.c.add(`<g filter="url(#%sd)">`, f.id)
	hook(c, 146)
	var sleeve, cuff, body, placket string
	var hemY float64
	if womens {
		sleeve = "M198,190 Q170,218 164,300 L150,536 L194,544 L216,330 Z"
		cuff = "M150,536 L194,544 L192,582 L147,575 Z"
		body = "M266,152 L198,190 Q208,244 212,300 C210,360 224,390 222,440 C220,500 206,540 208,596 Q212,618 232,628 Q266,644 300,645 Q334,644 368,628 Q388,618 392,596 C394,540 380,500 378,440 C376,390 390,360 388,300 Q392,244 402,190 L334,152 Q300,172 266,152 Z"
		placket = "M292,176 L308,176 L308,644 L292,644 Z"
		hemY = 644
	} else {
		sleeve = "M176,186 Q148,214 142,292 L128,538 L174,546 L200,330 Z"
		cuff = "M128,538 L174,546 L172,592 L124,585 Z"
		side, sideBack := "L196,604", "L404,300"
		if lk.Taper {
			side, sideBack = "C188,420 186,520 196,604", "C414,520 412,420 404,300"
		}
		body = "M262,150 L176,186 Q190,240 196,300 " + side + " Q200,626 222,640 Q262,668 300,670 Q338,668 378,640 Q400,626 404,604 " + sideBack + " Q410,240 424,186 L338,150 Q300,172 262,150 Z"
		placket = "M289,178 L311,178 L311,669 L289,669 Z"
		hemY = 670
	}
	for _, d := range []string{sleeve, mirror(sleeve)} {
		f.rounded(d, "g")
	}
	for _, d := range []string{cuff, mirror(cuff)} {
		f.piece(d, "g")
	}
	if womens {
		f.button(171, 562, 3.2, f.t.Button)
		f.button(429, 562, 3.2, f.t.Button)
		f.fold("M184,330 Q178,420 172,500", 5)
		f.fold(mirror("M184,330 Q178,420 172,500"), 5)
	} else {
		f.button(152, 571, 3.6, f.t.Button)
		f.button(448, 571, 3.6, f.t.Button)
		f.fold("M164,320 Q158,420 150,500", 6)
		f.fold(mirror("M164,320 Q158,420 150,500"), 6)
	}
	f.rounded(body, "g")
	if womens {
		f.seam("M212,300 Q204,244 198,190", 0.7)
		f.seam(mirror("M212,300 Q204,244 198,190"), 0.7)
		f.seam("M250,400 L253,520", 0.45)
		f.seam(mirror("M250,400 L253,520"), 0.45)
		f.fold("M236,540 Q246,580 240,630", 6)
	} else {
		f.seam("M196,300 Q190,240 178,184", 0.7)
		f.seam(mirror("M196,300 Q190,240 178,184"), 0.7)
		f.fold("M214,330 Q232,380 228,460", 7)
		f.fold("M384,500 Q370,580 376,650", 7)
	}
	collarScale := 1.0
	if womens {
		collarScale = 0.9
	}
	if lk.Collar != "bow" {
		f.piece(placket, "g")
		top := 214.0
		if lk.Collar == "mandarin" {
			top = 190
		}
		r := 5.2
		if womens {
			r = 4.4
		}
		for y := top; y < hemY-30; y += 62 {
			f.button(300, y, r, f.t.Button)
		}
	} else {
		f.seam("M300,200 L300,"+strconv.FormatFloat(hemY-4, 'f', 0, 64), 0.5)
	}
	if lk.Pocket && !womens {
		f.piece("M336,252 L384,252 L384,304 L360,314 L336,304 Z", "g")
		f.stitch("M340,264 L380,264")
		f.stitch("M340,256 L340,302 L360,310 L380,302 L380,256")
	}
	c.add(`<g transform="translate(300 150) scale(%g) translate(-300 -150)">`, collarScale)
	f.collar()
	c.add(`</g></g>`)
}

// collar draws a shirt's collar around the neck at (300, 150).
func (f cloth) collar() {
	c := f.c
	f.piece("M258,150 Q300,122 342,150 L326,162 Q300,146 274,162 Z", "s")
	c.add(`<rect x="290" y="138" width="20" height="8" rx="1" fill="%s" stroke="%s" stroke-width=".6"/>`, linenGround, mutedGold)
	var leaf string
	switch f.lk.Collar {
	case "mandarin":
		f.piece("M262,148 Q300,172 338,148 L338,132 Q300,156 262,132 Z", "g")
		f.stitch("M265,142 Q300,164 335,142")
		f.button(300, 163, 4, f.t.Button)
		return
	case "bow":
		f.piece("M262,148 Q300,172 338,148 L338,134 Q300,158 262,134 Z", "g")
		tail := "M296,186 Q282,250 262,320 L278,326 Q296,260 300,190 Z"
		f.piece(tail, "s")
		f.piece(mirror(tail), "s")
		loop := "M298,178 Q250,140 238,176 Q240,214 298,186 Z"
		f.piece(loop, "g")
		f.piece(mirror(loop), "g")
		f.c.add(`<ellipse cx="300" cy="181" rx="10" ry="9" fill="url(#%sg)" stroke="%s" stroke-width="1.2"/>`, f.id, f.t.Outline)
		return
	case "cutaway":
		leaf = "M300,180 Q282,164 262,146 Q250,150 238,160 L226,196 Z"
	case "buttondown":
		leaf = "M300,184 Q284,166 262,146 Q252,150 246,160 L258,228 Z"
	case "rounded":
		leaf = "M300,180 Q284,166 264,148 Q254,152 248,162 Q244,198 266,204 Z"
	default:
		leaf = "M300,182 Q284,166 262,146 Q252,150 244,160 L250,216 Z"
	}
	f.piece(leaf, "g")
	f.piece(mirror(leaf), "g")
	f.stitch(strings.Replace(leaf, "Z", "", 1))
	if f.lk.Collar == "buttondown" {
		f.button(257, 218, 2.8, f.t.Button)
		f.button(343, 218, 2.8, f.t.Button)
	}
}

// trouserCut is where a pair of trousers' outline runs.
type trouserCut struct {
	WaistX, WaistY, Band, HipX, CrotchY, OuterHem, InnerHem, HemY float64
	Loops                                                         bool
}

func (f cloth) trousers(womens bool) {
	c, lk := f.c, f.lk
	cut := trouserCut{WaistX: 196, WaistY: 128, Band: 30, HipX: 186, CrotchY: 340, OuterHem: 188, InnerHem: 292, HemY: 752, Loops: true}
	if lk.Taper {
		cut.OuterHem, cut.InnerHem = 208, 290
	}
	if womens {
		cut = trouserCut{WaistX: 208, WaistY: 124, Band: 32, HipX: 190, CrotchY: 352, OuterHem: 190, InnerHem: 292, HemY: 752}
		switch {
		case lk.Wide:
			cut.OuterHem, cut.InnerHem = 160, 297
		case lk.Taper:
			cut.OuterHem, cut.InnerHem, cut.HemY = 222, 290, 716
		}
	}
	barY := cut.WaistY - 30
	f.c.add(`<g filter="url(#%sd)">`, f.id)
	clipHanger(c, barY, 100)
	f.drawTrousers(cut)
	clips(c, cut.WaistY-6, cut.WaistX+6)
	c.add(`</g>`)
}

// drawTrousers draws the trousers of cut without a hanger (a suit uses it too).
func (f cloth) drawTrousers(cut trouserCut) {
	lk := f.lk
	top := cut.WaistY + cut.Band
	leg := fmt.Sprintf("M%g,%g Q%g,%g %g,%g L%g,%g L%g,%g L300,%g L300,%g Z",
		cut.WaistX, top, cut.HipX-4, top+90, cut.HipX, top+170, cut.OuterHem, cut.HemY, cut.InnerHem, cut.HemY+2, cut.CrotchY, top)
	f.rounded(leg, "g")
	f.rounded(mirror(leg), "s")
	for _, side := range []float64{1, -1} {
		x := func(v float64) float64 { return 300 + side*(v-300) }
		creaseTop := (cut.WaistX + 300) / 2
		creaseHem := (cut.OuterHem + cut.InnerHem) / 2
		f.c.add(`<path d="M%g,%g L%g,%g" stroke="%s" stroke-width="1.6" opacity=".55"/><path d="M%g,%g L%g,%g" stroke="%s" stroke-width="1" opacity=".4"/>`,
			x(creaseTop+2), top+8, x(creaseHem+1), cut.HemY-2, f.t.Light, x(creaseTop+4), top+8, x(creaseHem+3.5), cut.HemY-2, f.t.Shade)
		f.fold(fmt.Sprintf("M%g,%g Q%g,%g %g,%g", x(cut.InnerHem+2), cut.CrotchY+60, x(cut.InnerHem-8), cut.CrotchY+180, x(cut.InnerHem+4), cut.HemY-40), 6)
		f.seam(fmt.Sprintf("M%g,%g Q%g,%g %g,%g", x(cut.WaistX+34), top, x(cut.WaistX+26), top+52, x(cut.HipX+2), top+92), 0.8)
		f.stitch(fmt.Sprintf("M%g,%g Q%g,%g %g,%g", x(cut.WaistX+40), top+2, x(cut.WaistX+32), top+58, x(cut.HipX+4), top+100))
		if lk.Pleats {
			f.seam(fmt.Sprintf("M%g,%g L%g,%g", x(creaseTop+2), top, x(creaseTop+1), top+78), 0.7)
			f.seam(fmt.Sprintf("M%g,%g L%g,%g", x(creaseTop+16), top, x(creaseTop+15), top+48), 0.5)
		}
		f.stitch(fmt.Sprintf("M%g,%g L%g,%g", x(cut.OuterHem+2), cut.HemY-14, x(cut.InnerHem-2), cut.HemY-12))
	}
	band := fmt.Sprintf("M%g,%g L%g,%g L%g,%g L%g,%g Z", cut.WaistX-2, cut.WaistY, 602-cut.WaistX, cut.WaistY, 602-cut.WaistX, top, cut.WaistX-2, top)
	f.piece(band, "g")
	f.stitch(fmt.Sprintf("M%g,%g L%g,%g", cut.WaistX, top-4, 600-cut.WaistX, top-4))
	if lk.Elastic {
		for _, side := range []float64{1, -1} {
			var b strings.Builder
			for i := 0.0; i <= 34; i += 3.4 {
				x := 300 + side*(300-cut.WaistX-4-i)
				fmt.Fprintf(&b, "M%g,%g L%g,%g ", x, cut.WaistY+3, x, top-3)
			}
			f.c.add(`<path d="%s" stroke="%s" stroke-width="1.1" opacity=".55"/>`, b.String(), f.t.Deep)
		}
	}
	f.c.add(`<path d="M300,%g L300,%g" stroke="%s" stroke-width="1.2"/>`, top, cut.CrotchY-6, f.t.Outline)
	f.stitch(fmt.Sprintf("M312,%g L312,%g Q312,%g 299,%g", top+2, top+112, top+136, top+142))
	f.button(312, cut.WaistY+cut.Band/2, 4.2, f.t.Button)
	if cut.Loops {
		for _, x := range []float64{cut.WaistX + 18, cut.WaistX + 58, 600 - cut.WaistX - 58 - 9, 600 - cut.WaistX - 18 - 9} {
			f.piece(fmt.Sprintf("M%g,%g L%g,%g L%g,%g L%g,%g Z", x, cut.WaistY-3, x+9, cut.WaistY-3, x+9, top+5, x, top+5), "g")
		}
	}
}

// jacketCut is where a jacket's outline runs.
type jacketCut struct {
	Body, Sleeve, Gap string
	Cuffs             [][2]float64
	ButtonY           float64
	PocketY           float64
	Inner             string // tie, open (an open-collared shirt) or shell (a plain top)
}

func mensJacket(inner string) jacketCut {
	return jacketCut{
		Body:    "M262,150 Q204,158 150,188 C168,236 182,292 184,340 C184,420 190,470 188,530 C186,600 180,650 178,690 Q230,700 280,700 Q294,640 300,GAP Q306,640 320,700 Q370,700 422,690 C420,650 414,600 412,530 C410,470 416,420 416,340 C418,292 432,236 450,188 Q396,158 338,150 Z",
		Sleeve:  "M150,188 Q126,240 128,330 L122,640 L182,646 L200,360 L194,250 Z",
		Gap:     "M278,702 L300,GAP L322,702 Z",
		Cuffs:   [][2]float64{{134, 596}, {135, 611}, {136, 626}},
		ButtonY: 456, PocketY: 520, Inner: inner,
	}
}

func womensJacket() jacketCut {
	return jacketCut{
		Body:    "M264,150 Q214,158 170,186 C184,236 196,292 196,340 C196,380 208,420 206,452 C204,520 188,580 186,646 Q232,656 280,654 Q294,600 300,GAP Q306,600 320,654 Q368,656 414,646 C412,580 396,520 394,452 C392,420 404,380 404,340 C404,292 416,236 430,186 Q386,158 336,150 Z",
		Sleeve:  "M170,186 Q148,236 150,320 L146,606 L198,612 L210,360 L204,250 Z",
		Gap:     "M278,656 L300,GAP L322,656 Z",
		Cuffs:   [][2]float64{{156, 570}, {157, 584}},
		ButtonY: 456, PocketY: 500, Inner: "shell",
	}
}

// jacket draws a jacket of cut on a hanger (the hook is left out when it is part of a suit).
func (f cloth) jacket(cut jacketCut, withHook bool) {
	c, t := f.c, f.t
	if withHook {
		hook(c, 150)
	}
	gapTop := cut.ButtonY + 72
	if f.lk.Buttons == 1 {
		gapTop = cut.ButtonY + 8
	}
	gap := strconv.FormatFloat(gapTop, 'f', -1, 64)
	for _, d := range []string{cut.Sleeve, mirror(cut.Sleeve)} {
		f.rounded(d, "s")
	}
	for _, p := range cut.Cuffs {
		f.button(p[0], p[1], 3.4, t.Button)
		f.button(600-p[0], p[1], 3.4, t.Button)
	}
	f.piece(strings.ReplaceAll(cut.Gap, "GAP", gap), "a")
	f.rounded(strings.ReplaceAll(cut.Body, "GAP", gap), "g")
	f.fold("M190,360 Q200,420 196,500", 6)
	f.fold(mirror("M190,360 Q200,420 196,500"), 6)
	v := "M266,154 L334,154 L300,456 Z"
	c.add(`<clipPath id="%sv"><path d="%s"/></clipPath>`, f.id, v)
	switch cut.Inner {
	case "shell":
		c.add(`<path d="%s" fill="%s"/>`, v, shellIvory)
		c.add(`<path d="M268,158 Q300,200 332,158" fill="none" stroke="#CFC4AE" stroke-width="1.4"/>`)
	default:
		shirt := shirtWhite
		if cut.Inner == "open" {
			shirt = "#D5E2EF"
		}
		c.add(`<path d="%s" fill="%s"/>`, v, shirt)
		if cut.Inner == "tie" {
			c.add(`<g clip-path="url(#%sv)"><path d="M295,214 L305,214 L317,410 L300,440 L283,410 Z" fill="%s"/><path d="M295,214 L305,214 L317,410 L300,440 L283,410 Z" fill="url(#%sr)"/><path d="M291,196 L309,196 L305,216 L295,216 Z" fill="%s"/></g>`,
				f.id, t.Tie, f.id, mix(t.Tie, "#000000", 0.15))
		} else {
			c.add(`<path d="M300,200 L300,456" stroke="#AFC0D2" stroke-width="1.2"/><circle cx="300" cy="262" r="3.2" fill="#F4F2EC" stroke="#9DB0C4" stroke-width=".8"/><circle cx="300" cy="330" r="3.2" fill="#F4F2EC" stroke="#9DB0C4" stroke-width=".8"/>`)
		}
		leaf := "M300,200 L268,154 L258,166 L280,224 Z"
		for _, d := range []string{leaf, mirror(leaf)} {
			c.add(`<path d="%s" fill="%s" stroke="#B9B2A4" stroke-width="1"/>`, d, shirt)
		}
	}
	var lapel, gorge string
	switch f.lk.Lapel {
	case "peak":
		lapel = "M266,154 L300,456 Q248,372 216,292 L196,250 L236,266 L230,252 Q236,198 254,152 Z"
		gorge = "M236,266 L276,238"
	case "shawl":
		lapel = "M266,154 L300,456 Q232,362 224,262 Q228,196 254,152 Z"
	default:
		lapel = "M266,154 L300,456 Q250,370 212,282 L238,266 L228,250 Q236,196 254,152 Z"
		gorge = "M238,266 L274,234"
	}
	gradient := "g"
	if f.lk.Lapel == "shawl" {
		gradient = "a"
	}
	for _, d := range []string{lapel, mirror(lapel)} {
		f.piece(d, gradient)
	}
	if gorge != "" {
		f.seam(gorge, 0.9)
		f.seam(mirror(gorge), 0.9)
	}
	f.c.add(`<path d="M297,440 Q250,364 218,290 M303,440 Q350,364 382,290" fill="none" stroke="%s" stroke-width="1.2" opacity=".35"/>`, t.Light)
	pocket := "M340,318 L390,310 L391,322 L341,330 Z"
	if cut.Inner != "shell" {
		c.add(`<path d="M348,318 L356,300 L364,311 L373,297 L382,314 Z" fill="%s" stroke="#B9AE96" stroke-width=".8"/>`, t.Square)
	}
	f.piece(pocket, "g")
	flap := fmt.Sprintf("M192,%g L262,%g L263,%g Q228,%g 194,%g Z", cut.PocketY, cut.PocketY-2, cut.PocketY+24, cut.PocketY+28, cut.PocketY+26)
	f.piece(flap, "g")
	f.piece(mirror(flap), "g")
	f.seam(fmt.Sprintf("M236,340 Q234,%g 232,%g", cut.PocketY-80, cut.PocketY-4), 0.35)
	f.seam(mirror(fmt.Sprintf("M236,340 Q234,%g 232,%g", cut.PocketY-80, cut.PocketY-4)), 0.35)
	switch f.lk.Buttons {
	case 1:
		f.button(300, cut.ButtonY+8, 7, t.Button)
	default:
		f.button(300, cut.ButtonY+2, 7, t.Button)
		f.button(300, cut.ButtonY+70, 7, t.Button)
	}
}

func (f cloth) waistcoat() {
	c, t := f.c, f.t
	f.c.add(`<g filter="url(#%sd)">`, f.id)
	hook(c, 152)
	f.piece("M236,150 Q300,170 364,150 L366,470 L234,470 Z", "a")
	c.add(`<path d="M238,152 Q300,172 362,152" fill="none" stroke="%s" stroke-width="1.2"/>`, t.Outline)
	front := "M252,146 L300,400 L302,640 L290,668 L204,620 L200,340 C246,300 240,200 228,158 Z"
	f.piece(front, "g")
	f.piece(mirror(front), "g")
	f.stitch("M256,156 L302,398")
	f.stitch(mirror("M256,156 L302,398"))
	f.fold("M236,420 Q246,500 240,600", 6)
	f.fold(mirror("M236,420 Q246,500 240,600"), 6)
	welt := "M222,560 L268,552 L269,562 L223,570 Z"
	f.piece(welt, "s")
	f.piece(mirror(welt), "s")
	f.piece("M338,330 L372,324 L373,332 L339,338 Z", "s")
	for y := 414.0; y <= 600; y += 46 {
		f.button(300, y, 5.4, t.Button)
	}
	c.add(`</g>`)
}

func (f cloth) skirt() {
	c := f.c
	f.c.add(`<g filter="url(#%sd)" transform="translate(300 410) scale(1.14) translate(-300 -360)">`, f.id)
	clipHanger(c, 172, 110)
	body := "M196,228 Q180,300 182,380 Q186,480 204,584 L396,584 Q414,480 418,380 Q420,300 404,228 Z"
	f.rounded(body, "g")
	f.seam("M242,228 L245,296", 0.6)
	f.seam(mirror("M242,228 L245,296"), 0.6)
	f.fold("M246,400 Q256,490 248,574", 7)
	f.fold(mirror("M258,420 Q266,500 262,578"), 5)
	f.stitch("M206,572 L394,572")
	f.seam("M300,584 L300,536", 0.7)
	f.piece("M194,200 L406,200 L406,228 L194,228 Z", "g")
	f.stitch("M196,224 L404,224")
	if f.lk.Elastic {
		var b strings.Builder
		for x := 200.0; x < 402; x += 3.6 {
			fmt.Fprintf(&b, "M%g,203 L%g,225 ", x, x)
		}
		c.add(`<path d="%s" stroke="%s" stroke-width="1" opacity=".45"/>`, b.String(), f.t.Deep)
	} else {
		f.button(390, 214, 4, f.t.Button)
	}
	clips(c, 194, 212)
	c.add(`</g>`)
}

// suit draws a jacket over its trousers, on a hanger.
func (f cloth) suit() {
	c := f.c
	c.add(`<g filter="url(#%sd)">`, f.id)
	c.add(`<g transform="translate(300 380) scale(.64) translate(-300 -128)">`)
	trousers := f
	trousers.lk.Pleats = false
	trousers.drawTrousers(trouserCut{WaistX: 200, WaistY: 128, Band: 30, HipX: 190, CrotchY: 336, OuterHem: 198, InnerHem: 291, HemY: 752, Loops: true})
	c.add(`</g><g transform="translate(300 24) scale(.8) translate(-300 40)">`)
	hook(c, 150)
	f.jacket(mensJacket("tie"), false)
	c.add(`</g></g>`)
}

// draw draws the garment of f's look in the 600×800 frame.
func (f cloth) draw() {
	switch f.lk.Garment {
	case shirtGarment:
		f.shirt(false)
	case blouseGarment:
		f.shirt(true)
	case trousersGarment:
		f.trousers(false)
	case womensTrousersGarment:
		f.trousers(true)
	case blazerGarment:
		f.c.add(`<g filter="url(#%sd)">`, f.id)
		inner := "open"
		if f.lk.Lapel == "shawl" || f.lk.Lapel == "peak" {
			inner = "tie"
		}
		f.jacket(mensJacket(inner), true)
		f.c.add(`</g>`)
	case womensBlazerGarment:
		f.c.add(`<g filter="url(#%sd)">`, f.id)
		f.jacket(womensJacket(), true)
		f.c.add(`</g>`)
	case suitGarment:
		f.suit()
	case waistcoatGarment:
		f.waistcoat()
	case skirtGarment:
		f.skirt()
	}
}

// detailFocus is the point a close-up of the garment centres on, and how far it zooms.
func detailFocus(g garment) (x, y, zoom float64) {
	switch g {
	case shirtGarment, blouseGarment:
		return 300, 230, 2.3
	case trousersGarment, womensTrousersGarment:
		return 300, 200, 2.2
	case blazerGarment, womensBlazerGarment:
		return 300, 330, 1.9
	case suitGarment:
		return 300, 250, 2.1
	case waistcoatGarment:
		return 300, 430, 2
	default:
		return 300, 300, 2
	}
}

// linenBackground paints the soft ivory ground of product photographs over w×h.
func linenBackground(c *canvas, w, h int) {
	c.add(`<defs><radialGradient id="bg" cx=".5" cy=".38" r=".75"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></radialGradient><pattern id="bgw" width="9" height="9" patternUnits="userSpaceOnUse"><path d="M0 3h9M4 0v9" stroke="%s" stroke-width=".6" opacity=".35"/></pattern></defs>`, linenLight, linenDeep, linenDeep)
	c.add(`<rect width="%d" height="%d" fill="url(#bg)"/><rect width="%d" height="%d" fill="url(#bgw)"/>`, w, h, w, h)
}

// productArt is a product's photograph: the garment in colour hex, whole or (detail) close up.
func productArt(title, hex string, lk look, detail bool) []byte {
	var c canvas
	linenBackground(&c, frameWidth, frameHeight)
	f := cloth{c: &c, id: "f", t: tonesOf(hex), lk: lk}
	c.add("<defs>")
	f.defs()
	c.add("</defs>")
	if detail {
		x, y, zoom := detailFocus(lk.Garment)
		c.add(`<g transform="translate(300 400) scale(%g) translate(%g %g)">`, zoom, -x, -y)
		f.draw()
		c.add(`</g>`)
	} else {
		c.add(`<ellipse cx="300" cy="782" rx="190" ry="10" fill="#3B3126" opacity=".06"/>`)
		f.draw()
	}
	return svgDocument(frameWidth, frameHeight, title, c.b.String())
}

// tileArt is a sub-category's tile (4:5): its garment framed by an arch on a calm ground.
func tileArt(title, hex string, lk look, ground string) []byte {
	var c canvas
	c.add(`<defs><linearGradient id="tg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient></defs>`, mix(ground, "#FFFFFF", 0.25), ground)
	c.add(`<rect width="480" height="600" fill="url(#tg)"/>`)
	c.add(`<path d="M70,600 L70,250 A170,170 0 0 1 410,250 L410,600 Z" fill="%s" opacity=".7"/>`, mix(ground, "#FFFFFF", 0.55))
	c.add(`<path d="M82,600 L82,250 A158,158 0 0 1 398,250 L398,600" fill="none" stroke="%s" stroke-width="1.2" opacity=".6"/>`, mutedGold)
	f := cloth{c: &c, id: "f", t: tonesOf(hex), lk: lk}
	c.add("<defs>")
	f.defs()
	c.add("</defs>")
	c.add(`<g transform="translate(240 322) scale(.68) translate(-300 -410)">`)
	f.draw()
	c.add(`</g>`)
	return svgDocument(480, 600, title, c.b.String())
}

// saleBanner is a sale's banner: its name in a serif, the discount in gold, on navy with a
// jaali lattice; mobile is the square version.
func saleBanner(name string, discount int, covers string, mobile bool) []byte {
	var c canvas
	w, h := 1600, 480
	if mobile {
		w, h = 780, 780
	}
	c.add(`<defs><linearGradient id="sn" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient>`, saleNavy, saleNavyDeep)
	c.add(`<pattern id="jl" width="48" height="48" patternUnits="userSpaceOnUse"><path d="M24 0 L48 24 L24 48 L0 24 Z M24 12 L36 24 L24 36 L12 24 Z" fill="none" stroke="%s" stroke-width="1"/><circle cx="24" cy="24" r="2.2" fill="%s"/><circle cx="0" cy="0" r="2.2" fill="%s"/><circle cx="48" cy="48" r="2.2" fill="%s"/></pattern>`, mutedGold, mutedGold, mutedGold, mutedGold)
	fadeTo := `x2="1" y2="0"`
	if mobile {
		fadeTo = `x2="0" y2="1"`
	}
	c.add(`<linearGradient id="fade" x1="0" y1="0" %s><stop offset="0" stop-color="#FFFFFF" stop-opacity="0"/><stop offset="1" stop-color="#FFFFFF" stop-opacity="1"/></linearGradient><mask id="jm"><rect width="%d" height="%d" fill="url(#fade)"/></mask></defs>`, fadeTo, w, h)
	c.add(`<rect width="%d" height="%d" fill="url(#sn)"/><rect width="%d" height="%d" fill="url(#jl)" opacity=".16" mask="url(#jm)"/>`, w, h, w, h)
	c.add(`<rect x="22" y="22" width="%d" height="%d" fill="none" stroke="%s" stroke-width="1.5" opacity=".8"/><rect x="30" y="30" width="%d" height="%d" fill="none" stroke="%s" stroke-width=".8" opacity=".5"/>`, w-44, h-44, mutedGold, w-60, h-60, mutedGold)
	shirt := cloth{c: &c, id: "s", t: tonesOf(white.Hex), lk: look{Garment: shirtGarment, Weave: oxfordWeave, Collar: "spread", Pocket: true, Taper: true}}
	trousers := cloth{c: &c, id: "p", t: tonesOf(charcoal.Hex), lk: look{Garment: trousersGarment, Weave: twillWeave, Taper: true}}
	c.add("<defs>")
	shirt.defs()
	trousers.defs()
	c.add("</defs>")
	archX, archTop, garmentsY, scale := 1180.0, 60.0, 78.0, 0.46
	textX, anchor := 130, "start"
	nameY, offY, coversY, brandY := 228, 306, 358, 128
	nameSize, offSize := 92, 50
	if mobile {
		archX, archTop, garmentsY, scale = 390, 330, 352, 0.44
		textX, anchor = 390, "middle"
		nameY, offY, coversY, brandY = 184, 250, 292, 104
		nameSize, offSize = 74, 42
	}
	arch := fmt.Sprintf("M%g,%d L%g,%g A230,230 0 0 1 %g,%g L%g,%d", archX-230, h-30, archX-230, archTop+230, archX+230, archTop+230, archX+230, h-30)
	c.add(`<clipPath id="inner"><rect x="30" y="30" width="%d" height="%d"/></clipPath>`, w-60, h-60)
	c.add(`<path d="%s Z" fill="%s" opacity=".07"/><path d="%s" fill="none" stroke="%s" stroke-width="1.4"/>`, arch, goldLight, arch, mutedGold)
	c.add(`<g clip-path="url(#inner)"><g transform="translate(%g %g) scale(%g)">`, archX-75-300*scale, garmentsY, scale)
	shirt.draw()
	c.add(`</g><g transform="translate(%g %g) scale(%g)">`, archX+78-300*scale, garmentsY+48*scale, scale)
	trousers.draw()
	c.add(`</g></g>`)
	c.add(`<text x="%d" y="%d" text-anchor="%s" font-family="%s" font-size="17" letter-spacing="5" fill="%s">`, textX, brandY, anchor, sansFonts, mutedGold)
	c.text(strings.ToUpper(shopName) + " · THE SALE IS LIVE")
	c.add(`</text><text x="%d" y="%d" text-anchor="%s" font-family="%s" font-size="%d" font-weight="600" fill="%s">`, textX, nameY, anchor, serifFonts, nameSize, saleIvory)
	c.text(name)
	c.add(`</text><text x="%d" y="%d" text-anchor="%s" font-family="%s" font-size="%d" font-style="italic" fill="%s">`, textX, offY, anchor, serifFonts, offSize, goldLight)
	c.text(fmt.Sprintf("Flat %d%% off", discount))
	c.add(`</text><text x="%d" y="%d" text-anchor="%s" font-family="%s" font-size="19" letter-spacing="1.5" fill="%s" opacity=".85">`, textX, coversY, anchor, sansFonts, saleIvory)
	c.text(covers)
	c.add(`</text>`)
	if !mobile {
		c.add(`<path d="M%d,392 L%d,392" stroke="%s" stroke-width="1.2"/>`, textX, textX+120, mutedGold)
	}
	return svgDocument(w, h, name+" — flat "+strconv.Itoa(discount)+"% off", c.b.String())
}
