package solver

import (
	"fmt"
	"strings"
)

// MaxSide is the side length of the largest supported grid (16x16).
const MaxSide = 16

// MaxCells is the number of cells of the largest supported grid.
const MaxCells = MaxSide * MaxSide

// Grid is a square Sudoku grid of side 4, 9 or 16. The zero value is not a
// valid grid: use [NewGrid] or [Parse]. Grid is a small value type: copying
// it copies the cells, and two grids compare equal with == exactly when they
// have the same size and the same digits.
type Grid struct {
	side  uint8
	cells [MaxCells]uint8
}

// NewGrid returns an empty grid with the given side length, which must be 4,
// 9 or 16.
func NewGrid(side int) (Grid, error) {
	if boxSide(side) == 0 {
		return Grid{}, fmt.Errorf("unsupported grid size %dx%d: sizes are 4x4, 9x9 and 16x16", side, side)
	}
	return Grid{side: uint8(side)}, nil
}

// MustGrid is like [Parse] but panics on error. It is meant for tests and
// package-level variables holding known-good puzzles.
func MustGrid(text string) Grid {
	g, err := Parse(text)
	if err != nil {
		panic(err)
	}
	return g
}

// boxSide returns the box side for a supported grid side, or 0.
func boxSide(side int) int {
	switch side {
	case 4:
		return 2
	case 9:
		return 3
	case 16:
		return 4
	}
	return 0
}

// Side returns the number of rows (and columns, and digits) of g.
func (g Grid) Side() int { return int(g.side) }

// BoxSide returns the side of one box: 2, 3 or 4.
func (g Grid) BoxSide() int { return boxSide(int(g.side)) }

// NumCells returns the number of cells of g (16, 81 or 256).
func (g Grid) NumCells() int { return int(g.side) * int(g.side) }

// IsZero reports whether g is the zero Grid, which holds no cells at all.
func (g Grid) IsZero() bool { return g.side == 0 }

// Cell returns the digit in cell i (0 when empty). Cells are numbered row by
// row from 0.
func (g Grid) Cell(i int) int { return int(g.cells[i]) }

// SetCell puts digit d (0 to clear) in cell i.
func (g *Grid) SetCell(i, d int) { g.cells[i] = uint8(d) }

// At returns the digit at row r, column c (both from 0), 0 when empty.
func (g Grid) At(r, c int) int { return int(g.cells[r*int(g.side)+c]) }

// Set puts digit d (0 to clear) at row r, column c (both from 0).
func (g *Grid) Set(r, c, d int) { g.cells[r*int(g.side)+c] = uint8(d) }

// Givens returns the number of filled cells.
func (g Grid) Givens() int {
	n := 0
	for _, d := range g.cells[:g.NumCells()] {
		if d != 0 {
			n++
		}
	}
	return n
}

// IsComplete reports whether every cell holds a digit. It does not check
// the rules: see [Grid.Validate].
func (g Grid) IsComplete() bool { return g.Givens() == g.NumCells() }

// Box returns the index (from 0) of the box holding row r, column c.
func (g Grid) Box(r, c int) int {
	b := g.BoxSide()
	return (r/b)*b + c/b
}

// CellName returns the user-facing name of cell i, like "r5c4", with rows and
// columns counted from 1.
func (g Grid) CellName(i int) string {
	return CellName(i/int(g.side), i%int(g.side))
}

// CellName returns the user-facing name of row r, column c (both from 0),
// like "r5c4".
func CellName(r, c int) string { return fmt.Sprintf("r%dc%d", r+1, c+1) }

// DigitChar returns the character that writes digit d: '1'-'9', then 'A'-'G'
// for 10-16, and '.' for 0.
func DigitChar(d int) byte {
	switch {
	case d == 0:
		return '.'
	case d <= 9:
		return byte('0' + d)
	default:
		return byte('A' + d - 10)
	}
}

// String returns g on one line, one character per cell, '.' for an empty
// cell: 81 characters for a 9x9 grid.
func (g Grid) String() string {
	if g.side == 0 {
		return ""
	}
	b := make([]byte, g.NumCells())
	for i := range b {
		b[i] = DigitChar(int(g.cells[i]))
	}
	return string(b)
}

// Digits is like [Grid.String] but writes empty cells as '0'.
func (g Grid) Digits() string {
	return strings.ReplaceAll(g.String(), ".", "0")
}

// Rows returns g as Side lines of digits with a space between boxes, for
// example "534 678 912". Empty cells are '.'.
func (g Grid) Rows() []string {
	n, b := g.Side(), g.BoxSide()
	rows := make([]string, n)
	var sb strings.Builder
	for r := range n {
		sb.Reset()
		for c := range n {
			if c > 0 && c%b == 0 {
				sb.WriteByte(' ')
			}
			sb.WriteByte(DigitChar(g.At(r, c)))
		}
		rows[r] = sb.String()
	}
	return rows
}

// Pretty returns g as a boxed grid drawn with ASCII characters, one row per
// line, ending in a newline:
//
//	+-------+-------+-------+
//	| 5 3 . | . 7 . | . . . |
//	...
func (g Grid) Pretty() string {
	n, b := g.Side(), g.BoxSide()
	var sb strings.Builder
	rule := "+" + strings.Repeat(strings.Repeat("-", 2*b+1)+"+", b) + "\n"
	for r := range n {
		if r%b == 0 {
			sb.WriteString(rule)
		}
		for c := range n {
			if c%b == 0 {
				sb.WriteString("| ")
			}
			sb.WriteByte(DigitChar(g.At(r, c)))
			sb.WriteByte(' ')
		}
		sb.WriteString("|\n")
	}
	sb.WriteString(rule)
	return sb.String()
}
