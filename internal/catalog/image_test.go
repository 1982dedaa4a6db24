package catalog

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
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

// quadrants is a w×h picture in four colours, one for each corner, so that every turn and
// mirror of it looks different.
func quadrants(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetNRGBA(x, y, quadrantColours[2*(2*y/h)+2*x/w])
		}
	}
	return img
}

// quadrantColours: top left, top right, bottom left, bottom right.
var quadrantColours = [4]color.NRGBA{{R: 220, A: 255}, {G: 200, A: 255}, {B: 220, A: 255}, {R: 230, G: 230, B: 230, A: 255}}

// storedAs is how a camera stores the upright picture under an EXIF orientation. The EXIF
// standard words each value as where the stored 0th row and 0th column are seen: 6 is
// "0th row at the right, 0th column at the top" (a phone turned clockwise to shoot a portrait).
func storedAs(upright *image.NRGBA, orientation int) *image.NRGBA {
	vw, vh := upright.Bounds().Dx(), upright.Bounds().Dy()
	sw, sh := vw, vh
	if orientation >= 5 {
		sw, sh = vh, vw
	}
	stored := image.NewNRGBA(image.Rect(0, 0, sw, sh))
	for sy := 0; sy < sh; sy++ {
		for sx := 0; sx < sw; sx++ {
			var vx, vy int
			switch orientation {
			case 1: // 0th row top, 0th column left
				vx, vy = sx, sy
			case 2: // 0th row top, 0th column right
				vx, vy = sw-1-sx, sy
			case 3: // 0th row bottom, 0th column right
				vx, vy = sw-1-sx, sh-1-sy
			case 4: // 0th row bottom, 0th column left
				vx, vy = sx, sh-1-sy
			case 5: // 0th row left, 0th column top
				vx, vy = sy, sx
			case 6: // 0th row right, 0th column top
				vx, vy = sh-1-sy, sx
			case 7: // 0th row right, 0th column bottom
				vx, vy = sh-1-sy, sw-1-sx
			case 8: // 0th row left, 0th column bottom
				vx, vy = sy, sw-1-sx
			}
			stored.SetNRGBA(sx, sy, upright.NRGBAAt(vx, vy))
		}
	}
	return stored
}

// cameraExif puts an APP1 EXIF block after the SOI (and after a JFIF APP0 when jfif is set) as
// cameras write it: in the given byte order, IFD0 with Make and Model (text stored after the
// directory) before Orientation, then an IFD1 (the thumbnail's) saying orientation 1.
func cameraExif(jpg []byte, order binary.AppendByteOrder, orientation uint16, jfif bool) []byte {
	tiff := []byte("MM\x00\x2a")
	if order == binary.LittleEndian {
		tiff = []byte("II\x2a\x00")
	}
	tiff = order.AppendUint32(tiff, 8)
	entry := func(tag, typ uint16, count uint32, value []byte) {
		tiff = order.AppendUint16(tiff, tag)
		tiff = order.AppendUint16(tiff, typ)
		tiff = order.AppendUint32(tiff, count)
		tiff = append(tiff, value...)
	}
	short := func(v uint16) []byte { return append(order.AppendUint16(nil, v), 0, 0) }
	makeText, modelText := "Drapecam\x00", "Tailor Phone 7\x00"
	ifd0End := 8 + 2 + 3*12 + 4
	textAt := ifd0End
	ifd1At := textAt + len(makeText) + len(modelText)
	tiff = order.AppendUint16(tiff, 3)
	entry(0x010F, 2, uint32(len(makeText)), order.AppendUint32(nil, uint32(textAt)))
	entry(0x0110, 2, uint32(len(modelText)), order.AppendUint32(nil, uint32(textAt+len(makeText))))
	entry(0x0112, 3, 1, short(orientation))
	tiff = order.AppendUint32(tiff, uint32(ifd1At))
	tiff = append(tiff, makeText+modelText...)
	tiff = order.AppendUint16(tiff, 1)
	entry(0x0112, 3, 1, short(1))
	tiff = order.AppendUint32(tiff, 0)

	segment := func(marker byte, payload []byte) []byte {
		seg := []byte{0xFF, marker}
		seg = binary.BigEndian.AppendUint16(seg, uint16(len(payload)+2))
		return append(seg, payload...)
	}
	out := []byte{0xFF, 0xD8}
	if jfif {
		out = append(out, segment(0xE0, []byte("JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"))...)
	}
	out = append(out, segment(0xE1, append([]byte("Exif\x00\x00"), tiff...))...)
	return append(out, jpg[2:]...)
}

// TestPrepareImageTurnsPhotosUpright uploads a JPEG of the same four-coloured picture stored
// under each EXIF orientation, as cameras write them (both byte orders, with and without a
// JFIF header), and checks that each comes back upright: the right size and every corner in
// its colour. A big one is scaled and turned at once.
func TestPrepareImageTurnsPhotosUpright(t *testing.T) {
	type upload struct {
		name        string
		w, h        int
		order       binary.AppendByteOrder
		jfif        bool
		orientation uint16
	}
	var uploads []upload
	for o := uint16(1); o <= 8; o++ {
		uploads = append(uploads,
			upload{fmt.Sprintf("orientation %d, Motorola order", o), 96, 48, binary.BigEndian, false, o},
			upload{fmt.Sprintf("orientation %d, Intel order after JFIF", o), 96, 48, binary.LittleEndian, true, o})
	}
	uploads = append(uploads, upload{"2400×1200 at orientation 8", 2400, 1200, binary.LittleEndian, false, 8})
	for _, u := range uploads {
		upright := quadrants(u.w, u.h)
		data := cameraExif(encodeJPEG(t, storedAs(upright, int(u.orientation))), u.order, u.orientation, u.jfif)
		if got := exifOrientation(data); got != int(u.orientation) {
			t.Errorf("%s: orientation read as %d", u.name, got)
		}
		res, err := PrepareImage(context.Background(), data)
		if err != nil {
			t.Fatalf("%s: %v", u.name, err)
		}
		scale := max(u.w, u.h)
		wantW, wantH := u.w, u.h
		if scale > MaxImageSide {
			wantW, wantH = u.w*MaxImageSide/scale, u.h*MaxImageSide/scale
		}
		if res.Width != wantW || res.Height != wantH {
			t.Errorf("%s: stored %d×%d, want %d×%d", u.name, res.Width, res.Height, wantW, wantH)
			continue
		}
		img, err := jpeg.Decode(bytes.NewReader(res.Data))
		if err != nil {
			t.Fatalf("%s: %v", u.name, err)
		}
		if bytes.Contains(res.Data, []byte("Drapecam")) {
			t.Errorf("%s: the camera's EXIF survived", u.name)
		}
		for i, at := range []image.Point{{wantW / 4, wantH / 4}, {3 * wantW / 4, wantH / 4}, {wantW / 4, 3 * wantH / 4}, {3 * wantW / 4, 3 * wantH / 4}} {
			if !near(img.At(at.X, at.Y), quadrantColours[i]) {
				t.Errorf("%s: %v is %v, want %v", u.name, at, img.At(at.X, at.Y), quadrantColours[i])
			}
		}
	}
}

// near tells whether c is within JPEG's loss of want.
func near(c color.Color, want color.NRGBA) bool {
	r, g, b, _ := c.RGBA()
	d := func(got uint32, want uint8) bool { return int(got>>8)-int(want) <= 24 && int(want)-int(got>>8) <= 24 }
	return d(r, want.R) && d(g, want.G) && d(b, want.B)
}

// TestPrepareImageScalesWithoutMoire shrinks a PNG of one-pixel black and white stripes by
// three: every stored pixel must be the grey the eye sees from afar, not stripes again.
func TestPrepareImageScalesWithoutMoire(t *testing.T) {
	stripes := image.NewGray(image.Rect(0, 0, 3*MaxImageSide, 30))
	for y := 0; y < 30; y++ {
		for x := 0; x < 3*MaxImageSide; x++ {
			if x%2 == 0 {
				stripes.SetGray(x, y, color.Gray{Y: 255})
			}
		}
	}
	res, err := PrepareImage(context.Background(), encodePNG(t, stripes))
	if err != nil {
		t.Fatal(err)
	}
	if res.Width != MaxImageSide || res.Height != 10 {
		t.Fatalf("stored %d×%d, want %d×10", res.Width, res.Height, MaxImageSide)
	}
	img, _ := png.Decode(bytes.NewReader(res.Data))
	for x := 4; x < res.Width-4; x++ {
		if g, _, _, _ := img.At(x, 5).RGBA(); g>>8 < 100 || g>>8 > 155 {
			t.Fatalf("pixel %d is %d, want a grey near 128 (stripes alias)", x, g>>8)
		}
	}
}
