package ocr

import "image"

// A phone held over the page casts a shadow, and a lamp lights one side
// of it more than the other. Ink darkens the paper by a share of the
// light falling on both, so a digit in a shadow stands out from its paper
// by that much less, and the dark half of a cell the shadow's edge
// crosses looks like ink. The rectify stage therefore measures the light
// over the grid (lightField: the paper's level around every pixel, what
// is left of the gray levels once strokes are filled in with the paper
// beside them) and divides it out (evenLight), so that no part of the
// paper is darker than the paper in full light and every digit stands
// out from it as it would in full light. A part lighter than full light
// (litRank) is left as it is: there the light is more often a glare, which
// adds a veil over ink and paper alike rather than multiplying both, and
// dividing it out would fade the ink.

// lightWindow is the side of the square, as a share of the grid's side,
// over which lightField fills in the strokes: wider than the boldest
// stroke of a digit or a box line (a third of a cell), narrower than the
// shadows to follow.
const lightWindow = 1.0 / 27

// litRank is the rank, as a share, among the paper's levels over the
// grid, of the level taken for full light: high, because a shadow may
// cover half the grid, and not the top, so that a glare over a part of it
// is not taken for full light.
const litRank = 0.9

// minLight bounds the light a pixel is taken to get, as a share of the
// full light's, below: in a much darker part the camera's noise stands
// out as much as ink would, and a dark area wider than the window (a
// filled box) is not a shadow to lift.
const minLight = 0.3

// lightField returns, for every pixel of the square of gray levels g, the
// share of full light that falls on it: the level of the paper around it
// (g closed with a square window of lightWindow of the side: its darkest
// strokes filled in by the paper beside them) over the level of full
// light (litRank), at least minLight and at most 1 (a glare is left as it
// is). Light changes slowly but at a shadow's edge, so it is measured at
// half the resolution (pixels averaged two by two) and brought back by
// bilinear interpolation.
func lightField(g *image.Gray) []float32 {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	hw, hh := w/2, h/2
	if hw == 0 || hh == 0 {
		return nil
	}
	paper := image.NewGray(image.Rect(0, 0, hw, hh))
	for y := range hh {
		r0 := g.Pix[2*y*g.Stride:]
		r1 := g.Pix[(2*y+1)*g.Stride:]
		for x := range hw {
			paper.Pix[y*hw+x] = uint8((int(r0[2*x]) + int(r0[2*x+1]) + int(r1[2*x]) + int(r1[2*x+1]) + 2) / 4)
		}
	}
	// A closing: the most light over the window (strokes gone), then
	// the least (the edge of a shadow back where it was).
	k := 2*int(float64(min(hw, hh))*lightWindow/2) + 1
	dilateLevels(paper.Pix, hw, hh, k)
	paper = invert(paper)
	dilateLevels(paper.Pix, hw, hh, k)
	paper = invert(paper)
	lit := float32(nthLevel(paper.Pix, int(litRank*float64(hw*hh-1))))
	if lit <= 0 {
		lit = 1
	}
	half := make([]float32, hw*hh)
	for i, p := range paper.Pix {
		half[i] = min(1, max(minLight, float32(p)/lit))
	}
	out := make([]float32, w*h)
	for y := range h {
		fy := max(0, min(float32(hh-1), (float32(y)+0.5)/2-0.5))
		y0 := int(fy)
		y1, ty := min(y0+1, hh-1), fy-float32(y0)
		for x := range w {
			fx := max(0, min(float32(hw-1), (float32(x)+0.5)/2-0.5))
			x0 := int(fx)
			x1, tx := min(x0+1, hw-1), fx-float32(x0)
			top := half[y0*hw+x0]*(1-tx) + half[y0*hw+x1]*tx
			bottom := half[y1*hw+x0]*(1-tx) + half[y1*hw+x1]*tx
			out[y*w+x] = top*(1-ty) + bottom*ty
		}
	}
	return out
}

// evenLight returns g with the light field divided out: each pixel over
// the share of the light that falls on it (field, as lightField returns
// it), so that the paper in a shadow is as light as in full light.
func evenLight(g *image.Gray, field []float32) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	out := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		src := g.Pix[y*g.Stride : y*g.Stride+w]
		dst := out.Pix[y*out.Stride : y*out.Stride+w]
		for x, p := range src {
			dst[x] = uint8(min(255, float32(p)/field[y*w+x]+0.5))
		}
	}
	return out
}

// nthLevel returns the value sorting vals would put at index n, counting
// levels. (percentile over grayHistogram takes the value at index
// floor(q*len) rather than floor(q*(len-1)): one pixel apart, enough to
// change a reading's confidences in their third decimal.)
func nthLevel(vals []uint8, n int) uint8 {
	var count [256]int
	for _, v := range vals {
		count[v]++
	}
	for l := range 256 {
		if n < count[l] {
			return uint8(l)
		}
		n -= count[l]
	}
	return 255
}

// dilateLevels replaces every value of the w x h plane p by the largest
// value of the k x k square around it (k odd), clipped at the plane's
// edges: along the columns, then, the plane turned over its diagonal,
// along the rows, a whole line of values at a time (windowMax).
func dilateLevels(p []uint8, w, h, k int) {
	ahead := make([]uint8, w*h)
	behind := make([]uint8, w*h)
	windowMax(p, ahead, behind, w, k)
	t := make([]uint8, w*h)
	transposeLevels(t, p, w, h)
	windowMax(t, ahead, behind, h, k)
	transposeLevels(p, t, h, w)
}

// transposeLevels writes to dst the w x h plane src turned over its
// diagonal (an h x w plane).
func transposeLevels(dst, src []uint8, w, h int) {
	for y := range h {
		for x := range w {
			dst[x*h+y] = src[y*w+x]
		}
	}
}

// windowMax replaces each of the n = len(p)/stride lines of values
// p[j*stride+x] (x from 0 to stride-1, j from 0 to n-1) by the largest
// value of the window of k lines centred on it, clipped at the ends;
// ahead and behind are scratch space as long as p. It uses the van
// Herk/Gil-Werman method: in blocks of k lines, the largest value from
// each line to its block's end (ahead) and from its block's start
// (behind), so that any window of k is the larger of two whatever k.
func windowMax(p, ahead, behind []uint8, stride, k int) {
	n := len(p) / stride
	line := func(b []uint8, j int) []uint8 { return b[j*stride : (j+1)*stride] }
	for start := 0; start < n; start += k {
		end := min(start+k, n)
		copy(line(behind, start), line(p, start))
		for j := start + 1; j < end; j++ {
			maxInto(line(behind, j), line(behind, j-1), line(p, j))
		}
		copy(line(ahead, end-1), line(p, end-1))
		for j := end - 2; j >= start; j-- {
			maxInto(line(ahead, j), line(ahead, j+1), line(p, j))
		}
	}
	for j := range n {
		lo, hi := max(0, j-k/2), min(n-1, j+k/2)
		out := line(p, j)
		switch {
		case lo/k != hi/k:
			// Two blocks side by side.
			maxInto(out, line(ahead, lo), line(behind, hi))
		case lo%k == 0:
			// From a block's start.
			copy(out, line(behind, hi))
		default:
			// To a block's end: a window within one block, not from its
			// start, is clipped at the last line.
			copy(out, line(ahead, lo))
		}
	}
}

// maxInto sets dst to the larger of a and b, value by value.
func maxInto(dst, a, b []uint8) {
	b = b[:len(a)]
	dst = dst[:len(a)]
	for i, v := range a {
		dst[i] = max(v, b[i])
	}
}
