package ocr

import (
	"errors"
	"image"
	"math"
	"slices"
	"sort"
)

// Stage "detect" (detect.go, detect_lattice.go, detect_quality.go): Detect
// takes a picture's gray levels to a Detection, the grid's corners (a Quad
// in the stored pixels) and how grid-like it looked. The candidates come
// from several maps of lines (lineMaps); refineLattice fits ten lines each
// way (detect_lattice.go), judge weighs them on the picture itself
// (detect_quality.go), choose picks the grid. Tested in detect_test.go and
// detect_looks_test.go.

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

// longestSide is the length of q's longest side.
func (q Quad) longestSide() float64 {
	var side float64
	for i := range q {
		side = math.Max(side, math.Hypot(q[(i+1)%4].X-q[i].X, q[(i+1)%4].Y-q[i].Y))
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
	var cands []candidate
	for _, m := range lineMaps {
		bin := m.make(work)
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
		cands = append(cands, judgeAll(work, gridCandidates(dilate(lineMaps[0].make(work)), false))...)
	}
	if !fitted(cands) {
		// Outlines whose wide look found nothing: a close look inside
		// each.
		for _, m := range lineMaps {
			cands = append(cands, judgeAll(work, gridCandidates(m.make(work), true))...)
		}
	}
	if !fitted(cands) {
		// A grid filling the frame, its border cut or broken: look for
		// the lattice in the whole picture.
		w, h := float64(work.Rect.Dx()), float64(work.Rect.Dy())
		frame := Quad{{0, 0}, {w, 0}, {w, h}, {0, h}}
		for _, m := range lineMaps {
			bin := m.make(work)
			if q, s := refineLattice(bin, frame, frameMargin, 0); s >= wideLookScore && plausibleQuad(q) {
				if c, ok := closeLattice(bin, q); ok {
					cands = append(cands, withSquareEnds(work, bin, []candidate{c})...)
				}
			}
		}
	}
	if len(cands) == 0 {
		return Detection{}, ErrNoGrid
	}
	best := choose(cands, work.Rect.Dx(), work.Rect.Dy())
	q := best.quad
	for i := range q {
		q[i].X *= scale
		q[i].Y *= scale
	}
	return Detection{Corners: q, Score: best.score}, nil
}

// frameMargin is how far beyond the frame (as a share of its side) the
// whole-picture look fits its first lattice (81012de: the look for a grid
// filling the frame, its border cut or broken).
const frameMargin = 0.02

// lineMap is one way of marking the pixels of a picture that may belong
// to grid lines.
type lineMap struct {
	name string
	make func(*image.Gray) *binImg
}

// lineMaps are the maps Detect looks for grid lines in, in order: ink
// darker than its neighbourhood (most printed grids, bold lines and
// borders), thin dark lines at three widths (faint or thin lines, and
// grids whose threshold merges with shadows, pen or the page around), and
// thin light lines (a dark board).
var lineMaps = []lineMap{
	{"dark ink", func(g *image.Gray) *binImg {
		return adaptiveThreshold(g, max(5, min(g.Rect.Dx(), g.Rect.Dy())/40), 0.90, 4)
	}},
	{"dark lines, 3 px", func(g *image.Gray) *binImg { return ridges(g, 3, ridgeContrast, false) }},
	{"dark lines, 5 px", func(g *image.Gray) *binImg { return ridges(g, 5, ridgeContrast, false) }},
	{"dark lines, 2 px", func(g *image.Gray) *binImg { return ridges(g, 2, ridgeContrast, false) }},
	{"light lines, 3 px", func(g *image.Gray) *binImg { return ridges(g, 3, ridgeContrast, true) }},
	{"light lines, 5 px", func(g *image.Gray) *binImg { return ridges(g, 5, ridgeContrast, true) }},
	{"light lines, 2 px", func(g *image.Gray) *binImg { return ridges(g, 2, ridgeContrast, true) }},
}

// enoughScore is the share of a lattice's lines found in one map that
// spares Detect the other maps.
const enoughScore = 0.97

// ridgeContrast is how much darker (or lighter) than the paper on both
// sides a pixel must be to count as part of a thin line, in gray levels.
const ridgeContrast = 6

// ridges marks the pixels of thin lines: darker (light: lighter) by more
// than t than the pixels r and r+1 away on both sides, across or along.
// Unlike a threshold, it ignores large dark areas (a dark page around a
// light board, a photo's shadow) and keeps faint lines that are thin.
func ridges(g *image.Gray, r, t int, light bool) *binImg {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	out := &binImg{w: w, h: h, pix: make([]uint8, w*h)}
	if w == 0 || h == 0 {
		return out
	}
	// The picture as ints, the paper brighter: negated for light lines.
	v := make([]int32, w*h)
	for y := range h {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		for x, p := range row {
			if light {
				v[y*w+x] = -int32(p)
			} else {
				v[y*w+x] = int32(p)
			}
		}
	}
	t2 := int32(2 * t)
	clampX := func(x int) int { return min(max(x, 0), w-1) }
	clampY := func(y int) int { return min(max(y, 0), h-1) }
	for y := range h {
		row := v[y*w : y*w+w]
		ya, yb, yc, yd := clampY(y-r-1)*w, clampY(y-r)*w, clampY(y+r)*w, clampY(y+r+1)*w
		for x := range w {
			p2 := 2 * row[x]
			// Across: the pixels r and r+1 to each side, summed in pairs.
			if row[clampX(x-r)]+row[clampX(x-r-1)]-p2 > t2 && row[clampX(x+r)]+row[clampX(x+r+1)]-p2 > t2 ||
				v[yb+x]+v[ya+x]-p2 > t2 && v[yc+x]+v[yd+x]-p2 > t2 {
				out.pix[y*w+x] = 1
			}
		}
	}
	return out
}

// judgeAll judges every candidate of cands on the picture work (see
// judge) and returns them.
func judgeAll(work *image.Gray, cands []candidate) []candidate {
	for i := range cands {
		judge(work, &cands[i])
	}
	return cands
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
// whose lines stand out nearly as well as the best's, the largest one
// nearer the middle of the picture (people aim at the puzzle they want,
// and a solution grid beside it is smaller).
func choose(cands []candidate, w, h int) candidate {
	top := topQuality(cands)
	var best candidate
	for _, c := range cands {
		if c.quality >= qualityShare*top && (best.area == 0 || weight(c, w, h) > weight(best, w, h)) {
			best = c
		}
	}
	// Another lattice of the same grid (from another map, or a cell
	// apart) replaces it when it is framed and the winner is not, unless
	// far fewer of its lines were found in its map (a lattice askew, one
	// corner pulled in), or when its lines stand out clearly better.
	tol := sameGridReach * math.Sqrt(best.area) / 9
	chosen := best
	for _, c := range cands {
		framedBetter := c.framed && !chosen.framed && c.score >= framedScoreShare*chosen.score
		better := framedBetter || c.framed == chosen.framed && c.quality > sameGridMargin*chosen.quality
		if better && sameQuad(c.quad, best.quad, tol) {
			chosen = c
		}
	}
	return chosen
}

// fitted reports whether cands hold a lattice of ten lines each way.
func fitted(cands []candidate) bool {
	return slices.ContainsFunc(cands, func(c candidate) bool { return !c.boxes })
}

// topQuality is the best quality among cands.
func topQuality(cands []candidate) float64 {
	top := math.Inf(-1)
	for _, c := range cands {
		top = math.Max(top, c.quality)
	}
	return top
}

// weight is how much choose favours a candidate of a w x h picture: its
// area and score, less when far from the middle.
func weight(c candidate, w, h int) float64 {
	cx, cy := c.quad.centre()
	d := math.Hypot(cx-float64(w)/2, cy-float64(h)/2) / math.Hypot(float64(w)/2, float64(h)/2)
	return c.area * c.score * (1 - offCentreCost*math.Min(1, d))
}

// framedScoreShare: a framed lattice of the same grid replaces the one
// chosen only when the share of its lines found in its map is at least
// this much of the chosen one's.
const framedScoreShare = 0.85

// sameGridMargin is how much better the lines of another lattice of the
// same grid must stand out to replace the one chosen by size and place:
// lattices a few pixels apart differ by a few percent.
const sameGridMargin = 1.1

// binImg is a binary image: true (1) for ink.
type binImg struct {
	w, h int
	pix  []uint8
}

func (b *binImg) at(x, y int) bool {
	if x < 0 || y < 0 || x >= b.w || y >= b.h {
		return false
	}
	return b.pix[y*b.w+x] != 0
}

// near reports whether any pixel within r of (x, y) (a square of side
// 2r+1) is ink. A view sampled at steps of more than a pixel uses it with
// r half a step, so that it does not skip lines one pixel wide.
func (b *binImg) near(x, y, r int) bool {
	if r <= 0 {
		return b.at(x, y)
	}
	for yy := max(y-r, 0); yy <= min(y+r, b.h-1); yy++ {
		row := b.pix[yy*b.w : yy*b.w+b.w]
		for xx := max(x-r, 0); xx <= min(x+r, b.w-1); xx++ {
			if row[xx] != 0 {
				return true
			}
		}
	}
	return false
}

// sampleRadius is the radius [binImg.near] needs for a view of n pixels
// across quad q: half the step between samples, in whole pixels.
func sampleRadius(q Quad, n int) int {
	side := q.longestSide()
	return int(side / float64(n) / 2)
}

// shrink scales g down by an integer-free area average so that its longer
// side is at most maxSide, returning the copy and the factor to multiply
// its coordinates by to get g's.
func shrink(g *image.Gray, maxSide int) (*image.Gray, float64) {
	b := g.Bounds()
	w, h := b.Dx(), b.Dy()
	long := max(w, h)
	if long <= maxSide {
		if b.Min == (image.Point{}) {
			return g, 1
		}
		c := image.NewGray(image.Rect(0, 0, w, h))
		for y := range h {
			copy(c.Pix[y*c.Stride:y*c.Stride+w], g.Pix[g.PixOffset(b.Min.X, b.Min.Y+y):])
		}
		return c, 1
	}
	s := float64(long) / float64(maxSide)
	nw, nh := max(1, int(float64(w)/s)), max(1, int(float64(h)/s))
	out := image.NewGray(image.Rect(0, 0, nw, nh))
	sx, sy := float64(w)/float64(nw), float64(h)/float64(nh)
	for y := range nh {
		y0, y1 := int(float64(y)*sy), min(h, max(int(float64(y)*sy)+1, int(float64(y+1)*sy)))
		for x := range nw {
			x0, x1 := int(float64(x)*sx), min(w, max(int(float64(x)*sx)+1, int(float64(x+1)*sx)))
			sum, n := 0, 0
			for yy := y0; yy < y1; yy++ {
				row := g.Pix[g.PixOffset(b.Min.X, b.Min.Y+yy):]
				for xx := x0; xx < x1; xx++ {
					sum += int(row[xx])
					n++
				}
			}
			out.Pix[y*out.Stride+x] = uint8(sum / n)
		}
	}
	return out, sx
}

// adaptiveThreshold marks as ink every pixel darker than ratio times the
// mean of its (2r+1)^2 neighbourhood and at least minDiff below it.
func adaptiveThreshold(g *image.Gray, r int, ratio float64, minDiff int) *binImg {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	integ := make([]int64, (w+1)*(h+1))
	for y := range h {
		var rs int64
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		for x, p := range row {
			rs += int64(p)
			integ[(y+1)*(w+1)+x+1] = integ[y*(w+1)+x+1] + rs
		}
	}
	out := &binImg{w: w, h: h, pix: make([]uint8, w*h)}
	for y := range h {
		y0, y1 := max(0, y-r), min(h, y+r+1)
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		for x, p := range row {
			x0, x1 := max(0, x-r), min(w, x+r+1)
			sum := integ[y1*(w+1)+x1] - integ[y0*(w+1)+x1] - integ[y1*(w+1)+x0] + integ[y0*(w+1)+x0]
			n := int64((y1 - y0) * (x1 - x0))
			mean := float64(sum) / float64(n)
			if float64(p) < mean*ratio && float64(p) < mean-float64(minDiff) {
				out.pix[y*w+x] = 1
			}
		}
	}
	return out
}

// dilate returns b with every ink pixel grown to its 3x3 neighbourhood.
func dilate(b *binImg) *binImg {
	out := &binImg{w: b.w, h: b.h, pix: make([]uint8, len(b.pix))}
	for y := range b.h {
		for x := range b.w {
			if b.pix[y*b.w+x] == 0 {
				continue
			}
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					xx, yy := x+dx, y+dy
					if xx >= 0 && yy >= 0 && xx < b.w && yy < b.h {
						out.pix[yy*b.w+xx] = 1
					}
				}
			}
		}
	}
	return out
}

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
}

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
	return candidate{quad: rq, area: quadArea(rq), score: s}, true
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
	labels, comps := label(b)
	minSide := float64(min(b.w, b.h))
	var out []candidate
	for _, c := range comps {
		cw, ch := c.maxX-c.minX+1, c.maxY-c.minY+1
		if float64(cw) < minComponentSide*minSide || float64(ch) < minComponentSide*minSide {
			continue
		}
		hull, _ := largestQuad(componentHull(labels, b.w, c))
		x0, y0, x1, y1 := float64(c.minX), float64(c.minY), float64(c.maxX+1), float64(c.maxY+1)
		box := Quad{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}
		outlines := []Quad{orderQuad(hull)}
		if !sameQuad(outlines[0], box, sameOutline*math.Max(x1-x0, y1-y0)) {
			outlines = append(outlines, box)
		}
		for _, q := range outlines {
			if quadArea(q) < minOutlineArea*float64(b.w*b.h) || !plausibleQuad(q) || gridScore(b, q) < minGridScore {
				continue
			}
			// A wide first look (the component may miss faint outer
			// lines), then a close one.
			var c candidate
			found := false
			if wq, ws := refineLattice(b, q, wideMargin, latticePrior); ws >= wideLookScore {
				c, found = closeLattice(b, wq)
			}
			if found {
				out = append(out, c)
			}
			// No ten lines each way along the outline: it may be a grid
			// of box lines alone.
			if (!found || !sameQuad(c.quad, q, math.Sqrt(quadArea(q))/27)) && boxLattice(b, q) {
				out = append(out, candidate{quad: q, area: quadArea(q), score: boxScore, boxes: true})
			}
			// A close look alone too when the wide one strayed inside
			// the outline (to a lattice of digits, say: the outline may
			// be the grid's border) or, when asked, when it found nothing.
			strayed := found && c.score < enoughScore && c.area < strayedArea*quadArea(q)
			if strayed || closeLook && !found {
				if cc, ok := closeLattice(b, q); ok {
					out = append(out, cc)
				}
			}
		}
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
	h, ok := squareToQuad(q)
	if !ok {
		return false
	}
	const n = 90 // samples along a line
	rad := max(1, sampleRadius(q, 180))
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
	for k := range 4 {
		t := float64(k) / 3
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

// label finds 8-connected components of ink with a scanline flood fill.
func label(b *binImg) ([]int32, []component) {
	labels := make([]int32, b.w*b.h)
	var comps []component
	stack := make([]int32, 0, 1024)
	for start, v := range b.pix {
		if v == 0 || labels[start] != 0 {
			continue
		}
		id := int32(len(comps) + 1)
		c := component{label: id, minX: b.w, minY: b.h, maxX: -1, maxY: -1}
		labels[start] = id
		stack = append(stack[:0], int32(start))
		for len(stack) > 0 {
			p := int(stack[len(stack)-1])
			stack = stack[:len(stack)-1]
			x, y := p%b.w, p/b.w
			c.n++
			c.minX, c.maxX = min(c.minX, x), max(c.maxX, x)
			c.minY, c.maxY = min(c.minY, y), max(c.maxY, y)
			for dy := -1; dy <= 1; dy++ {
				yy := y + dy
				if yy < 0 || yy >= b.h {
					continue
				}
				for dx := -1; dx <= 1; dx++ {
					xx := x + dx
					if xx < 0 || xx >= b.w {
						continue
					}
					q := yy*b.w + xx
					if b.pix[q] != 0 && labels[q] == 0 {
						labels[q] = id
						stack = append(stack, int32(q))
					}
				}
			}
		}
		comps = append(comps, c)
	}
	return labels, comps
}

// componentHull returns the convex hull (counter-clockwise in image
// coordinates flipped, i.e. monotone chain order) of a component's pixels.
func componentHull(labels []int32, w int, c component) []Point {
	pts := make([]Point, 0, 2*(c.maxY-c.minY+1))
	for y := c.minY; y <= c.maxY; y++ {
		row := labels[y*w : y*w+w]
		l, r := -1, -1
		for x := c.minX; x <= c.maxX; x++ {
			if row[x] == c.label {
				if l < 0 {
					l = x
				}
				r = x
			}
		}
		if l >= 0 {
			pts = append(pts, Point{float64(l), float64(y)}, Point{float64(r) + 1, float64(y)})
			pts = append(pts, Point{float64(l), float64(y) + 1}, Point{float64(r) + 1, float64(y) + 1})
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

// largestQuad returns the quadrilateral of largest area with its corners on
// the hull's vertices, and its area.
func largestQuad(h []Point) (Quad, float64) {
	n := len(h)
	if n < 4 {
		return Quad{}, 0
	}
	// Thin out big hulls: keep at most 100 vertices, evenly spread.
	if n > 100 {
		t := make([]Point, 100)
		for i := range t {
			t[i] = h[i*n/100]
		}
		h, n = t, 100
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
	var l [4]float64
	for i := range q {
		a, b := q[i], q[(i+1)%4]
		l[i] = math.Hypot(b.X-a.X, b.Y-a.Y)
	}
	lo, hi := math.Min(math.Min(l[0], l[1]), math.Min(l[2], l[3])), math.Max(math.Max(l[0], l[1]), math.Max(l[2], l[3]))
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

// maxCellFill is the share of ink in the cells' interiors above which
// gridScore lowers an outline's score (710f6c1; no measurement recorded).
const maxCellFill = 0.3

// gridScore measures how much the quadrilateral q of b looks like a 9x9
// grid: the fraction of the 20 expected lines present (each sample along a
// line counts when ink lies within a small distance of it), reduced when the
// cell interiors are mostly ink.
func gridScore(b *binImg, q Quad) float64 {
	const n = 180 // rectified side, 20 px per cell
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
	const tol = 3
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
		if hitV > n*7/10 {
			present++
		}
		if hitH > n*7/10 {
			present++
		}
	}
	// Ink in cell interiors (away from lines).
	ink, tot := 0, 0
	for cy := range 9 {
		for cx := range 9 {
			for y := cy*20 + 5; y < cy*20+15; y++ {
				for x := cx*20 + 5; x < cx*20+15; x++ {
					ink += int(r[y*n+x])
					tot++
				}
			}
		}
	}
	fill := float64(ink) / float64(tot)
	s := float64(present) / 20
	if fill > maxCellFill {
		s *= math.Max(0, 1-(fill-maxCellFill)*3)
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
