package tesseract

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"testing"

	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
)

// TestRoundTripOCR draws puzzles and reads the pictures back with the
// photo reader (with Tesseract): a picture the bot sends must read as the
// grid it shows, since people forward or screenshot them. The OCR reads
// 9x9 grids only; dark-theme pictures are read from their negative.
func TestRoundTripOCR(t *testing.T) {
	if testing.Short() {
		t.Skip("reads pictures with Tesseract; skipped with -short")
	}
	rec := testRecognizer(t)
	puzzles := []string{
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
		"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
	}
	for i, p := range puzzles {
		g := solver.MustGrid(p)
		for _, c := range []struct {
			size  int
			theme render.Theme
			label bool
		}{{450, render.Light, false}, {900, render.Light, true}, {1600, render.Light, true}, {900, render.Dark, false}, {1600, render.Dark, true}} {
			t.Run(fmt.Sprintf("puzzle%d/%d/%v/labels=%v", i+1, c.size, c.theme, c.label), func(t *testing.T) {
				img, err := render.Grid(g, render.Options{Size: c.size, Theme: c.theme, Labels: c.label})
				if err != nil {
					t.Fatal(err)
				}
				readRendered(t, rec, img, g)
			})
		}
		// A solution picture reads as the full grid: the solver's blue
		// digits are as legible as the givens.
		t.Run(fmt.Sprintf("puzzle%d/solution", i+1), func(t *testing.T) {
			sol, err := solver.SolveUnique(g)
			if err != nil {
				t.Fatal(err)
			}
			img, err := render.Solution(g, sol, render.Options{})
			if err != nil {
				t.Fatal(err)
			}
			readRendered(t, rec, img, sol)
		})
	}
}

// readRendered encodes a rendered picture as PNG, reads it with the photo
// pipeline and checks that the grid read is want.
func readRendered(t *testing.T, rec ocr.Recognizer, img image.Image, want solver.Grid) {
	t.Helper()
	var buf bytes.Buffer
	if err := render.EncodePNG(&buf, img); err != nil {
		t.Fatal(err)
	}
	res, err := ocr.Read(context.Background(), buf.Bytes(), ocr.Options{Recognizer: rec})
	if err != nil {
		t.Fatalf("read the picture: %v", err)
	}
	if res.Grid != want {
		t.Errorf("read back\n%s\nwant\n%s", res.Grid.Pretty(), want.Pretty())
	}
}
