package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"runtime"
	"strings"
	"sync"

	"github.com/sudokubot/sudokubot/solver"
)

const solveHelp = `
Usage: sudoku solve [--unique] [--pretty] [-j N] [FILE...]
       sudoku solve --overlay OUT.jpg PHOTO

Solves the puzzles in each FILE ('-' for standard input, as when no FILE is
given); a FILE may also be the puzzle itself. Puzzles come one per line (81
characters for 9x9, '.' or '0' for blanks, or the 729-character pencil-mark
form), as grids written over several lines in any common notation (between
empty lines when there are several), or as a CSV data set with a header such
as "quizzes,solutions". Sizes 4x4, 9x9 and 16x16. Flags may follow FILEs.

A FILE may be a photo of a puzzle (JPEG, PNG, GIF or WebP). With --overlay
the photo's solution is also drawn into its empty cells, in perspective, and
saved as OUT.jpg (JPEG) or OUT.png (PNG).

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
	overlay := fs.String("overlay", "", "with one PHOTO: write the photo with the solution drawn in to this JPEG (.jpg) or PNG (.png) file")
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
		if p.isMarks() {
			return solveMarks(p, *unique, *pretty)
		}
		g, err := p.grid(s.photos)
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
		return sol.String(), true
	})
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
	for i, l := range lines {
		if i > 0 {
			fmt.Fprint(s.out, sep)
		}
		fmt.Fprintln(s.out, l)
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
// started when ctx is cancelled are reported as interrupted.
func parallel(ctx context.Context, puzzles []puzzleText, workers int, work func(puzzleText) (string, bool)) ([]string, bool) {
	out := make([]string, len(puzzles))
	ok := make([]bool, len(puzzles))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, max(len(puzzles), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i], ok[i] = work(puzzles[i])
			}
		}()
	}
	for i := range puzzles {
		if ctx.Err() != nil {
			out[i] = "error: " + errors.Unwrap(fmt.Errorf("x: %w", context.Cause(ctx))).Error()
			continue
		}
		next <- i
	}
	close(next)
	wg.Wait()
	failed := false
	for _, b := range ok {
		failed = failed || !b
	}
	return out, failed
}
