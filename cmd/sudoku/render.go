package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
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

Pictures are square, 900 pixels by default, in a light or dark theme for
Discord's light and dark modes. --labels numbers the rows and columns (on
by default with --hint).

Examples:
  sudoku render -o puzzle.png 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
  sudoku render --solve --theme dark -o solution.png puzzle.txt
  sudoku render --candidates --labels -o marks.png puzzle.txt
  sudoku render --hint 3 -o hint.png puzzle.txt
  sudoku render --current mygrid.txt -o check.png puzzle.txt
`

func runRender(ctx context.Context, args []string, s *stdio) error {
	fs := newFlags("render", renderHelp, s)
	out := fs.String("o", "", "write the PNG to this `file` ('-' for standard output); required")
	solve := fs.Bool("solve", false, "draw the puzzle's solution")
	cands := fs.Bool("candidates", false, "draw pencil marks in the empty cells")
	hint := fs.Int("hint", 0, "draw the next step at this `level` of help: 1, 2 or 3")
	current := fs.String("current", "", "a player's `grid` (text or file): marks its wrong digits, or with --hint the grid to help with")
	marksArg := fs.String("marks", "", "with --hint, the player's pencil `marks` (text or file): 81 fields of digits")
	themeName := fs.String("theme", "light", "colour `theme`: light or dark")
	size := fs.Int("size", render.DefaultSize, fmt.Sprintf("picture side in `pixels`, %d to %d", render.MinSize, render.MaxSize))
	labels := fs.Bool("labels", false, "number the rows and columns (always on with --hint)")
	if err := parseFlags(fs, args, s); err != nil {
		return err
	}
	theme, err := render.ParseTheme(*themeName)
	switch {
	case err != nil:
		return usageErrorf(fs, "--theme: %v", err)
	case *out == "":
		return usageErrorf(fs, "-o FILE is required: where to write the picture")
	case fs.NArg() != 1:
		return usageErrorf(fs, "want one PUZZLE, got %d arguments", fs.NArg())
	case *size < render.MinSize || *size > render.MaxSize:
		return usageErrorf(fs, "--size must be from %d to %d pixels, got %d", render.MinSize, render.MaxSize, *size)
	case *hint != 0 && (*hint < 1 || *hint > 3):
		return usageErrorf(fs, "--hint must be 1, 2 or 3, got %d", *hint)
	case *solve && *hint != 0:
		return usageErrorf(fs, "--solve and --hint draw different pictures: give one of them")
	case *marksArg != "" && *hint == 0:
		return usageErrorf(fs, "--marks goes with --hint: the marks the next step works from")
	case *solve && *current != "":
		return usageErrorf(fs, "--solve draws the solution of the puzzle; --current does not go with it")
	}
	opt := render.Options{Theme: theme, Size: *size, Candidates: *cands, Labels: *labels || *hint != 0}

	puzzle, cur, err := argPuzzle(fs.Arg(0), *current, s)
	if err != nil {
		return err
	}
	// Text goes to standard error when the picture takes standard output.
	text := s.out
	if *out == "-" {
		text = s.err
	}

	var png []byte
	switch {
	case *solve:
		sol, err := solver.SolveUnique(puzzle)
		if err != nil {
			return fmt.Errorf("solve %s: %w", describeArg(fs.Arg(0)), err)
		}
		png, err = encodePNG(render.Solution(puzzle, sol, opt))
		if err != nil {
			return err
		}
	case *hint != 0:
		marks, err := argMarks(*marksArg, s)
		if err != nil {
			return err
		}
		st, err := human.NextStep(puzzle, cur, marks)
		var wrong *solver.WrongGridError
		switch {
		case errors.As(err, &wrong):
			printWrong(text, wrong.Cells)
			if len(wrong.Cells) == 0 {
				fmt.Fprintln(text, wrong.Error())
			}
			return errFailed
		case errors.Is(err, human.ErrSolved):
			return fmt.Errorf("the grid is already solved: there is no next step to draw")
		case err != nil:
			return err
		}
		before := puzzle
		if !cur.IsZero() {
			before = merged(puzzle, cur)
		}
		var cands []solver.DigitSet
		if marks != nil {
			// Show the marks the hint engine works from: the
			// player's, narrowed by the digits placed, and the basic
			// ones in cells without marks yet.
			cands = before.Candidates()
			for i, m := range marks {
				if m != 0 {
					cands[i] &= m
				}
			}
		}
		png, err = encodePNG(render.Hint(puzzle, before, cands, st, *hint, opt))
		if err != nil {
			return err
		}
		switch *hint {
		case 1:
			fmt.Fprintln(text, st.Nudge)
		case 2:
			fmt.Fprintln(text, st.Area)
		default:
			fmt.Fprintf(text, "%s: %s\n", st.Technique, st.Explanation)
		}
	case *current != "":
		cells, err := checkGrid(puzzle, cur)
		if err != nil {
			return err
		}
		var wrong []int
		for _, c := range cells {
			wrong = append(wrong, c.Cell)
		}
		printWrong(text, cells)
		png, err = encodePNG(render.Wrong(puzzle, merged(puzzle, cur), wrong, opt))
		if err != nil {
			return err
		}
	default:
		png, err = encodePNG(render.Grid(puzzle, opt))
		if err != nil {
			return err
		}
	}
	if *out == "-" {
		_, err = s.out.Write(png)
		return err
	}
	if err := os.WriteFile(*out, png, 0o644); err != nil {
		return fmt.Errorf("write the picture: %w", err)
	}
	return nil
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
