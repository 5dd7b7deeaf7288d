package ocr

import (
	"math"
	"slices"
)

// A player's pen rarely matches the puzzle's print: in a photo the print
// of a newspaper comes out gray and the ballpoint black, or the pen is red
// or blue, and a hand writes its digits another size than the font. The
// recognizer tells hand from print by the glyph, and is torn about a neat
// hand or an odd font; lookSplit adds what the two groups of digits look
// like in this very picture, learnt from the digits read surely as one or
// the other.

// Bounds of lookSplit.
const (
	// sureInk: a digit read as handwriting at least this likely (or as
	// print at least this likely) shows the entries' (givens') look.
	sureInk = 0.9
	// minInkSamples is how many sure digits one group needs at least
	// for the look to count.
	minInkSamples = 5
	// minInkSpread is the least standard deviation, per channel of the
	// ink's colour (CIELAB units), lookModel assumes: a few samples can
	// look more alike than inks do.
	minInkSpread = 4.0
	// minHeightSpread is the least standard deviation of a group's
	// heights (a fraction of a cell) lookModel assumes: a font draws
	// every digit one height, but the grid is cut a pixel or two off here
	// and there.
	minHeightSpread = 0.03
	// maxInkOdds caps how strongly the look alone may speak, as a
	// factor: a shadow or a fold can change a digit's ink. A digit the
	// recognizer reads as print or as a hand with odds above it keeps
	// that reading whatever it looks like.
	maxInkOdds = 50.0
	// maxInkDist2 is how far (the squared distance in spreads, over the
	// features) a digit's look may be from the nearer group's for the
	// look to count, when both groups are known: a look like neither
	// says nothing.
	maxInkDist2 = 16.0
	// lookPrior is how many digits' worth of belief each group's look
	// starts with before its samples: that it could be anything (see
	// lookAnything). A group with few samples is known only vaguely.
	lookPrior = 2.0
	// lookRounds bounds how often lookSplit learns the two looks again
	// from its own latest split.
	lookRounds = 5
)

// lookDims is how many features of a digit's look lookModel compares: the
// three channels of its ink's colour and its height.
const lookDims = 4

// lookFloor is the least standard deviation lookModel assumes for each
// feature.
var lookFloor = [lookDims]float64{minInkSpread, minInkSpread, minInkSpread, minHeightSpread}

// lookAnything is the log density of a look nothing is known about: even
// over the range a digit's look can take (a lightness of 0 to 100, the
// colour channels -100 to 100, a height of 0 to 1 cell).
var lookAnything = -math.Log(100 * 200 * 200 * 1)

// features is a digit's look as lookModel compares it.
func features(s glyphStyle) [lookDims]float64 {
	return [lookDims]float64{s.l, s.a, s.b, s.height}
}

// lookSplit settles given or entry for each digit of rs by the
// recognizer's view of its hand (Hand), the typeface's (how like the
// page's others of its digit it is, styles[i].typeface) and its look
// (styles): the ink and
// height of the digits read surely as print and surely as handwriting
// give each group's look (a normal distribution per feature), and a digit
// goes to the group likelier by both, its look's odds capped at
// maxInkOdds. A group with few sure digits is known only vaguely
// (lookPrior): a digit the recognizer is torn about that looks just like
// the print is print, whether or not the picture has entries at all. A
// digit's own look does not count towards its group (it would vouch for
// itself). The looks are learnt again from the new split until it settles
// (lookRounds). A digit changes kind only the way its look points. It does
// nothing unless one group has minInkSamples sure digits, and keeps the
// change only when the givens make a proper puzzle (once corrected), or,
// when they did not before, still keep the rules. It reports whether it
// changed anything, and each digit's odds of being an entry (nil when it
// did nothing) for lookDoubt.
func lookSplit(rs *[81]CellReading, styles *[81]glyphStyle, checks givensChecks) (bool, *entryOdds) {
	var idx []int // the digits whose look was measured
	var logit [81]float64
	for i, r := range rs {
		if r.Digit == 0 || !styles[i].ok || (r.Kind != KindGiven && r.Kind != KindEntry) {
			continue
		}
		idx = append(idx, i)
		logit[i] = handOdds(r, styles[i])
	}
	sure := math.Log(sureInk / (1 - sureInk))
	post := logit // each digit's log odds of being an entry
	var look [81]float64
	for range lookRounds {
		var hand, print lookModel
		for _, i := range idx {
			switch {
			case post[i] >= sure:
				hand.add(styles[i])
			case post[i] <= -sure:
				print.add(styles[i])
			}
		}
		if max(hand.n, print.n) < minInkSamples {
			return false, nil
		}
		next := logit
		for _, i := range idx {
			h, p := hand, print
			switch { // leave the digit's own look out
			case post[i] >= sure:
				h.remove(styles[i])
			case post[i] <= -sure:
				p.remove(styles[i])
			}
			look[i] = lookOdds(&h, &p, styles[i])
			next[i] += look[i]
		}
		settled := true
		for _, i := range idx {
			settled = settled && (next[i] > 0) == (post[i] > 0)
		}
		post = next
		if settled {
			break
		}
	}
	out := *rs
	changed := false
	for _, i := range idx {
		kind := KindGiven
		if post[i] > 0 {
			kind = KindEntry
		}
		// A digit changes kind only the way its look points: the
		// recognizer's kind may already weigh more than the digit's own
		// odds (a grid with one or two digits that look handwritten is
		// all print, see settleHands).
		if kind != rs[i].Kind && (look[i] > 0) == (kind == KindEntry) && look[i] != 0 {
			out[i].Kind = kind
			changed = true
		}
	}
	// The givens must make a proper puzzle (once corrected as [Correct]
	// would); when they did not before, they must still keep the rules.
	if changed && !checks.of(&out).proper() && (checks.of(rs).proper() || !givensValid(&out)) {
		changed = false
	}
	if changed {
		*rs = out
	}
	return changed, &entryOdds{idx: idx, entry: post}
}

// entryOdds are the digits lookSplit weighed, idx, and each one's log odds
// of being an entry by the recognizer, the typeface and the look.
type entryOdds struct {
	idx   []int
	entry [81]float64
}

// lookDoubt doubts the kind of each digit of rs as much as its odds (lo)
// make it the other kind, so that a digit told a given or an entry at
// less than SureConfidence is named (KindSure). Measured on the pages with
// entries of mixed-dev and of the synthetic book looks (seeds 3501-3504,
// 3701, 3702, 3801, 3802; 6006 digits), the odds are about as sure as they
// say where it matters: of the digits at odds of 2 to 3 either way 8% were
// the other kind, at 3 to 4 3.8%, at 4 to 6 0.6%. A page without entries
// is left alone: its digits are one population whatever one of them looks
// like.
func lookDoubt(rs *[81]CellReading, lo *entryOdds) {
	if lo == nil || !slices.ContainsFunc(rs[:], func(r CellReading) bool { return r.Kind == KindEntry }) {
		return
	}
	for _, i := range lo.idx {
		odds := lo.entry[i] // of the other kind than the one read
		if rs[i].Kind == KindEntry {
			odds = -odds
		}
		rs[i].KindDoubt = max(rs[i].KindDoubt, logistic(odds))
	}
}

// lookOdds is the log odds that a digit of look s is an entry rather than
// a given by its look alone, capped at maxInkOdds either way: 0 when both
// groups are known and s is like neither.
func lookOdds(hand, print *lookModel, s glyphStyle) float64 {
	if hand.n > 0 && print.n > 0 && min(hand.dist2(s), print.dist2(s)) > maxInkDist2 {
		return 0
	}
	lim := math.Log(maxInkOdds)
	return max(-lim, min(lim, hand.logDensity(s)-print.logDensity(s)))
}

// lookModel is the look of one group's digits: the mean and spread of
// each feature (the CIELAB channels of the ink, the height) over its
// samples.
type lookModel struct {
	n         float64
	sum, sum2 [lookDims]float64
}

func (m *lookModel) add(s glyphStyle) { m.weigh(s, 1) }

func (m *lookModel) remove(s glyphStyle) { m.weigh(s, -1) }

func (m *lookModel) weigh(s glyphStyle, w float64) {
	v := features(s)
	m.n += w
	for d := range lookDims {
		m.sum[d] += w * v[d]
		m.sum2[d] += w * v[d] * v[d]
	}
}

// spread is the standard deviation of feature d, lookFloor[d] at least.
func (m *lookModel) spread(d int) float64 {
	mean := m.sum[d] / m.n
	return max(lookFloor[d], math.Sqrt(max(0, m.sum2[d]/m.n-mean*mean)))
}

// dist2 is the squared distance of look s from the model's mean, in
// spreads, summed over the features.
func (m *lookModel) dist2(s glyphStyle) float64 {
	v := features(s)
	var d2 float64
	for d := range lookDims {
		z := (v[d] - m.sum[d]/m.n) / m.spread(d)
		d2 += z * z
	}
	return d2
}

// logDensity is the log of the density of look s in the group: a normal
// distribution per feature around its samples, blended with lookAnything
// by lookPrior (a group with no samples could look like anything).
func (m *lookModel) logDensity(s glyphStyle) float64 {
	if m.n < 1 {
		return lookAnything
	}
	lp := -m.dist2(s) / 2
	for d := range lookDims {
		lp -= math.Log(m.spread(d) * math.Sqrt(2*math.Pi))
	}
	w := m.n / (m.n + lookPrior)
	return logAddExp(math.Log(w)+lp, math.Log(1-w)+lookAnything)
}

// logAddExp is log(exp(a) + exp(b)), without overflow.
func logAddExp(a, b float64) float64 {
	if a < b {
		a, b = b, a
	}
	return a + math.Log1p(math.Exp(b-a))
}
