package main

import (
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/solver"
)

// isMarks reports whether the puzzle is written in the 729-character
// pencil-mark form of tdoku and HoDoKu (see [solver.ParseMarks]).
func (p puzzleText) isMarks() bool {
	return p.photo == nil && p.err == nil && solver.LooksLikeMarks(p.text)
}

// solveMarks is sudoku solve's answer for a puzzle in the pencil-mark
// form: the first solution whose every digit is one of its cell's marks
// (with unique, the only one), and whether there was one.
func solveMarks(p puzzleText, unique, pretty bool) (string, bool) {
	marks, err := solver.ParseMarks(p.text)
	if err != nil {
		return "error: " + err.Error(), false
	}
	sol, n, err := solver.SolveMarks(marks, 2)
	switch {
	case err != nil:
		return "error: " + err.Error(), false
	case n == 0:
		return "error: " + (&solver.NoSolutionError{}).Error(), false
	case n > 1 && unique:
		return "error: " + solver.ErrMultipleSolutions.Error(), false
	case pretty:
		return strings.TrimSuffix(sol.Pretty(), "\n"), true
	}
	return sol.String(), true
}

// countMarks is sudoku count's answer for a puzzle in the pencil-mark
// form: the number of solutions its marks allow, up to limit.
func countMarks(p puzzleText, limit int) (string, bool) {
	marks, err := solver.ParseMarks(p.text)
	if err != nil {
		return "error: " + err.Error(), false
	}
	_, n, err := solver.SolveMarks(marks, limit)
	if err != nil {
		return "error: " + err.Error(), false
	}
	return strconv.Itoa(n), true
}
