package solver

import (
	"math/bits"
	"strings"
)

// The usual way of writing a puzzle, one line of 81 digits and blanks, and
// the usual list of puzzles, one such line each, are read here directly:
// the grid (and the lines) [Parse], [ParseRaw] and [SplitPuzzles] return
// for such text, at a small part of their cost. Anything else goes through
// the full parser, which reads or explains it.

// line81 reads s when it is a 9x9 puzzle on one line of exactly 81 cells,
// digits 1-9 and the blanks '.', '0', '_', '*' and '-', that holds no digit
// twice in a row, column or box. It reports false for anything else.
func line81(s string) (Grid, bool) {
	if !plain81(s) {
		return Grid{}, false
	}
	g := Grid{side: 9}
	var seen [10]uint32 // for each digit, its rows, columns and boxes (unitBits)
	for i := 0; i < 80; i += 8 {
		// The digits of these 8 cells, one bit 7 per byte.
		x := load8(s, i)
		for m := (x + 0x4f4f4f4f4f4f4f4f) &^ (x + 0x4646464646464646) & 0x8080808080808080; m != 0; m &= m - 1 {
			k := i + bits.TrailingZeros64(m)/8
			if !place81(&g, &seen, k, s[k]) {
				return Grid{}, false
			}
		}
	}
	if c := s[80]; c >= '1' && c <= '9' && !place81(&g, &seen, 80, c) {
		return Grid{}, false
	}
	return g, true
}

// place81 puts the digit c in cell k of g unless its row, column or box
// already holds it (seen), which it reports as false: a clash, which the
// full parser explains.
func place81(g *Grid, seen *[10]uint32, k int, c byte) bool {
	d := c - '0'
	if seen[d%10]&unitBits[k] != 0 {
		return false
	}
	seen[d%10] |= unitBits[k]
	g.cells[k] = d
	return true
}

// unitBits holds for each cell of a 9x9 grid one bit for its row (bits
// 0-8), one for its column (9-17) and one for its box (18-26).
var unitBits = func() (u [81]uint32) {
	for i := range 81 {
		u[i] = 1<<(i/9) | 1<<(9+i%9) | 1<<(18+i/27*3+i%9/3)
	}
	return u
}()

// plain81 reports whether s is exactly 81 cell characters: digits 1-9 and
// the blanks '.', '0', '_', '*' and '-'.
func plain81(s string) bool {
	if len(s) != 81 {
		return false
	}
	for i := 0; i < 80; i += 8 {
		if !common8(load8(s, i)) && !slowPlain(s[i:i+8]) {
			return false
		}
	}
	return slowPlain(s[80:])
}

// common8 reports whether the 8 bytes of x are all '-', '.' or '0'-'9',
// the characters of almost every line, 8 at a time: no byte has bit 7,
// each is at least '-' (0x2D) and at most '9' (0x39) by the carries of
// two additions, and none is '/' (0x2F), between them.
func common8(x uint64) bool {
	const hi, low7 = 0x8080808080808080, 0x7f7f7f7f7f7f7f7f
	y := x ^ 0x2f2f2f2f2f2f2f2f // a zero byte for each '/'
	return x&hi == 0 &&
		(x+0x5353535353535353)&hi == hi &&
		(x+0x4646464646464646)&hi == 0 &&
		((y&low7)+low7|y)&hi == hi
}

// slowPlain reports whether s holds only cell characters, one at a time.
func slowPlain(s string) bool {
	for i := range len(s) {
		if c := s[i]; (c < '0' || c > '9') && c != '.' && c != '_' && c != '*' && c != '-' {
			return false
		}
	}
	return true
}

// load8 returns the 8 bytes of s from i on, the first in the low byte.
func load8(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// plainLines returns the puzzles of text when every line of it is empty or
// one puzzle of 81 cell characters (plain81), with line ends "\n" or
// "\r\n", and there is at least one puzzle: the lines the full splitting
// returns. It reports false for any other text.
func plainLines(text string) ([]string, bool) {
	lines := make([]string, 0, len(text)/82+1)
	for len(text) > 0 {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		line = strings.TrimRight(line, "\r")
		if line == "" {
			continue
		}
		if !plain81(line) {
			return nil, false
		}
		lines = append(lines, line)
	}
	return lines, len(lines) > 0
}
