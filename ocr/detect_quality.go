package ocr

import (
	"image"
	"math"
	"slices"
	"sync"
)

// A lattice's quality is judged on the gray picture itself, the same way
// whichever map the lattice was found in, so that candidates from
// different maps compare.

// Geometry of the rectified view a lattice is judged on: cells of qCell
// pixels, one cell of margin all round (so that the lattice shifted by a
// cell can be judged too).
const (
	qCell   = 20
	qMargin = qCell
	qSide   = 9*qCell + 2*qMargin
)

// latticeView is the neighbourhood of a candidate grid rectified to
// qSide x qSide pixels: the grid's 9x9 cells lie in the middle, a cell of
// margin around.
type latticeView struct {
	pix []float64
	// g is the picture, posX and posY where in it each view pixel was
	// sampled (pixelPos coordinates), and step how many picture pixels a
	// view pixel spans, about: for measureAcross.
	g          *image.Gray
	posX, posY []float64
	step       float64
	// across, once measureAcross has set it, holds near each line of the
	// lattice the darkest and the lightest picture pixel across each view
	// pixel: darkest and lightest across vertical lines, then across
	// horizontal ones. Lines are then measured by it (see linePlane).
	across     [4][]uint8
	acrossDone bool
}

// latticeViews holds the views judge is done with, for the next to reuse
// (newLatticeView writes every pixel, measureAcross every one it is asked
// about): a detection judges tens of candidates, each on 380 KB of pixels
// and as much of their places in the picture.
var latticeViews = sync.Pool{New: func() any {
	v := &latticeView{pix: make([]float64, qSide*qSide), posX: make([]float64, qSide*qSide), posY: make([]float64, qSide*qSide)}
	for i := range v.across {
		v.across[i] = make([]uint8, qSide*qSide)
	}
	return v
}}

// newLatticeView rectifies the neighbourhood of quad q of g.
func newLatticeView(g *image.Gray, q Quad) (*latticeView, bool) {
	h, ok := squareToQuad(q)
	if !ok {
		return nil, false
	}
	v := latticeViews.Get().(*latticeView)
	v.g, v.acrossDone = g, false
	sides := q.sides()
	v.step = (sides[0] + sides[1] + sides[2] + sides[3]) / 4 / (9 * qCell)
	// grayAt of h.apply of every pixel, h's products by u made once a
	// column and by v once a row (h.applyRow), the bounds read once.
	var hu [qSide]hProducts
	for x := range qSide {
		hu[x] = h.byU(centre(x-qMargin) / (9 * qCell))
	}
	b := g.Bounds()
	w, ht := b.Dx(), b.Dy()
	for y := range qSide {
		vh := h.byV(centre(y-qMargin) / (9 * qCell))
		row := v.pix[y*qSide : (y+1)*qSide]
		for x := range row {
			px, py := h.applyRow(hu[x], vh)
			px, py = pixelPos(px, b.Min.X), pixelPos(py, b.Min.Y)
			row[x] = float64(bilinear(g, px, py, w, ht))
			v.posX[y*qSide+x], v.posY[y*qSide+x] = px, py
		}
	}
	return v, true
}

// measureAcross sets v.across near the ten lines of each axis of the
// lattice shifted by (dx, dy) cells, within the reach segment looks for
// them: the darkest and the lightest picture pixel under each view pixel
// across the line, taken at steps of less than a pixel. A view pixel
// stands for step picture pixels, and a line one pixel wide, faint, in a
// cell wider than qCell pixels falls between two view pixels or on one
// by the phase of the sampling: a synthetic app screenshot's board of
// such lines measured 32 to 72 as its lattice moved by a pixel, and
// lattices narrower than such boards, on columns of their digits,
// outshone them.
func (v *latticeView) measureAcross(dx, dy int) {
	n := int(math.Ceil(v.step)) + 1
	w, ht := v.g.Rect.Dx(), v.g.Rect.Dy()
	// extremes are those of the picture pixels across view pixel i, from
	// halfway to its neighbour before (i-by) to halfway to the one after.
	extremes := func(i, by int) (lo, hi uint8) {
		before, after, span := i-by, i+by, 2.0
		if before < 0 || by == 1 && i%qSide == 0 {
			before, span = i, 1
		}
		if after >= len(v.posX) || by == 1 && after%qSide == 0 {
			after, span = i, span-1
		}
		x0, y0 := v.posX[i], v.posY[i]
		stepX, stepY := (v.posX[after]-v.posX[before])/span, (v.posY[after]-v.posY[before])/span
		if span == 0 || math.IsNaN(x0+y0+stepX+stepY) {
			p := uint8(v.pix[i]) // a gray level, as bilinear gives
			return p, p
		}
		lo, hi = 255, 0
		for j := range n {
			o := (float64(j)+0.5)/float64(n) - 0.5
			// The nearest pixel: int(z+0.5) rounds as math.Round
			// wherever the clamp leaves it.
			x := min(max(int(x0+o*stepX+0.5), 0), w-1)
			y := min(max(int(y0+o*stepY+0.5), 0), ht-1)
			p := v.g.Pix[y*v.g.Stride+x]
			lo, hi = min(lo, p), max(hi, p)
		}
		return lo, hi
	}
	for k := range 10 {
		for d := -2; d <= 2; d++ {
			// Vertical line k, all along its nine cells, and horizontal
			// line k the same.
			x := min(max(qMargin+(k+dx)*qCell+d, 0), qSide-1)
			y := min(max(qMargin+(k+dy)*qCell+d, 0), qSide-1)
			for t := qMargin + dy*qCell; t < qMargin+(9+dy)*qCell; t++ {
				i := t*qSide + x
				v.across[0][i], v.across[1][i] = extremes(i, 1)
			}
			for t := qMargin + dx*qCell; t < qMargin+(9+dx)*qCell; t++ {
				i := y*qSide + t
				v.across[2][i], v.across[3][i] = extremes(i, qSide)
			}
		}
	}
	v.acrossDone = true
}

// latticeLines is what lineStrength measures of a lattice's lines, in
// gray levels (positive for lines of the polarity asked for).
type latticeLines struct {
	// vertical and horizontal are how strongly each of the ten lines of
	// each axis stands out from the paper beside it, and vertRidge and
	// horRidge the same against the paper on its darker side only.
	vertical, horizontal, vertRidge, horRidge [10]float64
	// vertAlong and horAlong are how strongly each line stands out along
	// most of each cell (see lineAlong), not only across its middle.
	vertAlong, horAlong [10]float64
	// bands[0][c] is the mean strength of the ten vertical lines in row c
	// of cells, bands[1][c] that of the horizontal lines in column c.
	bands [2][9]float64
}

// lineStrength measures the ten lines of each axis of the lattice
// shifted by (dx, dy) cells (see latticeLines). A line's strength in a
// cell is how much it stands out from the paper on both sides of it
// (positive for dark lines when dark is true, for light lines
// otherwise), and along the whole line its median over the nine cells:
// a real grid line is there all along, an edge or a text line only in
// places. The ridge strengths measure against the paper on the darker
// (dark false: lighter) side only, so that an edge, a line on one side
// only, counts for nothing. The strengths along most of each cell
// (vertAlong, horAlong) are measured only when along is true.
func (v *latticeView) lineStrength(dx, dy int, dark, along bool) latticeLines {
	sign := float64(1)
	if !dark {
		sign = -1
	}
	var l latticeLines
	for k := range 10 {
		var sv, sh, rv, rh, av, ah [9]float64
		for c := range 9 {
			x := qMargin + (k+dx)*qCell
			y := qMargin + (k+dy)*qCell
			sv[c], rv[c], av[c] = v.segment(sign, true, x, qMargin+(c+dy)*qCell, along)
			sh[c], rh[c], ah[c] = v.segment(sign, false, y, qMargin+(c+dx)*qCell, along)
			l.bands[0][c] += sv[c] / 10
			l.bands[1][c] += sh[c] / 10
		}
		l.vertical[k], l.horizontal[k] = median9(sv), median9(sh)
		l.vertRidge[k], l.horRidge[k] = median9(rv), median9(rh)
		l.vertAlong[k], l.horAlong[k] = median9(av), median9(ah)
	}
	return l
}

// segment is the strength of the line of the view through position p
// across it (vert: a vertical line) in the cell from a to a+qCell along
// it, times sign (1 for dark lines, -1 for light ones): against the paper
// on both sides, against its darker side only (ridge), and along most of
// the cell (most, when along is true). The line is looked for within two
// view pixels of p, each at its darkest (lightest) across the view pixel
// once measureAcross has measured there (see linePlane).
func (v *latticeView) segment(sign float64, vert bool, p, a int, along bool) (strength, ridge, most float64) {
	var line, side, darker float64
	var st [qCell]float64
	plane := v.linePlane(sign, vert)
	for i := range qCell {
		t := a + i
		best := math.Inf(1)
		for d := -2; d <= 2; d++ {
			if plane == nil {
				best = min(best, sign*pixelIn(v.pix, vert, p+d, t))
			} else {
				best = min(best, sign*pixelIn(plane, vert, p+d, t))
			}
		}
		l, r := sign*pixelIn(v.pix, vert, p-5, t), sign*pixelIn(v.pix, vert, p+5, t)
		st[i] = (l+r)/2 - best
		if i < 3 || i >= qCell-3 {
			continue
		}
		line += best
		side += (l + r) / 2
		darker += min(l, r)
	}
	strength, ridge = (side-line)/float64(qCell-6), (darker-line)/float64(qCell-6)
	if along {
		return strength, ridge, alongMost(st)
	}
	return strength, ridge, 0
}

// pixelIn is the pixel of view plane pix (the view's pixels, or one of
// across) at position across a line and along it (vert: of a vertical
// line), the nearest inside the view.
func pixelIn[T float64 | uint8](pix []T, vert bool, across, along int) float64 {
	x, y := along, across
	if vert {
		x, y = across, along
	}
	x, y = min(max(x, 0), qSide-1), min(max(y, 0), qSide-1)
	return float64(pix[y*qSide+x])
}

// linePlane is the plane of across where segment looks for the lines of
// one polarity (sign 1: dark) across one axis (vert: vertical lines), the
// darkest (sign 1) or lightest picture pixels across each view pixel;
// nil until measureAcross has measured them, the view's own pixels
// standing for them.
func (v *latticeView) linePlane(sign float64, vert bool) []uint8 {
	if !v.acrossDone {
		return nil
	}
	k := 2
	if vert {
		k = 0
	}
	if sign < 0 {
		k++
	}
	return v.across[k]
}

// alongMost is the strength a line has along most of a cell: the
// strength it reaches at all but lineAlong of the cell's qCell steps
// along it.
func alongMost(s [qCell]float64) float64 {
	slices.Sort(s[:])
	return s[lineAlong]
}

// lineAlong is how many of a cell's qCell steps along a line may miss it
// (two fifths): a real line runs from crossing to crossing, while a
// column of digits stands out only across the middle of the cells, where
// the digits are, not beside the lines across it. It decides between
// lattices of one grid of different shapes only (see squarer): as the
// measure of every lattice's quality, instead of the mean over the middle
// 14 steps, it put 14 grids of the synthetic sets right but moved 3 a
// cell off and shifted many by a few pixels, and the dark gaps between
// rows of big light digits no longer held the lattice of a board whose
// lines are all but invisible. Two fifths, measured so: a quarter kept a
// curved sheet's grid out (sheet-curved.jpg), a half let 2 of the 11
// grids of digit columns stray still.
const lineAlong = 2 * qCell / 5

// median9 is the median of nine values.
func median9(v [9]float64) float64 {
	for i := 1; i < 9; i++ {
		for j := i; j > 0 && v[j] < v[j-1]; j-- {
			v[j], v[j-1] = v[j-1], v[j]
		}
	}
	return v[4]
}

// quality scores the lattice of quad q shifted by (dx, dy) cells in the
// view: the mean strength of its twenty lines, plus how much stronger its
// box lines (every third) are than its cell lines, which a lattice that
// is a cell off loses. The polarity is the one the lines favour. It also
// tells whether the lattice is framed (see framed) and how strong its
// cell lines are against its box lines.
func (v *latticeView) quality(dx, dy int) lines {
	best := lines{quality: math.Inf(-1)}
	for _, dark := range []bool{true, false} {
		l := v.lineStrength(dx, dy, dark, false)
		q, box, cell := latticeScore(&l.vertical, &l.horizontal)
		if q > best.quality {
			best = lines{quality: q, framed: framed(&l), banded: frameBands(&l.bands), cellShare: cell / max(box, 1)}
		}
	}
	return best
}

// alongQuality is the quality of the lattice shifted by (dx, dy) cells
// from the strengths of its lines along most of each cell (see
// lines.along), in the polarity that favours it, 0 at least.
func (v *latticeView) alongQuality(dx, dy int) float64 {
	var best float64
	for _, dark := range []bool{true, false} {
		l := v.lineStrength(dx, dy, dark, true)
		q, _, _ := latticeScore(&l.vertAlong, &l.horAlong)
		best = max(best, q)
	}
	return best
}

// latticeScore is the quality of a lattice whose lines stand out by vertical
// and horizontal (see quality), and the mean strengths of its box lines
// and of its cell lines.
func latticeScore(vertical, horizontal *[10]float64) (q, box, cell float64) {
	var all float64
	for k := range 10 {
		s := vertical[k] + horizontal[k]
		all += s / 20
		if k%3 == 0 {
			box += s / 8
		} else {
			cell += s / 12
		}
	}
	// Lines weaker than the paper's noise do not count for more than
	// their absence.
	return all + boxLineGain*max(0, box-cell), box, cell
}

// boxLineGain is the weight in a lattice's quality of how much stronger
// its box lines stand out than its cell lines (40f7571, with the framed
// lattices: handwriting-sheets-dev 334 -> 133 cells wrong).
const boxLineGain = 0.5

// lines is what latticeView.quality finds of a lattice's lines.
type lines struct {
	quality float64
	// along is the quality of the lattice from the strength of its lines
	// along most of each cell (see lineAlong), the best of the two
	// polarities, 0 at least.
	along float64
	// framed: every outer line is there (see framed).
	framed bool
	// banded: for each side (top, right, bottom, left), whether its lines
	// cross its outer row or column of cells on that side (see
	// frameBands).
	banded [4]bool
	// cellShare is the mean strength of the cell lines over the box lines'.
	cellShare float64
}

// frameShare is how strong each outer line of a lattice must be, against
// the mean of its box lines, for the lattice to be framed; and how
// strong its lines must be in each outer row and column of cells,
// against their mean over all of them.
const frameShare = 0.3

// framed reports whether all four outer lines of a lattice stand out
// against its box lines (their ridge strengths): a lattice pulled a cell
// out by a shadow's or the page's edge has an edge, no line, for one of
// them.
func framed(l *latticeLines) bool {
	var box float64
	for k := 0; k < 10; k += 3 {
		box += (l.vertRidge[k] + l.horRidge[k]) / 8
	}
	for _, s := range []float64{l.vertRidge[0], l.vertRidge[9], l.horRidge[0], l.horRidge[9]} {
		if s <= 1 || s < frameShare*box {
			return false
		}
	}
	return true
}

// frameBands reports, for each side of a lattice (top, right, bottom,
// left), whether its lines cross its outer row or column of cells there
// (bands; see latticeLines) about as strongly as the others, frameShare
// of their mean at least. A lattice pulled a
// cell out onto a line of text beside the grid has a line there, a
// framed one, but the grid's lines do not cross the row or column of
// text; and the grid's own lattice, text right outside its border, is
// not framed. choose asks it only of lattices of one grid half a cell
// apart or more (see framedAgainst): an app's row or column of cells
// highlighted along the border weakens a band too.
func frameBands(b *[2][9]float64) [4]bool {
	var mean float64
	for _, axis := range b {
		for _, s := range axis {
			mean += s / 18
		}
	}
	least := frameShare * mean
	return [4]bool{b[0][0] >= least, b[1][8] >= least, b[0][8] >= least, b[1][0] >= least}
}

// shiftQuad returns the quad of q's lattice moved by (dx, dy) cells.
func shiftQuad(q Quad, dx, dy int) (Quad, bool) {
	h, ok := squareToQuad(q)
	if !ok {
		return q, false
	}
	u0, v0 := float64(dx)/9, float64(dy)/9
	var out Quad
	for i, c := range [4][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
		out[i].X, out[i].Y = h.apply(c[0]+u0, c[1]+v0)
		if math.IsNaN(out[i].X) || math.IsNaN(out[i].Y) {
			return q, false
		}
	}
	return out, true
}

// shiftGain is how much better (as a factor, plus one gray level) the
// lines of a lattice moved by a cell must stand out for judge to move it
// (81012de; handwritten-dev: 13 grids were a cell off before).
const shiftGain = 1.15

// judge sets the quality of candidate c on the gray picture g, moving its
// lattice by a cell in either direction when that gives clearly better
// lines (a lattice fitted a cell off on a blurred photo, or onto the edge
// of the page beside the grid).
func judge(g *image.Gray, c *candidate) {
	v, ok := newLatticeView(g, c.quad)
	if !ok {
		c.quality = math.Inf(-1)
		return
	}
	c.lines = v.quality(0, 0)
	bestDX, bestDY := 0, 0
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if dx == 0 && dy == 0 {
				continue
			}
			if l := v.quality(dx, dy); l.quality > c.quality*shiftGain+1 {
				c.lines, bestDX, bestDY = l, dx, dy
			}
		}
	}
	// Whether to move the lattice is judged on the view's own pixels, where
	// a thin line stands out less than a thick one, as box lines against
	// cell lines (see shiftGain); how clearly the lattice stands out, which
	// choose compares between lattices, on each line at its extreme
	// across the view's pixels (see measureAcross).
	v.measureAcross(bestDX, bestDY)
	c.lines = v.quality(bestDX, bestDY)
	c.along = v.alongQuality(bestDX, bestDY)
	v.g = nil
	latticeViews.Put(v)
	if bestDX != 0 || bestDY != 0 {
		if q, ok := shiftQuad(c.quad, bestDX, bestDY); ok && plausibleQuad(q) {
			c.quad, c.area = q, quadArea(q)
		}
	}
}
