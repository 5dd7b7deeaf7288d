package render

import (
	"fmt"
	"image"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/human"
)

// Hint levels: how much of a step a picture shows.
const (
	// LevelNudge shades the rows, columns, boxes and cells that the
	// step's Nudge names ("Look at box 5 for a 7.").
	LevelNudge = 1
	// LevelArea shades the places the step's Area names and marks the
	// pattern's candidates, without the answer.
	LevelArea = 2
	// LevelFull shows the whole step: the placed digit in a ringed cell,
	// the eliminated candidates struck through and the chain's links.
	LevelFull = 3
)

// Hint draws one hint step on current, the grid the step applies to, at a
// level of help from [LevelNudge] to [LevelFull]. The digits of puzzle are
// drawn as givens and the rest of current as filled; puzzle may be the
// zero Grid. cands are the pencil marks the step was found with, one set
// per cell; nil means the basic candidates of current (see
// [solver.Grid.Candidates]).
//
// Pencil marks are drawn when opt.Candidates is set, and whenever the
// step's picture needs them: eliminations, highlighted candidates or chain
// links. Levels below [LevelFull] shade only the places their text names
// (a step without text falls back on its first unit at level 1 and its
// units and cells at level 2) and never show the answer: neither the
// placed digit nor the eliminated candidates are marked, so the picture
// gives away no more than the words of that level.
func Hint(puzzle, current solver.Grid, cands []solver.DigitSet, step human.Step, level int, opt Options) (*image.Paletted, error) {
	if level < LevelNudge || level > LevelFull {
		return nil, fmt.Errorf("render: hint level %d is out of range: it must be 1, 2 or 3", level)
	}
	v, err := newView(current, opt)
	if err != nil {
		return nil, err
	}
	if err := setGivens(v, puzzle, "current grid"); err != nil {
		return nil, err
	}
	if err := checkStep(current, step); err != nil {
		return nil, err
	}
	full := level >= LevelFull
	answer := map[human.Candidate]bool{}
	for _, c := range step.Placements {
		answer[c] = true
	}
	for _, c := range step.Eliminations {
		answer[c] = true
	}
	needMarks := opt.Candidates || len(step.Eliminations) > 0 || len(step.Links) > 0
	for _, h := range step.Highlights {
		needMarks = needMarks || full || !answer[h.Candidate]
	}
	if needMarks {
		if err := v.setMarks(cands); err != nil {
			return nil, err
		}
	}
	// Shading, weakest first: units, then cells, then targets. Below
	// the full level, the picture shades what the level's words name,
	// so that it gives away no more than they do.
	shadeUnits, shadeCells := step.Units, step.Cells
	switch level {
	case LevelNudge:
		shadeUnits, shadeCells = namedPlaces(current, step.Nudge, step.Units[:min(1, len(step.Units))], nil)
	case LevelArea:
		shadeUnits, shadeCells = namedPlaces(current, step.Area, step.Units, withoutAnswers(step))

	}
	for _, u := range shadeUnits {
		for _, i := range unitCells(current, u) {
			v.cells[i].shade = max(v.cells[i].shade, shadeUnit)
		}
	}
	for _, i := range shadeCells {
		v.cells[i].shade = max(v.cells[i].shade, shadeCell)
	}
	// mark adds a candidate to the marks of an empty cell so that what
	// the step refers to is visible even if cands lacked it.
	mark := func(c human.Candidate) *cellView {
		cv := &v.cells[c.Cell]
		if cv.digit == 0 {
			cv.marks = cv.marks.With(c.Digit)
		}
		return cv
	}
	if level >= LevelArea {
		for _, h := range step.Highlights {
			if !full && answer[h.Candidate] {
				continue
			}
			cv, g := mark(h.Candidate), min(max(h.Group, 0), 2)
			cv.group[g] = cv.group[g].With(h.Digit)
		}
	}
	if full {
		for _, c := range step.Eliminations {
			cv := mark(c)
			cv.elim = cv.elim.With(c.Digit)
			cv.shade = max(cv.shade, shadeEliminated)
		}
		for _, c := range step.Placements {
			cv := &v.cells[c.Cell]
			cv.digit, cv.style = c.Digit, stylePlaced
			cv.shade, cv.ring = max(cv.shade, shadeTarget), true
		}
		for _, l := range step.Links {
			mark(l.From)
			mark(l.To)
		}
		v.links = step.Links
	}
	return v.draw(), nil
}

// namePattern matches the names of places in a hint's text: "row 3",
// "column 4", "box 5" and "r5c4".
var namePattern = regexp.MustCompile(`\b(?:(row|column|box) ([0-9]{1,2})|r([0-9]{1,2})c([0-9]{1,2}))\b`)

// namedPlaces returns the units and cells of g that text names, in order
// and without repeats. A step without text falls back on the given units
// and cells.
func namedPlaces(g solver.Grid, text string, units []solver.Unit, cells []int) ([]solver.Unit, []int) {
	if strings.TrimSpace(text) == "" {
		return units, cells
	}
	units, cells = nil, nil
	n := g.Side()
	for _, m := range namePattern.FindAllStringSubmatch(text, -1) {
		if m[1] != "" {
			i, _ := strconv.Atoi(m[2])
			u := solver.Unit{Kind: map[string]solver.UnitKind{"row": solver.Row, "column": solver.Column, "box": solver.Box}[m[1]], Index: i - 1}
			if i >= 1 && i <= n && !slices.Contains(units, u) {
				units = append(units, u)
			}
			continue
		}
		r, _ := strconv.Atoi(m[3])
		c, _ := strconv.Atoi(m[4])
		if r >= 1 && r <= n && c >= 1 && c <= n && !slices.Contains(cells, (r-1)*n+c-1) {
			cells = append(cells, (r-1)*n+c-1)
		}
	}
	return units, cells
}

// withoutAnswers returns the step's cells other than those it fills.
func withoutAnswers(step human.Step) []int {
	var out []int
	for _, i := range step.Cells {
		if !slices.ContainsFunc(step.Placements, func(c human.Candidate) bool { return c.Cell == i }) {
			out = append(out, i)
		}
	}
	return out
}

// unitCells returns the cells of unit u of g, or nil for a unit that is
// not in g.
func unitCells(g solver.Grid, u solver.Unit) []int {
	n, b := g.Side(), g.BoxSide()
	if u.Index < 0 || u.Index >= n {
		return nil
	}
	out := make([]int, n)
	for k := range n {
		switch u.Kind {
		case solver.Row:
			out[k] = u.Index*n + k
		case solver.Column:
			out[k] = k*n + u.Index
		case solver.Box:
			out[k] = (u.Index/b*b+k/b)*n + u.Index%b*b + k%b
		default:
			return nil
		}
	}
	return out
}

// checkStep returns an error when step refers to cells, digits or units
// that g does not have.
func checkStep(g solver.Grid, step human.Step) error {
	n := g.Side()
	cand := func(what string, c human.Candidate) error {
		switch {
		case c.Cell < 0 || c.Cell >= g.NumCells():
			return fmt.Errorf("render: hint step %s: cell %d is outside the %dx%d grid", what, c.Cell, n, n)
		case c.Digit < 1 || c.Digit > n:
			return fmt.Errorf("render: hint step %s at %s: digit %d is not 1 to %d", what, g.CellName(c.Cell), c.Digit, n)
		}
		return nil
	}
	for _, c := range step.Placements {
		if err := cand("placement", c); err != nil {
			return err
		}
	}
	for _, c := range step.Eliminations {
		if err := cand("elimination", c); err != nil {
			return err
		}
	}
	for _, h := range step.Highlights {
		if err := cand("highlight", h.Candidate); err != nil {
			return err
		}
	}
	for _, l := range step.Links {
		if err := cand("link", l.From); err != nil {
			return err
		}
		if err := cand("link", l.To); err != nil {
			return err
		}
	}
	for _, i := range step.Cells {
		if i < 0 || i >= g.NumCells() {
			return fmt.Errorf("render: hint step cell %d is outside the %dx%d grid", i, n, n)
		}
	}
	for _, u := range step.Units {
		if unitCells(g, u) == nil {
			return fmt.Errorf("render: hint step unit %v is not in the %dx%d grid", u, n, n)
		}
	}
	return nil
}
