package ocr

import (
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// entryCell returns the solution of synthPuzzle, one of its empty cells,
// the cell's right digit and a wrong one.
func entryCell(t *testing.T) (sol solver.Grid, cell, right, wrong int) {
	t.Helper()
	_, sol = synthSolved(t)
	cell = 40 // empty in synthPuzzle
	right = sol.Cell(cell)
	return sol, cell, right, right%9 + 1
}

// TestEntriesWeighed: how an entry read unsurely, that the solution
// contradicts, ends up. A scrawl read as 7 or 5 about evenly (the right
// digit being 5), with a little chance of no digit at all, is the right
// digit read unsurely; a speck read as a faint 7 that is likelier no digit
// than the right one is no entry; an entry read surely as a wrong digit
// stays the player's mistake.
func TestEntriesWeighed(t *testing.T) {
	sol, cell, right, wrong := entryCell(t)
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
	sol, cell, right, wrong := entryCell(t)
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
	faint := CellReading{Kind: KindEmpty, Confidence: 0.92, Alternatives: []Alternative{{Digit: 5, Confidence: 0.07}}}
	const cell = 40 // empty in synthPuzzle
	grid := func(entries int) ([81]CellReading, solver.Grid) {
		rs, entered, _ := filledIn(t, entries, cell)
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

// filledIn returns the readings of synthPuzzle with its givens read surely
// and the solution's digit entered, read surely, in entries of its other
// cells (row by row), all but cell; the rest read empty. It returns the
// entries as a grid, and the solution.
func filledIn(t *testing.T, entries, cell int) ([81]CellReading, solver.Grid, solver.Grid) {
	puzzle, sol := synthSolved(t)
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
	return rs, entered, sol
}

// TestLastCellsWeighedByTheFill: in a grid the player has all but filled
// in, a pen digit the recognizer reads as a wrong digit with a fair chance
// of none (a badly written 3 read as a 5), or as one pencil mark where the
// player keeps none, is the right digit read unsurely: named as a cell to
// check, neither dropped as a speck nor left a mark. With a few entries
// only, the speck is dropped as before, and where the player keeps pencil
// marks (a cell holds several) the mark stays one.
func TestLastCellsWeighedByTheFill(t *testing.T) {
	sol, cell, right, wrong := entryCell(t)
	scrawl := CellReading{Kind: KindEntry, Digit: wrong, Confidence: 0.62,
		Alternatives: []Alternative{{0, 0.21}, {right, 0.14}}}
	mark := CellReading{Kind: KindMarks, Marks: solver.DigitSetOf(right), Confidence: 0.58,
		Alternatives: []Alternative{{right, 0.41}}}
	for _, tc := range []struct {
		name       string
		entries    int
		in         CellReading
		keepsMarks bool
		want       CellKind
		wantDigit  int
	}{
		{"a scrawl, all but filled", 80, scrawl, false, KindEntry, right},
		{"a scrawl, a few entries", 3, scrawl, false, KindEmpty, 0},
		{"one mark, all but filled", 80, mark, false, KindEntry, right},
		{"one mark, marks kept", 80, mark, true, KindMarks, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs, entered, _ := filledIn(t, tc.entries, cell)
			rs[cell] = tc.in
			entered.SetCell(cell, tc.in.Digit)
			if tc.keepsMarks {
				// Another cell holds two marks, an entry less.
				for i := range rs {
					if i != cell && rs[i].Kind == KindEntry {
						rs[i] = CellReading{Kind: KindMarks, Marks: solver.DigitSetOf(1, 2), Confidence: 0.99}
						entered.SetCell(i, 0)
						break
					}
				}
			}
			weighEmpties(&rs, &entered)
			dropNoiseEntries(&rs, &entered, sol)
			weighEntries(&rs, &entered, sol)
			got := rs[cell]
			if got.Kind != tc.want || got.Digit != tc.wantDigit || entered.Cell(cell) != tc.wantDigit {
				t.Errorf("read as a %v %d (entered %d), want a %v %d", got.Kind, got.Digit, entered.Cell(cell), tc.want, tc.wantDigit)
			}
			if got.Confidence >= SureConfidence {
				t.Errorf("read at %.3f, want a cell to check (under %v)", got.Confidence, SureConfidence)
			}
		})
	}
}

// TestEntriesWeighedStayProbabilities: an entry whose digit estimates
// add up to more than 1 (the reading's confidence beside the network's
// nine digits, as a small typed entry weighed by its height leaves them)
// is read with a probability, never above 1, and with "no digit" its
// outcomes add up to at most 1.
func TestEntriesWeighedStayProbabilities(t *testing.T) {
	sol, cell, right, wrong := entryCell(t)
	for _, tc := range []struct {
		name  string
		in    CellReading
		other float64 // the network's probability of the other digit
		want  int
	}{
		{"the right digit, surely", CellReading{Kind: KindEntry, Digit: right, Confidence: 0.99994}, 0.0028, right},
		{"torn, with no digit", CellReading{Kind: KindEntry, Digit: wrong, Confidence: 0.6,
			Alternatives: []Alternative{{Digit: right, Confidence: 0.3}, {Digit: 0, Confidence: 0.2}}}, 0.3, right},
	} {
		in := tc.in
		in.digits[in.Digit] = in.Confidence
		other := wrong
		if in.Digit == wrong {
			other = right
		}
		in.digits[other] = tc.other
		var rs [81]CellReading
		rs[cell] = in
		var entered solver.Grid
		entered.SetCell(cell, in.Digit)
		weighEntries(&rs, &entered, sol)
		got := rs[cell]
		if got.Digit != tc.want {
			t.Errorf("%s: read %d, want %d", tc.name, got.Digit, tc.want)
		}
		sum := got.Confidence
		for _, a := range got.Alternatives {
			sum += a.Confidence
		}
		if got.Confidence > 1 || sum > 1+1e-12 {
			t.Errorf("%s: read at %v, outcomes adding up to %v (%v): not probabilities", tc.name, got.Confidence, sum, got.Alternatives)
		}
	}
}
