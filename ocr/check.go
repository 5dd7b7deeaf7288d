package ocr

import (
	"errors"
	"slices"
	"sort"

	"github.com/sudokubot/sudokubot/solver"
)

// Stage "check" (check.go, check_correct.go): check takes a split to what
// the solver's verdict on its givens means for the reading: whether it is
// a proper puzzle, what is wrong with it if not (diagnose), and the cells
// to check by eye (diagnose, toCheck). The verdict itself comes from the
// split stage, which asks the solver once for every candidate split and
// corrects the givens with [Correct] (check_correct.go). Tested in
// check_correct_test.go and progress_test.go (TestToCheck).

// checked is the check stage's outcome at one angle.
type checked struct {
	// solutions is 1 when the givens have exactly one solution, 0 when
	// they have a clash or none, 2 when they have several; solution is
	// the one and solveErr the solver's error when there is not one.
	solutions int
	solution  solver.Grid
	solveErr  error
	// problem says what is wrong when solutions is not 1.
	problem string
	// doubtful are the cells to check by eye.
	doubtful []int
}

// check is the check stage: the verdict of the split sp, and the cells to
// check by eye (diagnose when the givens are not a proper puzzle, else
// toCheck).
func check(sp *split) checked {
	c := checked{solutions: sp.verdict.solutions(), solution: sp.verdict.solution, solveErr: sp.verdict.err}
	if c.solutions != 1 {
		c.problem, c.doubtful = diagnose(sp.givens, sp.cells, c.solutions)
	} else {
		c.doubtful = toCheck(&sp.cells, sp.entered, c.solution)
	}
	return c
}

// verdict is the solver's on a grid as read: its one solution, or the
// clash, the lack of a solution or the several solutions that make it
// doubtful (see solveReading).
type verdict struct {
	solution solver.Grid
	err      error
}

// verdictOf asks the solver about g.
func verdictOf(g solver.Grid) verdict {
	s, err := solveReading(g)
	return verdict{s, err}
}

// solutions is 1 when the grid has exactly one solution, 2 when it has
// several and 0 when it has a clash or none: what solver.Count(g, 2)
// counts.
func (v verdict) solutions() int {
	switch {
	case v.err == nil:
		return 1
	case errors.Is(v.err, solver.ErrMultipleSolutions):
		return 2
	}
	return 0
}

// toCheck lists the cells of a reading that checks out to be checked by
// eye: those read with less than SureConfidence, the entries that would be
// mistakes but are not read surely enough to say so (AccuseConfidence),
// and the digits not surely told a given or an entry (KindSure).
func toCheck(cells *[81]CellReading, entered, solution solver.Grid) []int {
	out := unsure(*cells)
	for i, c := range cells {
		e := entered.Cell(i)
		switch {
		case c.Confidence < SureConfidence:
		case e != 0 && e != solution.Cell(i) && c.Confidence < AccuseConfidence,
			c.Digit != 0 && !c.KindSure():
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return out
}

// solveReading solves a grid as read: its one solution, or the clash, the
// lack of a solution or the several solutions that make it doubtful.
func solveReading(g solver.Grid) (solver.Grid, error) {
	if err := g.Validate(); err != nil {
		return solver.Grid{}, err
	}
	return solver.SolveUnique(g)
}

// SureConfidence is the calibrated confidence from which a cell counts
// as read surely: a grid that checks out is sure only when every cell is
// read with at least this confidence, and the others are named as
// doubtful.
const SureConfidence = 0.97

// AccuseConfidence is the confidence from which a player's entry or pencil
// marks that contradict the solution are called wrong; read less surely,
// they are asked about. Telling someone a right digit is wrong is worse
// than asking, and handwriting is read less reliably than print: on the
// photos of books solved in pen (handwritten-dev), cells read at 0.99 to
// 0.999 are right 98.5% of the time, those at 0.999 or more 99.4%.
const AccuseConfidence = 0.999

// unsure lists the cells read with a confidence below SureConfidence: a
// digit that may be another, or a cell read as empty that may hold one.
func unsure(cells [81]CellReading) []int {
	var out []int
	for i, c := range cells {
		if c.Confidence < SureConfidence {
			out = append(out, i)
		}
	}
	return out
}

// diagnose says what is wrong with a grid that has not exactly one solution
// and lists its least confident cells (at most doubtfulMax, none read
// above doubtfulBelow) as doubtful, and the cells of every clash.
func diagnose(g solver.Grid, cells [81]CellReading, nsol int) (string, []int) {
	var problem string
	switch {
	case nsol >= 2:
		problem = "it has several solutions (a digit may have been missed)"
	default:
		if err := g.Validate(); err != nil {
			problem = "it breaks the rules: " + err.Error()
		} else {
			problem = "it has no solution"
		}
	}
	idx := make([]int, 0, 81)
	for i := range cells {
		idx = append(idx, i)
	}
	sort.SliceStable(idx, func(a, b int) bool { return cells[idx[a]].Confidence < cells[idx[b]].Confidence })
	var doubt []int
	for _, i := range idx {
		if len(doubt) == doubtfulMax || cells[i].Confidence > doubtfulBelow {
			break
		}
		doubt = append(doubt, i)
	}
	// Cells in a clash are doubtful whatever their confidence.
	for _, i := range clashCells(g) {
		if !slices.Contains(doubt, i) {
			doubt = append(doubt, i)
		}
	}
	sort.Ints(doubt)
	return problem, doubt
}
