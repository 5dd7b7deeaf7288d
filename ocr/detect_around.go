package ocr

import (
	"image"
	"math"
	"slices"
)

// Stage "detect", afterwards (detect_around.go): what the grid lines
// around the chosen grid say about the picture when its 9x9 reading is not
// a proper puzzle. lookAround finds the longest evenly spaced run of long
// lines across the grid, each way, in a square aroundMargin of the grid's
// side larger on every side: how many cells a side the lattice has (a
// 4x4, 6x6 or 16x16 grid, whose lines a 9x9 fit only half follows) and
// whether the picture cuts it (the grid's lines go on to the picture's
// edge beyond a run's last line, a run of fewer cells than 9 across one of
// 9 ends at the very edge, or the quad found goes beyond it). Tested in
// detect_around_test.go.

// The numbers of the look around a grid, measured on rendered 4x4, 9x9 and
// 16x16 grids, their crops, and newspaper-dev image2 cropped.
const (
	// aroundMargin is how far beyond the chosen quad, as a share of its
	// side, the lines are looked for: a 9x9 lattice fitted to a 4x4 or
	// 16x16 grid covers three quarters of it, a 3x3 box taken for the
	// grid a third (and its border lies just beyond 1 side away).
	aroundMargin = 1.25
	// aroundLineShare is the least share of the quad's span a line of the
	// profile must cover to count as a grid line (digits and text cover
	// far less; lines the picture's edge cuts still two thirds).
	aroundLineShare = 0.5
	// aroundLineWidth is the widest a line may be, in nominal cells (a
	// ninth of the quad): wider ink is a shaded area, not a line.
	aroundLineWidth = 0.3
	// minRunSpacing and maxRunSpacing bound the spacing of a run of lines
	// in nominal cells: a 16x16 grid's cells are 9/16 of the nominal one
	// when the quad is the whole grid, a 3x3 box taken for the grid has
	// cells three times it.
	minRunSpacing, maxRunSpacing = 0.4, 3.5
	// runTolerance is how far, as a share of the spacing, a line may lie
	// from where the run expects it (at least runToleranceSamples).
	runTolerance        = 0.15
	runToleranceSamples = 1.5
)

// gridSizes are the sides, in cells, of the grids the solver knows.
var gridSizes = []int{4, 6, 9, 16}

// lineRun is an evenly spaced run of grid lines across one axis of the
// square around a quad, in samples of the square.
type lineRun struct {
	first, spacing float64
	cells          int
	// lines are the positions of the lines found in the run.
	lines []float64
	// edgeBefore and edgeAfter are true when the picture ends less than a
	// cell (and edgeSlack) before the run's first line (after its last);
	// cutBefore and cutAfter when the lines across go on to it there.
	edgeBefore, edgeAfter, cutBefore, cutAfter bool
	// gapBefore and gapAfter are how far the picture goes on beyond the
	// first (last) line, in cells, when it ends within reach.
	gapBefore, gapAfter float64
}

// last is the position of the run's last line.
func (r lineRun) last() float64 { return r.first + float64(r.cells)*r.spacing }

// surroundings is what the lines around a grid's quad say: the runs of
// lines across each axis (vertical lines first).
type surroundings struct {
	runs [2]lineRun
	// out names the edge of the picture the quad itself goes beyond (see
	// quadOut), "" when none.
	out string
	// found is false when an axis has no run of lines through the quad's
	// middle.
	found bool
}

// lookAround finds the runs of lines around quad q in the map b.
func lookAround(b *binImg, q Quad) surroundings {
	side := q.longestSide()
	cell := max(minLatticeCell, min(maxLatticeCell, math.Round(side/9)))
	m := aroundMargin
	n := int(9 * cell * (1 + 2*m))
	out := quadOut(q, b.w, b.h)
	h, ok := squareToQuad(q)
	if !ok {
		return surroundings{out: out}
	}
	sq := latticeSquare{n: n, m: m}
	sq.sample(b, &h, int(side*(1+2*m)/float64(n)/2))
	defer sq.free()
	lo, hi := int(m/(1+2*m)*float64(n)), int((1+m)/(1+2*m)*float64(n))
	s := surroundings{found: true, out: out}
	for axis := range 2 {
		lines := sq.bandLines(axis == 0, lo, hi, aroundLineWidth*cell)
		reach := sq.reaches(axis == 0, lo, hi)
		long := func(r lineRun) bool { return longLines(reach, r) }
		r, ok := longestRun(lines, minRunSpacing*cell, maxRunSpacing*cell, float64(n)/2, long)
		if !ok {
			return surroundings{out: out}
		}
		s.runs[axis] = r
	}
	for axis := range 2 {
		sq.edges(&h, b, axis == 0, &s.runs[axis], s.runs[1-axis])
	}
	return s
}

// quadOutShare is how far beyond the picture's edge, in cells of the
// quad (a ninth of its side), a corner of the quad must lie for quadOut:
// a grid touching the frame is cut by a few pixels only.
const quadOutShare = 0.5

// quadOut names the edge of a w x h picture that quad q goes beyond by
// more than quadOutShare of its cells ("left", "right", "top",
// "bottom"), "" when none.
func quadOut(q Quad, w, h int) string {
	tol := quadOutShare * q.longestSide() / 9
	for _, p := range q {
		switch {
		case p.X < -tol:
			return "left"
		case p.X > float64(w)+tol:
			return "right"
		case p.Y < -tol:
			return "top"
		case p.Y > float64(h)+tol:
			return "bottom"
		}
	}
	return ""
}

// aroundBands is how many bands across the quad bandLines finds lines in:
// a line askew in the square (a quad fitted to another lattice) spreads
// over fewer samples of a band's profile than of the whole's.
const aroundBands = 4

// bandLines returns the lines of the square's profiles (across the
// vertical lines or the horizontal ones) over each of aroundBands bands
// from lo to hi, those of several bands merged.
func (sq *latticeSquare) bandLines(vertical bool, lo, hi int, maxWidth float64) []float64 {
	var all []float64
	for k := range aroundBands {
		a, z := lo+k*(hi-lo)/aroundBands, lo+(k+1)*(hi-lo)/aroundBands
		all = append(all, profileLines(sq.profile(vertical, a, z), maxWidth)...)
	}
	slices.Sort(all)
	var lines []float64
	for i := 0; i < len(all); {
		j, sum := i, 0.0
		for ; j < len(all) && all[j]-all[i] <= runToleranceSamples*2; j++ {
			sum += all[j]
		}
		lines = append(lines, sum/float64(j-i))
		i = j
	}
	return lines
}

// profileLines returns the centres of the lines of profile p: runs of
// samples covering at least aroundLineShare, no wider than maxWidth.
func profileLines(p []float64, maxWidth float64) []float64 {
	var lines []float64
	start := -1
	for i := 0; i <= len(p); i++ {
		on := i < len(p) && p[i] >= aroundLineShare
		switch {
		case on && start < 0:
			start = i
		case !on && start >= 0:
			if float64(i-start) <= maxWidth {
				lines = append(lines, float64(start+i-1)/2)
			}
			start = -1
		}
	}
	return lines
}

// longestRun returns the run of evenly spaced lines, spaced sMin to sMax,
// with the most lines among those spanning mid (the quad's middle) and
// whose lines are long (see longLines).
func longestRun(lines []float64, sMin, sMax, mid float64, long func(lineRun) bool) (lineRun, bool) {
	var best lineRun
	found := false
	for i := range lines {
		for j := i + 1; j < len(lines); j++ {
			d := lines[j] - lines[i]
			if d < sMin {
				continue
			}
			if d > sMax {
				break
			}
			r := runThrough(lines, lines[i], d)
			if r.first <= mid && r.last() >= mid && (!found || r.cells > best.cells) && long(r) {
				best, found = r, true
			}
		}
	}
	return best, found
}

// The length of a grid line, against a digit's stroke.
const (
	// longLine is the least length of a grid line's longest stretch of
	// ink, in cells of its run: a digit is less than a cell tall.
	longLine = 1.5
	// longLineShare is the least share of a run's lines that must be
	// long.
	longLineShare = 0.75
	// lineSlant is how many samples a line may wander across the square
	// (a quad fitted to another lattice is askew), and lineBreak the
	// longest break in its ink (a dotted line).
	lineSlant, lineBreak = 2, 2
)

// reaches returns, for every column of the square (vertical) or row, the
// longest stretch of ink along it from lo to hi, breaks of up to
// lineBreak samples bridged.
func (sq *latticeSquare) reaches(vertical bool, lo, hi int) []int {
	n := sq.n
	out := make([]int, n)
	for x := range n {
		start, gap := -1, 0
		for a := lo; a < hi; a++ {
			ink := vertical && sq.r[a*n+x] == 1 || !vertical && sq.r[x*n+a] == 1
			switch {
			case ink && start < 0:
				start, gap = a, 0
			case ink:
				gap = 0
			case start >= 0:
				gap++
				if gap > lineBreak {
					start = -1
				}
			}
			if start >= 0 {
				out[x] = max(out[x], a-gap-start+1)
			}
		}
	}
	return out
}

// longLines reports whether most lines of run r are long: within
// lineSlant samples of each line found, a stretch of ink of longLine
// cells at least (a line missing counts as short).
func longLines(reach []int, r lineRun) bool {
	long := 0
	for _, l := range r.lines {
		x := nearest(l)
		for dx := -lineSlant; dx <= lineSlant; dx++ {
			if x+dx >= 0 && x+dx < len(reach) && float64(reach[x+dx]) >= longLine*r.spacing {
				long++
				break
			}
		}
	}
	return float64(long) >= longLineShare*float64(r.cells+1)
}

// maxRunGaps is the largest share of a run's inner lines that may be
// missing (a dotted line, one the threshold lost), never two in a row.
const maxRunGaps = 0.25

// runThrough follows lines from the line at x0, spaced about d, each way,
// and returns the run it finds: its spacing is refined as it grows.
func runThrough(lines []float64, x0, d float64) lineRun {
	tol := max(runToleranceSamples, runTolerance*d)
	near := func(x float64) (float64, bool) {
		for _, l := range lines {
			if math.Abs(l-x) <= tol {
				return l, true
			}
		}
		return 0, false
	}
	first, last, gaps, cells := x0, x0, 0, 0
	found := []float64{x0}
	step := func(from, dir float64) (float64, int) {
		if l, ok := near(from + dir*d); ok {
			return l, 1
		}
		if l, ok := near(from + 2*dir*d); ok && float64(gaps+1) <= maxRunGaps*float64(cells+2) {
			gaps++
			return l, 2
		}
		return 0, 0
	}
	for l, k := step(last, 1); k > 0; l, k = step(last, 1) {
		last, cells = l, cells+k
		d = (last - first) / float64(cells)
		found = append(found, l)
	}
	for l, k := step(first, -1); k > 0; l, k = step(first, -1) {
		first, cells = l, cells+k
		found = append(found, l)
	}
	return lineRun{first: first, spacing: (last - first) / float64(max(cells, 1)), cells: cells, lines: found}
}

// edges sets where the picture's edge cuts the cells beyond the first
// and the last line of run r (across the vertical lines or the horizontal
// ones, whose lines the run other crosses), looking along the square's
// middle: the picture ends less than a cell beyond the line, and the
// other run's lines go on to it.
func (sq *latticeSquare) edges(h *homography, b *binImg, vertical bool, r *lineRun, other lineRun) {
	mid := float64(sq.n) / 2
	inside := func(x float64) bool {
		u, v := sq.toUV(x), sq.toUV(mid)
		if !vertical {
			u, v = v, u
		}
		px, py := h.apply(u, v)
		return !math.IsNaN(px) && px >= 0 && py >= 0 && px < float64(b.w) && py < float64(b.h)
	}
	reach := (1 + edgeSlack) * r.spacing
	// end is where the picture ends going from x by dir, within reach.
	end := func(x, dir float64) float64 {
		for k := 1.0; k <= reach; k++ {
			if !inside(x + dir*k) {
				return x + dir*(k-1)
			}
		}
		return x + dir*reach
	}
	r.edgeBefore, r.edgeAfter = !inside(r.first-reach), !inside(r.last()+reach)
	clear := lineClear * r.spacing
	before, after := end(r.first, -1), end(r.last(), 1)
	r.gapBefore, r.gapAfter = (r.first-before)/r.spacing, (after-r.last())/r.spacing
	r.cutBefore = r.edgeBefore && sq.linesGoOn(vertical, other, before, r.first-clear)
	r.cutAfter = r.edgeAfter && sq.linesGoOn(vertical, other, r.last()+clear, after)
}

// The look beyond a run's last line for the lines across it.
const (
	// edgeSlack is how much more than a cell beyond a run's last line
	// the picture may end for it to end there: a line at the very edge is
	// often lost.
	edgeSlack = 0.25
	// lineClear is how far beyond a run's line, as a share of its
	// spacing, the look starts: past the line's own width.
	lineClear = 0.15
	// minGoOn is the fewest samples the look needs to tell.
	minGoOn = 3
	// goOnShare is the least share of the samples along a line that must
	// be ink for it to go on, and goOnLines the share of the lines that
	// must (a curved sheet's page edge or shadow beside the grid can make
	// half its lines seem to).
	goOnShare, goOnLines = 0.6, 0.75
	// goOnReach is how far, as a share of the spacing, a line may wander
	// from where it crosses the quad (a slight tilt of the quad, drawn
	// out beyond it).
	goOnReach = 0.1
	// maxFilledShare is the largest share of the middles between the
	// lines that may be inked as much: more is a dark area, not lines.
	maxFilledShare = 0.34
)

// linesGoOn reports whether most lines of run other go on from a to b
// along the axis across them (the square's columns when vertical), and
// few of the middles between them, each within goOnReach of where it was
// found.
func (sq *latticeSquare) linesGoOn(vertical bool, other lineRun, a, b float64) bool {
	lo, hi := int(math.Ceil(a)), int(math.Floor(b))
	if hi-lo < minGoOn || len(other.lines) == 0 {
		return false
	}
	n := sq.n
	reach := max(1, nearest(goOnReach*other.spacing))
	ink := func(along, at int) bool {
		for d := -reach; d <= reach; d++ {
			y := at + d
			if y < 0 || y >= n || along < 0 || along >= n {
				continue
			}
			if vertical && sq.r[y*n+along] == 1 || !vertical && sq.r[along*n+y] == 1 {
				return true
			}
		}
		return false
	}
	inked := func(at float64) bool {
		count := 0
		for x := lo; x <= hi; x++ {
			if ink(x, nearest(at)) {
				count++
			}
		}
		return float64(count) >= goOnShare*float64(hi-lo+1)
	}
	going, filled := 0, 0
	for k, l := range other.lines {
		if inked(l) {
			going++
		}
		if k > 0 && inked((l+other.lines[k-1])/2) {
			filled++
		}
	}
	// The lines go on, and not the paper between them (a shadow, a
	// cloth, the dark page beyond the sheet).
	return float64(going) >= goOnLines*float64(len(other.lines)) && float64(filled) <= maxFilledShare*float64(len(other.lines)-1)
}

// side returns the cells a side of the lattice around the quad when it is
// clearly a whole grid of another size than 9x9 (4x4, 6x6, 16x16), and 0
// otherwise.
func (s surroundings) side() int {
	if _, cropped := s.cut(); !s.found || cropped {
		return 0
	}
	n := s.runs[0].cells
	if n != s.runs[1].cells || n == 9 {
		return 0
	}
	for _, k := range gridSizes {
		if k == n {
			return n
		}
	}
	return 0
}

// shortGap is the most of a cell the picture may show beyond the last line
// of a run of fewer than 9 cells across one of 9 for cut to take the
// picture's edge for where the grid was cut (a line at the very edge is
// often lost; a grid's own border lies further in, or its lines are lost
// to curved paper).
const shortGap = 0.5

// cut reports whether the picture's edge cuts the grid, and names the
// edge ("left", "right", "top", "bottom") when it can: when the grid's
// lines go on beyond a run's last line to the picture's edge, or the quad
// itself goes beyond the edge (a 9x9 lattice fitted to what the picture
// shows of the grid). A run of
// fewer than 9 cells across a run of 9 that ends at the picture's very
// edge is cut too, by an edge not named.
func (s surroundings) cut() (edge string, cropped bool) {
	if s.out != "" {
		return s.out, true
	}
	if !s.found {
		return "", false
	}
	names := [2][2]string{{"left", "right"}, {"top", "bottom"}}
	for axis, r := range s.runs {
		if r.cutBefore {
			return names[axis][0], true
		}
		if r.cutAfter {
			return names[axis][1], true
		}
	}
	for axis, r := range s.runs {
		atEdge := r.edgeBefore && r.gapBefore <= shortGap || r.edgeAfter && r.gapAfter <= shortGap
		if r.cells < 9 && s.runs[1-axis].cells == 9 && atEdge {
			return "", true
		}
	}
	return "", false
}

// aroundMap is the map lookAround finds lines in: dark ink (most printed
// and rendered grids) and thin dark lines (light gray cell lines).
func aroundMap(work *image.Gray) *binImg {
	return union(lineMaps[0].make(work), lineMaps[1].make(work))
}

// otherGridArea is the least area of another grid, as a share of the
// chosen one's, for otherGrids to name it: a solution grid printed beside
// the puzzle is smaller, and the boxes of a grid smaller still.
const otherGridArea = 0.5

// otherGrids returns the other grids among the candidates: lattices of
// ten lines each way whose lines stand out about as well as the chosen
// grid's, at least otherGridArea as large, and apart from it and from
// each other.
func otherGrids(cands []candidate, chosen candidate) []Quad {
	top := topQuality(cands)
	var others []Quad
	for _, c := range cands {
		if c.boxes || c.quality < qualityShare*top || c.area < otherGridArea*chosen.area {
			continue
		}
		apart := !overlap(c.quad, chosen.quad)
		for _, o := range others {
			apart = apart && !overlap(c.quad, o)
		}
		if apart {
			others = append(others, c.quad)
		}
	}
	return others
}

// overlap reports whether quads a and b overlap: a corner or the centre
// of one lies inside the other.
func overlap(a, b Quad) bool {
	inside := func(p Point, q Quad) bool {
		for i := range q {
			e0, e1 := q[i], q[(i+1)%4]
			if (e1.X-e0.X)*(p.Y-e0.Y)-(e1.Y-e0.Y)*(p.X-e0.X) < 0 {
				return false
			}
		}
		return true
	}
	ax, ay := a.centre()
	bx, by := b.centre()
	if inside(Point{ax, ay}, b) || inside(Point{bx, by}, a) {
		return true
	}
	for i := range 4 {
		if inside(a[i], b) || inside(b[i], a) {
			return true
		}
	}
	return false
}
