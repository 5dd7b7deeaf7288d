package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/solver/human"
)

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

// shade is the role of a cell's background. A cell with several roles
// shows the greatest.
type shade uint8

const (
	shadeNone       shade = iota
	shadeUnit             // in a unit a hint reasons about
	shadeEliminated       // loses candidates in a hint
	shadeCell             // proves a hint
	shadeTarget           // filled by a hint
	shadeWrong            // holds a wrong digit
)

// shade returns the background colour of role s, and false for none.
func (p *Palette) shade(s shade) (color.RGBA, bool) {
	switch s {
	case shadeUnit:
		return p.UnitShade, true
	case shadeEliminated:
		return p.EliminatedShade, true
	case shadeCell:
		return p.CellShade, true
	case shadeTarget:
		return p.TargetShade, true
	case shadeWrong:
		return p.WrongShade, true
	}
	return color.RGBA{}, false
}

// cellView is what one cell shows.
type cellView struct {
	digit int
	style style
	shade shade
	marks solver.DigitSet    // pencil marks shown (empty cells only)
	elim  solver.DigitSet    // marks struck through
	group [3]solver.DigitSet // marks with a disc behind them, by highlight group
	ring  bool               // a circle around the cell, for a hint's target
	frame bool               // a square just inside the cell's lines, for a mistake
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

// setMarks shows cands (the basic candidates of the view's grid, see
// [solver.Grid.Candidates], when nil) in the empty cells.
func (v *view) setMarks(cands []solver.DigitSet) error {
	if cands == nil {
		cands = v.grid.Candidates()
	}
	if len(cands) != len(v.cells) {
		return fmt.Errorf("render: %d cells of candidates for a %dx%d grid of %d cells", len(cands), v.grid.Side(), v.grid.Side(), len(v.cells))
	}
	all := solver.AllDigits(v.grid.Side())
	for i := range v.cells {
		if v.cells[i].digit == 0 {
			v.cells[i].marks = cands[i] & all
		}
	}
	return nil
}

// size returns the side of the picture: opt.Size, or by default
// DefaultSize, and MarksSize16 for a 16x16 grid that shows pencil marks.
func (v *view) size() int {
	if v.opt.Size == 0 && v.grid.Side() == 16 {
		for _, cv := range v.cells {
			if cv.digit == 0 && cv.marks != 0 {
				return MarksSize16
			}
		}
	}
	size, _ := v.opt.size()
	return size
}

// draw paints the view.
func (v *view) draw() *image.Paletted {
	size := v.size()
	n := v.grid.Side()
	l := newLayout(n, v.grid.BoxSide(), size, v.opt.Labels)
	img := newCanvas(size, v.pal.Background)

	for i, cv := range v.cells {
		if col, ok := v.pal.shade(cv.shade); ok {
			img.fill(l.cellRect(i/n, i%n), col)
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
		if cv.frame {
			v.drawFrame(img, l, r, c, v.pal.Wrong)
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
	if cv.ring {
		var s shape
		s.ring(ctr, float64(in.Dx())*0.40, math.Max(2, float64(l.cell)*0.05))
		s.fill(img, v.pal.Target)
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
	if cv.ring {
		px = int(math.Round(float64(px) * 0.9))
	}
	drawText(img, string(rune(solver.DigitChar(cv.digit))), tf, px, ctr.x, ctr.y, col)
}

func (v *view) drawMarks(img *canvas, l layout, r, c int, cv cellView) {
	pitch := l.markPitch()
	px := int(math.Round(min(pitch*0.9, float64(l.cell)*0.3)))
	for d := 1; d <= l.n; d++ {
		if !cv.marks.Has(d) {
			continue
		}
		p := l.markCentre(r, c, d)
		col := v.pal.Candidate
		for g := range cv.group {
			if cv.group[g].Has(d) {
				var s shape
				s.disc(p, pitch*0.49)
				s.fill(img, v.pal.Group[g])
				col = v.pal.Given
			}
		}
		if cv.elim.Has(d) {
			col = v.pal.Eliminated
		}
		drawText(img, string(rune(solver.DigitChar(d))), medium, px, p.x, p.y, col)
		if cv.elim.Has(d) {
			var s shape
			k := pitch * 0.38
			s.segment(pt{p.x - k, p.y + k}, pt{p.x + k, p.y - k}, math.Max(1.5, pitch*0.12))
			s.fill(img, v.pal.Eliminated)
		}
	}
}

// bends are the curvatures tried for a chain's arrow, in order of
// preference: the control point of its curve lies this many lengths of the
// arrow to its left (negative: to its right) of its middle.
var bends = []float64{0.18, -0.18, 0.3, -0.3, 0.45, -0.45, 0.6, -0.6, 0.8, -0.8}

// drawLinks draws the chain links as gently curved arrows between pencil
// marks: strong links solid, weak links dashed. Each arrow bends the least
// it can to go around the digits written in the grid, so that none is
// struck through.
func (v *view) drawLinks(img *canvas, l layout) {
	if len(v.links) == 0 {
		return
	}
	n := l.n
	pitch := l.markPitch()
	w := math.Max(2, float64(l.cell)*0.028)
	digits := v.digitBoxes(l)
	for _, k := range v.links {
		a := l.markCentre(k.From.Cell/n, k.From.Cell%n, k.From.Digit)
		b := l.markCentre(k.To.Cell/n, k.To.Cell%n, k.To.Digit)
		d := dist(a, b)
		if d < pitch*0.9 {
			continue // same mark twice: nothing to draw
		}
		pts := route(a, b, digits, l)
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

// route returns the curve of a chain's arrow from a to b: bent a little to
// its left so that it does not run over the marks between its ends or
// along grid lines, and more, to either side, where a digit is in its way.
// Of the bends tried, the first that crosses no digit wins, or else the one
// that crosses the least.
func route(a, b pt, digits []box, l layout) []pt {
	var pts []pt
	best := math.Inf(1)
	for _, f := range bends {
		ctrl := mid(a, b).add(b.sub(a).perp().mul(f))
		curve := quadCurve(a, ctrl, b, 32)
		if c := crossing(curve, digits, l); c < best-1e-9 {
			pts, best = curve, c
		}
		if best == 0 {
			break
		}
	}
	return pts
}

// box is a rectangle in picture coordinates.
type box struct{ x0, y0, x1, y1 float64 }

func (b box) has(p pt) bool { return p.x >= b.x0 && p.x <= b.x1 && p.y >= b.y0 && p.y <= b.y1 }

// digitBoxes returns the areas the digits written in the grid take, with a
// little room around them.
func (v *view) digitBoxes(l layout) []box {
	var out []box
	for i, cv := range v.cells {
		if cv.digit == 0 {
			continue
		}
		c := rectCenter(l.interior(i/l.n, i%l.n))
		hw, hh := float64(l.cell)*0.27, float64(l.cell)*0.37
		out = append(out, box{c.x - hw, c.y - hh, c.x + hw, c.y + hh})
	}
	return out
}

// crossing measures how badly a curve fares: its length over digits, and
// outside the grid, where it would leave the picture's frame.
func crossing(curve []pt, digits []box, l layout) float64 {
	grid := box{float64(l.x0), float64(l.y0), float64(l.bound(l.x0, l.n)), float64(l.bound(l.y0, l.n))}
	total := 0.0
	for i := 1; i < len(curve); i++ {
		m, d := mid(curve[i-1], curve[i]), dist(curve[i-1], curve[i])
		if !grid.has(m) {
			total += d
			continue
		}
		for _, b := range digits {
			if b.has(m) {
				total += d
				break
			}
		}
	}
	return total
}
