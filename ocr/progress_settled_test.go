package ocr

import (
	"errors"
	"slices"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// TestSolutionSettled: a puzzle's solution stands, doubts and all, when the
// doubts are only whether a cell is empty and an empty cell there either
// keeps the solution or would leave no proper puzzle, all but ruled out;
// a doubt between two digits, or too likely an empty cell in a puzzle that
// needs the digit, is asked about.
func TestSolutionSettled(t *testing.T) {
	// A 17-given puzzle: every given is needed for one solution.
	const minimal = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
	const r1c1, r1c2, r2c1, r1c8 = 0, 1, 9, 7 // 5, 3, 6 in the seed puzzle; 1 in the minimal one
	empty := func(p float64) Alternative { return Alternative{Digit: 0, Confidence: p} }
	digit := func(d int, p float64) Alternative { return Alternative{Digit: d, Confidence: p} }
	for _, tc := range []struct {
		name    string
		minimal bool
		doubts  map[int][]Alternative
		all     bool
		want    bool
	}{
		{name: "no doubt", want: true},
		{name: "maybe empty, not needed", doubts: map[int][]Alternative{r1c1: {empty(0.4)}}, want: true},
		{name: "three maybe empty", doubts: map[int][]Alternative{r1c1: {empty(0.1)}, r1c2: {empty(0.2)}, r2c1: {empty(0.05)}}, want: true},
		{name: "maybe another digit", doubts: map[int][]Alternative{r1c1: {digit(6, 0.1)}}},
		{name: "other digits add up", doubts: map[int][]Alternative{r1c1: {empty(0.05), digit(6, 0.02)}, r1c2: {empty(0.02), digit(8, 0.015)}}},
		{name: "another digit barely", doubts: map[int][]Alternative{r1c1: {empty(0.05), digit(6, 0.02)}}, want: true},
		{name: "needed, maybe empty", minimal: true, doubts: map[int][]Alternative{r1c8: {empty(0.1)}}, want: true},
		{name: "needed, likely empty", minimal: true, doubts: map[int][]Alternative{r1c8: {empty(0.8)}}},
		{name: "needed, all digits read", minimal: true, all: true, doubts: map[int][]Alternative{r1c8: {empty(0.1)}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := progressResult(t, nil, nil, nil)
			if tc.minimal {
				r = givensResult(t, minimal)
				without := r.Grid
				without.SetCell(r1c8, 0)
				if solver.Count(without, 2) != 2 {
					t.Fatal("the minimal puzzle has one solution without r1c8")
				}
			}
			for i, alts := range tc.doubts {
				c := &r.Cells[i]
				c.Alternatives = alts
				c.Confidence = 1
				for _, a := range alts {
					c.Confidence -= a.Confidence
				}
			}
			pz, err := r.Puzzle()
			if err != nil {
				t.Fatal(err)
			}
			pz.AllDigits = tc.all
			if got := solutionSettled(pz, &r.Cells); got != tc.want {
				t.Errorf("settled = %v, want %v", got, tc.want)
			}
			if !tc.all && pz.Settled != tc.want {
				t.Errorf("Puzzle().Settled = %v, want %v", pz.Settled, tc.want)
			}
		})
	}
}

// TestSolutionSettledLimit: more doubts than settleMax are asked about.
func TestSolutionSettledLimit(t *testing.T) {
	r := progressResult(t, nil, nil, nil)
	n := 0
	for i, c := range r.Cells {
		if c.Digit != 0 && n <= settleMax {
			r.Cells[i].Confidence = 0.96
			r.Cells[i].Alternatives = []Alternative{{Digit: 0, Confidence: 0.04}}
			n++
		}
	}
	pz, err := r.Puzzle()
	if err != nil {
		t.Fatal(err)
	}
	if len(pz.Doubts) != settleMax+1 || pz.Settled {
		t.Errorf("%d doubts, settled %v", len(pz.Doubts), pz.Settled)
	}
}

// TestProgressSettled: when the givens' doubts cannot change the solution,
// the player's mistake read surely is theirs, and the doubtful givens are
// not asked about; the answers that need the givens themselves still ask.
func TestProgressSettled(t *testing.T) {
	const r1c1, r1c4 = 0, 3 // 5 in the solution; 6
	r := progressResult(t, map[int]int{r1c4: 7}, nil, nil)
	r.Cells[r1c1].Confidence = 0.9
	r.Cells[r1c1].Alternatives = []Alternative{{Digit: 0, Confidence: 0.1}}
	pz, err := r.Puzzle()
	if err != nil {
		t.Fatal(err)
	}
	if !pz.Settled || pz.SolutionSure() != nil || !errors.Is(pz.Sure(), ErrUnsure) {
		t.Fatalf("settled %v, SolutionSure %v, Sure %v", pz.Settled, pz.SolutionSure(), pz.Sure())
	}
	p := r.ProgressFrom(pz)
	if p.GivensUnsure || !slices.Equal(p.Wrong, []int{r1c4}) || len(p.Unsure) != 0 {
		t.Errorf("progress on settled givens: %+v", p)
	}
	if got, want := p.Lines(), []string{"r1c4: your 7 is wrong: row 1 already has a 7"}; !slices.Equal(got, want) {
		t.Errorf("Lines() = %q, want %q", got, want)
	}
}
