package human

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// sharedPuzzles returns the puzzles of a file of the shared corpus (at
// ../shared from the repository root), at most limit of them (0: all), or
// skips the test when the corpus is absent.
func sharedPuzzles(t testing.TB, name string, limit int) []string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	path := filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "puzzles", name)
	return readPuzzleFile(t, path, limit, true)
}

func readPuzzleFile(t testing.TB, path string, limit int, skipMissing bool) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		if skipMissing && os.IsNotExist(err) {
			t.Skipf("corpus %s is absent", path)
		}
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		out = append(out, l)
		if limit > 0 && len(out) == limit {
			break
		}
	}
	return out
}

// checkSound fails the test unless every placement of steps is the
// solution's digit and no elimination removes it.
func checkSound(t testing.TB, puzzle string, steps []Step, sol solver.Grid) bool {
	t.Helper()
	for i, st := range steps {
		if len(st.Placements) == 0 && len(st.Eliminations) == 0 {
			t.Errorf("%s: step %d (%s) changes nothing", puzzle, i+1, st.Technique)
			return false
		}
		for _, p := range st.Placements {
			if sol.Cell(p.Cell) != p.Digit {
				t.Errorf("%s: step %d (%s) places %d in %s, the solution has %d: %s", puzzle, i+1, st.Technique, p.Digit, cellName(p.Cell), sol.Cell(p.Cell), st.Explanation)
				return false
			}
		}
		for _, e := range st.Eliminations {
			if sol.Cell(e.Cell) == e.Digit {
				t.Errorf("%s: step %d (%s) removes the solution's %d from %s: %s", puzzle, i+1, st.Technique, e.Digit, cellName(e.Cell), st.Explanation)
				return false
			}
		}
		if st.Nudge == "" || st.Area == "" || st.Explanation == "" {
			t.Errorf("%s: step %d (%s) lacks a level of help", puzzle, i+1, st.Technique)
		}
	}
	return true
}

// explainAll explains every puzzle, checks each step against the solution
// and returns how many puzzles needed trial and error and the technique
// counts.
func explainAll(t *testing.T, puzzles []string) (brute int, counts map[string]int, levels map[Level]int) {
	counts = map[string]int{}
	levels = map[Level]int{}
	for _, p := range puzzles {
		g := solver.MustGrid(p)
		sol, err := solver.SolveUnique(g)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		steps, err := Explain(g)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if !checkSound(t, p, steps, sol) {
			continue
		}
		r := RateSteps(steps)
		levels[r.Level]++
		if r.BruteForce {
			brute++
		}
		for _, st := range steps {
			counts[st.Technique]++
		}
	}
	return brute, counts, levels
}

func logCounts(t *testing.T, n, brute int, counts map[string]int, levels map[Level]int) {
	t.Logf("%d puzzles, %d needed trial and error (%.1f%%)", n, brute, 100*float64(brute)/float64(n))
	for _, name := range techniqueOrder {
		if counts[name] > 0 {
			t.Logf("  %-40s %6d", name, counts[name])
		}
	}
	for l := Easy; l <= Extreme; l++ {
		t.Logf("  %-8s %5d", l, levels[l])
	}
}

func TestSoundSample(t *testing.T) {
	ps := readPuzzleFile(t, "testdata/sample.txt", 0, false)
	brute, counts, levels := explainAll(t, ps)
	logCounts(t, len(ps), brute, counts, levels)
}

func TestSoundTop1465(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test; run without -short")
	}
	limit := 0
	if raceEnabled {
		limit = 60
	}
	ps := sharedPuzzles(t, "puzzles3_magictour_top1465", limit)
	brute, counts, levels := explainAll(t, ps)
	logCounts(t, len(ps), brute, counts, levels)
	if float64(brute) > 0.01*float64(len(ps)) && !raceEnabled {
		t.Errorf("%d of %d puzzles needed trial and error; the bar is 1%%", brute, len(ps))
	}
}

func TestSound17Clue(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test; run without -short")
	}
	limit := 300
	if raceEnabled {
		limit = 60
	}
	ps := sharedPuzzles(t, "puzzles2_17_clue", limit)
	brute, counts, levels := explainAll(t, ps)
	logCounts(t, len(ps), brute, counts, levels)
	if brute > 0 {
		t.Errorf("%d of the first %d 17-clue puzzles needed trial and error", brute, len(ps))
	}
}

// hardestLists are the two hardest lists of the shared corpus.
var hardestLists = []string{"puzzles6_forum_hardest_1106", "puzzles5_forum_hardest_1905_11+"}

// hardestCounts returns how many puzzles of each hardest list a test
// takes: the environment variable name as N (both lists) or N1,N2 (N1 of
// hardest_1106, N2 of hardest_1905_11+; 0 for the whole list), or 3 of
// each.
func hardestCounts(t *testing.T, name string) [2]int {
	n := [2]int{3, 3}
	v := os.Getenv(name)
	if v == "" {
		return n
	}
	a, b, two := strings.Cut(v, ",")
	if _, err := fmt.Sscan(a, &n[0]); err != nil {
		t.Fatalf("%s=%q: %v", name, v, err)
	}
	n[1] = n[0]
	if two {
		if _, err := fmt.Sscan(b, &n[1]); err != nil {
			t.Fatalf("%s=%q: %v", name, v, err)
		}
	}
	return n
}

// TestSoundHardest explains the first puzzles of the two hardest lists,
// where only the nested forcing chains reach: every step must be sound and
// none may need trial and error. Each puzzle takes a second or more, so it
// runs without -race and -short only, on HUMAN_SOUND_HARDEST puzzles of
// each list (see hardestCounts; the sweep of docs/se-rating.md is
// HUMAN_SOUND_HARDEST=0,300).
func TestSoundHardest(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("slow corpus test; run without -short and -race")
	}
	n := hardestCounts(t, "HUMAN_SOUND_HARDEST")
	for i, list := range hardestLists {
		ps := sharedPuzzles(t, list, n[i])
		brute, counts, levels := 0, map[string]int{}, map[Level]int{}
		// In chunks, saying how far the sweep has gone (a long one may be
		// stopped).
		for start := 0; start < len(ps); start += 25 {
			b, cs, ls := explainAll(t, ps[start:min(start+25, len(ps))])
			brute += b
			for k, v := range cs {
				counts[k] += v
			}
			for k, v := range ls {
				levels[k] += v
			}
			if len(ps) > 25 {
				t.Logf("%s: %d of %d puzzles explained, %d needed trial and error so far", list, min(start+25, len(ps)), len(ps), brute)
			}
		}
		logCounts(t, len(ps), brute, counts, levels)
		if brute > 0 {
			t.Errorf("%s: %d of the first %d puzzles needed trial and error", list, brute, len(ps))
		}
	}
}

// TestSoundSEHardest rates the first puzzles of the two hardest lists the
// way Sudoku Explainer does and checks every hint SE's rules give on the
// way (the nested dynamic chains of every level included) against the
// solution: no placement differs from it, no elimination removes it, and
// the rules never run out. HUMAN_SOUND_SE_HARDEST sets how many puzzles
// (see hardestCounts).
func TestSoundSEHardest(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("slow corpus test; run without -short and -race")
	}
	n := hardestCounts(t, "HUMAN_SOUND_SE_HARDEST")
	for i, list := range hardestLists {
		hints := 0
		for _, p := range sharedPuzzles(t, list, n[i]) {
			sol, err := solver.SolveUnique(solver.MustGrid(p))
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			r := rateSE(newSEGrid(solver.MustGrid(p)), func(h *seHint) {
				hints++
				if h.cell >= 0 && sol.Cell(h.cell) != h.value {
					t.Errorf("%s: %s places %d in %s, the solution has %d", p, h.name, h.value, cellName(h.cell), sol.Cell(h.cell))
				}
				for _, rm := range h.remove {
					if sol.Cell(rm.Cell) == rm.Digit {
						t.Errorf("%s: %s removes the solution's %d from %s", p, h.name, rm.Digit, cellName(rm.Cell))
					}
				}
			})
			if r.Failed {
				t.Errorf("%s: SE's rules ran out", p)
			}
		}
		t.Logf("%s: %d hints of SE's rules sound", list, hints)
	}
}
