package solver_test

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/solver"
)

var update = flag.Bool("update", false, "rewrite the golden .want files in testdata")

// TestParseNotations parses every testdata/parse/*.txt and compares the
// result, the grid on one line or "error: <message>", with the .want file
// beside it. Run with -update to rewrite the .want files after checking
// the differences by eye.
func TestParseNotations(t *testing.T) {
	files, err := filepath.Glob("testdata/parse/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		t.Run(name, func(t *testing.T) {
			in, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var got string
			g, parseErr := solver.Parse(string(in))
			if parseErr != nil {
				got = "error: " + parseErr.Error()
			} else {
				got = g.String()
			}
			wantFile := strings.TrimSuffix(f, ".txt") + ".want"
			if *update {
				if err := os.WriteFile(wantFile, []byte(got+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(wantFile)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != strings.TrimSpace(string(want)) {
				t.Errorf("Parse(%s)\n got: %s\nwant: %s", f, got, strings.TrimSpace(string(want)))
			}
			if strings.HasPrefix(name, "err-") != (parseErr != nil) {
				t.Errorf("files named err-* must fail to parse and only those; err = %v", parseErr)
			}
		})
	}
}

// TestParseSameGrid checks that every notation of the classic example
// yields the very same grid.
func TestParseSameGrid(t *testing.T) {
	want := solver.MustGrid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	for _, name := range []string{
		"line-dots", "line-zeros", "line-underscores", "line-stars", "line-dashes", "crlf",
		"rows-plain", "rows-separators", "rows-boxed-zeros", "rows-compact-pipes",
		"rows-box-drawing", "rows-tabs-spaces", "tab-fields", "code-block", "code-block-lang",
		"chatter-around", "chatter-inline", "list-nested",
		"rows-fixed-width", "rows-double-line-spaces", "rows-spaced-blanks", "rows-spaced-trimmed",
		"labels-digits", "labels-letters", "labels-rows-only", "csv-empty-fields", "csv-trailing-comma",
	} {
		in, err := os.ReadFile("testdata/parse/" + name + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		g, err := solver.Parse(string(in))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if g != want {
			t.Errorf("%s: got %s, want %s", name, g, want)
		}
	}
}

// TestParse16x16Notations checks that every notation of the 16x16 example
// yields the very same grid: 1 to G, 0 to F, numbers 1 to 16 with '.' or 0
// for blanks, and numbers in CSV fields.
func TestParse16x16Notations(t *testing.T) {
	want, err := solver.Parse(mustRead(t, "testdata/parse/16x16-rows.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"16x16-hex-zero", "16x16-numbers", "16x16-numbers-zero", "16x16-numbers-csv"} {
		g, err := solver.Parse(mustRead(t, "testdata/parse/"+name+".txt"))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if g != want {
			t.Errorf("%s: got %s, want %s", name, g, want)
		}
	}
}

func TestParseErrorMessages(t *testing.T) {
	row3 := ".........\n.........\n.5....5..\n" + strings.Repeat(".........\n", 6)
	tests := []struct {
		name, in, want string
	}{
		{"80 cells", strings.Repeat(".", 80), "found 80 cells, a 9x9 puzzle needs 81"},
		{"row clash", row3, "row 3 has two 5s (r3c2 and r3c7)"},
		{"unexpected", "53..7....\n6..1y95..\n" + strings.Repeat(".........\n", 7), "unexpected character 'y' at line 2, column 5"},
		{"too long", strings.Repeat(".", solver.MaxInputBytes+1), "text is 65537 bytes, the limit is 65536"},
		{"empty", "", "empty input: no Sudoku grid found"},
		{"15 cells", "123............", "found 15 cells, a 4x4 puzzle needs 16"},
		{"letter in 9x9", "A" + strings.Repeat(".", 80), "unexpected character 'A' at line 1, column 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := solver.Parse(tt.in)
			if err == nil {
				t.Fatalf("Parse = %s, want error %q", g, tt.want)
			}
			if !g.IsZero() {
				t.Errorf("Parse returned a grid and an error")
			}
			if err.Error() != tt.want {
				t.Errorf("error = %q, want %q", err, tt.want)
			}
		})
	}
}

func TestParseClashIsTyped(t *testing.T) {
	_, err := solver.Parse(".........\n.........\n.5....5..\n" + strings.Repeat(".........\n", 6))
	var c *solver.Clash
	if !errors.As(err, &c) {
		t.Fatalf("error %v is not a *solver.Clash", err)
	}
	if c.Unit != (solver.Unit{Kind: solver.Row, Index: 2}) || c.Digit != 5 || c.First != 19 || c.Second != 24 {
		t.Errorf("clash = %+v", *c)
	}
}

func TestParseRawKeepsClashes(t *testing.T) {
	in := "55" + strings.Repeat(".", 79)
	g, err := solver.ParseRaw(in)
	if err != nil {
		t.Fatal(err)
	}
	if g.Cell(0) != 5 || g.Cell(1) != 5 {
		t.Errorf("ParseRaw = %s", g)
	}
	if err := g.Validate(); err == nil || err.Error() != "row 1 has two 5s (r1c1 and r1c2)" {
		t.Errorf("Validate = %v", err)
	}
}

func TestSizes(t *testing.T) {
	for _, tt := range []struct {
		file       string
		side, box  int
		firstDigit int
	}{
		{"4x4-line", 4, 2, 1},
		{"list-4x4-multiline", 4, 2, 0},
		{"16x16-rows", 16, 4, 1},
		{"16x16-line", 16, 4, 1},
		{"16x16-lower", 16, 4, 1},
	} {
		in, err := os.ReadFile("testdata/parse/" + tt.file + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		g, err := solver.Parse(string(in))
		if err != nil {
			t.Fatalf("%s: %v", tt.file, err)
		}
		if g.Side() != tt.side || g.BoxSide() != tt.box || g.NumCells() != tt.side*tt.side || g.Cell(0) != tt.firstDigit {
			t.Errorf("%s: side %d box %d cells %d first %d", tt.file, g.Side(), g.BoxSide(), g.NumCells(), g.Cell(0))
		}
	}
}

func TestSplitPuzzles(t *testing.T) {
	p := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	rows := "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n"
	tests := []struct {
		name string
		in   string
		want int
	}{
		{"one line", p + "\n", 1},
		{"one per line", p + "\n" + p + "\n\n# a comment\n" + p + "\n", 3},
		{"one per line with a bad one", p + "\n" + p[:80] + "\n" + p + "\n", 3},
		{"multi-line grid", rows, 1},
		{"16x16 grid", mustRead(t, "testdata/parse/16x16-rows.txt"), 1},
		{"4x4 one per line", "1.........3.....\n.4.....2........\n", 2},
		{"grids between empty lines", rows + "\n" + rows + "\n\n" + rows, 3},
		{"grids with headings", "Puzzle 1:\n\n" + rows + "\nPuzzle 2:\n\n" + rows, 2},
		{"grids one after the other", rows + rows, 2},
		{"grids between empty lines and one after the other", rows + "\n" + rows + rows, 3},
		{"pencil marks one per line", strings.Repeat(strings.Repeat("123456789", 81)+"\n", 3), 3},
		{"bordered grids one after the other", mustRead(t, "testdata/parse/rows-boxed-zeros.txt") + mustRead(t, "testdata/parse/rows-fixed-width.txt"), 2},
		{"one grid with empty lines between bands", strings.Replace(rows, "8...6...3", "\n8...6...3", 1), 1},
		{"data set", "quizzes,solutions\n" + strings.ReplaceAll(p, ".", "0") + "," + strings.Repeat("1", 81) + "\n" + p + ",x\n", 2},
		{"data set with ids", "id,puzzle,solution\n1," + p + ",\n2," + p + ",\n3," + p + ",\n", 3},
	}
	for _, tt := range tests {
		got := solver.SplitPuzzles(tt.in)
		if len(got) != tt.want {
			t.Errorf("%s: %d puzzles, want %d: %q", tt.name, len(got), tt.want, got)
			continue
		}
		if tt.want < 2 || strings.Contains(tt.name, "bad") {
			continue
		}
		for _, text := range got {
			if solver.LooksLikeMarks(text) {
				continue
			}
			if _, err := solver.Parse(text); err != nil {
				t.Errorf("%s: a piece does not parse: %v\n%s", tt.name, err, text)
			}
		}
	}
}

// FuzzSplitPuzzles checks that splitting never panics and never loses a
// text: it gives at least one piece, and a text that is one puzzle is
// that puzzle.
func FuzzSplitPuzzles(f *testing.F) {
	files, _ := filepath.Glob("testdata/parse/*.txt")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(string(b))
			f.Add(string(b) + "\n" + string(b))
		}
	}
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > solver.MaxInputBytes {
			return
		}
		got := solver.SplitPuzzles(in)
		if len(got) == 0 {
			t.Fatal("no piece")
		}
		if g, err := solver.Parse(in); err == nil && len(got) == 1 {
			if back, err := solver.Parse(got[0]); err != nil || back != g {
				t.Fatalf("the one piece reads as %s, %v; the whole as %s", back, err, g)
			}
		}
	})
}

func mustRead(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// FuzzParse states the parser's contract: for any text, a grid or an
// error, never both, never a panic; a grid obeys the rules and reads back
// as itself.
func FuzzParse(f *testing.F) {
	addFileSeeds(f, "testdata/parse/*.txt")
	f.Fuzz(func(t *testing.T, in string) {
		g, err := solver.Parse(in)
		if err != nil {
			if !g.IsZero() {
				t.Fatalf("grid and error: %v", err)
			}
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		if g.IsZero() {
			t.Fatal("neither grid nor error")
		}
		if err := g.Validate(); err != nil {
			t.Fatalf("Parse accepted a grid that breaks the rules: %v", err)
		}
		back, err := solver.Parse(g.String())
		if err != nil || back != g {
			t.Fatalf("round trip of %s: %v %s", g, err, back)
		}
	})
}
