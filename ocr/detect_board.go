package ocr

import (
	"image"
	"math"
	"slices"
)

// The board look of the detect stage: a board darker (or lighter) than
// the page, its edge a step from the page rather than a line, with box
// lines and cell lines too faint to find (an app's screenshot).

// boardCandidates returns the boards of work darker (or lighter) than
// the page around them whose cell lines are too faint to find, given its
// maps of dark ink and of thin dark and light lines (three pixels wide). The
// board's edge is a step from the page, not a line: it is in the map of
// ink darker (lighter) than its neighbourhood, while its box lines,
// drawn lighter or darker than the board, are in a map of thin light or
// dark lines; neither map alone holds the grid. An outline of a
// component of an edge map and a line map together is a board when its
// border lies inside the picture and is all there in the edge map
// (within edgeReach), its box lines at thirds all there in the two maps
// together (as boxLattice asks of one map: a box line between a dark
// cell and a highlighted one is a step from one shade to the other, in
// the edge map, rather than a line lighter than both), and its digits
// fit in its cells (see digitsFit). A number pad of keys
// in the board's colour beside it, the page showing between them, can
// have the same outline and lines; choose does not let such candidates
// set how clear a grid must be (see yardsticks).
//
// Where the page behind the board's top is a coloured band darker than
// the board's border line, the border runs from the band to the board: a
// step in the edge map, no line lighter or darker than both, and so is a
// border on the picture's first or last row or column, which has no
// pixel beyond it. The band's edge, a step as well, then joins the
// board's outline in the edge map, and the outline of the two maps
// together runs along the band out to the frame. The line map alone
// holds neither step: the board's box lines, crossing it from border to
// border, and the rest of its border make a component whose box is the
// board. So an outline of the line map alone is a board too, on the same
// terms, when that map misses its border along some stretch (where it
// holds all of it, its own outlines are looked at, see boxLattice), holds
// its box lines at thirds all along, and no candidate known already
// (known) has its corners within a third of a cell (see found): such a
// box runs along the outer side of the lines, a line's width beyond a
// lattice through their middles, and would outweigh the board's own
// lattice by its size alone. Box lines in the two maps together were not
// enough here: a puzzle in a book, its digits and the columns of text
// around joined to its lines in one component of the line map, gave
// outlines whose edge and box lines the two maps together hold (a page
// of text is ink nearly everywhere in an edge map), and two photos where
// no grid had been found were read most of a cell or more off. Asked so,
// on the synthetic sets 3501-3504 and an app-band set of seed 3701, it
// put 9 boards cropped over a band right (a sixth of a cell to most of
// a cell off, or taken for cropped, before; within 2 pixels after) and
// moved no other grid, nor any reading of the dev folders.
func boardCandidates(work *image.Gray, known []candidate, darkInk, darkLines, lightLines *binImg) []candidate {
	var out []candidate
	lightInk := lineMaps[0].make(invert(work))
	alone := map[*binImg][][]Quad{darkLines: outlines(darkLines), lightLines: outlines(lightLines)}
	for _, m := range [][2]*binImg{{darkInk, lightLines}, {lightInk, darkLines}, {lightInk, lightLines}, {darkInk, darkLines}} {
		edge, lines := m[0], m[1]
		both := union(&binImg{w: edge.w, h: edge.h, pix: slices.Clone(edge.pix)}, lines)
		// take adds the first quadrilateral of an outline that is a
		// board, its box lines there as boxLines tells.
		take := func(outline []Quad, boxLines func(Quad) bool) {
			for _, q := range outline {
				if !found(out, q) && inside(q, edge.w, edge.h) && linesThere(edge, q, edgeReach, 0, 1) && boxLines(q) && digitsFit(work, q) {
					out = append(out, candidate{quad: q, area: quadArea(q), score: boxScore, boxes: true, board: true})
					return
				}
			}
		}
		for _, outline := range outlines(both) {
			take(outline, func(q Quad) bool { return linesThere(both, q, 0, 1.0/3, 2.0/3) })
		}
		for _, outline := range alone[lines] {
			take(outline, func(q Quad) bool {
				return !found(known, q) && linesThere(lines, q, 0, 1.0/3, 2.0/3) && !linesThere(lines, q, 0, 0, 1)
			})
		}
	}
	return out
}

// found reports whether a candidate of cands has q's corners, within a
// third of a cell (another pair of maps found the board too, or a
// lattice of it was found).
func found(cands []candidate, q Quad) bool {
	return slices.ContainsFunc(cands, func(c candidate) bool { return sameQuad(c.quad, q, math.Sqrt(quadArea(q))/27) })
}

// inside reports whether every corner of q lies inside a w x h picture,
// off its frame: a board is told from the page by its edge, and an
// outline along the frame has no page around it (a page of text, its
// columns and lines of both polarities, makes one component of the
// whole frame); and a lattice moved a cell in from one side (see
// cellIn) must not leave the picture on the other.
func inside(q Quad, w, h int) bool {
	for _, p := range q {
		if p.X < 1 || p.Y < 1 || p.X > float64(w-1) || p.Y > float64(h-1) {
			return false
		}
	}
	return true
}

// edgeReach is how far inside or outside the outline of a board (as a
// share of its side: a sixth of a cell) its edge may lie: the outline of
// the two maps together runs along the outer ends of the box lines,
// which may reach over a border drawn between the board and the page.
const edgeReach = 1.0 / 54

// union adds the ink of b to a (both of one size) and returns a.
func union(a, b *binImg) *binImg {
	for i, v := range b.pix {
		a.pix[i] |= v
	}
	return a
}

// How digitsFit looks at the boxes of a lattice.
const (
	// fitCell is the side of a cell in the rectified view, in pixels.
	fitCell = 16
	// fitInset is how far inside a box's lines its interior starts.
	fitInset = 3
	// fitInk is the share of the strongest difference from a box's
	// ground at which a pixel is ink.
	fitInk = 0.5
	// fitMinContrast is the least difference from the ground, in gray
	// levels, of a box with any ink at all.
	fitMinContrast = 24
	// oversized and undersized bound, in cells, the height or width of
	// a mark too large to be a digit in one cell but smaller than the
	// box (a line or a band across the box).
	oversized, acrossBox = 1.25, 2.5
	// maxOversizedBoxes is how many boxes may hold such a mark.
	maxOversizedBoxes = 2
)

// digitsFit reports whether the marks inside the boxes of the lattice of
// quad q of g are no larger than a cell: a grid's digits are written in
// its cells, while a number pad taken for a grid has one digit across
// each key (a box of its lattice) and a single 3x3 box of a grid taken
// for the grid has the grid's digits across its boxes (the grid's
// cells). Marks across a whole box (lines, a highlighted row) do not
// count, nor do two boxes holding a large mark (two neighbouring
// highlighted cells).
func digitsFit(g *image.Gray, q Quad) bool {
	h, ok := squareToQuad(q)
	if !ok {
		return false
	}
	const side = 9 * fitCell
	view := make([]uint8, side*side)
	for y := range side {
		for x := range side {
			px, py := h.apply(centre(x)/side, centre(y)/side)
			view[y*side+x] = grayAt(g, px, py)
		}
	}
	const n = 3*fitCell - 2*fitInset // the side of a box's interior
	bad := 0
	for b := range 9 {
		x0, y0 := (b%3)*3*fitCell+fitInset, (b/3)*3*fitCell+fitInset
		box := make([]uint8, 0, n*n)
		for y := y0; y < y0+n; y++ {
			box = append(box, view[y*side+x0:y*side+x0+n]...)
		}
		if hasOversizedMark(box, n) {
			bad++
		}
	}
	return bad <= maxOversizedBoxes
}

// hasOversizedMark reports whether the n x n interior of a box holds a
// connected mark (pixels differing from the box's ground, its median,
// by fitInk of the largest difference) whose height or width is between
// oversized and acrossBox cells.
func hasOversizedMark(box []uint8, n int) bool {
	var hist [256]int
	for _, v := range box {
		hist[v]++
	}
	ground := int(percentile(&hist, len(box), 0.5))
	var top int
	diff := make([]int, len(box))
	for i, v := range box {
		diff[i] = max(int(v)-ground, ground-int(v))
		top = max(top, diff[i])
	}
	if top < fitMinContrast {
		return false
	}
	ink := &binImg{w: n, h: n, pix: make([]uint8, n*n)}
	for i, d := range diff {
		if float64(d) >= fitInk*float64(top) {
			ink.pix[i] = 1
		}
	}
	_, comps := label(ink)
	for _, c := range comps {
		w, ht := float64(c.maxX-c.minX+1)/fitCell, float64(c.maxY-c.minY+1)/fitCell
		if long := max(w, ht); long > oversized && w < acrossBox && ht < acrossBox {
			return true
		}
	}
	return false
}
