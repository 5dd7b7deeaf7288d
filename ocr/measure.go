package ocr

import (
	"image"
	"math"
)

// Measures of a box of gray pixels shared by the stages: the gray level at
// a percentile of the box, the cut between its ink and its paper, and the
// rule that tells the remains of grid lines inside a cell's box.

// rounding says how a fractional count of pixels becomes a whole one.
type rounding int

// The roundings.
const (
	// roundDown takes the whole part (q*n = 10.0 -> 10, 10.3 -> 10).
	roundDown rounding = iota
	// roundUp takes the next whole number (q*n = 10.0 -> 10, 10.3 -> 11).
	roundUp
)

// grayHistogram counts the gray levels of the pixels of g inside r (r must
// lie inside g).
func grayHistogram(g *image.Gray, r image.Rectangle) [256]int {
	var hist [256]int
	w := r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for _, p := range g.Pix[g.PixOffset(r.Min.X, y) : g.PixOffset(r.Min.X, y)+w] {
			hist[p]++
		}
	}
	return hist
}

// grayLevel returns the gray level at fraction q of the n pixels counted in
// hist, counting from the darkest. With roundDown it is the level of pixel
// number floor(q*n)+1 (more than a fraction q of the pixels lie at or below
// it); with roundUp the level of pixel number ceil(q*n) (at least a
// fraction q do). The two differ only where q*n is whole. It returns 255
// when hist holds fewer pixels than asked for.
func grayLevel(hist *[256]int, n int, q float64, round rounding) int {
	seen := 0
	if round == roundUp {
		want := int(math.Ceil(q * float64(n)))
		for v, c := range hist {
			seen += c
			if seen >= want {
				return v
			}
		}
		return 255
	}
	want := int(q * float64(n))
	for v, c := range hist {
		seen += c
		if seen > want {
			return v
		}
	}
	return 255
}

// percentile is grayLevel rounding down, as a gray level: the level below
// which a fraction q of the n pixels counted in hist lie.
func percentile(hist *[256]int, n int, q float64) uint8 {
	return uint8(grayLevel(hist, n, q, roundDown))
}

// inkCut is how the pixels of a box are told ink from paper: the paper is
// the gray level at one percentile of the box, the ink at a lower one, and
// a pixel darker than halfway between them is ink. A box whose paper and
// ink differ by less than minContrast holds no ink worth cutting.
type inkCut struct {
	// paper and ink are the percentiles (fractions of the box's pixels,
	// from the darkest, rounded down) of the paper's and the ink's level.
	paper, ink float64
	// minContrast is the least difference between the two levels.
	minContrast int
}

// of returns the paper level and the cut (pixels below it are ink) of the
// box whose n pixels are counted in hist, and false when the box's
// contrast is below k.minContrast.
func (k inkCut) of(hist *[256]int, n int) (paper int, cut uint8, ok bool) {
	paper, ink := grayLevel(hist, n, k.paper, roundDown), grayLevel(hist, n, k.ink, roundDown)
	if paper-ink < k.minContrast {
		return paper, 0, false
	}
	return paper, uint8((paper + ink) / 2), true
}

// lineRemains is the rule that tells what is left of a grid line inside a
// cell's box once the grid is cut: ink in a band along the box's edges,
// either in a row or column of the band that is mostly ink (lines) or in a
// piece that touches the box's border and stays in the band (the cut's
// components). The stages that apply it differ only in its numbers.
type lineRemains struct {
	// band is the width of the band along each edge, as a fraction of the
	// box's side (its width for columns, its height for rows).
	band float64
	// bandRound says how the band's width in pixels is rounded.
	bandRound rounding
	// fill is the share of a row or column of the band that must be ink
	// for all of it to be a remain: fill[0]/fill[1] of the box's side.
	fill [2]float64
	// fillStrict asks for more than that share rather than at least it.
	fillStrict bool
}

// edge returns the band's width in pixels along a side of side pixels.
func (l lineRemains) edge(side int) int {
	if l.bandRound == roundUp {
		return int(math.Ceil(l.band * float64(side)))
	}
	return int(l.band * float64(side))
}

// inBand reports whether the pixel x, y of a w x h box lies in the band
// along its edges.
func (l lineRemains) inBand(x, y, w, h int) bool {
	ex, ey := l.edge(w), l.edge(h)
	return x < ex || x >= w-ex || y < ey || y >= h-ey
}

// rows marks the rows of the band of a w x h box that are remains: those
// with enough pixels for which ink(x, y) holds.
func (l lineRemains) rows(w, h int, ink func(x, y int) bool) []bool {
	out := make([]bool, h)
	e := l.edge(h)
	for y := range h {
		if y >= e && y < h-e {
			continue
		}
		n := 0
		for x := range w {
			if ink(x, y) {
				n++
			}
		}
		out[y] = l.filled(n, w)
	}
	return out
}

// cols marks the columns of the band of a w x h box that are remains.
func (l lineRemains) cols(w, h int, ink func(x, y int) bool) []bool {
	return l.rows(h, w, func(x, y int) bool { return ink(y, x) })
}

// filled reports whether n inked pixels of a row or column of side pixels
// make it a remain.
func (l lineRemains) filled(n, side int) bool {
	a, b := float64(n)*l.fill[1], float64(side)*l.fill[0]
	if l.fillStrict {
		return a > b
	}
	return a >= b
}

// centre is the position of the centre of pixel (or sample, or cell) i
// along its axis, the pixels being one apart from 0.
func centre(i int) float64 { return float64(i) + 0.5 }

// nearest is x rounded half up to a whole number, for x >= -0.5.
func nearest(x float64) int { return int(x + 0.5) }

// pixelPos is the point x of a picture whose pixels start at origin (pixel
// i spanning i to i+1) in the coordinates of bilinear sampling, in which
// the first pixel's centre is 0.
func pixelPos(x float64, origin int) float64 { return x - float64(origin) - 0.5 }
