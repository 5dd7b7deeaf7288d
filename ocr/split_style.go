package ocr

import (
	"image"
	"math"
	"slices"
)

// glyphStyle is how a digit is drawn: the colour of its ink in the picture,
// its height and its typeface.
type glyphStyle struct {
	ok bool
	// l, a and b are the ink's mean colour in CIELAB (l from 0 to 100).
	l, a, b float64
	// height is the glyph's height as a fraction of a cell of the
	// rectified grid.
	height float64
	// typeface is the log odds that the digit is print rather than
	// handwriting by how closely it matches another of its digit on the
	// page (see split_typeface.go).
	typeface float64
	// paper is the colour of the cell's paper around the digit in
	// CIELAB, for untint.
	paper [3]float64
}

// chroma is how coloured the ink is (0 for black, gray or white).
func (s glyphStyle) chroma() float64 { return math.Hypot(s.a, s.b) }

// How glyphStyles tells a digit's ink in its box (since commit e6df8d1,
// which told typed entries from givens by colour and weight; the remains
// rule since b5ba806, so that style heights ignore grid-line remains).
var (
	// styleInk: the box's paper is its 80th percentile, its darkest ink
	// its 2nd; a box with less than 24 gray levels between them has no
	// style to measure.
	styleInk = inkCut{paper: 0.8, ink: 0.02, minContrast: 24}
	// styleRemains: the rows and columns within a quarter of the box's
	// side of its edges that are more than 70% ink.
	styleRemains = lineRemains{band: 0.25, bandRound: roundDown, fill: [2]float64{7, 10}, fillStrict: true}
)

// inkSample is one ink pixel of a digit: its level in the rectified grid
// (0 the darkest ink) and its colour in the picture, 16 bits a channel.
type inkSample struct {
	gray uint8
	rgb  [3]uint32
}

// The share of a digit's ink pixels, the darkest in the rectified grid,
// whose colour is the ink's, and the fewest pixels it is measured on.
const (
	solidInkShare = 0.25
	minSolidInk   = 4
)

// glyphStyles measures the style of the digit in each cell of c that holds
// one (digits[i] != 0). The ink is found in the rectified grid (darker
// than the cell's paper by half the contrast) and its colour is sampled in
// the picture img, where q maps the unit square of the rectified grid, as
// is its paper's; the paper's tint is then taken out of the inks
// (untint).
func glyphStyles(img image.Image, q Quad, c Cells, digits *[81]int) [81]glyphStyle {
	var out [81]glyphStyle
	h, ok := squareToQuad(q)
	if !ok || c.Img == nil || c.Size == 0 {
		return out
	}
	cell := float64(c.Size) / 9
	blobs := c.ink()
	var inkSamples []inkSample // reused from digit to digit
	for i, r := range c.Rects {
		if digits[i] == 0 || r.Empty() {
			continue
		}
		hist := grayHistogram(c.Img, r)
		paperLevel, cut, ok := styleInk.of(&hist, r.Dx()*r.Dy())
		if !ok {
			continue
		}
		var paperSum [3]float64 // the colour of the paper's pixels, 16 bits a channel
		var paperN float64
		isInk := func(x, y int) bool { return c.Img.Pix[y*c.Img.Stride+x] < cut }
		// Rows and columns near the box's edges inked nearly all across
		// are the remains of a grid line the cut left in the box, not the
		// digit (the stem of a 1 in the middle is the digit).
		inBox := func(x, y int) bool { return isInk(r.Min.X+x, r.Min.Y+y) }
		lineRow := styleRemains.rows(r.Dx(), r.Dy(), inBox)
		lineCol := styleRemains.cols(r.Dx(), r.Dy(), inBox)
		samples := inkSamples[:0]
		ink, minY, maxY := 0, r.Max.Y, r.Min.Y
		at := func(x, y int) ([3]uint32, bool) { return pictureColour(img, h, c.Size, x, y) }
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if lineRow[y-r.Min.Y] || lineCol[x-r.Min.X] {
					continue
				}
				if !isInk(x, y) {
					if int(c.Img.Pix[y*c.Img.Stride+x]) >= paperLevel && (x+y)%paperStep == 0 {
						if rgb, ok := at(x, y); ok {
							paperSum[0], paperSum[1], paperSum[2] = paperSum[0]+float64(rgb[0]), paperSum[1]+float64(rgb[1]), paperSum[2]+float64(rgb[2])
							paperN++
						}
					}
					continue
				}
				ink++
				minY, maxY = min(minY, y), max(maxY, y)
				if rgb, ok := at(x, y); ok {
					samples = append(samples, inkSample{c.Img.Pix[y*c.Img.Stride+x], rgb})
				}
			}
		}
		inkSamples = samples
		if ink < 8 || maxY <= minY || len(samples) == 0 {
			continue
		}
		ht := float64(maxY - minY + 1)
		height := ht / cell
		if blobs[i].HasDigit {
			// The digit's own blob: a fragment of a grid line or a
			// speck above or below it does not make it taller.
			height = float64(blobs[i].H) / cell
		}
		col := solidColour(samples)
		out[i] = glyphStyle{ok: true, l: col[0], a: col[1], b: col[2], height: height, paper: [3]float64{math.NaN(), 0, 0}}
		if paperN > 0 {
			out[i].paper = labOf(paperSum, paperN)
		}
	}
	fullStrength(&out)
	untint(&out)
	return out
}

// maxStrength bounds how much fullStrength scales a digit's colour: a
// stroke under half the page's typical contrast is too faint for its
// colour to say much more.
const maxStrength = 2.0

// fullStrength takes each digit's ink colour to what it would be at the
// page's typical strength. A thin stroke (a 1 in a small typeface) has no
// pixel of solid ink: each is part paper, so its colour lies between the
// paper's and its ink's, and a blue 1 typed by the player measures
// nearer the givens' dark grey than the other blue entries do. The share
// of paper shows in the lightness: the digit is nearer the paper's than
// the page's other digits are. So a digit whose contrast with its paper
// (in lightness) is under the median of the page's has its colour's
// distance from its paper's (CIELAB's a and b) scaled up by the median
// over its own contrast, at most maxStrength; its lightness stays as
// measured, for it says how faint the digit is.
//
// Only dark ink on light paper is taken so. The inks on a light page
// (black, grey, an app's or a pen's blue or red) are about as dark, and a
// digit much lighter than the others is part paper; the inks on a dark
// board (white givens, pink or cyan entries) differ in lightness by their
// own colour. There, scaled so, the pink entries that kept their colour
// in a small screenshot saved at JPEG quality 5 moved away from those
// that had lost it, and these were read as givens, surely (synthetic
// app-dark_083 of seed 4504 at 480 pixels, quality 5).
func fullStrength(styles *[81]glyphStyle) {
	var contrasts []float64
	for _, s := range styles {
		if s.ok && s.paper[0] > s.l {
			contrasts = append(contrasts, s.paper[0]-s.l)
		}
	}
	if len(contrasts) < 2 {
		return
	}
	typical := medianOf(contrasts)
	for i, s := range styles {
		if !s.ok || !(s.paper[0] > s.l) {
			continue
		}
		c := s.paper[0] - s.l
		if c >= typical {
			continue
		}
		k := typical / max(c, typical/maxStrength)
		styles[i].a = s.paper[1] + (s.a-s.paper[1])*k
		styles[i].b = s.paper[2] + (s.b-s.paper[2])*k
	}
}

// pictureColour is the colour of img at the pixel (x, y) of a rectified grid of
// side size that h maps into it (the nearest pixel inside img), or false
// where h maps it nowhere.
func pictureColour(img image.Image, h homography, size, x, y int) ([3]uint32, bool) {
	b := img.Bounds()
	px, py := h.apply((float64(x)+pixelCentre)/float64(size), (float64(y)+pixelCentre)/float64(size))
	if math.IsNaN(px) || math.IsNaN(py) {
		return [3]uint32{}, false
	}
	ix, iy := int(px)+b.Min.X, int(py)+b.Min.Y
	ix, iy = min(max(ix, b.Min.X), b.Max.X-1), min(max(iy, b.Min.Y), b.Max.Y-1)
	cr, cg, cb, _ := img.At(ix, iy).RGBA()
	return [3]uint32{cr, cg, cb}, true
}

// solidColour is the colour of an ink in CIELAB: that of its solid
// pixels, those farthest from the paper. A stroke's edge pixels are part
// paper, and on a thin stroke (a 1, a digit drawn small) the edges are
// most of it, which would make a thin digit's ink look paler, or on a dark
// board darker, and less coloured than a thick one's. It sorts samples.
func solidColour(samples []inkSample) [3]float64 {
	slices.SortFunc(samples, func(p, q inkSample) int { return int(p.gray) - int(q.gray) })
	sampled := min(len(samples), max(minSolidInk, int(float64(len(samples))*solidInkShare)))
	var sum [3]float64 // the solid pixels' colour, 16 bits a channel
	for _, p := range samples[:sampled] {
		for c := range 3 {
			sum[c] += float64(p.rgb[c])
		}
	}
	return labOf(sum, float64(sampled))
}

// labOf is the colour in CIELAB of n pixels whose channels, 16 bits each,
// sum to sum.
func labOf(sum [3]float64, n float64) [3]float64 {
	n16 := n * 0xffff
	l, a, b := lab(sum[0]/n16, sum[1]/n16, sum[2]/n16)
	return [3]float64{l, a, b}
}

// paperStep samples the paper's colour at one pixel in paperStep along
// each row (staggered): enough pixels, a third of the cost.
const paperStep = 3

// untint takes out of each digit's ink colour the share of its cell's
// paper colour that shows through it. A thin stroke is part ink and part
// paper in every pixel (more so in the colour channels, which JPEG keeps
// at half the resolution), so that one ink printed on white and on a
// tinted cell (a magazine's shaded boxes, an app's highlighted cells)
// measures as two inks. The share is one per channel of CIELAB for the
// page, the slope of the inks' colour on their papers' by least squares,
// between 0 (solid ink) and 1, and is measured only where the papers
// differ: by at least minInkSpread on the mean per channel.
func untint(styles *[81]glyphStyle) {
	var idx []int
	for i, s := range styles {
		if s.ok && !math.IsNaN(s.paper[0]) {
			idx = append(idx, i)
		}
	}
	if len(idx) < 2 {
		return
	}
	n := float64(len(idx))
	for d := range 3 {
		var mx, my float64
		for _, i := range idx {
			mx += styles[i].paper[d] / n
			my += styles[i].channel(d) / n
		}
		var sxx, sxy float64
		for _, i := range idx {
			dx := styles[i].paper[d] - mx
			sxx += dx * dx
			sxy += dx * (styles[i].channel(d) - my)
		}
		if sxx/n < minInkSpread*minInkSpread {
			continue
		}
		share := min(max(sxy/sxx, 0), 1)
		for _, i := range idx {
			*styles[i].channelRef(d) -= share * (styles[i].paper[d] - mx)
		}
	}
}

// channel returns the ink's CIELAB channel d (0 l, 1 a, 2 b).
func (s *glyphStyle) channel(d int) float64 { return *s.channelRef(d) }

// channelRef points at the ink's CIELAB channel d (0 l, 1 a, 2 b).
func (s *glyphStyle) channelRef(d int) *float64 {
	switch d {
	case 0:
		return &s.l
	case 1:
		return &s.a
	}
	return &s.b
}

// The constants of sRGB (IEC 61966-2-1) and CIELAB with the D65 white
// point, for lab.
const (
	// srgbLinearTo is the encoded level up to which sRGB is linear, with
	// slope 1/srgbSlope; above it a level c is ((c+srgbOffset)/
	// (1+srgbOffset))^srgbGamma.
	srgbLinearTo, srgbSlope = 0.04045, 12.92
	srgbOffset, srgbGamma   = 0.055, 2.4
	// labEpsilon is the relative luminance up to which CIELAB's f is
	// linear, labSlope*t + labOffset.
	labEpsilon, labSlope = 0.008856, 7.787
	labOffset            = 16.0 / 116
)

// rgbToXYZ converts linear sRGB to CIE XYZ, row by row X, Y, Z; whiteD65
// is the white point's X, Y and Z.
var (
	rgbToXYZ = [3][3]float64{
		{0.4124, 0.3576, 0.1805},
		{0.2126, 0.7152, 0.0722},
		{0.0193, 0.1192, 0.9505},
	}
	whiteD65 = [3]float64{0.95047, 1, 1.08883}
)

// lab converts sRGB (0-1) to CIELAB with the D65 white point.
func lab(r, g, b float64) (float64, float64, float64) {
	lin := func(c float64) float64 {
		if c <= srgbLinearTo {
			return c / srgbSlope
		}
		return math.Pow((c+srgbOffset)/(1+srgbOffset), srgbGamma)
	}
	r, g, b = lin(r), lin(g), lin(b)
	m := &rgbToXYZ
	x := (m[0][0]*r + m[0][1]*g + m[0][2]*b) / whiteD65[0]
	y := m[1][0]*r + m[1][1]*g + m[1][2]*b
	z := (m[2][0]*r + m[2][1]*g + m[2][2]*b) / whiteD65[2]
	f := func(t float64) float64 {
		if t > labEpsilon {
			return math.Cbrt(t)
		}
		return labSlope*t + labOffset
	}
	fx, fy, fz := f(x), f(y), f(z)
	return 116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)
}

// minColourGap is how far apart (CIELAB units, lightness at
// lightnessWeight, about "clearly another colour") the mean colours of two
// groups of digits must be, each group's spread well under the gap, for
// the recognizer to tell which is the print (see splitByStyle).
const minColourGap = 18

// splitByStyle tells the player's entries from the puzzle's givens by the
// ink of the digits. Where the digits fall into two clearly different
// colours and the recognizer reads one group as print and the other as a
// hand (minPrintedGap: a puzzle printed in red, filled in with a black
// pen), the printed group is the givens, and the digits whose ink lies
// between go by all the evidence on them (settleBetween): hand, the log
// odds that each digit is handwriting by the recognizer's view and the
// typeface's (handOdds). Otherwise the recognizer
// does not tell the entries from the givens (an app types both), and only
// their inks do: when the page shows more than one ink (inkWays)
// and the recognizer does not read them as print and a hand, the givens
// are the least coloured (apps draw the givens black, gray or white and
// the entries in colour), or it and the next (givens under a coloured
// highlight), or else any one ink, and the entries all the others. A page of one ink has no typed entries. It returns the
// splits worth trying, the likelier first, as the entries (true at the
// cells that hold one), with their log odds, and the likeliest split by
// ink whether it counts or not (styleWays). Digits whose style was not measured are in
// neither group: the caller keeps the recognizer's view of them. The
// caller checks the givens of each split with the solver.
func splitByStyle(styles *[81]glyphStyle, digits *[81]int, printed *[81]bool, hand *[81]float64) styleWays {
	var idx []int
	for i, s := range styles {
		if s.ok && digits[i] != 0 {
			idx = append(idx, i)
		}
	}
	out := styleWays{nearOdds: math.Inf(-1)}
	if len(idx) < 4 {
		return out
	}
	entriesAt := func(entries ...[]int) [81]bool {
		var out [81]bool
		for _, g := range entries {
			for _, i := range g {
				out[i] = true
			}
		}
		return out
	}
	// typed is whether the digits fall into two clearly different
	// colours that the recognizer does not read as print and a hand.
	typed := false
	if groups, ok := colourGroups(styles, idx); ok {
		givens, entries := groups[0], groups[1]
		pa, pb := printedShare(printed, givens), printedShare(printed, entries)
		if math.Abs(pa-pb) >= minPrintedGap {
			if pa < pb {
				givens, entries = entries, givens
			}
			_, entries = settleBetween(styles, hand, givens, entries)
			out.add(entriesAt(entries), math.Inf(1))
			return out
		}
		typed = true
	}
	for _, way := range inkWays(styles, idx) {
		pops := way.groups
		rest := slices.Concat(pops[1:]...) // all the inks but the least coloured
		if math.Abs(printedShare(printed, pops[0])-printedShare(printed, rest)) >= minPrintedGap {
			if typed {
				// Another way (the givens' ink cut in two, plain
				// and under a highlight) that happens to part the
				// digits read as print from the rest: the two
				// clear colours already said the recognizer does
				// not tell them so.
				continue
			}
			// The recognizer reads one ink as print and the others
			// as a hand: a pen, whose digits are told by lookSplit.
			return styleWays{nearOdds: math.Inf(-1)}
		}
		if way.odds > out.nearOdds {
			// The entries of the likeliest way: the doubt it leaves
			// when no split is taken.
			out.near, out.nearOdds = entriesAt(rest), way.odds
		}
		if way.odds <= 0 {
			continue // one ink is likelier
		}
		// The givens: the least coloured ink; or it and the next
		// (givens under an app's coloured highlight); or any one ink.
		out.add(entriesAt(rest), way.odds)
		for j := 2; j < len(pops); j++ {
			out.add(entriesAt(slices.Concat(pops[j:]...)), way.odds)
		}
		for k := 1; k < len(pops); k++ {
			out.add(entriesAt(slices.Concat(pops[:k]...), slices.Concat(pops[k+1:]...)), way.odds)
		}
	}
	return out
}

// styleWays are the splits of the digits by style that splitByStyle
// finds worth trying, and the likeliest split by ink.
type styleWays struct {
	// entries are the splits, the likelier first, each as the entries
	// (true at the cells that hold one); odds are the log odds of each
	// split's inks against one ink (+Inf for a pen the recognizer tells
	// from the print).
	entries [][81]bool
	odds    []float64
	// near are the entries of the likeliest split by ink (its least
	// coloured ink the givens), whether it counted or not, and nearOdds
	// its log odds against one ink (-Inf when there is none): when no
	// split is taken, the digits it would make entries may be.
	near     [81]bool
	nearOdds float64
}

// add appends a split and its log odds.
func (w *styleWays) add(entries [81]bool, odds float64) {
	w.entries = append(w.entries, entries)
	w.odds = append(w.odds, odds)
}

// betweenColours is how far from either group's colour, as a share of
// the way from the givens' colour to the entries', a digit's ink must be
// for settleBetween to weigh the other evidence on it.
const betweenColours = 0.25

// settleBetween settles the digits whose ink lies between the givens' and
// the entries' colours (a pen's blue thinned by a fine stroke, dimmed by a
// shadow, a pen 7 drawn like print): each goes to the group likelier by
// the sum of its log odds of handwriting, hand (the recognizer's view and
// the typeface's), and of its ink's likelihoods in the two groups. Along
// the line from the givens' colour to the entries', the inks of each
// group's digits clearly in its colour are a distribution with long tails
// (inkSpread); an ink beyond a group's middle counts as at it, since
// further into a colour is no less of it. The print's inks are often all
// alike and a pen's vary, so an ink two thirds of the way to the pen's
// may still be far likelier the pen's. Digits nearer a colour than
// betweenColours of the way stay in its group.
func settleBetween(styles *[81]glyphStyle, hand *[81]float64, givens, entries []int) ([]int, []int) {
	vec := inkVector
	centre := func(g []int) [3]float64 {
		var c [3]float64
		for _, i := range g {
			v := vec(styles[i])
			for d := range 3 {
				c[d] += v[d] / float64(len(g))
			}
		}
		return c
	}
	cg, ce := centre(givens), centre(entries)
	var axis [3]float64
	var n2 float64
	for d := range 3 {
		axis[d] = ce[d] - cg[d]
		n2 += axis[d] * axis[d]
	}
	if n2 == 0 {
		return givens, entries
	}
	all := slices.Concat(givens, entries)
	at := make(map[int]float64, len(all)) // each digit's share of the way
	var print, pen []float64              // the shares of the digits clearly of each colour
	for _, i := range all {
		v := vec(styles[i])
		var t float64
		for d := range 3 {
			t += (v[d] - cg[d]) * axis[d] / n2
		}
		at[i] = t
		switch {
		case t < betweenColours:
			print = append(print, t)
		case t > 1-betweenColours:
			pen = append(pen, t)
		}
	}
	floor := minInkSpread / math.Sqrt(n2)
	printInk, penInk := inkSpread(print, 0, floor), inkSpread(pen, 1, floor)
	var g, e []int
	for _, i := range all {
		t := at[i]
		c := min(max(t, printInk.mid), penInk.mid)
		switch {
		case t < betweenColours:
			g = append(g, i)
		case t > 1-betweenColours, hand[i]+penInk.logDensity(c)-printInk.logDensity(c) > 0:
			e = append(e, i)
		default:
			g = append(g, i)
		}
	}
	return g, e
}

// inkLine is the distribution of a group's inks along a line in colour: a
// Laplace distribution (inks have long tails: a thin stroke, a shadow, a
// second pen of the same colour), its middle and scale.
type inkLine struct{ mid, scale float64 }

// inkSpread is the distribution of the values vals (one group's inks
// along a line) by their likeliest Laplace distribution: around their
// median, its scale their mean absolute deviation from it, floor at
// least. With no values it is around dflt, floor wide. It reorders vals.
func inkSpread(vals []float64, dflt, floor float64) inkLine {
	if len(vals) == 0 {
		return inkLine{mid: dflt, scale: floor}
	}
	mid := medianOf(vals)
	var dev float64
	for _, v := range vals {
		dev += math.Abs(v-mid) / float64(len(vals))
	}
	return inkLine{mid: mid, scale: max(floor, dev)}
}

// logDensity is the log of the distribution's density at t, less the
// constant log 2.
func (n inkLine) logDensity(t float64) float64 {
	return -math.Abs(t-n.mid)/n.scale - math.Log(n.scale)
}

// medianOf is the median of vals (the mean of the two middle values when
// there are an even number of them); it sorts vals.
func medianOf(vals []float64) float64 {
	slices.Sort(vals)
	n := len(vals)
	return (vals[(n-1)/2] + vals[n/2]) / 2
}

// minPrintedGap is how much larger a share of one group's digits than of
// the other's the recognizer must read as print for that group to be the
// givens whatever the colours.
const minPrintedGap = 0.5

// printedShare is the share of the cells idx read as print.
func printedShare(printed *[81]bool, idx []int) float64 {
	n := 0
	for _, i := range idx {
		if printed[i] {
			n++
		}
	}
	return float64(n) / float64(max(1, len(idx)))
}

// lightnessWeight is how much the lightness of two inks counts in their
// distance against their colour (CIELAB's a and b); its origin records no
// measurement.
const lightnessWeight = 0.5

// inkVector is the ink's colour as the style split measures distances.
func inkVector(s glyphStyle) [3]float64 { return [3]float64{s.l * lightnessWeight, s.a, s.b} }

// colourGroups splits the cells idx into two groups of clearly different
// ink colour (2-means in CIELAB), or reports false.
func colourGroups(styles *[81]glyphStyle, idx []int) ([2][]int, bool) {
	return twoMeans(idx, func(i int) [3]float64 { return inkVector(styles[i]) }, minColourGap)
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
	best := float64(-1)
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
		var ss float64
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
