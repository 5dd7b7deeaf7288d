package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sudokubot/sudokubot/ocr"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/human"
)

// pictureArg returns the bytes of a command's argument when it names a
// picture ("-" for standard input), and nil when it does not: a puzzle as
// text, or a file of text.
func pictureArg(arg string, s *stdio) ([]byte, error) {
	if arg == "-" {
		text, err := argText(arg, s)
		if err != nil || !isImage([]byte(text)) {
			// Standard input can be read once: keep what was read for
			// the text path.
			s.in = strings.NewReader(text)
			return nil, err
		}
		return []byte(text), nil
	}
	data, err := readFile(arg)
	if err != nil || !isImage(data) {
		return nil, nil
	}
	return data, nil
}

// readPicture reads a picture of a puzzle, in progress or not.
func readPicture(ctx context.Context, name string, data []byte, photos *photoReader) (*ocr.Result, error) {
	res, err := photos.read(ctx, data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	photos.noteGrids(name, res)
	return res, nil
}

// readPuzzle reads the puzzle a picture of a puzzle in progress shows (see
// puzzleOf), refused only when its solution is not sure: the player's work
// is checked against the solution, and a step that needs the givens
// themselves asks for them ([ocr.Puzzle.Sure]).
func readPuzzle(ctx context.Context, name string, data []byte, photos *photoReader, accept bool) (*ocr.Result, ocr.Puzzle, error) {
	res, err := readPicture(ctx, name, data, photos)
	if err != nil {
		return nil, ocr.Puzzle{}, err
	}
	pz, err := puzzleOf(name, res, accept, true)
	return res, pz, err
}

// puzzleOf is the puzzle the picture of file name shows
// ([ocr.Result.Puzzle]). One that rests on digits not read surely is an
// error naming them, unless accept takes the reading as it is, or
// solutionOnly says the answer needs the solution alone and their doubts
// cannot change it ([ocr.Puzzle.SolutionSure]).
func puzzleOf(name string, res *ocr.Result, accept, solutionOnly bool) (ocr.Puzzle, error) {
	pz, err := res.Puzzle()
	switch {
	case err != nil:
	case accept:
		pz = pz.Accepted()
	case solutionOnly:
		err = pz.SolutionSure()
	default:
		err = pz.Sure()
	}
	if err != nil {
		return pz, fmt.Errorf("%s: %w", name, acceptHint(err))
	}
	return pz, nil
}

// acceptHint adds to an error about digits not read surely how to take the
// reading anyway.
func acceptHint(err error) error {
	if errors.Is(err, ocr.ErrUnsure) {
		return fmt.Errorf("%w (--accept takes them as read)", err)
	}
	return err
}

// progressJSON is sudoku check --json's answer for a picture.
type progressJSON struct {
	Entries    int      `json:"entries"`
	Wrong      []string `json:"wrong"`
	MarksWrong []string `json:"marks_wrong"`
	Unsure     []string `json:"unsure"`
	Error      string   `json:"error,omitempty"`
}

// checkPicture reads a picture of a puzzle in progress and checks the
// player's work in it ([ocr.Result.ProgressFrom]); accept takes givens
// not read surely as read.
func checkPicture(ctx context.Context, name string, data []byte, accept bool, photos *photoReader) (ocr.Progress, error) {
	res, err := readPicture(ctx, name, data, photos)
	if err != nil {
		return ocr.Progress{}, err
	}
	pz, err := res.Puzzle()
	if err != nil {
		return ocr.Progress{}, fmt.Errorf("%s: %w", name, err)
	}
	if accept {
		pz = pz.Accepted()
	}
	return res.ProgressFrom(pz), nil
}

// runCheckPicture is sudoku check PICTURE: the player's entries and pencil
// marks in the picture checked against the puzzle's solution.
func runCheckPicture(ctx context.Context, name string, data []byte, asJSON, accept bool, s *stdio) error {
	p, err := checkPicture(ctx, name, data, accept, s.photos)
	failed := err != nil || p.Mistaken() || p.GivensUnsure
	if asJSON {
		j := progressJSON{Wrong: []string{}, MarksWrong: []string{}, Unsure: []string{}}
		switch {
		case err != nil:
			j.Error = err.Error()
		default:
			j.Entries = p.Entries
			j.Wrong, j.MarksWrong, j.Unsure = cellNames(p.Wrong), cellNames(p.MarksWrong), cellNames(p.Unsure)
			if p.GivensUnsure {
				j.Error = p.Summary()
			}
		}
		if werr := writeJSON(s.out, j); werr != nil {
			return werr
		}
		if failed {
			return errFailed
		}
		return nil
	}
	if err != nil {
		fmt.Fprintln(s.out, "error: "+err.Error())
		return errFailed
	}
	printLines(s.out, p.Lines())
	if failed {
		return errFailed
	}
	return nil
}

// printLines writes lines, one a line.
func printLines(w io.Writer, lines []string) {
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
}

// cellNames names cells r1c1 ... r9c9.
func cellNames(cells []int) []string {
	out := make([]string, 0, len(cells))
	for _, i := range cells {
		out = append(out, cellName9(i))
	}
	return out
}

// runHintPicture is sudoku hint PICTURE: the next step from where the
// player is in the picture, their entries placed and their pencil marks,
// when right and read surely, as the candidates. Wrong entries are named
// instead, as sudoku check names them, and the cells check asks about
// are asked about after the step, in the same words.
func runHintPicture(ctx context.Context, name string, data []byte, level int, asJSON, accept bool, s *stdio) error {
	res, pz, err := readPuzzle(ctx, name, data, s.photos, accept)
	if err != nil {
		return err
	}
	p := res.ProgressFrom(pz)
	if !(p.Filled && p.Right()) {
		// A step rests on the givens themselves, not only on the
		// solution that the player's mistakes and a grid solved
		// right are told from.
		if err := pz.Sure(); err != nil {
			return fmt.Errorf("%s: %w", name, acceptHint(err))
		}
	}
	if len(p.Wrong) > 0 {
		mistakes := p.Mistakes()[:len(p.Wrong)]
		if asJSON {
			writeJSON(s.out, mistakesJSON(p, mistakes))
			return errFailed
		}
		printLines(s.out, mistakes)
		fmt.Fprintln(s.out, "Fix these first, then ask again.")
		return errFailed
	}
	st, err := human.NextStep(pz.Grid, p.Current, p.Marks)
	var wrong *solver.WrongGridError
	if errors.As(err, &wrong) && p.Marks != nil {
		// Marks read surely that contradict each other or the entries:
		// the step works from the candidates instead.
		p.MarksWrong, p.Marks = wrongCells(wrong), nil
		st, err = human.NextStep(pz.Grid, p.Current, nil)
	}
	switch {
	case errors.Is(err, human.ErrSolved) && asJSON:
		return writeJSON(s.out, stepJSON{Placements: []candidateJSON{}, Eliminations: []candidateJSON{}, Explanation: "The grid is solved correctly!", Solved: true})
	case errors.Is(err, human.ErrSolved):
		fmt.Fprintln(s.out, "The grid is solved correctly!")
		return nil
	case err != nil:
		return fmt.Errorf("%s: %w", name, err)
	case asJSON:
		j := stepJSONAt(st, level)
		j.Unsure = cellNames(p.Unsure)
		return writeJSON(s.out, j)
	}
	if len(p.MarksWrong) > 0 {
		fmt.Fprintf(s.out, "The pencil marks of %s leave out the right digit, so this step works from the candidates instead.\n", strings.Join(cellNames(p.MarksWrong), ", "))
	}
	fmt.Fprintln(s.out, stepText(st, level))
	printLines(s.out, p.Asks())
	return nil
}

// wrongCells are the cells of a wrong grid.
func wrongCells(w *solver.WrongGridError) []int {
	out := make([]int, 0, len(w.Cells))
	for _, c := range w.Cells {
		out = append(out, c.Cell)
	}
	return out
}

// mistakesJSON is hint --json's answer when the player's entries in a
// picture are wrong: the shape of a wrong grid (see wrongGridJSON).
func mistakesJSON(p ocr.Progress, lines []string) wrongJSON {
	out := wrongJSON{Error: "fix these first, then ask again: " + strings.Join(lines, "; "), Wrong: []wrongCellJSON{}, Unsure: cellNames(p.Unsure)}
	for k, i := range p.Wrong {
		out.Wrong = append(out.Wrong, wrongCellJSON{cellName9(i), p.Current.Cell(i), lines[k]})
	}
	return out
}
