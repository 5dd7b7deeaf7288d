package main

import (
	"errors"
	"fmt"
	"io"
	"math/bits"
	"os"
	"slices"
	"strings"

	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/solver"
)

// maxInputFile is the most a command reads from one file or from standard
// input: the largest benchmark list is about 4 MB.
const maxInputFile = 64 << 20

// puzzleText is one puzzle as the user wrote it, with where it came from.
type puzzleText struct {
	source string // file name, "stdin" or "argument"
	text   string
	photo  []byte // the file's bytes when it is an image instead of text
}

// grid parses the puzzle, or reads it from the photo with photos. A puzzle
// written the usual way, one line of 81 digits and blanks, is read directly
// (line81); anything else goes through solver.Parse.
func (p puzzleText) grid(photos *photoReader) (solver.Grid, error) {
	if p.photo != nil {
		return photos.grid(p.source, p.photo)
	}
	if g, ok := line81(p.text); ok {
		return g, nil
	}
	return solver.Parse(p.text)
}

// line81 reads s when it is a 9x9 puzzle on one line of exactly 81 cells,
// digits 1-9 and the blanks '.', '0', '_', '*' and '-', that holds no digit
// twice in a row, column or box: the grid solver.Parse returns for such a
// line, at a small part of its cost. It reports false for anything else,
// which solver.Parse then reads or explains.
func line81(s string) (solver.Grid, bool) {
	if !plain81(s) {
		return solver.Grid{}, false
	}
	g, _ := solver.NewGrid(9)
	var seen [10]uint32 // for each digit, its rows, columns and boxes (unitBits)
	for i := 0; i < 80; i += 8 {
		// The digits of these 8 cells, one bit 7 per byte.
		x := load8(s, i)
		for m := (x + 0x4f4f4f4f4f4f4f4f) &^ (x + 0x4646464646464646) & 0x8080808080808080; m != 0; m &= m - 1 {
			k := i + bits.TrailingZeros64(m)/8
			if !place81(&g, &seen, k, s[k]) {
				return solver.Grid{}, false
			}
		}
	}
	if c := s[80]; c >= '1' && c <= '9' && !place81(&g, &seen, 80, c) {
		return solver.Grid{}, false
	}
	return g, true
}

// place81 puts the digit c in cell k of g unless its row, column or box
// already holds it (seen), which it reports as false: a clash, which
// solver.Parse explains.
func place81(g *solver.Grid, seen *[10]uint32, k int, c byte) bool {
	d := c - '0'
	if seen[d%10]&unitBits[k] != 0 {
		return false
	}
	seen[d%10] |= unitBits[k]
	g.SetCell(k, int(d))
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

// readPuzzles reads the puzzles of each named file, "-" being standard
// input (as is no file at all): one per line, several grids over several
// lines, or one grid. An argument that names no file but reads as puzzles
// is those puzzles; one that looks like a puzzle but does not read as one
// is an error with the parser's message.
func readPuzzles(files []string, in io.Reader) ([]puzzleText, error) {
	if len(files) == 0 {
		files = []string{"-"}
	}
	var out []puzzleText
	stdin := false
	for _, name := range files {
		if name == "-" {
			if stdin {
				return nil, errors.New("'-' (standard input) is given twice")
			}
			stdin = true
			b, err := readStdin(in)
			if err != nil {
				return nil, err
			}
			if isImage(b) {
				out = append(out, puzzleText{source: "stdin", photo: b})
				continue
			}
			if out == nil {
				out = split("stdin", string(b))
				continue
			}
			out = append(out, split("stdin", string(b))...)
			continue
		}
		b, err := readFile(name)
		if err != nil {
			if _, serr := os.Lstat(name); serr == nil {
				return nil, err // a file that cannot be read
			}
			ps, perr := argPuzzles(name)
			if ps == nil && perr == nil {
				return nil, err
			}
			if perr != nil {
				return nil, perr
			}
			out = append(out, ps...)
			continue
		}
		if isImage(b) {
			out = append(out, puzzleText{source: name, photo: b})
			continue
		}
		if out == nil {
			out = split(name, string(b))
			continue
		}
		out = append(out, split(name, string(b))...)
	}
	return out, nil
}

// argPuzzles reads a command-line argument that names no file as puzzles
// typed on the command line. It returns nil and no error when the argument
// does not look like a puzzle (a mistyped file name), and an error with
// the parser's message when it looks like one but does not read as one.
func argPuzzles(arg string) ([]puzzleText, error) {
	if ps := split("argument", arg); len(ps) > 1 {
		return ps, nil // several puzzles, each answered on its own
	}
	_, err := solver.ParseRaw(arg)
	switch {
	case err == nil, solver.LooksLikeMarks(arg):
		return []puzzleText{{source: "argument", text: arg}}, nil
	case looksLikePuzzle(arg):
		return nil, fmt.Errorf("%s is neither a file nor a puzzle: %w", quoteArg(arg), err)
	}
	return nil, nil
}

// looksLikePuzzle reports whether a command-line argument was meant as a
// puzzle rather than a file name: it spans lines, or at least 16 of its
// characters, and half of them, are digits and blanks ('.', '_', '*').
func looksLikePuzzle(arg string) bool {
	if strings.Contains(arg, "\n") {
		return true
	}
	cells, all := 0, 0
	for _, r := range arg {
		all++
		if r >= '0' && r <= '9' || r == '.' || r == '_' || r == '*' {
			cells++
		}
	}
	return cells >= 16 && cells*2 >= all
}

// quoteArg quotes a command-line argument for a message, shortened when
// it is longer than a 9x9 puzzle.
func quoteArg(arg string) string {
	if len(arg) <= 81 {
		return fmt.Sprintf("%q", arg)
	}
	return fmt.Sprintf("%q...", excerptRunes(arg, 40))
}

// excerptRunes returns the first n runes of s.
func excerptRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// readStdin reads standard input up to maxInputFile bytes.
func readStdin(in io.Reader) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(in, maxInputFile+1))
	if err != nil {
		return nil, fmt.Errorf("read standard input: %w", err)
	}
	if len(b) > maxInputFile {
		return nil, fmt.Errorf("standard input is larger than the limit of %d bytes", maxInputFile)
	}
	return b, nil
}

// split splits a text into its puzzles as solver.SplitPuzzles does, first
// trying the usual list of one puzzle per line (plainLines).
func split(source, text string) []puzzleText {
	texts, ok := plainLines(text)
	if !ok {
		texts = solver.SplitPuzzles(text)
	}
	out := make([]puzzleText, len(texts))
	for i, t := range texts {
		out[i] = puzzleText{source: source, text: t}
	}
	return out
}

// plainLines returns the puzzles of text when every line of it is empty or
// one puzzle of 81 cell characters (plain81), with line ends "\n" or
// "\r\n", and there is at least one puzzle: then solver.SplitPuzzles returns
// those lines, and reading them is quicker than asking it. It reports
// false for any other text.
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

// readFile reads a whole file up to maxInputFile bytes.
func readFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Reading into a buffer of the file's size spares io.ReadAll's
	// growing copies, a few megabytes for the largest lists.
	size := 512
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		size = int(min(fi.Size(), maxInputFile)) + 1
	}
	b := make([]byte, 0, size)
	b, err = readAll(io.LimitReader(f, maxInputFile+1), b)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	if len(b) > maxInputFile {
		return nil, fmt.Errorf("%s is larger than the limit of %d bytes", name, maxInputFile)
	}
	return b, nil
}

// readAll is io.ReadAll reading into b.
func readAll(r io.Reader, b []byte) ([]byte, error) {
	for {
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			return b, err
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
	}
}

// isImage reports whether b starts like a JPEG, PNG, GIF or WebP file.
func isImage(b []byte) bool {
	switch {
	case len(b) >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF:
		return true
	case len(b) >= 8 && string(b[:8]) == "\x89PNG\r\n\x1a\n":
		return true
	case len(b) >= 6 && (string(b[:6]) == "GIF87a" || string(b[:6]) == "GIF89a"):
		return true
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return true
	}
	return false
}

// photoSize returns the pixel size a photo file's header gives, or zeros
// when the file cannot be read or is not an image.
func photoSize(name string) [2]int {
	b, err := readFile(name)
	if err != nil {
		return [2]int{}
	}
	h, err := ocr.CheckHeader(b, ocr.DefaultDecodeLimits)
	var lim *ocr.LimitError
	switch {
	case errors.As(err, &lim) && lim.Width > 0:
		return [2]int{lim.Width, lim.Height}
	case err != nil:
		return [2]int{}
	}
	return [2]int{h.Width, h.Height}
}

// stdinOf reads standard input when "-" is among names, for the commands
// that read each of their arguments on their own: "-" may be given once.
func stdinOf(names []string, in io.Reader) ([]byte, error) {
	switch n := slices.Index(names, "-"); {
	case n < 0:
		return nil, nil
	case slices.Contains(names[n+1:], "-"):
		return nil, errors.New("'-' (standard input) is given twice")
	}
	return readStdin(in)
}

// readInput reads file name, or returns stdin, standard input's bytes, for
// "-".
func readInput(name string, stdin []byte) ([]byte, error) {
	if name == "-" {
		return stdin, nil
	}
	return readFile(name)
}
