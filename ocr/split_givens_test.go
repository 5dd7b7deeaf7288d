package ocr

import "testing"

// TestGivensWeighed: how a given read unsurely ends up once the givens
// check out. A printed 8 the recognizer would also take for a digit
// another given of its row already holds is surely the 8: the puzzle
// rules the other digit out; but only as far as the other doubtful givens
// are right (with another given read at 0.5, half the other digit's chance
// is left). A given that may be missing (an alternative of no digit)
// stays as unsure: a puzzle with one given fewer is most often proper
// too. A given read surely is left as it is.
func TestGivensWeighed(t *testing.T) {
	puzzle, sol := synthSolved(t)
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
		weighGivens(&rs, puzzle, sol)
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

// TestEmptiesWeighedAgainstThePuzzle: a cell read as empty but for a faint
// chance of a digit, in a grid whose givens check out. On a printed page
// with no entries, a digit missed there would be a given, and a given
// there can only be the solution's digit: the other digits are ruled out
// (but for the chance that the digit is a player's, Laplace's rule over
// the digits read) and the cell is read surely as empty. In a grid of as
// many entries as givens, a digit there would as likely be the player's,
// any digit, and the cell stays doubtful.
func TestEmptiesWeighedAgainstThePuzzle(t *testing.T) {
	puzzle, sol := synthSolved(t)
	const cell = 40 // empty in synthPuzzle
	right := sol.Cell(cell)
	wrong := right%9 + 1
	faint := CellReading{Kind: KindEmpty, Confidence: 0.95,
		Alternatives: []Alternative{{Digit: wrong, Confidence: 0.03}, {Digit: right, Confidence: 0.01}}}
	tests := []struct {
		name    string
		entries bool
		sure    bool
	}{
		{"no entries", false, true},
		{"many entries", true, false},
	}
	for _, tc := range tests {
		var rs [81]CellReading
		givens := 0
		for i := range rs {
			switch {
			case puzzle.Cell(i) != 0:
				rs[i] = CellReading{Kind: KindGiven, Digit: puzzle.Cell(i), Confidence: 1}
				givens++
			default:
				rs[i] = CellReading{Kind: KindEmpty, Confidence: 1}
			}
		}
		if tc.entries {
			for i := 0; givens > 0; i++ {
				if puzzle.Cell(i) == 0 && i != cell {
					rs[i] = CellReading{Kind: KindEntry, Digit: sol.Cell(i), Confidence: 1}
					givens--
				}
			}
		}
		rs[cell] = faint
		weighGivens(&rs, puzzle, sol)
		got := rs[cell]
		if got.Kind != KindEmpty || got.Digit != 0 || got.Confidence < faint.Confidence {
			t.Errorf("%s: read as %v %d at %.3f, want empty at %.3f at least", tc.name, got.Kind, got.Digit, got.Confidence, faint.Confidence)
		}
		if sure := got.Confidence >= SureConfidence; sure != tc.sure {
			t.Errorf("%s: empty at %.3f, sure %v, want %v", tc.name, got.Confidence, sure, tc.sure)
		}
	}
}
