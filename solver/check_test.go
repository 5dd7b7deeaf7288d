package solver_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

const (
	classicText = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	classicSol  = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

// reasons returns the reasons of wrong cells, one a line.
func reasons(wrong []solver.WrongCell) string {
	var sb strings.Builder
	for _, w := range wrong {
		sb.WriteString(w.Reason + "\n")
	}
	return sb.String()
}

// edit returns g with the cells of the "rXcY=D" edits set (D '.' to clear).
func edit(t *testing.T, g solver.Grid, edits ...string) solver.Grid {
	t.Helper()
	for _, e := range edits {
		var r, c int
		var d rune
		if _, err := fmt.Sscanf(e, "r%dc%d=%c", &r, &c, &d); err != nil {
			t.Fatalf("edit %q: %v", e, err)
		}
		digit := 0
		switch {
		case d >= '1' && d <= '9':
			digit = int(d - '0')
		case d >= 'A' && d <= 'G':
			digit = int(d-'A') + 10
		}
		g.Set(r-1, c-1, digit)
	}
	return g
}

func TestCheck(t *testing.T) {
	classic, sol := solver.MustGrid(classicText), solver.MustGrid(classicSol)
	for _, c := range []struct {
		name  string
		edits []string
		want  string
	}{
		{"the puzzle itself", nil, ""},
		{"right so far", []string{"r1c3=4", "r9c1=3"}, ""},
		{"solved", nil, ""},
		{"a wrong digit that clashes with nothing", []string{"r1c3=2"},
			"r1c3 holds 2, which contradicts the puzzle's solution\n"},
		{"a clash with a given", []string{"r1c3=5"},
			"r1c3 holds 5, but row 1 has two 5s (r1c1 and r1c3)\n"},
		{"a changed given", []string{"r1c1=6"},
			"r1c1 holds 6, but the puzzle gives 5 there\n"},
		// The player's wrong 2 in r1c4 clashes with the right 2 the
		// player wrote in r1c9: only the wrong one is named, with the
		// clash.
		{"a clash between a wrong and a right digit", []string{"r1c9=2", "r1c4=2"},
			"r1c4 holds 2, but row 1 has two 2s (r1c4 and r1c9)\n"},
		// The wrong 4 of r1c4 clashes with the player's right 4 of r1c3
		// in its row and with the given 4 of r8c4 in its column: it is
		// named once.
		{"a digit in two clashes", []string{"r1c3=4", "r1c4=4"},
			"r1c4 holds 4, but row 1 has two 4s (r1c3 and r1c4)\n"},
		{"in cell order", []string{"r7c1=3", "r1c3=2", "r1c1=6"},
			"r1c1 holds 6, but the puzzle gives 5 there\nr1c3 holds 2, which contradicts the puzzle's solution\nr7c1 holds 3, which contradicts the puzzle's solution\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cur := edit(t, classic, c.edits...)
			if c.name == "solved" {
				cur = sol
			}
			wrong, err := solver.Check(classic, cur, sol)
			if err != nil {
				t.Fatal(err)
			}
			if got := reasons(wrong); got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

// TestCheckClashAndChangedGiven checks a grid where a changed given makes
// room for a clash with it.
func TestCheckClashAndChangedGiven(t *testing.T) {
	puzzle := solver.MustGrid(classicText)
	cur := puzzle
	cur.SetCell(0, 6) // the given 5 changed to 6
	cur.SetCell(2, 5) // r1c3 = 5 clashes with the given 5 of r1c1
	wrong, err := solver.Check(puzzle, cur, solver.MustGrid(classicSol))
	if err != nil {
		t.Fatal(err)
	}
	if len(wrong) != 2 || wrong[0].Cell != 0 || wrong[0].Digit != 6 || !strings.Contains(wrong[0].Reason, "the puzzle gives 5") {
		t.Fatalf("got %+v", wrong)
	}
	if wrong[1].Cell != 2 || wrong[1].Digit != 5 || !strings.Contains(wrong[1].Reason, "row 1 has two 5s") {
		t.Errorf("r1c3 clash not reported: %+v", wrong)
	}
}

func TestCheckSizes(t *testing.T) {
	four := solver.MustGrid("1...\n..3.\n.4..\n...2")
	fourSol, err := solver.SolveUnique(four)
	if err != nil {
		t.Fatal(err)
	}
	big, bigSol := unique16(t)
	// Digits 10 to 16 are written as letters, as in the grid.
	empty16 := 0
	for i := range big.NumCells() {
		if big.Cell(i) == 0 && bigSol.Cell(i) < 10 {
			empty16 = i
			break
		}
	}
	bigCur := big
	wrong16 := 10 + empty16%7 // a letter, where the solution has a digit 1-9
	bigCur.SetCell(empty16, wrong16)
	wrong, err := solver.Check(big, bigCur, bigSol)
	if err != nil {
		t.Fatal(err)
	}
	if len(wrong) != 1 || wrong[0].Cell != empty16 || wrong[0].Digit != wrong16 {
		t.Fatalf("16x16: got %+v, want %s named", wrong, big.CellName(empty16))
	}
	if prefix := big.CellName(empty16) + " holds " + string(solver.DigitChar(wrong16)) + ","; !strings.HasPrefix(wrong[0].Reason, prefix) {
		t.Errorf("16x16 reason %q should start %q", wrong[0].Reason, prefix)
	}

	cur4 := edit(t, four, "r1c2=2")
	wrong, err = solver.Check(four, cur4, fourSol)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := reasons(wrong), "r1c2 holds 2, which contradicts the puzzle's solution\n"; got != want {
		t.Errorf("4x4: got %q, want %q", got, want)
	}
	out := four
	out.SetCell(1, 7)
	out.SetCell(0, 9) // over the given 1
	wrong, err = solver.Check(four, out, fourSol)
	if err != nil || reasons(wrong) != "r1c1 holds 9, but the puzzle gives 1 there\nr1c2 holds 7, which is not a digit from 1 to 4\n" {
		t.Errorf("4x4 digits out of range: %+v, %v", wrong, err)
	}

	if _, err := solver.Check(four, classicGrid(), fourSol); err == nil || err.Error() != "the current grid is 9x9, the puzzle 4x4" {
		t.Errorf("a current grid of another size: %v", err)
	}
	if _, err := solver.Check(solver.Grid{}, four, solver.Grid{}); err == nil {
		t.Errorf("no puzzle: no error")
	}
}

func classicGrid() solver.Grid { return solver.MustGrid(classicText) }

// unique16 returns a 16x16 puzzle with one solution: a solution of the
// 16x16 parser case with every fifth cell blanked.
func unique16(t *testing.T) (puzzle, sol solver.Grid) {
	t.Helper()
	b, err := os.ReadFile("testdata/parse/16x16-rows.txt")
	if err != nil {
		t.Fatal(err)
	}
	sol, err = solver.Solve(solver.MustGrid(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	puzzle = sol
	for i := 0; i < puzzle.NumCells(); i += 5 {
		puzzle.SetCell(i, 0)
	}
	if got, err := solver.SolveUnique(puzzle); err != nil || got != sol {
		t.Fatalf("the 16x16 puzzle: %v", err)
	}
	return puzzle, sol
}

// TestCheckSeveralSolutions checks a puzzle without one solution: only the
// rules can be checked, and a grid that breaks none but has no way to be
// completed is a WrongGridError without cells.
func TestCheckSeveralSolutions(t *testing.T) {
	empty, _ := solver.NewGrid(9)
	wrong, err := solver.Check(empty, edit(t, empty, "r1c1=5", "r1c9=5"), solver.Grid{})
	if err != nil || reasons(wrong) != "r1c9 holds 5, but row 1 has two 5s (r1c1 and r1c9)\n" {
		t.Errorf("clash: %+v, %v", wrong, err)
	}
	// r1c9 sees 1-8 in its row and the 9 of its box: no way on.
	dead := edit(t, empty, "r1c1=1", "r1c2=2", "r1c3=3", "r1c4=4", "r1c5=5", "r1c6=6", "r1c7=7", "r1c8=8", "r2c9=9")
	wrong, err = solver.Check(empty, dead, solver.Grid{})
	var wge *solver.WrongGridError
	if !errors.As(err, &wge) || len(wge.Cells) != 0 || len(wrong) != 0 {
		t.Fatalf("dead end: %+v, %v; want a WrongGridError without cells", wrong, err)
	}
	if err.Error() != "this grid is wrong: it can no longer be completed" {
		t.Errorf("dead end message %q", err)
	}
	if wrong, err := solver.Check(empty, edit(t, empty, "r5c5=5"), solver.Grid{}); err != nil || len(wrong) != 0 {
		t.Errorf("a grid that can go on: %+v, %v", wrong, err)
	}
}

// TestCheckIsTheSolutionsVerdict checks, on random grids of every size,
// that against a puzzle's one solution the wrong cells are exactly the
// filled cells that differ from it, each named once.
func TestCheckIsTheSolutionsVerdict(t *testing.T) {
	big, _ := unique16(t)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, puzzle := range []solver.Grid{solver.MustGrid("1...\n..3.\n.4..\n...2"), classicGrid(), big} {
		sol, err := solver.SolveUnique(puzzle)
		if err != nil {
			t.Fatal(err)
		}
		n := puzzle.Side()
		for range 300 {
			cur := puzzle
			for range rng.IntN(2 * n) {
				i := rng.IntN(puzzle.NumCells())
				switch rng.IntN(3) {
				case 0:
					cur.SetCell(i, sol.Cell(i))
				case 1:
					cur.SetCell(i, 1+rng.IntN(n))
				default:
					cur.SetCell(i, 0)
				}
			}
			wrong, err := solver.Check(puzzle, cur, sol)
			if err != nil {
				t.Fatal(err)
			}
			var got, want []int
			for _, w := range wrong {
				got = append(got, w.Cell)
			}
			for i := range cur.NumCells() {
				if d := cur.Cell(i); d != 0 && d != sol.Cell(i) {
					want = append(want, i)
				}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%dx%d grid %s: wrong cells %v, want %v\n%s", n, n, cur, got, want, reasons(wrong))
			}
		}
	}
}
