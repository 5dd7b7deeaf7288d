package solver

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// WrongCell is a cell of a player's grid that cannot be right.
type WrongCell struct {
	// Cell is the cell, counted from 0 row by row.
	Cell int
	// Digit is the digit written in the cell, or for wrong pencil marks
	// 0.
	Digit int
	// Reason says why in plain English, like "r3c4 holds 5, which
	// contradicts the puzzle's solution". It does not give the right
	// digit away.
	Reason string
}

// WrongGridError says that a player's grid is wrong, and where.
type WrongGridError struct {
	// Cells are the wrong cells, in cell order; none when the grid breaks
	// no rule but can no longer be completed.
	Cells []WrongCell
}

// Error lists the wrong cells.
func (e *WrongGridError) Error() string {
	if len(e.Cells) == 0 {
		return "this grid is wrong: it can no longer be completed"
	}
	reasons := make([]string, len(e.Cells))
	for i, w := range e.Cells {
		reasons[i] = w.Reason
	}
	return "this grid is wrong: " + strings.Join(reasons, "; ")
}

// Check returns the cells of current, a player's grid for puzzle, that
// cannot be right, in cell order, each once:
//
//   - a given of puzzle changed: "r1c1 holds 6, but the puzzle gives 5
//     there";
//   - a digit out of range for the grid's size;
//   - a digit that clashes with another in a row, column or box: "r1c3
//     holds 5, but row 1 has two 5s (r1c1 and r1c3)". Of the two, the
//     one the player wrote that differs from the solution is named (with
//     no solution, the later one the player wrote);
//   - a digit that differs from solution: "r1c3 holds 2, which
//     contradicts the puzzle's solution".
//
// solution is the puzzle's one solution. The zero Grid stands for a
// puzzle with several: then only digits that break the rules are found,
// and a grid that breaks none but can no longer be completed returns a
// *[WrongGridError] without cells. Cells of current left empty where the
// puzzle has a given count as holding the given; a zero current stands
// for the puzzle itself. Grids of every size are checked alike; the
// other errors are for grids of different sizes.
func Check(puzzle, current, solution Grid) ([]WrongCell, error) {
	if puzzle.IsZero() {
		return nil, errors.New("no puzzle given")
	}
	if current.IsZero() {
		current = puzzle
	}
	n := puzzle.Side()
	if current.Side() != n {
		return nil, fmt.Errorf("the current grid is %dx%d, the puzzle %dx%d", current.Side(), current.Side(), n, n)
	}
	if !solution.IsZero() && solution.Side() != n {
		return nil, fmt.Errorf("the solution is %dx%d, the puzzle %dx%d", solution.Side(), solution.Side(), n, n)
	}
	var wrong []WrongCell
	bad := make([]bool, puzzle.NumCells())
	flag := func(c int, format string, args ...any) {
		bad[c] = true
		wrong = append(wrong, WrongCell{c, current.Cell(c), puzzle.CellName(c) + " holds " + fmt.Sprintf(format, args...)})
	}
	// merged is current with the givens laid over it and the digits out
	// of range taken out: the grid whose rules are checked.
	merged := current
	for c := range puzzle.NumCells() {
		switch g, x := puzzle.Cell(c), current.Cell(c); {
		case g != 0:
			if x != 0 && x != g {
				flag(c, "%c, but the puzzle gives %c there", DigitChar(x), DigitChar(g))
			}
			merged.SetCell(c, g)
		case x > n:
			flag(c, "%d, which is not a digit from 1 to %d", x, n)
			merged.SetCell(c, 0)
		}
	}
	for _, cl := range merged.Clashes() {
		for _, c := range []int{cl.Second, cl.First} {
			rightDigit := !solution.IsZero() && merged.Cell(c) == solution.Cell(c)
			if puzzle.Cell(c) == 0 && !bad[c] && !rightDigit {
				flag(c, "%c, but %s", DigitChar(merged.Cell(c)), cl.Error())
				break
			}
		}
	}
	if solution.IsZero() {
		if len(wrong) == 0 && Count(merged, 1) == 0 {
			return nil, &WrongGridError{}
		}
	} else {
		for c := range puzzle.NumCells() {
			if x := merged.Cell(c); x != 0 && !bad[c] && x != solution.Cell(c) {
				flag(c, "%c, which contradicts the puzzle's solution", DigitChar(x))
			}
		}
	}
	slices.SortFunc(wrong, func(a, b WrongCell) int { return a.Cell - b.Cell })
	return wrong, nil
}
