package solver

import "unicode"

// MinCells is the fewest cells a puzzle has: the 16 of a 4x4 grid. A text
// with fewer cell characters is not a puzzle, whatever else it is.
const MinCells = 16

// CellChars counts the characters of text that may be cells of a grid:
// digits, the blank characters the parser reads ('.', '_', '*', '?', '·'
// and 'x' or 'X'), and the letters A to G of 16x16 grids. Letters count
// only in runs made of those letters alone ("AB", "xx"), not in words
// ("board", "fix"), and '-', which draws rules and joins words, does not
// count.
func CellChars(text string) int {
	n, run, cellRun := 0, 0, true
	for _, r := range text {
		if unicode.IsLetter(r) {
			run++
			cellRun = cellRun && (isCellLetter(r) || isBlankLetter(r))
			continue
		}
		if run > 0 && cellRun {
			n += run
		}
		run, cellRun = 0, true
		if r >= '0' && r <= '9' || r != '-' && isBlankChar(r) {
			n++
		}
	}
	if run > 0 && cellRun {
		n += run
	}
	return n
}

// LooksLikePuzzle reports whether text was meant as a puzzle: it holds at
// least [MinCells] cell characters ([CellChars]). The bot answers such a
// message, a word like "help" beside it does not make it a request for
// help, and a command-line argument that names no file is read as a puzzle,
// whose errors are then the parser's.
func LooksLikePuzzle(text string) bool {
	return CellChars(text) >= MinCells
}
