package ocr

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/sudokubot/sudokubot/solver"
)

// What a reading means to the player is decided here, once, for every
// front end (the sudoku command and the bot):
//
//   - [Result.Puzzle] is the puzzle a picture shows, for the answers that
//     need the puzzle alone (a solution, a rating, a count, a step): the
//     givens read, or, when they alone are no proper puzzle but all the
//     digits read together are, those digits: the split of givens from
//     entries never costs the solve. [Puzzle.Sure] refuses a puzzle that
//     rests on digits not read surely, naming them and their likeliest
//     digits.
//   - [Result.Progress] checks the player's work: an entry or pencil
//     marks are called wrong only when they were read surely and the
//     solution they are compared with rests on digits all read surely;
//     otherwise they are asked about ([Doubt]). [Progress.Lines] are its
//     words.

// Doubt is a cell an answer rests on that was not read surely: the player
// is asked about it, never told it is wrong.
type Doubt struct {
	// Cell is the cell's index, row*9 + col.
	Cell int
	// Kind is what the cell was read as.
	Kind CellKind
	// Digits are the digits the cell likely holds, as read first, then its
	// alternatives by decreasing confidence; 0 stands for an empty cell.
	Digits []int
	// Marks are the pencil marks read, for a cell of KindMarks.
	Marks solver.DigitSet
	// Confidence is how surely the cell was read.
	Confidence float64
	// Basis reports that the cell itself was read surely, but the solution
	// it disagrees with rests on givens that were not.
	Basis bool
	// KindUnsure reports that the digit was read, but not surely told a
	// given or the player's entry ([CellReading.KindSure]): the question
	// is whose it is.
	KindUnsure bool
}

// doubtOf is the doubt about cell i read as c.
func doubtOf(i int, c CellReading) Doubt {
	d := Doubt{Cell: i, Kind: c.Kind, Digits: []int{c.Digit}, Confidence: c.Confidence}
	if c.Kind == KindMarks {
		d.Marks, d.Confidence = c.Marks, c.MarksConfidence
	}
	for _, a := range c.Alternatives {
		if !slices.Contains(d.Digits, a.Digit) {
			d.Digits = append(d.Digits, a.Digit)
		}
	}
	return d
}

// kindDoubtOf is the doubt about whose the digit of cell i, read as c,
// is.
func kindDoubtOf(i int, c CellReading) Doubt {
	d := doubtOf(i, c)
	d.KindUnsure = true
	return d
}

// Name is the cell's name, like "r1c5".
func (d Doubt) Name() string { return solver.CellName(d.Cell/9, d.Cell%9) }

// Other is the likeliest digit other than the one read, 0 when there is
// none: what else the cell may hold.
func (d Doubt) Other() int {
	for _, x := range d.Digits[1:] {
		if x != 0 {
			return x
		}
	}
	return 0
}

// Likely says what the cell likely holds: "1 or 7", "empty or 6", "8".
func (d Doubt) Likely() string {
	s := digitWord(d.Digits[0])
	if o := d.Other(); o != 0 {
		s += " or " + digitWord(o)
	}
	return s
}

// Choices are the digits to offer the player for the cell, likeliest
// first, at most n, empty (0) left out.
func (d Doubt) Choices(n int) []int {
	var out []int
	for _, x := range d.Digits {
		if x != 0 && len(out) < n {
			out = append(out, x)
		}
	}
	return out
}

// Question asks about the cell: "is this a 2 or an 8?", "is this empty,
// or a 6?", "are the pencil marks 2 4?", with why it is asked.
func (d Doubt) Question() string {
	if d.KindUnsure {
		return fmt.Sprintf("is this %d yours, or printed with the puzzle? I could not tell your entries from the givens surely", d.Digits[0])
	}
	why := "I could not read it surely"
	if d.Basis {
		why = "it disagrees with the solution of the givens as I read them, but I could not read every given surely"
	}
	if d.Kind == KindMarks {
		if d.Basis {
			return "are the pencil marks " + spaced(d.Marks) + " right? " + why
		}
		return "are the pencil marks " + spaced(d.Marks) + "? I could not read them surely"
	}
	o := d.Other()
	switch {
	case d.Basis && d.Kind == KindEntry:
		return "is your " + fmt.Sprint(d.Digits[0]) + " right? " + why
	case d.Digits[0] == 0 && o != 0:
		return "is this empty, or " + aDigit(o) + "? " + why
	case o != 0:
		return "is this " + aDigit(d.Digits[0]) + " or " + aDigit(o) + "? " + why
	}
	return "is this " + aDigit(d.Digits[0]) + "? " + why
}

// Ask is the question in a few words: "is r1c5 a 1 or a 7?", "is the 4
// in r1c1 yours, or printed with the puzzle?".
func (d Doubt) Ask() string {
	o := d.Other()
	switch {
	case d.KindUnsure:
		return fmt.Sprintf("is the %d in %s yours, or printed with the puzzle?", d.Digits[0], d.Name())
	case d.Kind == KindMarks:
		return "are the pencil marks of " + d.Name() + " " + spaced(d.Marks) + "?"
	case d.Digits[0] == 0 && o != 0:
		return "is " + d.Name() + " empty, or " + aDigit(o) + "?"
	case o != 0:
		return "is " + d.Name() + " " + aDigit(d.Digits[0]) + " or " + aDigit(o) + "?"
	}
	return "is " + d.Name() + " " + aDigit(d.Digits[0]) + "?"
}

// String is the line that asks about the cell: "r6c3: is this a 2 or an
// 8? I could not read it surely".
func (d Doubt) String() string { return d.Name() + ": " + d.Question() }

// Puzzle is the puzzle a picture shows, for the answers that need the
// puzzle alone: its solution, rating, count or logical steps.
type Puzzle struct {
	// Grid is the puzzle: the givens read, or all the digits read when
	// AllDigits is set.
	Grid solver.Grid
	// Solution is Grid's one solution.
	Solution solver.Grid
	// AllDigits is set when the givens read alone are no proper puzzle
	// but all the digits read, the player's entries with them, are: the
	// answer does not need to tell the player's digits from the printed
	// ones, so an unsure split does not cost it.
	AllDigits bool
	// Doubts are the digits of Grid that were not read surely, the least
	// sure first: the answer rests on them.
	Doubts []Doubt
	// Settled is set when Solution holds whichever way Doubts are read, as
	// surely as a cell read surely: each doubt is, all but surely, only
	// whether the cell is empty, and the solution holds without the cells
	// that may be (progress_settled.go). An answer that needs the solution
	// alone need not ask about them.
	Settled bool
	// KindDoubts are the givens of Grid read surely but not surely told
	// from the player's entries: the solution holds whoever wrote them,
	// but a check of the player's work rests on them ([Result.ProgressFrom]).
	KindDoubts []Doubt
	// KindSettled is set when a check of the player's work stands whoever
	// wrote the givens of KindDoubts (kindSettled): it need not ask about
	// them.
	KindSettled bool
}

// Puzzle returns the puzzle the picture shows: the givens read when they
// have one solution, else all the digits read (givens and entries) when
// they break no rule and have one solution, else [Result.Err].
func (r *Result) Puzzle() (Puzzle, error) {
	var p Puzzle
	switch {
	case r.Checked():
		p.Grid, p.Solution = r.Grid, r.Solution
	case r.Entered.Givens() > 0:
		all := withEntries(r.Grid, r.Entered)
		sol, err := solver.SolveUnique(all)
		if err != nil {
			return p, r.Err()
		}
		p.Grid, p.Solution, p.AllDigits = all, sol, true
	default:
		return p, r.Err()
	}
	for i, c := range r.Cells {
		switch {
		case p.Grid.Cell(i) == 0:
		case c.Confidence < SureConfidence:
			p.Doubts = append(p.Doubts, doubtOf(i, c))
		case !p.AllDigits && !c.KindSure():
			p.KindDoubts = append(p.KindDoubts, kindDoubtOf(i, c))
		}
	}
	slices.SortStableFunc(p.Doubts, func(a, b Doubt) int { return cmp.Compare(a.Confidence, b.Confidence) })
	p.Settled = solutionSettled(p, &r.Cells)
	p.KindSettled = kindSettled(p, &r.Cells)
	return p, nil
}

// withEntries is the givens with the entries written in.
func withEntries(givens, entered solver.Grid) solver.Grid {
	g := givens
	for i := range g.NumCells() {
		if d := entered.Cell(i); d != 0 && g.Cell(i) == 0 {
			g.SetCell(i, d)
		}
	}
	return g
}

// ErrUnsure is matched by the error [Puzzle.Sure] returns.
var ErrUnsure = errors.New("not read surely")

// UnsureError is a puzzle read from a picture that rests on digits not
// read surely.
type UnsureError struct {
	// Doubts are those digits, the least sure first.
	Doubts []Doubt
	// AllDigits is [Puzzle.AllDigits].
	AllDigits bool
}

// Error names the doubtful cells with their likeliest digits: "the givens
// were not all read surely: check r6c4 (8 or 4), r1c5 (1 or 7)".
func (e *UnsureError) Error() string {
	what := "the givens were"
	if e.AllDigits {
		what = "the digits read were"
	}
	var sb strings.Builder
	for i, d := range e.Doubts {
		if i > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "%s (%s)", d.Name(), d.Likely())
	}
	return what + " not all read surely: check " + sb.String()
}

// Is reports whether target is [ErrUnsure].
func (e *UnsureError) Is(target error) bool { return target == ErrUnsure }

// Sure returns nil when every digit of the puzzle was read surely, and
// else an *[UnsureError] naming the others: an answer from this puzzle
// would rest on them.
func (p Puzzle) Sure() error {
	if len(p.Doubts) == 0 {
		return nil
	}
	return &UnsureError{Doubts: p.Doubts, AllDigits: p.AllDigits}
}

// SolutionSure is [Puzzle.Sure] for the answers that need the puzzle's
// solution alone: nil also when the doubts cannot change it (Settled).
func (p Puzzle) SolutionSure() error {
	if p.Settled {
		return nil
	}
	return p.Sure()
}

// Accepted is the puzzle taken as read, doubts and all: what the player
// answers when told which digits were not read surely.
func (p Puzzle) Accepted() Puzzle {
	p.Doubts, p.KindDoubts, p.Settled = nil, nil, true
	return p
}

// Progress is what the reading of a puzzle in progress says of the
// player's work, checked against the solution of [Result.Puzzle]. A cell
// is called wrong only when it was read surely and the solution rests on
// digits all read surely; the others are asked about, never called wrong.
type Progress struct {
	// Entries counts the player's entries read.
	Entries int
	// Wrong lists the entries read surely that differ from the solution,
	// by cell index (row*9 + col).
	Wrong []int
	// MarksWrong lists the cells whose pencil marks, read surely, leave
	// out the solution's digit.
	MarksWrong []int
	// Unsure lists the cells asked about, in order: those read unsurely
	// (givens, entries, pencil marks that would be wrong as read, and
	// cells read as empty that may hold a faint entry), and the entries
	// and marks that disagree with a solution resting on doubtful givens.
	Unsure []int
	// UnsureEntries counts the entries among Unsure: Entries -
	// UnsureEntries were read surely.
	UnsureEntries int
	// Questions are the doubts about the cells of Unsure, in the same
	// order.
	Questions []Doubt
	// GivensUnsure is set when the solution rests on digits not all read
	// surely, and their doubts could change it (see Puzzle.Settled), or
	// not all surely told from the player's entries: then no entry is
	// called wrong.
	GivensUnsure bool
	// AllDigits is [Puzzle.AllDigits]: the givens alone were no proper
	// puzzle, all the digits read are, and every entry fits their
	// solution.
	AllDigits bool
	// Filled reports whether every cell holds a given or an entry.
	Filled bool
	// Current is the player's grid the answers stand on: the givens with
	// the entries, less those asked about that disagree with the solution.
	Current solver.Grid
	// Marks are the pencil marks a step may start from: those read surely
	// that hold the solution's digit (nil when there are none, or when
	// some read surely leave it out: see MarksWrong).
	Marks []solver.DigitSet

	entered solver.Grid
	marks   [81]solver.DigitSet
	givens  solver.Grid
	// splitUnsure is set when every given was read surely but some were
	// not surely told from the player's entries, and the check rests on
	// them; kindSettled when some were not, but it does not.
	splitUnsure, kindSettled bool
	// coloursLost is set when the split is unsure because the file kept
	// its colours too coarsely (Result.ColoursLost).
	coloursLost bool
}

// Right reports whether nothing is wrong and nothing unsure.
func (p Progress) Right() bool {
	return len(p.Wrong) == 0 && len(p.MarksWrong) == 0 && len(p.Unsure) == 0
}

// Mistaken reports whether a mistake of the player's was found.
func (p Progress) Mistaken() bool { return len(p.Wrong)+len(p.MarksWrong) > 0 }

// Progress checks the player's entries and pencil marks read from the
// picture against the solution of [Result.Puzzle]. It returns that
// method's error when the reading is no proper puzzle: then there is
// nothing to check against.
func (r *Result) Progress() (Progress, error) {
	pz, err := r.Puzzle()
	if err != nil {
		return Progress{}, err
	}
	return r.ProgressFrom(pz), nil
}

// ProgressFrom checks the player's work against the solution of pz, one of
// [Result.Puzzle]'s (or that puzzle [Puzzle.Accepted]).
func (r *Result) ProgressFrom(pz Puzzle) Progress {
	p, digitsUnsure := r.newProgress(pz)
	askDoubt := func(d Doubt) {
		p.Unsure = append(p.Unsure, d.Cell)
		p.Questions = append(p.Questions, d)
	}
	ask := func(i int, basis bool) {
		d := doubtOf(i, r.Cells[i])
		d.Basis = basis
		askDoubt(d)
	}
	var marks []solver.DigitSet
	if !pz.KindSettled {
		for _, d := range pz.KindDoubts {
			askDoubt(d)
		}
	}
	for i, c := range r.Cells {
		given, entry, right := r.Grid.Cell(i), r.Entered.Cell(i), pz.Solution.Cell(i)
		sure := c.Confidence >= SureConfidence
		switch {
		case given != 0:
			if !sure && !digitsUnsure {
				continue // taken as read (Accepted, or Settled)
			}
			if !sure {
				ask(i, false)
			}
		case entry != 0:
			p.Entries++
			switch {
			case !sure, entry != right && c.Confidence < AccuseConfidence:
				ask(i, false)
				p.UnsureEntries++
			case entry != right && !c.KindSure():
				// Perhaps no entry but a given: whose is it?
				askDoubt(kindDoubtOf(i, c))
				p.UnsureEntries++
			case entry != right && p.GivensUnsure:
				ask(i, true)
				p.UnsureEntries++
			case entry != right:
				p.Wrong = append(p.Wrong, i)
			}
			if entry == right || slices.Contains(p.Wrong, i) {
				p.Current.SetCell(i, entry)
			}
		case c.Kind == KindEmpty && !sure && c.OtherDigit() != 0:
			// Read as empty, not surely: a faint entry, maybe.
			p.Filled = false
			ask(i, false)
		default:
			p.Filled = false
			m := r.Marks[i]
			switch {
			case m == 0:
			case m.Has(right):
				if c.MarksConfidence >= SureConfidence {
					if marks == nil {
						marks = make([]solver.DigitSet, 81)
					}
					marks[i] = m
				}
			case c.MarksConfidence < AccuseConfidence, c.headMarks.Has(right):
				// Asked about: marks read unsurely, or surely but with
				// the digit in the whole cell's view (see headMarks).
				ask(i, false)
			case p.GivensUnsure:
				ask(i, true)
			default:
				p.MarksWrong = append(p.MarksWrong, i)
			}
		}
	}
	if len(p.MarksWrong) == 0 {
		p.Marks = marks
	}
	return p
}

// newProgress is the Progress of r's player's work against pz before a
// cell is checked: whether the solution rests on givens not read surely
// (digitsUnsure, reported) or not surely told from the entries.
func (r *Result) newProgress(pz Puzzle) (p Progress, digitsUnsure bool) {
	digitsUnsure = len(pz.Doubts) > 0 && !pz.Settled
	kindsUnsure := len(pz.KindDoubts) > 0 && !pz.KindSettled
	p = Progress{GivensUnsure: digitsUnsure || kindsUnsure, AllDigits: pz.AllDigits, Filled: true,
		Current: r.Grid, entered: r.Entered, marks: r.Marks, givens: r.Grid}
	p.splitUnsure = !digitsUnsure && kindsUnsure
	p.coloursLost = r.ColoursLost
	p.kindSettled = len(pz.KindDoubts) > 0 && pz.KindSettled
	return p, digitsUnsure
}

// Mistake is the line naming a mistake of the player's at cell i, one of
// Wrong or MarksWrong, without giving the right digit away: "r3c5: your 8
// is wrong", with the clash when a given shows it ("row 3 already has an
// 8").
func (p Progress) Mistake(i int) string {
	name := solver.CellName(i/9, i%9)
	d := p.entered.Cell(i)
	if d == 0 {
		return fmt.Sprintf("%s: your pencil marks %s leave out the right digit", name, spaced(p.marks[i]))
	}
	s := fmt.Sprintf("%s: your %d is wrong", name, d)
	if unit := p.givenClash(i, d); unit != "" {
		s += fmt.Sprintf(": %s already has %s", unit, aDigit(d))
	}
	return s
}

// givenClash names the row, column or box of cell i where a given is d, ""
// when none is.
func (p Progress) givenClash(i, d int) string {
	row, col := i/9, i%9
	for j := range 81 {
		if j == i || p.givens.Cell(j) != d {
			continue
		}
		switch r, c := j/9, j%9; {
		case r == row:
			return fmt.Sprintf("row %d", row+1)
		case c == col:
			return fmt.Sprintf("column %d", col+1)
		case r/3 == row/3 && c/3 == col/3:
			return fmt.Sprintf("box %d", row/3*3+col/3+1)
		}
	}
	return ""
}

// Mistakes are the lines naming the player's mistakes: wrong entries, then
// wrong pencil marks.
func (p Progress) Mistakes() []string {
	var out []string
	for _, i := range p.Wrong {
		out = append(out, p.Mistake(i))
	}
	for _, i := range p.MarksWrong {
		out = append(out, p.Mistake(i))
	}
	return out
}

// Asks are the lines asking about the cells of Unsure.
func (p Progress) Asks() []string {
	out := make([]string, 0, len(p.Questions))
	for _, q := range p.Questions {
		out = append(out, q.String())
	}
	return out
}

// Summary is the closing line of a check: that everything is right, what
// could not be checked, or "" after mistakes.
func (p Progress) Summary() string {
	sure := p.Entries - p.UnsureEntries
	// Every digit read is checked by the solution alone: the picture
	// holds all of them, or only givens whose kinds cannot change the
	// check (kindSettled).
	allDigits := p.AllDigits || p.kindSettled && p.Entries == 0
	switch {
	case p.Mistaken():
		return ""
	case p.splitUnsure && p.coloursLost:
		return "I could not tell every printed given from your entries surely: the picture was saved so compressed that a typed entry's colour may be lost (a screenshot saved as PNG keeps it), so I call none of your entries wrong: please check the cells above"
	case p.splitUnsure:
		return "I could not tell every printed given from your entries surely, so I call none of your entries wrong: please check the cells above"
	case p.GivensUnsure:
		return "I could not read every given surely, so I call none of your entries wrong: please check the cells above"
	case p.Entries == 0 && len(p.Unsure) == 0 && !p.kindSettled:
		return "no entries to check: the picture shows the puzzle's givens only"
	case allDigits && len(p.Unsure) > 0:
		return "no mistake: every digit I read surely fits the puzzle's one solution (I could not tell all your entries from the printed givens); please check the cells above"
	case allDigits:
		return "no mistake: every digit fits the puzzle's one solution (I could not tell all your entries from the printed givens)"
	case len(p.Unsure) > 0 && sure == 0:
		return "nothing I could read surely to check; please check the cells above"
	case len(p.Unsure) > 0:
		return fmt.Sprintf("no mistake among the %s I could read surely; please check the cells above", EntriesText(sure))
	case p.Entries == 1:
		return "the 1 entry is right"
	}
	return fmt.Sprintf("all %s are right", EntriesText(p.Entries))
}

// Lines are the words of a check: one line per mistake, one per cell
// asked about, and the summary.
func (p Progress) Lines() []string {
	out := append(p.Mistakes(), p.Asks()...)
	if s := p.Summary(); s != "" {
		out = append(out, s)
	}
	return out
}

// EntriesText is "1 entry" or "n entries".
func EntriesText(n int) string {
	if n == 1 {
		return "1 entry"
	}
	return fmt.Sprintf("%d entries", n)
}

// aDigit is a digit with its article: "a 7", "an 8"; "empty" for 0.
func aDigit(d int) string {
	switch d {
	case 0:
		return "empty"
	case 8:
		return "an 8"
	}
	return fmt.Sprintf("a %d", d)
}

// digitWord is a digit, or "empty" for 0.
func digitWord(d int) string {
	if d == 0 {
		return "empty"
	}
	return fmt.Sprint(d)
}

// spaced writes pencil marks as digits with spaces: "2 7".
func spaced(m solver.DigitSet) string {
	return strings.Join(strings.Split(m.String(), ""), " ")
}
