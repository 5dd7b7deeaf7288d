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

Solves the puzzles in each FILE ('-' for standard input, as when no FILE is
given); a FILE may also be the puzzle itself. Puzzles come one per line (81
characters for 9x9, '.' or '0' for blanks, or the 729-character pencil-mark
form), as grids written over several lines in any common notation (between
empty lines when there are several), or as a CSV data set with a header such
as "quizzes,solutions". Sizes 4x4, 9x9 and 16x16. Flags may follow FILEs.

A FILE may be a photo of a puzzle (JPEG, PNG, GIF or WebP). Its givens
are the puzzle; when they alone have several solutions but all the digits
read, the player's entries with them, have one, those digits are. A photo
whose puzzle rests on digits not read surely is an error naming them with
their likeliest digits ("check r1c5 (1 or 7)"); --accept takes the reading
as it is (count, rate, explain and hint take photos alike). With --overlay
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
	accept := acceptFlag(fs)
	if err := parseFlags(fs, args, s); err != nil {
		return err
	}
	s.photos.accept, s.photos.solutionOnly = *accept, true
	if *overlay != "" {
		return runSolveOverlay(ctx, fs, *overlay, s)
	}
	sep := ""
	if *pretty {
		sep = "\n"
	}
	return eachPuzzleAppend(ctx, fs, s, *workers, sep, func(dst []byte, p puzzleText) ([]byte, bool) {
		if p.isMarks() {
			line, ok := solveMarks(p, *unique, *pretty)
			return append(dst, line...), ok
		}
		g, err := p.grid(s.photos)
		if err != nil {
			return appendError(dst, err), false
		}
		var sol solver.Grid
		if *unique {
			sol, err = solver.SolveUnique(g)
		} else {
			sol, err = solver.Solve(g)
		}
		if err != nil {
			return appendError(dst, err), false
		}
		if *pretty {
			return append(dst, strings.TrimSuffix(sol.Pretty(), "\n")...), true
		}
		dst, _ = sol.AppendText(dst)
		return dst, true
	})
}

// appendError appends the line that reports err.
func appendError(dst []byte, err error) []byte {
	return append(append(dst, "error: "...), err.Error()...)
}

// eachPuzzle is the body of the commands that answer one line per puzzle:
// it reads the puzzles of the command's arguments (standard input when
// none), runs work on each with the given number of workers, and prints the
// results in input order, sep between two. It returns errFailed when any
// puzzle failed.
func eachPuzzle(ctx context.Context, fs *flag.FlagSet, s *stdio, workers int, sep string, work func(puzzleText) (string, bool)) error {
	return eachPuzzleAppend(ctx, fs, s, workers, sep, func(dst []byte, p puzzleText) ([]byte, bool) {
		line, ok := work(p)
		return append(dst, line...), ok
	})
}

// eachPuzzleAppend is eachPuzzle for a work that appends its result to dst,
// which spares a string per puzzle.
func eachPuzzleAppend(ctx context.Context, fs *flag.FlagSet, s *stdio, workers int, sep string, work func(dst []byte, p puzzleText) ([]byte, bool)) error {
	if workers < 1 {
		return usageErrorf(fs, "-j must be at least 1, got %d", workers)
	}
	puzzles, err := readPuzzles(fs.Args(), s.in)
	if err != nil {
		return err
	}
	out, failed := parallel(ctx, puzzles, workers, sep, work)
	// Write errors go unreported, as they always have here (on a closed
	// standard output the process ends with SIGPIPE anyway).
	w := bufio.NewWriterSize(s.out, 64<<10)
	for _, b := range out {
		w.Write(b)
	}
	w.Flush()
	if err := ctx.Err(); err != nil {
		return err
	}
	if failed {
		return errFailed
	}
	return nil
}

// parallel runs work on every puzzle with the given number of workers and
// returns the output, in input order: each puzzle's result and a newline,
// sep between two; and whether any puzzle failed. The output comes in
// pieces: out[i], when not nil, holds that of the puzzles from i on that a
// worker took together. Puzzles not started when ctx is cancelled are
// reported as interrupted. Each worker takes the next few puzzles not yet
// taken, fewer as the puzzles run out so that the workers finish together;
// one worker is the calling goroutine.
func parallel(ctx context.Context, puzzles []puzzleText, workers int, sep string, work func(dst []byte, p puzzleText) ([]byte, bool)) ([][]byte, bool) {
	out := make([][]byte, len(puzzles))
	var next atomic.Int64 // the first puzzle not yet taken
	var failed atomic.Bool
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
			b := make([]byte, 0, int(n)*(len(sep)+82)) // room for 9x9 solutions
			for i := start; i < min(end, int64(len(puzzles))); i++ {
				if i > 0 {
					b = append(b, sep...)
				}
				ok := false
				if ctx.Err() != nil {
					b = appendError(b, errors.Unwrap(fmt.Errorf("x: %w", context.Cause(ctx))))
				} else {
					b, ok = work(b, puzzles[i])
				}
				if !ok {
					failed.Store(true)
				}
				b = append(b, '\n')
			}
			out[start] = b
		}
	}
	var wg sync.WaitGroup
	for range min(workers, max(len(puzzles), 1)) - 1 {
		wg.Go(run)
	}
	run()
	wg.Wait()
	return out, failed.Load()
}
