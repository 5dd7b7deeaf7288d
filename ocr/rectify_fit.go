package ocr

import "image"

// The rectify stage's own check (rectify_fit.go): in a rectified grid the
// cell lines should sit at every ninth of the side, or where the cut stage
// found them (findCellLines, which moves a line by up to gridLineWin plus
// bandLineWin of a cell). seatOf traces each of the 16 inner lines of the
// picture across the nine bands of cells it crosses: in each band, how
// much of the band's length shows a thin line at each place within
// seatReach of the ninth, the line bending by at most seatBend from one
// band to the next. A digit's strokes are as dark as a line but short, and
// a row of digits does not carry on into the next band at the same place:
// a line is told by its length, not its contrast. A grid found a fraction
// of a cell off, or askew, cuts its digits in half or shows an empty box
// where a digit is, and the recognizer is sure of what it sees; where a
// line the picture shows clearly lies further from the cut's line than
// the cut could have moved it (seatSit), the lattice does not sit, and
// the cells of that band between the nearest lines that do sit are read
// at most at unseatedConfidence (unseat): named as cells to check, never
// presented as sure. Tested in rectify_fit_test.go.

// seatLine is where one inner line of the picture was found.
type seatLine struct {
	// shown is the share of the line's whole length showing it.
	shown float64
	// off is its offset in pixels from the cut's line in each band of
	// cells, and show the share of that band's length showing it there.
	off  [9]int
	show [9]float64
}

// latticeSeat is seatOf's measurement of a rectified grid.
type latticeSeat struct {
	// line[0][k] is inner vertical line k+1, line[1][k] horizontal line
	// k+1.
	line [2][8]seatLine
}

// How seatOf looks for lines, as shares of a cell.
const (
	// seatReach is how far from the ninth a line is looked for: almost
	// half a cell, so that the next line is not taken for it.
	seatReach = 0.45
	// seatBend is how far a line may move from one band of cells to the
	// next (curved paper bends a line by up to 3 pixels of 50 a band on
	// the handwriting sheets).
	seatBend = 0.08
	// seatSit is how far from the cut's line the picture's may lie in a
	// band for the lattice to sit there: as far from the ninth as the cut
	// looks for a line over the whole grid (gridLineWin). The cut takes a
	// line shown along the grid's whole length within that window (and
	// its bands follow it), so a line shown along most of its length
	// further from the cut's lies outside the window or askew across the
	// grid: the lattice was found off. (It was gridLineWin + bandLineWin
	// while the cut could take the edge of a row of digits for a faint
	// line, 0.22 cell off on the synthetic app screenshots. On the 660
	// grids of five synthetic sets, mostly apps, it names cells on five,
	// all found 0.47 cell or more off, as the wider one did on four, with
	// fewer cells on two; on the dev folders it names more cells on four
	// handwriting sheets on curved paper, already doubtful.)
	seatSit = gridLineWin
	// seatShown is the least share of its whole length, and seatShowBand
	// of a band's, along which a line must show for its place to count:
	// on the grids of the synthetic sets found within a tenth of a cell,
	// the traces far from the cut's lines (digits' strokes strung
	// together across the bands; 760) show along at most 0.52, and 98%
	// of those at the cut's lines 0.7 or more (5% below 0.86).
	seatShown, seatShowBand = 0.7, 0.5
)

// ridgeReach are the distances, in pixels of a rectified grid GridSize
// across, at which a pixel of a line must have lighter pixels on both
// sides: lines from one to a dozen pixels thick.
var ridgeReach = [...]int{2, 3, 5, 8}

// bothWays returns the n x n top left of g row by row (g's own pixels
// when its rows are n wide, a copy otherwise) and transposed, so that the
// horizontal lines are looked for as the vertical ones; the transposed
// copy is the caller's to hand back (putBytes), and neither is written to.
func bothWays(g *image.Gray, n int) [2][]uint8 {
	var pix [2][]uint8
	pix[1] = getBytes(n * n)
	if g.Stride == n {
		pix[0] = g.Pix[:n*n]
	} else {
		pix[0] = make([]uint8, n*n)
	}
	for y := range n {
		row := g.Pix[y*g.Stride : y*g.Stride+n]
		if g.Stride != n {
			copy(pix[0][y*n:], row)
		}
		for x, p := range row {
			pix[1][x*n+y] = p
		}
	}
	return pix
}

// seatOf measures how the lattice of the rectified grid g (dark ink on
// light paper, its border along the edges, before the cut paints out the
// remains of lines) sits on the picture's lines, cut being the lines the
// cut stage found in it (findCellLines).
func seatOf(g *image.Gray, cut cellLines) latticeSeat {
	var f latticeSeat
	n := min(g.Rect.Dx(), g.Rect.Dy())
	if n < minCutSide {
		return f
	}
	delta := seatContrast(g, n)
	cell := float64(n) / 9
	reach := int(cell * seatReach)
	pix := bothWays(g, n)
	defer putBytes(pix[1])
	on := make([]bool, n)
	for dir := range 2 {
		// near[band][x] counts the rows of the band whose pixel at x, or
		// beside it, is on a thin line across x.
		var near [9][]int
		p := pix[dir]
		for band := range 9 {
			near[band] = make([]int, n)
			for y := band * n / 9; y < (band+1)*n/9; y++ {
				row := p[y*n : (y+1)*n]
				clear(on)
				for x := 1; x < n-1; x++ {
					v := int(row[x]) + delta
					if v > 255 {
						continue // paper: nothing is lighter
					}
					for _, d := range ridgeReach {
						if x-d < 0 || x+d >= n {
							break
						}
						if int(row[x-d]) >= v && int(row[x+d]) >= v {
							on[x] = true
							break
						}
					}
				}
				for x := 1; x < n-1; x++ {
					if on[x-1] || on[x] || on[x+1] {
						near[band][x]++
					}
				}
			}
		}
		bend := max(1, int(cell*seatBend+0.5))
		placed := &cut.V
		if dir == 1 {
			placed = &cut.H
		}
		for k := range 8 {
			want := (k + 1) * n / 9
			var cov [9][]float64
			var cutAt [9]int
			for band := range 9 {
				cutAt[band] = placed[band][k+1] - want
				cov[band] = make([]float64, 2*reach+1)
				y0, y1 := band*n/9, (band+1)*n/9
				for o := -reach; o <= reach; o++ {
					x := want + o
					if x < 1 || x >= n-1 {
						continue
					}
					cov[band][o+reach] = float64(near[band][x]) / float64(y1-y0)
				}
			}
			f.line[dir][k] = traceLine(&cov, &cutAt, reach, bend)
		}
	}
	return f
}

// seatContrast is how much darker than the paper on both sides a pixel
// must be to be on a line: a share of the grid's contrast (its paper, the
// 90th percentile of its gray levels, against its ink, the 2nd), at least
// minRidge levels.
func seatContrast(g *image.Gray, n int) int {
	var hist [256]int
	for y := range n {
		for _, p := range g.Pix[y*g.Stride : y*g.Stride+n] {
			hist[p]++
		}
	}
	paper, ink := percentile(&hist, n*n, 0.9), percentile(&hist, n*n, 0.02)
	return max(minRidge, int(ridgeShare*float64(int(paper)-int(ink))+0.5))
}

// The contrast of a line's pixel (see seatContrast): a tenth of the
// grid's contrast keeps the faint lines of app screenshots (15-20 levels
// on white) and leaves out JPEG noise; no other value was tried.
const (
	ridgeShare = 0.1
	minRidge   = 8
)

// traceLine finds the line that shows along most of its length in cov
// (cov[b][o+reach] is the share of band b showing a line at offset o from
// the ninth), moving by at most bend pixels from one band to the next, and
// places it against the cut's lines (cutAt[b], offsets from the ninth).
func traceLine(cov *[9][]float64, cutAt *[9]int, reach, bend int) seatLine {
	var l seatLine
	w := 2*reach + 1
	var sum [9][]float64
	var from [9][]int
	nearer := func(a, b int) bool { return abs(a-reach) < abs(b-reach) }
	for b := range 9 {
		sum[b], from[b] = make([]float64, w), make([]int, w)
		for o := range w {
			if b == 0 {
				sum[b][o] = cov[b][o]
				continue
			}
			best, arg := -1.0, o
			for p := max(0, o-bend); p <= min(w-1, o+bend); p++ {
				if v := sum[b-1][p]; v > best || v == best && nearer(p, arg) {
					best, arg = v, p
				}
			}
			sum[b][o], from[b][o] = best+cov[b][o], arg
		}
	}
	end := reach
	for o := range w {
		if v := sum[8][o]; v > sum[8][end] || v == sum[8][end] && nearer(o, end) {
			end = o
		}
	}
	l.shown = sum[8][end] / 9
	for b := 8; b >= 0; b-- {
		l.off[b], l.show[b] = end-reach-cutAt[b], cov[b][end]
		end = from[b][end]
	}
	return l
}

// unseated returns the cells of a grid whose lattice does not sit where
// seat says: in each band of cells where a line shown along seatShown of
// its length, and seatShowBand of that band's, lies more than seatSit of
// a cell from the cut's line, and does in the band before or after too
// (a lattice found off moves a line smoothly; a line off in one band
// alone is a digit's stroke taken for it there: on 11 of 1,240 grids of
// the synthetic sets found within a quarter of a cell, against 1 when two
// bands running are asked for), the cells of the band on either side of
// it up to the nearest line that sits there (or the border). A lattice
// that does not sit under most of the grid's cells was found wrong as a
// whole (a grid found columns short, app-light_137 of seed 4401), and the
// lines that seem to sit there do so by chance: then every cell is named.
// n is the rectified grid's side in pixels.
func (s *latticeSeat) unseated(n int) [81]bool {
	var out [81]bool
	far := seatSit * float64(n) / 9
	// state[dir][band][k]: +1 the line sits in the band, -1 it does not,
	// 0 unknown (not shown there).
	var state [2][9][8]int
	for dir := range 2 {
		for k, l := range s.line[dir] {
			if l.shown < seatShown {
				continue
			}
			off := func(b int) bool {
				return b >= 0 && b < 9 && l.show[b] >= seatShowBand && float64(abs(l.off[b])) > far
			}
			for b := range 9 {
				switch {
				case l.show[b] < seatShowBand:
				case off(b) && (off(b-1) || off(b+1)):
					state[dir][b][k] = -1
				case !off(b):
					state[dir][b][k] = 1
				}
			}
		}
	}
	for dir := range 2 {
		for b := range 9 {
			for k := range 8 {
				if state[dir][b][k] >= 0 {
					continue
				}
				// Line k+1 lies between cells k and k+1 of the band.
				lo, hi := k, k+1
				for lo > 0 && state[dir][b][lo-1] != 1 {
					lo--
				}
				for hi < 8 && state[dir][b][hi] != 1 {
					hi++
				}
				for c := lo; c <= hi; c++ {
					if dir == 0 {
						out[b*9+c] = true
					} else {
						out[c*9+b] = true
					}
				}
			}
		}
	}
	named := 0
	for _, b := range out {
		if b {
			named++
		}
	}
	if named > len(out)/2 {
		for i := range out {
			out[i] = true
		}
	}
	return out
}

// unseatedConfidence is the most a cell of a lattice that does not sit
// is read with: below SureConfidence, so that it is named as a cell to
// check. Of the cells it was given to on the synthetic sets of seeds
// 8801, 4401, 9901 and 9902 about half were read right.
const unseatedConfidence = 0.5

// unseat lowers to unseatedConfidence the confidence of the cells of
// cells that bad marks (see latticeSeat.unseated).
func unseat(cells *[81]CellReading, bad [81]bool) {
	for i, b := range bad {
		if b {
			cells[i].Confidence = min(cells[i].Confidence, unseatedConfidence)
		}
	}
}
