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

// readProgress reads a picture of a puzzle in progress and checks the
// player's entries and pencil marks in it ([ocr.Result.Progress]).
func readProgress(ctx context.Context, name string, data []byte, photos *photoReader) (*ocr.Result, ocr.Progress, error) {
	res, err := photos.read(ctx, data)
	if err != nil {
		return nil, ocr.Progress{}, fmt.Errorf("%s: %w", name, err)
	}
	p, err := res.Progress()
	if err != nil {
		return nil, ocr.Progress{}, fmt.Errorf("%s: %w", name, err)
	}
	return res, p, nil
}

// progressJSON is sudoku check --json's answer for a picture.
type progressJSON struct {
	Entries    int      `json:"entries"`
	Wrong      []string `json:"wrong"`
	MarksWrong []string `json:"marks_wrong"`
	Unsure     []string `json:"unsure"`
	Error      string   `json:"error,omitempty"`
}

// runCheckPicture is sudoku check PICTURE: the player's entries and pencil
// marks in the picture checked against the puzzle's solution.
func runCheckPicture(ctx context.Context, name string, data []byte, asJSON bool, s *stdio) error {
	res, p, err := readProgress(ctx, name, data, s.photos)
	if asJSON {
		j := progressJSON{Wrong: []string{}, MarksWrong: []string{}, Unsure: []string{}}
		if err != nil {
			j.Error = err.Error()
		} else {
			j.Entries = p.Entries
			j.Wrong, j.MarksWrong, j.Unsure = cellNames(p.Wrong), cellNames(p.MarksWrong), cellNames(p.Unsure)
		}
		if werr := writeJSON(s.out, j); werr != nil {
			return werr
		}
		if err != nil || len(p.Wrong)+len(p.MarksWrong) > 0 {
			return errFailed
		}
		return nil
	}
	if err != nil {
		fmt.Fprintln(s.out, "error: "+err.Error())
		return errFailed
	}
	printProgress(s.out, res, p)
	if len(p.Wrong)+len(p.MarksWrong) > 0 {
		return errFailed
	}
	return nil
}

// printProgress writes what the check of a picture found: one line per
// mistake, one per cell that could not be read surely, or that all the
// entries are right.
func printProgress(w io.Writer, res *ocr.Result, p ocr.Progress) {
	for _, i := range p.Wrong {
		fmt.Fprintf(w, "%s: %d is wrong\n", solver.CellName(i/9, i%9), res.Entered.Cell(i))
	}
	for _, i := range p.MarksWrong {
		fmt.Fprintf(w, "%s: the pencil marks %s leave out the right digit\n", solver.CellName(i/9, i%9), spaced(res.Marks[i]))
	}
	for _, i := range p.Unsure {
		fmt.Fprintf(w, "%s: %s\n", solver.CellName(i/9, i%9), unsureText(res, i))
	}
	switch {
	case len(p.Wrong)+len(p.MarksWrong) > 0:
	case p.Entries == 0 && len(p.Unsure) == 0:
		fmt.Fprintln(w, "no entries to check: the picture shows the puzzle's givens only")
	case len(p.Unsure) > 0:
		fmt.Fprintf(w, "no mistake among the %s I could read surely; please check the cells above\n", entriesText(p.Entries-p.UnsureEntries))
	case p.Entries == 1:
		fmt.Fprintln(w, "the 1 entry is right")
	default:
		fmt.Fprintf(w, "all %s are right\n", entriesText(p.Entries))
	}
}

// unsureText asks about a cell not read surely, saying what it may hold.
func unsureText(res *ocr.Result, i int) string {
	c := res.Cells[i]
	if c.Kind == ocr.KindMarks {
		return fmt.Sprintf("are the pencil marks %s? I could not read them surely", spaced(res.Marks[i]))
	}
	other := c.OtherDigit()
	if c.Digit == 0 && other != 0 {
		return fmt.Sprintf("is this empty, or %s? I could not read it surely", aDigit(other))
	}
	alt := ""
	if other != 0 {
		alt = " or " + aDigit(other)
	}
	return fmt.Sprintf("is this %s%s? I could not read it surely", aDigit(c.Digit), alt)
}

// aDigit is a digit with its article: "a 7", "an 8".
func aDigit(d int) string {
	if d == 8 {
		return "an 8"
	}
	return fmt.Sprintf("a %d", d)
}

// entriesText is "1 entry" or "n entries".
func entriesText(n int) string {
	if n == 1 {
		return "1 entry"
	}
	return fmt.Sprintf("%d entries", n)
}

// spaced writes pencil marks as digits with spaces: "2 7".
func spaced(m solver.DigitSet) string {
	return strings.Join(strings.Split(m.String(), ""), " ")
}

// cellNames names cells r1c1 ... r9c9.
func cellNames(cells []int) []string {
	out := make([]string, 0, len(cells))
	for _, i := range cells {
		out = append(out, solver.CellName(i/9, i%9))
	}
	return out
}

// runHintPicture is sudoku hint PICTURE: the next step from where the
// player is in the picture, their entries placed and their pencil marks,
// when right and read surely, as the candidates. Wrong entries are named
// instead, as sudoku check names them.
func runHintPicture(ctx context.Context, name string, data []byte, level int, asJSON bool, s *stdio) error {
	res, p, err := readProgress(ctx, name, data, s.photos)
	if err != nil {
		return err
	}
	if len(p.Wrong) > 0 {
		printProgress(s.out, res, ocr.Progress{Wrong: p.Wrong, Entries: p.Entries})
		fmt.Fprintln(s.out, "Fix these first, then ask again.")
		return errFailed
	}
	cur := res.Grid
	for i := range 81 {
		if d := res.Entered.Cell(i); d != 0 {
			cur.SetCell(i, d)
		}
	}
	var marks []solver.DigitSet
	switch {
	case len(p.MarksWrong) > 0:
		fmt.Fprintf(s.out, "The pencil marks of %s leave out the right digit, so this step works from the candidates instead.\n", strings.Join(cellNames(p.MarksWrong), ", "))
	default:
		for i, m := range res.Marks {
			if m != 0 && res.Cells[i].MarksConfidence >= ocr.SureConfidence {
				if marks == nil {
					marks = make([]solver.DigitSet, 81)
				}
				marks[i] = m
			}
		}
	}
	st, err := human.NextStep(res.Grid, cur, marks)
	switch {
	case errors.Is(err, human.ErrSolved):
		fmt.Fprintln(s.out, "The grid is solved correctly!")
		return nil
	case err != nil:
		return fmt.Errorf("%s: %w", name, err)
	case asJSON:
		return writeJSON(s.out, stepJSONAt(st, level))
	}
	fmt.Fprintln(s.out, stepText(st, level))
	if len(p.Unsure) > 0 {
		fmt.Fprintf(s.out, "(I could not read %s surely: check %s.)\n", strings.Join(cellNames(p.Unsure), ", "), pronoun(len(p.Unsure)))
	}
	return nil
}

func pronoun(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}
