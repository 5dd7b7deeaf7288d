package ocr

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color/palette"
	"image/gif"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testGridImage is a small grid picture to encode in every format.
func testGridImage() *image.Gray { return drawGrid(120, 2) }

func encodeAll(t testing.TB) map[string][]byte {
	t.Helper()
	g := testGridImage()
	out := map[string][]byte{}
	var b bytes.Buffer
	if err := png.Encode(&b, g); err != nil {
		t.Fatal(err)
	}
	out["png"] = append([]byte(nil), b.Bytes()...)
	b.Reset()
	if err := jpeg.Encode(&b, g, &jpeg.Options{Quality: 80}); err != nil {
		t.Fatal(err)
	}
	out["jpeg"] = append([]byte(nil), b.Bytes()...)
	b.Reset()
	p := image.NewPaletted(g.Rect, palette.Plan9)
	for y := range g.Rect.Dy() {
		for x := range g.Rect.Dx() {
			p.Set(x, y, g.At(x, y))
		}
	}
	if err := gif.Encode(&b, p, nil); err != nil {
		t.Fatal(err)
	}
	out["gif"] = append([]byte(nil), b.Bytes()...)
	w, err := os.ReadFile(filepath.Join("testdata", "tiny.webp"))
	if err != nil {
		t.Fatal(err)
	}
	out["webp"] = w
	return out
}

func TestDecodeFormats(t *testing.T) {
	for format, data := range encodeAll(t) {
		d, err := Decode(data, DefaultDecodeLimits)
		if err != nil {
			t.Errorf("%s: %v", format, err)
			continue
		}
		if d.Format != format || d.Orientation != 1 {
			t.Errorf("%s: got format %q orientation %d", format, d.Format, d.Orientation)
		}
		if b := d.Image.Bounds(); b.Dx() == 0 || b.Dy() == 0 {
			t.Errorf("%s: empty image", format)
		}
	}
}

// pngHeader returns the start of a PNG file whose header claims w x h.
func pngHeader(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 0 // 8-bit grayscale
	var chunk []byte
	chunk = binary.BigEndian.AppendUint32(chunk, 13)
	chunk = append(chunk, "IHDR"...)
	chunk = append(chunk, ihdr...)
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
	b.Write(chunk)
	return b.Bytes()
}

// withJPEGSize returns a copy of a baseline JPEG with the frame header
// patched to claim w x h.
func withJPEGSize(t *testing.T, data []byte, w, h uint16) []byte {
	out := append([]byte(nil), data...)
	for i := 2; i+9 < len(out); {
		if out[i] != 0xFF {
			t.Fatal("lost JPEG marker sync")
		}
		m := out[i+1]
		n := int(binary.BigEndian.Uint16(out[i+2:]))
		if m == 0xC0 {
			binary.BigEndian.PutUint16(out[i+5:], h)
			binary.BigEndian.PutUint16(out[i+7:], w)
			return out
		}
		i += 2 + n
	}
	t.Fatal("no SOF0 marker")
	return nil
}

func TestDecodeRefusesBombsBeforeDecoding(t *testing.T) {
	enc := encodeAll(t)
	gifBomb := append([]byte(nil), enc["gif"]...)
	binary.LittleEndian.PutUint16(gifBomb[6:], 60000)
	binary.LittleEndian.PutUint16(gifBomb[8:], 60000)
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"png", pngHeader(100000, 100000), "image is 100000x100000 pixels, the limit is 40000000 pixels"},
		// A JPEG up to 3 times the limit (12000x9000, 108 MP) is decoded at a
		// reduced scale; one over that is refused before decoding.
		{"jpeg", withJPEGSize(t, enc["jpeg"], 16000, 9000), "image is 16000x9000 pixels, the limit is 40000000 pixels"},
		{"gif", gifBomb, "image is 60000x60000 pixels"},
	}
	for _, tc := range cases {
		_, err := Decode(tc.data, DefaultDecodeLimits)
		if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want ErrTooLarge saying %q", tc.name, err, tc.want)
		}
	}
	_, err := Decode(enc["png"], DecodeLimits{MaxBytes: 100, MaxPixels: 1 << 20})
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "the limit is 100") {
		t.Errorf("byte limit: got %v", err)
	}
	_, err = Decode(enc["png"], DecodeLimits{MaxBytes: 1 << 20, MaxPixels: 100 * 100})
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("pixel limit: got %v", err)
	}
}

func TestDecodeCorrupt(t *testing.T) {
	for format, data := range encodeAll(t) {
		cuts := []int{0, 3, 8, 16, 30, len(data) / 2}
		if format != "gif" { // a GIF without its trailer byte is still whole
			cuts = append(cuts, len(data)-1)
		}
		for _, n := range cuts {
			if _, err := Decode(data[:n], DefaultDecodeLimits); err == nil {
				t.Errorf("%s truncated to %d bytes: no error", format, n)
			}
		}
	}
	if _, err := Decode([]byte("hello, this is text"), DefaultDecodeLimits); !errors.Is(err, ErrNotImage) {
		t.Errorf("text: got %v, want ErrNotImage", err)
	}
}

// withOrientation inserts an EXIF APP1 segment with the given orientation
// tag (in the given byte order) after a JPEG's SOI marker.
func withOrientation(data []byte, o uint16, bo interface {
	binary.ByteOrder
	binary.AppendByteOrder
}) []byte {
	tiff := []byte("II*\x00")
	if bo.String() == "BigEndian" {
		tiff = []byte("MM\x00*")
	}
	tiff = bo.AppendUint32(tiff, 8)
	tiff = bo.AppendUint16(tiff, 1) // one entry
	tiff = bo.AppendUint16(tiff, 0x0112)
	tiff = bo.AppendUint16(tiff, 3) // SHORT
	tiff = bo.AppendUint32(tiff, 1)
	tiff = bo.AppendUint16(tiff, o)
	tiff = bo.AppendUint16(tiff, 0)
	tiff = bo.AppendUint32(tiff, 0) // no next IFD
	seg := append([]byte("Exif\x00\x00"), tiff...)
	out := append([]byte(nil), data[:2]...)
	out = append(out, 0xFF, 0xE1)
	out = binary.BigEndian.AppendUint16(out, uint16(len(seg)+2))
	out = append(out, seg...)
	return append(out, data[2:]...)
}

func TestJPEGOrientation(t *testing.T) {
	j := encodeAll(t)["jpeg"]
	for _, bo := range []interface {
		binary.ByteOrder
		binary.AppendByteOrder
	}{binary.LittleEndian, binary.BigEndian} {
		for o := uint16(1); o <= 8; o++ {
			d, err := Decode(withOrientation(j, o, bo), DefaultDecodeLimits)
			if err != nil {
				t.Fatal(err)
			}
			if d.Orientation != int(o) {
				t.Errorf("%v orientation %d: read %d", bo, o, d.Orientation)
			}
		}
	}
	if got := jpegOrientation(withOrientation(j, 9, binary.BigEndian)); got != 1 {
		t.Errorf("invalid tag 9 read as %d, want 1", got)
	}
}

// TestJPEGChromaStep reads the colour components' quantization step from
// JPEG files saved at several qualities with the standard tables (as
// libjpeg scales them: a step of 17 at quality 50), and none from a gray
// JPEG, a PNG or a truncated header.
func TestJPEGChromaStep(t *testing.T) {
	rgb := image.NewRGBA(image.Rect(0, 0, 16, 16))
	for i := range rgb.Pix {
		rgb.Pix[i] = uint8(i * 7)
	}
	encode := func(img image.Image, quality int) []byte {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: quality}); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	for _, tc := range []struct{ quality, step int }{{5, 170}, {40, 21}, {50, 17}, {75, 9}, {90, 3}} {
		data := encode(rgb, tc.quality)
		if got := jpegChromaStep(data); got != tc.step {
			t.Errorf("quality %d: step %d, want %d", tc.quality, got, tc.step)
		}
		d, err := Decode(data, DefaultDecodeLimits)
		if err != nil {
			t.Fatal(err)
		}
		if d.ChromaStep != tc.step {
			t.Errorf("quality %d: decoded with step %d, want %d", tc.quality, d.ChromaStep, tc.step)
		}
	}
	gray := encode(image.NewGray(image.Rect(0, 0, 16, 16)), 5)
	if got := jpegChromaStep(gray); got != 0 {
		t.Errorf("gray JPEG: step %d, want 0", got)
	}
	if got := jpegChromaStep(encodeAll(t)["png"]); got != 0 {
		t.Errorf("PNG: step %d, want 0", got)
	}
	data := encode(rgb, 5)
	for n := range 200 {
		if got := jpegChromaStep(data[:n]); got != 0 && got != 170 {
			t.Errorf("the first %d bytes: step %d", n, got)
		}
	}
}

// FuzzJPEGChromaStep feeds corrupt headers to jpegChromaStep: it must not
// panic, and a step is a quantization table's value (1 to 65535) or 0.
func FuzzJPEGChromaStep(f *testing.F) {
	for _, q := range []int{5, 75} {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 8, 8)), &jpeg.Options{Quality: q}); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if s := jpegChromaStep(data); s < 0 || s > 65535 {
			t.Fatalf("step %d", s)
		}
	})
}

// FuzzDecode feeds corrupt and truncated images to the decoder and the
// grid detector: neither may panic or hang, and a decoded image respects
// the pixel limit.
func FuzzDecode(f *testing.F) {
	for _, data := range encodeAll(f) {
		f.Add(data)
		f.Add(data[:len(data)/2])
	}
	f.Add(pngHeader(1<<30, 1<<30))
	f.Add(withOrientation(encodeAll(f)["jpeg"], 6, binary.BigEndian))
	lim := DecodeLimits{MaxBytes: 1 << 20, MaxPixels: 1 << 16}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Decode(data, lim)
		if err != nil {
			return
		}
		b := d.Image.Bounds()
		if b.Dx()*b.Dy() > lim.MaxPixels {
			t.Fatalf("decoded %v over the limit", b)
		}
		if d.Orientation < 1 || d.Orientation > 8 {
			t.Fatalf("orientation %d", d.Orientation)
		}
		if _, err := Detect(ToGray(d.Image)); err != nil && !errors.Is(err, ErrNoGrid) {
			t.Fatalf("Detect: %v", err)
		}
	})
}

// TestDecodePartialGIF decodes a GIF whose only frame covers part of its
// logical screen: the result is the whole screen, white around the frame.
func TestDecodePartialGIF(t *testing.T) {
	frame := image.NewPaletted(image.Rect(10, 20, 60, 50), palette.Plan9)
	var b bytes.Buffer
	err := gif.EncodeAll(&b, &gif.GIF{Image: []*image.Paletted{frame}, Delay: []int{0},
		Config: image.Config{ColorModel: frame.Palette, Width: 100, Height: 80}})
	if err != nil {
		t.Fatal(err)
	}
	d, err := Decode(b.Bytes(), DefaultDecodeLimits)
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Image.Bounds(); got != image.Rect(0, 0, 100, 80) {
		t.Fatalf("bounds %v, want the 100x80 screen", got)
	}
	g := ToGray(d.Image)
	if g.GrayAt(0, 0).Y != 255 || g.GrayAt(30, 30).Y != 0 {
		t.Errorf("outside the frame %d (want 255), inside %d (want 0, the frame's black)", g.GrayAt(0, 0).Y, g.GrayAt(30, 30).Y)
	}
}
