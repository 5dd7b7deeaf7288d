package ocr_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
)

// TestReadTellsEntriesFromGivens reads pictures drawn like a Sudoku app's
// screen (the bot's own pictures: the givens in the theme's ink, the other
// digits in its colour for filled digits), light and dark, full and half
// filled: the givens come back as the puzzle, the other digits as the
// player's entries.
func TestReadTellsEntriesFromGivens(t *testing.T) {
	puzzle := solver.MustGrid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	sol, err := solver.SolveUnique(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	half := puzzle
	for i := range 40 {
		half.SetCell(i, sol.Cell(i))
	}
	rec := ocr.NewRecognizer(nil)
	for _, tc := range []struct {
		name    string
		current solver.Grid
		theme   render.Theme
	}{
		{"solved, light", sol, render.Light},
		{"solved, dark", sol, render.Dark},
		{"half filled, light", half, render.Light},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, err := render.Wrong(puzzle, tc.current, nil, render.Options{Size: 600, Theme: tc.theme})
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := render.EncodePNG(&buf, img); err != nil {
				t.Fatal(err)
			}
			res, err := ocr.Read(context.Background(), buf.Bytes(), ocr.Options{Recognizer: rec})
			if err != nil {
				t.Fatal(err)
			}
			wantEntered, _ := solver.NewGrid(9)
			for i := range 81 {
				if puzzle.Cell(i) == 0 {
					wantEntered.SetCell(i, tc.current.Cell(i))
				}
			}
			if res.Grid != puzzle || res.Entered != wantEntered {
				t.Fatalf("read givens %s and entries %s, want %s and %s", res.Grid, res.Entered, puzzle, wantEntered)
			}
			if !res.Checked() || res.Solution != sol {
				t.Errorf("the givens did not check out: %v", res.Err())
			}
			for i, c := range res.Cells {
				want := ocr.KindEmpty
				switch {
				case puzzle.Cell(i) != 0:
					want = ocr.KindGiven
				case wantEntered.Cell(i) != 0:
					want = ocr.KindEntry
				}
				if c.Kind != want {
					t.Errorf("cell %d is %v, want %v", i, c.Kind, want)
				}
			}
		})
	}
}
