package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/sudokubot/sudokubot/solver"
)

const solveHelp = `
Usage: sudoku solve [--unique] [--pretty] [-j N] [FILE...]
       sudoku solve --overlay OUT.jpg PHOTO

Solves the puzzles in each FILE, or in standard input when no FILE is given.
Puzzles come one per line (81 characters for 9x9, '.' or '0' for blanks) or
as one grid written over several lines in any common notation.

A FILE may be a photo of a puzzle (JPEG, PNG, GIF or WebP). With --overlay
the photo's solution is also drawn into its empty cells, in perspective, and
saved as OUT.jpg.

Prints one line per puzzle, in input order: the solution as digits, or
"error: <reason>". Exits with status 1 when any puzzle failed.

Examples:
  sudoku solve puzzles.txt
  echo 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 | sudoku solve
  sudoku solve --unique --pretty grid.txt
  sudoku solve --overlay solved.jpg photo.jpg
`

func runSolve(ctx context.Context, args []string, s *stdio) error {
	fs := newFlags("solve", solveHelp, s)
	unique := fs.Bool("unique", false, "report a puzzle with several solutions as \"error: multiple solutions\"")
	pretty := fs.Bool("pretty", false, "print each solution as a boxed grid")
	workers := fs.Int("j", runtime.NumCPU(), "number of puzzles solved in parallel")
	overlay := fs.String("overlay", "", "with one PHOTO: write the photo with the solution drawn in to this JPEG file")
	if err := parseFlags(fs, args, s); err != nil {
		return err
	}
	if *overlay != "" {
		return runSolveOverlay(ctx, fs, *overlay, s)
	}
	sep := ""
	if *pretty {
		sep = "\n"
	}
	return eachPuzzle(ctx, fs, s, *workers, sep, func(p puzzleText) (string, bool) {
		g, err := p.grid()
		if err != nil {
			return "error: " + err.Error(), false
		}
		var sol solver.Grid
		if *unique {
			sol, err = solver.SolveUnique(g)
		} else {
			sol, err = solver.Solve(g)
		}
		if err != nil {
			return "error: " + err.Error(), false
		}
		if *pretty {
			return strings.TrimSuffix(sol.Pretty(), "\n"), true
		}
		return solutionString(&sol), true
	})
}

// solutionString returns sol.String() without copying the grid.
func solutionString(sol *solver.Grid) string {
	var buf [solver.MaxCells]byte
	b, _ := sol.AppendText(buf[:0])
	return string(b)
}

// eachPuzzle is the body of the commands that answer one line per puzzle:
// it reads the puzzles of the command's arguments (standard input when
// none), runs work on each with the given number of workers, and prints the
// results in input order, sep between two. It returns errFailed when any
// puzzle failed.
func eachPuzzle(ctx context.Context, fs *flag.FlagSet, s *stdio, workers int, sep string, work func(puzzleText) (string, bool)) error {
	if workers < 1 {
		return usageErrorf(fs, "-j must be at least 1, got %d", workers)
	}
	puzzles, err := readPuzzles(fs.Args(), s.in)
	if err != nil {
		return err
	}
	lines, failed := parallel(ctx, puzzles, workers, work)
	w := bufio.NewWriterSize(s.out, 64<<10)
	for i, l := range lines {
		if i > 0 {
			w.WriteString(sep)
		}
		w.WriteString(l)
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if failed {
		return errFailed
	}
	return nil
}

// parallel runs work on every puzzle with the given number of workers and
// returns the results in input order, and whether any failed. Puzzles not
// started when ctx is cancelled are reported as interrupted. Each worker
// takes the next few puzzles not yet taken, fewer as the puzzles run out so
// that the workers finish together; one worker is the calling goroutine.
func parallel(ctx context.Context, puzzles []puzzleText, workers int, work func(puzzleText) (string, bool)) ([]string, bool) {
	out := make([]string, len(puzzles))
	ok := make([]bool, len(puzzles))
	var next atomic.Int64 // the first puzzle not yet taken
	run := func() {
		for {
			// A share of at most 1/(4*workers) of what is left keeps
			// the workers busy to the end: with a list of one puzzle
			// per line that is dozens at a time, with photos one.
			left := int64(len(puzzles)) - next.Load()
			n := min(max(left/int64(4*workers), 1), 64)
			end := next.Add(n)
			start := end - n
			if start >= int64(len(puzzles)) {
				return
			}
			for i := start; i < min(end, int64(len(puzzles))); i++ {
				if ctx.Err() != nil {
					out[i] = "error: " + errors.Unwrap(fmt.Errorf("x: %w", context.Cause(ctx))).Error()
					continue
				}
				out[i], ok[i] = work(puzzles[i])
			}
		}
	}
	var wg sync.WaitGroup
	for range min(workers, max(len(puzzles), 1)) - 1 {
		wg.Go(run)
	}
	run()
	wg.Wait()
	failed := false
	for _, b := range ok {
		failed = failed || !b
	}
	return out, failed
}
