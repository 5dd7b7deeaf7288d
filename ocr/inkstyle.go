package ocr

import (
	"math"
)

// A player's pen rarely matches the puzzle's print: in a photo the print
// of a newspaper comes out gray and the ballpoint black, or the pen is red
// or blue. The recognizer tells hand from print by the glyph, and is torn
// about a neat hand; inkSplit adds what the ink looks like in this very
// picture, learnt from the digits the recognizer is sure about.

// Bounds of the digits inkSplit learns each group's ink from.
const (
	// sureInk: a digit read as handwriting at least this likely (or as
	// print at least this likely) shows the entries' (givens') ink.
	sureInk = 0.9
	// minInkSamples is how many sure digits each group needs.
	minInkSamples = 5
	// minInkSpread is the least standard deviation, per channel of the
	// ink's colour (CIELAB units), inkSplit assumes: a few samples can
	// look more alike than inks do.
	minInkSpread = 4.0
	// maxInkOdds caps how strongly the ink alone may speak, as a factor:
	// a shadow or a fold can change a digit's ink.
	maxInkOdds = 50.0
	// maxInkDist2 is how far (the squared distance in spreads, over the
	// three channels) a digit's ink may be from the nearer group's for
	// the ink to count: an ink like neither says nothing.
	maxInkDist2 = 16.0
)

// inkSplit settles given or entry for each digit of rs by the recognizer's
// view of its hand (Hand) and its ink (styles): the ink of the digits read
// surely as print and surely as handwriting gives each group's colour (a
// normal distribution per channel of CIELAB), and a digit goes to the
// group likelier by both. It does nothing unless both groups have
// minInkSamples sure digits, and keeps the change only when the givens
// still have exactly one solution (or, when they had not, still keep the
// rules). It reports whether it changed anything.
func inkSplit(rs *[81]CellReading, styles *[81]glyphStyle) bool {
	var print, hand inkModel
	for i, r := range rs {
		if r.Digit == 0 || !styles[i].ok {
			continue
		}
		switch {
		case r.Hand >= sureInk:
			hand.add(styles[i])
		case r.Hand <= 1-sureInk:
			print.add(styles[i])
		}
	}
	if print.n < minInkSamples || hand.n < minInkSamples {
		return false
	}
	print.fit()
	hand.fit()
	out := *rs
	changed := false
	for i, r := range rs {
		if r.Digit == 0 || !styles[i].ok || (r.Kind != KindGiven && r.Kind != KindEntry) {
			continue
		}
		h := min(max(r.Hand, 1e-4), 1-1e-4)
		odds := math.Log(h / (1 - h))
		if min(hand.dist2(styles[i]), print.dist2(styles[i])) <= maxInkDist2 {
			odds += max(-math.Log(maxInkOdds), min(math.Log(maxInkOdds), hand.logPDF(styles[i])-print.logPDF(styles[i])))
		}
		kind := KindGiven
		if odds > 0 {
			kind = KindEntry
		}
		if kind != r.Kind {
			out[i].Kind = kind
			changed = true
		}
	}
	if !changed {
		return false
	}
	// The givens must make a proper puzzle (once corrected as [Correct]
	// would); when they did not before, they must still keep the rules.
	if !properGivens(&out) && (properGivens(rs) || !givensValid(&out)) {
		return false
	}
	*rs = out
	return true
}

// givensOf returns the readings of the givens of rs, every other cell read
// as empty for sure: the puzzle as printed, for [Correct] to check.
func givensOf(rs *[81]CellReading) [81]CellReading {
	var out [81]CellReading
	for i, r := range rs {
		if r.Kind == KindGiven {
			out[i] = r
		} else {
			out[i] = CellReading{Confidence: 1}
		}
	}
	return out
}

// properGivens reports whether the givens of rs make a puzzle with exactly
// one solution, once the least sure of them are corrected as [Correct]
// corrects them: a split of the digits into givens and entries is judged
// before a misread given is put right.
func properGivens(rs *[81]CellReading) bool {
	return Correct(givensOf(rs)).Solutions == 1
}

// givensValid reports whether the givens of rs keep the rules.
func givensValid(rs *[81]CellReading) bool {
	g := givensOf(rs)
	return gridOf(&g).Validate() == nil
}

// inkModel is the colour of one group's ink: the mean and spread of each
// CIELAB channel over its samples.
type inkModel struct {
	n              int
	sum, sum2, std [3]float64
}

func (m *inkModel) add(s glyphStyle) {
	v := [3]float64{s.l, s.a, s.b}
	m.n++
	for d := range 3 {
		m.sum[d] += v[d]
		m.sum2[d] += v[d] * v[d]
	}
}

// fit sets the spread of each channel, minInkSpread at least.
func (m *inkModel) fit() {
	n := float64(m.n)
	for d := range 3 {
		mean := m.sum[d] / n
		m.std[d] = math.Max(minInkSpread, math.Sqrt(math.Max(0, m.sum2[d]/n-mean*mean)))
	}
}

// dist2 is the squared distance of ink s from the model's mean, in
// spreads, summed over the channels.
func (m *inkModel) dist2(s glyphStyle) float64 {
	v := [3]float64{s.l, s.a, s.b}
	d2 := 0.0
	for d := range 3 {
		z := (v[d] - m.sum[d]/float64(m.n)) / m.std[d]
		d2 += z * z
	}
	return d2
}

// logPDF is the log of the density of ink s under the model, but for a
// constant common to all models.
func (m *inkModel) logPDF(s glyphStyle) float64 {
	lp := -m.dist2(s) / 2
	for d := range 3 {
		lp -= math.Log(m.std[d])
	}
	return lp
}
