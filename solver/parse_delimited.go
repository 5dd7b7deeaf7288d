package solver

import (
	"strings"
	"unicode"
)

// delimitedGrid reads a grid whose every cell stands between vertical
// separators, one row a line: a Markdown table ("|5|3| | |7| | | | |",
// "| 5 | 3 |   |   | 7 |"), the same with empty cells ("|5|3|||7|||||"),
// or a box-drawing grid in single or double lines ("║ 5 │ 3 │   ║ 7 │"),
// with or without rules between the rows ("╟───┼───╫", "|---|---|"). An
// empty cell is a blank; in a row of 16 cells a cell may be a number up to
// 16. A Markdown table's header row (the row above its "|---|" rule) is
// left out when the rows below it make the grid. Lines around the table
// with words and no separator are chatter and skipped.
//
// It reports false when text is not such a grid: a line with a vertical
// separator holds something other than single cells between them, rows
// differ in length, the rows do not make a square grid of a size read, or
// no cell is empty and there is no header (the line readers read such a
// grid the same).
func delimitedGrid(text string) ([]cell, bool) {
	var rows []lineCells
	header := -1 // the index in rows of a Markdown header, if any
	empty := false
	for n, s := range strings.Split(text, "\n") {
		switch {
		case strings.TrimSpace(s) == "":
			continue
		case isRuleLine(s):
			if strings.Contains(s, "|") && len(rows) == 1 && header < 0 {
				header = 0 // a Markdown table's rule under its header
			}
			continue
		case !strings.ContainsFunc(s, isCellVertical):
			if isWordy(s) {
				continue // chatter around the table
			}
			return nil, false
		}
		cells, blanks, ok := delimitedRow(s, n+1)
		if !ok || (len(rows) > 0 && len(cells) != len(rows[0].cells)) {
			return nil, false
		}
		empty = empty || blanks
		rows = append(rows, lineCells{num: n + 1, text: s, cells: cells})
	}
	if len(rows) == 0 {
		return nil, false
	}
	side := len(rows[0].cells)
	if header == 0 && len(rows) == side+1 {
		rows = rows[1:]
	} else if !empty {
		return nil, false
	}
	if len(rows) != side {
		return nil, false
	}
	out := make([]cell, 0, side*side)
	for _, r := range rows {
		out = append(out, r.cells...)
	}
	return out, true
}

// delimitedRow reads one row of single cells between vertical separators
// (isCellVertical). It reports whether some cell is empty, and false when
// the line is not such a row of 4, 9 or 16 cells. The separators at the
// ends of the line are optional: without them, spaces at an end may be an
// empty cell, so the first of the ways to read the ends that gives a row of
// a grid's size is taken (both outer separators, neither, one of them).
func delimitedRow(s string, line int) (cells []cell, blanks, ok bool) {
	rs := []rune(strings.TrimRightFunc(s, unicode.IsSpace))
	from := 0
	for from < len(rs) && unicode.IsSpace(rs[from]) {
		from++
	}
	lead := from < len(rs) && isCellVertical(rs[from])
	trail := len(rs) > from && isCellVertical(rs[len(rs)-1])
	for _, ends := range [][2]bool{{lead, trail}, {false, false}, {lead, false}, {false, trail}} {
		lo, hi := 0, len(rs)
		if ends[0] {
			lo = from + 1
		}
		if ends[1] {
			hi--
		}
		if lo > hi {
			continue
		}
		if cells, blanks, ok := rowCells(rs[lo:hi], line, lo+1); ok {
			return cells, blanks, true
		}
	}
	return nil, false, false
}

// rowCells reads the cells between the vertical separators of rs, which
// starts at rune column col of its line: a row of 4, 9 or 16 cells, or
// false.
func rowCells(rs []rune, line, col int) (cells []cell, blanks, ok bool) {
	for start := 0; start <= len(rs); {
		end := start
		for end < len(rs) && !isCellVertical(rs[end]) {
			end++
		}
		c, ok := delimitedCell(rs[start:end], line, col+start)
		if !ok {
			return nil, false, false
		}
		blanks = blanks || c.ch == ' '
		cells = append(cells, c)
		start = end + 1
	}
	switch len(cells) {
	case 4, 9:
		for _, c := range cells {
			if c.number {
				return nil, false, false
			}
		}
		return cells, blanks, true
	case 16:
		return cells, blanks, true
	}
	return nil, false, false
}

// delimitedCell reads the text between two separators, which starts at
// rune column col of its line: nothing (a blank), one cell character or a
// number up to 16, with spaces around.
func delimitedCell(f []rune, line, col int) (cell, bool) {
	for len(f) > 0 && unicode.IsSpace(f[0]) {
		f, col = f[1:], col+1
	}
	for len(f) > 0 && unicode.IsSpace(f[len(f)-1]) {
		f = f[:len(f)-1]
	}
	switch len(f) {
	case 0:
		return cell{ch: ' ', line: line, col: col}, true
	case 1:
		d, ok := cellDigit(f[0])
		return cell{digit: d, ch: f[0], line: line, col: col}, ok
	}
	d, ok := numberCell(string(f))
	return cell{digit: d, ch: f[0], line: line, col: col, number: true}, ok
}

// isCellVertical reports whether r draws a vertical line between the
// cells of a row: '|', '!', '¦' or a box-drawing vertical ('│', '║', ...).
func isCellVertical(r rune) bool { return isVertical(r) && !isHorizontal(r) }

// isRuleLine reports whether s only draws a rule between rows: dashes,
// '=', '+', ':', vertical separators and box-drawing characters, with at
// least one horizontal stroke ("|---|:--:|", "+---+---+", "╟───┼───╫").
func isRuleLine(s string) bool {
	stroke := false
	for _, r := range s {
		switch {
		case r == '-' || r == '=' || r == '~' || isHorizontal(r):
			stroke = true
		case r == '+' || r == ':' || unicode.IsSpace(r) || isCellVertical(r):
		default:
			return false
		}
	}
	return stroke
}

// isWordy reports whether s holds a word: two letters or more in a row
// that are not all grid letters (isGridLetter).
func isWordy(s string) bool {
	run, grid := 0, true
	for _, r := range s + " " {
		if unicode.IsLetter(r) {
			run++
			grid = grid && isGridLetter(r)
			continue
		}
		if run >= 2 && !grid {
			return true
		}
		run, grid = 0, true
	}
	return false
}
