package ocr

import (
	"cmp"
	"errors"
	"image"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Stage "detect" (detect.go and detect_*.go): Detect takes a picture's
// gray levels to a Detection, the grid's corners (a Quad in the stored
// pixels) and how grid-like it looked. The lines are looked for in several
// maps (detect_maps.go), the outlines of their components give candidates
// (detect_outlines.go), refineLattice fits ten lines each way to them
// (detect_lattice.go), again and again where one look finds too few
// (settleLattice), a board whose edge is a step from the page is
// looked for by its edge and box lines (detect_board.go), judge weighs
// them on the picture itself (detect_quality.go) and choose picks the
// grid. Tested in detect_test.go
// and detect_looks_test.go.

// ErrNoGrid is returned when no Sudoku grid is found in an image.
var ErrNoGrid = errors.New("no Sudoku grid found in the image")

// detectMaxSide is the longest side of the working copy grid detection runs
// on; larger photos are scaled down first (by area averaging).
const detectMaxSide = 800

// Detection is a found grid: its corners in the photo and how grid-like it
// looked.
type Detection struct {
	// Corners are the outer corners of the grid in photo pixels, top-left,
	// top-right, bottom-right, bottom-left as seen in the stored pixels.
	Corners Quad
	// Score in [0, 1] measures how much the inside looks like a 9x9 grid.
	Score float64
	// Others are the corners of the other grids in the picture, as large
	// as half the one chosen at least (see otherGrids).
	Others []Quad
	// work is the copy of the picture detection ran on, and quad the
	// grid's corners in it: what Around looks at.
	work *image.Gray
	quad Quad
}

// Point is a position in an image, in pixels, with subpixel precision.
type Point struct{ X, Y float64 }

// Quad is the four outer corners of a grid in a photo, in the order
// top-left, top-right, bottom-right, bottom-left (as the puzzle is read).
type Quad [4]Point

// centre is the mean of q's corners.
func (q Quad) centre() (x, y float64) {
	for _, p := range q {
		x += p.X / 4
		y += p.Y / 4
	}
	return x, y
}

// sides are the lengths of q's sides, side i from corner i to the next.
func (q Quad) sides() [4]float64 {
	var l [4]float64
	for i := range q {
		l[i] = math.Hypot(q[(i+1)%4].X-q[i].X, q[(i+1)%4].Y-q[i].Y)
	}
	return l
}

// longestSide is the length of q's longest side.
func (q Quad) longestSide() float64 {
	var side float64
	for _, l := range q.sides() {
		side = max(side, l)
	}
	return side
}

// Detect finds the largest grid-like quadrilateral in g, whatever the
// grid looks like: dark lines on light paper or light lines on a dark
// board, thick and thin or faint and blurred, in a photo or a screenshot.
// It returns [ErrNoGrid] when there is none.
//
// The lines are looked for in several maps of the picture (see
// [lineMaps]): each gives candidates, every candidate's lattice of ten
// lines each way is fitted and scored by how many of the lines are there,
// and the best lattice wins; between lattices about as complete, the
// larger one nearer the middle (the puzzle a person aims at, not the
// solution grid or a neighbouring puzzle).
func Detect(g *image.Gray) (Detection, error) {
	work, scale := shrink(g, detectMaxSide)
	// Each map is made once, when first looked at.
	maps := make([]*binImg, len(lineMaps))
	mapOf := func(i int) *binImg {
		if maps[i] == nil {
			maps[i] = lineMaps[i].make(work)
		}
		return maps[i]
	}
	var cands []candidate
	for i := range lineMaps {
		bin := mapOf(i)
		found := withSquareEnds(work, bin, gridCandidates(bin, false))
		for i, c := range found {
			if g, ok := grow(work, bin, c); ok {
				found[i] = g
			}
		}
		cands = append(cands, found...)
		if settled(cands) {
			break // every line found, in the right place: the other maps are for harder pictures
		}
	}
	if !fitted(cands) {
		// Broken lines (faint print, blur): join them and try again.
		cands = append(cands, judgeAll(work, gridCandidates(dilate(mapOf(0)), false))...)
	}
	if !fitted(cands) {
		// Outlines whose wide look found nothing: a close look inside
		// each.
		for i := range lineMaps {
			cands = append(cands, judgeAll(work, gridCandidates(mapOf(i), true))...)
		}
	}
	if !fitted(cands) {
		// A grid filling the frame, its border cut or broken: look for
		// the lattice in the whole picture.
		w, h := float64(work.Rect.Dx()), float64(work.Rect.Dy())
		frame := Quad{{0, 0}, {w, 0}, {w, h}, {0, h}}
		for i := range lineMaps {
			bin := mapOf(i)
			if q, s := refineLattice(bin, frame, frameMargin, 0); s >= wideLookScore && plausibleQuad(q) {
				if c, ok := closeLattice(bin, q); ok {
					cands = append(cands, withSquareEnds(work, bin, []candidate{c})...)
				}
			}
		}
	}
	if !settled(cands) {
		// Outlines distorted by what touches the grid (columns of text,
		// a shadow, the frame), where one look for the lattice found
		// too few of its lines: settle their lattices.
		for i := range lineMaps {
			cands = append(cands, withSquareEnds(work, mapOf(i), settledCandidates(mapOf(i)))...)
			if settled(cands) {
				break
			}
		}
	}
	if !settled(cands) {
		// A board darker or lighter than the page, its cell lines too
		// faint to find: its edge is in one map, its box lines in another.
		cands = append(cands, judgeAll(work, boardCandidates(work, cands, mapOf(0), mapOf(1), mapOf(4)))...)
	}
	if len(cands) == 0 {
		return Detection{}, ErrNoGrid
	}
	// A lattice whose lines do not cross its outer row or column of cells
	// on one side may be a cell out there.
	eachAtOnce(len(cands), func(i int) { cands[i] = cellIn(work, cands[i]) })
	markOversized(work, cands)
	best := parallelCorner(work, choose(cands, work.Rect.Dx(), work.Rect.Dy()))
	det := Detection{Corners: scaled(best.quad, scale), Score: best.score, work: work, quad: best.quad}
	for _, o := range otherGrids(cands, best) {
		det.Others = append(det.Others, scaled(o, scale))
	}
	return det, nil
}

// scaled is q with its coordinates multiplied by scale.
func scaled(q Quad, scale float64) Quad {
	for i := range q {
		q[i].X *= scale
		q[i].Y *= scale
	}
	return q
}

// around is what the lines around the grid found say about it (see
// lookAround).
func (d Detection) around() surroundings {
	if d.work == nil {
		return surroundings{}
	}
	return lookAround(aroundMap(d.work), d.quad)
}

// frameMargin is how far beyond the frame (as a share of its side) the
// whole-picture look fits its first lattice (81012de: the look for a grid
// filling the frame, its border cut or broken).
const frameMargin = 0.02

// enoughScore is the share of a lattice's lines found in one map that
// spares Detect the other maps.
const enoughScore = 0.97

// judgeAll judges every candidate of cands on the picture work (see
// judge), side by side, and returns them.
func judgeAll(work *image.Gray, cands []candidate) []candidate {
	eachAtOnce(len(cands), func(i int) { judge(work, &cands[i]) })
	return cands
}

// eachAtOnce calls f(0), ..., f(n-1) side by side, on up to GOMAXPROCS
// goroutines taking the calls in turn, and returns once all have
// returned. Detection weighs its candidate grids so, and Read glances at a
// photo's other angles (glanceAt): each call looks at what nothing
// changes meanwhile and puts its outcome in a place of its own, so the
// outcome is the same as one by one.
func eachAtOnce(n int, f func(i int)) {
	workers := min(n, runtime.GOMAXPROCS(0))
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				f(i)
			}
		})
	}
	wg.Wait()
}

// boxShare is the largest strength of a lattice's cell lines, against
// its box lines', for which grow looks for the grid around it.
const boxShare = 0.1

// grownShare is how strong the lines of a grown grid must stand out,
// against the box's, to replace it.
const grownShare = 0.8

// grow returns the grid that candidate c, fitted to one 3x3 box of it,
// belongs to: on a curved or shadowed sheet the grid's outline can be
// lost while a box's is clear, and the box's own lattice finds its
// border for box lines and the middles of the grid's cells for cell
// lines. The grid is looked for around each of the nine places the box
// can have in it, refitted in bin, and returned when its lines stand out
// across the whole grid (those of a 3x larger lattice around a real grid
// are there in a third of it only) and its border is all there.
func grow(work *image.Gray, bin *binImg, c candidate) (candidate, bool) {
	if c.cellShare > boxShare {
		return candidate{}, false
	}
	h, ok := squareToQuad(c.quad)
	if !ok {
		return candidate{}, false
	}
	w, ht := float64(work.Rect.Dx()), float64(work.Rect.Dy())
	tol := math.Sqrt(c.area) / 3 // the whole grid in the picture, give or take a cell
	var best candidate
	for by := range 3 {
		for bx := range 3 {
			var q Quad
			inside := true
			for i, k := range [4][2]float64{{0, 0}, {3, 0}, {3, 3}, {0, 3}} {
				q[i].X, q[i].Y = h.apply(k[0]-float64(bx), k[1]-float64(by))
				inside = inside && q[i].X > -tol && q[i].Y > -tol && q[i].X < w+tol && q[i].Y < ht+tol
			}
			if !inside || !plausibleQuad(q) {
				continue
			}
			g, ok := closeLattice(bin, q)
			if !ok {
				continue
			}
			judge(work, &g)
			if best.area == 0 || g.quality > best.quality {
				best = g
			}
		}
	}
	return best, best.framed && best.quality >= grownShare*c.quality
}

// settled reports whether the candidates found so far include a framed
// lattice with (nearly) every line found in its map: a shadow's edge or
// the page's beside a grid can pull a lattice a cell out, and another
// map then finds the grid's own lines.
func settled(cands []candidate) bool {
	for _, c := range cands {
		if c.score >= enoughScore && c.framed {
			return true
		}
	}
	return false
}

// qualityShare is how much weaker than the best candidate's lines a
// candidate's may be and still win by size and place.
const qualityShare = 0.8

// sameGridReach is how far apart, in cells of the chosen grid, the corners
// of two lattices may lie for choose to take them for the same grid
// (40f7571; handwriting-sheets-dev 334 -> 133 cells wrong with the framed
// lattices it came with).
const sameGridReach = 1.5

// offCentreCost is the share of its weight a candidate loses as its centre
// moves from the picture's middle to a corner (48696ae: of grids of about
// one size, the one nearer the middle; no measurement recorded).
const offCentreCost = 0.3

// choose picks the grid among the candidates of a w x h picture: of those
// whose lines stand out nearly as well as the best's (of the yardsticks),
// the largest one nearer the middle of the picture (people aim at the
// puzzle they want, and a solution grid beside it is smaller); then
// another lattice of the same grid where one stands out better (see
// squarer).
func choose(cands []candidate, w, h int) candidate {
	top := topQuality(yardsticks(cands))
	var best candidate
	for _, c := range cands {
		if c.quality >= qualityShare*top && (best.area == 0 || weight(c, w, h) > weight(best, w, h)) {
			best = c
		}
	}
	// Another lattice of the same grid (from another map, or a cell
	// apart) replaces it when it is framed and the winner is not, unless
	// far fewer of its lines were found in its map or its lines stand out
	// far less along most of each cell (a lattice askew, one corner
	// pulled in), or when its lines stand out clearly better, and no
	// less along most of each cell (see sameGridMargin). A framed winner
	// gives way the other way round, to a lattice not framed whose lines
	// stand out far more along most of each cell (framedScoreShare) and
	// no less across them.
	tol := sameGridReach * math.Sqrt(best.area) / 9
	chosen := best
	for _, c := range cands {
		cf, chf := framedAgainst(c, chosen), framedAgainst(chosen, c)
		framedBetter := cf && !chf && c.score >= framedScoreShare*chosen.score && c.along >= framedScoreShare*chosen.along
		// A framed lattice chosen by its size and share of lines found,
		// framed by a light board's edge with a corner pulled in half a
		// cell (3201 app-light_172: along 49.2 against the board's own
		// 64.7).
		askewFramed := chf && !cf && chosen.along < framedScoreShare*c.along && c.quality >= chosen.quality
		better := framedBetter || askewFramed || cf == chf && outshines(c, chosen)
		if better && sameQuad(c.quad, best.quad, tol) {
			chosen = c
		}
	}
	return squarer(cands, chosen, tol)
}

// parallelCorner returns the lattice that replaces best when one of its
// corners is pulled in: of the lattices that move one corner to where the
// other three make a parallelogram (as a screenshot or a flat page shows
// a grid), by more than a quarter of a cell and less than a cell, the one
// whose lines stand out most, when they outshine best's. A board
// whose edge runs along the picture's (4608 app-band_001, 2 pixels from
// it) or a coloured band across it can give an outline one corner of
// which cuts across the last cell, and the lattice fitted to it keeps
// that corner. A corner nearer than a quarter of a cell is left: the
// other three corners are found a few pixels off too, and the corner they
// put in its place moved app-dark_043 of seed 4607 from 2 pixels off its
// truth to 11, its lines judged to stand out more.
func parallelCorner(work *image.Gray, best candidate) candidate {
	cell := math.Sqrt(best.area) / 9
	var alts []candidate
	for k := range best.quad {
		q := best.quad
		a, b, o := q[(k+1)%4], q[(k+3)%4], q[(k+2)%4]
		q[k] = Point{a.X + b.X - o.X, a.Y + b.Y - o.Y}
		if d := math.Hypot(q[k].X-best.quad[k].X, q[k].Y-best.quad[k].Y); d <= cell/4 || d >= cell {
			continue
		}
		alts = append(alts, candidate{quad: q, area: quadArea(q), score: best.score})
	}
	chosen := best
	for _, c := range judgeAll(work, alts) {
		if outshines(c, chosen) {
			chosen = c
		}
	}
	return chosen
}

// outshines reports whether lattice c's lines stand out clearly more than
// o's (sameGridMargin) and no less along most of each cell (see
// lines.along): the test by which another lattice of the same grid
// replaces the one chosen.
func outshines(c, o candidate) bool {
	return c.quality > sameGridMargin*o.quality && c.along >= o.along
}

// squarer returns the lattice that replaces chosen when chosen shares
// one side with another lattice of the grid (two corners within tol)
// whose cells are squarer and whose lines stand out better along most of
// each cell (see lines.along), the best of them: on an app's board with
// faint lines, a narrower lattice whose vertical lines run down columns
// of digits can stand out more than the board's own across the middle of
// the cells, where the digits are, but not beside the lines across it.
// On the synthetic sets 7711, 7712, 9202, 9901, 6611 and 6612 it put 9
// such grids right and moved no other grid of those sets, nor of a fresh
// set of app screenshots (seed 1601) or of the dev folders.
func squarer(cands []candidate, chosen candidate, tol float64) candidate {
	out := chosen
	for _, c := range cands {
		shared := 0
		for i := range 4 {
			if math.Hypot(c.quad[i].X-chosen.quad[i].X, c.quad[i].Y-chosen.quad[i].Y) <= tol {
				shared++
			}
		}
		if shared >= 2 && c.along > max(chosen.along, 0) && c.along > out.along &&
			skew(c.quad) < skew(chosen.quad)-squarerBy {
			out = c
		}
	}
	return out
}

// squarerBy is how much squarer (see skew) a lattice must be than the one
// chosen to replace it (see squarer): more than lattices of one grid a
// cell apart differ by, less than the 8% or more by which the lattices of
// digit columns on the synthetic screenshots were narrower than the board.
const squarerBy = 0.05

// skew is how far q's sides are from a square's: the log of the ratio of
// its mean width to its mean height, as a magnitude.
func skew(q Quad) float64 {
	l := q.sides()
	return math.Abs(math.Log((l[0] + l[2]) / (l[3] + l[1])))
}

// framedAgainst reports whether lattice c counts as framed when choose
// weighs it against another lattice o of the same grid: framed (its
// outer lines are lines) and, on each side where it reaches half a cell
// or more beyond o, its lines crossing its outer row or column of cells
// there (banded): of a lattice a cell out on a line of text beside the
// grid and the grid's own, text right outside its border, the first is
// framed by its outer lines alone and the second not. Asked of every
// side of every lattice, banded moved a third of the apps' grids of the
// synthetic sets by a few pixels, and one askew (a row of cells
// highlighted along the border weakens a band too); asked as here, it
// put 4 grids a cell off right on the synthetic sets 9201, 9202,
// band-8801, 9901, 6611 and 6612 and changed no other reading there nor
// in newspaper-dev and screens-dev.
func framedAgainst(c, o candidate) bool {
	if !c.framed {
		return false
	}
	cx, cy := c.quad.centre()
	half := math.Sqrt(o.area) / 18
	for s := range 4 {
		mc := Point{(c.quad[s].X + c.quad[(s+1)%4].X) / 2, (c.quad[s].Y + c.quad[(s+1)%4].Y) / 2}
		mo := Point{(o.quad[s].X + o.quad[(s+1)%4].X) / 2, (o.quad[s].Y + o.quad[(s+1)%4].Y) / 2}
		if math.Hypot(mc.X-cx, mc.Y-cy) > math.Hypot(mo.X-cx, mo.Y-cy)+half && !c.banded[s] {
			return false
		}
	}
	return true
}

// fitted reports whether cands hold a lattice of ten lines each way.
func fitted(cands []candidate) bool {
	return slices.ContainsFunc(cands, func(c candidate) bool { return !c.boxes })
}

// markOversized sets whether the digits of the candidates fit in their
// cells (see digitsFit), from the clearest down to the first whose digits
// fit that was not found by its edge alone: those are all yardsticks
// needs.
func markOversized(work *image.Gray, cands []candidate) {
	order := make([]int, len(cands))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(cands[b].quality, cands[a].quality) })
	for _, i := range order {
		c := &cands[i]
		if c.board {
			continue
		}
		if c.oversized = !digitsFit(work, c.quad); !c.oversized {
			return
		}
	}
}

// yardsticks returns the candidates that set how clearly a grid's lines
// must stand out (see choose), or all of them when there are none: not a
// lattice whose digits do not fit in its cells (a number pad beside an
// app's board stands out more clearly than the board's faint lines, but
// has one large digit a box), nor a board found by its edge and box lines
// alone (a number pad of keys on the board's colour has the same look,
// and its gaps stand out more clearly than the board's lines).
func yardsticks(cands []candidate) []candidate {
	out := slices.DeleteFunc(slices.Clone(cands), func(c candidate) bool { return c.oversized || c.board })
	if len(out) == 0 {
		return cands
	}
	return out
}

// topQuality is the best quality among cands.
func topQuality(cands []candidate) float64 {
	top := math.Inf(-1)
	for _, c := range cands {
		top = max(top, c.quality)
	}
	return top
}

// weight is how much choose favours a candidate of a w x h picture: its
// area and score, less when far from the middle.
func weight(c candidate, w, h int) float64 {
	cx, cy := c.quad.centre()
	d := math.Hypot(cx-float64(w)/2, cy-float64(h)/2) / math.Hypot(float64(w)/2, float64(h)/2)
	return c.area * c.score * (1 - offCentreCost*min(1, d))
}

// framedScoreShare: a framed lattice of the same grid replaces the one
// chosen only when the share of its lines found in its map, and how
// strongly they stand out along most of each cell (along), are each at
// least this much of the chosen one's. The lines along each cell tell a
// lattice with a corner pulled in, whose lines leave the board's where it
// crosses a coloured band, from the board's own: an app's board cropped
// over a band measured 55.7 there, the framed lattice that pulled its
// corner in by 26 pixels 42.3.
const framedScoreShare = 0.85

// sameGridMargin is how much better the lines of another lattice of the
// same grid must stand out to replace the one chosen by size and place:
// lattices a few pixels apart differ by a few percent. It must stand out
// no less along most of each cell (lines.along) as well: across the
// middle of each cell, where quality measures them, the faint lines of
// an app's board are outweighed by the big digits beside them, and a
// lattice with a corner pulled in a third of a cell or more, its lines
// slanting off the board's, can stand out more there, but not along the
// cells, where a line runs from crossing to crossing. Measured with
// Detect alone on the 2,788 pictures of the dev folders and 12 synthetic
// sets, corners against the truth's: of the 174 replacements this way
// where the truth was known, 7 moved a grid a tenth of a cell or more
// away from it (up to half a cell), 6 of them standing out less along
// the cells; of the 12 that moved one a thirtieth of a cell or more
// nearer, 2 did. With the condition, 13 grids moved: 11 nearer their
// truth (5 from 0.15-0.54 cell off to 0.02-0.05), 2 away by 0.03 and
// 0.05 cell (to 0.06 and 0.07 cell off).
const sameGridMargin = 1.1

// candidate is a lattice that may be the grid.
type candidate struct {
	quad  Quad
	area  float64
	score float64 // the share of its lines found in the map it came from
	// boxes is true for an outline taken for a grid by its border and box
	// lines alone (see boxLattice): the harder looks are still tried.
	boxes bool
	// quality is how strongly its lines stand out in the picture (see
	// judge), comparable between candidates of different maps, and what
	// else judge found of its lines.
	lines
	// oversized is true when the marks in its boxes are larger than its
	// cells (see digitsFit): a number pad, or a 3x3 box of a grid.
	oversized bool
	// board is true for a board found by its edge and box lines (see
	// boardCandidates).
	board bool
	// fit is the map its lattice was fitted in (see closeLattice), nil
	// for a board and for an outline taken for a grid by its box lines
	// (boxes), which have no lattice of ten lines to refit (see cellIn).
	fit *binImg
}
