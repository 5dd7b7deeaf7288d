package solver

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// isVertical reports whether r draws a vertical line between cells: '|',
// '!', '¦' or a box-drawing character.
func isVertical(r rune) bool {
	return r == '|' || r == '!' || r == '¦' || (r >= 0x2500 && r <= 0x257F)
}

// isBlankRow reports whether s holds vertical separators and spaces only,
// at least two of the former, with no horizontal rule: "|   |   |   |" or
// "║       ║       ║       ║", an empty row of a grid whose blanks are
// spaces.
func isBlankRow(s string) bool {
	seps := 0
	for _, r := range s {
		switch {
		case r == ' ' || r == '\t' || r == '\u00a0':
		case isVertical(r) && !isHorizontal(r):
			seps++
		default:
			return false
		}
	}
	return seps >= 2
}

// isHorizontal reports whether r is a box-drawing character with a
// horizontal stroke, which draws rules rather than rows.
func isHorizontal(r rune) bool {
	switch r {
	case '│', '┃', '║', '┆', '┇', '┊', '┋', '╎', '╏':
		return false
	}
	return r >= 0x2500 && r <= 0x257F
}

// rowLines returns the lines of a grid that hold its rows, in order: the
// grid's lines with cells and the empty rows of a grid written with spaces
// for blanks ("|   |   |   |", which is nothing else).
func rowLines(grid, all []lineCells) []lineCells {
	if !slices.ContainsFunc(all, func(l lineCells) bool { return l.blankRow }) {
		return grid
	}
	rows := slices.Clone(grid)
	for _, l := range all {
		if l.blankRow {
			rows = append(rows, l)
		}
	}
	slices.SortFunc(rows, func(a, b lineCells) int { return a.num - b.num })
	return rows
}

// spaceBlanks reads a grid written in fixed-width columns whose blanks are
// spaces, one row per line: "|53 | 7 |   |", "║ 5 3   ║   7   ║       ║"
// or "5 3     7        ". The columns of the cells are found from the
// separators between boxes and the columns the digits of all rows take; a
// row's cells must all sit in those columns. It returns the cells row by
// row, with blanks where a row has no digit in a column, or false when the
// columns cannot be told for sure.
func spaceBlanks(rows []lineCells) ([]cell, bool) {
	n := len(rows)
	if sideFor(n*n) == 0 {
		return nil, false
	}
	slots, ok := boxColumns(rows, n)
	if !ok {
		slots, ok = digitColumns(rows, n)
	}
	if !ok {
		return nil, false
	}
	out := make([]cell, 0, n*n)
	for _, l := range rows {
		row := make([]cell, n)
		for k, x := range slots {
			row[k] = cell{ch: ' ', line: l.num, col: x + 1}
		}
		for _, c := range l.cells {
			k := slices.Index(slots, c.col-1)
			if k < 0 || row[k].ch != ' ' {
				return nil, false
			}
			row[k] = c
		}
		out = append(out, row...)
	}
	return out, true
}

// boxColumns finds the columns of the cells of a grid whose rows draw the
// boxes with vertical separators at the same places: box by box, the
// columns relative to the box's start that digits take in any row.
func boxColumns(rows []lineCells, n int) ([]int, bool) {
	b := boxSide(n)
	var seps []int
	for i, l := range rows {
		var s []int
		for x, r := range []rune(l.text) {
			if isVertical(r) {
				s = append(s, x)
			}
		}
		if i == 0 {
			seps = s
		} else if !slices.Equal(s, seps) {
			return nil, false
		}
	}
	if len(seps) < b-1 {
		return nil, false
	}
	// The boxes are the spans between separators that hold a digit in
	// some row; closed spans must all have the same width.
	type span struct{ lo, hi int } // columns lo to hi-1
	bounds := append(append([]int{-1}, seps...), -1)
	width := -1
	var boxes []span
	for i := 0; i+1 < len(bounds); i++ {
		sp := span{bounds[i] + 1, bounds[i+1]}
		used := false
		for _, l := range rows {
			for _, c := range l.cells {
				if c.col-1 >= sp.lo && (sp.hi < 0 || c.col-1 < sp.hi) {
					used = true
				}
			}
		}
		closed := i > 0 && i+1 < len(bounds)-1
		if closed {
			if width >= 0 && sp.hi-sp.lo != width {
				return nil, false
			}
			width = sp.hi - sp.lo
		}
		if used || closed { // an open span without digits is a margin
			boxes = append(boxes, sp)
		}
	}
	if len(boxes) != b || width < 0 {
		return nil, false
	}
	if boxes[0].lo == 0 && boxes[0].hi >= 0 {
		boxes[0].lo = boxes[0].hi - width // a box open on the left
	}
	var offsets []int
	for _, l := range rows {
		for _, c := range l.cells {
			for _, sp := range boxes {
				if c.col-1 >= sp.lo && (sp.hi < 0 || c.col-1 < sp.hi) {
					if o := c.col - 1 - sp.lo; !slices.Contains(offsets, o) {
						offsets = append(offsets, o)
					}
				}
			}
		}
	}
	slices.Sort(offsets)
	if len(offsets) < b {
		// Some column is empty in every box: the usual layouts.
		var even []int
		switch width {
		case b:
			even = []int{0, 1, 2, 3}[:b]
		case 2*b + 1:
			even = []int{1, 3, 5, 7}[:b]
		case 2*b - 1:
			even = []int{0, 2, 4, 6}[:b]
		default:
			return nil, false
		}
		for _, o := range offsets {
			if !slices.Contains(even, o) {
				return nil, false
			}
		}
		offsets = even
	}
	if len(offsets) != b || offsets[b-1] >= width {
		return nil, false
	}
	var slots []int
	for _, sp := range boxes {
		for _, o := range offsets {
			slots = append(slots, sp.lo+o)
		}
	}
	return slots, true
}

// digitColumns finds the columns of the cells of a grid without vertical
// separators: the columns the digits of all rows take when they are n, or
// n evenly spaced columns from the first to the last of them. Some row
// must skip a column between two digits: else a digit may be missing
// rather than a blank, and the columns say nothing.
func digitColumns(rows []lineCells, n int) ([]int, bool) {
	var cols []int
	for _, l := range rows {
		if strings.IndexFunc(l.text, isVertical) >= 0 {
			return nil, false
		}
		for _, c := range l.cells {
			if !slices.Contains(cols, c.col-1) {
				cols = append(cols, c.col-1)
			}
		}
	}
	slices.Sort(cols)
	var slots []int
	switch {
	case len(cols) == n:
		slots = cols
	case len(cols) < 2 || len(cols) > n:
		return nil, false
	default:
		step := 0
		for i := 1; i < len(cols); i++ {
			step = gcd(step, cols[i]-cols[i-1])
		}
		if (cols[len(cols)-1]-cols[0])/step+1 != n {
			return nil, false
		}
		slots = make([]int, n)
		for k := range slots {
			slots[k] = cols[0] + k*step
		}
	}
	// Without separators, a row that is short at its end may have lost a
	// digit as well as blanks: some row must leave a column empty between
	// two of its digits, where nothing but a blank can be.
	for _, l := range rows {
		for i := 1; i < len(l.cells); i++ {
			a := slices.Index(slots, l.cells[i-1].col-1)
			b := slices.Index(slots, l.cells[i].col-1)
			if a >= 0 && b > a+1 {
				return slots, true
			}
		}
	}
	return nil, false
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// stripLabels finds the labels of rows and columns that some grids carry
// ("A | 5 3 . | ..." with "1 2 3 ..." above) and returns the text with
// them blanked out, the other characters in their places. It reports false
// when there are none. Labels are read as such only when they run in
// order over every row (1, 2, 3... or A, B, C...), and the rows are
// labelled only when the columns are too, a separator follows each label,
// or each row has a cell too many with it.
func stripLabels(lines []lineCells) (string, bool) {
	var grid []int // indexes into lines
	for i, l := range lines {
		if !l.chatter && !l.dashOnly && (len(l.cells) > 0 || l.foreign != nil) {
			grid = append(grid, i)
		}
	}
	if len(grid) < 5 {
		return "", false
	}
	text := make([]string, len(lines))
	for i, l := range lines {
		text[i] = l.text
	}
	colLabels := -1
	switch {
	case isLabelLine(lines[grid[0]].text, len(grid)-1):
		colLabels = grid[0]
	case isLabelLine(lines[grid[len(grid)-1]].text, len(grid)-1):
		colLabels = grid[len(grid)-1]
	}
	rows := grid
	if colLabels >= 0 {
		text[colLabels] = ""
		rows = slices.DeleteFunc(slices.Clone(grid), func(i int) bool { return i == colLabels })
	}
	n := len(rows)
	if validRowCount(n) && n <= MaxSide {
		spans := make([][2]int, n) // the label's rune columns
		sepAfter, tooMany := true, true
		for k, i := range rows {
			lo, hi, ok := rowLabel(lines[i].text, k)
			if !ok {
				spans = nil
				break
			}
			spans[k] = [2]int{lo, hi}
			rs := []rune(lines[i].text)
			j := hi
			for j < len(rs) && (rs[j] == ' ' || rs[j] == '\t') {
				j++
			}
			sepAfter = sepAfter && j < len(rs) && isSeparator(rs[j]) && rs[j] != ' ' && rs[j] != '\t'
			cells := 0
			for _, c := range lines[i].cells {
				if c.col-1 >= hi {
					cells++
				}
			}
			tooMany = tooMany && cells == n
		}
		if spans != nil && (colLabels >= 0 || sepAfter || tooMany) {
			for k, i := range rows {
				rs := []rune(text[i])
				for x := spans[k][0]; x < spans[k][1]; x++ {
					rs[x] = ' '
				}
				text[i] = string(rs)
			}
			return strings.Join(text, "\n"), true
		}
	}
	if colLabels < 0 {
		return "", false
	}
	return strings.Join(text, "\n"), true
}

// labelName returns the k-th label (from 0) of a sequence: "1", "2", ...;
// "A", "B", ...; or "a", "b", ....
func labelName(scheme, k int) string {
	switch scheme {
	case 0:
		return strconv.Itoa(k + 1)
	case 1:
		return string(rune('A' + k))
	}
	return string(rune('a' + k))
}

// isLabelLine reports whether s names n columns in order and holds nothing
// else but spaces and separators: "  1 2 3   4 5 6   7 8 9" or "A B C D".
func isLabelLine(s string, n int) bool {
	if !validRowCount(n) || n > MaxSide {
		return false
	}
	words := strings.FieldsFunc(s, func(r rune) bool { return isSeparator(r) || r == '-' })
	if len(words) != n {
		return false
	}
	for scheme := range 3 {
		ok := true
		for k, w := range words {
			ok = ok && w == labelName(scheme, k)
		}
		if ok {
			return true
		}
	}
	return false
}

// rowLabel returns the rune columns lo to hi-1 of the label of the k-th row
// (from 0) at the start of line s, in any scheme: "1", "A" or "a", alone
// or followed by a space, a separator or ')'.
func rowLabel(s string, k int) (lo, hi int, ok bool) {
	rs := []rune(s)
	for lo < len(rs) && (rs[lo] == ' ' || rs[lo] == '\t' || isVertical(rs[lo])) {
		lo++
	}
	for scheme := range 3 {
		name := []rune(labelName(scheme, k))
		hi = lo + len(name)
		if hi > len(rs) || string(rs[lo:hi]) != string(name) {
			continue
		}
		if hi < len(rs) {
			next := rs[hi]
			if next == ')' {
				hi++
			} else if !isSeparator(next) {
				continue
			}
		}
		return lo, hi, true
	}
	return 0, 0, false
}

// spaceBlanksError is the message for a grid of n rows whose cells are too
// few when all of them are digits: the blanks were likely spaces whose
// columns could not be told.
func spaceBlanksError(n, digits int) error {
	return fmt.Errorf("%d rows, but only %d digits: are blanks written as spaces?", n, digits)
}

// noBlanks reports whether every cell holds a digit: no blank is written.
func noBlanks(cells []cell) bool {
	for _, c := range cells {
		if c.digit == 0 {
			return false
		}
	}
	return true
}

// spaceLine reads a puzzle written on one line whose blanks are spaces
// ("53  7    6  195    98    6 8..."): a line of exactly 16, 81 or 256
// characters, only digits (and the letters of 16x16 grids) and spaces, in
// which some cells stand side by side. It reports false for anything else:
// a line whose cells are each set apart by spaces holds cells between
// separators, and one whose digits alone make a whole grid is read as that.
func spaceLine(text string) ([]cell, bool) {
	line := strings.Trim(text, "\n")
	if strings.Contains(line, "\n") || !strings.Contains(line, " ") {
		return nil, false
	}
	rs := []rune(line)
	if sideFor(len(rs)) == 0 {
		return nil, false
	}
	num := 1 + strings.Count(text[:strings.Index(text, line)], "\n")
	cells := make([]cell, len(rs))
	digits, sideBySide := 0, false
	for i, r := range rs {
		cells[i] = cell{ch: r, line: num, col: i + 1}
		if r == ' ' {
			continue
		}
		d, ok := cellDigit(r)
		if !ok || d == 0 {
			return nil, false
		}
		cells[i].digit = d
		digits++
		sideBySide = sideBySide || i > 0 && rs[i-1] != ' '
	}
	if !sideBySide || sideFor(digits) != 0 {
		return nil, false
	}
	return cells, true
}
