package solver

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// benchSets are the lists of ../shared/puzzles/ (relative to the repository
// root) that the benchmarks read, with the number of solutions each puzzle
// has up to 2.
var benchSets = []struct {
	file   string
	unique int
}{
	{"puzzles2_17_clue", 1},
	{"puzzles3_magictour_top1465", 1},
	{"puzzles5_forum_hardest_1905_11+", 1},
	{"puzzles6_forum_hardest_1106", 1},
	{"puzzles7_serg_benchmark", 2},
}

// puzzlesDir returns the directory of the benchmark lists: $SUDOKU_PUZZLES
// when set, else shared/puzzles next to the repository root.
func puzzlesDir(b *testing.B) string {
	if d := os.Getenv("SUDOKU_PUZZLES"); d != "" {
		return d
	}
	dir, err := os.Getwd()
	if err != nil {
		b.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "..", "shared", "puzzles")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// loadBenchSet reads one list, skipping the benchmark when it is missing.
func loadBenchSet(b *testing.B, file string) []Grid {
	dir := puzzlesDir(b)
	data, err := os.ReadFile(filepath.Join(dir, file))
	if os.IsNotExist(err) {
		b.Skipf("%s not found in %q (set SUDOKU_PUZZLES to the directory of the lists)", file, dir)
	}
	if err != nil {
		b.Fatal(err)
	}
	var gs []Grid
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		g, err := Parse(line)
		if err != nil {
			b.Fatalf("%s:%d: %v", file, i+1, err)
		}
		gs = append(gs, g)
	}
	return gs
}

// BenchmarkSolve9 solves every puzzle of each list once per operation, in
// first-solution mode (Solve) and in unique-check mode (Count with limit 2,
// which stops at a second solution), on one goroutine, and reports the wall
// time per puzzle (us/puzzle) and, on Linux, the CPU time of the
// benchmark's thread per puzzle (cpu-us/puzzle), which stays meaningful on
// a busy machine. Run the whole of each list once per count with
// -benchtime=1x, for example:
//
//	go test ./solver/ -run '^$' -bench Solve9 -benchtime=1x -count 5
func BenchmarkSolve9(b *testing.B) {
	for _, set := range benchSets {
		b.Run(set.file, func(b *testing.B) {
			puzzles := loadBenchSet(b, set.file)
			b.Run("first", func(b *testing.B) {
				benchLoop(b, len(puzzles), func() {
					for _, g := range puzzles {
						if _, err := Solve(g); err != nil {
							b.Fatalf("%s: %v", g, err)
						}
					}
				})
			})
			b.Run("unique", func(b *testing.B) {
				benchLoop(b, len(puzzles), func() {
					for _, g := range puzzles {
						if n := Count(g, 2); n != set.unique {
							b.Fatalf("%s: %d solutions up to 2, want %d", g, n, set.unique)
						}
					}
				})
			})
		})
	}
}

// benchLoop runs solveAll, which solves n puzzles, in a b.Loop on a locked
// thread and reports the time per puzzle.
func benchLoop(b *testing.B, n int, solveAll func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0, cpuOK := threadCPU()
	for b.Loop() {
		solveAll()
	}
	cpu1, _ := threadCPU()
	puzzles := float64(b.N * n)
	b.ReportMetric(b.Elapsed().Seconds()*1e6/puzzles, "us/puzzle")
	if cpuOK {
		b.ReportMetric((cpu1-cpu0).Seconds()*1e6/puzzles, "cpu-us/puzzle")
	}
}
