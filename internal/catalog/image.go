package catalog

// Images the back office uploads (products, sub-categories, sale banners) are never stored as
// sent: the bytes must sniff and decode as a JPEG or PNG, and what is kept is the decoded
// picture encoded again by this server — turned upright by its EXIF orientation (read with
// github.com/bep/imagemeta) and scaled to at most MaxImageSide pixels a side (with
// golang.org/x/image/draw). Metadata (EXIF with GPS positions, comments), trailing
// data and anything a browser could run (SVG, HTML polyglots) do not survive that.

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"net/http"
	"strings"

	"github.com/bep/imagemeta"
	"golang.org/x/image/draw"
	"golang.org/x/image/math/f64"

	"drape/internal/shop"
)

// Bounds of uploaded images.
const (
	MaxImageBytes  = 5 << 20    // the file as sent
	MaxImageSide   = 2000       // pixels, the longer side of the stored image
	maxImagePixels = 30_000_000 // decoded size: 30 megapixels is 120 MB as RGBA
	jpegQuality    = 85
)

// imageSlots bounds how many images are decoded at once: one at a time, as scaling one takes
// 32 bytes for each pixel of an image as wide as the result and as high as the original (a
// 12-megapixel photo takes about 250 MB in all, a 30-megapixel one about 350 MB).
var imageSlots = make(chan struct{}, 1)

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
		img = shrink(img, w, h)
	}
	img = orient(img, orientation)
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

// shrink scales src down to w×h with a Catmull-Rom kernel, which widens with the scale so
// every source pixel counts (no aliasing) and edges stay sharp.
func shrink(src image.Image, w, h int) image.Image {
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Src, nil)
	return dst
}

// orientations are the affine maps from a stored picture of width w and height h to its
// upright form, one for each EXIF orientation 2–8 (1 is upright already); 5–8 swap the sides.
var orientations = map[int]func(w, h float64) f64.Aff3{
	2: func(w, h float64) f64.Aff3 { return f64.Aff3{-1, 0, w, 0, 1, 0} },  // flip left to right
	3: func(w, h float64) f64.Aff3 { return f64.Aff3{-1, 0, w, 0, -1, h} }, // turn 180°
	4: func(w, h float64) f64.Aff3 { return f64.Aff3{1, 0, 0, 0, -1, h} },  // flip top to bottom
	5: func(w, h float64) f64.Aff3 { return f64.Aff3{0, 1, 0, 1, 0, 0} },   // transpose
	6: func(w, h float64) f64.Aff3 { return f64.Aff3{0, -1, h, 1, 0, 0} },  // turn 90° clockwise
	7: func(w, h float64) f64.Aff3 { return f64.Aff3{0, -1, h, -1, 0, w} }, // transverse
	8: func(w, h float64) f64.Aff3 { return f64.Aff3{0, 1, 0, -1, 0, w} },  // turn 90° anticlockwise
}

// orient turns src upright for its EXIF orientation (2–8: mirrored and/or rotated). The maps
// send pixel centres to pixel centres, so nearest-neighbour sampling moves pixels unchanged.
func orient(src image.Image, orientation int) image.Image {
	toUpright, ok := orientations[orientation]
	if !ok {
		return src
	}
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	size := image.Rect(0, 0, w, h)
	if orientation >= 5 {
		size = image.Rect(0, 0, h, w)
	}
	dst := image.NewRGBA(size)
	draw.NearestNeighbor.Transform(dst, toUpright(float64(w), float64(h)), src, b, draw.Src, nil)
	return dst
}

// exifOrientation reads the Orientation tag (0x0112) of a JPEG's first EXIF directory; 1
// (upright) when there is none or it cannot be read.
func exifOrientation(data []byte) int {
	orientation := 1
	_, err := imagemeta.Decode(imagemeta.Options{
		R:           bytes.NewReader(data),
		ImageFormat: imagemeta.JPEG,
		Sources:     imagemeta.EXIF,
		ShouldHandleTag: func(tag imagemeta.TagInfo) bool {
			return tag.Tag == "Orientation" && tag.Namespace == "IFD0"
		},
		HandleTag: func(tag imagemeta.TagInfo) error {
			if v, ok := tag.Value.(uint16); ok && v >= 1 && v <= 8 {
				orientation = int(v)
			}
			return imagemeta.ErrStopWalking
		},
	})
	if err != nil {
		return 1
	}
	return orientation
}
