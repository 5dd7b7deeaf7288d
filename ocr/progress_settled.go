package ocr

import "github.com/sudokubot/sudokubot/solver"

// A doubt that cannot change the answer is not asked about. Most digits
// read unsurely on a clear photo are doubted one way only: the recognizer
// is sure of the digit, should the cell hold one, and leaves a few per cent
// for an empty cell (a faint or small print, a pen stroke across it).
// Whether such a cell is empty cannot change the puzzle's solution when
// the puzzle keeps one solution without it: taking givens away never
// removes a solution. And when the puzzle would have several solutions
// without it, an empty cell is all but ruled out, since a published
// puzzle has one solution (misprint). solutionSettled weighs every
// choice of which doubtful cells are empty so, for the answers that need
// the solution alone (solve, check); the answers that need the givens
// themselves (a rating, a count, a step) still ask.

const (
	// misprint is the chance that a published puzzle has no solution or
	// several: the prior odds against a reading of its givens that is no
	// proper puzzle.
	misprint = 0.01
	// settleMax is the most doubtful digits weighed (2^settleMax
	// puzzles solved at most); a puzzle with more doubts is asked about.
	settleMax = 10
)

// solutionSettled reports whether the solution of p holds whichever way
// its doubtful digits are read, but for a chance below 1 - SureConfidence,
// the error a cell read surely may have. That chance adds up the chances
// that a doubtful cell holds another digit than the one read (not an empty
// cell: otherDigit) and that the cells that are empty leave a puzzle
// without one solution, p.Solution. The chances of each choice of empty
// cells are the recognizer's, weighed by misprint when the choice is no
// proper puzzle, for puzzles of givens; all the digits read (AllDigits)
// are not a published puzzle, and get no such weight.
func solutionSettled(p Puzzle, cells *[81]CellReading) bool {
	n := len(p.Doubts)
	switch {
	case n == 0:
		return true
	case n > settleMax:
		return false
	}
	other := 0.0
	for _, d := range p.Doubts {
		other += otherDigit(cells[d.Cell])
	}
	if other >= 1-SureConfidence {
		return false
	}
	right, wrong := solutionKept(p, p.Doubts, func(d Doubt) float64 {
		c := cells[d.Cell]
		e := emptyChance(c)
		return e / (e + c.Confidence)
	})
	if !p.AllDigits {
		right, wrong = right*(1-misprint), wrong*misprint
	}
	return other+wrong/(right+wrong) < 1-SureConfidence
}

// otherDigit is the chance that a cell read as holding a digit holds
// another: what is left when the digit read and an empty cell are taken
// out.
func otherDigit(c CellReading) float64 {
	return max(1-c.Confidence-emptyChance(c), 0)
}

// emptyChance is the chance that a cell read as holding a digit is empty:
// its alternative "empty", 0 when it has none.
func emptyChance(c CellReading) float64 {
	for _, a := range c.Alternatives {
		if a.Digit == 0 {
			return a.Confidence
		}
	}
	return 0
}

// A given not surely told from the player's entries (Puzzle.KindDoubts)
// cannot change a check of the player's work either when the puzzle keeps
// its one solution without it: printed or written in, it is the
// solution's digit, and the other entries are checked against the same
// solution. And when the puzzle would have several solutions without it,
// it is all but surely printed (misprint), as an empty cell is above.

// kindSettled reports whether a check against p.Solution stands whoever
// wrote the givens of p.KindDoubts, but for a chance below
// 1 - SureConfidence. It weighs every choice of which of them are the
// player's, each by the split's KindDoubt: a choice that leaves the other
// givens p.Solution as their one solution cannot change the check; one
// that leaves them several solutions is weighed by misprint, and counts
// against.
func kindSettled(p Puzzle, cells *[81]CellReading) bool {
	n := len(p.KindDoubts)
	switch {
	case n == 0:
		return true
	case n > settleMax:
		return false
	}
	right, wrong := solutionKept(p, p.KindDoubts, func(d Doubt) float64 { return cells[d.Cell].KindDoubt })
	wrong *= misprint
	return wrong/(right+wrong) < 1-SureConfidence
}

// solutionKept weighs every choice of which cells of doubts leave p.Grid
// (each with its chance, gone), and returns the chance of the choices
// that leave p.Solution as the grid's one solution (right) and of the
// others (wrong).
func solutionKept(p Puzzle, doubts []Doubt, gone func(Doubt) float64) (right, wrong float64) {
	for choice := range 1 << len(doubts) {
		g, w := p.Grid, 1.0
		for k, d := range doubts {
			if choice&(1<<k) != 0 {
				g.SetCell(d.Cell, 0)
				w *= gone(d)
			} else {
				w *= 1 - gone(d)
			}
		}
		if sol, err := solver.SolveUnique(g); err == nil && sol == p.Solution {
			right += w
		} else {
			wrong += w
		}
	}
	return right, wrong
}
