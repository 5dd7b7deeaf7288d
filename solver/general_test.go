package solver_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// isSolutionOf reports whether sol is a complete, valid grid that keeps
// every given of puzzle.
func isSolutionOf(sol, puzzle solver.Grid) bool {
	if sol.Side() != puzzle.Side() || !sol.IsComplete() || sol.Validate() != nil {
		return false
	}
	for i := range puzzle.NumCells() {
		if d := puzzle.Cell(i); d != 0 && sol.Cell(i) != d {
			return false
		}
	}
	return true
}

func TestSolveSizes(t *testing.T) {
	for _, name := range []string{"4x4-line", "16x16-rows"} {
		b, err := os.ReadFile("testdata/parse/" + name + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		g := solver.MustGrid(string(b))
		sol, err := solver.Solve(g)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !isSolutionOf(sol, g) {
			t.Errorf("%s: %s is not a solution of %s", name, sol, g)
		}
	}
}

func TestCountAndUniqueness(t *testing.T) {
	empty4, _ := solver.NewGrid(4)
	tests := []struct {
		name   string
		puzzle solver.Grid
		limit  int
		want   int
	}{
		// There are 288 4x4 Sudoku grids.
		{"all 4x4 grids", empty4, 1000, 288},
		{"limit reached", empty4, 5, 5},
		{"unique 4x4", solver.MustGrid("1...\n..3.\n.4..\n...2"), 10, 1},
		{"no solution 4x4", solver.MustGrid("..1.2..3.4....2."), 10, 0},
		{"unique 9x9", solver.MustGrid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"), 10, 1},
		{"several 9x9", solver.MustGrid("8.........95.......76.........426798...571243...893165......916....3.487....1.532"), 2, 2},
	}
	for _, tt := range tests {
		if got := solver.Count(tt.puzzle, tt.limit); got != tt.want {
			t.Errorf("%s: Count = %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestSolveUniqueResults(t *testing.T) {
	multi := solver.MustGrid("8.........95.......76.........426798...571243...893165......916....3.487....1.532")
	if _, err := solver.SolveUnique(multi); !errors.Is(err, solver.ErrMultipleSolutions) {
		t.Errorf("SolveUnique(multi) error = %v, want ErrMultipleSolutions", err)
	}
	sol, err := solver.Solve(multi)
	if err != nil || !isSolutionOf(sol, multi) {
		t.Errorf("Solve(multi) = %s, %v", sol, err)
	}
	raw, err := solver.ParseRaw("55" + strings.Repeat(".", 79))
	if err != nil {
		t.Fatal(err)
	}
	var c *solver.Clash
	if _, err := solver.Solve(raw); !errors.As(err, &c) {
		t.Errorf("Solve of a clash: error %v, want *Clash", err)
	}
	if n := solver.Count(raw, 2); n != 0 {
		t.Errorf("Count of a clash = %d", n)
	}
}

// TestNoSolutionReasons checks the explanations of unsolvable grids.
func TestNoSolutionReasons(t *testing.T) {
	tests := []struct{ in, want string }{
		{"..1.2..3.4....2.", "no solution: row 3 has no place left for a 2"},
		// r1c9 sees 1-8 in its row and a 9 in its column.
		{"12345678.\n........9\n" + strings.Repeat(".........\n", 7), "no solution: r1c9 has no candidate left: its row, column and box already hold every digit"},
	}
	for _, tt := range tests {
		_, err := solver.Solve(solver.MustGrid(tt.in))
		if err == nil || err.Error() != tt.want {
			t.Errorf("Solve(%q) error = %v, want %q", tt.in, err, tt.want)
		}
	}
}
