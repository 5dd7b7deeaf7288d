package engines

import (
	"context"
	"errors"

	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/human"
)

// Engines are the parts of the product the conversation uses to read photos,
// find and rate logical steps, and draw pictures. [Real] (made by [New]) is
// the product's; tests wrap it in types of their own that change one
// method. The conversation asks [Engines.Offers] before it uses a feature,
// and says plainly that a feature not offered is unavailable.
type Engines interface {
	// Offers reports whether the engines offer feature f; the methods of
	// a feature not offered are not called.
	Offers(f Feature) bool
	// ReadPhoto reads the grid in a decoded photo and checks it with the
	// solver. Its errors are package ocr's: [ocr.ErrNoGrid] when it finds
	// no grid.
	ReadPhoto(ctx context.Context, photo *ocr.Decoded) (Reading, error)
	// Step returns step number n (counting from 0) of a logical solution
	// of g, with the grid as it stands before that step. It returns an
	// error matching [ErrNoMoreSteps] when g is solved after n steps.
	Step(ctx context.Context, g solver.Grid, n int) (StepAt, error)
	// StepFrom returns the next step for a player who has reached current
	// in puzzle, working from their pencil marks when marks is not nil
	// (one set per cell; an empty set is a cell without marks). Its
	// errors are [human.NextStep]'s.
	StepFrom(ctx context.Context, puzzle, current solver.Grid, marks []solver.DigitSet) (StepAt, error)
	// Rate rates the difficulty of a valid puzzle with one solution.
	Rate(ctx context.Context, g solver.Grid) (Rating, error)
	// DrawGrid draws a grid, marking the doubtful cells.
	DrawGrid(g solver.Grid, doubtful []int) ([]byte, error)
	// DrawSolution draws a solution, the givens of puzzle set apart.
	DrawSolution(puzzle, solution solver.Grid) ([]byte, error)
	// DrawHint draws step s at a level of help (1 to 3) on before, the
	// grid it applies to, with the pencil marks cands it was found with
	// (nil for the basic ones). The digits of puzzle are drawn as givens.
	// Below level 3 the picture must not show the answer.
	DrawHint(puzzle, before solver.Grid, cands []solver.DigitSet, s human.Step, level int) ([]byte, error)
	// DrawWrong draws a player's grid with the wrong cells marked, the
	// digits of puzzle as givens.
	DrawWrong(puzzle, current solver.Grid, wrong []int) ([]byte, error)
}

// Feature is one thing a set of [Engines] may offer.
type Feature int

// The features, each with the methods of [Engines] it needs.
const (
	// Photos is reading photos: ReadPhoto.
	Photos Feature = iota + 1
	// Hints is finding logical steps: Step and StepFrom.
	Hints
	// Ratings is rating puzzles: Rate.
	Ratings
	// Pictures is drawing: DrawGrid, DrawSolution, DrawHint and DrawWrong.
	Pictures
)

// Reading is what [Engines.ReadPhoto] found in a photo, checked with the
// solver.
type Reading struct {
	// Grid is the puzzle as read: its givens.
	Grid solver.Grid
	// Entered holds the player's entries read (0 elsewhere).
	Entered solver.Grid
	// Solution is Grid's one solution, when the reading checked out.
	Solution solver.Grid
	// SolveErr is the solver's verdict when it did not: a clash, no
	// solution or several (see [ocr.Result.SolveErr]).
	SolveErr error
	// Doubtful are the cells whose reading is uncertain: the cells to
	// check by eye.
	Doubtful []int
	// DrawOnPhoto writes the missing digits of a solution onto the photo
	// the grid was read from, as a JPEG; nil when it cannot.
	DrawOnPhoto func(solution solver.Grid) ([]byte, error)
	// Marks are the pencil marks read, by cell.
	Marks [81]solver.DigitSet
	// Cells is what was read in each cell, with its confidence.
	Cells [81]ocr.CellReading
	// Result is the reading itself, whose methods say what it means to
	// the player ([ocr.Result.Puzzle], [ocr.Result.ProgressFrom]); nil for
	// a reading made up without one.
	Result *ocr.Result
	// RingOnPhoto draws rings around cells on the photo, as a JPEG: the
	// player's mistakes marked on their own photo; nil when it cannot.
	RingOnPhoto func(cells []int) ([]byte, error)
}

// ReadingOf is the reading res, without pictures drawn on the photo.
func ReadingOf(res *ocr.Result) Reading {
	return Reading{
		Grid: res.Grid, Entered: res.Entered, Solution: res.Solution, SolveErr: res.SolveErr,
		Doubtful: res.Doubtful, Marks: res.Marks, Cells: res.Cells, Result: res,
	}
}

// HasWork reports whether the picture shows a player's work: entries or
// pencil marks besides the givens.
func (r Reading) HasWork() bool {
	if r.Entered.Givens() > 0 {
		return true
	}
	for _, m := range r.Marks {
		if m != 0 {
			return true
		}
	}
	return false
}

// StepAt is one step of a logical solution and the grid it applies to.
type StepAt struct {
	// Before is the grid before the step (the puzzle plus the placements
	// of the earlier steps).
	Before solver.Grid
	// Candidates are the pencil marks the step was found with, one set
	// per cell; nil for the basic ones of Before.
	Candidates []solver.DigitSet
	// Step is the step itself.
	Step human.Step
}

// Rating is a puzzle's difficulty.
type Rating struct {
	// Level is a word like "Easy", "Medium", "Hard", "Expert".
	Level string
	// Score is a number for finer comparisons; 0 when the rater has none.
	Score float64
	// Hardest is the hardest technique needed, like "X-Wing".
	Hardest string
}

// ErrNoMoreSteps means the grid is solved: there is no next step.
var ErrNoMoreSteps = errors.New("no more steps")
