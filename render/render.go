package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/human"
)

// Picture sizes, in pixels per side.
const (
	// DefaultSize is the side of a picture when [Options.Size] is 0:
	// Discord shows it whole without scaling it much.
	DefaultSize = 900
	// MinSize and MaxSize bound [Options.Size].
	MinSize = 160
	MaxSize = 4096
)

// Options says how to draw a picture. The zero value draws a light,
// 900-pixel picture without pencil marks or labels.
type Options struct {
	// Theme is the colour scheme.
	Theme Theme
	// Size is the side of the square picture in pixels, from MinSize to
	// MaxSize; 0 means DefaultSize.
	Size int
	// Candidates draws pencil marks in the empty cells.
	Candidates bool
	// Labels writes row numbers left of the grid and column numbers
	// above it, to find a cell named like "r5c4". Hint pictures read
	// better with them.
	Labels bool
}

// size returns the picture side, checking the limits.
func (o Options) size() (int, error) {
	switch {
	case o.Size == 0:
		return DefaultSize, nil
	case o.Size < MinSize || o.Size > MaxSize:
		return 0, fmt.Errorf("picture size %d px is out of range: it must be from %d to %d", o.Size, MinSize, MaxSize)
	}
	return o.Size, nil
}

// Candidates holds pencil marks: bit d of element i is set when digit d is
// a candidate in cell i (cells count from 0 row by row). A nil Candidates
// stands for [BasicCandidates] of the grid drawn.
type Candidates []uint32

// Has reports whether digit d is a candidate in cell i.
func (c Candidates) Has(i, d int) bool { return i < len(c) && c[i]&(1<<d) != 0 }

// BasicCandidates returns the pencil marks of g that a player writes
// first: in each empty cell, the digits that no filled cell of its row,
// column or box holds. Filled cells have none.
func BasicCandidates(g solver.Grid) Candidates {
	n, b := g.Side(), g.BoxSide()
	var rows, cols, boxes [solver.MaxSide]uint32
	for r := range n {
		for c := range n {
			if d := g.At(r, c); d != 0 {
				rows[r] |= 1 << d
				cols[c] |= 1 << d
				boxes[g.Box(r, c)] |= 1 << d
			}
		}
	}
	all := uint32(1)<<(n+1) - 2
	out := make(Candidates, g.NumCells())
	for r := range n {
		for c := range n {
			if g.At(r, c) == 0 {
				out[r*n+c] = all &^ (rows[r] | cols[c] | boxes[g.Box(r, c)])
			}
		}
		_ = b
	}
	return out
}

// style is how a cell's digit is written.
type style uint8

const (
	styleGiven  style = iota // the puzzle's digit
	styleFilled              // written by the solver or a player
	styleWrong               // a player's wrong digit
	stylePlaced              // the digit a hint places
)

// view is everything one picture shows, cell by cell, before drawing.
type view struct {
	grid  solver.Grid
	opt   Options
	pal   Palette
	cells []cellView
	links []human.Link
}

type cellView struct {
	digit int
	style style
	shade *color.RGBA // background, nil for none
	marks uint32      // pencil marks shown (empty cells only)
	elim  uint32      // marks struck through
	group [3]uint32   // marks with a disc behind them, by highlight group
	ring  *color.RGBA // circle around the cell
	frame *color.RGBA // square just inside the cell's lines
}

// newView checks g and opt and returns a view with g's digits as givens.
func newView(g solver.Grid, opt Options) (*view, error) {
	if g.IsZero() {
		return nil, errors.New("render: the grid is empty (zero value)")
	}
	if _, err := opt.size(); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	v := &view{grid: g, opt: opt, pal: opt.Theme.Palette(), cells: make([]cellView, g.NumCells())}
	for i := range v.cells {
		v.cells[i].digit = g.Cell(i)
	}
	return v, nil
}

// setMarks shows cands (BasicCandidates of the view's grid when nil) in
// the empty cells.
func (v *view) setMarks(cands Candidates) error {
	if cands == nil {
		cands = BasicCandidates(v.grid)
	}
	if len(cands) != len(v.cells) {
		return fmt.Errorf("render: %d cells of candidates for a %dx%d grid of %d cells", len(cands), v.grid.Side(), v.grid.Side(), len(v.cells))
	}
	all := uint32(1)<<(v.grid.Side()+1) - 2
	for i := range v.cells {
		if v.cells[i].digit == 0 {
			v.cells[i].marks = cands[i] & all
		}
	}
	return nil
}

// Grid draws puzzle: its digits as givens, and pencil marks in the empty
// cells when opt.Candidates is set.
func Grid(puzzle solver.Grid, opt Options) (*image.Paletted, error) {
	v, err := newView(puzzle, opt)
	if err != nil {
		return nil, err
	}
	if opt.Candidates {
		if err := v.setMarks(nil); err != nil {
			return nil, err
		}
	}
	return v.draw(), nil
}

// Solution draws solution over puzzle: the puzzle's digits as givens and
// the others in the filled colour. The solution may be partial; its
// digits must agree with every given of the puzzle. Cells still empty get
// pencil marks when opt.Candidates is set.
func Solution(puzzle, solution solver.Grid, opt Options) (*image.Paletted, error) {
	v, err := newView(solution, opt)
	if err != nil {
		return nil, err
	}
	if err := setGivens(v, puzzle, "solution"); err != nil {
		return nil, err
	}
	for i := range v.cells {
		if d := puzzle.Cell(i); d != 0 && d != solution.Cell(i) {
			return nil, fmt.Errorf("render: the solution has %c at %s where the puzzle has %c", solver.DigitChar(solution.Cell(i)), puzzle.CellName(i), solver.DigitChar(d))
		}
	}
	if opt.Candidates {
		if err := v.setMarks(nil); err != nil {
			return nil, err
		}
	}
	return v.draw(), nil
}

// setGivens marks the digits of v that are not in puzzle as filled. A zero
// puzzle leaves every digit a given.
func setGivens(v *view, puzzle solver.Grid, what string) error {
	if puzzle.IsZero() {
		return nil
	}
	if puzzle.Side() != v.grid.Side() {
		return fmt.Errorf("render: the puzzle is %dx%d but the %s is %dx%d", puzzle.Side(), puzzle.Side(), what, v.grid.Side(), v.grid.Side())
	}
	for i := range v.cells {
		if puzzle.Cell(i) == 0 {
			v.cells[i].style = styleFilled
		}
	}
	return nil
}

// Wrong draws a player's grid current with the cells listed in wrong
// marked as mistakes. The digits of puzzle are drawn as givens and the
// player's as filled; puzzle may be the zero Grid when the givens are not
// known, and then every digit is drawn as a given. A wrong cell that is
// empty in current is shaded without a digit.
func Wrong(puzzle, current solver.Grid, wrong []int, opt Options) (*image.Paletted, error) {
	v, err := newView(current, opt)
	if err != nil {
		return nil, err
	}
	if err := setGivens(v, puzzle, "current grid"); err != nil {
		return nil, err
	}
	for _, i := range wrong {
		if i < 0 || i >= len(v.cells) {
			return nil, fmt.Errorf("render: wrong cell %d is outside the %dx%d grid (cells 0 to %d)", i, current.Side(), current.Side(), len(v.cells)-1)
		}
		c := &v.cells[i]
		c.style = styleWrong
		c.shade = &v.pal.WrongShade
		c.frame = &v.pal.Wrong
	}
	if opt.Candidates {
		if err := v.setMarks(nil); err != nil {
			return nil, err
		}
	}
	return v.draw(), nil
}

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
// zero Grid. cands are the pencil marks the step was found with; nil means
// [BasicCandidates] of current.
//
// Pencil marks are drawn when opt.Candidates is set, and whenever the
// step's picture needs them: eliminations, highlighted candidates or chain
// links. Levels below [LevelFull] shade only the places their text names
// (a step without text falls back on its first unit at level 1 and its
// units and cells at level 2) and never show the answer: neither the
// placed digit nor the eliminated candidates are marked, so the picture
// gives away no more than the words of that level.
func Hint(puzzle, current solver.Grid, cands Candidates, step human.Step, level int, opt Options) (*image.Paletted, error) {
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
			v.cells[i].shade = &v.pal.UnitShade
		}
	}
	for _, i := range shadeCells {
		v.cells[i].shade = &v.pal.CellShade
	}
	// mark adds a candidate to the marks of an empty cell so that what
	// the step refers to is visible even if cands lacked it.
	mark := func(c human.Candidate) *cellView {
		cv := &v.cells[c.Cell]
		if cv.digit == 0 {
			cv.marks |= 1 << c.Digit
		}
		return cv
	}
	if level >= LevelArea {
		for _, h := range step.Highlights {
			if !full && answer[h.Candidate] {
				continue
			}
			mark(h.Candidate).group[min(max(h.Group, 0), 2)] |= 1 << h.Digit
		}
	}
	if full {
		for _, c := range step.Eliminations {
			cv := mark(c)
			cv.elim |= 1 << c.Digit
			if cv.shade != &v.pal.CellShade {
				cv.shade = &v.pal.EliminatedShade
			}
		}
		for _, c := range step.Placements {
			cv := &v.cells[c.Cell]
			cv.digit, cv.style = c.Digit, stylePlaced
			cv.shade, cv.ring = &v.pal.TargetShade, &v.pal.Target
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

// draw paints the view.
func (v *view) draw() *image.Paletted {
	size, _ := v.opt.size()
	n := v.grid.Side()
	l := newLayout(n, v.grid.BoxSide(), size, v.opt.Labels)
	img := newCanvas(size, v.pal.Background)

	for i, cv := range v.cells {
		if cv.shade != nil {
			img.fill(l.cellRect(i/n, i%n), *cv.shade)
		}
	}
	for i := 0; i <= n; i++ {
		if i%l.box != 0 {
			img.fill(l.lineRect(i, true), v.pal.ThinLine)
			img.fill(l.lineRect(i, false), v.pal.ThinLine)
		}
	}
	for i := 0; i <= n; i += l.box {
		img.fill(l.lineRect(i, true), v.pal.ThickLine)
		img.fill(l.lineRect(i, false), v.pal.ThickLine)
	}
	if l.label > 0 {
		v.drawLabels(img, l)
	}
	for i, cv := range v.cells {
		r, c := i/n, i%n
		if cv.frame != nil {
			v.drawFrame(img, l, r, c, *cv.frame)
		}
		if cv.digit != 0 {
			v.drawDigit(img, l, r, c, cv)
		} else if cv.marks != 0 {
			v.drawMarks(img, l, r, c, cv)
		}
	}
	v.drawLinks(img, l)
	return img.img
}

func (v *view) drawLabels(img *canvas, l layout) {
	px := int(math.Round(math.Min(float64(l.label)*0.5, float64(l.cell)*0.36)))
	for i := range l.n {
		s := strconv.Itoa(i + 1)
		in := l.interior(i, i)
		// Row numbers sit in the left margin, centred between the
		// picture's edge and the border; column numbers above.
		edge := float64(l.x0-l.thick/2) / 2
		drawText(img, s, regular, px, edge+float64(l.label)*0.08, rectCenter(in).y, v.pal.Label)
		drawText(img, s, regular, px, rectCenter(in).x, edge+float64(l.label)*0.08, v.pal.Label)
	}
}

// drawFrame draws a square outline just inside the lines of cell (r, c),
// which marks the cell without relying on colour alone.
func (v *view) drawFrame(img *canvas, l layout, r, c int, col color.RGBA) {
	in := l.interior(r, c)
	w := max(2, int(math.Round(float64(l.cell)*0.04)))
	gap := max(1, l.thin)
	in = in.Inset(gap)
	if in.Dx() <= 2*w || in.Dy() <= 2*w {
		return
	}
	img.fill(image.Rect(in.Min.X, in.Min.Y, in.Max.X, in.Min.Y+w), col)
	img.fill(image.Rect(in.Min.X, in.Max.Y-w, in.Max.X, in.Max.Y), col)
	img.fill(image.Rect(in.Min.X, in.Min.Y+w, in.Min.X+w, in.Max.Y-w), col)
	img.fill(image.Rect(in.Max.X-w, in.Min.Y+w, in.Max.X, in.Max.Y-w), col)
}

func (v *view) drawDigit(img *canvas, l layout, r, c int, cv cellView) {
	in := l.interior(r, c)
	ctr := rectCenter(in)
	if cv.ring != nil {
		var s shape
		s.ring(ctr, float64(in.Dx())*0.40, math.Max(2, float64(l.cell)*0.05))
		s.fill(img, *cv.ring)
	}
	tf, col := medium, v.pal.Given
	switch cv.style {
	case styleFilled:
		tf, col = regular, v.pal.Filled
	case styleWrong:
		tf, col = medium, v.pal.Wrong
	case stylePlaced:
		tf, col = bold, v.pal.Target
	}
	px := digitPx(l.cell)
	if cv.ring != nil {
		px = int(math.Round(float64(px) * 0.9))
	}
	drawText(img, string(rune(solver.DigitChar(cv.digit))), tf, px, ctr.x, ctr.y, col)
}

func (v *view) drawMarks(img *canvas, l layout, r, c int, cv cellView) {
	pitch := l.markPitch()
	px := int(math.Round(min(pitch*0.8, float64(l.cell)*0.3)))
	for d := 1; d <= l.n; d++ {
		if cv.marks&(1<<d) == 0 {
			continue
		}
		p := l.markCentre(r, c, d)
		col := v.pal.Candidate
		for g := range cv.group {
			if cv.group[g]&(1<<d) != 0 {
				var s shape
				s.disc(p, pitch*0.47)
				s.fill(img, v.pal.Group[g])
				col = v.pal.Given
			}
		}
		if cv.elim&(1<<d) != 0 {
			col = v.pal.Eliminated
		}
		drawText(img, string(rune(solver.DigitChar(d))), regular, px, p.x, p.y, col)
		if cv.elim&(1<<d) != 0 {
			var s shape
			k := pitch * 0.38
			s.segment(pt{p.x - k, p.y + k}, pt{p.x + k, p.y - k}, math.Max(1.5, pitch*0.12))
			s.fill(img, v.pal.Eliminated)
		}
	}
}

// drawLinks draws the chain links as gently curved arrows between pencil
// marks: strong links solid, weak links dashed.
func (v *view) drawLinks(img *canvas, l layout) {
	if len(v.links) == 0 {
		return
	}
	n := l.n
	pitch := l.markPitch()
	w := math.Max(2, float64(l.cell)*0.028)
	for _, k := range v.links {
		a := l.markCentre(k.From.Cell/n, k.From.Cell%n, k.From.Digit)
		b := l.markCentre(k.To.Cell/n, k.To.Cell%n, k.To.Digit)
		d := dist(a, b)
		if d < pitch*0.9 {
			continue // same mark twice: nothing to draw
		}
		// Bend the arrow a little to its left so that it does not run
		// over the marks between its ends or along grid lines.
		ctrl := mid(a, b).add(b.sub(a).perp().mul(0.18))
		pts := quadCurve(a, ctrl, b, 32)
		// Leave the marks themselves clear.
		r := pitch * 0.5
		head := w * 4
		var total float64
		for i := 1; i < len(pts); i++ {
			total += dist(pts[i-1], pts[i])
		}
		body := subpath(pts, r, total-r-head*0.8)
		tip := subpath(pts, total-r-head, total-r)
		var s shape
		if len(body) >= 2 {
			if k.Strong {
				s.polyline(body, w)
			} else {
				s.dashed(body, w, float64(l.cell)*0.12, float64(l.cell)*0.08)
			}
		}
		if len(tip) >= 2 {
			end := tip[len(tip)-1]
			dir := end.sub(tip[0]).unit()
			base := end.sub(dir.mul(head))
			side := dir.perp().mul(w * 2.2)
			s.poly([]pt{end, base.add(side), base.sub(side)}, false)
		}
		s.fill(img, v.pal.Link)
	}
}
