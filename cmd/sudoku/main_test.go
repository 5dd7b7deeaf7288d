package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/testbuild"
	"github.com/sudokubot/sudokubot/ocr/tessproc"
)

// The behaviour of the command is written down as the scenarios of
// testdata/*.txtar (script_test.go). The tests here check what a scenario
// cannot: properties of output that an exact expectation would pin to one
// solver's choices.

// testPhotoTimeout is the time limit for reading one photo in the tests,
// in-process and in the scenarios: generous, so that a loaded machine
// (the race detector, other packages' tests on the same cores) slows the
// tests down without failing them.
const testPhotoTimeout = 10 * time.Minute

const (
	severalSol = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
	// top1 is the first puzzle of top1465.
	top1 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
)

// testHelper is the Tesseract helper program, which TestMain builds; the
// scenarios' sudoku is built beside it.
var testHelper string

func TestMain(m *testing.M) {
	testbuild.Main(m, "../sudoku-tesseract", tessproc.HelperName, &testHelper)
}

// runCLI runs the command in-process, with Tesseract (the helper) reading
// photos, and returns its exit status and output streams. A helper that
// fails fails the test.
func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	tess := &secondOpinions{helper: testHelper, warn: &errOut}
	photos := newPhotoReader(tess.recognizer, testPhotoTimeout)
	defer photos.close()
	code := run(context.Background(), args, &stdio{in: strings.NewReader(stdin), out: &out, err: &errOut,
		recognizers: tess.recognizer, warmRecognizers: tess.warmRecognizer, photos: photos})
	if strings.Contains(errOut.String(), "Tesseract helper") {
		t.Fatalf("the helper failed: %s", errOut.String())
	}
	return code, out.String(), errOut.String()
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

// TestReadStdin checks that read takes a photo from standard input as
// '-' (a scenario cannot hold a photo as its standard input).
func TestReadStdin(t *testing.T) {
	photo, err := os.ReadFile(filepath.Join("testdata", "photos", "image2.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, string(photo), "read", "-")
	want := "9.3.....2.6.49.1.3...1...........9..3.1..4....8.7.243.1785.93........759...367...\n"
	if code != 0 || out != want {
		t.Errorf("exit status %d, stdout %q, stderr %q; want %q", code, out, errOut, want)
	}
}
