package ocr

import (
	"image"
	"math"
	"slices"
	"sort"
	"sync"
)

// The candidates of the detect stage: the outlines of the components of a
// map, the lattices fitted to them, and the geometry of quadrilaterals.

// The margins of the looks for a lattice around an outline, as shares of
// its side, and the score a lattice loses per cell of distance from the
// outline's edges (81012de, measured with ocr-report --detect-only on the
// dev folders of the time; 8830c42 for the close look alone).
const (
	wideMargin   = 0.25
	closeMargin  = 0.1
	latticePrior = 0.1
)

// acceptScore is the least share of its 20 lines a lattice must have in
// the map it was fitted in to be a candidate at all.
const acceptScore = 0.6

// wideLookScore is the least share of its lines a first, wide look for a
// lattice must find for the close look to start from what it found.
const wideLookScore = 0.5

// closeLattice fits the lattice of b close to q (a tenth of its side around
// it, q's own edges preferred) and returns it as a candidate when it is
// accepted: at least acceptScore of its lines found and a plausible
// quadrilateral. It is the one rule by which every look of Detect accepts
// a lattice.
func closeLattice(b *binImg, q Quad) (candidate, bool) {
	rq, s := refineLattice(b, q, closeMargin, latticePrior)
	if s < acceptScore || !plausibleQuad(rq) {
		return candidate{}, false
	}
	return candidate{quad: rq, area: quadArea(rq), score: s, fit: b}, true
}

// maxSettle is the most close looks settleLattice takes in a row: on
// the synthetic sets 9201, 9202 and 1127, of the 246 pictures where
// settling some outline reached the grid, 219 reached it within six looks
// (and 196 within four); most outlines that never settle keep moving, so
// each look more costs every such outline one more fit.
const maxSettle = 6

// settleLattice fits the lattice of b close to q again and again, each
// look starting from the lattice the last one found, until one has
// nearly all its lines (enoughScore) and a plausible shape, which it
// returns; it gives up when the lattice stops moving (by less than a
// pixel) or after maxSettle looks. One look corrects the outline's
// perspective only so far (each half and quarter of the lattice moves
// a little from the whole's), so an outline distorted by what touches
// the grid (columns of text, a shadow, the frame) can take several looks
// to reach the grid's lines. Only a lattice with nearly all its lines
// counts: on the way, the looks pass lattices with two thirds to nine
// tenths of them that lie a cell or so off the grid (a row of text taken
// for its border, an app's number pad or highlighted cells); taken at
// acceptScore, such lattices moved six grids of the synthetic sets 1127,
// 1301 and 1302 a cell off (four of them apps'), at enoughScore none.
func settleLattice(b *binImg, q Quad) (candidate, bool) {
	for range maxSettle {
		rq, s := refineLattice(b, q, closeMargin, latticePrior)
		if s >= enoughScore && plausibleQuad(rq) {
			return candidate{quad: rq, area: quadArea(rq), score: s, fit: b}, true
		}
		if sameQuad(rq, q, 1) {
			break
		}
		q = rq
	}
	return candidate{}, false
}

// component is a connected set of ink pixels.
type component struct {
	label                  int32
	n                      int
	minX, minY, maxX, maxY int
}

// What gridCandidates asks of a component and its outlines before fitting
// a lattice to them (710f6c1 and 81012de; no measurement recorded of each).
const (
	// minComponentSide: the component's box is at least this share of
	// the picture's shorter side each way.
	minComponentSide = 0.15
	// sameOutline: the hull's quadrilateral and the box are one outline
	// when their corners lie within this share of the box's longer side.
	sameOutline = 0.02
	// minOutlineArea: an outline covers at least this share of the
	// picture.
	minOutlineArea = 0.02
	// minGridScore: the least gridScore of an outline.
	minGridScore = 0.1
	// strayedArea: a lattice inside its outline covering less than this
	// share of it has strayed to a lattice of digits, say (8830c42:
	// synthetic set 241 -> 243 of 250 with the close look).
	strayedArea = 0.85
)

// gridCandidates labels the connected ink components of b and returns the
// grid-like ones with their fitted lattices. Each component is tried with
// two outlines: the largest quadrilateral on its convex hull (a grid seen
// at an angle) and its bounding box (a grid whose outer border is missing
// from b, whose hull is then cut at the corners). Each outline's lattice
// is looked for around it, then close to it; with closeLook, outlines
// where that finds nothing get the close look alone.
func gridCandidates(b *binImg, closeLook bool) []candidate {
	seen := b.looks()
	found := make([][]candidate, len(seen.quads))
	eachAtOnce(len(seen.quads), func(i int) { found[i] = outlineCandidates(b, seen, i, closeLook) })
	return slices.Concat(found...)
}

// outlineLooks is what Detect's passes over one map find of the outlines
// of its components: the outlines, and of each its grid score and the
// lattice one look fits to it (oneLook), worked out by the first pass
// that asks and kept for the later ones (the close look, the settling),
// which ask the same again.
type outlineLooks struct {
	quads []Quad
	once  []sync.Once
	looks []outlineLook
}

// outlineLook is what outlineLooks keeps of one outline.
type outlineLook struct {
	score float64 // gridScore
	// c, wq and found are oneLook's, when score is minGridScore at
	// least.
	c     candidate
	wq    Quad
	found bool
}

// looks returns the outlines of b's components and what has been found
// of them. Detect asks it of a map from one goroutine at a time.
func (b *binImg) looks() *outlineLooks {
	if b.seen == nil {
		s := &outlineLooks{}
		for _, outline := range outlines(b) {
			s.quads = append(s.quads, outline...)
		}
		s.once = make([]sync.Once, len(s.quads))
		s.looks = make([]outlineLook, len(s.quads))
		b.seen = s
	}
	return b.seen
}

// look returns what is found of outline i of b, whose looks s are (see
// outlineLook), working it out the first time it is asked. It is safe for
// concurrent use.
func (s *outlineLooks) look(b *binImg, i int) *outlineLook {
	s.once[i].Do(func() {
		l := &s.looks[i]
		if l.score = gridScore(b, s.quads[i]); l.score >= minGridScore {
			l.c, l.wq, l.found = oneLook(b, s.quads[i])
		}
	})
	return &s.looks[i]
}

// outlineCandidates returns the grids gridCandidates finds along outline
// i of a component of b, whose looks seen are.
func outlineCandidates(b *binImg, seen *outlineLooks, i int, closeLook bool) []candidate {
	l := seen.look(b, i)
	if l.score < minGridScore {
		return nil
	}
	q := seen.quads[i]
	var out []candidate
	// A wide first look (the component may miss faint outer lines), then
	// a close one.
	c, found := l.c, l.found
	if found {
		out = append(out, c)
	}
	// No ten lines each way along the outline: it may be a grid of box
	// lines alone.
	if (!found || !sameQuad(c.quad, q, math.Sqrt(quadArea(q))/27)) && boxLattice(b, q) {
		out = append(out, candidate{quad: q, area: quadArea(q), score: boxScore, boxes: true})
	}
	// A close look alone too when the wide one strayed inside the outline
	// (to a lattice of digits, say: the outline may be the grid's border)
	// or, when asked, when it found nothing.
	strayed := found && c.score < enoughScore && c.area < strayedArea*quadArea(q)
	if strayed || closeLook && !found {
		if cc, ok := closeLattice(b, q); ok {
			out = append(out, cc)
		}
	}
	return out
}

// oneLook fits the lattice of b around the outline q, wide then close:
// the lattice when the wide look finds at least wideLookScore of its
// lines and the close one accepts it, and the wide look's quad.
func oneLook(b *binImg, q Quad) (candidate, Quad, bool) {
	wq, ws := refineLattice(b, q, wideMargin, latticePrior)
	if ws < wideLookScore {
		return candidate{}, wq, false
	}
	c, ok := closeLattice(b, wq)
	return c, wq, ok
}

// settledCandidates returns the lattices of b settled (settleLattice)
// from the outlines of its components where one look (oneLook) finds
// none: an outline distorted by what touches the grid (columns of text,
// a shadow, the frame) gives a lattice only after several looks.
func settledCandidates(b *binImg) []candidate {
	seen := b.looks()
	found := make([][]candidate, len(seen.quads))
	eachAtOnce(len(seen.quads), func(i int) {
		if l := seen.look(b, i); l.score >= minGridScore && !l.found {
			if c, ok := settleLattice(b, l.wq); ok {
				found[i] = []candidate{c}
			}
		}
	})
	return slices.Concat(found...)
}

// outlines returns the outlines of the large components of b (at least
// minComponentSide of the picture each way), each one or two
// quadrilaterals: the largest on its convex hull (a grid seen at an
// angle) and, when it differs, its bounding box (a grid whose outer
// border is missing from b, whose hull is then cut at the corners). Only
// plausible quadrilaterals of at least minOutlineArea of the picture are
// kept.
func outlines(b *binImg) [][]Quad {
	runs, comps := label(b)
	minSide := float64(min(b.w, b.h))
	var out [][]Quad
	for _, c := range comps {
		cw, ch := c.maxX-c.minX+1, c.maxY-c.minY+1
		if float64(cw) < minComponentSide*minSide || float64(ch) < minComponentSide*minSide {
			continue
		}
		hull, _ := largestQuad(componentHull(runs, c))
		x0, y0, x1, y1 := float64(c.minX), float64(c.minY), float64(c.maxX+1), float64(c.maxY+1)
		box := Quad{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}
		qs := []Quad{orderQuad(hull)}
		if !sameQuad(qs[0], box, sameOutline*max(x1-x0, y1-y0)) {
			qs = append(qs, box)
		}
		var kept []Quad
		for _, q := range qs {
			if quadArea(q) >= minOutlineArea*float64(b.w*b.h) && plausibleQuad(q) {
				kept = append(kept, q)
			}
		}
		out = append(out, kept)
	}
	return out
}

// elongated is how much longer than wide (or wider than long) a lattice
// must be for withSquareEnds to look for a square grid at either end of
// it: more than a square grid photographed at an angle of up to about
// 40° looks (a photo of a newspaper at 1.2 was cut a column short).
const elongated = 1.3

// withSquareEnds judges cands on the picture work and looks again at each
// lattice much longer one way than the other (elongated): a grid whose
// lattice took in what stands in line with it (an app's number pad right
// under the board, nine keys under nine columns). The lattices fitted in
// b to the squares at its two ends along the long way are added when they
// are framed (their four outer lines are lines), and one replaces the
// long lattice when nearly all its lines are in b (enoughScore) and
// clearly more of them than of the long one's (endGain): the grid, and
// the long lattice the grid with something beside it. Which of them all
// is the grid, choose tells.
func withSquareEnds(work *image.Gray, b *binImg, cands []candidate) []candidate {
	out := judgeAll(work, cands)
	for k, c := range cands {
		for _, q := range squareEnds(c.quad) {
			e, ok := closeLattice(b, q)
			if !ok {
				continue
			}
			judge(work, &e)
			switch {
			case e.score >= enoughScore && e.score >= out[k].score+endGain:
				out[k] = e
			case e.framed:
				out = append(out, e)
			}
		}
	}
	return out
}

// cellIn returns the lattice a cell in from a side of the judged
// candidate c whose outer row or column of cells c's lines do not cross
// (see lines.banded), refitted in the map c was fitted in, when that
// lattice's lines cross every outer row and column, one of the two is
// framed, and it stands out better, keeps c's size (each corner within
// half a cell of c's moved by a cell: a refit that pulled one side in is
// another lattice) and lies in the picture; otherwise c. Beside a grid
// whose outer lines are thin or dashed, the edge of the panel it is
// printed on, or a line of text, can hold a lattice a cell out, framed
// there by that edge alone, found in every map with all its lines, while
// the grid's own lattice is never looked at or is not framed; judge,
// moving it by a cell without refitting it, misses the grid's lines by a
// few pixels. A frame is asked of one of the two: where neither is
// framed (an app's faint lines), the bands alone do not tell the grid.
// On the synthetic sets 2201, 2301, 2401, held-1501, apps-1601, 1703,
// 9901 and 7711 (1,600 pictures), 17 lattices would be so taken, each in
// place of one a cell off the grid: 15 are the grid's (within a tenth of
// a cell), two are still most of a cell off; no grid's own lattice was
// replaced. A lattice a cell in whose lines crossed every outer row and
// column, standing out 17% better than the grid's own, neither framed,
// was a cell off.
func cellIn(work *image.Gray, c candidate) candidate {
	if c.fit == nil {
		return c
	}
	best := c
	for s, crossed := range c.banded {
		if crossed {
			continue
		}
		in := [4][2]int{{0, 1}, {-1, 0}, {0, -1}, {1, 0}}[s] // away from the top, right, bottom, left side
		q, ok := shiftQuad(c.quad, in[0], in[1])
		if !ok || !plausibleQuad(q) {
			continue
		}
		e, ok := closeLattice(c.fit, q)
		if !ok {
			continue
		}
		judge(work, &e)
		everyBand := e.banded == [4]bool{true, true, true, true}
		if everyBand && (e.framed || c.framed) && e.quality > best.quality && sameQuad(e.quad, q, math.Sqrt(c.area)/18) &&
			inside(e.quad, work.Rect.Dx(), work.Rect.Dy()) {
			best = e
		}
	}
	return best
}

// endGain is how much larger a share of its lines a square at the end of
// an elongated lattice must have in the map for it to replace the long
// lattice.
const endGain = 0.15

// squareEnds returns, for a quadrilateral q much longer one way than the
// other (elongated), the squares at its two ends along the long way, and
// nothing for one about square.
func squareEnds(q Quad) []Quad {
	h, ok := squareToQuad(q)
	if !ok {
		return nil
	}
	side := func(a, b Point) float64 { return math.Hypot(b.X-a.X, b.Y-a.Y) }
	w := (side(q[0], q[1]) + side(q[3], q[2])) / 2
	ht := (side(q[0], q[3]) + side(q[1], q[2])) / 2
	sub := func(u0, v0, u1, v1 float64) Quad {
		var out Quad
		for i, p := range [4][2]float64{{u0, v0}, {u1, v0}, {u1, v1}, {u0, v1}} {
			out[i].X, out[i].Y = h.apply(p[0], p[1])
		}
		return out
	}
	switch {
	case ht > elongated*w:
		r := w / ht
		return []Quad{sub(0, 0, 1, r), sub(0, 1-r, 1, 1)}
	case w > elongated*ht:
		r := ht / w
		return []Quad{sub(0, 0, r, 1), sub(1-r, 0, 1, 1)}
	}
	return nil
}

// boxLineCover is the share of their length along which the border and
// the box lines of an outline must be there in the map for boxLattice.
const boxLineCover = 0.9

// boxScore is the score of a lattice with its four box lines each way and
// no cell line (see latticePresence).
const boxScore = 2.0 / 3

// boxLattice reports whether the outline q of b is a grid by its border
// and its box lines alone: the four lines each way at thirds of it are
// there nearly all along (boxLineCover). Some apps draw no cell lines, the
// cells told apart by space alone, and the search for ten lines each way
// then strays to the columns of digits; a grid with cell lines passes
// too, and its ten-line lattice is the better candidate.
func boxLattice(b *binImg, q Quad) bool {
	return linesThere(b, q, 0, 0, 1.0/3, 2.0/3, 1)
}

// linesThere reports whether the lines of quadrilateral q at the given
// shares of its side, each way, are there in b nearly all along
// (boxLineCover): ink within reach of them (as a share of q's side; at
// least a pixel, and half a step between samples).
func linesThere(b *binImg, q Quad, reach float64, at ...float64) bool {
	h, ok := squareToQuad(q)
	if !ok {
		return false
	}
	const n = 90 // samples along a line
	rad := max(1, sampleRadius(q, 180), int(reach*q.longestSide()))
	cover := func(vertical bool, t float64) float64 {
		hit := 0
		for i := range n {
			u, v := t, centre(i)/n
			if !vertical {
				u, v = v, t
			}
			if x, y := h.apply(u, v); !math.IsNaN(x) && b.near(int(x), int(y), rad) {
				hit++
			}
		}
		return float64(hit) / n
	}
	for _, t := range at {
		if cover(true, t) < boxLineCover || cover(false, t) < boxLineCover {
			return false
		}
	}
	return true
}

// sameQuad reports whether every corner of a lies within tol of b's.
func sameQuad(a, b Quad, tol float64) bool {
	for i := range a {
		if math.Hypot(a[i].X-b[i].X, a[i].Y-b[i].Y) > tol {
			return false
		}
	}
	return true
}

// inkRuns are the runs of ink of a map, row by row, each with the
// component it belongs to (see label).
type inkRuns struct {
	runs []inkRun
	// rows[y] is the index of row y's first run, rows[h] len(runs).
	rows []int32
}

// inkRun is the ink of pixels x0 to x1-1 of a row, all of component comp
// (its label).
type inkRun struct {
	x0, x1 int32
	comp   int32
}

// label finds the 8-connected components of ink from the runs of ink of
// each row: two runs of neighbouring rows are one component when they
// touch or meet at a corner. A component's label is its place in the
// order of the components' first pixels, row by row, from 1.
func label(b *binImg) (*inkRuns, []component) {
	r := &inkRuns{rows: make([]int32, b.h+1)}
	var ys []int32 // the row of every run
	for y := range b.h {
		r.rows[y] = int32(len(r.runs))
		row := b.pix[y*b.w : (y+1)*b.w]
		for x := 0; x < len(row); {
			if row[x] == 0 {
				x++
				continue
			}
			x0 := x
			for x < len(row) && row[x] != 0 {
				x++
			}
			r.runs = append(r.runs, inkRun{x0: int32(x0), x1: int32(x)})
			ys = append(ys, int32(y))
		}
	}
	r.rows[b.h] = int32(len(r.runs))
	// Join the runs that touch the row above's, each set by the first
	// run of it (parent), with path halving.
	parent := make([]int32, len(r.runs))
	for i := range parent {
		parent[i] = int32(i)
	}
	find := func(i int32) int32 {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for y := 1; y < b.h; y++ {
		above, j := r.runs[r.rows[y-1]:r.rows[y]], 0
		for i := r.rows[y]; i < r.rows[y+1]; i++ {
			cur := r.runs[i]
			for j < len(above) && above[j].x1 < cur.x0 {
				j++
			}
			for k := j; k < len(above) && above[k].x0 <= cur.x1; k++ {
				a, c := find(r.rows[y-1]+int32(k)), find(i)
				if a != c {
					parent[max(a, c)] = min(a, c)
				}
			}
		}
	}
	var comps []component
	for i := range r.runs {
		run := &r.runs[i]
		root := find(int32(i))
		if root == int32(i) {
			comps = append(comps, component{label: int32(len(comps) + 1), minX: b.w, minY: b.h, maxX: -1, maxY: -1})
			run.comp = int32(len(comps))
		} else {
			run.comp = r.runs[root].comp
		}
		c, y := &comps[run.comp-1], int(ys[i])
		c.n += int(run.x1 - run.x0)
		c.minX, c.maxX = min(c.minX, int(run.x0)), max(c.maxX, int(run.x1)-1)
		c.minY, c.maxY = min(c.minY, y), max(c.maxY, y)
	}
	return r, comps
}

// componentHull returns the convex hull (counter-clockwise in image
// coordinates flipped, i.e. monotone chain order) of a component's pixels.
func componentHull(r *inkRuns, c component) []Point {
	pts := make([]Point, 0, 2*(c.maxY-c.minY+1))
	for y := c.minY; y <= c.maxY; y++ {
		l, rt := -1, -1
		for _, run := range r.runs[r.rows[y]:r.rows[y+1]] {
			if run.comp == c.label {
				if l < 0 {
					l = int(run.x0)
				}
				rt = int(run.x1) - 1
			}
		}
		if l >= 0 {
			pts = append(pts, Point{float64(l), float64(y)}, Point{float64(rt) + 1, float64(y)})
			pts = append(pts, Point{float64(l), float64(y) + 1}, Point{float64(rt) + 1, float64(y) + 1})
		}
	}
	return convexHull(pts)
}

// convexHull returns the hull of pts by Andrew's monotone chain.
func convexHull(pts []Point) []Point {
	if len(pts) < 3 {
		return pts
	}
	sort.Slice(pts, func(i, j int) bool {
		if pts[i].X != pts[j].X {
			return pts[i].X < pts[j].X
		}
		return pts[i].Y < pts[j].Y
	})
	cross := func(o, a, b Point) float64 { return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X) }
	h := make([]Point, 0, 2*len(pts))
	for _, p := range pts {
		for len(h) >= 2 && cross(h[len(h)-2], h[len(h)-1], p) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	lower := len(h) + 1
	for i := len(pts) - 2; i >= 0; i-- {
		p := pts[i]
		for len(h) >= lower && cross(h[len(h)-2], h[len(h)-1], p) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	return h[:len(h)-1]
}

// maxHullVertices is the most vertices of a hull largestQuad looks at:
// larger hulls are thinned out evenly (it takes time as their cube).
const maxHullVertices = 100

// largestQuad returns the quadrilateral of largest area with its corners on
// the hull's vertices, and its area.
func largestQuad(h []Point) (Quad, float64) {
	n := len(h)
	if n < 4 {
		return Quad{}, 0
	}
	// Thin out big hulls: keep at most 100 vertices, evenly spread.
	if n > maxHullVertices {
		t := make([]Point, maxHullVertices)
		for i := range t {
			t[i] = h[i*n/maxHullVertices]
		}
		h, n = t, maxHullVertices
	}
	tri := func(a, b, c Point) float64 {
		return math.Abs((b.X-a.X)*(c.Y-a.Y)-(b.Y-a.Y)*(c.X-a.X)) / 2
	}
	var best Quad
	var bestA float64
	for i := range n {
		for j := i + 2; j < n; j++ {
			if i == 0 && j == n-1 {
				continue
			}
			bk, ka := -1, float64(0)
			for k := i + 1; k < j; k++ {
				if a := tri(h[i], h[k], h[j]); a > ka {
					bk, ka = k, a
				}
			}
			bl, la := -1, float64(0)
			for l := j + 1; l < n+i; l++ {
				if a := tri(h[i], h[j], h[l%n]); a > la {
					bl, la = l%n, a
				}
			}
			if bk >= 0 && bl >= 0 && ka+la > bestA {
				bestA = ka + la
				best = Quad{h[i], h[bk], h[j], h[bl]}
			}
		}
	}
	return best, bestA
}

// orderQuad orders four points as top-left, top-right, bottom-right,
// bottom-left: clockwise on screen starting from the corner nearest the
// top-left.
func orderQuad(q Quad) Quad {
	cx, cy := q.centre()
	pts := q[:]
	sort.Slice(pts, func(i, j int) bool {
		return math.Atan2(pts[i].Y-cy, pts[i].X-cx) < math.Atan2(pts[j].Y-cy, pts[j].X-cx)
	})
	// Angles increase clockwise on screen (y down). Start at the point with
	// the smallest x+y.
	s := 0
	for i := range pts {
		if pts[i].X+pts[i].Y < pts[s].X+pts[s].Y {
			s = i
		}
	}
	var out Quad
	for i := range out {
		out[i] = pts[(s+i)%4]
	}
	return out
}

// The shape plausibleQuad allows a grid seen in perspective (710f6c1;
// maxAspect from 1e33f5a, with which all 102 dev grids of the time were
// found).
const (
	// maxSideRatio: the longest side at most this many times the
	// shortest.
	maxSideRatio = 2.5
	// maxAspect: width over height (means of opposite sides) within this
	// factor of 1 (a square seen at up to about 48° of tilt).
	maxAspect = 1.5
	// maxCornerCos: every angle between about 53° and 127°.
	maxCornerCos = 0.6
)

// plausibleQuad rejects quadrilaterals too far from a square seen in
// perspective: sides of very different lengths or angles far from 90°.
func plausibleQuad(q Quad) bool {
	l := q.sides()
	lo, hi := min(min(l[0], l[1]), min(l[2], l[3])), max(max(l[0], l[1]), max(l[2], l[3]))
	if lo <= 0 || hi/lo > maxSideRatio {
		return false
	}
	// Width against height: a square seen at up to about 48° of tilt.
	if r := (l[0] + l[2]) / (l[1] + l[3]); r > maxAspect || r < 1/maxAspect {
		return false
	}
	for i := range q {
		a, b, c := q[(i+3)%4], q[i], q[(i+1)%4]
		v1x, v1y, v2x, v2y := a.X-b.X, a.Y-b.Y, c.X-b.X, c.Y-b.Y
		cos := (v1x*v2x + v1y*v2y) / (math.Hypot(v1x, v1y) * math.Hypot(v2x, v2y))
		if math.Abs(cos) > maxCornerCos {
			return false
		}
	}
	return true
}

// How gridScore samples an outline (710f6c1, the first grid finder; no
// measurement recorded).
const (
	// gridScoreCell is the side of a cell in samples.
	gridScoreCell = 20
	// gridLineReach: a sample of a line counts when ink lies within this
	// many samples across it.
	gridLineReach = 3
	// gridLinePercent: a line is there when more than this share (in
	// percent) of its samples count.
	gridLinePercent = 70
	// cellInset: a cell's interior is its middle, this many samples in
	// from each side.
	cellInset = 5
)

// maxCellFill is the share of ink in the cells' interiors above which
// gridScore lowers an outline's score (710f6c1; no measurement recorded).
const maxCellFill = 0.3

// gridScore measures how much the quadrilateral q of b looks like a 9x9
// grid: the fraction of the 20 expected lines present (each sample along a
// line counts when ink lies within a small distance of it), reduced when the
// cell interiors are mostly ink.
func gridScore(b *binImg, q Quad) float64 {
	const n = 9 * gridScoreCell // the rectified side
	h, ok := squareToQuad(q)
	if !ok {
		return 0
	}
	r := make([]uint8, n*n)
	rad := sampleRadius(q, n)
	for y := range n {
		v := centre(y) / n
		for x := range n {
			u := centre(x) / n
			px, py := h.apply(u, v)
			if b.near(int(px), int(py), rad) {
				r[y*n+x] = 1
			}
		}
	}
	const tol = gridLineReach
	present := 0
	for k := range 10 {
		p := k * n / 9
		hitV, hitH := 0, 0
		for t := range n {
			fv, fh := false, false
			for d := -tol; d <= tol; d++ {
				pp := p + d
				if pp < 0 || pp >= n {
					continue
				}
				fv = fv || r[t*n+pp] != 0
				fh = fh || r[pp*n+t] != 0
			}
			if fv {
				hitV++
			}
			if fh {
				hitH++
			}
		}
		if hitV > n*gridLinePercent/100 {
			present++
		}
		if hitH > n*gridLinePercent/100 {
			present++
		}
	}
	// Ink in cell interiors (away from lines).
	ink, tot := 0, 0
	for cy := range 9 {
		for cx := range 9 {
			for y := cy*gridScoreCell + cellInset; y < (cy+1)*gridScoreCell-cellInset; y++ {
				for x := cx*gridScoreCell + cellInset; x < (cx+1)*gridScoreCell-cellInset; x++ {
					ink += int(r[y*n+x])
					tot++
				}
			}
		}
	}
	fill := float64(ink) / float64(tot)
	s := float64(present) / 20
	if fill > maxCellFill {
		s *= max(0, 1-(fill-maxCellFill)*3)
	}
	return s
}

// line is a point and a unit direction.
type line struct{ p, d Point }

// parallel is the sine of the angle below which two lines are taken for
// parallel.
const parallel = 1e-6

// intersect returns where two lines meet.
func intersect(a, b line) (Point, bool) {
	den := a.d.X*b.d.Y - a.d.Y*b.d.X
	if math.Abs(den) < parallel {
		return Point{}, false
	}
	t := ((b.p.X-a.p.X)*b.d.Y - (b.p.Y-a.p.Y)*b.d.X) / den
	return Point{a.p.X + t*a.d.X, a.p.Y + t*a.d.Y}, true
}

// quadArea returns the area of a simple quadrilateral (shoelace formula).
func quadArea(q Quad) float64 {
	var a float64
	for i := range q {
		p, r := q[i], q[(i+1)%4]
		a += p.X*r.Y - r.X*p.Y
	}
	return math.Abs(a) / 2
}
