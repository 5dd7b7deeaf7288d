package ocr

import (
	"slices"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// progressResult is a reading of the seed puzzle: sure everywhere, the
// entries and marks given set with their confidences.
func progressResult(t *testing.T, entries map[int]int, marks map[int]solver.DigitSet, conf map[int]float64) *Result {
	t.Helper()
	g := solver.MustGrid("530070000600195000098000060800060003400803001700020006060000280000419005000080079")
	sol, err := solver.SolveUnique(g)
	if err != nil {
		t.Fatal(err)
	}
	r := &Result{Grid: g, Solution: sol, Solutions: 1}
	r.Entered, _ = solver.NewGrid(9)
	for i := range r.Cells {
		r.Cells[i] = CellReading{Kind: KindEmpty, Confidence: 1}
		if g.Cell(i) != 0 {
			r.Cells[i] = CellReading{Kind: KindGiven, Digit: g.Cell(i), Confidence: 1}
		}
	}
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
	r.Solutions = 2
	if _, err := r.Progress(); err == nil {
		t.Fatal("a puzzle read with several solutions is checked")
	}
}

// TestToCheck checks which cells of a reading that checks out are named
// to be checked: cells read unsurely, and entries that would be mistakes
// read surely but not surely enough to accuse.
func TestToCheck(t *testing.T) {
	const r1c3, r1c4, r1c6 = 2, 3, 5 // 4, 6 and 8 in the solution
	r := progressResult(t, map[int]int{r1c3: 4, r1c4: 7, r1c6: 8}, nil, map[int]float64{r1c3: 0.9, r1c4: 0.99, r1c6: 0.99})
	r.Cells[0].Confidence = 0.5 // a given read unsurely
	if got, want := toCheck(r), []int{0, r1c3, r1c4}; !slices.Equal(got, want) {
		t.Errorf("toCheck = %v, want %v", got, want)
	}
	r.Cells[r1c4].Confidence = 0.9995 // sure enough to be called wrong
	if got, want := toCheck(r), []int{0, r1c3}; !slices.Equal(got, want) {
		t.Errorf("toCheck = %v, want %v", got, want)
	}
}
