package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/solver"
)

// cliBenchPuzzles is how many puzzles of the 17-clue list the benchmark of
// the command line solves.
const cliBenchPuzzles = 10000

// BenchmarkSolveCommand compares `sudoku solve --unique` on the first
// 10,000 puzzles of ../shared/puzzles/puzzles2_17_clue (or of
// $SUDOKU_PUZZLES/puzzles2_17_clue) with the solver alone on the same
// puzzles, all in microseconds per puzzle of wall time (us/puzzle) and of
// the process's CPU time (cpu-us/puzzle, on Unix; it counts the garbage
// collector's work on other cores, and stays meaningful on a busy
// machine):
//
//   - solver: solver.SolveUnique on the parsed grids, one goroutine, what
//     `sudoku bench` reports as the unique check;
//   - j1: the whole command with -j 1 (reading the file, splitting and
//     reading the puzzles, solving, writing the output), in-process and
//     writing to io.Discard, so without the start of a process;
//   - jN: the same with -j set to the number of CPUs.
//
// For example:
//
//	go test ./cmd/sudoku -run '^$' -bench SolveCommand -count 5
func BenchmarkSolveCommand(b *testing.B) {
	dir := os.Getenv("SUDOKU_PUZZLES")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "puzzles")
	}
	data, err := os.ReadFile(filepath.Join(dir, "puzzles2_17_clue"))
	if os.IsNotExist(err) {
		b.Skipf("puzzles2_17_clue not found in %q (set SUDOKU_PUZZLES to the directory of the lists)", dir)
	}
	if err != nil {
		b.Fatal(err)
	}
	lines := strings.SplitAfterN(string(data), "\n", cliBenchPuzzles+1)[:cliBenchPuzzles]
	file := filepath.Join(b.TempDir(), "puzzles.txt")
	if err := os.WriteFile(file, []byte(strings.Join(lines, "")), 0o644); err != nil {
		b.Fatal(err)
	}
	grids := make([]solver.Grid, len(lines))
	for i, l := range lines {
		if grids[i], err = solver.Parse(l); err != nil {
			b.Fatal(err)
		}
	}
	var cpu0 time.Duration
	start := func() { cpu0, _ = processCPU() }
	perPuzzle := func(b *testing.B) {
		puzzles := float64(b.N * len(grids))
		b.ReportMetric(b.Elapsed().Seconds()*1e6/puzzles, "us/puzzle")
		if cpu1, ok := processCPU(); ok {
			b.ReportMetric((cpu1-cpu0).Seconds()*1e6/puzzles, "cpu-us/puzzle")
		}
	}
	b.Run("solver", func(b *testing.B) {
		start()
		for b.Loop() {
			for _, g := range grids {
				if _, err := solver.SolveUnique(g); err != nil {
					b.Fatal(err)
				}
			}
		}
		perPuzzle(b)
	})
	for _, j := range []int{1, runtime.NumCPU()} {
		name := "j1"
		if j > 1 {
			name = "jN"
		}
		b.Run(name, func(b *testing.B) {
			s := &stdio{in: strings.NewReader(""), out: io.Discard, err: io.Discard}
			args := []string{"solve", "--unique", "-j", strconv.Itoa(j), file}
			start()
			for b.Loop() {
				if code := run(context.Background(), args, s); code != 0 {
					b.Fatalf("exit status %d", code)
				}
			}
			perPuzzle(b)
		})
	}
}
