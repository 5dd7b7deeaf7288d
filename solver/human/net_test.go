// Owned by the forcing-chain engineer; registered via init in net_register.go.

package human

import (
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/solver"
)

// netLadder returns the ladder with the chain and forcing engine of the
// net_ files in place of every other finder of AICs, nice loops, forcing
// chains and forcing nets, so the tests measure this engine.
func netLadder() []finder {
	mine := map[string]bool{AIC: true, NiceLoop: true}
	for _, f := range netFinders {
		mine[f.name] = true
	}
	var out []finder
	for _, f := range ladder {
		if !mine[f.name] {
			out = append(out, f)
		}
	}
	out = append(out, netFinders...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].index < out[j].index })
	return out
}

// netNext runs lad on s, falling back to trial and error, like next.
func netNext(s *state, lad []finder, sol solver.Grid) Step {
	for _, f := range lad {
		if st, ok := f.find(s); ok {
			return st
		}
	}
	return bruteForceStep(s, sol)
}

// netRun explains puzzle with lad, checking every step against the
// solution, and returns the steps and the time each took to find.
func netRun(t testing.TB, puzzle string, lad []finder) ([]Step, []time.Duration) {
	t.Helper()
	g := solver.MustGrid(puzzle)
	sol, err := solver.SolveUnique(g)
	if err != nil {
		t.Fatalf("%s: %v", puzzle, err)
	}
	s := newState(g)
	s.unique = true
	var steps []Step
	var times []time.Duration
	for !s.solved() {
		t0 := time.Now()
		st := netNext(s, lad, sol)
		times = append(times, time.Since(t0))
		if !checkSound(t, puzzle, []Step{st}, sol) {
			t.FailNow()
		}
		s.apply(&st)
		steps = append(steps, st)
		if len(steps) > 400 {
			t.Fatalf("%s: no end after %d steps", puzzle, len(steps))
		}
	}
	return steps, times
}

// TestNetTop1465 explains top1465 (50 puzzles under -short) with this
// engine, checks every step against the solution and reports how many
// puzzles needed trial and error.
func TestNetTop1465(t *testing.T) {
	limit := 0
	switch {
	case testing.Short():
		limit = 50
	case raceEnabled:
		limit = 60 // about ten times slower: the whole set runs without -race
	}
	ps := sharedPuzzles(t, "puzzles3_magictour_top1465", limit)
	lad := netLadder()
	brute, forcing := 0, 0
	counts := map[string]int{}
	for _, p := range ps {
		steps, _ := netRun(t, p, lad)
		b, f := false, false
		for _, st := range steps {
			counts[st.Technique]++
			b = b || st.BruteForce
			f = f || slices.Contains([]string{ForcingChainContr, ForcingChainVer, ForcingNetContr, ForcingNetVer}, st.Technique)
		}
		if b {
			brute++
		}
		if f {
			forcing++
		}
	}
	t.Logf("%d puzzles: %d solved without trial and error (%.1f%%), %d needed it; forcing chains or nets in %d (%.1f%%)",
		len(ps), len(ps)-brute, 100*float64(len(ps)-brute)/float64(len(ps)), brute, forcing, 100*float64(forcing)/float64(len(ps)))
	for _, name := range techniqueOrder {
		if counts[name] > 0 {
			t.Logf("  %-40s %6d", name, counts[name])
		}
	}
	if limit == 0 && float64(brute) > 0.01*float64(len(ps)) {
		t.Errorf("%d of %d puzzles needed trial and error; the bar is 1%%", brute, len(ps))
	}
}

// TestNetSegments checks the box-line segment tables of the grouped
// nodes: three segments in a line, six in a box, ten seen from a cell.
func TestNetSegments(t *testing.T) {
	netSegmentsOnce.Do(netSegmentTables)
	for u := range 27 {
		want := 3
		if u >= 18 {
			want = 6
		}
		if got := len(netUnitSegments[u]); got != want {
			t.Errorf("%s holds %d segments, want %d", unitName(u), got, want)
		}
	}
	for c := range 81 {
		if got := len(netCellSegments[c]); got != 10 {
			t.Errorf("%s sees %d segments, want 10", cellName(c), got)
		}
	}
	for g := range 54 {
		cells := unitSet[netSegmentLine(g)].and(unitSet[18+g/6])
		if cells.count() != 3 || netSegment(cells) != g {
			t.Errorf("segment %d: cells %v, found again as %d", g, cells.list(), netSegment(cells))
		}
	}
}
