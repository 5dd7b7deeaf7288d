package human

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/solver"
)

// BenchmarkExplainSample explains the puzzles of testdata/sample.txt.
func BenchmarkExplainSample(b *testing.B) {
	ps := readPuzzleFile(b, "testdata/sample.txt", 0, false)
	grids := make([]solver.Grid, len(ps))
	for i, p := range ps {
		grids[i] = solver.MustGrid(p)
	}
	i := 0
	for b.Loop() {
		if _, err := Explain(grids[i%len(grids)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkExplainTop1465 explains every puzzle of top1465 per iteration
// and reports the time per puzzle and the p50 and p99 of the time to find
// one step, over every state met.
func BenchmarkExplainTop1465(b *testing.B) {
	ps := sharedPuzzles(b, "puzzles3_magictour_top1465", 0)
	if n := os.Getenv("HUMAN_BENCH_LIMIT"); n != "" {
		var k int
		for _, ch := range n {
			k = k*10 + int(ch-'0')
		}
		ps = ps[:min(k, len(ps))]
	}
	benchExplain(b, ps)
}

// BenchmarkExplain17Clue does the same for the first 300 17-clue puzzles.
func BenchmarkExplain17Clue(b *testing.B) {
	benchExplain(b, sharedPuzzles(b, "puzzles2_17_clue", 300))
}

func benchExplain(b *testing.B, ps []string) {
	grids := make([]solver.Grid, len(ps))
	sols := make([]solver.Grid, len(ps))
	for i, p := range ps {
		grids[i] = solver.MustGrid(p)
		sols[i], _ = solver.SolveUnique(grids[i])
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var stepTimes, stepCPU []time.Duration
	var cpu time.Duration
	for b.Loop() {
		stepTimes, stepCPU = stepTimes[:0], stepCPU[:0]
		cpu0 := threadCPU()
		for i, g := range grids {
			s := newState(g)
			s.unique = true
			info := puzzleInfo{solution: sols[i], unique: true}
			for !s.solved() {
				t0, c0 := time.Now(), threadCPU()
				st, err := next(s, info)
				stepCPU = append(stepCPU, threadCPU()-c0)
				stepTimes = append(stepTimes, time.Since(t0))
				if err != nil {
					b.Fatal(err)
				}
				s.apply(&st)
			}
		}
		cpu += threadCPU() - cpu0
	}
	slices.Sort(stepTimes)
	slices.Sort(stepCPU)
	pct := func(ts []time.Duration, p float64) float64 {
		return float64(ts[int(p*float64(len(ts)-1))].Microseconds()) / 1000
	}
	// Wall times grow when other processes share the cores; the CPU
	// times of the benchmark's thread do not.
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N)/float64(len(ps)), "ms/puzzle")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N)/float64(len(ps)), "cpu-ms/puzzle")
	b.ReportMetric(pct(stepTimes, 0.5), "ms-step-p50")
	b.ReportMetric(pct(stepTimes, 0.99), "ms-step-p99")
	b.ReportMetric(pct(stepTimes, 1), "ms-step-max")
	b.ReportMetric(pct(stepCPU, 0.5), "cpu-ms-step-p50")
	b.ReportMetric(pct(stepCPU, 0.99), "cpu-ms-step-p99")
	b.ReportMetric(pct(stepCPU, 1), "cpu-ms-step-max")
	b.ReportMetric(float64(len(stepTimes)/len(ps)), "steps/puzzle")
}

// BenchmarkChainFinders times each finder of the ladder from AICs on
// (HoDoKu's index 5600 and above: chains, nice loops, ALS, forcing chains
// and nets) alone on every state of the first 100 top1465 puzzles where
// the ladder reaches these techniques (the states where they run in
// practice), reporting p50 and p99 of one call per finder.
//
//	go test -run '^$' -bench ChainFinders -benchtime 1x ./solver/human/
func BenchmarkChainFinders(b *testing.B) {
	ps := sharedPuzzles(b, "puzzles3_magictour_top1465", 100)
	var states []*state
	for _, p := range ps {
		walkLadder(b, p, func(s *state, st Step) {
			if techniques[st.Technique].score >= techniques[NiceLoop].score {
				c := *s
				states = append(states, &c)
			}
		})
	}
	for _, f := range ladder {
		if f.index < 5600 {
			continue
		}
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

// benchLimit is the number of puzzles of a hardest list a benchmark
// takes: HUMAN_BENCH_LIMIT, or def.
func benchLimit(def int) int {
	if k, err := strconv.Atoi(os.Getenv("HUMAN_BENCH_LIMIT")); err == nil && k > 0 {
		return k
	}
	return def
}

// BenchmarkRateSEHardest1106 rates the first puzzles of hardest_1106 the
// way Sudoku Explainer does, one puzzle per iteration.
func BenchmarkRateSEHardest1106(b *testing.B) {
	benchRateSE(b, sharedPuzzles(b, "puzzles6_forum_hardest_1106", benchLimit(3)))
}

// BenchmarkRateSEHardest1905 does the same on hardest_1905_11+.
func BenchmarkRateSEHardest1905(b *testing.B) {
	benchRateSE(b, sharedPuzzles(b, "puzzles5_forum_hardest_1905_11+", benchLimit(3)))
}

func benchRateSE(b *testing.B, ps []string) {
	benchRating(b, ps, func(g solver.Grid) error {
		r, err := RateSE(g)
		if err == nil && r.Failed {
			err = fmt.Errorf("SE's rules ran out: %+v", r)
		}
		return err
	})
}

// benchRating runs rate on ps, one puzzle per iteration, and reports the
// CPU time of the benchmark's thread per puzzle beside the wall time (the
// machine is often shared).
func benchRating(b *testing.B, ps []string, rate func(solver.Grid) error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	i := 0
	var cpu time.Duration
	for b.Loop() {
		c0 := threadCPU()
		if err := rate(solver.MustGrid(ps[i%len(ps)])); err != nil {
			b.Fatalf("%s: %v", ps[i%len(ps)], err)
		}
		cpu += threadCPU() - c0
		i++
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// BenchmarkRateHardest1106 rates the first puzzles of hardest_1106 with
// the hint ladder (HoDoKu's rating, whose last rung is the nested forcing
// chains), one puzzle per iteration.
func BenchmarkRateHardest1106(b *testing.B) {
	benchRate(b, sharedPuzzles(b, "puzzles6_forum_hardest_1106", benchLimit(3)))
}

// BenchmarkRateHardest1905 does the same on hardest_1905_11+.
func BenchmarkRateHardest1905(b *testing.B) {
	benchRate(b, sharedPuzzles(b, "puzzles5_forum_hardest_1905_11+", benchLimit(3)))
}

func benchRate(b *testing.B, ps []string) {
	benchRating(b, ps, func(g solver.Grid) error {
		r, err := Rate(g)
		if err == nil && r.BruteForce {
			err = fmt.Errorf("trial and error: %+v", r)
		}
		return err
	})
}

// BenchmarkFirstHintHardest finds the first hint from the starting grid
// of the first puzzles of both hardest lists (HUMAN_BENCH_LIMIT of each,
// 10 by default), one puzzle per iteration, and reports the slowest.
func BenchmarkFirstHintHardest(b *testing.B) {
	n := benchLimit(10)
	ps := append(sharedPuzzles(b, "puzzles6_forum_hardest_1106", n), sharedPuzzles(b, "puzzles5_forum_hardest_1905_11+", n)...)
	var slowest, slowestCPU time.Duration
	benchRating(b, ps, func(g solver.Grid) error {
		t0, c0 := time.Now(), threadCPU()
		st, err := NextStep(g, g, nil)
		slowest, slowestCPU = max(slowest, time.Since(t0)), max(slowestCPU, threadCPU()-c0)
		if err == nil && st.Technique == BruteForce {
			err = fmt.Errorf("trial and error")
		}
		return err
	})
	b.ReportMetric(float64(slowest.Microseconds())/1000, "ms-max")
	b.ReportMetric(float64(slowestCPU.Microseconds())/1000, "cpu-ms-max")
}
