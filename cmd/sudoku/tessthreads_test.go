package main

import (
	"os"
	"path/filepath"
	"testing"
)

// samplePuzzle is the puzzle of Wikipedia's Sudoku article.
const samplePuzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

func TestMayReadManyDigits(t *testing.T) {
	dir := t.TempDir()
	puzzle := filepath.Join(dir, "puzzle.txt")
	if err := os.WriteFile(puzzle, []byte(samplePuzzle+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	photo := filepath.Join("testdata", "photos", "image2.jpg")
	open := func(name string) *os.File {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()

	for _, tc := range []struct {
		name  string
		args  []string
		stdin *os.File
		want  bool
	}{
		{"no command", nil, nil, false},
		{"read", []string{"read", "x"}, nil, true},
		{"ocr-report", []string{"ocr-report", "-j", "2", dir}, nil, true},
		{"puzzle file", []string{"solve", "--unique", "-j", "1", puzzle}, nil, false},
		{"puzzle argument", []string{"solve", samplePuzzle}, nil, false},
		{"missing file", []string{"hint", filepath.Join(dir, "nope.jpg")}, nil, false},
		{"photo file", []string{"solve", photo}, nil, true},
		{"photo after a puzzle", []string{"count", puzzle, photo}, nil, true},
		{"flag after a photo", []string{"check", photo, "--json"}, nil, true},
		{"text on standard input", []string{"solve"}, open(puzzle), false},
		{"photo on standard input", []string{"solve"}, open(photo), true},
		{"photo as -", []string{"hint", "-", "--level", "2"}, open(photo), true},
		{"text as -", []string{"hint", "-"}, open(puzzle), false},
		{"a file, standard input unused", []string{"solve", puzzle}, open(photo), false},
		{"a pipe cannot be looked at", []string{"solve"}, r, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := mayReadManyDigits(tc.args, tc.stdin); got != tc.want {
				t.Errorf("mayReadManyDigits(%q) = %v, want %v", tc.args, got, tc.want)
			}
		})
	}
	// Standard input is looked at without being consumed.
	f := open(photo)
	mayReadManyDigits([]string{"solve"}, f)
	if off, err := f.Seek(0, 1); err != nil || off != 0 {
		t.Errorf("standard input's offset after the look = %d, %v; want 0", off, err)
	}
}
