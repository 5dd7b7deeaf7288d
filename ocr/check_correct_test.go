package ocr

import (
	"slices"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// readingsOf returns confident readings of g, then applies the overrides.
func readingsOf(g solver.Grid, overrides map[int]CellReading) [81]CellReading {
	var rs [81]CellReading
	for i := range rs {
		rs[i] = CellReading{Digit: g.Cell(i), Confidence: 0.99}
	}
	for i, r := range overrides {
		rs[i] = r
	}
	return rs
}

func TestCorrect(t *testing.T) {
	puzzle := solver.MustGrid(synthPuzzle) // unique; r1c1 is 5, r2c1 is 6
	decoy := CellReading{Digit: 3, Confidence: 0.8, Alternatives: []Alternative{{8, 0.15}, {0, 0.01}}}
	for _, tc := range []struct {
		name        string
		overrides   map[int]CellReading
		want        string // grid after correction
		changed     []int
		solutions   int
		mustDoubt   []int // cells that must be listed as doubtful
		wantDoubtNo bool  // Doubtful must be empty
	}{
		{
			name:        "unique as read",
			overrides:   map[int]CellReading{1: decoy},
			want:        synthPuzzle,
			solutions:   1,
			wantDoubtNo: true,
		},
		{
			name: "misread fixed from its alternative",
			overrides: map[int]CellReading{
				0: {Digit: 6, Confidence: 0.7, Alternatives: []Alternative{{5, 0.25}, {8, 0.04}, {0, 0.01}}},
				1: decoy,
			},
			want:        synthPuzzle,
			changed:     []int{0},
			solutions:   1,
			wantDoubtNo: true,
		},
		{
			name: "confident misread without the right alternative stays, doubtful",
			overrides: map[int]CellReading{
				0: {Digit: 6, Confidence: 0.97, Alternatives: []Alternative{{8, 0.02}, {0, 0.01}}},
			},
			want:      "63..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
			solutions: 0,
			mustDoubt: []int{0, 9}, // the clash in column 1
		},
		{
			name: "a digit is not dropped on a weak empty alternative",
			overrides: map[int]CellReading{
				0: {Digit: 6, Confidence: 0.97, Alternatives: []Alternative{{0, 0.03}}},
			},
			want:      "63..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
			solutions: 0,
			mustDoubt: []int{0},
		},
		{
			name: "missed digit: several solutions, doubtful",
			overrides: map[int]CellReading{
				0: {Digit: 0, Confidence: 0.6},
				1: {Digit: 0, Confidence: 0.6},
				4: {Digit: 0, Confidence: 0.6},
				9: {Digit: 0, Confidence: 0.6},
			},
			want:      "", // the grid as read, set below
			solutions: 2,
			mustDoubt: []int{0, 1, 4, 9},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs := readingsOf(puzzle, tc.overrides)
			if tc.name == "missed digit: several solutions, doubtful" {
				g := gridOf(&rs)
				if solver.Count(g, 2) != 2 {
					t.Skip("the puzzle stays unique without these cells")
				}
				tc.want = g.String()
			}
			c := Correct(rs)
			if got := c.Grid.String(); got != tc.want {
				t.Errorf("grid = %s, want %s", got, tc.want)
			}
			if got := gridOf(&c.Readings); got != c.Grid {
				t.Errorf("Readings spell %s but Grid is %s", got, c.Grid)
			}
			if !slices.Equal(c.Changed, tc.changed) {
				t.Errorf("Changed = %v, want %v", c.Changed, tc.changed)
			}
			if c.Solutions != tc.solutions {
				t.Errorf("Solutions = %d, want %d", c.Solutions, tc.solutions)
			}
			for _, i := range tc.mustDoubt {
				if !slices.Contains(c.Doubtful, i) {
					t.Errorf("Doubtful = %v, want it to hold %d", c.Doubtful, i)
				}
			}
			if tc.wantDoubtNo && len(c.Doubtful) > 0 {
				t.Errorf("Doubtful = %v, want none", c.Doubtful)
			}
			for _, i := range c.Changed {
				r := c.Readings[i]
				if len(r.Alternatives) == 0 || r.Alternatives[0].Digit != rs[i].Digit {
					t.Errorf("cell %d: the old reading %d is not the first alternative of %+v", i, rs[i].Digit, r)
				}
				for _, a := range r.Alternatives {
					if a.Digit == r.Digit {
						t.Errorf("cell %d: alternative repeats the digit", i)
					}
				}
			}
		})
	}
}

// TestCorrectAmbiguous gives two misreads that each have a plausible fix;
// when two different fixes both give a unique solution with about the same
// likelihood, Correct must not pick one.
func TestCorrectAmbiguous(t *testing.T) {
	_, solution := synthSolved(t)
	// A full grid with one cell cleared has one solution whatever else:
	// clear cell 0 and read it as either of two wrong digits with equal
	// weight; the truth is a third alternative with the same weight, so
	// only the solver can tell, and it says the true digit.
	g := solution
	g.SetCell(0, 0)
	truth := solution.Cell(0)
	wrong1, wrong2 := truth%9+1, (truth+1)%9+1
	rs := readingsOf(g, map[int]CellReading{
		0: {Digit: wrong1, Confidence: 0.34, Alternatives: []Alternative{{wrong2, 0.33}, {truth, 0.33}}},
	})
	c := Correct(rs)
	if c.Solutions != 1 || c.Grid.Cell(0) != truth {
		t.Fatalf("cell 0 = %d (%d solutions), want %d: the only digit that fits", c.Grid.Cell(0), c.Solutions, truth)
	}
	// A given that can be changed to another digit and still leave a
	// proper puzzle: read it as a clashing digit with the true digit and the
	// other one as equally likely alternatives. Both fixes work, so Correct
	// must leave the choice to the user.
	puzzle := solver.MustGrid(synthPuzzle)
	for i := range 81 {
		tv := puzzle.Cell(i)
		if tv == 0 {
			continue
		}
		for u := 1; u <= 9; u++ {
			alt := puzzle
			alt.SetCell(i, u)
			if u == tv || solver.Count(alt, 2) != 1 {
				continue
			}
			for w := 1; w <= 9; w++ {
				bad := puzzle
				bad.SetCell(i, w)
				if w == tv || w == u || bad.Validate() == nil {
					continue
				}
				rs := readingsOf(puzzle, map[int]CellReading{
					i: {Digit: w, Confidence: 0.4, Alternatives: []Alternative{{tv, 0.3}, {u, 0.3}}},
				})
				c := Correct(rs)
				if c.Solutions == 1 || len(c.Changed) > 0 {
					t.Fatalf("%s read as %d with %d and %d equally likely: Correct chose %d", puzzle.CellName(i), w, tv, u, c.Grid.Cell(i))
				}
				if !slices.Contains(c.Doubtful, i) {
					t.Fatalf("Doubtful = %v, want it to hold %d", c.Doubtful, i)
				}
				return
			}
		}
	}
	t.Skip("no given of the puzzle can be changed into another proper puzzle")
}

func BenchmarkCorrect(b *testing.B) {
	puzzle := solver.MustGrid(synthPuzzle)
	rs := readingsOf(puzzle, map[int]CellReading{
		0:  {Digit: 6, Confidence: 0.6, Alternatives: []Alternative{{8, 0.2}, {5, 0.15}}},
		1:  {Digit: 3, Confidence: 0.8, Alternatives: []Alternative{{8, 0.15}, {9, 0.05}}},
		4:  {Digit: 7, Confidence: 0.85, Alternatives: []Alternative{{1, 0.1}, {2, 0.05}}},
		10: {Digit: 0, Confidence: 0.9},
	})
	for b.Loop() {
		Correct(rs)
	}
}
