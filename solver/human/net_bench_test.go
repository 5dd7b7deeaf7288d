// Owned by the forcing-chain engineer; registered via init in net_register.go.

package human

import (
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/solver"
)

// netBenchPuzzles returns the top1465 puzzles for the benchmarks, the
// first $NET_BENCH_LIMIT of them when that is set.
func netBenchPuzzles(b *testing.B) []string {
	ps := sharedPuzzles(b, "puzzles3_magictour_top1465", 0)
	if n, err := strconv.Atoi(os.Getenv("NET_BENCH_LIMIT")); err == nil && n > 0 {
		ps = ps[:min(n, len(ps))]
	}
	return ps
}

// BenchmarkNetExplainTop1465 explains top1465 with the ladder whose chain
// and forcing techniques are those of this engine (see netLadder). It
// reports the time per puzzle, the p50, p99 and maximum of the time to
// find one step over every state met, and the share of puzzles solved
// without trial and error.
//
//	go test -run '^$' -bench NetExplainTop1465 -benchtime 1x ./solver/human/
func BenchmarkNetExplainTop1465(b *testing.B) {
	ps := netBenchPuzzles(b)
	grids := make([]solver.Grid, len(ps))
	sols := make([]solver.Grid, len(ps))
	for i, p := range ps {
		grids[i] = solver.MustGrid(p)
		sols[i], _ = solver.SolveUnique(grids[i])
	}
	lad := netLadder()
	var stepTimes []time.Duration
	var brute int
	for b.Loop() {
		stepTimes, brute = stepTimes[:0], 0
		for i, g := range grids {
			s := newState(g)
			s.unique = true
			usedBrute := false
			for !s.solved() {
				t0 := time.Now()
				st := netNext(s, lad, sols[i])
				stepTimes = append(stepTimes, time.Since(t0))
				usedBrute = usedBrute || st.BruteForce
				s.apply(&st)
			}
			if usedBrute {
				brute++
			}
		}
	}
	slices.Sort(stepTimes)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	pct := func(p float64) float64 { return ms(stepTimes[int(p*float64(len(stepTimes)-1))]) }
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N)/float64(len(ps)), "ms/puzzle")
	b.ReportMetric(pct(0.5), "ms-step-p50")
	b.ReportMetric(pct(0.99), "ms-step-p99")
	b.ReportMetric(ms(stepTimes[len(stepTimes)-1]), "ms-step-max")
	b.ReportMetric(100*float64(len(ps)-brute)/float64(len(ps)), "%-no-brute")
}

// BenchmarkNetFinders times each finder of this engine alone on every
// state of the first 100 top1465 puzzles where the ladder reaches the
// chains (the states where it runs in practice), reporting p50 and p99 of
// one call per finder.
//
//	go test -run '^$' -bench NetFinders -benchtime 1x ./solver/human/
func BenchmarkNetFinders(b *testing.B) {
	ps := sharedPuzzles(b, "puzzles3_magictour_top1465", 100)
	lad := netLadder()
	var states []*state
	for _, p := range ps {
		g := solver.MustGrid(p)
		sol, _ := solver.SolveUnique(g)
		s := newState(g)
		s.unique = true
		for !s.solved() {
			st := netNext(s, lad, sol)
			if techniques[st.Technique].score >= techniques[NiceLoop].score {
				c := *s
				states = append(states, &c)
			}
			s.apply(&st)
		}
	}
	for _, f := range netFinders {
		b.Run(f.name, func(b *testing.B) {
			var times []time.Duration
			for b.Loop() {
				times = times[:0]
				for _, s := range states {
					t0 := time.Now()
					f.find(s)
					times = append(times, time.Since(t0))
				}
			}
			slices.Sort(times)
			ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
			b.ReportMetric(ms(times[len(times)/2]), "ms-p50")
			b.ReportMetric(ms(times[int(0.99*float64(len(times)-1))]), "ms-p99")
			b.ReportMetric(float64(len(times)), "states")
		})
	}
}
