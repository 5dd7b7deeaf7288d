package main

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

// classic is a proper 9x9 puzzle, for the tests of line81 and plainLines
// (main_test.go lost its copy when the command's tests became scenarios).
const classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// randomLine81 returns a line of 81 characters made from one of the test
// puzzles: its blanks written with any of the blank characters, now and
// then a given changed (which may make a clash) and now and then a
// character that is not a cell.
func randomLine81(r *rand.Rand) string {
	const blanks, others = ".0_*-", "x A|#\t·"
	b := []byte([]string{classic, severalSol}[r.IntN(2)])
	for i := range b {
		if b[i] == '.' {
			b[i] = blanks[r.IntN(len(blanks))]
		}
	}
	if r.IntN(3) == 0 {
		b[r.IntN(81)] = byte('1' + r.IntN(9))
	}
	if r.IntN(10) == 0 {
		b[r.IntN(81)] = others[r.IntN(len(others))]
	}
	return string(b[:81])
}

// TestLine81MatchesParse checks the fast reading of one-line puzzles
// against solver.Parse: whenever line81 reads a line, Parse reads the same
// grid, and a line of cell characters that Parse reads without error
// (with no clash) is one line81 reads.
func TestLine81MatchesParse(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	lines := []string{classic, severalSol, strings.Repeat("-", 81), strings.Repeat(".", 81), strings.Repeat("0", 81),
		classic[:80], classic + "1", " " + classic[1:], "\ufeff" + classic[3:]}
	for range 20000 {
		lines = append(lines, randomLine81(r))
	}
	read := 0
	for _, l := range lines {
		g, ok := line81(l)
		want, err := solver.Parse(l)
		if ok {
			read++
			if err != nil || g != want {
				t.Fatalf("%q: line81 read %s, Parse %s, %v", l, g, want, err)
			}
			continue
		}
		if err == nil && plain81(l) {
			t.Errorf("%q: Parse reads %s, line81 did not", l, want)
		}
	}
	if read < len(lines)/2 {
		t.Errorf("only %d of %d lines read by line81: the test lines are off", read, len(lines))
	}
}

// TestPlainLinesMatchesSplit checks the fast splitting of one-puzzle-per-
// line lists against solver.SplitPuzzles.
func TestPlainLinesMatchesSplit(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	texts := []string{classic, classic + "\n", classic + "\r\n" + severalSol + "\r\n", "\n\n" + classic + "\n\n\n" + severalSol,
		classic + "\n# comment\n" + severalSol, classic + "\n \n" + severalSol, classic + "\n\t\t\t\t\t\t\t\t\n" + severalSol,
		classic + "\r\r\n" + severalSol, "", "\n", classic[:80] + "\n" + classic}
	for range 2000 {
		var b strings.Builder
		for range r.IntN(6) {
			switch r.IntN(5) {
			case 0:
				b.WriteString("\n")
			case 1:
				b.WriteString("\r\n")
			default:
				b.WriteString(randomLine81(r) + "\n")
			}
		}
		texts = append(texts, b.String())
	}
	fast := 0
	for _, text := range texts {
		got, ok := plainLines(text)
		if !ok {
			continue
		}
		fast++
		if want := solver.SplitPuzzles(text); !slices.Equal(got, want) {
			t.Fatalf("%q: plainLines %q, SplitPuzzles %q", text, got, want)
		}
	}
	if fast < 100 {
		t.Errorf("only %d texts split by plainLines: the test texts are off", fast)
	}
}

// FuzzLine81 states the contract of line81 and plainLines: whatever they
// accept, they read as solver.Parse and solver.SplitPuzzles do.
func FuzzLine81(f *testing.F) {
	f.Add(classic)
	f.Add(classic + "\r\n" + severalSol + "\n")
	f.Add(strings.Repeat("-", 81))
	f.Fuzz(func(t *testing.T, s string) {
		if g, ok := line81(s); ok {
			if want, err := solver.Parse(s); err != nil || g != want {
				t.Fatalf("%q: line81 read %s, Parse %s, %v", s, g, want, err)
			}
		}
		if got, ok := plainLines(s); ok {
			if want := solver.SplitPuzzles(s); !slices.Equal(got, want) {
				t.Fatalf("%q: plainLines %q, SplitPuzzles %q", s, got, want)
			}
		}
	})
}
