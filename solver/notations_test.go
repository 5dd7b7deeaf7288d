package solver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// notations writes g in the notations that delimit every cell, leave
// blanks as spaces, or label their rows, the ones read by delimitedGrid,
// spaceLine and commentedRows: each must read back as g.
func notations(g solver.Grid) map[string]string {
	n := g.Side()
	cell := func(r, c int, blank string) string {
		if d := g.At(r, c); d != 0 {
			return string(solver.DigitChar(d))
		}
		return blank
	}
	var markdown, empty, box, labelled, hashed strings.Builder
	markdown.WriteString("|" + strings.Repeat(" |", n) + "\n|" + strings.Repeat("---|", n) + "\n")
	for r := range n {
		var md, em, bx, plain []string
		for c := range n {
			md = append(md, " "+cell(r, c, " ")+" ")
			em = append(em, cell(r, c, ""))
			bx = append(bx, " "+cell(r, c, " ")+" ")
			plain = append(plain, cell(r, c, "x"))
		}
		markdown.WriteString("|" + strings.Join(md, "|") + "|\n")
		empty.WriteString("|" + strings.Join(em, "|") + "|\n")
		box.WriteString("║" + strings.Join(bx, "│") + "║\n")
		if r < n-1 {
			box.WriteString("╟" + strings.Repeat("───┼", n-1) + "───╢\n")
		}
		labelled.WriteString(strings.Join(plain, "") + "   row " + string(rune('A'+r%26)) + string(rune('a'+r%26)) + "\n")
		hashed.WriteString(strings.Join(plain, " ") + "  # " + strings.Repeat("z", r+1) + "\n")
	}
	out := map[string]string{
		"markdown": markdown.String(), "empty cells": empty.String(), "box drawing": box.String(),
		"labelled rows": labelled.String(), "commented rows": hashed.String(),
	}
	if g.Givens() > 0 && g.Givens() != g.NumCells() && !strings.ContainsAny(g.String(), "ABCDEFG") {
		// Spaces for blanks on one line: read when some cells are side by
		// side, and the digits alone are no whole grid.
		spaced := strings.ReplaceAll(g.String(), ".", " ")
		if strings.Contains(strings.TrimSpace(spaced), " ") && !spacedApart(spaced) {
			out["spaces for blanks"] = spaced
		}
	}
	return out
}

// spacedApart reports whether no two cells of s stand side by side.
func spacedApart(s string) bool {
	for i := 1; i < len(s); i++ {
		if s[i] != ' ' && s[i-1] != ' ' {
			return false
		}
	}
	return true
}

// TestNotationsReadBack writes every puzzle of testdata/parse that reads
// in each notation of notations and reads it back.
func TestNotationsReadBack(t *testing.T) {
	files, _ := filepath.Glob("testdata/parse/*.txt")
	read := 0
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		g, err := solver.Parse(string(b))
		if err != nil {
			continue
		}
		read++
		for how, text := range notations(g) {
			if back, err := solver.Parse(text); err != nil || back != g {
				t.Errorf("%s written as %s reads as %s, %v:\n%s", name, how, back, err, text)
			}
		}
	}
	if read < 20 {
		t.Errorf("only %d puzzles read: the test data is off", read)
	}
}

// FuzzNotations states the contract of the notations that delimit every
// cell, leave blanks as spaces or label their rows: any grid the parser
// reads, written in them, reads back as itself.
func FuzzNotations(f *testing.F) {
	addFileSeeds(f, "testdata/parse/*.txt")
	f.Fuzz(func(t *testing.T, in string) {
		g, err := solver.Parse(in)
		if err != nil {
			return
		}
		for how, text := range notations(g) {
			if back, err := solver.Parse(text); err != nil || back != g {
				t.Fatalf("%s written as %s reads as %s, %v:\n%s", g, how, back, err, text)
			}
		}
	})
}

// addFileSeeds adds the text of each file matching pattern to f's seeds.
func addFileSeeds(f *testing.F, pattern string) {
	files, _ := filepath.Glob(pattern)
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(string(b))
		}
	}
}
