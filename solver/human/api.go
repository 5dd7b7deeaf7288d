package human

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/solver"
)

// ErrSolved is returned by [NextStep] for a grid that is already complete
// and right.
var ErrSolved = errors.New("the grid is already solved")

// ErrNoLogicalStep is returned by [NextStep] when no technique applies to
// a puzzle with more than one solution, where trial and error cannot pick
// a digit either.
var ErrNoLogicalStep = errors.New("no technique applies, and the puzzle has more than one solution, so no digit can be forced")

// ErrNot9x9 is returned for grids of another size: the techniques are
// written for 9x9 Sudoku.
var ErrNot9x9 = errors.New("hints, explanations and ratings work on 9x9 puzzles only")

// ParseCandidates reads a player's pencil marks, one set of digits per
// cell of a 9x9 grid, written as 81 fields separated by spaces, tabs,
// newlines or '|', row by row, each field the digits marked in that cell
// ("123 45 9 ..."); a filled cell's field is its digit. A field of "." or
// "0" means no marks. Box-drawing lines made only of '-', '+', '=' and '.'
// characters are skipped. The 729-character pencil-mark form of tdoku and
// HoDoKu (see [solver.ParseMarks]) is read too.
func ParseCandidates(text string) ([]solver.DigitSet, error) {
	if solver.LooksLikeMarks(text) {
		return solver.ParseMarks(text)
	}
	out := make([]solver.DigitSet, 81)
	fields := strings.FieldsFunc(text, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '|' || r == ','
	})
	n := 0
	for _, f := range fields {
		if strings.Trim(f, "-+=.:*") == "" && f != "." {
			continue
		}
		if n == 81 {
			return nil, fmt.Errorf("pencil marks: more than 81 cells (extra field %q)", f)
		}
		if f != "." && f != "0" {
			for _, r := range f {
				if r < '1' || r > '9' {
					return nil, fmt.Errorf("pencil marks of %s: unexpected character %q in %q", cellName(n), r, f)
				}
				out[n] = out[n].With(int(r - '0'))
			}
		}
		n++
	}
	if n != 81 {
		return nil, fmt.Errorf("pencil marks: found %d cells, a 9x9 grid needs 81", n)
	}
	return out, nil
}

// FormatCandidates writes the pencil marks of a 9x9 grid as
// [ParseCandidates] reads them, nine fields a line; a cell without marks
// is ".".
func FormatCandidates(marks []solver.DigitSet) string {
	var sb strings.Builder
	for i, m := range marks {
		if i%9 != 0 {
			sb.WriteByte(' ')
		}
		if m &= allDigits; m == 0 {
			sb.WriteByte('.')
		}
		sb.WriteString(m.String())
		if i%9 == 8 {
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

// puzzleInfo is what the API learns about a puzzle before helping: its
// solution, when unique.
type puzzleInfo struct {
	solution solver.Grid
	unique   bool
}

// analyse checks that puzzle is a valid 9x9 puzzle with a solution.
func analyse(puzzle solver.Grid) (puzzleInfo, error) {
	if puzzle.IsZero() {
		return puzzleInfo{}, errors.New("no puzzle given")
	}
	if puzzle.Side() != 9 {
		return puzzleInfo{}, ErrNot9x9
	}
	if err := puzzle.Validate(); err != nil {
		return puzzleInfo{}, fmt.Errorf("the puzzle breaks the rules: %w", err)
	}
	sol, err := solver.SolveUnique(puzzle)
	switch {
	case errors.Is(err, solver.ErrMultipleSolutions):
		return puzzleInfo{}, nil
	case err != nil:
		return puzzleInfo{}, fmt.Errorf("the puzzle cannot be solved: %w", err)
	}
	return puzzleInfo{solution: sol, unique: true}, nil
}

// merge checks current, a player's grid for puzzle, with [solver.Check]
// and returns it with the givens laid over it (and the digits out of
// range taken out), with its wrong cells.
func merge(puzzle, current solver.Grid, info puzzleInfo) (solver.Grid, []solver.WrongCell, error) {
	if current.IsZero() {
		current = puzzle
	}
	wrong, err := solver.Check(puzzle, current, info.solution)
	if err != nil {
		return solver.Grid{}, nil, err
	}
	for c := range puzzle.NumCells() {
		if g := puzzle.Cell(c); g != 0 {
			current.SetCell(c, g)
		} else if current.Cell(c) > 9 {
			current.SetCell(c, 0)
		}
	}
	return current, wrong, nil
}

// NextStep returns the next step for a player who has reached current in
// puzzle: the easiest step that applies, as HoDoKu would find it. A zero
// current means the puzzle as given. marks, when not nil, are the player's
// pencil marks, one set per cell; the step then works from those marks
// (narrowed by the digits already placed). A cell without marks is taken
// to have no pencil marks yet.
//
// A grid with wrong cells returns a *[solver.WrongGridError] naming them, also
// when pencil marks rule out a cell's right digit; a complete grid returns
// [ErrSolved]. When no technique applies the step is found by trial and
// error and has BruteForce set.
func NextStep(puzzle, current solver.Grid, marks []solver.DigitSet) (Step, error) {
	info, err := analyse(puzzle)
	if err != nil {
		return Step{}, err
	}
	cur, wrong, err := merge(puzzle, current, info)
	if err != nil {
		return Step{}, err
	}
	if len(wrong) > 0 {
		return Step{}, &solver.WrongGridError{Cells: wrong}
	}
	if cur.IsComplete() {
		return Step{}, ErrSolved
	}
	if marks != nil && len(marks) != 81 {
		return Step{}, fmt.Errorf("pencil marks of %d cells, a 9x9 grid has 81", len(marks))
	}
	s := newState(cur)
	s.unique = info.unique
	if marks != nil {
		for c := range s.empty.all() {
			m := marks[c] & allDigits
			if m == 0 {
				continue
			}
			if info.unique && !m.Has(info.solution.Cell(c)) {
				wrong = append(wrong, solver.WrongCell{Cell: c, Reason: fmt.Sprintf("the pencil marks of %s rule out the digit that belongs there", cellName(c))})
			}
			s.cand[c] &= m
		}
		if len(wrong) > 0 {
			return Step{}, &solver.WrongGridError{Cells: wrong}
		}
		s.rebuildPositions()
		if !info.unique && !s.consistent() {
			return Step{}, &solver.WrongGridError{}
		}
	}
	st, err := next(s, info)
	st.MultipleSolutions = !info.unique
	return st, err
}

// next runs the ladder on s, falling back to trial and error.
func next(s *state, info puzzleInfo) (Step, error) {
	for _, f := range ladder {
		if f.unique && !s.unique {
			continue
		}
		if st, ok := f.find(s); ok {
			return st, nil
		}
	}
	if !info.unique {
		return Step{}, ErrNoLogicalStep
	}
	return bruteForceStep(s, info.solution), nil
}

// consistent reports whether every empty cell has a candidate and every
// digit missing from a unit has a place in it.
func (s *state) consistent() bool {
	for c := range s.empty.all() {
		if s.cand[c] == 0 {
			return false
		}
	}
	for u := range 27 {
		for d := 1; d <= 9; d++ {
			if s.unitPos(u, d).empty() && !s.placedIn(u, d) {
				return false
			}
		}
	}
	return true
}

// bruteForceStep places the solution's digit in the empty cell with the
// fewest candidates.
func bruteForceStep(s *state, sol solver.Grid) Step {
	best := -1
	for c := range s.empty.all() {
		if best < 0 || s.cand[c].Len() < s.cand[best].Len() {
			best = c
		}
	}
	d := sol.Cell(best)
	return Step{
		Technique:   BruteForce,
		Placements:  []Candidate{{best, d}},
		Cells:       []int{best},
		Highlights:  []Highlight{{Candidate{best, d}, 0}},
		Nudge:       "No known technique applies here; the next move needs trial and error.",
		Area:        fmt.Sprintf("No known technique applies; trial and error at %s.", cellName(best)),
		Explanation: fmt.Sprintf("No known technique applies; trial and error shows that %s is %d: every other candidate (%s) leads to a contradiction. This is a guess checked by search, not a logical step.", cellName(best), d, orDigitList(s.cand[best].Without(d))),
		BruteForce:  true,
	}
}

// Explain returns the whole logical solution of puzzle, one step at a
// time, easiest first. The puzzle must have exactly one solution.
func Explain(puzzle solver.Grid) ([]Step, error) {
	info, err := analyse(puzzle)
	if err != nil {
		return nil, err
	}
	if !info.unique {
		return nil, fmt.Errorf("the puzzle cannot be explained: %w", solver.ErrMultipleSolutions)
	}
	s := newState(puzzle)
	s.unique = true
	var steps []Step
	for !s.solved() {
		st, err := next(s, info)
		if err != nil {
			return steps, err
		}
		s.apply(&st)
		steps = append(steps, st)
	}
	return steps, nil
}

// Rating is the difficulty of a puzzle, computed the way HoDoKu does.
type Rating struct {
	// Level is the level of the hardest step, raised while the score is
	// above the level's cap (Easy 800, Medium 1000, Hard 1600, Unfair
	// 1800).
	Level Level
	// Score is the sum of the steps' scores.
	Score int
	// Techniques are the techniques used, in ladder order, with how
	// often.
	Techniques []TechniqueCount
	// Steps is the number of steps of the solution.
	Steps int
	// BruteForce is true when some step needed trial and error.
	BruteForce bool
}

// TechniqueCount is how often a technique was used.
type TechniqueCount struct {
	Technique string
	Count     int
}

// Rate explains puzzle and rates the explanation (see [RateSteps]).
func Rate(puzzle solver.Grid) (Rating, error) {
	steps, err := Explain(puzzle)
	if err != nil {
		return Rating{}, err
	}
	return RateSteps(steps), nil
}

// RateSteps rates a solution: the score is the sum of HoDoKu's default
// score of each step, the level that of the hardest step, raised while
// the score is above the level's cap.
func RateSteps(steps []Step) Rating {
	r := Rating{Level: Easy, Steps: len(steps)}
	counts := map[string]int{}
	for _, st := range steps {
		info := techniques[st.Technique]
		r.Score += info.score
		r.Level = max(r.Level, info.level)
		counts[st.Technique]++
		r.BruteForce = r.BruteForce || st.BruteForce
	}
	for r.Level < Extreme && r.Score > r.Level.maxScore() {
		r.Level++
	}
	for _, name := range techniqueOrder {
		if n := counts[name]; n > 0 {
			r.Techniques = append(r.Techniques, TechniqueCount{name, n})
		}
	}
	return r
}

// Score returns HoDoKu's default score of a technique, 0 for an unknown
// name.
func Score(technique string) int { return techniques[technique].score }

// TechniqueLevel returns HoDoKu's default level of a technique.
func TechniqueLevel(technique string) Level { return techniques[technique].level }
