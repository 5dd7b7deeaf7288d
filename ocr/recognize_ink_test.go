package ocr

import (
	"image"
	"image/color"
	"testing"

	"golang.org/x/image/font/gofont/goregular"

	"github.com/sudokubot/sudokubot/solver"
)

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

// boxBlur3 blurs img in place with a 3x3 box filter.
func boxBlur3(img *image.Gray) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	src := make([]uint8, len(img.Pix))
	copy(src, img.Pix)
	for y := range h {
		for x := range w {
			sum, n := 0, 0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					nx, ny := x+dx, y+dy
					if nx >= 0 && ny >= 0 && nx < w && ny < h {
						sum += int(src[ny*img.Stride+nx])
						n++
					}
				}
			}
			img.Pix[y*img.Stride+x] = uint8(sum / n)
		}
	}
}
