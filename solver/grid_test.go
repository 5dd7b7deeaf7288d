package solver_test

import (
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

func TestNewGrid(t *testing.T) {
	for _, side := range []int{4, 9, 16} {
		g, err := solver.NewGrid(side)
		if err != nil || g.Side() != side || g.Givens() != 0 {
			t.Errorf("NewGrid(%d) = %v, %v", side, g, err)
		}
	}
	if _, err := solver.NewGrid(8); err == nil || err.Error() != "unsupported grid size 8x8: sizes are 4x4, 9x9 and 16x16" {
		t.Errorf("NewGrid(8) error = %v", err)
	}
}

func TestGridAccessors(t *testing.T) {
	g := solver.MustGrid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if g.At(0, 1) != 3 || g.Cell(9) != 6 || g.Givens() != 30 || g.IsComplete() {
		t.Errorf("accessors wrong: %d %d %d", g.At(0, 1), g.Cell(9), g.Givens())
	}
	if got := g.CellName(40); got != "r5c5" {
		t.Errorf("CellName(40) = %s", got)
	}
	if g.Box(4, 4) != 4 || g.Box(8, 0) != 6 {
		t.Errorf("Box wrong")
	}
	g.Set(0, 2, 4)
	if g.Cell(2) != 4 {
		t.Errorf("Set did not set")
	}
	if got := g.Rows()[0]; got != "534 .7. ..." {
		t.Errorf("Rows()[0] = %q", got)
	}
	if got := g.Digits()[:9]; got != "534070000" {
		t.Errorf("Digits() = %q", got)
	}
	pretty := g.Pretty()
	wantStart := "+-------+-------+-------+\n| 5 3 4 | . 7 . | . . . |\n"
	if !strings.HasPrefix(pretty, wantStart) || strings.Count(pretty, "\n") != 13 {
		t.Errorf("Pretty() =\n%s", pretty)
	}
}

func TestDigitChar(t *testing.T) {
	for d, want := range map[int]byte{0: '.', 1: '1', 9: '9', 10: 'A', 16: 'G'} {
		if got := solver.DigitChar(d); got != want {
			t.Errorf("DigitChar(%d) = %c, want %c", d, got, want)
		}
	}
}
