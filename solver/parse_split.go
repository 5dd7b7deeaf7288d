package solver

import (
	"slices"
	"strings"
)

// SplitPuzzles splits a text holding several puzzles into one text per
// puzzle. A text that is one grid, over one line or several, is returned
// whole. Otherwise, when most non-empty lines are each a whole puzzle on
// their own (the usual one-puzzle-per-line list), every non-empty line is
// one puzzle, so a bad line is reported on its own (a line in the
// pencil-mark form of [ParseMarks] counts as a puzzle). Lines starting with
// '#' are comments in that form. A CSV file whose header names a puzzle
// column ("quizzes,solutions", "id,puzzle,solution,...") gives that
// column of each line. Grids written over several lines are split at the
// empty lines between them, or else every 9 (16, 4) rows.
func SplitPuzzles(text string) []string {
	if ps, ok := plainLines(text); ok {
		return ps
	}
	return splitPuzzles(text)
}

// splitPuzzles is [SplitPuzzles] without its fast path.
func splitPuzzles(text string) []string {
	if ps, ok := datasetPuzzles(text); ok {
		return ps
	}
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		lines = append(lines, strings.TrimRight(l, "\r"))
	}
	if len(lines) <= 1 {
		if len(lines) == 0 {
			return []string{text}
		}
		return lines
	}
	g, err := ParseRaw(text)
	if err == nil && g.Side() == 16 {
		return []string{text} // 16 rows, each of which looks like a 4x4 puzzle
	}
	whole := 0
	for _, l := range lines {
		if _, err := ParseRaw(l); err == nil || LooksLikeMarks(l) {
			whole++
		}
	}
	if whole*2 >= len(lines) {
		return lines
	}
	if err != nil {
		if ps := splitGrids(text); ps != nil {
			return ps
		}
	}
	return []string{text}
}

// splitGrids splits a text holding several grids written over several
// lines: at the empty lines between them (a heading alone between empty
// lines goes with the grid after it), and a block that is no grid every 9,
// 16 or 4 rows. It returns nil when that gives no more than one piece or
// mostly pieces that are not puzzles.
func splitGrids(text string) []string {
	var blocks []string
	var cur []string
	cells := false
	for _, l := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if isGap(l) {
			if cells {
				blocks = append(blocks, strings.Join(cur, "\n"))
				cur, cells = nil, false
			}
			continue
		}
		cur = append(cur, l)
		cells = cells || hasGridLine(l)
	}
	if cells {
		blocks = append(blocks, strings.Join(cur, "\n"))
	}
	var pieces []string
	for _, b := range blocks {
		if _, err := ParseRaw(b); err != nil {
			if grids := splitRows(b); grids != nil {
				pieces = append(pieces, grids...)
				continue
			}
		}
		pieces = append(pieces, b)
	}
	if len(pieces) >= 2 && mostlyPuzzles(pieces) {
		return pieces
	}
	return nil
}

// splitRows splits a text of several grids written one after the other,
// without empty lines between them, every 9, 16 or 4 rows. It returns nil
// when the rows do not make two grids or more that are mostly puzzles.
func splitRows(text string) []string {
	raw := strings.Split(text, "\n")
	var rows []lineCells
	for _, l := range scanLines(text, false) {
		if l.blankRow || (!l.chatter && !l.dashOnly && len(l.cells) > 0) {
			rows = append(rows, l)
		}
	}
	for _, s := range []int{9, 16, 4} {
		k := len(rows) / s
		if k < 2 || len(rows) != k*s {
			continue
		}
		var grids []string
		from := 0 // the first raw line of the next grid
		for j := range k {
			to := rows[(j+1)*s-1].num // the last row's line, from 1
			if j == k-1 {
				to = len(raw)
			}
			grids = append(grids, strings.Join(raw[from:to], "\n"))
			from = to
		}
		if mostlyPuzzles(grids) {
			return grids
		}
	}
	return nil
}

// isGap reports whether line separates two grids: empty or white space,
// but not a row of empty tab-separated fields.
func isGap(line string) bool {
	if strings.TrimSpace(line) != "" {
		return false
	}
	return !strings.Contains(line, "\t") || !validRowCount(strings.Count(line, "\t")+1)
}

// hasGridLine reports whether line holds cells of a grid rather than
// chatter only.
func hasGridLine(line string) bool {
	l := scanLines(line, false)[0]
	return (!l.chatter && len(l.cells) > 0) || l.blankRow || puzzleRun(l.cells) != nil
}

// mostlyPuzzles reports whether at least half of texts read as grids.
func mostlyPuzzles(texts []string) bool {
	ok := 0
	for _, t := range texts {
		if _, err := ParseRaw(t); err == nil {
			ok++
		}
	}
	return ok*2 >= len(texts)
}

// puzzleColumns are the names a CSV header gives the column of puzzles.
var puzzleColumns = []string{"quizzes", "quiz", "puzzle", "puzzles", "question", "questions", "grid", "problem"}

// datasetPuzzles reads a CSV file of puzzles with a header, one puzzle a
// line, as published data sets are: "quizzes,solutions" then
// "0043002090...,8643712593...", or "id,puzzle,solution,clues,difficulty".
// It returns the puzzle column of every line after the header, and false
// when text does not start with such a header (column names separated by
// commas, semicolons or tabs, one of them a name for puzzles) followed by
// lines of as many fields.
func datasetPuzzles(text string) ([]string, bool) {
	text = strings.TrimPrefix(text, "\uFEFF")
	head, rest, _ := strings.Cut(strings.TrimLeft(text, " \t\r\n"), "\n")
	if len(head) > 200 || !strings.ContainsFunc(head, func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }) {
		return nil, false // a header names its columns
	}
	sep := ""
	for _, s := range []string{",", ";", "\t"} {
		if strings.Contains(head, s) {
			sep = s
			break
		}
	}
	if sep == "" {
		return nil, false
	}
	names := strings.Split(strings.TrimRight(head, "\r"), sep)
	for _, f := range names {
		if !isColumnName(fieldText(f)) {
			return nil, false
		}
	}
	col := slices.IndexFunc(names, func(f string) bool {
		return slices.ContainsFunc(puzzleColumns, func(name string) bool { return strings.EqualFold(fieldText(f), name) })
	})
	if col < 0 {
		return nil, false
	}
	var out []string
	for _, l := range strings.Split(rest, "\n") {
		l = strings.TrimRight(l, "\r")
		if strings.TrimSpace(l) == "" {
			continue
		}
		fields := strings.Split(l, sep)
		if len(fields) != len(names) {
			return nil, false // not a line of the table
		}
		out = append(out, fieldText(fields[col]))
	}
	return out, len(out) > 0
}

// isColumnName reports whether s reads as the name of a CSV column: a word
// of ASCII letters, digits and underscores.
func isColumnName(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return s != ""
}

// firstLine returns the first non-empty line of text, trimmed.
func firstLine(text string) string {
	for _, l := range strings.Split(text, "\n") {
		if t := strings.TrimSpace(l); t != "" {
			return t
		}
	}
	return ""
}
