package solver

import (
	"fmt"
	"strings"
	"unicode"
)

// MarksLen is the length of the pencil-mark form of a 9x9 puzzle: one
// character per candidate of each cell, 9 times 81.
const MarksLen = 9 * 81

// LooksLikeMarks reports whether text is meant as the pencil-mark form
// that [ParseMarks] reads: about 729 digits and dots (600 to 900), with
// nothing else but white space, in runs of 9, 81 or 729 when white space
// splits them. No puzzle in the other notations is that long, and a list
// of 81 fields of pencil marks ("123 45 9 ...") has fields of other
// lengths.
func LooksLikeMarks(text string) bool {
	if len(text) < 600 {
		return false
	}
	for _, f := range strings.Fields(text) {
		if len(f)%9 != 0 {
			return false
		}
	}
	n := 0
	for _, r := range text {
		switch {
		case r >= '0' && r <= '9', r == '.':
			n++
		case unicode.IsSpace(r):
		default:
			return false
		}
	}
	return n >= 600 && n <= 900
}

// ParseMarks reads a 9x9 puzzle written in the pencil-mark form of tdoku
// and HoDoKu: 729 characters, nine per cell row by row, the k-th of a cell
// being the digit k when k is a candidate there and '.' (or '0') when it is
// not, so that a given 5 is "....5....". White space is skipped. It
// returns the candidates of each cell, or an error naming the first
// character out of place.
func ParseMarks(text string) ([]DigitSet, error) {
	var chars []rune
	for _, r := range text {
		if !unicode.IsSpace(r) {
			chars = append(chars, r)
		}
	}
	if len(chars) != MarksLen {
		return nil, fmt.Errorf("found %d characters, the pencil-mark form needs %d (9 per cell, a digit for each candidate and '.' for the others)", len(chars), MarksLen)
	}
	marks := make([]DigitSet, 81)
	for i, r := range chars {
		cell, d := i/9, i%9+1
		switch {
		case r == '.' || r == '0':
		case r == rune('0'+d):
			marks[cell] = marks[cell].With(d)
		default:
			return nil, fmt.Errorf("pencil marks: %s at character %d (candidate %d of %s): want '%d' or '.'", quoteRune(r), i+1, d, CellName(cell/9, cell%9), d)
		}
	}
	for i, m := range marks {
		if m == 0 {
			return nil, fmt.Errorf("pencil marks: %s has no candidate: its nine characters are all '.'", CellName(i/9, i%9))
		}
	}
	return marks, nil
}

// FormatMarks writes the candidates of a 9x9 grid in the pencil-mark form
// [ParseMarks] reads.
func FormatMarks(marks []DigitSet) string {
	var sb strings.Builder
	for _, m := range marks {
		for d := 1; d <= 9; d++ {
			if m.Has(d) {
				sb.WriteByte(byte('0' + d))
			} else {
				sb.WriteByte('.')
			}
		}
	}
	return sb.String()
}

// SolveMarks searches the 9x9 grids in which every cell holds one of its
// candidates in marks and no row, column or box holds a digit twice. It
// returns the first solution found and the number of solutions up to limit
// (at least 1). A cell with one candidate is taken as given: two such
// cells with the same digit in one unit are a *[Clash].
func SolveMarks(marks []DigitSet, limit int) (Grid, int, error) {
	if len(marks) != 81 {
		return Grid{}, 0, fmt.Errorf("pencil marks for %d cells, a 9x9 grid has 81", len(marks))
	}
	g := Grid{side: 9}
	for i, m := range marks {
		m &= AllDigits(9)
		if m == 0 {
			return Grid{}, 0, &NoSolutionError{Reason: fmt.Sprintf("%s has no candidate", CellName(i/9, i%9))}
		}
		if m.Len() == 1 {
			g.cells[i] = uint8(m.Min())
		}
	}
	if err := g.Validate(); err != nil {
		return Grid{}, 0, err
	}
	s := newGeneral(g)
	for i, m := range marks {
		if g.cells[i] == 0 {
			s.cand[i] &= uint16(m)
		}
	}
	var first Grid
	n := 0
	s.search(max(limit, 1), &n, &first)
	return first, n, nil
}
