package ocr

import (
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// TestSymmetricSplit checks that the split of a puzzle whose givens are
// symmetric but for a cell or two is settled by the symmetry, and that
// nothing else is touched.
func TestSymmetricSplit(t *testing.T) {
	puzzle := solver.MustGrid(synthPuzzle) // symmetric under half a turn
	sol, err := solveReading(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	// base reads the puzzle's givens as printed and the cells in entries
	// as the player's right digits, written by hand.
	base := func(entries ...int) [81]CellReading {
		var rs [81]CellReading
		for i := range rs {
			rs[i] = CellReading{Kind: KindEmpty, Confidence: 1}
			if d := puzzle.Cell(i); d != 0 {
				rs[i] = CellReading{Kind: KindGiven, Digit: d, Confidence: 1, Hand: 0.01}
			}
		}
		for _, i := range entries {
			rs[i] = CellReading{Kind: KindEntry, Digit: sol.Cell(i), Confidence: 1, Hand: 0.95}
		}
		return rs
	}
	// Cells 2 and 78, 3 and 77 are empty partners; 0 and 80 givens.
	type change struct {
		cell int
		kind CellKind
		hand float64
	}
	for _, tc := range []struct {
		name    string
		entries []int
		change  []change // readings made different from base
		want    []change // kinds expected after the split (cell, kind)
	}{
		{"an entry read as a given, its partner an entry", []int{2, 78},
			[]change{{2, KindGiven, 0.6}}, []change{{2, KindEntry, 0}, {78, KindEntry, 0}}},
		{"a given read as an entry", []int{3, 77},
			[]change{{0, KindEntry, 0.7}}, []change{{0, KindGiven, 0}, {3, KindEntry, 0}}},
		{"an entry read as a given, its partner empty", []int{3, 77},
			[]change{{2, KindGiven, 0.3}}, []change{{2, KindEntry, 0}}},
		{"a printed-looking given with an empty partner stays", []int{3, 77},
			[]change{{2, KindGiven, 0.01}}, []change{{2, KindGiven, 0}}},
		{"no entries: nothing to settle", nil,
			[]change{{2, KindGiven, 0.6}}, []change{{2, KindGiven, 0}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs := base(tc.entries...)
			for _, c := range tc.change {
				rs[c.cell].Kind, rs[c.cell].Hand = c.kind, c.hand
				rs[c.cell].Digit = sol.Cell(c.cell)
			}
			before := rs
			symmetricSplit(&rs, givensChecks{})
			for _, w := range tc.want {
				if rs[w.cell].Kind != w.kind {
					t.Errorf("cell %d is %v, want %v", w.cell, rs[w.cell].Kind, w.kind)
				}
			}
			for i := range rs {
				if rs[i].Digit != before[i].Digit || rs[i].Confidence != before[i].Confidence {
					t.Errorf("cell %d changed from %+v to %+v: only kinds may change", i, before[i], rs[i])
				}
			}
		})
	}

	// A puzzle far from symmetric keeps its split: a misread there cannot
	// be told from the puzzle's own asymmetry.
	rs := base(3, 77)
	for _, i := range []int{2, 6, 11, 15, 19} { // five more "givens", none with a given partner
		rs[i] = CellReading{Kind: KindGiven, Digit: sol.Cell(i), Confidence: 1, Hand: 0.6}
	}
	before := rs
	symmetricSplit(&rs, givensChecks{})
	for i := range rs {
		if rs[i].Kind != before[i].Kind {
			t.Errorf("cell %d of an asymmetric split changed from %v to %v", i, before[i].Kind, rs[i].Kind)
		}
	}
}
