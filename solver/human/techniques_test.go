package human

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

var (
	update  = flag.Bool("update", false, "rewrite the expected steps of testdata/techniques/*.txt")
	harvest = flag.Bool("harvest", false, "add a position for every technique without one in testdata/techniques, from the corpora")
)

// A technique case is a file testdata/techniques/<name>.txt:
//
//	technique: X-Wing
//	puzzle: <81 characters, the original puzzle>
//	grid: <81 characters, the digits placed so far>
//	candidates: <81 fields, the candidates of each cell ('.' when filled)>
//	--- expected
//	placements: r1c2=5, ...
//	eliminations: r3c4-7, ...
//	nudge: ...
//	area: ...
//	explanation: ...
//
// The test runs that technique's finder on the position, checks that the
// step is sound against the puzzle's solution, and compares it with the
// expected part (written with -update).
type techniqueCase struct {
	technique, puzzle, grid, candidates string
	expected                            string
}

func readCase(t *testing.T, path string) techniqueCase {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	head, exp, _ := strings.Cut(text, "--- expected\n")
	var tc techniqueCase
	tc.expected = exp
	for _, l := range strings.Split(head, "\n") {
		k, v, ok := strings.Cut(l, ": ")
		if !ok {
			continue
		}
		switch k {
		case "technique":
			tc.technique = v
		case "puzzle":
			tc.puzzle = v
		case "grid":
			tc.grid = v
		case "candidates":
			tc.candidates = v
		}
	}
	return tc
}

func (tc techniqueCase) head() string {
	return fmt.Sprintf("technique: %s\npuzzle: %s\ngrid: %s\ncandidates: %s\n--- expected\n", tc.technique, tc.puzzle, tc.grid, tc.candidates)
}

// stepText writes what a case expects of a step.
func stepText(st Step) string {
	var ps, es []string
	for _, p := range st.Placements {
		ps = append(ps, fmt.Sprintf("%s=%d", cellName(p.Cell), p.Digit))
	}
	for _, e := range st.Eliminations {
		es = append(es, fmt.Sprintf("%s-%d", cellName(e.Cell), e.Digit))
	}
	return fmt.Sprintf("technique: %s\nplacements: %s\neliminations: %s\nnudge: %s\narea: %s\nexplanation: %s\n",
		st.Technique, strings.Join(ps, ", "), strings.Join(es, ", "), st.Nudge, st.Area, st.Explanation)
}

// caseState builds the position of a case.
func caseState(t *testing.T, tc techniqueCase) (*state, solver.Grid) {
	t.Helper()
	puzzle := solver.MustGrid(tc.puzzle)
	sol, err := solver.SolveUnique(puzzle)
	if err != nil {
		t.Fatalf("puzzle: %v", err)
	}
	g, err := solver.ParseRaw(tc.grid)
	if err != nil {
		t.Fatalf("grid: %v", err)
	}
	marks, err := ParseCandidates(tc.candidates)
	if err != nil {
		t.Fatalf("candidates: %v", err)
	}
	s := newState(g)
	s.unique = true
	for c := range s.empty.all() {
		s.cand[c] &= marks[c]
	}
	s.rebuildPositions()
	return s, sol
}

// groupedNames are the techniques of the grouped nice-loop finder, whose
// positions are in testdata/chains with the other cases of the nice-loop and
// contradiction finders (see chains_textbook_test.go) rather than in
// testdata/techniques.
var groupedNames = map[string]bool{GroupedNiceLoop: true, GroupedAIC: true}

// foundBy maps the techniques whose steps come from another technique's
// finder to that finder.
var foundBy = map[string]string{NiceLoop: AIC, ForcingChainContr: ForcingChainVer, ForcingNetContr: ForcingNetVer}

func finderFor(name string) (finder, bool) {
	if alias, ok := foundBy[name]; ok {
		name = alias
	}
	for _, f := range ladder {
		if f.name == name {
			return f, true
		}
	}
	return finder{}, false
}

// TestLadder checks the tables of techniques.go against each other: the
// ladder is in HoDoKu's order (its indices never decrease), and every
// technique of the ladder and of the rating table is rated and listed
// once in techniqueOrder.
func TestLadder(t *testing.T) {
	for i := 1; i < len(ladder); i++ {
		if ladder[i].index < ladder[i-1].index {
			t.Errorf("%s (index %d) comes after %s (index %d)", ladder[i].name, ladder[i].index, ladder[i-1].name, ladder[i-1].index)
		}
	}
	listed := map[string]int{}
	for _, name := range techniqueOrder {
		listed[name]++
	}
	for _, f := range ladder {
		if _, ok := techniques[f.name]; !ok {
			t.Errorf("%s is in the ladder but has no rating", f.name)
		}
		if listed[f.name] != 1 {
			t.Errorf("%s is in the ladder and %d times in techniqueOrder", f.name, listed[f.name])
		}
	}
	for name := range techniques {
		if listed[name] != 1 {
			t.Errorf("%s is rated and %d times in techniqueOrder", name, listed[name])
		}
	}
	if len(techniqueOrder) != len(techniques) {
		t.Errorf("techniqueOrder lists %d names, the rating table %d", len(techniqueOrder), len(techniques))
	}
}

func TestTechniques(t *testing.T) {
	files, _ := filepath.Glob("testdata/techniques/*.txt")
	if len(files) == 0 {
		t.Fatal("no technique cases in testdata/techniques")
	}
	covered := map[string]bool{}
	for _, path := range files {
		tc := readCase(t, path)
		t.Run(tc.technique, func(t *testing.T) {
			s, sol := caseState(t, tc)
			f, ok := finderFor(tc.technique)
			if !ok {
				t.Fatalf("no finder for %q", tc.technique)
			}
			st, ok := f.find(s)
			if !ok {
				t.Fatalf("%s finds nothing in its textbook position", tc.technique)
			}
			if st.Technique != tc.technique {
				t.Errorf("found a %s, want a %s", st.Technique, tc.technique)
			}
			checkSound(t, tc.puzzle, []Step{st}, sol)
			got := stepText(st)
			if *update {
				if err := os.WriteFile(path, []byte(tc.head()+got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got != tc.expected {
				t.Errorf("step differs from %s:\ngot:\n%s\nwant:\n%s", path, got, tc.expected)
			}
			covered[tc.technique] = true
		})
	}
	if *update {
		return
	}
	for _, name := range techniqueOrder {
		if name != BruteForce && !groupedNames[name] && !covered[name] {
			t.Logf("no textbook position for %s", name)
		}
	}
}

// TestHarvest adds a position for every technique that has none yet, from
// the sample and the corpora: run with -run TestHarvest -harvest, then
// -update to record the steps.
func TestHarvest(t *testing.T) {
	if !*harvest {
		t.Skip("run with -harvest to add technique positions")
	}
	have := map[string]bool{}
	files, _ := filepath.Glob("testdata/techniques/*.txt")
	for _, path := range files {
		have[readCase(t, path).technique] = true
	}
	ps := readPuzzleFile(t, "testdata/sample.txt", 0, false)
	for _, name := range []string{"puzzles3_magictour_top1465", "puzzles2_17_clue"} {
		path := filepath.Join("..", "..", "..", "shared", "puzzles", name)
		if _, err := os.Stat(path); err == nil {
			ps = append(ps, readPuzzleFile(t, path, 300, false)...)
		}
	}
	if err := os.MkdirAll("testdata/techniques", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		walkLadder(t, p, func(s *state, _ Step) {
			for _, f := range ladder {
				if _, other := foundBy[f.name]; other || groupedNames[f.name] {
					continue // covered by the finder named in foundBy, or by chains_textbook_test.go
				}
				variant := map[string]string{AIC: NiceLoop, ForcingChainVer: ForcingChainContr, ForcingNetVer: ForcingNetContr,
					SimpleColorsTrap: SimpleColorsWrap}[f.name]
				if have[f.name] && (variant == "" || have[variant]) {
					continue
				}
				st, ok := f.find(s)
				if !ok || have[st.Technique] {
					continue
				}
				have[st.Technique] = true
				tc := techniqueCase{technique: st.Technique, puzzle: p, grid: s.grid().String(), candidates: candidatesText(s)}
				name := strings.NewReplacer(" ", "-", "(", "", ")", "", "+", "plus").Replace(strings.ToLower(st.Technique))
				if err := os.WriteFile(filepath.Join("testdata/techniques", name+".txt"), []byte(tc.head()), 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("harvested %s", st.Technique)
			}
		})
	}
}

// walkLadder solves puzzle p step by step with the ladder, calling visit
// with the state before each step and the step found there.
func walkLadder(tb testing.TB, p string, visit func(s *state, st Step)) {
	tb.Helper()
	g := solver.MustGrid(p)
	sol, _ := solver.SolveUnique(g)
	s := newState(g)
	s.unique = true
	info := puzzleInfo{solution: sol, unique: true}
	for !s.solved() {
		st, err := next(s, info)
		if err != nil {
			tb.Fatal(err)
		}
		visit(s, st)
		s.apply(&st)
	}
}

func candidatesText(s *state) string {
	return strings.Join(strings.Fields(FormatCandidates(s.cand[:])), " ")
}
