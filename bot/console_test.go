package bot

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runConsole feeds input to a console and returns what it printed.
func runConsole(t *testing.T, input string) (string, string) {
	t.Helper()
	b, _ := newTestBot(t, nil)
	dir := t.TempDir()
	var out bytes.Buffer
	c := NewConsole(b, strings.NewReader(input), &out, ConsoleOptions{OutputDir: dir})
	if err := c.Run(context.Background()); err != nil {
		t.Fatalf("Run: %v", err)
	}
	return out.String(), dir
}

func TestConsoleSolvesOneLineAndPastedGrids(t *testing.T) {
	pasted := "+-------+-------+-------+\n| 5 3 . | . 7 . | . . . |\n| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . 6 . |\n+-------+-------+-------+\n" +
		"| 8 . . | . 6 . | . . 3 |\n| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n+-------+-------+-------+\n" +
		"| . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . 7 9 |\n+-------+-------+-------+\n"
	out, dir := runConsole(t, puzzleText+"\n"+pasted)
	if n := strings.Count(out, "Solved!"); n != 2 {
		t.Fatalf("want 2 solutions, got %d:\n%s", n, out)
	}
	if strings.Contains(out, "||") || strings.Contains(out, "**") {
		t.Errorf("Discord markup in console output:\n%s", out)
	}
	if !strings.Contains(out, "534 678 912\n672 195 348") {
		t.Errorf("no solution rows:\n%s", out)
	}
	paths := regexp.MustCompile(`picture: (\S+)`).FindAllStringSubmatch(out, -1)
	if len(paths) != 2 {
		t.Fatalf("pictures: %v", paths)
	}
	for _, p := range paths {
		if filepath.Dir(p[1]) != dir || !strings.HasSuffix(p[1], "solution.png") {
			t.Errorf("picture path %s", p[1])
		}
		data, err := os.ReadFile(p[1])
		if err != nil {
			t.Fatal(err)
		}
		decodePNG(t, File{Name: p[1], Data: data})
	}
	if strings.Contains(out, "could not") || strings.Contains(out, "couldn't") {
		t.Errorf("an error for a rule line or the grid:\n%s", out)
	}
}

func TestConsoleCommandsAndButtons(t *testing.T) {
	cur := "531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	in := strings.Join([]string{
		"/help",
		"/hint 2 " + puzzleText,
		"/more",
		"/next",
		"/solution",
		"/check " + puzzleText + " " + cur,
		"/rate " + puzzleText,
		"/solve " + filepath.Join("testdata", "photo.jpg"),
		"hello",
		"/bogus",
		"/quit",
		"/help", // never read: /quit ends the console
	}, "\n")
	out, _ := runConsole(t, in)
	for _, want := range []string{
		"/solve",                // help
		"Step 1 · level 2 of 3", // hint
		"buttons: /next (next step), /more (more detail), /solution (show solution)",
		"Step 1 · level 3 of 3",            // /more
		"Step 2 · level 3 of 3",            // /next
		"534 678 912",                      // /solution
		"1 cell is wrong: r1c3",            // check
		"Difficulty: Easy",                 // rate
		"I read 34 givens from your photo", // photo
		"Unknown command /bogus",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if strings.Count(out, "I solve Sudoku puzzles") != 2 { // /help and "hello"
		t.Errorf("help shown %d times, want 2 (and none after /quit)", strings.Count(out, "I solve Sudoku puzzles"))
	}
	if t.Failed() {
		t.Log(out)
	}
}

func TestConsoleEndsAtEOFWithPendingLines(t *testing.T) {
	out, _ := runConsole(t, "53..7....\n6..195...")
	if !strings.Contains(out, "I couldn't read a Sudoku grid in your text") {
		t.Errorf("incomplete grid at EOF:\n%s", out)
	}
	out, _ = runConsole(t, "")
	if out != "" {
		t.Errorf("empty input printed %q", out)
	}
}

func TestConsoleOneLineErrorDoesNotSwallowTheNextLine(t *testing.T) {
	out, _ := runConsole(t, puzzleText[:80]+"\n"+puzzleText+"\n")
	if !strings.Contains(out, "found 80 cells, a 9x9 puzzle needs 81") || !strings.Contains(out, "Solved!") {
		t.Errorf("output:\n%s", out)
	}
}
