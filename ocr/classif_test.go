package ocr

import (
	"image"
	"image/color"
	"math"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/sudokubot/sudokubot/solver"
)

// inkOfDigit renders digit d in face in a 50x50 cell and runs the ink
// analysis on it.
func inkOfDigit(t testing.TB, face font.Face, d int) inkCell {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, 50, 50))
	for i := range img.Pix {
		img.Pix[i] = 230
	}
	drawText(img, face, string(rune('0'+d)), 25, 25)
	bin := binarizeInk(img, 50)
	c := analyzeCell(img, bin, 50, img.Bounds())
	if !c.HasDigit {
		t.Fatalf("no digit found in a cell holding %d", d)
	}
	return c
}

func TestShapeSimilarity(t *testing.T) {
	reg := goFace(t, goregular.TTF, 28)
	bold := goFace(t, gobold.TTF, 28)
	for d := 1; d <= 9; d++ {
		s := shapeOf(ptr(inkOfDigit(t, reg, d)))
		if self := similarity(&s, &s); math.Abs(self-1) > 1e-4 {
			t.Errorf("%d: self-similarity %v, want 1", d, self)
		}
		// The same digit in the bold face must look more alike than any
		// other digit in the bold face.
		same := shapeOf(ptr(inkOfDigit(t, bold, d)))
		simSame := similarity(&s, &same)
		for e := 1; e <= 9; e++ {
			if e == d {
				continue
			}
			other := shapeOf(ptr(inkOfDigit(t, bold, e)))
			if so := similarity(&s, &other); so >= simSame {
				t.Errorf("regular %d is as close to bold %d (%.3f) as to bold %d (%.3f)", d, e, so, d, simSame)
			}
		}
	}
}

func ptr[T any](v T) *T { return &v }

// TestPhotoVote gives three readings of the same-looking 8 of which one was
// misread as a 6 (with 8 as a weaker alternative), next to real 6s: the
// vote must turn the misread into an 8 and leave the 6s alone.
func TestPhotoVote(t *testing.T) {
	face := goFace(t, goregular.TTF, 28)
	eight := shapeOf(ptr(inkOfDigit(t, face, 8)))
	six := shapeOf(ptr(inkOfDigit(t, face, 6)))
	sure := func(d int) [10]float64 {
		var p [10]float64
		for e := 1; e <= 9; e++ {
			p[e] = 0.01 / 8
		}
		p[d] = 0.99
		return p
	}
	misread := sure(6)
	misread[6], misread[8] = 0.6, 0.39
	probs := [][10]float64{sure(8), sure(8), misread, sure(6), sure(6)}
	shapes := []shape{eight, eight, eight, six, six}
	got := photoVote(probs, shapes)
	for k, want := range []int{8, 8, 8, 6, 6} {
		if b := bestDigit(got[k]); b != want {
			t.Errorf("glyph %d: voted %d (%v), want %d", k, b, got[k], want)
		}
		var sum float64
		for d := 1; d <= 9; d++ {
			sum += got[k][d]
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("glyph %d: probabilities add up to %v", k, sum)
		}
	}
}

func TestAnalyzeCell(t *testing.T) {
	face := goFace(t, goregular.TTF, 26)
	for _, tc := range []struct {
		name  string
		draw  func(img *image.Gray)
		digit bool
	}{
		{"blank", func(*image.Gray) {}, false},
		{"digit", func(img *image.Gray) { drawText(img, face, "4", 25, 25) }, true},
		{"one", func(img *image.Gray) { drawText(img, face, "1", 25, 25) }, true},
		{"line remains on two edges", func(img *image.Gray) {
			fillRect(img, image.Rect(0, 0, 50, 3), 30)
			fillRect(img, image.Rect(47, 0, 50, 50), 30)
		}, false},
		{"digit touching a line remain", func(img *image.Gray) {
			fillRect(img, image.Rect(0, 0, 3, 50), 30)
			drawText(img, face, "7", 25, 25)
		}, true},
		{"specks", func(img *image.Gray) {
			fillRect(img, image.Rect(20, 20, 22, 22), 30)
			fillRect(img, image.Rect(30, 12, 31, 14), 30)
		}, false},
		{"blob in a corner", func(img *image.Gray) { fillRect(img, image.Rect(3, 3, 12, 20), 30) }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := image.NewGray(image.Rect(0, 0, 50, 50))
			for i := range img.Pix {
				img.Pix[i] = 225
			}
			tc.draw(img)
			c := analyzeCell(img, binarizeInk(img, 50), 50, img.Bounds())
			if c.HasDigit != tc.digit {
				t.Fatalf("HasDigit = %v, want %v", c.HasDigit, tc.digit)
			}
			if c.HasDigit && (c.W < 2 || c.H < 10 || len(c.Mask) != c.W*c.H || len(c.Gray) != c.W*c.H) {
				t.Fatalf("digit mask %dx%d (%d, %d values)", c.W, c.H, len(c.Mask), len(c.Gray))
			}
		})
	}
}

func fillRect(img *image.Gray, r image.Rectangle, v uint8) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetGray(x, y, color.Gray{Y: v})
		}
	}
}

// TestAnalyzeCellsOddHeight draws, in an empty cell of a printed grid, a
// bar much taller than the digits (what a grid line left inside a cell by a
// slightly wrong cut looks like): it may be taken for ink, but never as
// surely as a digit, so that the correction can drop it.
func TestAnalyzeCellsOddHeight(t *testing.T) {
	g := synthGrid(t, solver.MustGrid(synthPuzzle), goFace(t, goregular.TTF, 26), 450)
	const cell = 2 // r1c3, empty in the puzzle
	fillRect(g, image.Rect(2*50+22, 8, 2*50+25, 44), 60)
	ink := analyzeCells(CutCells(g))
	if c := ink[cell]; c.HasDigit && c.EmptyConf > 0.6 {
		t.Fatalf("a bar 1.5 times as tall as the digits is a digit with confidence %v", c.EmptyConf)
	}
	if c := ink[0]; !c.HasDigit || c.EmptyConf < 0.9 {
		t.Fatalf("the 5 in r1c1: HasDigit %v, confidence %v", c.HasDigit, c.EmptyConf)
	}
}

// TestFontProbs checks the Go-font classifier on digits it was not built
// from: the italic Go faces, which none of the renders use, read mostly
// right, and a clean regular digit is read with near certainty.
func TestFontProbs(t *testing.T) {
	if n := len(fontShapes()); n < 9*5*2*3*9/10 {
		t.Fatalf("only %d font shapes rendered", n)
	}
	reg := goFace(t, goregular.TTF, 26)
	italic := goFace(t, goitalic.TTF, 26)
	right := 0
	for d := 1; d <= 9; d++ {
		p := fontProbs(ptr(shapeOf(ptr(inkOfDigit(t, reg, d)))))
		if bestDigit(p) != d || p[d] < 0.9 {
			t.Errorf("regular %d: read %d, p(%d) = %.3f", d, bestDigit(p), d, p[d])
		}
		if bestDigit(fontProbs(ptr(shapeOf(ptr(inkOfDigit(t, italic, d)))))) == d {
			right++
		}
	}
	if right < 7 {
		t.Errorf("italic digits: %d of 9 right, want at least 7", right)
	}
}

// FuzzAnalyzeCells runs the ink analysis on arbitrary gray images and cell
// boxes: it must not panic, and every digit it finds has a consistent mask.
func FuzzAnalyzeCells(f *testing.F) {
	f.Add(uint8(90), uint8(7), []byte{0, 255, 30, 200})
	f.Add(uint8(0), uint8(0), []byte{})
	f.Add(uint8(200), uint8(255), []byte{255})
	f.Fuzz(func(t *testing.T, size, inset uint8, pix []byte) {
		s := int(size)
		img := image.NewGray(image.Rect(0, 0, s, s))
		for i := range img.Pix {
			if len(pix) > 0 {
				img.Pix[i] = pix[i%len(pix)]
			}
		}
		c := CutCells(img)
		for i := range c.Rects {
			c.Rects[i] = c.Rects[i].Inset(int(inset) - 128)
		}
		for i, ic := range analyzeCells(c) {
			if ic.HasDigit && (ic.W <= 0 || ic.H <= 0 || len(ic.Mask) != ic.W*ic.H || len(ic.Gray) != ic.W*ic.H) {
				t.Fatalf("cell %d: mask %dx%d with %d and %d values", i, ic.W, ic.H, len(ic.Mask), len(ic.Gray))
			}
			if ic.EmptyConf < 0 || ic.EmptyConf > 1 {
				t.Fatalf("cell %d: confidence %v", i, ic.EmptyConf)
			}
		}
	})
}

// bestDigit returns the digit 1-9 with the largest probability in p.
func bestDigit(p [10]float64) int {
	b := 1
	for d := 2; d <= 9; d++ {
		if p[d] > p[b] {
			b = d
		}
	}
	return b
}
