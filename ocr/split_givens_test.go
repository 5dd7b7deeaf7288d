package ocr

import (
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// TestGivensWeighed: how a given read unsurely ends up once the givens
// check out. A printed 8 the recognizer would also take for a digit
// another given of its row already holds is surely the 8: the puzzle
// rules the other digit out; but only as far as the other doubtful givens
// are right (with another given read at 0.5, half the other digit's chance
// is left). A given that may be missing (an alternative of no digit)
// stays as unsure: a puzzle with one given fewer is most often proper
// too. A given read surely is left as it is.
func TestGivensWeighed(t *testing.T) {
	puzzle := solver.MustGrid(synthPuzzle)
	cell, clash := -1, 0 // a given, and a digit another given of its row holds
	for i := 0; i < 81 && cell < 0; i++ {
		if puzzle.Cell(i) == 0 {
			continue
		}
		for c := range 9 {
			j := i/9*9 + c
			if j != i && puzzle.Cell(j) != 0 {
				cell, clash = i, puzzle.Cell(j)
				break
			}
		}
	}
	if cell < 0 {
		t.Fatal("no row of synthPuzzle holds two givens")
	}
	d := puzzle.Cell(cell)
	other := -1 // another given, read at 0.5 in one case
	for i := 80; other < 0; i-- {
		if puzzle.Cell(i) != 0 && i != cell {
			other = i
		}
	}
	tests := []struct {
		name      string
		in        CellReading
		otherConf float64
		wantConf  float64
		wantClash bool // the other digit is still an alternative
	}{
		{"another digit of its row", CellReading{Kind: KindGiven, Digit: d, Confidence: 0.9,
			Alternatives: []Alternative{{clash, 0.08}, {0, 0.01}}}, 1, 0.9 / 0.92, false},
		{"another given doubtful", CellReading{Kind: KindGiven, Digit: d, Confidence: 0.9,
			Alternatives: []Alternative{{clash, 0.08}, {0, 0.01}}}, 0.5, 0.9 / 0.96, true},
		{"maybe no digit", CellReading{Kind: KindGiven, Digit: d, Confidence: 0.9,
			Alternatives: []Alternative{{0, 0.09}}}, 1, 0.9, false},
		{"read surely", CellReading{Kind: KindGiven, Digit: d, Confidence: 0.98,
			Alternatives: []Alternative{{clash, 0.015}}}, 1, 0.98, true},
	}
	for _, tc := range tests {
		var rs [81]CellReading
		for i := range rs {
			rs[i] = CellReading{Kind: KindEmpty, Confidence: 1}
			if puzzle.Cell(i) != 0 {
				rs[i] = CellReading{Kind: KindGiven, Digit: puzzle.Cell(i), Confidence: 1}
			}
		}
		rs[other].Confidence = tc.otherConf
		rs[cell] = tc.in
		weighGivens(&rs, puzzle)
		got := rs[cell]
		if got.Digit != d || got.Confidence < tc.wantConf-1e-9 || got.Confidence > tc.wantConf+1e-9 {
			t.Errorf("%s: read as %d at %.4f, want %d at %.4f", tc.name, got.Digit, got.Confidence, d, tc.wantConf)
		}
		hasClash := false
		for _, a := range got.Alternatives {
			hasClash = hasClash || a.Digit == clash
		}
		if hasClash != tc.wantClash {
			t.Errorf("%s: %d an alternative: %v, want %v (%v)", tc.name, clash, hasClash, tc.wantClash, got.Alternatives)
		}
	}
}
