package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBenchCommand(t *testing.T) {
	dir := t.TempDir()
	list := filepath.Join(dir, "mixed.txt")
	// One proper puzzle, one with several solutions, one without any
	// (r1c9 sees 1-8 in its row and the 9 of its box).
	none := "12345678." + "........9" + strings.Repeat(".", 63)
	if err := os.WriteFile(list, []byte(classic+"\n"+severalSol+"\n"+none+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte(classic+"\n"+classic[:80]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	code, out, errOut := runCLI(t, "", "bench", "--repeat", "2", list)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("want a header, a rule and one row, got:\n%s", out)
	}
	if !strings.HasPrefix(lines[0], "| file | puzzles | first solution: puzzles/s |") || !strings.HasPrefix(lines[1], "|---|") {
		t.Errorf("header:\n%s\n%s", lines[0], lines[1])
	}
	cells := strings.Split(strings.Trim(lines[2], "| "), " | ")
	if len(cells) != 9 {
		t.Fatalf("row has %d cells, want 9: %s", len(cells), lines[2])
	}
	if cells[0] != "mixed.txt" || cells[1] != "3" {
		t.Errorf("row names %s with %s puzzles, want mixed.txt with 3", cells[0], cells[1])
	}
	if got := strings.Join(cells[6:], " "); got != "1 1 1" {
		t.Errorf("unique/multiple/none = %s, want 1 1 1", got)
	}
	for _, c := range cells[2:6] {
		if c == "0" || c == "0.00" || c == "" {
			t.Errorf("timing cell %q in %s", c, lines[2])
		}
	}

	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"no file", []string{"bench"}, 2, "no FILE given"},
		{"bad repeat", []string{"bench", "--repeat", "0", list}, 2, "--repeat must be at least 1"},
		{"missing file", []string{"bench", filepath.Join(dir, "nope.txt")}, 1, "no such file"},
		{"unreadable puzzle", []string{"bench", bad}, 1, "puzzle 2: found 80 cells"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := runCLI(t, "", tc.args...)
			if code != tc.code || !strings.Contains(errOut, tc.stderr) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, errOut, tc.code, tc.stderr)
			}
		})
	}

	code, out, _ = runCLI(t, "", "bench", "--help")
	if code != 0 || !strings.Contains(out, "Examples:") || !strings.Contains(out, "sudoku bench") {
		t.Errorf("--help: exit %d, output:\n%s", code, out)
	}
}
