package human

import (
	"bufio"
	"fmt"
	"os"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// TestTmpExplainDump writes every step of Explain on the corpora to the file
// named by EXPLAIN_DUMP. Temporary; not committed.
func TestTmpExplainDump(t *testing.T) {
	out := os.Getenv("EXPLAIN_DUMP")
	if out == "" {
		t.Skip("EXPLAIN_DUMP not set")
	}
	ps := sharedPuzzles(t, "puzzles3_magictour_top1465", 0)
	ps = append(ps, sharedPuzzles(t, "puzzles2_17_clue", 300)...)
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	defer w.Flush()
	for i, p := range ps {
		steps, err := Explain(solver.MustGrid(p))
		fmt.Fprintf(w, "### %d %s err=%v steps=%d\n", i, p, err, len(steps))
		for j, st := range steps {
			fmt.Fprintf(w, "%d. %s brute=%v\n", j+1, st.Technique, st.BruteForce)
			fmt.Fprintf(w, "  place %v\n  elim %v\n", st.Placements, st.Eliminations)
			fmt.Fprintf(w, "  cells %v\n  units %v\n  hl %v\n  links %v\n", st.Cells, st.Units, st.Highlights, st.Links)
			fmt.Fprintf(w, "  nudge %s\n  area %s\n  expl %s\n", st.Nudge, st.Area, st.Explanation)
		}
	}
	t.Logf("%d puzzles", len(ps))
}
