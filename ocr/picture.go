package ocr

import (
	"fmt"
	"math"
)

// What the picture is, said plainly (picture.go): when the grid read is
// not a proper puzzle, [Read] looks at the lines around it (see
// lookAround) and answers with a [*GridError] when the picture shows a
// grid of another size, a grid its edge cuts, or an empty grid; and a
// picture of several grids says which one was read ([Result.GridsNote]).
// Tested in picture_test.go.

// GridError is the error [Read] returns when the picture's grid is not a
// whole 9x9 Sudoku with digits in it: a grid of another size, a grid the
// picture cuts, or an empty grid. Its message says which, in words for
// the user.
type GridError struct {
	// Side is the cells a side of a grid of another size (4, 6, 16), 0
	// otherwise.
	Side int
	// Cropped is true when the picture cuts the grid, and Edge the edge
	// that does when it is known ("left", "right", "top", "bottom").
	Cropped bool
	Edge    string
	// Empty is true when no digit was found in the grid.
	Empty bool
}

func (e *GridError) Error() string {
	switch {
	case e.Side != 0:
		return fmt.Sprintf("this picture is a %dx%d grid; reading %dx%d pictures is not supported yet (type the puzzle as text instead)", e.Side, e.Side, e.Side, e.Side)
	case e.Cropped && e.Edge != "":
		return fmt.Sprintf("the picture seems cropped: the grid runs off its %s edge; take a picture of the whole grid", e.Edge)
	case e.Cropped:
		return "the picture seems cropped: only part of the grid is in it; take a picture of the whole grid"
	}
	return "the grid in the picture is empty: no digit was found in it"
}

// gridError says what the picture is when the grid res read in it is not
// a proper puzzle, around being what lies around the grid found
// (Detection.around): a *GridError, or nil when it is a whole 9x9 grid
// with digits, whose reading res.Err explains.
func gridError(around func() surroundings, res *Result) error {
	if res.Checked() {
		return nil
	}
	s := around()
	if n := s.side(); n != 0 {
		return &GridError{Side: n}
	}
	if edge, cropped := s.cut(); cropped {
		return &GridError{Cropped: true, Edge: edge}
	}
	if res.Grid.Givens() == 0 && res.Entered.Givens() == 0 && !hasMarks(res) {
		return &GridError{Empty: true}
	}
	return nil
}

// hasMarks reports whether any pencil mark was read.
func hasMarks(res *Result) bool {
	for _, m := range res.Marks {
		if m != 0 {
			return true
		}
	}
	return false
}

// largerShare is how much larger than every other grid the one read must
// be for GridsNote to call it the largest, and nearerShare how much
// nearer the middle of the picture than every other to call it the
// nearest the middle.
const largerShare, nearerShare = 1.2, 0.8

// GridsNote says, when the picture holds several grids, how many and which
// one was read ("2 grids in the picture: read the one on the left, the
// largest"), and "" when it holds one.
func (r *Result) GridsNote() string {
	if len(r.OtherGrids) == 0 {
		return ""
	}
	cx, cy := r.Corners.centre()
	fromMiddle := func(x, y float64) float64 { return math.Hypot(x-float64(r.Width)/2, y-float64(r.Height)/2) }
	var ox, oy float64
	largest, nearest := true, true
	area, dist := quadArea(r.Corners), fromMiddle(cx, cy)
	for _, q := range r.OtherGrids {
		x, y := q.centre()
		ox += x / float64(len(r.OtherGrids))
		oy += y / float64(len(r.OtherGrids))
		largest = largest && area >= largerShare*quadArea(q)
		nearest = nearest && dist <= nearerShare*fromMiddle(x, y)
	}
	why := ""
	switch {
	case largest:
		why = ", the largest"
	case nearest:
		why = ", the nearest the middle"
	}
	return fmt.Sprintf("%d grids in the picture: read the one %s%s", len(r.OtherGrids)+1, side(cx-ox, cy-oy, r.Turns), why)
}

// side names where a grid lies from the others, (dx, dy) away from them in
// the stored pixels, in the picture turned upright by turns quarter turns
// clockwise.
func side(dx, dy float64, turns int) string {
	for range turns % 4 {
		dx, dy = -dy, dx
	}
	switch {
	case math.Abs(dx) >= math.Abs(dy) && dx < 0:
		return "on the left"
	case math.Abs(dx) >= math.Abs(dy):
		return "on the right"
	case dy < 0:
		return "at the top"
	}
	return "at the bottom"
}
