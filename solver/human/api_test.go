package human

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// easy is a puzzle solved by singles alone.
const easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// hard is the first puzzle of top1465.
const hard = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"

func mustSolve(t *testing.T, p string) solver.Grid {
	t.Helper()
	sol, err := solver.SolveUnique(solver.MustGrid(p))
	if err != nil {
		t.Fatal(err)
	}
	return sol
}

func TestNextStepFirstStep(t *testing.T) {
	st, err := NextStep(solver.MustGrid(hard), solver.Grid{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "In box 7, 7 can only go in r9c3: the other empty cells already see a 7 in row 7 or column 2."
	if st.Technique != HiddenSingle || st.Explanation != want {
		t.Errorf("got %s: %q, want Hidden Single: %q", st.Technique, st.Explanation, want)
	}
	if st.Nudge != "Look at box 7 for a 7." || st.Area != "There is a hidden single: a 7 in box 7." {
		t.Errorf("levels 1 and 2: %q, %q", st.Nudge, st.Area)
	}
	if len(st.Placements) != 1 || st.Placements[0] != (Candidate{8*9 + 2, 7}) {
		t.Errorf("placements %v, want r9c3=7", st.Placements)
	}
}

func TestNextStepOnHalfFilledGrid(t *testing.T) {
	puzzle := solver.MustGrid(hard)
	sol := mustSolve(t, hard)
	steps, err := Explain(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	// Replay half of the placements, then ask: the hint must be sound and
	// not about a filled cell.
	cur := puzzle
	n := 0
	for _, st := range steps {
		for _, p := range st.Placements {
			if n < 30 {
				cur.SetCell(p.Cell, p.Digit)
				n++
			}
		}
	}
	st, err := NextStep(puzzle, cur, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkSound(t, hard, []Step{st}, sol)
	for _, p := range st.Placements {
		if cur.Cell(p.Cell) != 0 {
			t.Errorf("step places into filled cell %s", cellName(p.Cell))
		}
	}
}

func TestNextStepWrongGrid(t *testing.T) {
	puzzle := solver.MustGrid(easy)
	sol := mustSolve(t, easy)
	cur := puzzle
	// r1c3 gets a digit that does not clash but is wrong.
	wrongDigit := 0
	for d := 1; d <= 9; d++ {
		cur.SetCell(2, d)
		if d != sol.Cell(2) && cur.Validate() == nil {
			wrongDigit = d
			break
		}
	}
	if wrongDigit == 0 {
		t.Fatal("no non-clashing wrong digit for r1c3")
	}
	_, err := NextStep(puzzle, cur, nil)
	var wg *solver.WrongGridError
	if !errors.As(err, &wg) {
		t.Fatalf("got %v, want a WrongGridError", err)
	}
	if len(wg.Cells) != 1 || wg.Cells[0].Cell != 2 || wg.Cells[0].Digit != wrongDigit {
		t.Fatalf("wrong cells %+v, want r1c3", wg.Cells)
	}
	if strings.Contains(wg.Error(), "should be") || !strings.Contains(wg.Error(), "r1c3") {
		t.Errorf("message %q should name r1c3 without giving the answer away", wg.Error())
	}
	wrong, err := solver.Check(puzzle, cur, sol)
	if err != nil || len(wrong) != 1 || wrong[0].Cell != 2 {
		t.Errorf("Check: %+v, %v", wrong, err)
	}
}

func TestNextStepSolved(t *testing.T) {
	if _, err := NextStep(solver.MustGrid(easy), mustSolve(t, easy), nil); !errors.Is(err, ErrSolved) {
		t.Fatalf("got %v, want ErrSolved", err)
	}
}

func TestNextStepPencilMarks(t *testing.T) {
	puzzle := solver.MustGrid(hard)
	sol := mustSolve(t, hard)
	s := newState(puzzle)
	marks := slices.Clone(s.cand[:])
	// Marks that leave r1c2 only its solution digit give a naked single
	// there first.
	marks[1] = solver.DigitSetOf(sol.Cell(1))
	st, err := NextStep(puzzle, solver.Grid{}, marks)
	if err != nil {
		t.Fatal(err)
	}
	if st.Technique != NakedSingle || st.Placements[0].Cell != 1 {
		t.Errorf("got %s at %v, want the naked single in r1c2", st.Technique, st.Placements)
	}
	if !strings.Contains(st.Explanation, "ruled out by earlier steps") {
		t.Errorf("explanation %q should say that some digits were ruled out earlier", st.Explanation)
	}
	// Marks that rule out the right digit are wrong.
	marks[1] = allDigits.Without(sol.Cell(1))
	_, err = NextStep(puzzle, solver.Grid{}, marks)
	var wg *solver.WrongGridError
	if !errors.As(err, &wg) || wg.Cells[0].Cell != 1 || !strings.Contains(wg.Error(), "pencil marks of r1c2") {
		t.Fatalf("got %v, want the pencil marks of r1c2 reported", err)
	}
}

func TestParseCandidates(t *testing.T) {
	s := newState(solver.MustGrid(hard))
	c := s.cand[:]
	back, err := ParseCandidates(FormatCandidates(c))
	if err != nil || !slices.Equal(back, c) {
		t.Fatalf("round trip: %v", err)
	}
	for _, bad := range []string{"", "12 3", strings.Repeat("1 ", 82), strings.Repeat("1x ", 81)} {
		if _, err := ParseCandidates(bad); err == nil {
			t.Errorf("ParseCandidates(%.20q) gave no error", bad)
		}
	}
}

// FuzzParseCandidates checks that any text either is refused with an
// error or gives 81 cells of pencil marks of digits 1-9 only, which
// FormatCandidates writes in a form ParseCandidates reads back to the same
// marks.
func FuzzParseCandidates(f *testing.F) {
	s := newState(solver.MustGrid(hard))
	f.Add(FormatCandidates(s.cand[:]))
	f.Add(strings.Repeat(". ", 81))
	f.Add(strings.Repeat("0|", 81))
	f.Add("+---+---+\n" + strings.Repeat("123 ", 81))
	f.Add(strings.Repeat("1x ", 81))
	f.Fuzz(func(t *testing.T, text string) {
		c, err := ParseCandidates(text)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		if len(c) != 81 {
			t.Fatalf("%d cells of marks, want 81", len(c))
		}
		for i, m := range c {
			if m&^solver.AllDigits(9) != 0 {
				t.Fatalf("cell %d: marks %#x outside digits 1-9", i, uint16(m))
			}
		}
		back, err := ParseCandidates(FormatCandidates(c))
		if err != nil || !slices.Equal(back, c) {
			t.Fatalf("round trip of %q: %v", FormatCandidates(c), err)
		}
	})
}

func TestNotUniqueAndBadPuzzles(t *testing.T) {
	empty, _ := solver.NewGrid(9)
	if _, err := NextStep(empty, solver.Grid{}, nil); !errors.Is(err, ErrNoLogicalStep) {
		t.Errorf("empty grid: got %v, want ErrNoLogicalStep", err)
	}
	if _, err := Explain(empty); !errors.Is(err, solver.ErrMultipleSolutions) {
		t.Errorf("Explain(empty): got %v", err)
	}
	small, _ := solver.NewGrid(4)
	if _, err := Rate(small); !errors.Is(err, ErrNot9x9) {
		t.Errorf("4x4: got %v", err)
	}
	// Two 7s in column 1 cannot be solved... given as a clash-free but
	// unsolvable puzzle: r1c1..r1c8 = 1..8 and r2c9 = 9.
	g := solver.MustGrid("12345678.........9" + strings.Repeat(".", 63))
	if _, err := NextStep(g, solver.Grid{}, nil); err == nil || !strings.Contains(err.Error(), "cannot be solved") {
		t.Errorf("unsolvable puzzle: got %v", err)
	}
}

func TestRateSteps(t *testing.T) {
	steps := func(name string, n int) []Step {
		out := make([]Step, n)
		for i := range out {
			out[i].Technique = name
		}
		return out
	}
	cases := []struct {
		steps []Step
		level Level
		score int
	}{
		{steps(NakedSingle, 60), Easy, 240},
		{steps(HiddenSingle, 58), Medium, 812}, // above Easy's cap of 800
		{append(steps(HiddenSingle, 50), steps(XWing, 1)...), Hard, 840},
		{append(steps(HiddenSingle, 50), steps(XChain, 5)...), Extreme, 2000}, // above Unfair's cap of 1800
		{append(steps(NakedSingle, 50), steps(ForcingChainVer, 1)...), Extreme, 700},
	}
	for _, c := range cases {
		r := RateSteps(c.steps)
		if r.Level != c.level || r.Score != c.score {
			t.Errorf("%d steps: got %s %d, want %s %d", len(c.steps), r.Level, r.Score, c.level, c.score)
		}
	}
}

func TestRateEasyPuzzle(t *testing.T) {
	r, err := Rate(solver.MustGrid(easy))
	if err != nil {
		t.Fatal(err)
	}
	if r.Level != Easy || r.BruteForce {
		t.Errorf("got %+v, want Easy", r)
	}
	for _, tc := range r.Techniques {
		if TechniqueLevel(tc.Technique) != Easy {
			t.Errorf("singles puzzle used %s", tc.Technique)
		}
	}
}

// FuzzNextStep checks that any pair of grids gives a sound step, a clear
// "this grid is wrong", "solved", or a clear error about the puzzle.
func FuzzNextStep(f *testing.F) {
	f.Add(hard, "")
	f.Add(easy, "534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	f.Add(easy, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..78")
	f.Add("1................................................................................", "")
	f.Fuzz(func(t *testing.T, p, cur string) {
		puzzle, err := solver.Parse(p)
		if err != nil || puzzle.Side() != 9 || puzzle.Givens() < 17 {
			return // few givens make nets slow and prove nothing more
		}
		var current solver.Grid
		if cur != "" {
			if current, err = solver.ParseRaw(cur); err != nil || current.Side() != 9 {
				return
			}
		}
		st, err := NextStep(puzzle, current, nil)
		var wg *solver.WrongGridError
		switch {
		case errors.As(err, &wg), errors.Is(err, ErrSolved), errors.Is(err, ErrNoLogicalStep):
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		case err != nil:
			if !strings.Contains(err.Error(), "puzzle") {
				t.Fatalf("unclear error %q", err)
			}
			return
		}
		// Sound: nothing placed or removed contradicts any completion of
		// the current grid.
		g := current
		if g.IsZero() {
			g = puzzle
		}
		for c := range 81 {
			if puzzle.Cell(c) != 0 {
				g.SetCell(c, puzzle.Cell(c))
			}
		}
		for _, e := range st.Eliminations {
			h := g
			h.SetCell(e.Cell, e.Digit)
			if solver.Count(h, 1) != 0 && !st.BruteForce {
				t.Fatalf("%s removes %d from %s, which some solution has", st.Technique, e.Digit, cellName(e.Cell))
			}
		}
		for _, pl := range st.Placements {
			h := g
			h.SetCell(pl.Cell, pl.Digit)
			if solver.Count(h, 1) == 0 {
				t.Fatalf("%s places %d in %s, which no solution has", st.Technique, pl.Digit, cellName(pl.Cell))
			}
		}
	})
}
