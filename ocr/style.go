package ocr

import (
	"image"
	"math"
	"slices"

	"github.com/sudokubot/sudokubot/solver"
)

// glyphStyle is how a digit is drawn: the colour of its ink in the picture
// and its weight.
type glyphStyle struct {
	ok bool
	// l, a and b are the ink's mean colour in CIELAB (l from 0 to 100).
	l, a, b float64
	// weight is the ink's area over the square of the glyph's height:
	// larger for bold strokes.
	weight float64
	// height is the glyph's height as a fraction of the cell's.
	height float64
}

// chroma is how coloured the ink is (0 for black, gray or white).
func (s glyphStyle) chroma() float64 { return math.Hypot(s.a, s.b) }

// glyphStyles measures the style of the digit in each cell of c that holds
// one (digits[i] != 0). The ink is found in the rectified grid (darker
// than the cell's paper by half the contrast) and its colour is sampled in
// the picture img, where q maps the unit square of the rectified grid.
func glyphStyles(img image.Image, q Quad, c Cells, digits *[81]int) [81]glyphStyle {
	var out [81]glyphStyle
	h, ok := squareToQuad(q)
	if !ok || c.Img == nil || c.Size == 0 {
		return out
	}
	b := img.Bounds()
	for i, r := range c.Rects {
		if digits[i] == 0 || r.Empty() {
			continue
		}
		var hist [256]int
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for _, p := range c.Img.Pix[y*c.Img.Stride+r.Min.X : y*c.Img.Stride+r.Max.X] {
				hist[p]++
			}
		}
		n := r.Dx() * r.Dy()
		paper, darkest := percentile(&hist, n, 0.8), percentile(&hist, n, 0.02)
		if paper-darkest < 24 {
			continue
		}
		cut := uint8((int(paper) + int(darkest)) / 2)
		var sumL, sumA, sumB float64
		ink, minY, maxY := 0, r.Max.Y, r.Min.Y
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if c.Img.Pix[y*c.Img.Stride+x] >= cut {
					continue
				}
				ink++
				minY, maxY = min(minY, y), max(maxY, y)
				px, py := h.apply((float64(x)+0.5)/float64(c.Size), (float64(y)+0.5)/float64(c.Size))
				ix, iy := int(px)+b.Min.X, int(py)+b.Min.Y
				if math.IsNaN(px) || math.IsNaN(py) {
					continue
				}
				ix, iy = min(max(ix, b.Min.X), b.Max.X-1), min(max(iy, b.Min.Y), b.Max.Y-1)
				cr, cg, cb, _ := img.At(ix, iy).RGBA()
				l, a, bb := lab(float64(cr)/0xffff, float64(cg)/0xffff, float64(cb)/0xffff)
				sumL, sumA, sumB = sumL+l, sumA+a, sumB+bb
			}
		}
		if ink < 8 || maxY <= minY {
			continue
		}
		ht := float64(maxY - minY + 1)
		f := float64(ink)
		out[i] = glyphStyle{ok: true, l: sumL / f, a: sumA / f, b: sumB / f, weight: f / (ht * ht), height: ht / float64(r.Dy())}
	}
	return out
}

// percentile returns the gray level below which a fraction q of the n
// pixels counted in hist lie.
func percentile(hist *[256]int, n int, q float64) uint8 {
	want, seen := int(q*float64(n)), 0
	for v, c := range hist {
		seen += c
		if seen > want {
			return uint8(v)
		}
	}
	return 255
}

// lab converts sRGB (0-1) to CIELAB with the D65 white point.
func lab(r, g, b float64) (float64, float64, float64) {
	lin := func(c float64) float64 {
		if c <= 0.04045 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	r, g, b = lin(r), lin(g), lin(b)
	x := (0.4124*r + 0.3576*g + 0.1805*b) / 0.95047
	y := 0.2126*r + 0.7152*g + 0.0722*b
	z := (0.0193*r + 0.1192*g + 0.9505*b) / 1.08883
	f := func(t float64) float64 {
		if t > 0.008856 {
			return math.Cbrt(t)
		}
		return 7.787*t + 16.0/116
	}
	fx, fy, fz := f(x), f(y), f(z)
	return 116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)
}

// Separations the style split needs: the two groups' mean colours at least
// minColourGap apart (CIELAB units, about "clearly another colour"), or
// their weights at least minWeightRatio apart, and each group's spread well
// under the gap.
const (
	minColourGap   = 18
	minWeightRatio = 1.35
)

// splitByStyle tells the player's typed entries from the puzzle's givens in
// a picture where every digit is printed (a screenshot of an app, which
// draws entries in another colour or weight): it looks for two clearly
// distinct styles among the digits. The givens are the neutral (black,
// gray, white) or heavier group, and must make a puzzle with one solution
// by themselves, or the other group is tried. It returns the entries (true
// at the cells that hold one) and whether it split at all.
func splitByStyle(styles *[81]glyphStyle, digits *[81]int) ([81]bool, bool) {
	var entry [81]bool
	var idx []int
	for i, s := range styles {
		if s.ok && digits[i] != 0 {
			idx = append(idx, i)
		}
	}
	if len(idx) < 4 {
		return entry, false
	}
	groups, ok := colourGroups(styles, idx)
	if !ok {
		groups, ok = weightGroups(styles, idx)
	}
	if !ok {
		return entry, false
	}
	// The givens are the neutral group or, both neutral, the heavier.
	mean := func(g []int, f func(glyphStyle) float64) float64 {
		s := 0.0
		for _, i := range g {
			s += f(styles[i])
		}
		return s / float64(len(g))
	}
	chroma := func(s glyphStyle) float64 { return s.chroma() }
	weight := func(s glyphStyle) float64 { return s.weight }
	if !typed(styles, groups[0]) || !typed(styles, groups[1]) {
		return entry, false
	}
	givens, entries := groups[0], groups[1]
	ca, cb := mean(givens, chroma), mean(entries, chroma)
	if math.Abs(ca-cb) > minColourGap/2 {
		if ca > cb {
			givens, entries = entries, givens
		}
	} else if mean(givens, weight) < mean(entries, weight) {
		givens, entries = entries, givens
	}
	for _, try := range [][2][]int{{givens, entries}, {entries, givens}} {
		g, _ := solver.NewGrid(9)
		for _, i := range try[0] {
			g.SetCell(i, digits[i])
		}
		if g.Validate() != nil {
			continue
		}
		if _, err := solver.SolveUnique(g); err != nil {
			continue
		}
		for _, i := range try[1] {
			entry[i] = true
		}
		return entry, true
	}
	return entry, false
}

// maxHeightSpread is the largest spread (standard deviation over mean) of
// the heights of a group of typed digits. A font draws every digit the same
// height; a hand does not (the player's handwriting in a photo is told
// from print by the recognizer, not by its colour).
const maxHeightSpread = 0.1

// typed reports whether the digits of cells idx look typed: all of one
// height.
func typed(styles *[81]glyphStyle, idx []int) bool {
	var s, ss float64
	for _, i := range idx {
		h := styles[i].height
		s += h
		ss += h * h
	}
	n := float64(len(idx))
	m := s / n
	return m > 0 && math.Sqrt(math.Max(0, ss/n-m*m))/m <= maxHeightSpread
}

// colourGroups splits the cells idx into two groups of clearly different
// ink colour (2-means in CIELAB), or reports false.
func colourGroups(styles *[81]glyphStyle, idx []int) ([2][]int, bool) {
	vec := func(s glyphStyle) [3]float64 { return [3]float64{s.l * 0.5, s.a, s.b} }
	return twoMeans(idx, func(i int) [3]float64 { return vec(styles[i]) }, minColourGap)
}

// weightGroups splits the cells idx into a heavier and a lighter group of
// strokes, or reports false.
func weightGroups(styles *[81]glyphStyle, idx []int) ([2][]int, bool) {
	g, ok := twoMeans(idx, func(i int) [3]float64 { return [3]float64{math.Log(styles[i].weight), 0, 0} }, math.Log(minWeightRatio))
	return g, ok
}

// twoMeans clusters the points of idx into two groups with k-means
// (started from the two points farthest apart) and reports whether the
// groups' centres are at least gap apart and each group's spread (root mean
// square distance to its centre) is under a third of the distance between
// the centres.
func twoMeans(idx []int, at func(int) [3]float64, gap float64) ([2][]int, bool) {
	var groups [2][]int
	dist := func(p, q [3]float64) float64 {
		return math.Sqrt((p[0]-q[0])*(p[0]-q[0]) + (p[1]-q[1])*(p[1]-q[1]) + (p[2]-q[2])*(p[2]-q[2]))
	}
	var c [2][3]float64
	best := -1.0
	for _, i := range idx {
		for _, j := range idx {
			if d := dist(at(i), at(j)); d > best {
				best, c[0], c[1] = d, at(i), at(j)
			}
		}
	}
	if best < gap {
		return groups, false
	}
	for range 20 {
		groups = [2][]int{}
		for _, i := range idx {
			k := 0
			if dist(at(i), c[1]) < dist(at(i), c[0]) {
				k = 1
			}
			groups[k] = append(groups[k], i)
		}
		var next [2][3]float64
		for k := range 2 {
			for _, i := range groups[k] {
				p := at(i)
				for d := range 3 {
					next[k][d] += p[d] / float64(len(groups[k]))
				}
			}
		}
		if next == c {
			break
		}
		c = next
	}
	if len(groups[0]) == 0 || len(groups[1]) == 0 {
		return groups, false
	}
	between := dist(c[0], c[1])
	for k := range 2 {
		ss := 0.0
		for _, i := range groups[k] {
			d := dist(at(i), c[k])
			ss += d * d
		}
		if math.Sqrt(ss/float64(len(groups[k]))) > between/3 {
			return groups, false
		}
	}
	if between < gap {
		return groups, false
	}
	slices.Sort(groups[0])
	slices.Sort(groups[1])
	return groups, true
}
