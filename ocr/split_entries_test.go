package ocr

import (
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// TestEntriesWeighed: how an entry read unsurely, that the solution
// contradicts, ends up. A scrawl read as 7 or 5 about evenly (the right
// digit being 5), with a little chance of no digit at all, is the right
// digit read unsurely; a speck read as a faint 7 that is likelier no digit
// than the right one is no entry; an entry read surely as a wrong digit
// stays the player's mistake.
func TestEntriesWeighed(t *testing.T) {
	_, sol := synthSolved(t)
	const cell = 40 // empty in synthPuzzle
	right := sol.Cell(cell)
	wrong := right%9 + 1
	other := wrong%9 + 1
	tests := []struct {
		name      string
		in        CellReading
		wantDigit int
		sure      bool
	}{
		{"a scrawl", CellReading{Kind: KindEntry, Digit: wrong, Confidence: 0.32,
			Alternatives: []Alternative{{right, 0.29}, {other, 0.13}, {0, 0.07}}}, right, false},
		{"a speck", CellReading{Kind: KindEntry, Digit: wrong, Confidence: 0.5,
			Alternatives: []Alternative{{0, 0.4}, {right, 0.05}}}, 0, false},
		{"a sure mistake", CellReading{Kind: KindEntry, Digit: wrong, Confidence: 0.9995,
			Alternatives: []Alternative{{right, 0.0004}}}, wrong, true},
	}
	for _, tc := range tests {
		var rs [81]CellReading
		rs[cell] = tc.in
		var entered solver.Grid
		entered.SetCell(cell, tc.in.Digit)
		dropNoiseEntries(&rs, &entered, sol)
		weighEntries(&rs, &entered, sol)
		got := rs[cell]
		if got.Digit != tc.wantDigit || entered.Cell(cell) != tc.wantDigit {
			t.Errorf("%s: read as %d (entered %d), want %d", tc.name, got.Digit, entered.Cell(cell), tc.wantDigit)
		}
		if sure := got.Confidence >= SureConfidence; sure != tc.sure {
			t.Errorf("%s: confidence %.3f, sure %v, want %v", tc.name, got.Confidence, sure, tc.sure)
		}
	}
}

// TestEntriesWeighedPastAlternatives: an entry read as a wrong digit at
// 0.9995, the right digit's 0.0004 too small to be listed among the
// alternatives, is weighed with all the recognizer's digits: the prior
// that entries are right makes it one to check (under AccuseConfidence),
// the right digit its alternative. The same reading from a recognizer that
// gives no more than its alternatives stays a mistake.
func TestEntriesWeighedPastAlternatives(t *testing.T) {
	_, sol := synthSolved(t)
	const cell = 40 // empty in synthPuzzle
	right := sol.Cell(cell)
	wrong := right%9 + 1
	for _, tc := range []struct {
		name   string
		digits bool
		accuse bool
	}{
		{"all the digits", true, false},
		{"the alternatives alone", false, true},
	} {
		in := CellReading{Kind: KindEntry, Digit: wrong, Confidence: 0.9995}
		if tc.digits {
			in.digits[wrong], in.digits[right] = 0.9995, 0.0004
		}
		var rs [81]CellReading
		rs[cell] = in
		var entered solver.Grid
		entered.SetCell(cell, wrong)
		weighEntries(&rs, &entered, sol)
		got := rs[cell]
		if got.Digit != wrong || entered.Cell(cell) != wrong {
			t.Errorf("%s: read as %d (entered %d), want %d", tc.name, got.Digit, entered.Cell(cell), wrong)
		}
		if accuse := got.Confidence >= AccuseConfidence; accuse != tc.accuse {
			t.Errorf("%s: confidence %.4f, accused %v, want %v", tc.name, got.Confidence, accuse, tc.accuse)
		}
		if !tc.accuse && got.OtherDigit() != right {
			t.Errorf("%s: alternatives %v, want %d first", tc.name, got.Alternatives, right)
		}
	}
}

// TestEmptiesWeighed: a cell read as empty, but for a faint chance of a
// digit, in a grid the player has all but filled in is an entry read
// unsurely; mostly filled in, it is empty but less surely; in a grid with a
// few entries or none it is left as it is (never surer than the
// recognizer read it).
func TestEmptiesWeighed(t *testing.T) {
	puzzle, sol := synthSolved(t)
	faint := CellReading{Kind: KindEmpty, Confidence: 0.92, Alternatives: []Alternative{{Digit: 5, Confidence: 0.07}}}
	const cell = 40 // empty in synthPuzzle
	grid := func(entries int) ([81]CellReading, solver.Grid) {
		var rs [81]CellReading
		var entered solver.Grid
		for i := range 81 {
			switch {
			case puzzle.Cell(i) != 0:
				rs[i] = CellReading{Kind: KindGiven, Digit: puzzle.Cell(i), Confidence: 1}
			case i != cell && entries > 0:
				rs[i] = CellReading{Kind: KindEntry, Digit: sol.Cell(i), Confidence: 1}
				entered.SetCell(i, sol.Cell(i))
				entries--
			default:
				rs[i] = CellReading{Kind: KindEmpty, Confidence: 1}
			}
		}
		rs[cell] = faint
		return rs, entered
	}
	tests := []struct {
		name    string
		entries int
		digit   int
		conf    func(float64) bool
	}{
		{"all but filled", 80, 5, func(c float64) bool { return c > 0.5 && c < SureConfidence }},
		{"mostly filled", 45, 0, func(c float64) bool { return c < faint.Confidence }},
		{"a few entries", 3, 0, func(c float64) bool { return c == faint.Confidence }},
		{"no entries", 0, 0, func(c float64) bool { return c == faint.Confidence }},
	}
	for _, tc := range tests {
		rs, entered := grid(tc.entries)
		weighEmpties(&rs, &entered)
		if got := rs[cell]; got.Digit != tc.digit || entered.Cell(cell) != tc.digit || !tc.conf(got.Confidence) {
			t.Errorf("%s: read as %d at %.3f (entered %d), want %d", tc.name, got.Digit, got.Confidence, entered.Cell(cell), tc.digit)
		}
	}
}
