package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"

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
	// err is why an argument gave no puzzle (no such file, not a
	// puzzle), answered in its place.
	err error
}

// grid parses the puzzle, or reads it from the photo with photos.
func (p puzzleText) grid(photos *photoReader) (solver.Grid, error) {
	if p.err != nil {
		return solver.Grid{}, p.err
	}
	if p.photo != nil {
		return photos.grid(p.source, p.photo)
	}
	return solver.Parse(p.text)
}

// readPuzzles reads the puzzles of each named file, "-" being standard
// input (as is no file at all): one per line, several grids over several
// lines, or one grid. An argument that names no file but reads as puzzles
// is those puzzles. An argument that gives no puzzle (a file that does not
// exist or cannot be read, or one that looks like a puzzle but does not
// read as one) is answered in its place with its error (puzzleText.err),
// so that every argument gets its answer in order.
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
			if _, serr := os.Lstat(name); serr != nil {
				ps, perr := argPuzzles(name)
				if perr != nil {
					err = perr
				}
				if ps != nil {
					out = append(out, ps...)
					continue
				}
			}
			out = append(out, puzzleText{source: name, err: err})
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
	case solver.LooksLikePuzzle(arg):
		return nil, fmt.Errorf("%s is neither a file nor a puzzle: %w", quoteArg(arg), err)
	}
	return nil, nil
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

// split splits a text into its puzzles as solver.SplitPuzzles does.
func split(source, text string) []puzzleText {
	texts := solver.SplitPuzzles(text)
	out := make([]puzzleText, len(texts))
	for i, t := range texts {
		out[i] = puzzleText{source: source, text: t}
	}
	return out
}

// readFile reads a whole file up to maxInputFile bytes.
func readFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fileError(name, err)
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

// fileError is the message for a file that cannot be opened, the same in
// every command: "NAME: no such file", "NAME: permission denied".
func fileError(name string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: no such file", name)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("%s: permission denied", name)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", name, pe.Err)
	}
	return err
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
