package catalog

// Images the back office uploads (products, sub-categories, sale banners) are never stored as
// sent: the bytes must sniff and decode as a JPEG or PNG, and what is kept is the decoded
// picture encoded again by this server — turned upright by its EXIF orientation and scaled
// to at most MaxImageSide pixels a side. Metadata (EXIF with GPS positions, comments), trailing
// data and anything a browser could run (SVG, HTML polyglots) do not survive that.

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"net/http"
	"strings"

	"drape/internal/shop"
)

// Bounds of uploaded images.
const (
	MaxImageBytes  = 5 << 20    // the file as sent
	MaxImageSide   = 2000       // pixels, the longer side of the stored image
	maxImagePixels = 30_000_000 // decoded size: 30 megapixels is 120 MB as RGBA
	jpegQuality    = 85
)

// imageSlots bounds how many images are decoded at once: each can take 100 MB and more.
var imageSlots = make(chan struct{}, 2)

// Image is an uploaded image made safe to store and serve.
type Image struct {
	Data        []byte
	Ext         string // ".jpg" or ".png"
	ContentType string // image/jpeg or image/png
	Width       int
	Height      int
}

// PrepareImage checks that data is a JPEG or PNG image and answers it encoded again, upright
// and at most MaxImageSide pixels a side (aspect kept), without metadata. Errors: TooLarge
// over MaxImageBytes; Invalid (field "file") for an empty file, anything that is not a JPEG or
// PNG (SVG named so), a damaged image or one of more than 30 megapixels; Unavailable when ctx
// ends while it waits for its turn.
func PrepareImage(ctx context.Context, data []byte) (Image, error) {
	if len(data) == 0 {
		return Image{}, imageProblem("The file is empty")
	}
	if len(data) > MaxImageBytes {
		return Image{}, shop.E(shop.TooLarge, "Images can be at most %d MB", MaxImageBytes>>20)
	}
	sniffed := http.DetectContentType(data)
	switch {
	case sniffed == "image/jpeg" || sniffed == "image/png":
	case isSVG(data):
		return Image{}, imageProblem("SVG images are not accepted: upload a JPEG or PNG")
	case strings.HasPrefix(sniffed, "image/"):
		return Image{}, imageProblem(fmt.Sprintf("Upload a JPEG or PNG image (this one is %s)", strings.TrimPrefix(sniffed, "image/")))
	default:
		return Image{}, imageProblem("The file is not an image: upload a JPEG or PNG")
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || "image/"+format != sniffed {
		return Image{}, imageProblem("The image is damaged or incomplete")
	}
	if cfg.Width < 1 || cfg.Height < 1 || cfg.Width*cfg.Height > maxImagePixels {
		return Image{}, imageProblem(fmt.Sprintf("The image is %d×%d pixels: at most %d megapixels, please", cfg.Width, cfg.Height, maxImagePixels/1_000_000))
	}
	select {
	case imageSlots <- struct{}{}:
		defer func() { <-imageSlots }()
	case <-ctx.Done():
		return Image{}, shop.Wrap(shop.Unavailable, ctx.Err(), "The shop is busy, please try again")
	}
	var img image.Image
	if format == "jpeg" {
		img, err = jpeg.Decode(bytes.NewReader(data))
	} else {
		img, err = png.Decode(bytes.NewReader(data))
	}
	if err != nil {
		return Image{}, imageProblem("The image is damaged or incomplete")
	}
	orientation := 1
	if format == "jpeg" {
		orientation = exifOrientation(data)
	}
	b := img.Bounds()
	if scale := max(b.Dx(), b.Dy()); scale > MaxImageSide {
		w := max(1, (b.Dx()*MaxImageSide+scale/2)/scale)
		h := max(1, (b.Dy()*MaxImageSide+scale/2)/scale)
		img = shrink(toRGBA(img), w, h)
	}
	if orientation > 1 && orientation <= 8 {
		img = orient(toRGBA(img), orientation)
	}
	var out bytes.Buffer
	res := Image{Width: img.Bounds().Dx(), Height: img.Bounds().Dy()}
	if format == "jpeg" {
		err = jpeg.Encode(&out, img, &jpeg.Options{Quality: jpegQuality})
		res.Ext, res.ContentType = ".jpg", "image/jpeg"
	} else {
		err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&out, img)
		res.Ext, res.ContentType = ".png", "image/png"
	}
	if err != nil {
		return Image{}, fmt.Errorf("catalog: encode image: %w", err)
	}
	res.Data = out.Bytes()
	return res, nil
}

func imageProblem(message string) error {
	return &shop.Error{Kind: shop.Invalid, Message: message, Fields: map[string]string{"file": message}}
}

// isSVG reports whether data looks like SVG (XML text with an <svg element near the start).
func isSVG(data []byte) bool {
	head := strings.ToLower(string(data[:min(len(data), 4096)]))
	return strings.Contains(head, "<svg")
}

func toRGBA(img image.Image) *image.RGBA {
	if rgba, ok := img.(*image.RGBA); ok {
		return rgba
	}
	b := img.Bounds()
	dst := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(dst, dst.Bounds(), img, b.Min, draw.Src)
	return dst
}

// shrink scales src down to w×h by averaging the source pixels under each new pixel (a box
// filter: premultiplied colours average correctly, edges stay soft rather than jagged).
func shrink(src *image.RGBA, w, h int) *image.RGBA {
	sb := src.Bounds()
	sw, sh := sb.Dx(), sb.Dy()
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		y0, y1 := y*sh/h, max((y+1)*sh/h, y*sh/h+1)
		for x := 0; x < w; x++ {
			x0, x1 := x*sw/w, max((x+1)*sw/w, x*sw/w+1)
			var r, g, b, a, n uint64
			for sy := y0; sy < y1; sy++ {
				row := src.Pix[(sy)*src.Stride:]
				for sx := x0; sx < x1; sx++ {
					p := row[sx*4 : sx*4+4]
					r, g, b, a = r+uint64(p[0]), g+uint64(p[1]), b+uint64(p[2]), a+uint64(p[3])
					n++
				}
			}
			d := dst.Pix[y*dst.Stride+x*4 : y*dst.Stride+x*4+4]
			d[0], d[1], d[2], d[3] = uint8((r+n/2)/n), uint8((g+n/2)/n), uint8((b+n/2)/n), uint8((a+n/2)/n)
		}
	}
	return dst
}

// orient turns src upright for its EXIF orientation (2–8: mirrored and/or rotated).
func orient(src *image.RGBA, orientation int) *image.RGBA {
	sw, sh := src.Bounds().Dx(), src.Bounds().Dy()
	w, h := sw, sh
	if orientation >= 5 {
		w, h = sh, sw
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var sx, sy int
			switch orientation {
			case 2: // flip left to right
				sx, sy = sw-1-x, y
			case 3: // turn 180°
				sx, sy = sw-1-x, sh-1-y
			case 4: // flip top to bottom
				sx, sy = x, sh-1-y
			case 5: // transpose
				sx, sy = y, x
			case 6: // turn 90° clockwise
				sx, sy = y, sh-1-x
			case 7: // transverse
				sx, sy = sw-1-y, sh-1-x
			case 8: // turn 90° anticlockwise
				sx, sy = sw-1-y, x
			}
			copy(dst.Pix[y*dst.Stride+x*4:y*dst.Stride+x*4+4], src.Pix[sy*src.Stride+sx*4:sy*src.Stride+sx*4+4])
		}
	}
	return dst
}

// exifOrientation reads the Orientation tag (0x0112) of a JPEG's EXIF block; 1 (upright)
// when there is none or it cannot be read.
func exifOrientation(data []byte) int {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return 1
	}
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xFF {
			return 1
		}
		marker := data[i+1]
		if marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01 || marker == 0xFF {
			i += 2
			continue
		}
		if marker == 0xDA || marker == 0xD9 { // image data: no more metadata
			return 1
		}
		size := int(binary.BigEndian.Uint16(data[i+2:]))
		if size < 2 || i+2+size > len(data) {
			return 1
		}
		segment := data[i+4 : i+2+size]
		if marker == 0xE1 && len(segment) > 6 && string(segment[:6]) == "Exif\x00\x00" {
			return tiffOrientation(segment[6:])
		}
		i += 2 + size
	}
	return 1
}

func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var order binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		order = binary.LittleEndian
	case "MM":
		order = binary.BigEndian
	default:
		return 1
	}
	if order.Uint16(t[2:]) != 42 {
		return 1
	}
	ifd := int(order.Uint32(t[4:]))
	if ifd < 8 || ifd+2 > len(t) {
		return 1
	}
	n := int(order.Uint16(t[ifd:]))
	for k := 0; k < n; k++ {
		e := ifd + 2 + k*12
		if e+12 > len(t) {
			return 1
		}
		if order.Uint16(t[e:]) == 0x0112 && order.Uint16(t[e+2:]) == 3 { // SHORT
			if v := int(order.Uint16(t[e+8:])); v >= 1 && v <= 8 {
				return v
			}
			return 1
		}
	}
	return 1
}
