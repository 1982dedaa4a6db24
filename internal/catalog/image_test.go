package catalog

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"

	"drape/internal/shop"
)

// picture is a w×h image, red on its left half and blue on its right, so orientation shows.
func picture(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.NRGBA{R: 200, A: 255}
			if x >= w/2 {
				c = color.NRGBA{B: 200, A: 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

func encodePNG(t *testing.T, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func encodeJPEG(t *testing.T, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// withExif puts an APP1 EXIF block with the orientation and a GPS-like note after the SOI.
func withExif(jpg []byte, orientation uint16) []byte {
	tiff := []byte("MM\x00\x2a\x00\x00\x00\x08")
	tiff = binary.BigEndian.AppendUint16(tiff, 1)           // one entry
	tiff = append(tiff, 0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1) // Orientation, SHORT, count 1
	tiff = binary.BigEndian.AppendUint16(tiff, orientation)
	tiff = append(tiff, 0, 0, 0, 0, 0, 0, 0, 0) // padding, next IFD 0
	payload := append([]byte("Exif\x00\x00"), tiff...)
	payload = append(payload, []byte("GPS 26.9124N 75.7873E")...)
	seg := []byte{0xFF, 0xE1}
	seg = binary.BigEndian.AppendUint16(seg, uint16(len(payload)+2))
	seg = append(seg, payload...)
	return append(append([]byte{0xFF, 0xD8}, seg...), jpg[2:]...)
}

// hugePNG is a valid PNG header claiming w×h pixels (with one tiny, wrong IDAT).
func hugePNG(w, h uint32) []byte {
	out := []byte("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
		body := append([]byte(typ), data...)
		out = append(out, body...)
		out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(body))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 2, 0, 0, 0)
	chunk("IHDR", ihdr)
	chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	chunk("IEND", nil)
	return out
}

func TestPrepareImageKeepsRealImages(t *testing.T) {
	ctx := context.Background()
	small, err := PrepareImage(ctx, encodePNG(t, picture(40, 30)))
	if err != nil {
		t.Fatal(err)
	}
	if small.Ext != ".png" || small.ContentType != "image/png" || small.Width != 40 || small.Height != 30 {
		t.Fatalf("small PNG came back as %s %s %d×%d", small.Ext, small.ContentType, small.Width, small.Height)
	}
	if _, err := png.Decode(bytes.NewReader(small.Data)); err != nil {
		t.Fatalf("stored PNG does not decode: %v", err)
	}

	wide, err := PrepareImage(ctx, encodePNG(t, picture(2600, 100)))
	if err != nil {
		t.Fatal(err)
	}
	if wide.Width != MaxImageSide || wide.Height != 77 {
		t.Fatalf("2600×100 became %d×%d, want 2000×77", wide.Width, wide.Height)
	}
	got, _ := png.Decode(bytes.NewReader(wide.Data))
	if r, _, b, _ := got.At(10, 10).RGBA(); r>>8 < 190 || b>>8 > 10 {
		t.Errorf("left of the scaled image is not red: %v", got.At(10, 10))
	}

	// A JPEG from a phone held upright: stored landscape with orientation 6 and a GPS note.
	phone := withExif(encodeJPEG(t, picture(64, 32)), 6)
	upright, err := PrepareImage(ctx, phone)
	if err != nil {
		t.Fatal(err)
	}
	if upright.Ext != ".jpg" || upright.Width != 32 || upright.Height != 64 {
		t.Fatalf("rotated JPEG is %s %d×%d, want .jpg 32×64", upright.Ext, upright.Width, upright.Height)
	}
	if bytes.Contains(upright.Data, []byte("Exif")) || bytes.Contains(upright.Data, []byte("GPS")) {
		t.Error("metadata survived re-encoding")
	}
	img, _ := jpeg.Decode(bytes.NewReader(upright.Data))
	// Turned clockwise, the red left half of the stored picture is now the top.
	if r, _, b, _ := img.At(16, 5).RGBA(); r < b {
		t.Errorf("top of the upright image is not red: %v", img.At(16, 5))
	}

	// Trailing data (an HTML polyglot) does not survive.
	polyglot := append(encodePNG(t, picture(8, 8)), []byte("<html><script>alert(1)</script>")...)
	clean, err := PrepareImage(ctx, polyglot)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(clean.Data, []byte("script")) {
		t.Error("trailing script survived")
	}
}

func TestPrepareImageRefusesWhatIsNotAnImage(t *testing.T) {
	var gifData bytes.Buffer
	gif.Encode(&gifData, picture(4, 4), nil)
	realPNG := encodePNG(t, picture(50, 50))
	cases := []struct {
		name    string
		data    []byte
		kind    shop.Kind
		message string
	}{
		{"empty", nil, shop.Invalid, "The file is empty"},
		{"text renamed .png", []byte("just some notes, renamed to look like a picture"), shop.Invalid, "The file is not an image"},
		{"svg", []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>`), shop.Invalid, "SVG images are not accepted"},
		{"html", []byte(`<!doctype html><script>alert(1)</script>`), shop.Invalid, "The file is not an image"},
		{"gif", gifData.Bytes(), shop.Invalid, "Upload a JPEG or PNG image (this one is gif)"},
		{"truncated png", realPNG[:len(realPNG)/2], shop.Invalid, "The image is damaged or incomplete"},
		{"png header, jpeg body", append([]byte("\x89PNG\r\n\x1a\n"), encodeJPEG(t, picture(8, 8))...), shop.Invalid, "The image is damaged or incomplete"},
		{"decompression bomb", hugePNG(20000, 20000), shop.Invalid, "The image is 20000×20000 pixels"},
		{"over 5 MB", append(encodePNG(t, picture(8, 8)), make([]byte, MaxImageBytes)...), shop.TooLarge, "Images can be at most 5 MB"},
	}
	for _, c := range cases {
		_, err := PrepareImage(context.Background(), c.data)
		if !shop.Is(err, c.kind) || !strings.HasPrefix(err.Error(), c.message) {
			t.Errorf("%s: %v (%v), want %v %q", c.name, err, shop.KindOf(err), c.kind, c.message)
		}
	}
}

func TestExifOrientationSurvivesGarbage(t *testing.T) {
	for _, data := range [][]byte{nil, {0xFF, 0xD8}, {0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF}, []byte("\xFF\xD8\xFF\xE1\x00\x10Exif\x00\x00MM\x00\x2a\xFF\xFF\xFF\xFF")} {
		if o := exifOrientation(data); o != 1 {
			t.Errorf("%q: orientation %d", data, o)
		}
	}
}
