package ocr

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"testing"
)

// testPicture is a w x h picture, white with a black square in its upper
// left quarter and a red band along its bottom.
func testPicture(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{255, 255, 255, 255}
			switch {
			case x < w/4 && y < h/4:
				c = color.RGBA{0, 0, 0, 255}
			case y >= h*7/8:
				c = color.RGBA{220, 20, 20, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

// TestDecodeOverPixelLimit checks that a JPEG over the pixel limit, up to
// three times it, is decoded at the smallest reduced scale that fits
// and keeps what it shows, and that larger JPEGs and other formats over
// the limit are still refused.
func TestDecodeOverPixelLimit(t *testing.T) {
	lim := DecodeLimits{MaxBytes: 1 << 20, MaxPixels: 10_000}
	tests := []struct {
		w, h, scale int
	}{
		{100, 100, 1}, // at the limit
		{160, 100, 2}, // 1.6 times the limit
		{170, 170, 2}, // 2.89 times
		{299, 100, 2}, // just under 3 times: 150x50
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, testPicture(tt.w, tt.h), &jpeg.Options{Quality: 95}); err != nil {
			t.Fatal(err)
		}
		h, err := CheckHeader(buf.Bytes(), lim)
		if err != nil {
			t.Fatalf("%dx%d: %v", tt.w, tt.h, err)
		}
		if h.Scale != tt.scale {
			t.Errorf("%dx%d: scale %d, want %d", tt.w, tt.h, h.Scale, tt.scale)
		}
		d, err := h.Decode()
		if err != nil {
			t.Fatal(err)
		}
		b := d.Image.Bounds()
		w, ht := (tt.w+tt.scale-1)/tt.scale, (tt.h+tt.scale-1)/tt.scale
		if b.Dx() != w || b.Dy() != ht || d.Scale != tt.scale {
			t.Fatalf("%dx%d: decoded %v at scale %d, want %dx%d at %d", tt.w, tt.h, b, d.Scale, w, ht, tt.scale)
		}
		gray := func(x, y int) uint8 { return color.GrayModel.Convert(d.Image.At(x, y)).(color.Gray).Y }
		if g := gray(b.Dx()/8, b.Dy()/8); g > 40 {
			t.Errorf("%dx%d: the black square is %d", tt.w, tt.h, g)
		}
		if g := gray(b.Dx()*3/4, b.Dy()/2); g < 215 {
			t.Errorf("%dx%d: the white paper is %d", tt.w, tt.h, g)
		}
		if r, g, _, _ := d.Image.At(b.Dx()/2, b.Dy()-1).RGBA(); r>>8 < 150 || g>>8 > 100 {
			t.Errorf("%dx%d: the red band is %d,%d", tt.w, tt.h, r>>8, g>>8)
		}
	}
	var big bytes.Buffer
	if err := jpeg.Encode(&big, testPicture(301, 100), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := CheckHeader(big.Bytes(), lim); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a JPEG over 3 times the limit: %v, want ErrTooLarge", err)
	}
	if _, err := CheckHeader(pngOf(t, testPicture(160, 100)), lim); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a PNG over the limit: %v, want ErrTooLarge", err)
	}
}

// TestScaleFor checks which photos are decoded at a reduced scale: phone
// photos keep a short side of at least minShortSide pixels, smaller
// pictures and other formats are decoded whole, and a JPEG too large even
// so, or another format over the limit, is refused (0).
func TestScaleFor(t *testing.T) {
	limit := DefaultDecodeLimits.MaxPixels
	tests := []struct {
		format string
		w, h   int
		want   int
	}{
		{"jpeg", 640, 480, 1},
		{"jpeg", 2048, 1536, 1},   // 3 MP: halving would leave 768
		{"jpeg", 3800, 2800, 2},   // a short side of exactly twice minShortSide
		{"jpeg", 3800, 2799, 1},   // one pixel under
		{"jpeg", 4000, 3000, 2},   // 12 MP
		{"jpeg", 3456, 4608, 2},   // 16 MP, upright
		{"jpeg", 8000, 6000, 4},   // 48 MP
		{"jpeg", 12000, 9000, 4},  // 108 MP
		{"jpeg", 30000, 2000, 2},  // a 60 MP panorama: brought within the limit
		{"jpeg", 12000, 10001, 0}, // over 3 times the limit
		{"png", 4000, 3000, 1},
		{"png", 8000, 6000, 0},
		{"webp", 1, 1, 1},
	}
	for _, tt := range tests {
		if got := scaleFor(tt.format, tt.w, tt.h, limit); got != tt.want {
			t.Errorf("%s %dx%d: scale %d, want %d", tt.format, tt.w, tt.h, got, tt.want)
		}
	}
}

// TestInFile checks that a reading of a photo decoded at a reduced scale
// gives its corners and size in the file's own pixels.
func TestInFile(t *testing.T) {
	r := &Result{Corners: Quad{{10, 20}, {110, 20.5}, {110, 120}, {10, 120}}, Width: 200, Height: 150, Scale: 2}
	q, w, h := r.InFile()
	if w != 400 || h != 300 {
		t.Errorf("size %dx%d, want 400x300", w, h)
	}
	if want := (Quad{{20, 40}, {220, 41}, {220, 240}, {20, 240}}); q != want {
		t.Errorf("corners %v, want %v", q, want)
	}
	if r.Corners[1].Y != 20.5 {
		t.Error("InFile changed the result's own corners")
	}
	if q, w, _ := (&Result{Corners: r.Corners, Width: 200}).InFile(); q != r.Corners || w != 200 {
		t.Errorf("a result without a scale: %v %d", q, w)
	}
}
