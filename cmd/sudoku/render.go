package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"os"

	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/human"
)

const renderHelp = `
Usage: sudoku render [--solve] [--candidates] [--hint LEVEL] [--current GRID]
                     [--marks MARKS] [--theme light|dark] [--size PX]
                     [--labels] -o FILE PUZZLE

Draws PUZZLE as a PNG picture in FILE ('-' for standard output). PUZZLE is
the puzzle itself (81 characters for 9x9, 16 or 256 for 4x4 and 16x16,
'.' or '0' for blanks, or a grid over several lines) or the name of a file
holding it ('-' for standard input).

What the picture shows:
  (default)        the puzzle, with pencil marks if --candidates;
  --solve          its unique solution, the solver's digits in blue;
  --current GRID   a player's grid (text or file), wrong digits marked;
  --hint LEVEL     the next logical step (9x9 only) for the puzzle or the
                   --current grid, with its text printed: 1 shades where
                   to look, 2 the area of the technique, 3 shows the whole
                   step: proving cells shaded, the placed digit ringed,
                   eliminated pencil marks struck through in red, chain
                   links as arrows. --marks gives the player's pencil
                   marks (81 fields of digits, as for 'sudoku hint'),
                   which the step then works from and the picture shows.

Pictures are square, 900 pixels by default (1800 for a 16x16 grid with
pencil marks, which stay readable so), in a light or dark theme for
Discord's light and dark modes. --labels numbers the rows and columns (on
by default with --hint). Sizes 4x4, 9x9 and 16x16; --hint is 9x9 only.

Examples:
  sudoku render -o puzzle.png 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
  sudoku render --solve --theme dark -o solution.png puzzle.txt
  sudoku render --candidates --labels -o marks.png puzzle.txt
  sudoku render --hint 3 -o hint.png puzzle.txt
  sudoku render --current mygrid.txt -o check.png puzzle.txt
`

// renderFlags are the settings of sudoku render.
type renderFlags struct {
	out, current, marks string
	solve               bool
	hint                int
	opt                 render.Options
}

func runRender(ctx context.Context, args []string, s *stdio) error {
	fs, f, err := parseRenderFlags(args, s)
	if err != nil {
		return err
	}
	puzzle, cur, err := argPuzzle(fs.Arg(0), f.current, s)
	if err != nil {
		return err
	}
	// Text goes to standard error when the picture takes standard output.
	text := s.out
	if f.out == "-" {
		text = s.err
	}
	var png []byte
	switch {
	case f.solve:
		png, err = renderSolution(puzzle, fs.Arg(0), f.opt)
	case f.hint != 0:
		png, err = renderHint(puzzle, cur, f, s, text)
	case f.current != "":
		png, err = renderChecked(puzzle, cur, f.opt, text)
	default:
		png, err = encodePNG(render.Grid(puzzle, f.opt))
	}
	if err != nil {
		return err
	}
	if f.out == "-" {
		_, err = s.out.Write(png)
		return err
	}
	if err := os.WriteFile(f.out, png, 0o644); err != nil {
		return fmt.Errorf("write the picture: %w", err)
	}
	return nil
}

// parseRenderFlags parses the flags of sudoku render and checks that they
// go together.
func parseRenderFlags(args []string, s *stdio) (*flag.FlagSet, renderFlags, error) {
	var f renderFlags
	fs := newFlags("render", renderHelp, s)
	fs.StringVar(&f.out, "o", "", "write the PNG to this `file` ('-' for standard output); required")
	fs.BoolVar(&f.solve, "solve", false, "draw the puzzle's solution")
	cands := fs.Bool("candidates", false, "draw pencil marks in the empty cells")
	fs.IntVar(&f.hint, "hint", 0, "draw the next step at this `level` of help: 1, 2 or 3")
	fs.StringVar(&f.current, "current", "", "a player's `grid` (text or file): marks its wrong digits, or with --hint the grid to help with")
	fs.StringVar(&f.marks, "marks", "", "with --hint, the player's pencil `marks` (text or file): 81 fields of digits")
	themeName := fs.String("theme", "light", "colour `theme`: light or dark")
	size := fs.Int("size", 0, fmt.Sprintf("picture side in `pixels`, %d to %d (default %d, %d for a 16x16 grid with pencil marks)", render.MinSize, render.MaxSize, render.DefaultSize, render.MarksSize16))
	labels := fs.Bool("labels", false, "number the rows and columns (always on with --hint)")
	if err := parseFlags(fs, args, s); err != nil {
		return fs, f, err
	}
	theme, err := render.ParseTheme(*themeName)
	switch {
	case err != nil:
		return fs, f, usageErrorf(fs, "--theme: %v", err)
	case f.out == "":
		return fs, f, usageErrorf(fs, "-o FILE is required: where to write the picture")
	case fs.NArg() != 1:
		return fs, f, usageErrorf(fs, "want one PUZZLE, got %d arguments", fs.NArg())
	case *size != 0 && (*size < render.MinSize || *size > render.MaxSize):
		return fs, f, usageErrorf(fs, "--size must be from %d to %d pixels, got %d", render.MinSize, render.MaxSize, *size)
	case f.hint != 0 && (f.hint < 1 || f.hint > 3):
		return fs, f, usageErrorf(fs, "--hint must be 1, 2 or 3, got %d", f.hint)
	case f.solve && f.hint != 0:
		return fs, f, usageErrorf(fs, "--solve and --hint draw different pictures: give one of them")
	case f.marks != "" && f.hint == 0:
		return fs, f, usageErrorf(fs, "--marks goes with --hint: the marks the next step works from")
	case f.solve && f.current != "":
		return fs, f, usageErrorf(fs, "--solve draws the solution of the puzzle; --current does not go with it")
	}
	f.opt = render.Options{Theme: theme, Size: *size, Candidates: *cands, Labels: *labels || f.hint != 0}
	return fs, f, nil
}

// renderSolution draws the unique solution of puzzle, given as arg.
func renderSolution(puzzle solver.Grid, arg string, opt render.Options) ([]byte, error) {
	sol, err := solver.SolveUnique(puzzle)
	if err != nil {
		return nil, fmt.Errorf("solve %s: %w", describeArg(arg), err)
	}
	return encodePNG(render.Solution(puzzle, sol, opt))
}

// renderHint draws the next step for the player's grid cur (the puzzle
// itself when zero), with the pencil marks of --marks, and prints its text
// at the level of help to text. A wrong grid is printed cell by cell
// instead.
func renderHint(puzzle, cur solver.Grid, f renderFlags, s *stdio, text io.Writer) ([]byte, error) {
	marks, err := argMarks(f.marks, s)
	if err != nil {
		return nil, err
	}
	st, err := nextStep(text, puzzle, cur, marks)
	if errors.Is(err, human.ErrSolved) {
		return nil, fmt.Errorf("the grid is already solved: there is no next step to draw")
	}
	if err != nil {
		return nil, err
	}
	before := puzzle
	if !cur.IsZero() {
		before = merged(puzzle, cur)
	}
	png, err := encodePNG(render.Hint(puzzle, before, shownMarks(before, marks), st, f.hint, f.opt))
	if err != nil {
		return nil, err
	}
	fmt.Fprintln(text, stepText(st, f.hint))
	return png, nil
}

// shownMarks returns the pencil marks a hint works from, to draw them: the
// player's marks narrowed by the digits placed in before, and the basic
// candidates in cells without marks yet; nil (the basic candidates of
// before everywhere) without marks.
func shownMarks(before solver.Grid, marks []solver.DigitSet) []solver.DigitSet {
	if marks == nil {
		return nil
	}
	shown := before.Candidates()
	for i, m := range marks {
		if m != 0 {
			shown[i] &= m
		}
	}
	return shown
}

// renderChecked draws the player's grid cur with its wrong cells marked,
// and names them on text.
func renderChecked(puzzle, cur solver.Grid, opt render.Options, text io.Writer) ([]byte, error) {
	cells, err := checkGrid(puzzle, cur)
	if err != nil {
		return nil, err
	}
	wrong := make([]int, len(cells))
	for i, c := range cells {
		wrong[i] = c.Cell
	}
	printWrong(text, cells)
	return encodePNG(render.Wrong(puzzle, merged(puzzle, cur), wrong, opt))
}

// merged returns current with the givens of puzzle filled in where the
// player left them out.
func merged(puzzle, current solver.Grid) solver.Grid {
	for i := range puzzle.NumCells() {
		if d := puzzle.Cell(i); d != 0 && current.Cell(i) == 0 {
			current.SetCell(i, d)
		}
	}
	return current
}

// encodePNG encodes a picture, passing on the drawing's error.
func encodePNG(img *image.Paletted, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := render.EncodePNG(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
