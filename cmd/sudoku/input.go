package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

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

// grid parses the puzzle, or reads it from the photo with photos.
func (p puzzleText) grid(photos *photoReader) (solver.Grid, error) {
	if p.photo != nil {
		return photos.grid(p.source, p.photo)
	}
	return solver.Parse(p.text)
}

// readPuzzles reads the puzzles of each named file (standard input when
// there is none): one per line, or one grid written over several lines. An
// argument that names no file but reads as a puzzle is that puzzle.
func readPuzzles(files []string, in io.Reader) ([]puzzleText, error) {
	if len(files) == 0 {
		b, err := io.ReadAll(io.LimitReader(in, maxInputFile+1))
		if err != nil {
			return nil, fmt.Errorf("read standard input: %w", err)
		}
		if len(b) > maxInputFile {
			return nil, fmt.Errorf("standard input is larger than the limit of %d bytes", maxInputFile)
		}
		return split("stdin", string(b)), nil
	}
	var out []puzzleText
	for _, name := range files {
		b, err := readFile(name)
		if errors.Is(err, fs.ErrNotExist) {
			_, perr := solver.ParseRaw(name)
			if perr == nil {
				// Not a file, but a puzzle typed on the command line.
				out = append(out, puzzleText{source: "argument", text: name})
				continue
			}
			if looksLikeGrid(name) {
				return nil, fmt.Errorf("%q is neither a file nor a puzzle: %w", name, perr)
			}
		}
		if err != nil {
			return nil, err
		}
		if isImage(b) {
			out = append(out, puzzleText{source: name, photo: b})
			continue
		}
		out = append(out, split(name, string(b))...)
	}
	return out, nil
}

// looksLikeGrid reports whether a command-line argument was meant as a
// puzzle rather than a file name: digits, dots and grid separators only.
func looksLikeGrid(arg string) bool {
	digits := 0
	for _, r := range arg {
		switch {
		case r >= '0' && r <= '9', r == '.':
			digits++
		case strings.ContainsRune(" \t\n|-+_*", r):
		default:
			return false
		}
	}
	return digits >= 4
}

func split(source, text string) []puzzleText {
	var out []puzzleText
	for _, p := range solver.SplitPuzzles(text) {
		out = append(out, puzzleText{source: source, text: p})
	}
	return out
}

// readFile reads a whole file up to maxInputFile bytes.
func readFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxInputFile+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	if len(b) > maxInputFile {
		return nil, fmt.Errorf("%s is larger than the limit of %d bytes", name, maxInputFile)
	}
	return b, nil
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
