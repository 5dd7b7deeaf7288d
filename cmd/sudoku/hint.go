package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/human"
)

const hintHelp = `
Usage: sudoku hint [--level 1|2|3] [--json] [PUZZLE...]
       sudoku hint [--level 1|2|3] [--json] [--current GRID] [--marks MARKS] PUZZLE

Prints the next step of PUZZLE: the easiest technique that applies, as
HoDoKu orders them. PUZZLE is the puzzle itself (81 characters, '.' or '0'
for blanks) or the name of a file holding it ('-' for standard input), or a
photo or screenshot of the puzzle: then the step starts from where the
player is in it (their entries placed, their pencil marks as the
candidates when they are right and read surely), wrong entries are named
instead, as sudoku check names them, and the cells check asks about are
asked about after the step, in the same words. A picture whose givens
were not all read surely is an error naming them with their likeliest
digits (exit status 1); --accept takes the reading as it is.
With no PUZZLE, standard input is read. Several puzzles (arguments, or a
file holding several) are each answered in order, an empty line between
two answers; one that cannot be read gets "error: <reason>" in its place,
and the exit status is 1.

Levels of help: 1 says where to look, 2 names the technique and the area,
3 (the default) gives the whole step. --current is the grid reached so far
(text or file, givens may be left out); --marks the pencil marks, 81 fields
of digits row by row ("123 45 9 ...") or the 729-character pencil-mark form.
A grid with wrong digits is reported cell by cell instead of a hint (exit
status 1). 9x9 only. With --json, the step, a wrong grid or any error is one
JSON object.

Examples:
  sudoku hint 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........
  sudoku hint --level 1 puzzle.txt
  sudoku hint --json --current mygrid.txt puzzle.txt
`

const explainHelp = `
Usage: sudoku explain [--json] [PUZZLE...]

Prints the whole logical solution of PUZZLE, easiest technique first, one
step per line: "<technique>: <explanation>". With --json each line is one
JSON object {"technique":...,"placements":[{"cell":"r5c4","digit":7}],
"eliminations":[...],"explanation":...}. PUZZLE is the puzzle itself or a
file holding it ('-' for standard input, as when there is none). Several
puzzles are each explained in order, an empty line between two; one that
cannot be read gets "error: <reason>" in its place (exit status 1). A
solved grid is said to be solved.

Examples:
  sudoku explain puzzle.txt
  sudoku explain --json 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........
`

const rateHelp = `
Usage: sudoku rate [--json] [-j N] [FILE...]

Rates the puzzles in each FILE ('-' or none for standard input; a FILE may
also be the puzzle itself), 9x9 only, the way HoDoKu does: the level of the
hardest step (Easy, Medium, Hard, Unfair, Extreme), raised when the total
score passes the level's cap, the score (sum of the steps' scores) and the
techniques needed, with how often.

Beside HoDoKu's rating it gives Sudoku Explainer's (SE 1.2.1's serate):
ER, the difficulty of the hardest step; EP, the hardest up to the first
placement; ED, the first step's, from 1.0 (a full house) to past 11 for the
hardest puzzles known, with SE's rules applied in SE's order.

Prints one line per puzzle, in input order:
  "<level> <score>, SE <ER>/<EP>/<ED>: <technique> x<count>, ..." or
  "error: <reason>".
With --json, one JSON object per line, and any error as {"error": "..."}.

Examples:
  sudoku rate puzzles.txt
  echo 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........ | sudoku rate
`

const checkHelp = `
Usage: sudoku check [--json] PUZZLE CURRENT
       sudoku check [--json] PICTURE

Prints the cells of CURRENT that are wrong: digits that clash in a row,
column or box, changed givens, and digits that contradict the puzzle's
unique solution (the right digit is not given away). Each of PUZZLE and
CURRENT is a grid as text or the name of a file holding it. With --json:
{"wrong": [{"cell": "r1c4", "digit": 1, "reason": "..."}, ...]}. Exits
with status 1 when some cell is wrong, 0 when none is.

Given one PICTURE (a photo or screenshot of a puzzle in progress: the
printed givens with the player's digits, written or typed, and pencil
marks), checks the player's entries and pencil marks against the
puzzle's solution: "all 47 entries are right", or one line per mistake
("r3c4: your 7 is wrong", "r5c5: your pencil marks 2 7 leave out the right
digit"). A cell is called wrong only when it was read surely and the
givens it is checked against were all read surely; otherwise it is asked
about ("r6c2: is this a 7 or a 1? I could not read it surely"), never
called wrong, and so are the givens not read surely (--accept takes them
as read). With --json: {"entries": N, "wrong": ["r3c4", ...],
"marks_wrong": [...], "unsure": [...], "error": "..."}. Exits with status
1 when a mistake is found, the givens were not all read surely, or the
picture cannot be read.

Examples:
  sudoku check puzzle.txt mygrid.txt
  sudoku check photo-of-my-grid.jpg
`

func runHint(ctx context.Context, args []string, s *stdio) (err error) {
	fs := newFlags("hint", hintHelp, s)
	level := fs.Int("level", 3, "how much to say: 1 where to look, 2 the technique and area, 3 the whole step")
	asJSON := fs.Bool("json", false, "print the step as one JSON object, and an error as {\"error\": ...}")
	defer func() { err = jsonErrors(*asJSON, err) }()
	current := fs.String("current", "", "the grid reached so far, as text or a file name")
	marks := fs.String("marks", "", "pencil marks, as text or a file name: 81 fields of digits, or the 729-character form")
	accept := acceptFlag(fs)
	if err := parseFlags(fs, args, s); err != nil {
		return err
	}
	s.photos.accept = *accept
	if *level < 1 || *level > 3 {
		return usageErrorf(fs, "--level must be 1, 2 or 3, got %d", *level)
	}
	if *current == "" && *marks == "" {
		return eachAnswer(fs, s, *asJSON, func(p puzzleText) error {
			if p.photo != nil {
				return runHintPicture(ctx, describeSource(p.source), p.photo, *level, *asJSON, *accept, s)
			}
			puzzle, err := p.grid(s.photos)
			if err != nil {
				return sourceError(p, err)
			}
			return printStep(s, puzzle, solver.Grid{}, nil, *level, *asJSON)
		})
	}
	if fs.NArg() != 1 {
		return usageErrorf(fs, "--current and --marks go with one PUZZLE, got %d arguments", fs.NArg())
	}
	puzzle, cur, err := argPuzzle(fs.Arg(0), *current, s)
	if err != nil {
		return err
	}
	cands, err := argMarks(*marks, s)
	if err != nil {
		return err
	}
	return printStep(s, puzzle, cur, cands, *level, *asJSON)
}

// printStep prints the next step for the player's grid cur (the puzzle
// itself when zero) with the pencil marks cands, at a level of help, or
// the wrong cells of cur, or that the grid is solved.
func printStep(s *stdio, puzzle, cur solver.Grid, cands []solver.DigitSet, level int, asJSON bool) error {
	out := s.out
	if asJSON {
		out = nil // printed below
	}
	st, err := nextStep(out, puzzle, cur, cands)
	var wrong *solver.WrongGridError
	switch {
	case asJSON && errors.As(err, &wrong):
		writeJSON(s.out, wrongGridJSON(wrong))
		return errFailed
	case errors.Is(err, human.ErrSolved) && asJSON:
		return writeJSON(s.out, stepJSON{Placements: []candidateJSON{}, Eliminations: []candidateJSON{}, Explanation: solvedText, Solved: true})
	case errors.Is(err, human.ErrSolved):
		fmt.Fprintln(s.out, solvedText)
		return nil
	case err != nil:
		return err
	case asJSON:
		return writeJSON(s.out, stepJSONAt(st, level))
	}
	fmt.Fprintln(s.out, stepText(st, level))
	return nil
}

// solvedText is the answer of hint, explain and rate for a grid with no
// empty cell.
const solvedText = "The grid is already solved."

// eachAnswer is the body of the commands that answer one puzzle at a time
// at length (hint, explain): it reads the puzzles of the command's
// arguments (standard input when none) and answers each in order with
// answer. With one puzzle an error is the command's; with several, each
// answer is set apart by an empty line (one JSON object a line with
// asJSON), an error is printed in the puzzle's place, and the run fails
// at the end when any failed.
func eachAnswer(fs *flag.FlagSet, s *stdio, asJSON bool, answer func(puzzleText) error) error {
	puzzles, err := readPuzzles(fs.Args(), s.in)
	if err != nil {
		return err
	}
	if len(puzzles) == 1 {
		return answer(puzzles[0])
	}
	failed := false
	for i, p := range puzzles {
		if i > 0 && !asJSON {
			fmt.Fprintln(s.out)
		}
		err := answer(p)
		if err == nil {
			continue
		}
		failed = true
		if !errors.Is(err, errFailed) { // printed already
			fmt.Fprintln(s.out, errorLine(asJSON, err))
		}
	}
	if failed {
		return errFailed
	}
	return nil
}

// sourceError names where a puzzle that does not read came from.
func sourceError(p puzzleText, err error) error {
	if p.err != nil || p.photo != nil {
		return err // already says which argument or photo
	}
	return fmt.Errorf("%s: %w", describeSource(p.source), err)
}

// describeSource names a puzzle's source for messages.
func describeSource(source string) string {
	switch source {
	case "stdin":
		return "standard input"
	case "argument":
		return "the puzzle"
	}
	return source
}

// nextStep returns the next step for the player's grid cur (the puzzle
// itself when zero) with [human.NextStep]. A wrong grid is printed to w
// cell by cell (unless w is nil) and returns errFailed wrapped with the
// *solver.WrongGridError.
func nextStep(w io.Writer, puzzle, cur solver.Grid, marks []solver.DigitSet) (human.Step, error) {
	st, err := human.NextStep(puzzle, cur, marks)
	var wrong *solver.WrongGridError
	if errors.As(err, &wrong) {
		if w != nil {
			printWrong(w, wrong.Cells)
			if len(wrong.Cells) == 0 {
				fmt.Fprintln(w, wrong.Error())
			}
		}
		return st, fmt.Errorf("%w: %w", errFailed, wrong)
	}
	return st, err
}

// wrongGridJSON is the JSON form of a wrong grid: the error and the wrong
// cells.
func wrongGridJSON(wrong *solver.WrongGridError) wrongJSON {
	return wrongJSON{Error: wrong.Error(), Wrong: wrongCellsJSON(cellName9, wrong.Cells)}
}

// wrongJSON is the JSON form of a grid with wrong cells.
type wrongJSON struct {
	Error string          `json:"error,omitempty"`
	Wrong []wrongCellJSON `json:"wrong"`
	// Unsure are the cells of a picture asked about.
	Unsure []string `json:"unsure,omitempty"`
}

// wrongCellJSON is one wrong cell, with why it is wrong.
type wrongCellJSON struct {
	Cell   string `json:"cell"`
	Digit  int    `json:"digit"`
	Reason string `json:"reason"`
}

// wrongCellsJSON is the JSON form of wrong cells, named by name.
func wrongCellsJSON(name func(int) string, cells []solver.WrongCell) []wrongCellJSON {
	out := []wrongCellJSON{}
	for _, c := range cells {
		out = append(out, wrongCellJSON{name(c.Cell), c.Digit, c.Reason})
	}
	return out
}

// cellName9 names a cell of a 9x9 grid.
func cellName9(i int) string { return solver.CellName(i/9, i%9) }

// stepText is a step in words at a level of help: 1 where to look, 2 the
// technique and the area, 3 the whole step; on a puzzle with several
// solutions a line saying so comes first.
func stepText(st human.Step, level int) string {
	note := ""
	if st.MultipleSolutions {
		note = human.MultipleSolutionsNote + "\n"
	}
	switch level {
	case 1:
		return note + st.Nudge
	case 2:
		return note + st.Area
	}
	return note + st.Technique + ": " + st.Explanation
}

func runExplain(ctx context.Context, args []string, s *stdio) (err error) {
	fs := newFlags("explain", explainHelp, s)
	asJSON := fs.Bool("json", false, "print one JSON object per step, and an error as {\"error\": ...}")
	defer func() { err = jsonErrors(*asJSON, err) }()
	accept := acceptFlag(fs)
	if err := parseFlags(fs, args, s); err != nil {
		return err
	}
	s.photos.accept = *accept
	return eachAnswer(fs, s, *asJSON, func(p puzzleText) error {
		puzzle, err := p.grid(s.photos)
		if err != nil {
			return sourceError(p, err)
		}
		return printExplanation(ctx, s, puzzle, *asJSON)
	})
}

// printExplanation prints the steps of the logical solution of puzzle, one
// a line, or that it is solved.
func printExplanation(ctx context.Context, s *stdio, puzzle solver.Grid, asJSON bool) error {
	if puzzle.IsComplete() {
		if asJSON {
			return writeJSON(s.out, stepJSON{Placements: []candidateJSON{}, Eliminations: []candidateJSON{}, Explanation: solvedText, Solved: true})
		}
		fmt.Fprintln(s.out, solvedText)
		return nil
	}
	steps, err := human.Explain(puzzle)
	if err != nil {
		return err
	}
	for _, st := range steps {
		if err := ctx.Err(); err != nil {
			return err
		}
		if asJSON {
			if err := writeJSON(s.out, stepJSONAt(st, 3)); err != nil {
				return err
			}
			continue
		}
		fmt.Fprintf(s.out, "%s: %s\n", st.Technique, oneLine(st.Explanation))
	}
	return nil
}

func runRate(ctx context.Context, args []string, s *stdio) (err error) {
	fs := newFlags("rate", rateHelp, s)
	asJSON := fs.Bool("json", false, "print one JSON object per puzzle, and an error as {\"error\": ...}")
	defer func() { err = jsonErrors(*asJSON, err) }()
	workers := fs.Int("j", runtime.NumCPU(), "number of puzzles rated in parallel")
	accept := acceptFlag(fs)
	if err := parseFlags(fs, args, s); err != nil {
		return err
	}
	s.photos.accept = *accept
	return eachPuzzle(ctx, fs, s, *workers, "", func(p puzzleText) (string, bool) {
		g, err := p.grid(s.photos)
		if err != nil {
			return errorLine(*asJSON, err), false
		}
		if g.IsComplete() && !*asJSON {
			return solvedText, true
		}
		// The two ratings are independent: on a machine with two cores
		// or more, one puzzle is rated in the time of the slower.
		var se human.SERating
		var seErr error
		seDone := make(chan struct{})
		go func() {
			defer close(seDone)
			se, seErr = human.RateSE(g)
		}()
		r, err := human.Rate(g)
		<-seDone
		if err != nil {
			return errorLine(*asJSON, err), false
		}
		if seErr != nil {
			return errorLine(*asJSON, seErr), false
		}
		if *asJSON {
			out := ratingJSONOf(r)
			out.ER, out.EP, out.ED = tenths(se.ER), tenths(se.EP), tenths(se.ED)
			b, _ := json.Marshal(out)
			return string(b), true
		}
		parts := make([]string, len(r.Techniques))
		for i, t := range r.Techniques {
			parts[i] = fmt.Sprintf("%s x%d", t.Technique, t.Count)
		}
		return fmt.Sprintf("%s %d, SE %s/%s/%s: %s", r.Level, r.Score, tenths(se.ER), tenths(se.EP), tenths(se.ED), strings.Join(parts, ", ")), true
	})
}

func errorLine(asJSON bool, err error) string {
	if asJSON {
		b, _ := json.Marshal(map[string]string{"error": err.Error()})
		return string(b)
	}
	return "error: " + err.Error()
}

func runCheck(ctx context.Context, args []string, s *stdio) (err error) {
	fs := newFlags("check", checkHelp, s)
	asJSON := fs.Bool("json", false, "print one JSON object (for a PICTURE {\"entries\":N,\"wrong\":[...],\"marks_wrong\":[...],\"unsure\":[...]}), and an error as {\"error\": ...}")
	defer func() { err = jsonErrors(*asJSON, err) }()
	accept := acceptFlag(fs)
	if err := parseFlags(fs, args, s); err != nil {
		return err
	}
	s.photos.accept = *accept
	if fs.NArg() == 1 {
		data, err := pictureArg(fs.Arg(0), s)
		if err != nil {
			return err
		}
		if _, err := os.Lstat(fs.Arg(0)); data == nil && err != nil && fs.Arg(0) != "-" && !solver.LooksLikePuzzle(fs.Arg(0)) {
			return fileError(fs.Arg(0), err)
		}
		if data == nil {
			return usageErrorf(fs, "want PUZZLE and CURRENT, or one PICTURE, got 1 argument that is not a picture")
		}
		return runCheckPicture(ctx, describeArg(fs.Arg(0)), data, *asJSON, *accept, s)
	}
	if fs.NArg() != 2 {
		return usageErrorf(fs, "want PUZZLE and CURRENT, or one PICTURE, got %d arguments", fs.NArg())
	}
	puzzle, err := argGrid(fs.Arg(0), s, true)
	if err != nil {
		return err
	}
	cur, err := argGrid(fs.Arg(1), s, false)
	if err != nil {
		return fmt.Errorf("CURRENT: %w", err)
	}
	wrong, err := checkGrid(puzzle, cur)
	var wge *solver.WrongGridError
	switch {
	case *asJSON && errors.As(err, &wge):
		writeJSON(s.out, wrongGridJSON(wge))
		return errFailed
	case errors.As(err, &wge):
		fmt.Fprintln(s.out, wge.Error())
		return errFailed
	case err != nil:
		return err
	case *asJSON:
		if err := writeJSON(s.out, wrongJSON{Wrong: wrongCellsJSON(puzzle.CellName, wrong)}); err != nil {
			return err
		}
		if len(wrong) > 0 {
			return errFailed
		}
		return nil
	}
	if len(wrong) == 0 {
		fmt.Fprintln(s.out, "No wrong cells.")
		return nil
	}
	printWrong(s.out, wrong)
	return errFailed
}

// checkGrid returns the wrong cells of cur, a player's grid for puzzle,
// found by [solver.Check] against the puzzle's solution (against the rules
// alone when it has several).
func checkGrid(puzzle, cur solver.Grid) ([]solver.WrongCell, error) {
	sol, err := solver.SolveUnique(puzzle)
	switch {
	case errors.Is(err, solver.ErrMultipleSolutions):
		sol = solver.Grid{}
	case err != nil:
		return nil, fmt.Errorf("the puzzle cannot be solved: %w", err)
	}
	return solver.Check(puzzle, cur, sol)
}

func printWrong(w io.Writer, cells []solver.WrongCell) {
	for _, c := range cells {
		fmt.Fprintln(w, c.Reason)
	}
}

// argText returns the text of an argument that is either the text itself
// or the name of a file holding it ("-" for standard input).
func argText(arg string, s *stdio) (string, error) {
	if arg == "-" {
		b, err := io.ReadAll(io.LimitReader(s.in, maxInputFile+1))
		if err != nil {
			return "", fmt.Errorf("read standard input: %w", err)
		}
		if len(b) > maxInputFile {
			return "", fmt.Errorf("standard input is larger than the limit of %d bytes", maxInputFile)
		}
		return string(b), nil
	}
	fi, err := os.Stat(arg)
	switch {
	case err == nil && fi.Mode().IsRegular():
		b, err := readFile(arg)
		if err != nil {
			return "", err
		}
		return string(b), nil
	case err != nil && !strings.ContainsAny(arg, " \t\n") && !solver.LooksLikePuzzle(arg) && !solver.LooksLikeMarks(arg):
		return "", fileError(arg, err) // not a puzzle: a file name
	}
	return arg, nil
}

// argMarks reads the pencil marks of the --marks flag, given as text or a
// file name; no marks (nil) when the flag is empty.
func argMarks(arg string, s *stdio) ([]solver.DigitSet, error) {
	if arg == "" {
		return nil, nil
	}
	text, err := argText(arg, s)
	if err != nil {
		return nil, fmt.Errorf("--marks: %w", err)
	}
	c, err := human.ParseCandidates(text)
	if err != nil {
		return nil, fmt.Errorf("--marks: %w", err)
	}
	return c, nil
}

// argPuzzle reads a puzzle and, when current is not empty, the player's
// current grid of the same size (--current), each given as text or a file
// name.
func argPuzzle(puzzleArg, current string, s *stdio) (puzzle, cur solver.Grid, err error) {
	if puzzle, err = argGrid(puzzleArg, s, true); err != nil {
		return puzzle, cur, err
	}
	if current == "" {
		return puzzle, cur, nil
	}
	if cur, err = argGrid(current, s, false); err != nil {
		return puzzle, cur, fmt.Errorf("--current: %w", err)
	}
	if cur.Side() != puzzle.Side() {
		return puzzle, cur, fmt.Errorf("--current is a %dx%d grid but the puzzle is %dx%d", cur.Side(), cur.Side(), puzzle.Side(), puzzle.Side())
	}
	return puzzle, cur, nil
}

// argGrid reads a grid given as text or a file name. A puzzle must follow
// the rules; a player's current grid is read as written and checked later.
func argGrid(arg string, s *stdio, puzzle bool) (solver.Grid, error) {
	text, err := argText(arg, s)
	if err != nil {
		return solver.Grid{}, err
	}
	if isImage([]byte(text)) {
		return s.photos.grid(arg, []byte(text))
	}
	var g solver.Grid
	if puzzle {
		ps := solver.SplitPuzzles(text)
		if len(ps) > 1 {
			return solver.Grid{}, fmt.Errorf("%s holds %d puzzles; give one", describeArg(arg), len(ps))
		}
		g, err = solver.Parse(text)
	} else {
		g, err = solver.ParseRaw(text)
	}
	if err != nil {
		if text == arg && (strings.ContainsAny(arg, "/\\") || strings.HasSuffix(strings.ToLower(arg), ".txt")) {
			return solver.Grid{}, fmt.Errorf("%s: no such file, and not a puzzle either (%v)", arg, err)
		}
		return solver.Grid{}, fmt.Errorf("%s: %w", describeArg(arg), err)
	}
	return g, nil
}

func describeArg(arg string) string {
	if _, err := os.Stat(arg); err == nil || arg == "-" {
		if arg == "-" {
			return "standard input"
		}
		return arg
	}
	if len(arg) > 20 {
		return fmt.Sprintf("puzzle %q...", arg[:20])
	}
	return fmt.Sprintf("puzzle %q", arg)
}

// stepJSON is the stable JSON shape of a step.
type stepJSON struct {
	Technique    string          `json:"technique"`
	Placements   []candidateJSON `json:"placements"`
	Eliminations []candidateJSON `json:"eliminations"`
	Explanation  string          `json:"explanation"`
	// Solved is set when the grid is already solved: there is no step.
	Solved bool `json:"solved,omitempty"`
	// MultipleSolutions is set when the puzzle has more than one solution.
	MultipleSolutions bool `json:"multiple_solutions,omitempty"`
	// Unsure are the cells of a picture that check asks about: the step
	// does not rest on them.
	Unsure []string `json:"unsure,omitempty"`
}

type candidateJSON struct {
	Cell  string `json:"cell"`
	Digit int    `json:"digit"`
}

// stepJSONAt returns the JSON form of a step at a level of help: level 3
// is the whole step; levels 1 and 2 leave the placements and eliminations
// out and explain with the nudge or the area (level 1 also leaves out the
// technique).
func stepJSONAt(st human.Step, level int) stepJSON {
	out := stepJSON{Technique: st.Technique, Placements: []candidateJSON{}, Eliminations: []candidateJSON{}, MultipleSolutions: st.MultipleSolutions}
	switch level {
	case 1:
		out.Technique = ""
		out.Explanation = st.Nudge
		return out
	case 2:
		out.Explanation = st.Area
		return out
	}
	for _, p := range st.Placements {
		out.Placements = append(out.Placements, candidateJSON{solver.CellName(p.Cell/9, p.Cell%9), p.Digit})
	}
	for _, e := range st.Eliminations {
		out.Eliminations = append(out.Eliminations, candidateJSON{solver.CellName(e.Cell/9, e.Cell%9), e.Digit})
	}
	out.Explanation = st.Explanation
	return out
}

type ratingJSON struct {
	Level      string          `json:"level"`
	Score      int             `json:"score"`
	Techniques []techniqueJSON `json:"techniques"`
	BruteForce bool            `json:"brute_force"`
	// ER, EP and ED are Sudoku Explainer's rating of the puzzle.
	ER tenths `json:"er"`
	EP tenths `json:"ep"`
	ED tenths `json:"ed"`
}

// tenths is a difficulty in tenths, written like 7.2.
type tenths int

func (t tenths) String() string { return fmt.Sprintf("%d.%d", t/10, t%10) }

// MarshalJSON writes t as a number with one decimal, like 7.2.
func (t tenths) MarshalJSON() ([]byte, error) { return []byte(t.String()), nil }

type techniqueJSON struct {
	Technique string `json:"technique"`
	Count     int    `json:"count"`
}

func ratingJSONOf(r human.Rating) ratingJSON {
	out := ratingJSON{Level: r.Level.String(), Score: r.Score, Techniques: []techniqueJSON{}, BruteForce: r.BruteForce}
	for _, t := range r.Techniques {
		out.Techniques = append(out.Techniques, techniqueJSON{t.Technique, t.Count})
	}
	return out
}

func writeJSON(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }
