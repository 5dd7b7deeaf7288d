package render

import (
	"fmt"
	"image"

	"github.com/sudokubot/sudokubot/solver"
)

// Picture sizes, in pixels per side.
const (
	// DefaultSize is the side of a picture when [Options.Size] is 0:
	// Discord shows it whole without scaling it much.
	DefaultSize = 900
	// MarksSize16 is the side of a picture of a 16x16 grid with pencil
	// marks when [Options.Size] is 0: up to 16 marks a cell, each about 20
	// pixels high, where DefaultSize would leave them 10.
	MarksSize16 = 1800
	// MinSize and MaxSize bound [Options.Size].
	MinSize = 160
	MaxSize = 4096
)

// Options says how to draw a picture. The zero value draws a light,
// 900-pixel picture without pencil marks or labels.
type Options struct {
	// Theme is the colour scheme.
	Theme Theme
	// Size is the side of the square picture in pixels, from MinSize to
	// MaxSize; 0 means DefaultSize, or MarksSize16 for a 16x16 grid that
	// shows pencil marks.
	Size int
	// Candidates draws pencil marks in the empty cells.
	Candidates bool
	// Labels writes row numbers left of the grid and column numbers
	// above it, to find a cell named like "r5c4". Hint pictures read
	// better with them.
	Labels bool
}

// size returns the picture side, checking the limits.
func (o Options) size() (int, error) {
	switch {
	case o.Size == 0:
		return DefaultSize, nil
	case o.Size < MinSize || o.Size > MaxSize:
		return 0, fmt.Errorf("picture size %d px is out of range: it must be from %d to %d", o.Size, MinSize, MaxSize)
	}
	return o.Size, nil
}

// Grid draws puzzle: its digits as givens, and pencil marks in the empty
// cells when opt.Candidates is set.
func Grid(puzzle solver.Grid, opt Options) (*image.Paletted, error) {
	v, err := newView(puzzle, opt)
	if err != nil {
		return nil, err
	}
	if opt.Candidates {
		if err := v.setMarks(nil); err != nil {
			return nil, err
		}
	}
	return v.draw(), nil
}

// Solution draws solution over puzzle: the puzzle's digits as givens and
// the others in the filled colour. The solution may be partial; its
// digits must agree with every given of the puzzle, and givens it leaves
// out are drawn anyway. Cells still empty get
// pencil marks when opt.Candidates is set.
func Solution(puzzle, solution solver.Grid, opt Options) (*image.Paletted, error) {
	v, err := newView(solution, opt)
	if err != nil {
		return nil, err
	}
	if err := setGivens(v, puzzle, "solution"); err != nil {
		return nil, err
	}
	for i := range v.cells {
		if d, x := puzzle.Cell(i), solution.Cell(i); d != 0 && x != 0 && d != x {
			return nil, fmt.Errorf("render: the solution has %c at %s where the puzzle has %c", solver.DigitChar(solution.Cell(i)), puzzle.CellName(i), solver.DigitChar(d))
		}
	}
	if opt.Candidates {
		if err := v.setMarks(nil); err != nil {
			return nil, err
		}
	}
	return v.draw(), nil
}

// setGivens tells the givens of puzzle from the other digits of v, which
// are drawn as filled. A given that v leaves empty is filled in, as a
// player's grid may leave out the givens; a given v overwrote shows v's
// digit as the player's. A zero puzzle leaves every digit a given.
func setGivens(v *view, puzzle solver.Grid, what string) error {
	if puzzle.IsZero() {
		return nil
	}
	if puzzle.Side() != v.grid.Side() {
		return fmt.Errorf("render: the puzzle is %dx%d but the %s is %dx%d", puzzle.Side(), puzzle.Side(), what, v.grid.Side(), v.grid.Side())
	}
	for i := range v.cells {
		c := &v.cells[i]
		switch p := puzzle.Cell(i); {
		case p == 0 || (c.digit != 0 && c.digit != p):
			c.style = styleFilled
		case c.digit == 0:
			c.digit = p
			v.grid.SetCell(i, p)
		}
	}
	return nil
}

// Wrong draws a player's grid current with the cells listed in wrong
// marked as mistakes. The digits of puzzle are drawn as givens and the
// player's as filled; puzzle may be the zero Grid when the givens are not
// known, and then every digit is drawn as a given. A wrong cell that is
// empty in current is shaded without a digit.
func Wrong(puzzle, current solver.Grid, wrong []int, opt Options) (*image.Paletted, error) {
	v, err := newView(current, opt)
	if err != nil {
		return nil, err
	}
	if err := setGivens(v, puzzle, "current grid"); err != nil {
		return nil, err
	}
	for _, i := range wrong {
		if i < 0 || i >= len(v.cells) {
			return nil, fmt.Errorf("render: wrong cell %d is outside the %dx%d grid (cells 0 to %d)", i, current.Side(), current.Side(), len(v.cells)-1)
		}
		c := &v.cells[i]
		c.style = styleWrong
		c.shade, c.frame = shadeWrong, true
	}
	if opt.Candidates {
		if err := v.setMarks(nil); err != nil {
			return nil, err
		}
	}
	return v.draw(), nil
}
