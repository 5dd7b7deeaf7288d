package ocr

import (
	"math"
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

// TestLookSplit: a photo of a newspaper puzzle filled in with a black pen,
// whose print comes out gray. The digits the recognizer is sure about
// teach the two looks; a neat entry it takes for print (hand 0.3) in the
// pen's ink becomes an entry, a given it takes for handwriting (0.6) in
// the print's ink a given, and a digit in neither ink keeps the
// recognizer's view.
func TestLookSplit(t *testing.T) {
	puzzle, sol := synthSolved(t)
	var rs [81]CellReading
	var styles [81]glyphStyle
	grayInk := func(l float64) glyphStyle { return glyphStyle{ok: true, l: l, a: -1, b: 3, height: 0.5} }
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
	styles[odd] = glyphStyle{ok: true, l: 34, a: 30, b: 20, height: 0.5} // red: neither ink
	scrawly := 0                                                         // a given the recognizer finds handwritten
	for puzzle.Cell(scrawly) == 0 {
		scrawly++
	}
	rs[scrawly].Kind, rs[scrawly].Hand = KindEntry, 0.6
	if changed, _ := lookSplit(&rs, &styles, givensChecks{}); !changed {
		t.Fatal("lookSplit changed nothing")
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
}

// TestLookSplitHeight: a newspaper filled in with a pen of the print's
// colour, the pen's digits smaller than the font's. A neat entry the
// recognizer takes for print is told by its height; a given it finds
// handwritten (an odd font's 7) by its.
func TestLookSplitHeight(t *testing.T) {
	puzzle, sol := synthSolved(t)
	var rs [81]CellReading
	var styles [81]glyphStyle
	ink := func(i int, h float64) glyphStyle {
		return glyphStyle{ok: true, l: 25 + float64(i%5), a: 1, b: 2, height: h + float64(i%3)/100}
	}
	neat, scrawly := -1, -1
	for i := range rs {
		if puzzle.Cell(i) != 0 {
			rs[i] = CellReading{Kind: KindGiven, Digit: sol.Cell(i), Confidence: 1, Hand: 0.01}
			styles[i] = ink(i, 0.6)
			scrawly = i
		} else {
			rs[i] = CellReading{Kind: KindEntry, Digit: sol.Cell(i), Confidence: 1, Hand: 0.99}
			styles[i] = ink(i, 0.42)
			neat = i
		}
	}
	rs[neat].Kind, rs[neat].Hand = KindGiven, 0.2
	rs[scrawly].Kind, rs[scrawly].Hand = KindEntry, 0.8
	if changed, _ := lookSplit(&rs, &styles, givensChecks{}); !changed {
		t.Fatal("lookSplit changed nothing")
	}
	if rs[neat].Kind != KindEntry || rs[scrawly].Kind != KindGiven {
		t.Errorf("the small neat digit is a %v, the tall scrawly one a %v", rs[neat].Kind, rs[scrawly].Kind)
	}
}

// TestLookSplitNoEntries: a printed puzzle in a font whose 1s the
// recognizer takes for handwriting (0.84 to 0.96), and one digit it is
// all but sure is the player's (0.999), in another ink. The 1s look just
// like the other givens, and one digit shows little of what the player's
// hand looks like: they are givens. The digit surely handwritten stays an
// entry.
func TestLookSplitNoEntries(t *testing.T) {
	puzzle, sol := synthSolved(t)
	var rs [81]CellReading
	var styles [81]glyphStyle
	var ones []int
	for i := range rs {
		if puzzle.Cell(i) == 0 {
			continue
		}
		rs[i] = CellReading{Kind: KindGiven, Digit: sol.Cell(i), Confidence: 1, Hand: 0.02}
		styles[i] = glyphStyle{ok: true, l: 38 + float64(i%5), a: 1, b: 6, height: 0.58 + float64(i%2)/100}
		if len(ones) < 4 {
			ones = append(ones, i)
		}
	}
	for k, i := range ones[:3] {
		rs[i].Kind, rs[i].Hand = KindEntry, []float64{0.84, 0.88, 0.96}[k]
	}
	sure := ones[3]
	rs[sure].Kind, rs[sure].Hand = KindEntry, 0.999
	styles[sure] = glyphStyle{ok: true, l: 20, a: 10, b: -30, height: 0.45}
	lookSplit(&rs, &styles, givensChecks{})
	for _, i := range ones[:3] {
		if rs[i].Kind != KindGiven {
			t.Errorf("r%dc%d (hand %.2f) is an %v", i/9+1, i%9+1, rs[i].Hand, rs[i].Kind)
		}
	}
	if rs[sure].Kind != KindEntry {
		t.Errorf("the digit surely handwritten is a %v", rs[sure].Kind)
	}
}

// TestLookDoubt: on a page with entries, each digit is doubted as much as
// its odds (of being an entry, by the recognizer, the typeface and the
// look) make it the other kind: a digit that kept its kind against them,
// or one they leave near even, is not read surely as a given or an entry;
// one they agree with surely is. On a page without entries nothing is
// doubted, for its digits are one population.
func TestLookDoubt(t *testing.T) {
	var rs [81]CellReading
	odds := entryOdds{idx: []int{0, 1, 2, 3, 4}}
	rs[0], odds.entry[0] = CellReading{Kind: KindGiven, Digit: 2}, 0.81  // an entry, likelier, kept a given
	rs[1], odds.entry[1] = CellReading{Kind: KindGiven, Digit: 5}, -9    // print
	rs[2], odds.entry[2] = CellReading{Kind: KindEntry, Digit: 7}, 9     // a hand
	rs[3], odds.entry[3] = CellReading{Kind: KindEntry, Digit: 4}, -0.4  // a given, likelier, kept an entry
	rs[4], odds.entry[4] = CellReading{Kind: KindGiven, Digit: 3}, -0.13 // near even
	withEntries := rs
	lookDoubt(&withEntries, &odds)
	for i, want := range []bool{false, true, true, false, false} {
		if got := withEntries[i].KindSure(); got != want {
			t.Errorf("cell %d: kind doubt %.4f, sure %v, want %v", i, withEntries[i].KindDoubt, got, want)
		}
	}
	if got, want := withEntries[0].KindDoubt, logistic(0.81); math.Abs(got-want) > 1e-9 {
		t.Errorf("cell 0: kind doubt %.4f, want %.4f", got, want)
	}
	noEntries := rs
	noEntries[2].Kind, noEntries[3].Kind = KindGiven, KindGiven
	lookDoubt(&noEntries, &odds)
	for i := range 5 {
		if noEntries[i].KindDoubt != 0 {
			t.Errorf("cell %d on a page without entries: kind doubt %.3f", i, noEntries[i].KindDoubt)
		}
	}
	lookDoubt(&rs, nil) // lookSplit did nothing
}

// TestSettleBetween: of two clearly coloured groups (black print, a red
// pen), a digit whose ink is halfway (the pen dimmed by a shadow) goes
// where all the evidence on it points: the recognizer's view and the
// typeface's (hand), and its look, nearer the pen's or the print's; one
// near either colour stays with it whatever the rest says.
func TestSettleBetween(t *testing.T) {
	between := glyphStyle{ok: true, l: 29, a: 16, b: 18, height: 0.5}
	// A third and two thirds of the way, the print's height and the pen's.
	nearerPrint := glyphStyle{ok: true, l: 27.6, a: 10.2, b: 15, height: 0.5}
	nearerPen := glyphStyle{ok: true, l: 30.6, a: 23.9, b: 20.5, height: 0.7}
	nearPen := glyphStyle{ok: true, l: 31, a: 30, b: 23, height: 0.5}
	palerPen := glyphStyle{ok: true, l: 45, a: 23, b: 20, height: 0.5}
	for _, tc := range []struct {
		name  string
		style glyphStyle
		hand  float64
		entry bool
	}{
		{"halfway, handwriting", between, 3, true},
		{"halfway, print", between, -3, false},
		{"nearer the print, torn", nearerPrint, 0.3, false},
		{"nearer the pen, torn", nearerPen, -0.3, true},
		{"halfway, print by the recognizer, unlike the typeface", between, -1.44 + 2.2, true},
		{"near the pen, print", nearPen, -3, true},
		// A pen 7 drawn like print, its ink paler than the pen's other
		// digits: two thirds of the way in colour, where the print's
		// inks, all alike, never are.
		{"paler pen, read as print", palerPen, -1.56, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var styles [81]glyphStyle
			var hand [81]float64
			var givens, entries []int
			for i := range 10 {
				styles[i] = glyphStyle{ok: true, l: 25, a: -2, b: 10, height: 0.5}
				hand[i] = -4
				givens = append(givens, i)
				styles[20+i] = glyphStyle{ok: true, l: 33, a: 35, b: 25, height: 0.6 + 0.02*float64(i)}
				hand[20+i] = 4
				entries = append(entries, 20+i)
			}
			const at = 40
			styles[at], hand[at] = tc.style, tc.hand
			g, e := settleBetween(&styles, &hand, append(givens, at), entries)
			if got := slices.Contains(e, at); got != tc.entry {
				t.Errorf("entry %v, want %v", got, tc.entry)
			}
			if len(g)+len(e) != 21 {
				t.Errorf("%d digits after, want 21", len(g)+len(e))
			}
		})
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
			styles[i] = glyphStyle{ok: true, l: 50, a: 55, b: 35, height: 0.5}
			printed[i] = true
		} else {
			styles[i] = glyphStyle{ok: true, l: 20, a: 0, b: 2, height: 0.5}
		}
	}
	splits := splitByStyle(&styles, &digits, &printed, &[81]float64{}).entries
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
			styles[i] = glyphStyle{ok: true, l: 20, a: 0, b: 1, height: 0.5}
		} else {
			rs[i] = CellReading{Kind: KindEntry, Digit: sol.Cell(i), Confidence: 1, Hand: 0.99}
			styles[i] = glyphStyle{ok: true, l: 35, a: 15, b: -35, height: 0.45}
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
	out, _, _ := splitDigits(rs, &styles, false)
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
	out, v, _ := splitDigits(rs, &styles, false)
	if v.err != nil || v.solution != sol {
		t.Errorf("the verdict on the corrected givens is %v, want the solution", v.err)
	}
	if out[neat].Kind != KindEntry {
		t.Errorf("the neat entry in blue is a %v", out[neat].Kind)
	}
	if out[bad].Kind != KindGiven || out[bad].Digit != sol.Cell(bad) {
		t.Errorf("the misread given is a %v %d, want a given %d", out[bad].Kind, out[bad].Digit, sol.Cell(bad))
	}
}

// TestSplitDigitsNoHandGivens: a red puzzle partly filled in with a red
// pen, the print coming out in two shades across the page, so that the
// inks fall into two groups of which neither is the pen's: some print,
// and the rest of the print with the pen. Either group as the givens
// makes a proper puzzle, but the second would make the player's digits,
// surely handwritten, part of the puzzle: the split by ink is not taken,
// and the recognizer's view stands.
func TestSplitDigitsNoHandGivens(t *testing.T) {
	puzzle, sol := synthSolved(t)
	var rs [81]CellReading
	var styles [81]glyphStyle
	light := glyphStyle{ok: true, l: 60, a: 20, b: 12, height: 0.5}
	dark := glyphStyle{ok: true, l: 35, a: 35, b: 20, height: 0.5}
	givens, entries := 0, 0
	for i := range 81 {
		switch {
		case puzzle.Cell(i) != 0:
			rs[i] = CellReading{Kind: KindGiven, Digit: sol.Cell(i), Confidence: 1, Hand: 0.01}
			styles[i] = dark
			if givens%10 == 0 {
				styles[i] = light
			}
			givens++
		case entries < 20:
			rs[i] = CellReading{Kind: KindEntry, Digit: sol.Cell(i), Confidence: 1, Hand: 0.999}
			styles[i] = dark
			entries++
		}
	}
	out, _, _ := splitDigits(rs, &styles, false)
	for i := range 81 {
		if out[i].Kind != rs[i].Kind {
			t.Errorf("r%dc%d is %v, want %v", i/9+1, i%9+1, out[i].Kind, rs[i].Kind)
		}
	}
}

// TestSplitDigitsHandFontGivens: an app's black givens and dark red typed
// entries, all in one bold geometric face the recognizer was never
// trained on. It reads the entries as print, and three of the givens as
// surely handwritten; but each of the three is drawn like the page's
// others of its digit (the typeface's evidence for print at its cap), as
// no pen digit is. The split by ink stands: the givens are the black
// digits, the three among them.
func TestSplitDigitsHandFontGivens(t *testing.T) {
	puzzle, sol := synthSolved(t)
	var rs [81]CellReading
	var styles [81]glyphStyle
	black := glyphStyle{ok: true, l: 12, a: 2.5, b: -7, height: 0.36, typeface: maxTypefaceOdds}
	red := glyphStyle{ok: true, l: 30, a: 37, b: -3, height: 0.35, typeface: maxTypefaceOdds}
	handLike := 0
	for i := range 81 {
		switch {
		case puzzle.Cell(i) != 0:
			rs[i] = CellReading{Kind: KindGiven, Digit: sol.Cell(i), Confidence: 1, Hand: 0.01}
			if handLike < 3 {
				rs[i].Kind, rs[i].Hand = KindEntry, 0.9999
				handLike++
			}
			styles[i] = black
		case i%3 == 0:
			rs[i] = CellReading{Kind: KindGiven, Digit: sol.Cell(i), Confidence: 1, Hand: 0.05}
			styles[i] = red
		}
	}
	out, _, _ := splitDigits(rs, &styles, false)
	for i := range 81 {
		want := KindEmpty
		switch {
		case puzzle.Cell(i) != 0:
			want = KindGiven
		case rs[i].Digit != 0:
			want = KindEntry
		}
		if out[i].Kind != want {
			t.Errorf("r%dc%d is %v, want %v", i/9+1, i%9+1, out[i].Kind, want)
		}
	}
}
