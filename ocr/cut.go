package ocr

import (
	"cmp"
	"image"
	"image/draw"
	"slices"
	"sync"
)

// Stage "cut" (cut.go): Cut takes a Rectified grid to its Cells, the 81
// boxes the recognize stage reads; CutCells does it for any gray square.
// findCellLines finds the grid lines per band of cells, cleanCell paints
// out the remains of grid lines in a box. Tested in cut_test.go and
// detect_test.go (TestCutCellsSynthetic).

// Cut is the cut stage: the cells of the rectified grid r (see
// [CutCells]).
func Cut(r Rectified) Cells {
	c := CutCells(r.Img)
	c.Light = r.Light
	return c
}

// CutCells splits a rectified grid into 81 cells. It looks for the grid
// lines near where an even split puts them, separately in every band of
// cells (lines bend on curved paper), falls back to the even split where no
// line is clear, and trims each box inside its lines. Remains of grid lines
// inside a box (dark parts touching its border that do not reach its
// middle) are painted over with the paper's shade, in grid itself.
func CutCells(grid *image.Gray) Cells {
	b := grid.Bounds()
	if b.Min != (image.Point{}) {
		c := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(c, c.Bounds(), grid, b.Min, draw.Src)
		grid = c
	}
	size := min(grid.Bounds().Dx(), grid.Bounds().Dy())
	lines := findCellLines(grid)
	raw := image.NewGray(grid.Rect)
	copy(raw.Pix, grid.Pix)
	c := Cells{Size: size, Img: grid, Raw: raw, memo: &inkMemo{}, lines: lines}
	for r := range 9 {
		for col := range 9 {
			xs, ys := lines.V[r], lines.H[col]
			c.Rects[r*9+col] = cellBox(xs[col], xs[col+1], ys[r], ys[r+1], size)
			cleanCell(grid, c.Rects[r*9+col])
		}
	}
	return c
}

// cellLines holds the grid line positions of a rectified grid, per band of
// cells: V[r][k] is the x of vertical line k (0..9) across cell row r, and
// H[c][k] the y of horizontal line k across cell column c. On flat paper
// all bands agree; on curved paper the lines bend and the bands differ.
type cellLines struct {
	V, H [9][10]int
}

// findCellLines finds the grid lines of a rectified grid. For every line it
// takes the darkest position of the ink profile near where an even split
// puts it, first over the whole grid, then in each band of cells near that
// global position. Over the whole grid only a line that runs along the
// grid's whole length is taken (see steadyLine; a row of digits is dark
// only where the digits are), and where the window holds none, the line
// stays at the even split; in a band, a position is kept only when it
// stands out from the cell interiors around it.
func findCellLines(g *image.Gray) cellLines {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	var out cellLines
	// Vertical lines: profiles over columns, per band of rows.
	colBand := make([][]float64, 9)
	rowBand := make([][]float64, 9)
	for i := range 9 {
		colBand[i] = make([]float64, w)
		rowBand[i] = make([]float64, h)
	}
	for y := range h {
		rb := min(8, y*9/h)
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		for x, p := range row {
			d := float64(255 - p)
			colBand[rb][x] += d
			rowBand[min(8, x*9/w)][y] += d
		}
	}
	sum := func(bands [][]float64) []float64 {
		s := make([]float64, len(bands[0]))
		for _, b := range bands {
			for i, v := range b {
				s[i] += v
			}
		}
		return s
	}
	// The paper's darkness only when a border inside the square is
	// weighed: most grids have theirs at the edge.
	paper := sync.OnceValue(func() float64 { return paperDarkness(g) })
	steady := func(vertical bool, bands [][]float64, reach int) func(int) bool {
		return func(i int) bool { return steadyLine(g, i, vertical, paper(), bands, reach) }
	}
	// A line across the grid may stand askew or bend by as much as the
	// bands' search moves it.
	bend := max(bendPx, int(float64(min(w, h))/9*bandLineWin))
	gx := pickOuter(sum(colBand), bandFloor(colBand), pickLines(sum(colBand), evenLines(w), gridLineWin, steady(true, colBand, bend)), steady(true, colBand, 0))
	gy := pickOuter(sum(rowBand), bandFloor(rowBand), pickLines(sum(rowBand), evenLines(h), gridLineWin, steady(false, rowBand, bend)), steady(false, rowBand, 0))
	for i := range 9 {
		out.V[i] = pickLines(smooth3(colBand[i]), gx, bandLineWin, nil)
		out.H[i] = pickLines(smooth3(rowBand[i]), gy, bandLineWin, nil)
	}
	return out
}

// How far findCellLines looks for a line from where it expects it, as a
// share of a cell: over the whole grid from an even split (897ef51;
// widened with a7ace75, second synthetic set: silent misreads 1 -> 0),
// then in each band of cells from the whole grid's line (897ef51, for
// curved paper; no measurement recorded).
const (
	gridLineWin = 0.22
	bandLineWin = 0.08
)

// bendPx is how far, in pixels of the rectified grid, bandFloor lets a
// line bend from one band to another (curved paper).
const bendPx = 2

// bandFloor returns, at each position, the second lowest of the nine band
// profiles, each taken at its darkest within bendPx: a line across the
// whole grid is dark in every band, the strokes of the digits of one row or
// column are not (an empty cell, a 1 in the middle of its cell), though
// summed they may outweigh a faint line.
func bandFloor(bands [][]float64) []float64 {
	n := len(bands[0])
	out := make([]float64, n)
	for i := range out {
		var v [9]float64
		for b := range 9 {
			for x := max(0, i-bendPx); x <= min(n-1, i+bendPx); x++ {
				v[b] = max(v[b], bands[b][x])
			}
		}
		slices.Sort(v[:])
		out[i] = v[1]
	}
	return out
}

// evenLines returns the 10 line positions of an even split of n pixels.
func evenLines(n int) [10]int {
	var pos [10]int
	for i := range pos {
		pos[i] = i * n / 9
	}
	return pos
}

// smooth3 returns p averaged over 3 neighbouring entries.
func smooth3(p []float64) []float64 {
	out := make([]float64, len(p))
	for i := range p {
		s, n := p[i], float64(1)
		if i > 0 {
			s += p[i-1]
			n++
		}
		if i+1 < len(p) {
			s += p[i+1]
			n++
		}
		out[i] = s / n
	}
	return out
}

// What pickLines asks of a line (d8eb80c and 897ef51, the first cut; no
// measurement recorded).
const (
	// nearPreference is the share of its ink a position at the end of
	// the window loses against one where the line is expected.
	nearPreference = 0.3
	// lineContrast is how much darker than the mean of the cell around
	// it (half a cell each way) a position must be to be taken for a line.
	lineContrast = 1.3
)

// minCutSide is the least side in pixels of a grid whose lines are looked
// for (four pixels a cell): a smaller one is split evenly.
const minCutSide = 36

// minLineGap is the least gap in pixels between two lines found; closer
// lines go back to where they were expected.
const minLineGap = 2

// pickLines moves each inner line of guess to the darkest position of the
// profile within win (a fraction of a cell) of it, when that position is
// clearly darker than the cell around it. With steady, only a position
// that holds a line along its length is taken (steady reports it), clearly
// darker than the paper between the lines and the digits (the fifth
// lowest of the profile around it: the cell's mean, where a row of digits
// is darker than a faint line, would refuse the line); with none such in
// the window the line stays where guess puts it. Outer lines stay at the
// edges.
func pickLines(ink []float64, guess [10]int, win float64, steady func(int) bool) [10]int {
	n := len(ink)
	pos := guess
	if n < minCutSide {
		return evenLines(n)
	}
	cell := float64(n) / 9
	wn := max(1, int(cell*win))
	type candidate struct {
		x int
		v float64
	}
	var cands []candidate
	for i := 1; i < 9; i++ {
		want := guess[i]
		cands = cands[:0]
		for x := max(1, want-wn); x <= min(n-2, want+wn); x++ {
			// Favour lines near the expected place a little.
			cands = append(cands, candidate{x, ink[x] * (1 - nearPreference*float64(abs(x-want))/float64(wn+1))})
		}
		// The darkest first, the leftmost of equals (stable).
		slices.SortStableFunc(cands, func(a, b candidate) int { return cmp.Compare(b.v, a.v) })
		best := -1
		for _, c := range cands {
			if steady == nil || steady(c.x) {
				best = c.x
				break
			}
		}
		lo := max(0, want-int(cell/2))
		hi := min(n-1, want+int(cell/2))
		around := meanOf(ink, lo, hi)
		if steady != nil {
			around = lowOf(ink, lo, hi)
		}
		if best >= 0 && ink[best] > lineContrast*around {
			pos[i] = best
		}
	}
	for i := 1; i < 9; i++ { // keep the lines in order, a few pixels apart
		if pos[i] <= pos[i-1]+minLineGap {
			pos[i] = guess[i]
		}
	}
	return pos
}

// lowOf is the fifth lowest of p[lo] to p[hi], both included: the paper
// between the lines and the digits of a profile across a cell.
func lowOf(p []float64, lo, hi int) float64 {
	s := slices.Clone(p[lo : hi+1])
	slices.Sort(s)
	return s[len(s)/5]
}

// meanOf is the mean of p[lo] to p[hi], both included.
func meanOf(p []float64, lo, hi int) float64 {
	var s float64
	for x := lo; x <= hi; x++ {
		s += p[x]
	}
	return s / float64(hi-lo+1)
}

// What pickOuter asks of a border found inside the square (144fe75, with
// the weights retrained then; 469fdfb and a7ace75, each taking the last
// silent misread of a synthetic set to none).
const (
	// borderContrast: how much darker than the cell beside it, and
	// edgeContrast how much darker than the square's edge, the border
	// must be in the summed profile.
	borderContrast, edgeContrast = 1.5, 1.3
	// borderFloor: the share of a band's mean darkness (the border's over
	// nine bands) it must keep in all bands but one.
	borderFloor = 0.5
	// cellFrom and cellTo: the cell beside the border, as shares of a
	// cell in from the square's edge.
	cellFrom, cellTo = 0.3, 0.8
)

// outerWin is how far in from the edge of the rectified grid, as a share
// of a cell, pickOuter looks for the border.
const outerWin = 0.3

// pickOuter moves the outer lines of pos (0 and 9, at the edges) onto the
// grid's border when the profile shows it clearly further in: a grid found
// a little too large, its border inside the square. The border must stand
// out from the cell next to it as an inner line does in ink, the sum of
// the bands' profiles, and be there in all bands but one: in floor (see
// bandFloor) it must be at least half as dark as a band is on average
// (digits' strokes near the edge, summed over a few bands, can outweigh a
// faint border, or one the square leaves out). And it must run along the
// grid's whole side (steady, see steadyLine, held at its place): the stems
// of a column of digits by the edge are there in every band, but not
// between the digits.
func pickOuter(ink, floor []float64, pos [10]int, steady func(int) bool) [10]int {
	n := len(ink)
	if n < minCutSide {
		return pos
	}
	cell := float64(n) / 9
	win := int(cell * outerWin)
	edge := func(lo, hi, at int, cellLo, cellHi int) int {
		best, bestV := at, float64(-1)
		for x := lo; x <= hi; x++ {
			if ink[x] > bestV {
				best, bestV = x, ink[x]
			}
		}
		// Only a line clearly darker than the cell beside it, and darker
		// than the edge itself (which then is paper or the page).
		if bestV <= borderContrast*meanOf(ink, cellLo, cellHi) || bestV <= edgeContrast*ink[at] {
			return at
		}
		if floor[best] < borderFloor*bestV/9 || !steady(best) {
			return at
		}
		return best
	}
	pos[0] = edge(0, win, 0, int(cell*cellFrom), int(cell*cellTo))
	pos[9] = edge(n-1-win, n-1, n-1, n-1-int(cell*cellTo), n-1-int(cell*cellFrom))
	if pos[1]-pos[0] < int(cell/2) {
		pos[0] = 0
	}
	if pos[9]-pos[8] < int(cell/2) {
		pos[9] = n - 1
	}
	return pos
}

// borderAlong is the share of its mean darkness above the paper's that a
// line keeps along four fifths of its length (steadyLine). A line runs
// the grid's whole side; the strokes of a column of digits by the edge are
// broken between the digits (synthetic 1702 app-light_107 and
// app-dark_038: an app's faint right border taken at the stems of its last
// column's digits, which cut a 1 out of its cell, read as empty surely),
// and the tops and feet of a row of digits between the digits (an app's
// faint inner line lost to a row of digits beside it, darker summed).
const borderAlong = 0.5

// steadyLine reports whether position i of g (a column when vertical, else
// a row) holds a line along its length: in each of the nine bands of
// cells it crosses, the line taken at its darkest within reach of i in
// that band's profile (bands[b], see findCellLines: a rectified grid a
// little askew, a line bent on curved paper; reach 0 holds it at i), each
// pixel at its darkest within a pixel across, four fifths of its pixels
// at least borderAlong of their mean darkness above paper.
func steadyLine(g *image.Gray, i int, vertical bool, paper float64, bands [][]float64, reach int) bool {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	n, across := h, w
	if !vertical {
		n, across = w, h
	}
	dark := func(k, j int) float64 {
		x, y := j, k
		if !vertical {
			x, y = k, j
		}
		return float64(255-g.Pix[y*g.Stride+x]) - paper
	}
	d := make([]float64, n)
	var mean float64
	for b := range 9 {
		lo, hi := b*n/9, (b+1)*n/9
		at := i
		for j := max(0, i-reach); reach > 0 && j <= min(across-1, i+reach); j++ {
			if bands[b][j] > bands[b][at] {
				at = j
			}
		}
		for k := lo; k < hi; k++ {
			for j := max(0, at-1); j <= min(across-1, at+1); j++ {
				d[k] = max(d[k], dark(k, j))
			}
			mean += d[k] / float64(n)
		}
	}
	slices.Sort(d)
	return mean > 0 && d[n/5] >= borderAlong*mean
}

// paperDarkness is the median darkness (255 less the gray level) of g's
// pixels: its paper's, most of a grid being paper.
func paperDarkness(g *image.Gray) float64 {
	var hist [256]int
	w, h := g.Rect.Dx(), g.Rect.Dy()
	for y := range h {
		for _, p := range g.Pix[y*g.Stride : y*g.Stride+w] {
			hist[255-p]++
		}
	}
	half, seen := w*h/2, 0
	for v, c := range hist {
		if seen += c; seen > half {
			return float64(v)
		}
	}
	return 0
}

// cellInsetPercent is how far a cell's box is inset from its lines on
// every side, in percent of the cell (897ef51, the per-band cut; the
// training cells are cut the same way, see internal/traindata).
const cellInsetPercent = 9

// cellBox returns the box between lines x0..x1 and y0..y1, inset to leave
// the grid lines out, clipped to the grid.
func cellBox(x0, x1, y0, y1, size int) image.Rectangle {
	iw := max(1, (x1-x0)*cellInsetPercent/100)
	ih := max(1, (y1-y0)*cellInsetPercent/100)
	r := image.Rect(x0+iw, y0+ih, x1-iw+1, y1-ih+1)
	r = r.Intersect(image.Rect(0, 0, size, size))
	if r.Empty() {
		return image.Rect(x0, y0, max(x0+1, x1), max(y0+1, y1)).Intersect(image.Rect(0, 0, size, size))
	}
	return r
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// How CutCells tells the remains of grid lines in a cell's box. The numbers
// date from the commit that made the cut paint remains out (defa28a); no
// measurement of them was recorded.
var (
	// cutInk: the box's paper is its 70th percentile, its ink its 2nd; a
	// box with less than 40 gray levels between them is left alone.
	cutInk = inkCut{paper: 0.7, ink: 0.02, minContrast: 40}
	// cutRemains: dark pieces touching the box's border that stay within
	// a quarter of its side of the edges (miss its middle half).
	cutRemains = lineRemains{band: 0.25, bandRound: roundDown}
)

// cleanCell paints out what is left of the grid lines inside box r of g:
// dark components that touch the box's border but do not reach its middle
// (line ends, corners of a bent border, a fold along an edge) become paper.
// Digits are printed in the middle of their cells, so they are kept.
func cleanCell(g *image.Gray, r image.Rectangle) {
	w, h := r.Dx(), r.Dy()
	if w < 8 || h < 8 {
		return
	}
	hist := grayHistogram(g, r)
	paper, th, ok := cutInk.of(&hist, w*h)
	if !ok {
		return
	}
	dark := func(x, y int) bool { return g.Pix[g.PixOffset(r.Min.X+x, r.Min.Y+y)] < th }
	seen := make([]bool, w*h)
	var comp, stack []int
	for start := range seen {
		sx, sy := start%w, start/w
		if seen[start] || !dark(sx, sy) {
			continue
		}
		comp, stack = comp[:0], append(stack[:0], start)
		seen[start] = true
		border, band := false, true
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			comp = append(comp, p)
			x, y := p%w, p/w
			border = border || x == 0 || y == 0 || x == w-1 || y == h-1
			band = band && cutRemains.inBand(x, y, w, h)
			for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				nx, ny := x+d[0], y+d[1]
				if nx < 0 || ny < 0 || nx >= w || ny >= h {
					continue
				}
				if q := ny*w + nx; !seen[q] && dark(nx, ny) {
					seen[q] = true
					stack = append(stack, q)
				}
			}
		}
		if border && band {
			for _, p := range comp {
				g.Pix[g.PixOffset(r.Min.X+p%w, r.Min.Y+p/w)] = uint8(paper)
			}
		}
	}
}
