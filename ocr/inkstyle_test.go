package ocr

import (
	"slices"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// synthSolved returns synthPuzzle and its solution.
func synthSolved(t *testing.T) (puzzle, sol solver.Grid) {
	t.Helper()
	puzzle = solver.MustGrid(synthPuzzle)
	sol, err := solver.Solve(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	return puzzle, sol
}

// TestInkSplit: a photo of a newspaper puzzle filled in with a black pen,
// whose print comes out gray. The digits the recognizer is sure about
// teach the two inks; a neat entry it takes for print (hand 0.3) in the
// pen's ink becomes an entry, a given it takes for handwriting (0.6) in
// the print's ink a given, and a digit in neither ink keeps the
// recognizer's view.
func TestInkSplit(t *testing.T) {
	puzzle, sol := synthSolved(t)
	var rs [81]CellReading
	var styles [81]glyphStyle
	grayInk := func(l float64) glyphStyle { return glyphStyle{ok: true, l: l, a: -1, b: 3} }
	var empties []int
	for i := range rs {
		if d := puzzle.Cell(i); d != 0 {
			rs[i] = CellReading{Kind: KindGiven, Digit: d, Confidence: 1, Hand: 0.02}
			styles[i] = grayInk(42 + float64(i%5))
			continue
		}
		empties = append(empties, i)
	}
	for _, i := range empties[:12] { // the player's sure entries
		rs[i] = CellReading{Kind: KindEntry, Digit: sol.Cell(i), Confidence: 1, Hand: 0.97}
		styles[i] = grayInk(24 + float64(i%4))
	}
	neat, odd := empties[12], empties[13]
	rs[neat] = CellReading{Kind: KindGiven, Digit: sol.Cell(neat), Confidence: 1, Hand: 0.3}
	styles[neat] = grayInk(25)
	rs[odd] = CellReading{Kind: KindGiven, Digit: sol.Cell(odd), Confidence: 1, Hand: 0.3}
	styles[odd] = glyphStyle{ok: true, l: 34, a: 30, b: 20} // red: neither ink
	scrawly := 0                                            // a given the recognizer finds handwritten
	for puzzle.Cell(scrawly) == 0 {
		scrawly++
	}
	rs[scrawly].Kind, rs[scrawly].Hand = KindEntry, 0.6
	if !inkSplit(&rs, &styles) {
		t.Fatal("inkSplit changed nothing")
	}
	if rs[neat].Kind != KindEntry {
		t.Errorf("the neat entry in the pen's ink is a %v", rs[neat].Kind)
	}
	if rs[scrawly].Kind != KindGiven {
		t.Errorf("the given in the print's ink is an %v", rs[scrawly].Kind)
	}
	if rs[odd].Kind != KindGiven {
		t.Errorf("the digit in neither ink is an %v, not a given as the recognizer read it", rs[odd].Kind)
	}
	// Too few sure entries to learn the pen's ink from: nothing changes.
	for _, i := range empties[minInkSamples-1 : 12] {
		rs[i] = CellReading{}
	}
	rs[neat].Kind = KindGiven
	if inkSplit(&rs, &styles) {
		t.Error("inkSplit changed the split with too few sure entries")
	}
}

// TestSettleBetween: of two clearly coloured groups (black print, a red
// pen), a digit whose ink is halfway (the pen dimmed by a shadow) goes
// where the recognizer puts it; one near either colour stays with it.
func TestSettleBetween(t *testing.T) {
	var styles [81]glyphStyle
	var printed [81]bool
	var givens, entries []int
	for i := range 10 {
		styles[i] = glyphStyle{ok: true, l: 25, a: -2, b: 10}
		printed[i] = true
		givens = append(givens, i)
		styles[20+i] = glyphStyle{ok: true, l: 33, a: 35, b: 25}
		entries = append(entries, 20+i)
	}
	const halfway, halfwayPrint, nearPen = 40, 41, 42
	styles[halfway] = glyphStyle{ok: true, l: 29, a: 16, b: 18}
	styles[halfwayPrint] = styles[halfway]
	printed[halfwayPrint] = true
	styles[nearPen] = glyphStyle{ok: true, l: 31, a: 30, b: 23}
	printed[nearPen] = true // the recognizer's view does not count there
	g, e := settleBetween(&styles, &printed, append(givens, halfway, halfwayPrint, nearPen), entries)
	in := func(s []int, i int) bool { return slices.Contains(s, i) }
	if !in(e, halfway) || !in(g, halfwayPrint) || !in(e, nearPen) {
		t.Errorf("halfway and handwritten: entry %v; halfway and print: given %v; near the pen: entry %v",
			in(e, halfway), in(g, halfwayPrint), in(e, nearPen))
	}
	if len(g)+len(e) != 23 {
		t.Errorf("%d digits after, want 23", len(g)+len(e))
	}
}

// TestSplitByStyleRedPrint: a puzzle printed in red, filled in with a
// black pen. The recognizer reads the red digits as print and the black
// ones as handwriting, so the red ones are the givens, and the other way
// round is not even tried, though the black ones would make a proper
// puzzle too.
func TestSplitByStyleRedPrint(t *testing.T) {
	puzzle, sol := synthSolved(t)
	var styles [81]glyphStyle
	var digits [81]int
	var printed [81]bool
	for i := range 81 {
		digits[i] = sol.Cell(i)
		if puzzle.Cell(i) != 0 {
			styles[i] = glyphStyle{ok: true, l: 50, a: 55, b: 35, weight: 0.4, height: 0.5}
			printed[i] = true
		} else {
			styles[i] = glyphStyle{ok: true, l: 20, a: 0, b: 2, weight: 0.3, height: 0.5}
		}
	}
	splits := splitByStyle(&styles, &digits, &printed)
	if len(splits) != 1 {
		t.Fatalf("%d splits to try, want only the one the recognizer tells", len(splits))
	}
	entry := splits[0]
	for i := range 81 {
		if entry[i] != (puzzle.Cell(i) == 0) {
			t.Fatalf("r%dc%d: entry %v, want %v", i/9+1, i%9+1, entry[i], puzzle.Cell(i) == 0)
		}
	}
}

// styledGrid returns the readings and styles of a puzzle filled in: the
// givens read as print in black, the entries as handwriting in blue. The
// puzzle is synthPuzzle with four more givens in its top rows, so that
// its givens are not symmetric and symmetricSplit leaves them alone.
func styledGrid(t *testing.T) (rs [81]CellReading, styles [81]glyphStyle, puzzle, sol solver.Grid) {
	t.Helper()
	puzzle, sol = synthSolved(t)
	for i, added := 0, 0; added < 4; i++ {
		if puzzle.Cell(i) == 0 && puzzle.Cell(80-i) == 0 {
			puzzle.SetCell(i, sol.Cell(i))
			added++
		}
	}
	for _, f := range symmetries {
		n := 0
		for i := range 81 {
			if (puzzle.Cell(i) != 0) != (puzzle.Cell(f(i)) != 0) {
				n++
			}
		}
		if n <= maxAsymmetric {
			t.Fatalf("the test puzzle is symmetric but for %d cells", n)
		}
	}
	for i := range 81 {
		if puzzle.Cell(i) != 0 {
			rs[i] = CellReading{Kind: KindGiven, Digit: sol.Cell(i), Confidence: 1, Hand: 0.01}
			styles[i] = glyphStyle{ok: true, l: 20, a: 0, b: 1, weight: 0.4, height: 0.5}
		} else {
			rs[i] = CellReading{Kind: KindEntry, Digit: sol.Cell(i), Confidence: 1, Hand: 0.99}
			styles[i] = glyphStyle{ok: true, l: 35, a: 15, b: -35, weight: 0.3, height: 0.45}
		}
	}
	return rs, styles, puzzle, sol
}

// TestSplitDigitsUnmeasuredStyle: the digits split by colour, but for two
// whose ink could not be measured (a digit against the grid's border):
// those keep the recognizer's view, and the entry is not made a given.
func TestSplitDigitsUnmeasuredStyle(t *testing.T) {
	rs, styles, puzzle, _ := styledGrid(t)
	given, entry := -1, -1
	for i := range 81 {
		switch {
		case puzzle.Cell(i) != 0 && given < 0:
			given = i
		case puzzle.Cell(i) == 0:
			entry = i // the last one
		}
	}
	styles[given], styles[entry] = glyphStyle{}, glyphStyle{}
	out := splitDigits(rs, &styles)
	for i := range 81 {
		want := KindEntry
		if puzzle.Cell(i) != 0 {
			want = KindGiven
		}
		if out[i].Kind != want {
			t.Errorf("r%dc%d is %v, want %v", i/9+1, i%9+1, out[i].Kind, want)
		}
	}
}

// TestSplitDigitsMisreadGiven: the digits split by colour, and one given
// is misread so that the givens break the rules, its right digit the
// runner-up. The split is judged on the givens once corrected, so it
// stands, and the given is put right.
func TestSplitDigitsMisreadGiven(t *testing.T) {
	rs, styles, puzzle, sol := styledGrid(t)
	// A given misread as another given's digit in its row, and a neat
	// entry the recognizer takes for print: only its blue ink tells.
	var bad, neat int
	for i := range 81 {
		if puzzle.Cell(i) != 0 {
			bad = i
			break
		}
	}
	other := -1
	for c := range 9 {
		if j := bad/9*9 + c; j != bad && puzzle.Cell(j) != 0 {
			other = j
		}
	}
	if other < 0 {
		t.Fatal("synthPuzzle's first given has no other given in its row")
	}
	rs[bad] = CellReading{Kind: KindGiven, Digit: sol.Cell(other), Confidence: 0.6, Hand: 0.01,
		Alternatives: []Alternative{{Digit: sol.Cell(bad), Confidence: 0.35}}}
	for i := 80; i >= 0; i-- {
		if puzzle.Cell(i) == 0 {
			neat = i
			break
		}
	}
	rs[neat].Kind, rs[neat].Hand = KindGiven, 0.01
	out := splitDigits(rs, &styles)
	if out[neat].Kind != KindEntry {
		t.Errorf("the neat entry in blue is a %v", out[neat].Kind)
	}
	if out[bad].Kind != KindGiven || out[bad].Digit != sol.Cell(bad) {
		t.Errorf("the misread given is a %v %d, want a given %d", out[bad].Kind, out[bad].Digit, sol.Cell(bad))
	}
}
