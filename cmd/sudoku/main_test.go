package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/ocr/tesseract"
)

const (
	classic    = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	classicSol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	severalSol = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
)

// runCLI runs the command in-process and returns its exit status and
// output streams.
func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	photos := newPhotoReader(tesseract.NewRecognizer)
	defer photos.close()
	code := run(context.Background(), args, &stdio{in: strings.NewReader(stdin), out: &out, err: &errOut,
		recognizers: tesseract.NewRecognizer, photos: photos})
	return code, out.String(), errOut.String()
}

func TestSolveCommand(t *testing.T) {
	dir := t.TempDir()
	list := filepath.Join(dir, "list.txt")
	if err := os.WriteFile(list, []byte(classic+"\n"+classic[:80]+"\n"+"..1.2..3.4....2.\n"+classic+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	grid := filepath.Join(dir, "grid.txt")
	var rows []string
	for r := range 9 {
		rows = append(rows, classic[r*9:r*9+9])
	}
	if err := os.WriteFile(grid, []byte(strings.Join(rows, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		stdin    string
		args     []string
		code     int
		out      string // exact standard output, or its start when it ends in "..."
		errMatch string
	}{
		{"stdin", classic + "\n", []string{"solve"}, 0, classicSol + "\n", ""},
		{"puzzle as argument", "", []string{"solve", classic}, 0, classicSol + "\n", ""},
		{"multi-line grid file", "", []string{"solve", grid}, 0, classicSol + "\n", ""},
		{"one line per puzzle, order kept, failures reported", "", []string{"solve", "-j", "3", list}, 1,
			classicSol + "\nerror: found 80 cells, a 9x9 puzzle needs 81\nerror: no solution: row 3 has no place left for a 2\n" + classicSol + "\n", ""},
		{"--unique", severalSol, []string{"solve", "--unique"}, 1, "error: multiple solutions\n", ""},
		{"--pretty", classic, []string{"solve", "--pretty"}, 0, "+-------+-------+-------+\n| 5 3 4 | 6 7 8 | 9 1 2 |\n...", ""},
		{"bad -j", classic, []string{"solve", "-j", "0"}, 2, "", "-j must be at least 1"},
		{"unknown flag", classic, []string{"solve", "--frobnicate"}, 2, "", "flag provided but not defined"},
		{"missing file", "", []string{"solve", filepath.Join(dir, "nope.txt")}, 1, "", "no such file"},
		{"argument that is almost a puzzle", "", []string{"solve", classic[:80]}, 1, "",
			`"` + classic[:80] + `" is neither a file nor a puzzle: found 80 cells, a 9x9 puzzle needs 81`},
		{"help", "", []string{"solve", "--help"}, 0, "Usage: sudoku solve...", ""},
		{"count", classic + "\n" + severalSol + "\n", []string{"count"}, 0, "1\n2\n", ""},
		{"count limit", "................................................................................." + "\n", []string{"count", "--limit", "7"}, 0, "7\n", ""},
		{"count bad limit", classic, []string{"count", "--limit", "0"}, 2, "", "--limit must be at least 1"},
		{"unknown command", "", []string{"frobnicate"}, 2, "", "unknown command"},
		{"no command", "", nil, 2, "Usage: sudoku...", ""},
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

// TestSolveSeveralIsValid checks the first solution of a puzzle with many.
func TestSolveSeveralIsValid(t *testing.T) {
	code, out, _ := runCLI(t, severalSol, "solve")
	if code != 0 || len(strings.TrimSpace(out)) != 81 {
		t.Fatalf("exit %d, out %q", code, out)
	}
	sol := strings.TrimSpace(out)
	for i := range 81 {
		if severalSol[i] != '.' && severalSol[i] != sol[i] {
			t.Fatalf("solution %s changes given at %d", sol, i)
		}
	}
	code, out, _ = runCLI(t, sol, "count")
	if code != 0 || out != "1\n" {
		t.Errorf("the solution is not a complete valid grid: count %q", out)
	}
}
