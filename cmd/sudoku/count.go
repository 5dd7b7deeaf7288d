package main

import (
	"context"
	"runtime"
	"strconv"

	"github.com/sudokubot/sudokubot/solver"
)

const countHelp = `
Usage: sudoku count [--limit N] [-j N] [FILE...]

Counts the solutions of the puzzles in each FILE ('-' or none for standard
input; a FILE may also be the puzzle itself), stopping at N: a count equal to
N means "N or more". The default limit, 2, tells a proper puzzle (1) from one
with several solutions (2). Puzzles are read as by 'sudoku solve', pencil-mark
form included; sizes 4x4, 9x9 and 16x16.

Prints one line per puzzle, in input order: the count, or "error: <reason>"
when the puzzle cannot be read or breaks the rules.

Examples:
  sudoku count puzzles.txt
  sudoku count --limit 1000 grid.txt
`

func runCount(ctx context.Context, args []string, s *stdio) error {
	fs := newFlags("count", countHelp, s)
	limit := fs.Int("limit", 2, "stop counting at this many solutions")
	workers := fs.Int("j", runtime.NumCPU(), "number of puzzles counted in parallel")
	accept := acceptFlag(fs)
	if err := parseFlags(fs, args, s); err != nil {
		return err
	}
	s.photos.accept = *accept
	if *limit < 1 {
		return usageErrorf(fs, "--limit must be at least 1, got %d", *limit)
	}
	return eachPuzzle(ctx, fs, s, *workers, "", func(p puzzleText) (string, bool) {
		if p.isMarks() {
			return countMarks(p, *limit)
		}
		g, err := p.grid(s.photos)
		if err != nil {
			return "error: " + err.Error(), false
		}
		return strconv.Itoa(solver.Count(g, *limit)), true
	})
}
