package solver

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// fieldCells reads a row written as fields between tabs, commas or
// semicolons in which an empty field is a blank cell, as pasted from a
// spreadsheet ("\t7\t\t1\t\t3\t6\t5\t") or saved as CSV ("5,3,,,7,,,,").
// With numbers, a field may also be a number up to 16. It reports false
// when the line is not such a row: a field holds more than one character,
// or (commas and semicolons) no field is empty, so that the separators are
// read as plain separators.
func fieldCells(s string, line int, numbers bool) ([]cell, bool) {
	switch {
	case strings.ContainsRune(s, '\t'):
		return splitFields(s, '\t', line, numbers)
	case strings.ContainsRune(s, ','):
		return splitFields(s, ',', line, numbers)
	case strings.ContainsRune(s, ';'):
		return splitFields(s, ';', line, numbers)
	}
	return nil, false
}

// splitFields reads the fields of s between sep characters.
func splitFields(s string, sep rune, line int, numbers bool) ([]cell, bool) {
	fields := strings.Split(s, string(sep))
	if sep != '\t' {
		empty := 0
		for _, f := range fields {
			if fieldText(f) == "" {
				empty++
			}
		}
		trailing := fieldText(fields[len(fields)-1]) == ""
		if empty == 0 || (empty == 1 && trailing && validRowCount(len(fields)-1)) {
			// No empty field, or only a comma ending the row: the
			// separators are plain separators.
			return nil, false
		}
	}
	var cells []cell
	col, filled := 1, 0
	for _, f := range fields {
		t := fieldText(f)
		at := col + utf8.RuneCountInString(f[:max(strings.Index(f, t), 0)])
		switch n := utf8.RuneCountInString(t); {
		case n == 0:
			cells = append(cells, cell{digit: 0, ch: ' ', line: line, col: col})
		case n == 1:
			r, _ := utf8.DecodeRuneInString(t)
			d, ok := cellDigit(r)
			if !ok {
				if isSeparator(r) {
					break // a "|" column between boxes
				}
				return nil, false
			}
			cells = append(cells, cell{digit: d, ch: r, line: line, col: at})
			filled++
		case numbers:
			d, ok := numberCell(t)
			if !ok {
				return nil, false
			}
			cells = append(cells, cell{digit: d, ch: rune(t[0]), line: line, col: at, number: true})
			filled++
		default:
			return nil, false
		}
		col += utf8.RuneCountInString(f) + 1
	}
	if filled == 0 && (strings.Trim(s, string(sep)) != "" || !validRowCount(len(fields))) {
		return nil, false // a blank line, unless it is a row of empty fields
	}
	return cells, true
}

// fieldText is a field without the spaces and quotes around it.
func fieldText(f string) string {
	return strings.Trim(strings.TrimSpace(f), `"'`)
}

// numberCell reads a cell written as a number of one or two digits, 0 (a
// blank) to 16.
func numberCell(t string) (uint8, bool) {
	if len(t) == 0 || len(t) > 2 {
		return 0, false
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < 0 || n > MaxSide || t[0] == '+' || t[0] == '-' {
		return 0, false
	}
	return uint8(n), true
}

// numberCells reads a row of numbers and blanks separated by spaces or
// separators, such as "1 . 16 12 0 ...", where 10 to 16 are one cell each.
// It reports false when a token is anything else.
func numberCells(s string, line int) ([]cell, bool) {
	var cells []cell
	col := 0
	start := -1
	flush := func(end int, rs []rune) bool {
		if start < 0 {
			return true
		}
		t := string(rs[start:end])
		defer func() { start = -1 }()
		if d, ok := numberCell(t); ok {
			cells = append(cells, cell{digit: d, ch: rs[start], line: line, col: start + 1, number: true})
			return true
		}
		if len(rs[start:end]) == 1 {
			if d, ok := cellDigit(rs[start]); ok && d == 0 {
				cells = append(cells, cell{digit: 0, ch: rs[start], line: line, col: start + 1})
				return true
			}
		}
		return false
	}
	rs := []rune(s)
	for col = range rs {
		if isSeparator(rs[col]) {
			if !flush(col, rs) {
				return nil, false
			}
			continue
		}
		if start < 0 {
			start = col
		}
	}
	if !flush(len(rs), rs) || len(cells) == 0 {
		return nil, false
	}
	return cells, true
}

// hasNumberRows reports whether some line of text is a row of numbers
// with a number from 10 to 16 in it.
func hasNumberRows(text string) bool {
	if !strings.ContainsAny(text, " \t,;|") {
		return false
	}
	for n, s := range strings.Split(text, "\n") {
		cells, ok := numberCells(s, n+1)
		if !ok {
			cells, ok = fieldCells(s, n+1, true)
		}
		if !ok {
			continue
		}
		for _, c := range cells {
			if c.digit >= 10 {
				return true
			}
		}
	}
	return false
}
