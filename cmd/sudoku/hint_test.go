package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// top1 is the first puzzle of top1465: its first step is a hidden single.
const top1 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"

func TestHintCommands(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "puzzle.txt")
	if err := os.WriteFile(file, []byte(top1+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	two := filepath.Join(dir, "two.txt")
	if err := os.WriteFile(two, []byte(top1+"\n"+classic+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wrongCur := classic[:2] + "2" + classic[3:] // r1c3 holds 2, the solution has 4
	hidden := "Hidden Single: In box 7, 7 can only go in r9c3: the other empty cells already see a 7 in row 7 or column 2.\n"
	tests := []struct {
		name     string
		stdin    string
		args     []string
		code     int
		out      string // exact standard output, or its start when it ends in "..."
		errMatch string
	}{
		{"hint, puzzle as argument", "", []string{"hint", top1}, 0, hidden, ""},
		{"hint, puzzle in a file", "", []string{"hint", file}, 0, hidden, ""},
		{"hint, puzzle on stdin", top1, []string{"hint", "-"}, 0, hidden, ""},
		{"hint level 1", "", []string{"hint", "--level", "1", top1}, 0, "Look at box 7 for a 7.\n", ""},
		{"hint level 2", "", []string{"hint", "--level", "2", top1}, 0, "There is a hidden single in box 7.\n", ""},
		{"hint json", "", []string{"hint", "--json", top1}, 0,
			`{"technique":"Hidden Single","placements":[{"cell":"r9c3","digit":7}],"eliminations":[],"explanation":"In box 7, 7 can only go in r9c3: the other empty cells already see a 7 in row 7 or column 2."}` + "\n", ""},
		{"hint json level 1 gives nothing away", "", []string{"hint", "--json", "--level", "1", top1}, 0,
			`{"technique":"","placements":[],"eliminations":[],"explanation":"Look at box 7 for a 7."}` + "\n", ""},
		{"hint on a solved grid", "", []string{"hint", "--current", classicSol, classic}, 0, "The grid is already solved.\n", ""},
		{"hint, current of another size", "", []string{"hint", "--current", "1234341221434321", classic}, 1, "",
			"--current is a 4x4 grid but the puzzle is 9x9"},
		{"hint on a wrong grid", "", []string{"hint", "--current", wrongCur, classic}, 1,
			"r1c3 holds 2, which contradicts the puzzle's solution\n", ""},
		{"hint bad level", "", []string{"hint", "--level", "4", top1}, 2, "", "--level must be 1, 2 or 3"},
		{"hint no puzzle", "", []string{"hint"}, 2, "", "want one PUZZLE"},
		{"hint missing file", "", []string{"hint", filepath.Join(dir, "nope.txt")}, 1, "", "no such file"},
		{"hint two puzzles in a file", "", []string{"hint", two}, 1, "", "holds 2 puzzles"},
		{"hint bad marks", "", []string{"hint", "--marks", "12 3", top1}, 1, "", "--marks: pencil marks: found 2 cells"},
		{"check wrong", "", []string{"check", classic, wrongCur}, 1, "r1c3 holds 2, which contradicts the puzzle's solution\n", ""},
		{"check right", "", []string{"check", classic, classic}, 0, "No wrong cells.\n", ""},
		{"check clash", "", []string{"check", classic, classic[:2] + "5" + classic[3:]}, 1, "r1c3 holds 5, but row 1 has two 5s (r1c1 and r1c3)\n", ""},
		{"check changed given", "", []string{"check", classic, "6" + classic[1:]}, 1, "r1c1 holds 6, but the puzzle gives 5 there\n", ""},
		{"check arguments", "", []string{"check", classic}, 2, "", "want PUZZLE and CURRENT"},
		{"explain", "", []string{"explain", classic}, 0, "Naked Single: ...", ""},
		{"explain not unique", "", []string{"explain", severalSol}, 1, "", "multiple solutions"},
		{"rate", classic + "\n", []string{"rate"}, 0, "Easy 2...", ""},
		{"rate bad line", classic[:80] + "\n", []string{"rate"}, 1, "error: found 80 cells, a 9x9 puzzle needs 81\n", ""},
		{"rate json", classic + "\n", []string{"rate", "--json"}, 0, `{"level":"Easy","score":2...`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("exit status %d, want %d (stderr %q)", code, tt.code, errOut)
			}
			want, prefix := strings.CutSuffix(tt.out, "...")
			if (prefix && !strings.HasPrefix(out, want)) || (!prefix && out != want) {
				t.Errorf("stdout = %q, want %q", out, tt.out)
			}
			if !strings.Contains(errOut, tt.errMatch) {
				t.Errorf("stderr = %q, want it to contain %q", errOut, tt.errMatch)
			}
		})
	}
}

// TestExplainJSONLines checks that explain --json prints one step object
// per line and that replaying the placements solves the puzzle.
func TestExplainJSONLines(t *testing.T) {
	code, out, errOut := runCLI(t, "", "explain", "--json", top1)
	if code != 0 {
		t.Fatalf("exit status %d: %s", code, errOut)
	}
	grid := []byte(top1)
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var st struct {
			Technique  string `json:"technique"`
			Placements []struct {
				Cell  string
				Digit int
			}
			Eliminations []struct {
				Cell  string
				Digit int
			}
			Explanation string `json:"explanation"`
		}
		if err := json.Unmarshal([]byte(line), &st); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		if st.Technique == "" || st.Explanation == "" || len(st.Placements)+len(st.Eliminations) == 0 {
			t.Fatalf("incomplete step %q", line)
		}
		for _, p := range st.Placements {
			var r, c int
			if _, err := fmt.Sscanf(p.Cell, "r%dc%d", &r, &c); err != nil {
				t.Fatalf("cell %q: %v", p.Cell, err)
			}
			grid[(r-1)*9+c-1] = byte('0' + p.Digit)
		}
	}
	if strings.Contains(string(grid), ".") {
		t.Errorf("replaying the placements leaves %s", grid)
	}
}
