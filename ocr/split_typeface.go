package ocr

import (
	"image"
	"math"
	"slices"
)

// A typeface draws every 7 of a page alike; a hand never writes two 7s
// quite the same. So a digit that matches another of the same digit as
// closely as the page's printed digits match each other is print, and one
// that matches none of them so closely is the player's. The evidence is
// measured against the page itself (a blurred or badly compressed page
// makes its print less alike, all of it), as log odds of print that the
// split stage adds to the recognizer's view.

// Shape of the comparison and of the evidence.
const (
	// typefaceW and typefaceH are the box a glyph is scaled into, height
	// filling it, for comparing shapes.
	typefaceW, typefaceH = 28, 36
	// typefaceShift is how many pixels either way two glyphs are moved
	// against each other for the best match: cutting the ink out of its
	// cell centres it only to a pixel or two.
	typefaceShift = 2
	// minTypefaceSamples is how many digits read as print, each with a
	// partner of the same digit, the page needs for its print's likeness
	// to be known.
	minTypefaceSamples = 4
	// maxTypefaceOdds caps the evidence, as log odds: measured on
	// mixed-dev it reaches about 3.5 either way.
	maxTypefaceOdds = 3.0
)

// typefaceSteps is the log likelihood ratio of print over hand for a
// digit whose best match with another of its digit is d below the median
// match of the page's print, measured on the printed givens and the pen
// entries of mixed-dev and newspaper-dev (7,854 digits of 211 photos; the
// print's median at 0, the hand's about 0.2 below): a step function, each
// value holding from its d up to the next.
var typefaceSteps = []struct{ d, odds float64 }{
	{math.Inf(-1), -3.0},
	{-0.15, -2.2},
	{-0.10, -1.0},
	{-0.07, 0.5},
	{-0.05, 1.2},
	{-0.03, 2.0},
	{-0.01, 3.0},
}

// glyphShape is a glyph scaled into the typeface box, its ink made zero
// mean and unit length, so that the dot product of two is their
// correlation.
type glyphShape []float64

// shapeOf scales g (dark ink on white) into the typeface box, keeping its
// aspect, centred, and normalises it. It returns nil for a glyph with no
// contrast.
func shapeOf(g *image.Gray) glyphShape {
	b := g.Bounds()
	if b.Empty() {
		return nil
	}
	s := make(glyphShape, typefaceW*typefaceH)
	scale := float64(b.Dy()) / typefaceH
	w := min(int(float64(b.Dx())/scale), typefaceW)
	off := (typefaceW - w) / 2
	for y := range typefaceH {
		sy := b.Min.Y + int(float64(y)*scale)
		for x := range w {
			sx := b.Min.X + int(float64(x)*scale)
			s[y*typefaceW+x+off] = 255 - float64(g.GrayAt(sx, sy).Y)
		}
	}
	var mean, norm float64
	for _, v := range s {
		mean += v
	}
	mean /= float64(len(s))
	for i := range s {
		s[i] -= mean
		norm += s[i] * s[i]
	}
	if norm == 0 {
		return nil
	}
	norm = math.Sqrt(norm)
	for i := range s {
		s[i] /= norm
	}
	return s
}

// likeness is the best correlation of two shapes moved up to
// typefaceShift pixels against each other.
func likeness(a, b glyphShape) float64 {
	best := -1.0
	for dy := -typefaceShift; dy <= typefaceShift; dy++ {
		for dx := -typefaceShift; dx <= typefaceShift; dx++ {
			var sum float64
			for y := max(0, -dy); y < min(typefaceH, typefaceH-dy); y++ {
				ra := a[y*typefaceW : (y+1)*typefaceW]
				rb := b[(y+dy)*typefaceW : (y+dy+1)*typefaceW]
				for x := max(0, -dx); x < min(typefaceW, typefaceW-dx); x++ {
					sum += ra[x] * rb[x+dx]
				}
			}
			best = max(best, sum)
		}
	}
	return best
}

// bestMatches returns, for every cell with a digit and a glyph, its best
// likeness with another cell of the same digit, and NaN for the others
// (no digit, no glyph, or a digit the page shows once).
func bestMatches(glyphs *[81]*image.Gray, digits *[81]int) [81]float64 {
	var shapes [81]glyphShape
	for i, g := range glyphs {
		if g != nil && digits[i] != 0 {
			shapes[i] = shapeOf(g)
		}
	}
	var best [81]float64
	for i := range best {
		best[i] = math.NaN()
	}
	for i := range 81 {
		for j := i + 1; j < 81; j++ {
			if shapes[i] == nil || shapes[j] == nil || digits[i] != digits[j] {
				continue
			}
			l := likeness(shapes[i], shapes[j])
			if math.IsNaN(best[i]) || l > best[i] {
				best[i] = l
			}
			if math.IsNaN(best[j]) || l > best[j] {
				best[j] = l
			}
		}
	}
	return best
}

// typefaceOdds returns, for every digit with a match (see bestMatches),
// the log odds that it is print rather than handwriting, from how its
// match compares with the median match of the digits read as print
// (printed); 0 for the others, and for every digit when fewer than
// minTypefaceSamples printed digits have a match.
func typefaceOdds(match *[81]float64, printed *[81]bool) [81]float64 {
	var odds [81]float64
	var ref []float64
	for i, m := range match {
		if printed[i] && !math.IsNaN(m) {
			ref = append(ref, m)
		}
	}
	if len(ref) < minTypefaceSamples {
		return odds
	}
	slices.Sort(ref)
	median := ref[len(ref)/2]
	for i, m := range match {
		if math.IsNaN(m) {
			continue
		}
		d := m - median
		for _, s := range typefaceSteps {
			if d >= s.d {
				odds[i] = s.odds
			}
		}
		odds[i] = min(max(odds[i], -maxTypefaceOdds), maxTypefaceOdds)
	}
	return odds
}

// typefaceStyles sets the typeface evidence of every digit of rs in
// styles: its glyph, cut from c, compared with the others of its digit,
// the page's print being the digits rs reads as givens.
func typefaceStyles(styles *[81]glyphStyle, c Cells, rs *[81]CellReading) {
	var digits [81]int
	var printed [81]bool
	for i, r := range rs {
		digits[i] = r.Digit
		printed[i] = r.Kind == KindGiven
	}
	glyphs := DigitGlyphs(c)
	match := bestMatches(&glyphs, &digits)
	odds := typefaceOdds(&match, &printed)
	for i := range styles {
		styles[i].typeface = odds[i]
	}
}
