package console

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/bot/engines"
	"github.com/sudokubot/sudokubot/bot/internal/bottest"
)

// newTestBot returns a bot with the real engines.
func newTestBot() *bot.Bot {
	return bot.New(bot.Options{Engines: engines.New(engines.Options{PictureSize: 300})})
}

// runConsole feeds input to a console and returns what it printed.
func runConsole(t *testing.T, input string) (string, string) {
	t.Helper()
	b := newTestBot()
	dir := t.TempDir()
	var out bytes.Buffer
	// All the input is there at once, so a long paste gap never runs
	// out: a message ends at the next line that does not belong to it, or
	// at the end of the input, whatever the machine's speed.
	c := New(b, strings.NewReader(input), &out, Options{OutputDir: dir, PasteGap: time.Hour})
	if err := c.Run(context.Background()); err != nil {
		t.Fatalf("Run: %v", err)
	}
	return out.String(), dir
}

func TestConsoleSolvesOneLineAndPastedGrids(t *testing.T) {
	pasted := "+-------+-------+-------+\n| 5 3 . | . 7 . | . . . |\n| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . 6 . |\n+-------+-------+-------+\n" +
		"| 8 . . | . 6 . | . . 3 |\n| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n+-------+-------+-------+\n" +
		"| . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . 7 9 |\n+-------+-------+-------+\n"
	out, dir := runConsole(t, bottest.Puzzle+"\n"+pasted)
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
		bottest.DecodePNG(t, p[1], data)
	}
	if strings.Contains(out, "could not") || strings.Contains(out, "couldn't") {
		t.Errorf("an error for a rule line or the grid:\n%s", out)
	}
}

func TestConsoleCommandsAndButtons(t *testing.T) {
	cur := "531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	in := strings.Join([]string{
		"/help",
		"/hint 2 " + bottest.Puzzle,
		"/more",
		"/next",
		"/solution",
		"/check " + bottest.Puzzle + " " + cur,
		"/rate " + bottest.Puzzle,
		"/solve " + filepath.Join("..", "testdata", "photo.jpg"),
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
	out, _ := runConsole(t, bottest.Puzzle[:80]+"\n"+bottest.Puzzle+"\n")
	if !strings.Contains(out, "found 80 cells, a 9x9 puzzle needs 81") || !strings.Contains(out, "Solved!") {
		t.Errorf("output:\n%s", out)
	}
}

// rows writes a 9x9 puzzle as 9 lines of 9 characters.
func rows(p string) string {
	var sb strings.Builder
	for i := 0; i < len(p); i += 9 {
		sb.WriteString(p[i:i+9] + "\n")
	}
	return sb.String()
}

// TestConsoleMessages feeds the console what users paste and checks what
// it answers, in order: each want is a piece of text that must come after
// the previous one, and none of the unwanted may appear.
func TestConsoleMessages(t *testing.T) {
	grid := rows(bottest.Puzzle)
	// A 17-clue puzzle whose first row is empty: a row of empty fields.
	clue17 := ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
	var spreadsheet strings.Builder
	for r := range 9 {
		row := []byte(clue17[r*9 : r*9+9])
		fields := make([]string, 9)
		for c, ch := range row {
			if ch != '.' {
				fields[c] = string(ch)
			}
		}
		spreadsheet.WriteString(strings.Join(fields, "\t") + "\n")
	}
	tests := []struct {
		name, in     string
		want, unwant []string
	}{
		{
			name:   "hint alone, then the grid",
			in:     "/hint 2\n" + grid,
			want:   []string{"Paste the puzzle for a hint at level 2", "Step 1 · level 2 of 3"},
			unwant: []string{"Solved!", "Send me a puzzle"},
		},
		{
			name:   "rate alone, then the puzzle",
			in:     "/rate\n" + bottest.Puzzle + "\n",
			want:   []string{"Paste the puzzle to rate", "Difficulty: Easy"},
			unwant: []string{"Solved!"},
		},
		{
			name: "solve alone, then a grid in a code block",
			in:   "/solve\n```\n" + grid + "```\n",
			want: []string{"Paste the puzzle to solve", "Solved!"},
		},
		{
			name:   "check alone, then the two grids",
			in:     "/check\n" + bottest.Puzzle + "\n" + "531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
			want:   []string{"Paste the original puzzle, then your current grid", "Now paste your current grid", "1 cell is wrong: r1c3"},
			unwant: []string{"Solved!"},
		},
		{
			name:   "a command in the middle of a paste ends it",
			in:     "53..7....\n6..195...\n/help\n" + grid,
			want:   []string{"I couldn't read a Sudoku grid", "I solve Sudoku puzzles", "Solved!"},
			unwant: []string{"/help"},
		},
		{
			name:   "hint levels out of range",
			in:     "/hint 0 " + bottest.Puzzle + "\n/hint -1 " + bottest.Puzzle + "\n/hint 9 " + bottest.Puzzle + "\n/hint 9\n",
			want:   []string{"The hint level is 0, but it goes from 1", "The hint level is -1, but", "The hint level is 9, but", "The hint level is 9, but"},
			unwant: []string{"Step 1", "Paste the puzzle"},
		},
		{
			name:   "a spreadsheet paste, with an empty row",
			in:     spreadsheet.String(),
			want:   []string{"Solved!", "I read 17 givens"},
			unwant: []string{"couldn't", "I solve Sudoku puzzles"},
		},
		{
			name:   "rows of a CSV file with empty fields",
			in:     "5,3,,,7,,,,\n6,,,1,9,5,,,\n,9,8,,,,,6,\n8,,,,6,,,,3\n4,,,8,,3,,,1\n7,,,,2,,,,6\n,6,,,,,2,8,\n,,,4,1,9,,,5\n,,,,8,,,7,9\n",
			want:   []string{"Solved!"},
			unwant: []string{"couldn't", "I solve Sudoku puzzles"},
		},
		{
			name:   "a Discord message: words and a code block",
			in:     "hey, can you solve this one?\n```\n" + grid + "```\nthanks!\n",
			want:   []string{"Solved!"},
			unwant: []string{"couldn't", "I solve Sudoku puzzles"},
		},
		{
			name:   "two grids pasted one after the other",
			in:     grid + grid,
			want:   []string{"Solved!", "Solved!"},
			unwant: []string{"couldn't"},
		},
		{
			name:   "a 16x16 grid, row by row",
			in:     "12.456789ABCD.FG\n...8.A.CDEF.1..4\n9ABC.EF.12..5.7.\n.E.G1.345....A..\n.3..6.8....DE.G1\n678.ABC.EFG...45\nA..DEFG1.3456...\nE..1....678.ABCD\n3456789..CDEFG..\n789ABC.EF.12345.\n..DEF.1.34......\nFG12345..8...CDE\n45...9..C....12.\n8..BC..FG1..4...\nCDEF..2.4..789A.\nG12.45..8.ABCDEF\n",
			want:   []string{"153 givens"}, // it has several solutions
			unwant: []string{"couldn't", "16 givens", "12 givens"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _ := runConsole(t, tt.in)
			rest := out
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Errorf("output lacks %q (in order)", w)
					break
				}
				rest = rest[i+len(w):]
			}
			for _, u := range tt.unwant {
				if strings.Contains(out, u) {
					t.Errorf("output has %q", u)
				}
			}
			if t.Failed() {
				t.Log(out)
			}
		})
	}
}

// lockedBuffer is safe to write from the console while a test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestConsolePasteGap types on the console as a person does, line by line
// with pauses: words are answered once no more lines come, a grid typed
// row by row waits for its last row.
func TestConsolePasteGap(t *testing.T) {
	b := newTestBot()
	r, w := io.Pipe()
	var out lockedBuffer
	c := New(b, r, &out, Options{OutputDir: t.TempDir(), PasteGap: 20 * time.Millisecond})
	done := make(chan error, 1)
	go func() { done <- c.Run(context.Background()) }()
	waitFor := func(s string) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for !strings.Contains(out.String(), s) {
			if time.Now().After(deadline) {
				t.Fatalf("no %q in the output:\n%s", s, out.String())
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	io.WriteString(w, "hello\n")
	waitFor("I solve Sudoku puzzles")
	for i, row := range strings.Split(strings.TrimSpace(rows(bottest.Puzzle)), "\n") {
		io.WriteString(w, row+"\n")
		if i < 8 {
			time.Sleep(60 * time.Millisecond) // three paste gaps: a person typing
			if strings.Contains(out.String(), "couldn't") {
				t.Fatalf("a grid typed row by row was answered after row %d:\n%s", i+1, out.String())
			}
		}
	}
	waitFor("Solved!")
	w.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestConsoleFollowsThePastedPuzzle checks what a user who pastes first and
// asks after meets: /hint, /rate and /solve alone take the puzzle just
// pasted (a hint in full, as sudoku hint gives it), /more on a hint in full
// says so, and /next after another puzzle says which one it goes on with.
func TestConsoleFollowsThePastedPuzzle(t *testing.T) {
	other := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	in := strings.Join([]string{bottest.Puzzle, "/hint", "/more", other, "/next", "/rate"}, "\n")
	out, _ := runConsole(t, in)
	for _, want := range []string{
		"Solved!",
		"Step 1 · level 3 of 3",
		"This hint is already in full detail (level 3)",
		"(Going on with the earlier puzzle " + bottest.Puzzle[:20] + "...; /hint gives a hint for the one pasted since.)",
		"Step 2 · level 3 of 3",
		"Difficulty:",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	for _, unwant := range []string{"Paste the puzzle", "There is no"} {
		if strings.Contains(out, unwant) {
			t.Errorf("output has %q", unwant)
		}
	}
	if t.Failed() {
		t.Log(out)
	}
}

// TestConsolePhotoPaths checks that a photo is read as one whatever its
// name: without an extension, quoted as a terminal pastes a dragged file,
// with its spaces escaped; and that /check with one photo checks it.
func TestConsolePhotoPaths(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "photo.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bare := filepath.Join(dir, "photo")
	spaced := filepath.Join(dir, "my photo.jpg")
	for _, p := range []string{bare, spaced} {
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pen := filepath.Join("..", "testdata", "pen-wrong.jpg")
	in := strings.Join([]string{
		"/solve " + bare,
		"'" + spaced + "'",
		`"` + spaced + `"`,
		strings.ReplaceAll(spaced, " ", `\ `),
		"/check " + pen,
	}, "\n")
	out, _ := runConsole(t, in)
	if n := strings.Count(out, "I read 34 givens from your photo"); n != 4 {
		t.Errorf("%d photos read, want 4", n)
	}
	if strings.Contains(out, "Now paste your current grid") || !strings.Contains(out, "is wrong") {
		t.Errorf("/check PHOTO did not check the photo")
	}
	if t.Failed() {
		t.Log(out)
	}
}
