package solver

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxInputBytes is the longest text [Parse] reads. A pretty-printed 16x16
// grid with a paragraph of chatter around it is a few kilobytes.
const MaxInputBytes = 64 << 10

// Parse reads one puzzle from text in any of the common notations and checks
// that no row, column or box holds a digit twice. It returns a grid or an
// error, never both, and never panics.
//
// Accepted, detected automatically:
//   - one line of 16, 81 or 256 cells: digits, blanks as '.', '0', '_', '*',
//     '-', '?', 'x' or 'X' ("53..7....6..195...");
//   - a grid over several lines, with or without separators ('|', '-', '+',
//     '=', ':', spaces, tabs, box-drawing characters);
//   - a grid in fixed-width columns whose blanks are spaces ("|53 | 7 |   |",
//     "║ 5 3   ║   7   ║       ║", "5 3     7"), read by the columns the
//     digits take;
//   - rows of fields between tabs, commas or semicolons where an empty field
//     is a blank, as copied from a spreadsheet or saved as CSV ("5,3,,,7,,,,");
//   - a list of numbers, 0 for blank: "[0,6,0,5,...]", also nested per row;
//   - labels of rows and columns around a grid ("A | 5 3 . | ..." under
//     "1 2 3 ..."), which are skipped;
//   - a CSV data set with a header naming the puzzle column
//     ("quizzes,solutions"), when it holds one puzzle;
//   - any of those inside a Discord code block (```), or with chatter and
//     mentions around it ("@sudokubot please solve: 53..7....").
//
// 16x16 grids write 10 to 16 as A to G, or as numbers ("1 . 16 12 ..."); one
// written with 0 to F (a 0 but no G) reads 0 as the sixteenth digit, G. The
// errors name what is wrong: "found 80 cells, a 9x9 puzzle needs 81", "row 3
// has two 5s (r3c2 and r3c7)", "unexpected character 'x' at line 2, column
// 5", "9 rows, but only 30 digits: are blanks written as spaces?".
func Parse(text string) (Grid, error) {
	if g, ok := line81(text); ok {
		return g, nil
	}
	return parseFull(text)
}

// parseFull is [Parse] without its fast path.
func parseFull(text string) (Grid, error) {
	g, err := parseRaw(text)
	if err != nil {
		return Grid{}, err
	}
	if err := g.Validate(); err != nil {
		var c *Clash
		if errors.As(err, &c) && c.Digit == MaxSide && strings.Contains(text, "0") && !strings.ContainsAny(text, "Gg") && !strings.Contains(text, "16") {
			return Grid{}, fmt.Errorf("%w; 0 was read as G, the sixteenth digit, as the grid has no G and looks written with 0 to F", err)
		}
		return Grid{}, err
	}
	return g, nil
}

// ParseRaw is like [Parse] but does not check the rules: a grid with two 5s
// in a row is returned as written. Use it for a player's current state,
// which may be wrong and is checked separately.
func ParseRaw(text string) (Grid, error) {
	if g, ok := line81(text); ok {
		return g, nil
	}
	return parseRaw(text)
}

// parseRaw is [ParseRaw] without its fast path.
func parseRaw(text string) (Grid, error) {
	if len(text) > MaxInputBytes {
		return Grid{}, fmt.Errorf("text is %d bytes, the limit is %d", len(text), MaxInputBytes)
	}
	text = normalize(text)
	if strings.TrimSpace(text) == "" {
		return Grid{}, fmt.Errorf("empty input: no Sudoku grid found")
	}
	if ps, ok := datasetPuzzles(text); ok {
		if len(ps) != 1 {
			return Grid{}, fmt.Errorf("found %d puzzles, one per line under the header %q: give one at a time", len(ps), firstLine(text))
		}
		text = ps[0]
	}
	if cells, ok := parseList(text); ok {
		return cellsToGrid(cells, nil)
	}
	if cells, ok := delimitedGrid(text); ok {
		return cellsToGrid(cells, nil)
	}
	if cells, ok := spaceLine(text); ok {
		return cellsToGrid(cells, nil)
	}
	if hasNumberRows(text) {
		// Rows of numbers such as "1 . 16 12 ...": a 16x16 grid written
		// with 10 to 16 as numbers, when it reads as one.
		if g, err := parseLines(text, true); err == nil && g.Side() == MaxSide {
			return g, nil
		}
	}
	return parseLines(text, false)
}

// parseLines reads a grid written over lines; numbers says whether numbers
// 10 to 16 are single cells.
func parseLines(text string, numbers bool) (Grid, error) {
	lines := scanLines(text, numbers)
	if stripped, ok := stripLabels(lines); ok {
		lines = scanLines(stripped, numbers)
	}
	lines = commentedRows(lines)
	var grid []lineCells
	for _, l := range lines {
		if !l.chatter && len(l.cells) > 0 {
			grid = append(grid, l)
		}
	}
	if len(grid) == 0 {
		// Only chatter: look for a puzzle written as one unbroken run
		// inside a sentence, like "solve 53..7....6..195... please".
		for _, l := range lines {
			if run := puzzleRun(l.cells); run != nil {
				return cellsToGrid(run, nil)
			}
		}
		return Grid{}, fmt.Errorf("no Sudoku grid found in the text")
	}
	return assemble(grid, lines)
}

// cell is one cell token with where it was written, for error messages.
type cell struct {
	digit     uint8 // 0 blank, 1..16
	ch        rune  // the character written; ' ' for a blank left empty
	line, col int   // from 1
	adjacent  bool  // directly follows the previous cell token, no separator
	number    bool  // written as a number of one or two digits ("12")
}

// lineCells is what one input line holds.
type lineCells struct {
	num      int    // line number from 1
	text     string // the line as written
	cells    []cell
	foreign  *cell // the first character that is neither cell nor separator
	chatter  bool  // words or mostly foreign characters: not part of a grid
	dashOnly bool  // only '-' and spaces; 4, 9, 16, 81 or 256 dashes
	// blankRow marks a line of vertical separators and spaces only, like
	// "|   |   |   |": an empty row of a grid whose blanks are spaces.
	blankRow bool
}

// normalize unifies line ends, takes the inside of a Discord code block and
// blanks out Discord markup (mentions, channel links, custom emoji) so that
// their digits are not read as cells.
func normalize(text string) string {
	text = strings.TrimPrefix(text, "\uFEFF")
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	if i := strings.Index(text, "```"); i >= 0 {
		rest := text[i+3:]
		if j := strings.Index(rest, "```"); j >= 0 {
			rest = rest[:j]
		}
		// Drop a language tag on the opening line, as in ```text.
		if nl := strings.IndexByte(rest, '\n'); nl >= 0 && isWord(rest[:nl]) {
			rest = rest[nl+1:]
		}
		text = rest
	}
	return stripDiscordMarkup(text)
}

// isWord reports whether s is a short run of ASCII letters and digits, like
// a code block's language tag.
func isWord(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 16 {
		return false
	}
	for _, r := range s {
		if !(r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r))) {
			return false
		}
	}
	return unicode.IsLetter(rune(s[0]))
}

// stripDiscordMarkup replaces <@123>, <@!123>, <@&123>, <#123>, <:name:123>,
// <a:name:123> and <t:123:R> with spaces.
func stripDiscordMarkup(text string) string {
	if !strings.Contains(text, "<") {
		return text
	}
	var sb strings.Builder
	for {
		i := strings.IndexByte(text, '<')
		if i < 0 {
			sb.WriteString(text)
			return sb.String()
		}
		j := strings.IndexByte(text[i:], '>')
		if j < 0 || !isDiscordToken(text[i+1:i+j]) {
			sb.WriteString(text[:i+1])
			text = text[i+1:]
			continue
		}
		sb.WriteString(text[:i])
		sb.WriteString(strings.Repeat(" ", j+1))
		text = text[i+j+1:]
	}
}

func isDiscordToken(s string) bool {
	if len(s) < 2 || len(s) > 100 {
		return false
	}
	switch {
	case strings.HasPrefix(s, "@"), strings.HasPrefix(s, "#"),
		strings.HasPrefix(s, ":"), strings.HasPrefix(s, "a:"), strings.HasPrefix(s, "t:"):
	default:
		return false
	}
	for _, r := range s {
		if r == ' ' || r == '\n' || r == '\t' {
			return false
		}
	}
	return strings.ContainsAny(s, "0123456789")
}

// parseList reads the list notation "[0,6,0,5,...]", rows possibly nested
// in their own brackets. It reports false when text is not such a list.
func parseList(text string) ([]cell, bool) {
	start := strings.IndexByte(text, '[')
	end := strings.LastIndexByte(text, ']')
	if start < 0 || end < start {
		return nil, false
	}
	body := text[start : end+1]
	if !strings.Contains(body, ",") {
		return nil, false
	}
	// Chatter before and after is fine, but the list itself holds only
	// numbers, commas, brackets and white space.
	line := 1 + strings.Count(text[:start], "\n")
	col := 1 + utf8.RuneCountInString(text[strings.LastIndexByte(text[:start], '\n')+1:start])
	var cells []cell
	num, inNum, numCol := 0, false, 0
	flush := func() bool {
		if inNum {
			if num > MaxSide {
				return false
			}
			cells = append(cells, cell{digit: uint8(num), ch: rune(DigitChar(num)), line: line, col: numCol})
		}
		inNum, num = false, 0
		return true
	}
	for _, r := range body {
		switch {
		case r >= '0' && r <= '9':
			if !inNum {
				inNum, numCol = true, col
			}
			num = num*10 + int(r-'0')
			if num > 1000 {
				return nil, false
			}
		case r == ',' || r == '[' || r == ']' || r == ' ' || r == '\t' || r == '\n':
			if !flush() {
				return nil, false
			}
		default:
			return nil, false
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	if !flush() || len(cells) < 4 {
		return nil, false
	}
	return cells, true
}

// cellDigit maps a character to a cell: blank (0), a digit, or not a cell.
// '-' is handled by the caller, as it is also a separator.
func cellDigit(r rune) (uint8, bool) {
	switch {
	case r >= '1' && r <= '9':
		return uint8(r - '0'), true
	case isBlankChar(r):
		return 0, true
	case r >= 'A' && r <= 'G':
		return uint8(r-'A') + 10, true
	case r >= 'a' && r <= 'g':
		return uint8(r-'a') + 10, true
	}
	return 0, false
}

// isBlankChar reports whether r writes a blank cell: '.', '0', '_', '*',
// '-', '·', '?', 'x' or 'X'. None of them is a digit of any grid size, so
// reading them as blanks is never ambiguous.
func isBlankChar(r rune) bool {
	switch r {
	case '.', '0', '_', '*', '-', '·', '?', 'x', 'X':
		return true
	}
	return false
}

// isSeparator reports whether r only draws the grid: white space, rules and
// box-drawing characters.
func isSeparator(r rune) bool {
	switch r {
	case ' ', '\t', '|', '+', '=', ':', '!', ',', ';', '`', '\u00a0', '\'', '"':
		return true
	}
	return r >= 0x2500 && r <= 0x257F // box drawing
}

// scanLines splits text into lines and each line into cells; numbers says
// whether numbers 10 to 16 are single cells.
func scanLines(text string, numbers bool) []lineCells {
	raw := strings.Split(text, "\n")
	out := make([]lineCells, 0, len(raw))
	for n, s := range raw {
		l := lineCells{num: n + 1, text: s}
		if cells, ok := fieldCells(s, n+1, numbers); ok {
			l.cells = cells
			out = append(out, l)
			continue
		}
		if numbers {
			if cells, ok := numberCells(s, n+1); ok {
				l.cells = cells
				out = append(out, l)
				continue
			}
		}
		scanChars(&l, s)
		out = append(out, l)
	}
	return out
}

// scanChars reads a line character by character.
func scanChars(l *lineCells, s string) {
	var (
		col, foreign, letters int
		sepOnly, dashes       = true, 0
		prevCell              bool
		word                  bool
	)
	l.cells = make([]cell, 0, len(s)) // one allocation for the cells of the line
	for _, r := range s {
		col++
		if unicode.IsLetter(r) {
			letters++
			if letters >= 2 && !(isGridLetter(r) && allCellLetters(s, col)) {
				word = true
			}
		} else {
			letters = 0
		}
		if r == '-' {
			dashes++
		}
		if d, ok := cellDigit(r); ok {
			l.cells = append(l.cells, cell{digit: d, ch: r, line: l.num, col: col, adjacent: prevCell})
			prevCell = true
			if r != '-' {
				sepOnly = false
			}
			continue
		}
		prevCell = false
		if isSeparator(r) {
			continue
		}
		sepOnly = false
		foreign++
		if l.foreign == nil {
			l.foreign = &cell{ch: r, line: l.num, col: col}
		}
	}
	nonDash := len(l.cells) - dashes
	if sepOnly && dashes == 0 && isBlankRow(s) {
		l.blankRow = true
		return
	}
	switch {
	case sepOnly && dashes > 0:
		// A rule such as "------+------" or "---------", unless it is a
		// full row of blanks written with dashes.
		if !strings.ContainsAny(s, "+=|:!") && validRowCount(dashes) {
			l.dashOnly = true
			return
		}
		l.cells = nil
	case word || foreign > nonDash:
		l.chatter = true
	}
}

// isCellLetter reports whether r is one of the letters 16x16 grids use.
func isCellLetter(r rune) bool { return (r >= 'A' && r <= 'G') || (r >= 'a' && r <= 'g') }

// isBlankLetter reports whether r is a letter written for a blank: 'x' or
// 'X'.
func isBlankLetter(r rune) bool { return r == 'x' || r == 'X' }

// isGridLetter reports whether r is a letter a grid may hold: a digit of a
// 16x16 grid or a blank.
func isGridLetter(r rune) bool { return isCellLetter(r) || isBlankLetter(r) }

// allCellLetters reports whether the run of letters ending at rune column
// col of s consists only of grid letters (isGridLetter), which is what a
// 16x16 row like "AB.." or a row with x for blanks ("53xx7xxxx") holds.
// Such runs are not words.
func allCellLetters(s string, col int) bool {
	rs := []rune(s)
	for i := col - 1; i >= 0 && unicode.IsLetter(rs[i]); i-- {
		if !isGridLetter(rs[i]) {
			return false
		}
	}
	for i := col; i < len(rs) && unicode.IsLetter(rs[i]); i++ {
		if !isGridLetter(rs[i]) {
			return false
		}
	}
	return true
}

func validRowCount(n int) bool {
	return n == 4 || n == 9 || n == 16 || n == 81 || n == 256
}

// puzzleRun returns the first unbroken run of exactly 16, 81 or 256 cell
// characters in a line of chatter, preferring the longer sizes.
func puzzleRun(cells []cell) []cell {
	for _, size := range []int{81, 256, 16} {
		start := 0
		for i := 0; i <= len(cells); i++ {
			if i == len(cells) || (i > start && !cells[i].adjacent) {
				if i-start == size {
					return cells[start:i]
				}
				start = i
			}
		}
	}
	return nil
}

// assemble joins the cells of the grid lines into a grid, reporting wrong
// counts and characters precisely; every holds all the lines of the text.
func assemble(lines, every []lineCells) (Grid, error) {
	var all, noDash []cell
	for _, l := range lines {
		all = append(all, l.cells...)
		if !l.dashOnly {
			noDash = append(noDash, l.cells...)
		}
	}
	cells := all
	if sideFor(len(all)) == 0 && sideFor(len(noDash)) != 0 {
		cells = noDash // the dash lines were rules after all
		kept := lines[:0:0]
		for _, l := range lines {
			if !l.dashOnly {
				kept = append(kept, l)
			}
		}
		lines = kept
	}
	for _, l := range lines {
		if l.foreign != nil {
			return Grid{}, fmt.Errorf("unexpected character %s at line %d, column %d", quoteRune(l.foreign.ch), l.foreign.line, l.foreign.col)
		}
	}
	// A grid of n rows, one a line, that does not hold n*n cells: when no
	// blank is written, the blanks are spaces, and their columns say
	// where the digits go.
	rows := rowLines(lines, every)
	n := len(rows)
	if side := sideFor(len(cells)); side != n && sideFor(n*n) != 0 && fitRows(rows, n) {
		if noBlanks(cells) {
			if cs, ok := spaceBlanks(rows); ok {
				return cellsToGrid(cs, nil)
			}
			return Grid{}, spaceBlanksError(n, len(cells))
		}
		if side != 0 {
			return Grid{}, fmt.Errorf("found %d rows but %d cells: a %dx%d puzzle needs %d", n, len(cells), n, n, n*n)
		}
	}
	if side := sideFor(len(cells)); side != 0 && n > side && n >= 3 && fitRows(rows, side-1) {
		// More lines than rows, each shorter than a row: not that size.
		if noBlanks(cells) {
			return Grid{}, spaceBlanksError(n, len(cells))
		}
		return Grid{}, fmt.Errorf("found %d cells over %d lines, none a whole row: a %dx%d puzzle is %d rows of %d", len(cells), n, side, side, side, side)
	}
	if sideFor(len(cells)) == 0 {
		for _, s := range []int{9, 16, 4} {
			if k := n / s; k >= 2 && n == k*s && len(cells) == k*s*s {
				return Grid{}, fmt.Errorf("found %d grids of %dx%d (%d rows of %d cells): give one at a time", k, s, s, n, s)
			}
		}
	}
	return cellsToGrid(cells, lines)
}

// fitRows reports whether no row holds more than n cells.
func fitRows(rows []lineCells, n int) bool {
	for _, l := range rows {
		if len(l.cells) > n {
			return false
		}
	}
	return true
}

// sideFor returns the grid side for a cell count, or 0.
func sideFor(n int) int {
	switch n {
	case 16:
		return 4
	case 81:
		return 9
	case 256:
		return 16
	}
	return 0
}

func cellsToGrid(cells []cell, lines []lineCells) (Grid, error) {
	side := sideFor(len(cells))
	if side == 0 {
		return Grid{}, sizeError(len(cells), lines)
	}
	if len(lines) == side {
		if bad := oddLine(lines, side); bad != nil {
			return Grid{}, fmt.Errorf("line %d has %d cells, a row of a %dx%d puzzle has %d", bad.num, len(bad.cells), side, side, side)
		}
	}
	if side == MaxSide {
		if err := zeroAsDigit(cells); err != nil {
			return Grid{}, err
		}
	}
	g := Grid{side: uint8(side)}
	for i, c := range cells {
		if int(c.digit) > side {
			return Grid{}, fmt.Errorf("unexpected character %s at line %d, column %d", quoteRune(c.ch), c.line, c.col)
		}
		g.cells[i] = c.digit
	}
	return g, nil
}

// supportedSizes names the sizes of grid the parser reads, for messages.
const supportedSizes = "4x4, 9x9 and 16x16"

// sizeError says what was found when n cells make no grid: a square grid
// of a size not supported, or the size the cells were likely meant to
// have when that is clear (one row a line, or a cell count within a row
// of it), else the sizes supported.
func sizeError(n int, lines []lineCells) error {
	if k := len(lines); k >= 2 && k*k == n && fitRows(lines, k) && oddLine(lines, k) == nil {
		return fmt.Errorf("found a %dx%d grid (%d rows of %d cells): the sizes supported are %s", k, k, k, k, supportedSizes)
	}
	if k := isqrt(n); k >= 2 && k*k == n {
		return fmt.Errorf("found %d cells, as many as a %dx%d grid: the sizes supported are %s", n, k, k, supportedSizes)
	}
	s := likelySide(n, lines)
	rowsTell := len(lines) >= 2 && fitRows(lines, s)
	if !rowsTell && (n < s*s-s || n > s*s+s) {
		return fmt.Errorf("found %d cells: a puzzle has 16 (4x4), 81 (9x9) or 256 (16x16)", n)
	}
	msg := fmt.Sprintf("found %d cells, a %dx%d puzzle needs %d", n, s, s, s*s)
	if bad := oddLine(lines, s); bad != nil {
		msg += fmt.Sprintf(" (line %d has %d)", bad.num, len(bad.cells))
	}
	return errors.New(msg)
}

// isqrt returns the integer square root of n >= 0.
func isqrt(n int) int {
	k := 0
	for (k+1)*(k+1) <= n {
		k++
	}
	return k
}

// likelySide guesses the size a wrong cell count was meant to have: the
// number of lines when they are 4, 9 or 16 rows of at most as many cells,
// the row length when most lines hold 4, 9 or 16 cells, else the nearest
// size, but at least the size whose rows are as long as the longest line.
func likelySide(n int, lines []lineCells) int {
	if sideFor(len(lines)*len(lines)) != 0 && fitRows(lines, len(lines)) {
		return len(lines) // one row a line
	}
	count := map[int]int{}
	for _, l := range lines {
		count[len(l.cells)]++
	}
	for _, side := range []int{9, 16, 4} {
		if len(lines) >= 2 && count[side]*2 > len(lines) {
			return side
		}
	}
	guess := 9
	switch {
	case n < 40:
		guess = 4
	case n > 168:
		guess = 16
	}
	// Lines longer than a row of the guess are rows of a larger grid.
	longest := 0
	for _, l := range lines {
		longest = max(longest, len(l.cells))
	}
	switch {
	case len(lines) < 2:
	case longest > 9:
		guess = max(guess, 16)
	case longest > 4:
		guess = max(guess, 9)
	}
	return guess
}

// oddLine returns the first line whose cell count differs from side when the
// grid is written one row per line, or nil.
func oddLine(lines []lineCells, side int) *lineCells {
	rows := 0
	for _, l := range lines {
		if len(l.cells) == side {
			rows++
		}
	}
	if rows < len(lines)/2 || len(lines) < 2 {
		return nil // not written one row per line
	}
	for i := range lines {
		if len(lines[i].cells) != side {
			return &lines[i]
		}
	}
	return nil
}

// zeroAsDigit reads '0' as the sixteenth digit of a 16x16 grid written
// with 0 to F ("0123456789ABCDEF"): one without a G (or 16) in which 0
// appears at most 16 times, as a digit can. A grid with more zeros is read
// with 0 as a blank, unless it also writes blanks another way: then which
// is meant cannot be told, and the error says so.
func zeroAsDigit(cells []cell) error {
	zeros, blanks := 0, 0
	for _, c := range cells {
		switch {
		case c.digit == MaxSide || c.number:
			return nil // 1 to G, or numbers: 0 is a blank
		case c.ch == '0':
			zeros++
		case c.digit == 0:
			blanks++
		}
	}
	switch {
	case zeros == 0:
		return nil
	case zeros <= MaxSide:
		for i := range cells {
			if cells[i].ch == '0' {
				cells[i].digit = MaxSide
			}
		}
		return nil
	case blanks > 0:
		return fmt.Errorf("this 16x16 grid writes blanks both as '0' (%d of them) and another way, and has no G: if it uses 0 to F, 0 can appear at most 16 times; if 0 is a blank, write every blank the same way", zeros)
	}
	return nil
}

func quoteRune(r rune) string {
	if r == utf8.RuneError || !unicode.IsPrint(r) {
		return fmt.Sprintf("%U", r)
	}
	return "'" + string(r) + "'"
}
