package solver_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// marksOf writes g in the pencil-mark form: a given as its digit alone, an
// empty cell with its basic candidates.
func marksOf(g solver.Grid) []solver.DigitSet {
	m := g.Candidates()
	for i := range m {
		if d := g.Cell(i); d != 0 {
			m[i] = solver.DigitSetOf(d)
		}
	}
	return m
}

func TestSolveMarksAgreesWithSolve(t *testing.T) {
	for _, p := range []string{
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
		"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
	} {
		g := solver.MustGrid(p)
		want, err := solver.SolveUnique(g)
		if err != nil {
			t.Fatal(err)
		}
		text := solver.FormatMarks(marksOf(g))
		if len(text) != solver.MarksLen || !solver.LooksLikeMarks(text) {
			t.Fatalf("FormatMarks gave %d characters", len(text))
		}
		marks, err := solver.ParseMarks(text)
		if err != nil {
			t.Fatal(err)
		}
		sol, n, err := solver.SolveMarks(marks, 2)
		if err != nil || n != 1 || sol != want {
			t.Errorf("SolveMarks = %s, %d, %v; want %s, 1", sol, n, err, want)
		}
	}
}

// TestSolveMarksNarrows checks that marks, not only the digits they fix,
// constrain the search: a puzzle with many solutions has one when a
// candidate of each open cell but its solution's is struck out.
func TestSolveMarksNarrows(t *testing.T) {
	g := solver.MustGrid("8.........95.......76.........426798...571243...893165......916....3.487....1.532")
	if solver.Count(g, 2) != 2 {
		t.Fatal("the puzzle should have several solutions")
	}
	sol, err := solver.Solve(g)
	if err != nil {
		t.Fatal(err)
	}
	marks := marksOf(g)
	for i := range marks {
		if g.Cell(i) == 0 && marks[i].Len() > 1 {
			for d := range marks[i].All() {
				if d != sol.Cell(i) {
					marks[i] = marks[i].Without(d)
					break
				}
			}
		}
	}
	got, n, err := solver.SolveMarks(marks, 2)
	if err != nil || n != 1 || got != sol {
		t.Errorf("SolveMarks = %s, %d, %v; want %s, 1", got, n, err, sol)
	}
}

func TestSolveMarksErrors(t *testing.T) {
	raw, err := solver.ParseRaw("55" + strings.Repeat(".", 79))
	if err != nil {
		t.Fatal(err)
	}
	marks := marksOf(raw)
	var c *solver.Clash
	if _, _, err := solver.SolveMarks(marks, 1); !errors.As(err, &c) {
		t.Errorf("two 5s in row 1: err = %v, want a clash", err)
	}
	g := solver.MustGrid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	marks = marksOf(g)
	marks[2] = marks[2].Without(4) // r1c3's only possible digit
	if _, n, err := solver.SolveMarks(marks, 2); err != nil || n != 0 {
		t.Errorf("without the solution's digit: %d solutions, %v; want 0", n, err)
	}
}

// TestParseMarks reads testdata/marks/*.txt and compares the candidates
// (as FormatMarks writes them) or "error: <message>" with the .want file
// beside it; -update rewrites them.
func TestParseMarks(t *testing.T) {
	files, err := filepath.Glob("testdata/marks/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		t.Run(name, func(t *testing.T) {
			in := mustRead(t, f)
			var got string
			m, err := solver.ParseMarks(in)
			if err != nil {
				got = "error: " + err.Error()
			} else {
				got = solver.FormatMarks(m)
			}
			want := strings.TrimSuffix(f, ".txt") + ".want"
			if *update {
				if err := os.WriteFile(want, []byte(got+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if w := strings.TrimSpace(mustRead(t, want)); got != w {
				t.Errorf("ParseMarks(%s)\n got: %s\nwant: %s", f, got, w)
			}
			if strings.HasPrefix(name, "err-") != (err != nil) {
				t.Errorf("files named err-* must fail to parse and only those; err = %v", err)
			}
		})
	}
}

// FuzzParseMarks states the contract of the pencil-mark form: marks or an
// error, never both, never a panic; marks read back as themselves and can
// be searched.
func FuzzParseMarks(f *testing.F) {
	addFileSeeds(f, "testdata/marks/*.txt")
	f.Fuzz(func(t *testing.T, in string) {
		m, err := solver.ParseMarks(in)
		if err != nil {
			if m != nil {
				t.Fatalf("marks and error: %v", err)
			}
			return
		}
		if len(m) != 81 {
			t.Fatalf("%d cells of marks", len(m))
		}
		back, err := solver.ParseMarks(solver.FormatMarks(m))
		if err != nil {
			t.Fatalf("round trip: %v", err)
		}
		for i := range m {
			if back[i] != m[i] {
				t.Fatalf("round trip changed cell %d: %v, want %v", i, back[i], m[i])
			}
		}
		solver.SolveMarks(m, 2)
	})
}
