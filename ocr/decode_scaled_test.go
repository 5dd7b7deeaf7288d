package ocr

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
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
// three times it, is decoded at the smallest whole reduced scale that fits
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
		{299, 100, 2}, // just under 3 times: 149x50
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
		if b.Dx() != tt.w/tt.scale || b.Dy() != tt.h/tt.scale {
			t.Fatalf("%dx%d: decoded %v, want %dx%d", tt.w, tt.h, b, tt.w/tt.scale, tt.h/tt.scale)
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
	var big, pic bytes.Buffer
	if err := jpeg.Encode(&big, testPicture(301, 100), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := CheckHeader(big.Bytes(), lim); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a JPEG over 3 times the limit: %v, want ErrTooLarge", err)
	}
	if err := png.Encode(&pic, testPicture(160, 100)); err != nil {
		t.Fatal(err)
	}
	if _, err := CheckHeader(pic.Bytes(), lim); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a PNG over the limit: %v, want ErrTooLarge", err)
	}
}

// TestReduceOtherImages checks the reduction of an image that is not YCbCr.
func TestReduceOtherImages(t *testing.T) {
	img := reduce(testPicture(40, 40), 4)
	if b := img.Bounds(); b.Dx() != 10 || b.Dy() != 10 {
		t.Fatalf("bounds %v", b)
	}
	if r, _, _, _ := img.At(0, 0).RGBA(); r != 0 {
		t.Errorf("black square reduced to %d", r>>8)
	}
	if r, _, _, _ := img.At(9, 0).RGBA(); r>>8 != 255 {
		t.Errorf("white paper reduced to %d", r>>8)
	}
}
