package solver

import "unicode"

// commentedRows takes back the rows of a grid written with a label or a
// comment after them ("53..7....  row1", "5 3 . | . 7 . | . . .  # top"),
// which the line scan took for chatter or for a foreign character. Such a
// line is a row when the text before its comment (commentStart) reads as
// cells alone, as many as each of the grid's other rows holds, and with
// those lines the grid has as many rows as a row has cells (a whole
// one-line puzzle, when it is the only line with cells). It returns lines
// with those rows read as their cells alone, or lines as they were.
func commentedRows(lines []lineCells) []lineCells {
	rows := map[int]lineCells{} // index in lines -> the line read without its comment
	side, plain := 0, 0
	for i, l := range lines {
		switch {
		case len(l.cells) == 0 || l.dashOnly:
			continue
		case !l.chatter && l.foreign == nil:
			if side != 0 && len(l.cells) != side {
				return lines
			}
			side = len(l.cells)
			plain++
			continue
		}
		cut := commentStart(l.text)
		if cut <= 0 {
			continue
		}
		r := lineCells{num: l.num, text: string([]rune(l.text)[:cut])}
		scanChars(&r, r.text)
		if r.chatter || r.foreign != nil || len(r.cells) == 0 {
			continue
		}
		if side != 0 && len(r.cells) != side {
			return lines
		}
		side = len(r.cells)
		rows[i] = r
	}
	total := plain + len(rows)
	if len(rows) == 0 || !(total == side && validRowCount(side) && side <= MaxSide || total == 1 && sideFor(side) != 0) {
		return lines
	}
	out := make([]lineCells, len(lines))
	copy(out, lines)
	for i, r := range rows {
		out[i] = r
	}
	return out
}

// commentStart returns the rune index in s where a comment or label after
// a row begins: '#', "//", "<-", '←', or a word (two letters or more in a
// row that are not all grid letters), or -1 when s has none.
func commentStart(s string) int {
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		switch r := rs[i]; {
		case r == '#' || r == '←':
			return i
		case i+1 < len(rs) && (r == '/' && rs[i+1] == '/' || r == '<' && rs[i+1] == '-'):
			return i
		case unicode.IsLetter(r):
			j := i
			grid := true
			for j < len(rs) && unicode.IsLetter(rs[j]) {
				grid = grid && isGridLetter(rs[j])
				j++
			}
			if j-i >= 2 && !grid {
				return i
			}
			i = j - 1
		}
	}
	return -1
}
