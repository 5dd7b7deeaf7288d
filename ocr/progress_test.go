package ocr

import (
	"errors"
	"slices"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// progressResult is a reading of the seed puzzle: sure everywhere, the
// entries and marks given set with their confidences.
func progressResult(t *testing.T, entries map[int]int, marks map[int]solver.DigitSet, conf map[int]float64) *Result {
	t.Helper()
	r := givensResult(t, "530070000600195000098000060800060003400803001700020006060000280000419005000080079")
	for i, d := range entries {
		r.Entered.SetCell(i, d)
		r.Cells[i] = CellReading{Kind: KindEntry, Digit: d, Confidence: 1}
	}
	for i, m := range marks {
		r.Marks[i] = m
		r.Cells[i] = CellReading{Kind: KindMarks, Marks: m, Confidence: 1, MarksConfidence: 1}
	}
	for i, c := range conf {
		r.Cells[i].Confidence = c
		r.Cells[i].MarksConfidence = c
	}
	return r
}

// givensResult is a reading of the puzzle, every given read surely, with
// its one solution.
func givensResult(t *testing.T, puzzle string) *Result {
	t.Helper()
	g := solver.MustGrid(puzzle)
	sol, err := solver.SolveUnique(g)
	if err != nil {
		t.Fatal(err)
	}
	r := &Result{Grid: g, Solution: sol, Solutions: 1}
	r.Entered, _ = solver.NewGrid(9)
	for i := range r.Cells {
		r.Cells[i] = CellReading{Kind: KindEmpty, Confidence: 1}
		if d := g.Cell(i); d != 0 {
			r.Cells[i] = CellReading{Kind: KindGiven, Digit: d, Confidence: 1}
		}
	}
	return r
}

func TestProgress(t *testing.T) {
	// r1c3 is 4 in the solution, r1c4 6, r1c6 8, r1c7 9.
	const r1c3, r1c4, r1c6, r1c7 = 2, 3, 5, 6
	mark := solver.DigitSetOf
	for _, tc := range []struct {
		name       string
		entries    map[int]int
		marks      map[int]solver.DigitSet
		conf       map[int]float64
		wrong      []int
		marksWrong []int
		unsure     []int
	}{
		{name: "nothing entered"},
		{name: "right entries", entries: map[int]int{r1c3: 4, r1c4: 6}},
		{name: "a wrong entry", entries: map[int]int{r1c3: 4, r1c4: 7}, wrong: []int{r1c4}},
		{name: "a wrong entry read unsurely is asked about", entries: map[int]int{r1c4: 7}, conf: map[int]float64{r1c4: 0.6}, unsure: []int{r1c4}},
		{name: "a right entry read unsurely is asked about too", entries: map[int]int{r1c4: 6}, conf: map[int]float64{r1c4: 0.6}, unsure: []int{r1c4}},
		{name: "a wrong entry read surely, but not surely enough to accuse, is asked about", entries: map[int]int{r1c4: 7}, conf: map[int]float64{r1c4: 0.99}, unsure: []int{r1c4}},
		{name: "a right entry read as surely is let be", entries: map[int]int{r1c4: 6}, conf: map[int]float64{r1c4: 0.99}},
		{name: "marks leaving it out, read not surely enough to accuse", marks: map[int]solver.DigitSet{r1c6: mark(2, 7)}, conf: map[int]float64{r1c6: 0.99}, unsure: []int{r1c6}},
		{name: "marks holding the digit", marks: map[int]solver.DigitSet{r1c6: mark(2, 8)}},
		{name: "marks leaving it out", marks: map[int]solver.DigitSet{r1c6: mark(2, 7), r1c7: mark(1, 9)}, marksWrong: []int{r1c6}},
		{name: "unsure marks leaving it out are asked about", marks: map[int]solver.DigitSet{r1c6: mark(2, 7)}, conf: map[int]float64{r1c6: 0.5}, unsure: []int{r1c6}},
		{name: "unsure marks holding it are let be", marks: map[int]solver.DigitSet{r1c6: mark(8)}, conf: map[int]float64{r1c6: 0.5}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := progressResult(t, tc.entries, tc.marks, tc.conf).Progress()
			if err != nil {
				t.Fatal(err)
			}
			if p.Entries != len(tc.entries) {
				t.Errorf("Entries = %d, want %d", p.Entries, len(tc.entries))
			}
			if !slices.Equal(p.Wrong, tc.wrong) || !slices.Equal(p.MarksWrong, tc.marksWrong) || !slices.Equal(p.Unsure, tc.unsure) {
				t.Errorf("wrong %v, marks wrong %v, unsure %v; want %v, %v, %v", p.Wrong, p.MarksWrong, p.Unsure, tc.wrong, tc.marksWrong, tc.unsure)
			}
			unsureEntries := 0
			for _, i := range tc.unsure {
				if _, ok := tc.entries[i]; ok {
					unsureEntries++
				}
			}
			if p.UnsureEntries != unsureEntries {
				t.Errorf("UnsureEntries = %d, want %d", p.UnsureEntries, unsureEntries)
			}
			if p.Right() != (len(tc.wrong)+len(tc.marksWrong)+len(tc.unsure) == 0) {
				t.Errorf("Right() = %v", p.Right())
			}
			if p.Filled {
				t.Error("Filled for a grid with empty cells")
			}
		})
	}
}

// TestProgressAsksAboutFaintEntries: a cell read as empty, unsurely, with
// a digit among its alternatives may hold a faint entry: it is asked about
// (Unsure), not counted as an entry; one read as empty surely, or unsurely
// with no digit in view, is let be.
func TestProgressAsksAboutFaintEntries(t *testing.T) {
	const r1c3, r1c4, r1c6 = 2, 3, 5
	r := progressResult(t, nil, nil, nil)
	r.Cells[r1c3] = CellReading{Kind: KindEmpty, Confidence: 0.6, Alternatives: []Alternative{{Digit: 4, Confidence: 0.4}}}
	r.Cells[r1c4] = CellReading{Kind: KindEmpty, Confidence: 0.99, Alternatives: []Alternative{{Digit: 6, Confidence: 0.01}}}
	r.Cells[r1c6] = CellReading{Kind: KindEmpty, Confidence: 0.8}
	p, err := r.Progress()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.Unsure, []int{r1c3}) || p.Entries != 0 || p.UnsureEntries != 0 || p.Right() {
		t.Errorf("unsure %v, entries %d (%d unsure), right %v; want [%d], 0 (0), false", p.Unsure, p.Entries, p.UnsureEntries, p.Right(), r1c3)
	}
}

func TestProgressFilledAndDoubtful(t *testing.T) {
	r := progressResult(t, nil, nil, nil)
	for i := range 81 {
		if r.Grid.Cell(i) == 0 {
			r.Entered.SetCell(i, r.Solution.Cell(i))
			r.Cells[i] = CellReading{Kind: KindEntry, Digit: r.Solution.Cell(i), Confidence: 1}
		}
	}
	p, err := r.Progress()
	if err != nil || !p.Filled || !p.Right() || p.Entries != 81-r.Grid.Givens() {
		t.Fatalf("a grid filled in right: %+v, %v", p, err)
	}
	// The split never costs the check: givens read as several solutions
	// with the entries making one are checked as all the digits read.
	r.Solutions = 2
	p, err = r.Progress()
	if err != nil || !p.AllDigits || !p.Right() {
		t.Fatalf("givens with several solutions, entries making one: %+v, %v", p, err)
	}
	r.Entered, _ = solver.NewGrid(9)
	if _, err := r.Progress(); err == nil {
		t.Fatal("a puzzle read with several solutions and no entries is checked")
	}
}

// TestToCheck checks which cells of a reading that checks out are named
// to be checked: cells read unsurely, and entries that would be mistakes
// read surely but not surely enough to accuse.
func TestToCheck(t *testing.T) {
	const r1c3, r1c4, r1c6 = 2, 3, 5 // 4, 6 and 8 in the solution
	r := progressResult(t, map[int]int{r1c3: 4, r1c4: 7, r1c6: 8}, nil, map[int]float64{r1c3: 0.9, r1c4: 0.99, r1c6: 0.99})
	r.Cells[0].Confidence = 0.5 // a given read unsurely
	if got, want := toCheck(&r.Cells, r.Entered, r.Solution), []int{0, r1c3, r1c4}; !slices.Equal(got, want) {
		t.Errorf("toCheck = %v, want %v", got, want)
	}
	r.Cells[r1c4].Confidence = 0.9995 // sure enough to be called wrong
	if got, want := toCheck(&r.Cells, r.Entered, r.Solution), []int{0, r1c3}; !slices.Equal(got, want) {
		t.Errorf("toCheck = %v, want %v", got, want)
	}
}

// TestProgressGivensUnsure: when a given was not read surely, the solution
// rests on it: an entry or marks that disagree with that solution are
// asked about, never called wrong, and the given is asked about too;
// taken as read (Accepted), they are called wrong.
func TestProgressGivensUnsure(t *testing.T) {
	const r1c1, r1c4, r1c6 = 0, 3, 5 // r1c4 is 6, r1c6 8 in the solution
	r := progressResult(t, map[int]int{r1c4: 7}, map[int]solver.DigitSet{r1c6: solver.DigitSetOf(2, 7)}, nil)
	r.Cells[r1c1].Confidence = 0.4
	r.Cells[r1c1].Alternatives = []Alternative{{Digit: 6, Confidence: 0.3}}
	pz, err := r.Puzzle()
	if err != nil {
		t.Fatal(err)
	}
	if err := pz.Sure(); !errors.Is(err, ErrUnsure) || err.Error() != "the givens were not all read surely: check r1c1 (5 or 6)" {
		t.Errorf("Sure() = %v", err)
	}
	p := r.ProgressFrom(pz)
	if !p.GivensUnsure || p.Mistaken() || !slices.Equal(p.Unsure, []int{r1c1, r1c4, r1c6}) || p.UnsureEntries != 1 {
		t.Errorf("progress on doubtful givens: %+v", p)
	}
	want := []string{
		"r1c1: is this a 5 or a 6? I could not read it surely",
		"r1c4: is your 7 right? it disagrees with the solution of the givens as I read them, but I could not read every given surely",
		"r1c6: are the pencil marks 2 7 right? it disagrees with the solution of the givens as I read them, but I could not read every given surely",
		"I could not read every given surely, so I call none of your entries wrong: please check the cells above",
	}
	if got := p.Lines(); !slices.Equal(got, want) {
		t.Errorf("Lines() =\n%q\nwant\n%q", got, want)
	}
	if p.Current.Cell(r1c4) != 0 {
		t.Error("an entry asked about is in the player's grid the hint starts from")
	}
	p = r.ProgressFrom(pz.Accepted())
	if p.GivensUnsure || !slices.Equal(p.Wrong, []int{r1c4}) || !slices.Equal(p.MarksWrong, []int{r1c6}) || len(p.Unsure) != 0 {
		t.Errorf("progress on givens taken as read: %+v", p)
	}
}

// TestProgressWords: the player's mistakes are named as theirs, with the
// clash a given shows; the right digit is never given away.
func TestProgressWords(t *testing.T) {
	const r1c3, r1c4, r1c6 = 2, 3, 5 // 4, 6 and 8 in the solution; row 1 has a 5, 3 and 7
	r := progressResult(t, map[int]int{r1c3: 5, r1c4: 2}, map[int]solver.DigitSet{r1c6: solver.DigitSetOf(2, 7)}, nil)
	p, err := r.Progress()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"r1c3: your 5 is wrong: row 1 already has a 5",
		"r1c4: your 2 is wrong",
		"r1c6: your pencil marks 2 7 leave out the right digit",
	}
	if got := p.Lines(); !slices.Equal(got, want) {
		t.Errorf("Lines() =\n%q\nwant\n%q", got, want)
	}
	if p.Marks != nil {
		t.Error("marks to start a step from while some read surely are wrong")
	}
	if p.Current.Cell(r1c3) != 5 || p.Current.Cell(r1c4) != 2 {
		t.Error("the player's grid leaves out their mistakes")
	}
}

// TestPuzzleAllDigits: givens read with several solutions (print taken for
// entries) are no puzzle, but all the digits read together are: the
// answers that need the puzzle alone take them, and their doubts.
func TestPuzzleAllDigits(t *testing.T) {
	r := progressResult(t, nil, nil, nil)
	// The givens of row 1 read as entries, one unsurely.
	for i := range 9 {
		if d := r.Grid.Cell(i); d != 0 {
			r.Entered.SetCell(i, d)
			r.Grid.SetCell(i, 0)
			r.Cells[i].Kind = KindEntry
		}
	}
	r.Cells[1].Confidence = 0.5
	r.Solutions, r.Problem, r.SolveErr = 2, "it has several solutions", solver.ErrMultipleSolutions
	pz, err := r.Puzzle()
	if err != nil {
		t.Fatal(err)
	}
	if !pz.AllDigits || pz.Grid.String() != withEntries(r.Grid, r.Entered).String() || pz.Solution != r.Solution {
		t.Errorf("Puzzle() = %+v", pz)
	}
	if err := pz.Sure(); err == nil || err.Error() != "the digits read were not all read surely: check r1c2 (3)" {
		t.Errorf("Sure() = %v", err)
	}
	// A clash among all the digits: no puzzle, the reading's error.
	for _, i := range []int{72, 73} { // r9c1 and r9c2, empty
		r.Entered.SetCell(i, 1)
		r.Cells[i] = CellReading{Kind: KindEntry, Digit: 1, Confidence: 1}
	}
	if _, err := r.Puzzle(); !errors.Is(err, ErrDoubtful) {
		t.Errorf("Puzzle() with a clash among the digits = %v, want ErrDoubtful", err)
	}
}

// TestProgressSummary checks the closing line of a check for each thing
// the check of a picture can find.
func TestProgressSummary(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    Progress
		want string
	}{
		{"all right", Progress{Entries: 3}, "all 3 entries are right"},
		{"one entry", Progress{Entries: 1}, "the 1 entry is right"},
		{"givens only", Progress{}, "no entries to check: the picture shows the puzzle's givens only"},
		{"a mistake", Progress{Entries: 3, Wrong: []int{0}, Unsure: []int{20}, UnsureEntries: 1}, ""},
		{"unsure cells", Progress{Entries: 3, Unsure: []int{10, 20, 40}, UnsureEntries: 2},
			"no mistake among the 1 entry I could read surely; please check the cells above"},
		{"all the digits", Progress{Entries: 3, AllDigits: true},
			"no mistake: every digit fits the puzzle's one solution (I could not tell all your entries from the printed givens)"},
	} {
		if got := tc.p.Summary(); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestDoubtWords checks how a cell not read surely is asked about.
func TestDoubtWords(t *testing.T) {
	for _, tc := range []struct {
		c         CellReading
		line, ask string
	}{
		{CellReading{Kind: KindEntry, Digit: 8, Confidence: 0.6, Alternatives: []Alternative{{Digit: 8, Confidence: 0.6}, {Digit: 0, Confidence: 0.25}, {Digit: 3, Confidence: 0.15}}},
			"r2c2: is this an 8 or a 3? I could not read it surely", "is r2c2 an 8 or a 3?"},
		{CellReading{Kind: KindGiven, Digit: 4, Confidence: 0.7},
			"r2c2: is this a 4? I could not read it surely", "is r2c2 a 4?"},
		{CellReading{Kind: KindEmpty, Confidence: 0.7, Alternatives: []Alternative{{Digit: 6, Confidence: 0.3}}},
			"r2c2: is this empty, or a 6? I could not read it surely", "is r2c2 empty, or a 6?"},
		{CellReading{Kind: KindMarks, Marks: solver.DigitSetOf(1, 5, 9), MarksConfidence: 0.5},
			"r2c2: are the pencil marks 1 5 9? I could not read them surely", "are the pencil marks of r2c2 1 5 9?"},
	} {
		d := doubtOf(10, tc.c)
		if d.String() != tc.line || d.Ask() != tc.ask {
			t.Errorf("%+v: got %q and %q, want %q and %q", tc.c, d.String(), d.Ask(), tc.line, tc.ask)
		}
	}
}

// minimalPuzzle is a puzzle of 17 givens without any of which it has
// several solutions; r1c8 is a given 1, r1c4 is 7 in its solution.
const minimalPuzzle = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"

// TestProgressAsksWhoseDigit: a given read surely but not surely told from
// the player's entries (an app's pale entries beside its givens) is asked
// about, whose it is, when a check could depend on it: without it the
// puzzle would have several solutions, and the split's doubt outweighs
// the chance of a misprint. Then no check says "no entries" or calls an
// entry wrong; the solve does not need the split (Puzzle.Sure), and a
// puzzle taken as read checks as before.
func TestProgressAsksWhoseDigit(t *testing.T) {
	const r1c4, r1c8 = 3, 7
	r := givensResult(t, minimalPuzzle)
	if n := solver.Count(withoutCell(r.Grid, r1c8), 2); n != 2 {
		t.Fatalf("the puzzle without r1c8 has %d solutions, want several", n)
	}
	r.Entered.SetCell(r1c4, 6)
	r.Cells[r1c4] = CellReading{Kind: KindEntry, Digit: 6, Confidence: 1}
	r.Cells[r1c8].KindDoubt = 0.9
	pz, err := r.Puzzle()
	if err != nil {
		t.Fatal(err)
	}
	if err := pz.Sure(); err != nil {
		t.Errorf("Sure() = %v: the split's doubt costs the solve", err)
	}
	p := r.ProgressFrom(pz)
	if !slices.Equal(p.Unsure, []int{r1c8, r1c4}) || len(p.Wrong) != 0 || !p.GivensUnsure {
		t.Errorf("unsure %v, wrong %v, givens unsure %v; want [%d %d], [], true", p.Unsure, p.Wrong, p.GivensUnsure, r1c8, r1c4)
	}
	if q := p.Questions[0]; !q.KindUnsure || q.String() != "r1c8: is this 1 yours, or printed with the puzzle? I could not tell your entries from the givens surely" || q.Ask() != "is the 1 in r1c8 yours, or printed with the puzzle?" {
		t.Errorf("asks %q (%q)", q.String(), q.Ask())
	}
	if s := p.Summary(); s != "I could not tell every printed given from your entries surely, so I call none of your entries wrong: please check the cells above" {
		t.Errorf("Summary() = %q", s)
	}
	// A file that kept its colours too coarsely says why.
	r.ColoursLost = true
	if s := r.ProgressFrom(pz).Summary(); s != "I could not tell every printed given from your entries surely: the picture was saved so compressed that a typed entry's colour may be lost (a screenshot saved as PNG keeps it), so I call none of your entries wrong: please check the cells above" {
		t.Errorf("colours lost: Summary() = %q", s)
	}
	r.ColoursLost = false
	p = r.ProgressFrom(pz.Accepted())
	if !slices.Equal(p.Wrong, []int{r1c4}) || len(p.Unsure) != 0 {
		t.Errorf("taken as read: wrong %v, unsure %v; want [%d], []", p.Wrong, p.Unsure, r1c4)
	}
	// With no entries read, the check asks instead of saying there are none.
	r = givensResult(t, minimalPuzzle)
	r.Cells[r1c8].KindDoubt = 0.9
	p, err = r.Progress()
	if err != nil {
		t.Fatal(err)
	}
	if s := p.Summary(); !slices.Equal(p.Unsure, []int{r1c8}) || s == "no entries to check: the picture shows the puzzle's givens only" {
		t.Errorf("unsure %v, summary %q; want [%d] and a question", p.Unsure, s, r1c8)
	}
}

// TestProgressMarksSeenWhole: pencil marks read surely one mark at a
// time that leave out the solution's digit are the player's mistake,
// unless the network's view of the whole cell holds that digit (the marks
// "1 7" with the 1 beside a box line, read as "7"): then they are asked
// about.
func TestProgressMarksSeenWhole(t *testing.T) {
	const r1c3 = 2 // empty in the puzzle; 4 in its solution
	for _, tc := range []struct {
		name  string
		whole solver.DigitSet
		wrong bool
	}{
		{"no view of the whole cell", 0, true},
		{"the whole cell without the digit", solver.DigitSetOf(1, 7), true},
		{"the whole cell with the digit", solver.DigitSetOf(4, 7), false},
	} {
		r := progressResult(t, nil, map[int]solver.DigitSet{r1c3: solver.DigitSetOf(7)}, nil)
		r.Cells[r1c3].headMarks = tc.whole
		p, err := r.Progress()
		if err != nil {
			t.Fatal(err)
		}
		if wrong := slices.Equal(p.MarksWrong, []int{r1c3}); wrong != tc.wrong || wrong == slices.Equal(p.Unsure, []int{r1c3}) {
			t.Errorf("%s: marks wrong %v, unsure %v; want called wrong %v, else asked", tc.name, p.MarksWrong, p.Unsure, tc.wrong)
		}
	}
}

// TestProgressKindSettled: a given not surely told from the player's
// entries is not asked about when the check stands whoever wrote it: the
// puzzle keeps its one solution without it (a pen 6 the recognizer read
// as print, right either way), or would have several and the split
// doubts it too little to outweigh a misprint. The player's mistake
// elsewhere is then called one.
func TestProgressKindSettled(t *testing.T) {
	for _, tc := range []struct {
		name   string
		puzzle string
		given  int // the given doubted
		doubt  float64
		entry  int // a cell empty in the puzzle, where the player wrote a wrong digit
	}{
		{"the solution holds without it", "530070000600195000098000060800060003400803001700020006060000280000419005000080079", 0, 0.4, 3},
		{"several solutions without it, doubted a little", minimalPuzzle, 7, 0.3, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := givensResult(t, tc.puzzle)
			wrong := r.Solution.Cell(tc.entry)%9 + 1
			r.Entered.SetCell(tc.entry, wrong)
			r.Cells[tc.entry] = CellReading{Kind: KindEntry, Digit: wrong, Confidence: 1}
			r.Cells[tc.given].KindDoubt = tc.doubt
			p, err := r.Progress()
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(p.Wrong, []int{tc.entry}) || len(p.Unsure) != 0 || p.GivensUnsure {
				t.Errorf("wrong %v, unsure %v, givens unsure %v; want [%d], [], false", p.Wrong, p.Unsure, p.GivensUnsure, tc.entry)
			}
		})
	}
	// A page all read as givens, some of them maybe the player's: no
	// "givens only".
	r := givensResult(t, "530070000600195000098000060800060003400803001700020006060000280000419005000080079")
	r.Cells[0].KindDoubt = 0.4
	p, err := r.Progress()
	if err != nil {
		t.Fatal(err)
	}
	if s := p.Summary(); s != "no mistake: every digit fits the puzzle's one solution (I could not tell all your entries from the printed givens)" || len(p.Unsure) != 0 {
		t.Errorf("Summary() = %q, unsure %v", s, p.Unsure)
	}
}

// withoutCell is g with cell i empty.
func withoutCell(g solver.Grid, i int) solver.Grid {
	g.SetCell(i, 0)
	return g
}

// TestToCheckKindDoubt: a digit not surely told a given or an entry is a
// cell to check by eye, however surely its digit was read.
func TestToCheckKindDoubt(t *testing.T) {
	r := progressResult(t, map[int]int{3: 6}, nil, nil)
	r.Cells[0].KindDoubt = 0.2
	r.Cells[3].KindDoubt = 0.4
	r.Cells[1].KindDoubt = 0.01
	if got := toCheck(&r.Cells, r.Entered, r.Solution); !slices.Equal(got, []int{0, 3}) {
		t.Errorf("toCheck = %v, want [0 3]", got)
	}
}
