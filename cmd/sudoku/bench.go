package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/sudokubot/sudokubot/solver"
)

const benchHelp = `
Usage: sudoku bench [--repeat N] FILE...

Measures the solver on lists of puzzles, one goroutine, after a warm-up. Each
FILE is solved whole, first to the first solution of every puzzle, then in
unique-check mode (stopping at a second solution), and every solution found is
checked: complete, following the rules, keeping the givens. Prints a Markdown
table with puzzles/s and microseconds per puzzle in both modes, and how many
puzzles have one solution, several or none. A timed run solves the file as
many times as it takes to last 0.2 s (once for a long file), so that a short
file is not timed on a few milliseconds. With --repeat N each file is timed
N times per mode and the fastest run is reported, which helps on a busy
machine. A FILE of '-' is standard input.

Exits with status 1 if a file cannot be read or a solution is wrong.

Examples:
  sudoku bench ../shared/puzzles/puzzles2_17_clue
  sudoku bench --repeat 5 ../shared/puzzles/puzzles*
`

func runBench(ctx context.Context, args []string, s *stdio) error {
	fs := newFlags("bench", benchHelp, s)
	repeat := fs.Int("repeat", 1, "time each file this many times per mode and report the fastest")
	if err := parseFlags(fs, args, s); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageErrorf(fs, "no FILE given: name one or more lists of puzzles")
	}
	if *repeat < 1 {
		return usageErrorf(fs, "--repeat must be at least 1, got %d", *repeat)
	}
	sets := make([][]solver.Grid, fs.NArg())
	for i, name := range fs.Args() {
		gs, err := loadPuzzles(name, s.in)
		if err != nil {
			return err
		}
		sets[i] = gs
	}
	warmUp(sets)
	fmt.Fprintln(s.out, "| file | puzzles | first solution: puzzles/s | first solution: us/puzzle | unique check: puzzles/s | unique check: us/puzzle | unique | multiple | none |")
	fmt.Fprintln(s.out, "|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	var wrong error
	for i, gs := range sets {
		if err := ctx.Err(); err != nil {
			return err
		}
		r, err := benchSet(gs, *repeat)
		if err != nil {
			wrong = errors.Join(wrong, fmt.Errorf("%s: %w", fs.Arg(i), err))
		}
		printBenchRow(s.out, filepath.Base(fs.Arg(i)), len(gs), r)
	}
	if wrong != nil {
		fmt.Fprintf(s.err, "sudoku bench: %v\n", wrong)
		return errFailed
	}
	return nil
}

// loadPuzzles reads and parses every puzzle of a file ("-": standard
// input, in).
func loadPuzzles(name string, in io.Reader) ([]solver.Grid, error) {
	read := readFile
	if name == "-" {
		read = func(string) ([]byte, error) { return readStdin(in) }
	}
	b, err := read(name)
	if err != nil {
		return nil, err
	}
	texts := solver.SplitPuzzles(string(b))
	if len(texts) == 0 {
		return nil, fmt.Errorf("%s: no puzzles found", name)
	}
	gs := make([]solver.Grid, len(texts))
	for i, t := range texts {
		if gs[i], err = solver.Parse(t); err != nil {
			return nil, fmt.Errorf("%s: puzzle %d: %w", name, i+1, err)
		}
	}
	return gs, nil
}

// warmUp solves up to 2000 puzzles of the lists in both modes, so that the
// first timed file does not pay for cold caches and the growth of the stack.
func warmUp(sets [][]solver.Grid) {
	n := 2000
	for _, gs := range sets {
		for _, g := range gs[:min(n, len(gs))] {
			solver.Solve(g)
			solver.SolveUnique(g)
		}
		n -= min(n, len(gs))
	}
}

// benchResult is what one file measured: the fastest time of each mode and
// the number of puzzles with one, several or no solution.
type benchResult struct {
	first, unique          time.Duration
	nUnique, nMulti, nNone int
}

// minRun is the least a timed run lasts: a file solved faster is solved
// again, and the run's time per file is the average.
const minRun = 200 * time.Millisecond

// benchSet times the puzzles in both modes, repeat times each, and then
// checks every solution found.
func benchSet(gs []solver.Grid, repeat int) (benchResult, error) {
	var r benchResult
	firstSols := make([]solver.Grid, len(gs))
	firstErrs := make([]error, len(gs))
	uniqueSols := make([]solver.Grid, len(gs))
	uniqueErrs := make([]error, len(gs))
	// timed returns the average time of solving the file over a run.
	timed := func(solveAll func()) time.Duration {
		start, n := time.Now(), 0
		for n == 0 || time.Since(start) < minRun {
			solveAll()
			n++
		}
		return time.Since(start) / time.Duration(n)
	}
	for k := range repeat {
		d := timed(func() {
			for i, g := range gs {
				firstSols[i], firstErrs[i] = solver.Solve(g)
			}
		})
		if k == 0 || d < r.first {
			r.first = d
		}
		d = timed(func() {
			for i, g := range gs {
				uniqueSols[i], uniqueErrs[i] = solver.SolveUnique(g)
			}
		})
		if k == 0 || d < r.unique {
			r.unique = d
		}
	}
	var bad error
	for i, g := range gs {
		switch err := uniqueErrs[i]; {
		case err == nil:
			r.nUnique++
			if err := solver.CheckSolution(g, uniqueSols[i]); err != nil {
				bad = errors.Join(bad, fmt.Errorf("puzzle %d, unique check: wrong solution %s: %w", i+1, uniqueSols[i], err))
			}
		case errors.Is(err, solver.ErrMultipleSolutions):
			r.nMulti++
		case errors.Is(err, solver.ErrNoSolution):
			r.nNone++
		default:
			bad = errors.Join(bad, fmt.Errorf("puzzle %d: %w", i+1, err))
		}
		hasSolution := uniqueErrs[i] == nil || errors.Is(uniqueErrs[i], solver.ErrMultipleSolutions)
		switch {
		case firstErrs[i] == nil && !hasSolution:
			bad = errors.Join(bad, fmt.Errorf("puzzle %d: first-solution mode found %s, unique check found none", i+1, firstSols[i]))
		case firstErrs[i] != nil && hasSolution:
			bad = errors.Join(bad, fmt.Errorf("puzzle %d: first-solution mode: %w, but unique check found a solution", i+1, firstErrs[i]))
		case firstErrs[i] == nil:
			if err := solver.CheckSolution(g, firstSols[i]); err != nil {
				bad = errors.Join(bad, fmt.Errorf("puzzle %d, first solution: wrong solution %s: %w", i+1, firstSols[i], err))
			}
		}
	}
	return r, bad
}

// printBenchRow prints one row of the Markdown table.
func printBenchRow(w io.Writer, name string, n int, r benchResult) {
	rate := func(d time.Duration) string {
		return fmt.Sprintf("%.0f", float64(n)/max(d.Seconds(), 1e-9))
	}
	per := func(d time.Duration) string {
		return fmt.Sprintf("%.2f", d.Seconds()*1e6/float64(n))
	}
	fmt.Fprintf(w, "| %s | %d | %s | %s | %s | %s | %d | %d | %d |\n", name, n,
		rate(r.first), per(r.first), rate(r.unique), per(r.unique), r.nUnique, r.nMulti, r.nNone)
}
