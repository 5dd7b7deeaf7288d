package solver_test

import (
	"bufio"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// TestSeedExamples solves every puzzle of the documents the product grew
// from (testdata/seed-examples.txt, a copy of
// shared/puzzles/seed-examples.txt): its unique solution, or "no solution"
// with a reason a person can check.
func TestSeedExamples(t *testing.T) {
	f, err := os.Open("testdata/seed-examples.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 3 {
			t.Fatalf("bad line %q", line)
		}
		puzzle, want, source := fields[0], fields[1], fields[2]
		n++
		t.Run(source[:3], func(t *testing.T) {
			g, err := solver.Parse(puzzle)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			sol, err := solver.SolveUnique(g)
			if want == "NONE" {
				var ns *solver.NoSolutionError
				if !errors.Is(err, solver.ErrNoSolution) || !errors.As(err, &ns) {
					t.Fatalf("SolveUnique = %v, %v; want no solution", sol, err)
				}
				if ns.Reason == "" {
					t.Errorf("no reason given for %s", puzzle)
				}
				t.Logf("%s: %v", puzzle, err)
				if c := solver.Count(g, 2); c != 0 {
					t.Errorf("Count = %d, want 0", c)
				}
				return
			}
			if err != nil {
				t.Fatalf("SolveUnique: %v", err)
			}
			if sol.String() != want {
				t.Errorf("solution\n got %s\nwant %s", sol, want)
			}
		})
	}
	if n != 5 {
		t.Errorf("read %d seed examples, want 5", n)
	}
}

// TestSeedTabGrid reads grids exactly as the slides of seed 000 show them:
// tab-separated fields with empty fields for blanks. The slide text lost
// its all-blank fifth row, which the parser must report, not guess.
func TestSeedTabGrid(t *testing.T) {
	rows := []string{
		"\t7\t\t1\t\t3\t6\t5\t",
		"5\t\t6\t7\t\t\t3\t\t1",
		"2\t\t\t4\t\t6\t\t8\t7",
		"\t8\t1\t\t\t\t\t6\t5",
		"3\t\t4\t\t\t\t1\t\t8",
		"4\t3\t\t6\t\t8\t\t1\t",
		"1\t\t2\t3\t\t5\t\t\t",
		"\t6\t8\t\t\t2\t\t4\t",
	}
	_, err := solver.Parse(strings.Join(rows, "\n"))
	if err == nil || err.Error() != "found 72 cells, a 9x9 puzzle needs 81" {
		t.Errorf("slide text without row 5: error = %v", err)
	}
	full := append(rows[:4:4], append([]string{"\t\t\t\t\t\t\t\t"}, rows[4:]...)...)
	g, err := solver.Parse(strings.Join(full, "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := ".7.1.365.5.67..3.12..4.6.87.81....65.........3.4...1.843.6.8.1.1.23.5....68..2.4."; g.String() != want {
		t.Errorf("got  %s\nwant %s", g, want)
	}
}
