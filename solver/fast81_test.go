package solver

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// classic81 is a proper 9x9 puzzle, for the tests of line81 and plainLines.
const classic81 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// severalSol is a 9x9 puzzle with several solutions, for the tests of
// line81 and plainLines.
const severalSol = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"

// randomLine81 returns a line of 81 characters made from one of the test
// puzzles: its blanks written with any of the blank characters, now and
// then a given changed (which may make a clash) and now and then a
// character that is not a cell.
func randomLine81(r *rand.Rand) string {
	const blanks, others = ".0_*-", "x A|#\t·"
	b := []byte([]string{classic81, severalSol}[r.IntN(2)])
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
// against the full parser: whenever line81 reads a line, the full parser
// reads the same grid, and a line of cell characters that it reads without
// error (with no clash) is one line81 reads.
func TestLine81MatchesParse(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	lines := []string{classic81, severalSol, strings.Repeat("-", 81), strings.Repeat(".", 81), strings.Repeat("0", 81),
		classic81[:80], classic81 + "1", " " + classic81[1:], "\ufeff" + classic81[3:]}
	for range 20000 {
		lines = append(lines, randomLine81(r))
	}
	read := 0
	for _, l := range lines {
		g, ok := line81(l)
		want, err := parseFull(l)
		if ok {
			read++
			if err != nil || g != want {
				t.Fatalf("%q: line81 read %s, the full parser %s, %v", l, g, want, err)
			}
			continue
		}
		if err == nil && plain81(l) {
			t.Errorf("%q: the full parser reads %s, line81 did not", l, want)
		}
	}
	if read < len(lines)/2 {
		t.Errorf("only %d of %d lines read by line81: the test lines are off", read, len(lines))
	}
}

// TestPlainLinesMatchesSplit checks the fast splitting of one-puzzle-per-
// line lists against the full splitting.
func TestPlainLinesMatchesSplit(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	texts := []string{classic81, classic81 + "\n", classic81 + "\r\n" + severalSol + "\r\n", "\n\n" + classic81 + "\n\n\n" + severalSol,
		classic81 + "\n# comment\n" + severalSol, classic81 + "\n \n" + severalSol, classic81 + "\n\t\t\t\t\t\t\t\t\n" + severalSol,
		classic81 + "\r\r\n" + severalSol, "", "\n", classic81[:80] + "\n" + classic81}
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
		if want := splitPuzzles(text); !slices.Equal(got, want) {
			t.Fatalf("%q: plainLines %q, the full splitting %q", text, got, want)
		}
	}
	if fast < 100 {
		t.Errorf("only %d texts split by plainLines: the test texts are off", fast)
	}
}

// FuzzLine81 states the contract of line81 and plainLines: whatever they
// accept, they read as the full parser and the full splitting do.
func FuzzLine81(f *testing.F) {
	f.Add(classic81)
	f.Add(classic81 + "\r\n" + severalSol + "\n")
	f.Add(strings.Repeat("-", 81))
	f.Fuzz(func(t *testing.T, s string) {
		if g, ok := line81(s); ok {
			if want, err := parseFull(s); err != nil || g != want {
				t.Fatalf("%q: line81 read %s, the full parser %s, %v", s, g, want, err)
			}
			if raw, err := parseRaw(s); err != nil || g != raw {
				t.Fatalf("%q: line81 read %s, the full raw parser %s, %v", s, g, raw, err)
			}
		}
		if got, ok := plainLines(s); ok {
			if want := splitPuzzles(s); !slices.Equal(got, want) {
				t.Fatalf("%q: plainLines %q, the full splitting %q", s, got, want)
			}
		}
	})
}
