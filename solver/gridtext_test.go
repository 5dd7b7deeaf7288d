package solver_test

import (
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

func TestAppendText(t *testing.T) {
	for _, g := range []solver.Grid{{}, solver.MustGrid("1..2....3..4...."), solver.MustGrid(strings.Repeat(".", 80) + "9"),
		solver.MustGrid("1.3.5.7.9ABCDEFG" + strings.Repeat(".", 240))} {
		b, err := g.AppendText([]byte("x"))
		if err != nil || string(b) != "x"+g.String() {
			t.Errorf("AppendText of %s: %q, %v", g, b, err)
		}
	}
}
