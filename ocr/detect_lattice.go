package ocr

import (
	"math"
	"sync"
)

// The numbers of the lattice fit. The fit's shape (bold box lines, the
// whole-frame look) dates from 4d25bcf and 1e33f5a, measured then on the
// dev grids of the time (all 102 found); the quarters from b038942 (a
// synthetic curved photo); nothing finer was recorded about each number.
const (
	// boxLineWindow is the half-width, as a share of the spacing, of the
	// window over which fitLattice measures how bold a line is.
	boxLineWindow = 0.06
	// borderWeight is the weight of the weaker outer line in a lattice's
	// score: a grid's border is its boldest part.
	borderWeight = 0.3
	// boxLineWeight is the weight of the box lines' boldness over the
	// cell lines' in a lattice's score.
	boxLineWeight = 0.5
	// fineSpacingStep and fineOffsetStep are the steps of the fine search
	// around the best lattice of the coarse one (1 pixel steps), which
	// looks within fineOffsetReach pixels of its offset.
	fineSpacingStep, fineOffsetStep, fineOffsetReach = 0.25, 0.5, 1.5
	// minSpacing and maxSpacing bound the spacing of the lattice over the
	// whole square, as shares of the nominal cell (the one q implies).
	minSpacing, maxSpacing = 0.75, 1.35
	// halfSpacing is how far (as a share) the spacing of a half of the
	// square may differ from the whole's, and halfOffset how far (in
	// nominal cells) its offset may move; halfPrior is the score lost per
	// cell of distance from the whole's offset.
	halfSpacing, halfOffset, halfPrior = 0.07, 0.5, 0.1
	// quarterSpacing and quarterOffset are the same for a quarter against
	// its half; a quarter whose first or last line moves more than
	// quarterDrift nominal cells from its half's keeps its half's lattice.
	quarterSpacing, quarterOffset, quarterDrift = 0.04, 0.25, 0.2
	// minLatticeCell and maxLatticeCell bound the side in samples of a
	// cell of the square refineLattice fits in (a824522: no finer than the
	// picture itself, so small pictures are detected faster).
	minLatticeCell, maxLatticeCell = 12, 36
	// minLinePresence is the least mean ink of a line of the profile for
	// latticePresence to count it (and it must be twice the ink between
	// lines).
	minLinePresence = 0.15
)

// lattice is ten parallel grid lines at positions o + k*s, k = 0..9.
type lattice struct {
	o, s  float64
	score float64
}

// fitLattice finds the ten evenly spaced lines that best match an ink
// profile: high ink on the lines, low ink halfway between them. Spacings
// from sMin to sMax are tried; offsets within [oMin, oMax].
//
// The score also rewards strong outer lines (a grid's border is its
// boldest part) and, with a small weight, closeness to the expected offset
// oExp, so that text or a neighbouring grid beside the puzzle does not pull
// the lattice one cell aside.
func fitLattice(p []float64, sMin, sMax, oMin, oMax, oExp, prior float64) lattice {
	lp := newLatticeProfile(p)
	n := len(p)
	// Coarse search, then a fine one around the best coarse lattice.
	best := lattice{score: math.Inf(-1)}
	search := func(s0, s1, ds, o0, o1, do float64) {
		for s := s0; s <= s1; s += ds {
			r := max(1, nearest(s*boxLineWindow))
			for o := max(0, o0); o <= o1 && o+9*s < float64(n); o += do {
				if sc := lp.score(o, s, r, oExp, prior); sc > best.score {
					best = lattice{o: o, s: s, score: sc}
				}
			}
		}
	}
	search(sMin, sMax, 1, oMin, oMax, 1)
	c := best
	search(max(sMin, c.s-1), min(sMax, c.s+1), fineSpacingStep, c.o-fineOffsetReach, c.o+fineOffsetReach, fineOffsetStep)
	return best
}

// latticeProfile is an ink profile as fitLattice scores lattices on it:
// pm is the profile's greatest value of each position and its two
// neighbours, cum its running sum (cum[i] the sum of the first i values).
type latticeProfile struct {
	pm, cum []float64
}

func newLatticeProfile(p []float64) *latticeProfile {
	n := len(p)
	lp := &latticeProfile{pm: make([]float64, n), cum: make([]float64, n+1)}
	for i := range p {
		v := p[i]
		if i > 0 {
			v = max(v, p[i-1])
		}
		if i+1 < n {
			v = max(v, p[i+1])
		}
		lp.pm[i] = v
	}
	for i, v := range p {
		lp.cum[i+1] = lp.cum[i] + v
	}
	return lp
}

// at is the profile's greatest value near x (0 outside it).
func (lp *latticeProfile) at(x float64) float64 {
	i := nearest(x)
	if x < 0 || i >= len(lp.pm) {
		return 0
	}
	return lp.pm[i]
}

// wide is the mean profile over the r positions each side of x (r about
// boxLineWindow of a cell): box lines are bolder than cell lines, so they
// are wider there.
func (lp *latticeProfile) wide(x float64, r int) float64 {
	i := nearest(x)
	lo, hi := max(0, i-r), min(len(lp.pm), i+r+1)
	if lo >= hi {
		return 0
	}
	return (lp.cum[hi] - lp.cum[lo]) / float64(hi-lo)
}

// score is how well the lattice of offset o and spacing s fits the
// profile: ink on its lines and none halfway between them, its outer
// lines strong, its box lines bolder than its cell lines (over r
// positions each side), less prior per cell from the offset oExp.
func (lp *latticeProfile) score(o, s float64, r int, oExp, prior float64) float64 {
	var on, off, thick, thin float64
	for k := range 10 {
		x := o + float64(k)*s
		on += lp.at(x)
		if k%3 == 0 {
			thick += lp.wide(x, r) / 4
		} else {
			thin += lp.wide(x, r) / 6
		}
	}
	for k := range 9 {
		off += lp.at(o + centre(k)*s)
	}
	return on/10 - off/9 + borderWeight*min(lp.at(o), lp.at(o+9*s)) + boxLineWeight*(thick-thin) - prior*math.Abs(o-oExp)/s
}

// refineLattice rectifies the neighbourhood of the candidate quad q of b,
// finds the 9x9 grid's lines there by their regular spacing, and returns the
// quad through the outer lines together with a grid-likeness score in
// [0, 1] (the share of the 20 lines clearly present). Lines are fitted on
// the two halves of the square separately, so a perspective error in q is
// corrected too.
//
// The margin m is how far beyond q (as a fraction of its side) the outer
// lines are looked for; prior is the score lost per cell of distance from
// q's own edges (0 when q is only a search area).
func refineLattice(b *binImg, q Quad, m, prior float64) (Quad, float64) {
	// Cells of 36 pixels at most, and no finer than the image itself.
	side := q.longestSide()
	cell := max(minLatticeCell, min(maxLatticeCell, math.Round(side/9)))
	n := int(9 * cell * (1 + 2*m))
	h, ok := squareToQuad(q)
	if !ok {
		return q, 0
	}
	sq := latticeSquare{n: n, m: m}
	sq.sample(b, &h, int(side*(1+2*m)/float64(n)/2))
	quarters, score := sq.fit(prior)
	out, ok := sq.corners(&h, &quarters)
	sq.free()
	if !ok {
		return q, 0
	}
	return out, score
}

// latticeSquare is the neighbourhood of a candidate quad of a map
// rectified to n x n samples: the quad itself and a margin of m of its
// side around it.
type latticeSquare struct {
	n int
	m float64
	// r is 1 where the map has ink near the sample, row by row.
	r []uint8
}

// toUV maps a position in the square's samples to the quad's unit square.
func (sq *latticeSquare) toUV(x float64) float64 {
	return -sq.m + (1+2*sq.m)*x/float64(sq.n)
}

// sample fills the square from b through h: a sample is ink when b has
// ink within rad pixels of where it falls.
func (sq *latticeSquare) sample(b *binImg, h *homography, rad int) {
	n := sq.n
	sq.r = getBytes(n * n)
	// h.apply of every sample, its products by u made once a column and
	// those by v once a row (h.applyRow).
	hu := make([]hProducts, n)
	for x := range hu {
		hu[x] = h.byU(sq.toUV(centre(x)))
	}
	for y := range n {
		vh := h.byV(sq.toUV(centre(y)))
		row := sq.r[y*n : (y+1)*n]
		for x, p := range hu {
			px, py := h.applyRow(p, vh)
			if math.IsNaN(px) {
				continue
			}
			ix, iy := int(math.Floor(px)), int(math.Floor(py))
			if rad <= 0 {
				// b.near's b.at, without the call: an unsigned compare
				// is both of its bounds, and a byte's ink is read without
				// a branch.
				if uint(ix) < uint(b.w) && uint(iy) < uint(b.h) {
					c := b.pix[iy*b.w+ix]
					row[x] = (c | -c) >> 7
				}
			} else if b.near(ix, iy, rad) {
				row[x] = 1
			}
		}
	}
}

// free hands the square's samples back for another square to reuse; sq is
// not used after.
func (sq *latticeSquare) free() {
	putBytes(sq.r)
	sq.r = nil
}

// byteSlices holds byte slices freed for reuse (see getBytes): the lattice
// squares of a detection, 100-400 KB each, are sampled one after another.
var byteSlices sync.Pool

// getBytes returns n zero bytes, reusing a slice from putBytes when one is
// large enough.
func getBytes(n int) []uint8 {
	if p, ok := byteSlices.Get().(*[]uint8); ok && cap(*p) >= n {
		s := (*p)[:n]
		clear(s)
		return s
	}
	return make([]uint8, n)
}

// putBytes hands s back for getBytes to reuse; the caller no longer uses
// it.
func putBytes(s []uint8) {
	if cap(s) > 0 {
		byteSlices.Put(&s)
	}
}

// profile is the share of ink of every column (vertical) or row of the
// square, over the rows (columns) lo to hi.
func (sq *latticeSquare) profile(vertical bool, lo, hi int) []float64 {
	n := sq.n
	p := make([]float64, n)
	for a := lo; a < hi; a++ {
		for x := range n {
			if vertical {
				p[x] += float64(sq.r[a*n+x])
			} else {
				p[x] += float64(sq.r[x*n+a])
			}
		}
	}
	for i := range p {
		p[i] /= float64(hi - lo)
	}
	return p
}

// quarterInk counts, for every column (vertical) or row of the square, the
// samples with ink in each quarter of its rows (columns), k*n/4 to
// (k+1)*n/4: what fit's profiles of the whole square, its halves and its
// quarters are made of, in one pass over the samples.
func (sq *latticeSquare) quarterInk(vertical bool) [4][]int {
	n := sq.n
	var out [4][]int
	for k := range 4 {
		c := make([]int, n)
		lo, hi := k*n/4, (k+1)*n/4
		if vertical {
			for a := lo; a < hi; a++ {
				for x, v := range sq.r[a*n : (a+1)*n] {
					c[x] += int(v)
				}
			}
		} else {
			// Row x's samples lo to hi, one run in memory.
			for x := range n {
				t := 0
				for _, v := range sq.r[x*n+lo : x*n+hi] {
					t += int(v)
				}
				c[x] = t
			}
		}
		out[k] = c
	}
	return out
}

// inkShare is the profile of the quarters ks of counts (see quarterInk),
// rows rows (columns) together: the share of ink of every column (row),
// as profile gives it.
func inkShare(counts *[4][]int, rows int, ks ...int) []float64 {
	p := make([]float64, len(counts[0]))
	for x := range p {
		t := 0
		for _, k := range ks {
			t += counts[k][x]
		}
		p[x] = float64(t) / float64(rows)
	}
	return p
}

// fit fits the lattice of each axis over the whole square, then over each
// half near it (scored: the share of the 20 lines present), then over each
// quarter near its half. It returns the quarters' lattices
// ([vertical?][quarter]) and the score.
func (sq *latticeSquare) fit(prior float64) ([2][4]lattice, float64) {
	n, m := sq.n, sq.m
	nom := float64(n) / (9 * (1 + 2*m)) // nominal cell size if q is right
	var quarters [2][4]lattice
	var score float64
	for axis := range 2 {
		vertical := axis == 0
		oExp := m * nom * 9
		ink := sq.quarterInk(vertical)
		full := fitLattice(inkShare(&ink, n, 0, 1, 2, 3), minSpacing*nom, maxSpacing*nom, 0, float64(n), oExp, prior)
		for half := range 2 {
			lo, hi := half*n/2, (half+1)*n/2
			p := inkShare(&ink, hi-lo, 2*half, 2*half+1)
			l := fitLattice(p, full.s*(1-halfSpacing), full.s*(1+halfSpacing), full.o-halfOffset*nom, full.o+halfOffset*nom, full.o, halfPrior)
			score += latticePresence(p, l) / 4
			// Quarters follow a bending border (curved paper) closer to
			// the corners; each stays near its half's lattice.
			for qq := range 2 {
				k := 2*half + qq
				ql := fitLattice(inkShare(&ink, (k+1)*n/4-k*n/4, k), l.s*(1-quarterSpacing), l.s*(1+quarterSpacing), l.o-quarterOffset*nom, l.o+quarterOffset*nom, l.o, halfPrior)
				if math.Abs(ql.o-l.o) > quarterDrift*nom || math.Abs(ql.o+9*ql.s-l.o-9*l.s) > quarterDrift*nom {
					ql = l
				}
				quarters[axis][k] = ql
			}
		}
	}
	return quarters, score
}

// corners returns the quad, in the picture through h, through the outer
// lines of the quarters' lattices: line k of an axis through the centres
// of two quarters, near a corner the two quarters on its side.
func (sq *latticeSquare) corners(h *homography, quarters *[2][4]lattice) (Quad, bool) {
	n := sq.n
	qc := func(k int) float64 { return centre(k) * float64(n) / 4 }
	vline := func(k float64, a, b int) line {
		x1 := quarters[0][a].o + k*quarters[0][a].s
		x2 := quarters[0][b].o + k*quarters[0][b].s
		return line{Point{x1, qc(a)}, unit(Point{x2 - x1, qc(b) - qc(a)})}
	}
	hline := func(k float64, a, b int) line {
		y1 := quarters[1][a].o + k*quarters[1][a].s
		y2 := quarters[1][b].o + k*quarters[1][b].s
		return line{Point{qc(a), y1}, unit(Point{qc(b) - qc(a), y2 - y1})}
	}
	near := func(k float64) (int, int) {
		if k == 0 {
			return 0, 1
		}
		return 2, 3
	}
	var out Quad
	for i, kk := range [4][2]float64{{0, 0}, {9, 0}, {9, 9}, {0, 9}} {
		va, vb := near(kk[1]) // the vertical line near the top or bottom
		ha, hb := near(kk[0]) // the horizontal line near the left or right
		p, ok := intersect(vline(kk[0], va, vb), hline(kk[1], ha, hb))
		if !ok {
			return out, false
		}
		out[i].X, out[i].Y = h.apply(sq.toUV(p.X), sq.toUV(p.Y))
		if math.IsNaN(out[i].X) {
			return out, false
		}
	}
	return out, true
}

// latticePresence returns how clearly the lattice's lines stand out from
// the profile halfway between lines: the share of the 4 box lines (0, 3, 6,
// 9) present counts twice as much as the share of the 6 thin lines, which
// some newspapers print dotted or faint.
func latticePresence(p []float64, l lattice) float64 {
	n := len(p)
	at := func(x float64) float64 {
		i := int(math.Round(x))
		var v float64
		for d := -1; d <= 1; d++ {
			if i+d >= 0 && i+d < n {
				v = max(v, p[i+d])
			}
		}
		return v
	}
	var off float64
	for k := range 9 {
		off += at(l.o+centre(k)*l.s) / 9
	}
	thick, thin := 0, 0
	for k := range 10 {
		if v := at(l.o + float64(k)*l.s); v > minLinePresence && v > 2*off {
			if k%3 == 0 {
				thick++
			} else {
				thin++
			}
		}
	}
	return (2*float64(thick)/4 + float64(thin)/6) / 3
}

func unit(p Point) Point {
	l := math.Hypot(p.X, p.Y)
	if l == 0 {
		return Point{1, 0}
	}
	return Point{p.X / l, p.Y / l}
}
