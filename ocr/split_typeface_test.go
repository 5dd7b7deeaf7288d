package ocr

import (
	"image"
	"image/color"
	"math"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// typefaceGlyph draws digit in the font ttf, dark on white, cropped to its
// ink and glyphHeight pixels high, as DigitGlyphs hands glyphs on.
func typefaceGlyph(t testing.TB, ttf []byte, digit string) *image.Gray {
	t.Helper()
	f, err := opentype.Parse(ttf)
	if err != nil {
		t.Fatal(err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: 44, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		t.Fatal(err)
	}
	defer face.Close()
	b, _ := font.BoundString(face, digit)
	w, h := (b.Max.X - b.Min.X).Ceil(), (b.Max.Y - b.Min.Y).Ceil()
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	d := &font.Drawer{Dst: img, Src: image.NewUniform(color.Gray{Y: 30}), Face: face,
		Dot: fixed.Point26_6{X: -b.Min.X, Y: -b.Min.Y}}
	d.DrawString(digit)
	// Scale to glyphHeight rows, nearest neighbour, as the cutter does.
	out := image.NewGray(image.Rect(0, 0, w*glyphHeight/h, glyphHeight))
	for y := range out.Rect.Dy() {
		for x := range out.Rect.Dx() {
			out.SetGray(x, y, img.GrayAt(x*h/glyphHeight, y*h/glyphHeight))
		}
	}
	return out
}

// TestTypefaceOdds draws a page whose print is one typeface (Go Regular,
// three of each of 7, 4 and 2) and whose other digits are each in another
// face (standing in for a hand, which never writes two digits alike): the
// print gets odds for print, the others against.
func TestTypefaceOdds(t *testing.T) {
	var glyphs [81]*image.Gray
	var digits [81]int
	var printed [81]bool
	cell := 0
	for _, d := range []string{"7", "4", "2"} {
		for range 3 {
			glyphs[cell], digits[cell], printed[cell] = typefaceGlyph(t, goregular.TTF, d), int(d[0]-'0'), true
			cell++
		}
	}
	odd := map[int][]byte{}
	for _, ttf := range [][]byte{gomono.TTF, gobolditalic.TTF, goitalic.TTF} {
		// Each digit 7 in another face, and a 4 too.
		for _, d := range []string{"7", "4"} {
			glyphs[cell], digits[cell] = typefaceGlyph(t, ttf, d), int(d[0]-'0')
			odd[cell] = []byte(d)
			cell++
		}
	}
	lone := cell // a 9 the page shows once: no evidence
	glyphs[lone], digits[lone], printed[lone] = typefaceGlyph(t, goregular.TTF, "9"), 9, true

	match := bestMatches(&glyphs, &digits)
	odds := typefaceOdds(&match, &printed)
	for i := range lone {
		if _, isOdd := odd[i]; isOdd {
			if odds[i] >= 0 {
				t.Errorf("cell %d, a %d in another face: match %.3f, odds %.2f for print, want below 0", i, digits[i], match[i], odds[i])
			}
		} else if odds[i] <= 0 {
			t.Errorf("cell %d, a printed %d: match %.3f, odds %.2f for print, want above 0", i, digits[i], match[i], odds[i])
		}
		if math.Abs(odds[i]) > maxTypefaceOdds {
			t.Errorf("cell %d: odds %.2f beyond the cap %v", i, odds[i], maxTypefaceOdds)
		}
	}
	if !math.IsNaN(match[lone]) || odds[lone] != 0 {
		t.Errorf("a digit shown once: match %v, odds %v; want NaN and 0", match[lone], odds[lone])
	}

	// Too few printed digits to know the print's likeness: no evidence.
	var few [81]bool
	few[0], few[1], few[2] = true, true, true
	for i, o := range typefaceOdds(&match, &few) {
		if o != 0 {
			t.Fatalf("cell %d: odds %.2f from three printed digits, want none", i, o)
		}
	}
}

func BenchmarkBestMatches(b *testing.B) {
	var glyphs [81]*image.Gray
	var digits [81]int
	for i := range 36 { // four of each digit, a full page's worth of pairs
		d := string(rune('1' + i%9))
		glyphs[i], digits[i] = typefaceGlyph(b, goregular.TTF, d), i%9+1
	}
	for b.Loop() {
		bestMatches(&glyphs, &digits)
	}
}
