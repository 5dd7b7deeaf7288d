package ocr

import (
	"math"
	"slices"
)

// How many inks a page's digits are drawn in. A printed page is one
// population of digits however it was photographed: blur, noise and JPEG
// compression spread its inks' colours and thin or thicken its strokes,
// but do not make a second ink. An app draws the player's typed entries in
// another colour than its givens (every app of the development folders and
// of the synthetic sets does), and may mark a wrong entry in a third.
// inkWays asks how many inks the digits show: a second or third
// population must explain the inks' colours better than one fewer by
// populationCost, in log likelihood, each population a normal
// distribution per channel of CIELAB with a spread of minInkSpread at
// least. The strokes' weight is no population of its own: on a blurred
// newspaper page some printed digits come out at half the weight of the
// rest (trouble/blur_1048.jpg) in the same ink.

// populationCost is the log likelihood a further ink population must gain
// to count: the price of its parameters, a prior against a second ink.
// Measured with the split of the digits into two groups by colour that
// gains most: on newspaper-dev (106 photos of print alone) it gains at most
// 32; on screens-dev's 13 screenshots with typed entries (and the JPEG q5
// copy of one in trouble/) at least 54. The cost lies between. Measured
// again with the colour weighed as inkWays weighs it (inkColourPoint), on
// 103 of newspaper-dev's photos at most 31 (21 before), on screens-dev at
// least 77 (62 before): still between.
const populationCost = 43

// maxInkPopulations is how many inks inkWays looks for at most:
// the givens', the entries', and a colour an app marks wrong entries in.
const maxInkPopulations = 3

// populationRounds bounds the rounds of k-means in inkWays (and of
// refineInks).
const populationRounds = 20

// inkPoint is a digit's ink as handPopulationGain weighs it and inkWays
// clusters it: its CIELAB channels in units of minInkSpread.
func inkPoint(s glyphStyle) [3]float64 {
	return [3]float64{s.l / minInkSpread, s.a / minInkSpread, s.b / minInkSpread}
}

// inkColourPoint is a digit's ink as inkWays weighs it: its lightness in
// units of minInkSpread, its colour (CIELAB's a and b) in units of
// minInkSpread*lightnessWeight, inkVector's proportions, so that a
// population's colour is allowed a spread of 2 units and its lightness one
// of 4: a thin or small digit's solid pixels are still part paper, which
// moves its lightness more than its hue. With every channel in units of
// minInkSpread, an app's typed entries in a pale tint beside white givens
// (cream on a dark board, 12 units of b from the givens, each ink within
// 2: synthetic app-small_156 of seed 1501) gained 41, less than
// populationCost, and every digit was read as a given, surely; weighed so,
// 65.
func inkColourPoint(s glyphStyle) [3]float64 {
	v := inkVector(s)
	const unit = minInkSpread * lightnessWeight
	return [3]float64{v[0] / unit, v[1] / unit, v[2] / unit}
}

// inkWay is a way the digits fall into groups by their ink, one group per
// ink, the least coloured ink first, and its log odds against one ink: how
// much better it explains the inks' colours, less populationCost for each
// ink more (a prior against more inks, so that the difference is a log
// posterior odds).
type inkWay struct {
	groups [][]int
	odds   float64
}

// inkWays returns a way the cells idx fall into each number of inks from
// two up to maxInkPopulations, with its log odds against one ink, the
// likelier first; those with odds of 0 or less do not count, but say how
// near the page came to showing another ink. The inks are told apart by
// k-means over inkPoint, each channel in units of minInkSpread (at JPEG
// quality 5 an app's typed entries that lost their colour are still
// lighter than its givens), refined and weighed over inkColourPoint
// (refineInks).
func inkWays(styles *[81]glyphStyle, idx []int) []inkWay {
	pts := make([][3]float64, len(idx))
	colours := make([][3]float64, len(idx))
	for k, i := range idx {
		pts[k], colours[k] = inkPoint(styles[i]), inkColourPoint(styles[i])
	}
	one := populationLogLikelihood(colours, make([]int, len(idx)), 1)
	chroma := func(g []int) float64 {
		var c float64
		for _, i := range g {
			c += styles[i].chroma() / float64(len(g))
		}
		return c
	}
	var out []inkWay
	for k := 2; k <= min(maxInkPopulations, len(idx)); k++ {
		label := refineInks(colours, kMeans(pts, k), k)
		odds := populationLogLikelihood(colours, label, k) - float64(k-1)*populationCost - one
		groups := make([][]int, k)
		for p, l := range label {
			groups[l] = append(groups[l], idx[p])
		}
		groups = slices.DeleteFunc(groups, func(g []int) bool { return len(g) == 0 })
		if len(groups) < 2 {
			continue
		}
		slices.SortStableFunc(groups, func(a, b []int) int { return cmpFloat(chroma(a), chroma(b)) })
		w := inkWay{groups, odds}
		at, _ := slices.BinarySearchFunc(out, odds, func(o inkWay, v float64) int { return cmpFloat(v, o.odds) })
		out = slices.Insert(out, at, w)
	}
	return out
}

// cmpFloat compares a and b as cmp.Compare does.
func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// kMeans labels each of pts with one of k clusters: k-means started from
// points each as far as can be from those chosen before.
func kMeans(pts [][3]float64, k int) []int {
	d2 := func(p, q [3]float64) float64 {
		return (p[0]-q[0])*(p[0]-q[0]) + (p[1]-q[1])*(p[1]-q[1]) + (p[2]-q[2])*(p[2]-q[2])
	}
	// The first centre is the point farthest from pts[0], so that the
	// first two are (about) the two points farthest apart.
	centres := [][3]float64{pts[0]}
	farthest := func() [3]float64 {
		far, farD := 0, -1.0
		for p, pt := range pts {
			near := math.Inf(1)
			for _, c := range centres {
				near = min(near, d2(pt, c))
			}
			if near > farD {
				far, farD = p, near
			}
		}
		return pts[far]
	}
	centres[0] = farthest()
	for len(centres) < k {
		centres = append(centres, farthest())
	}
	label := make([]int, len(pts))
	for range populationRounds {
		for p, pt := range pts {
			for c := range centres {
				if d2(pt, centres[c]) < d2(pt, centres[label[p]]) {
					label[p] = c
				}
			}
		}
		next := make([][3]float64, k)
		n := make([]float64, k)
		for p, pt := range pts {
			for d := range 3 {
				next[label[p]][d] += pt[d]
			}
			n[label[p]]++
		}
		moved := false
		for c := range k {
			if n[c] == 0 {
				continue
			}
			for d := range 3 {
				next[c][d] /= n[c]
			}
			moved = moved || next[c] != centres[c]
			centres[c] = next[c]
		}
		if !moved {
			break
		}
	}
	return label
}

// refineInks returns label (k populations of pts) refined: every point
// moves to the population whose normal distribution per channel (its mean
// and spread, 1 at least, as populationLogLikelihood weighs it) and share
// of the points make it likeliest, until none moves (at most
// populationRounds). k-means weighs every channel alike, so a digit of an
// app's typed entries whose ink came out darker than the others' (the
// same hue, 12 units of b from the givens) joins the givens, whose
// colours hardly spread at all.
func refineInks(pts [][3]float64, label []int, k int) []int {
	label = slices.Clone(label)
	for range populationRounds {
		pops := inkNormals(pts, label, k)
		logDensity := func(c int, pt [3]float64) float64 {
			ll := math.Log(pops[c].n / float64(len(pts)))
			for d := range 3 {
				v := max(1, pops[c].variance[d])
				ll -= (math.Log(2*math.Pi*v) + (pt[d]-pops[c].mean[d])*(pt[d]-pops[c].mean[d])/v) / 2
			}
			return ll
		}
		moved := false
		next := slices.Clone(label)
		for p, pt := range pts {
			for c := range k {
				if pops[c].n > 0 && c != next[p] && logDensity(c, pt) > logDensity(next[p], pt) {
					next[p] = c
				}
			}
			moved = moved || next[p] != label[p]
		}
		label = next
		if !moved {
			break
		}
	}
	return label
}

// inkNormal is a population of points: how many, and their mean and
// variance per channel.
type inkNormal struct {
	n              float64
	mean, variance [3]float64
}

// inkNormals returns the k populations of pts that label makes.
func inkNormals(pts [][3]float64, label []int, k int) []inkNormal {
	pops := make([]inkNormal, k)
	var sum2 [maxInkPopulations][3]float64
	for p, pt := range pts {
		c := &pops[label[p]]
		c.n++
		for d := range 3 {
			c.mean[d] += pt[d]
			sum2[label[p]][d] += pt[d] * pt[d]
		}
	}
	for c := range pops {
		if pops[c].n == 0 {
			continue
		}
		for d := range 3 {
			pops[c].mean[d] /= pops[c].n
			pops[c].variance[d] = sum2[c][d]/pops[c].n - pops[c].mean[d]*pops[c].mean[d]
		}
	}
	return pops
}

// populationLogLikelihood is the log likelihood of pts (in units of
// minInkSpread) as k populations labelled by label, each a normal
// distribution per channel around its mean, its spread 1 at least.
func populationLogLikelihood(pts [][3]float64, label []int, k int) float64 {
	var ll float64
	for _, c := range inkNormals(pts, label, k) {
		for d := range 3 {
			v := max(1, c.variance[d])
			// Each point's squared distance over v sums to n*(its
			// variance)/v.
			ll -= c.n * (math.Log(2*math.Pi*v) + c.variance[d]/v) / 2
		}
	}
	return ll
}

// Whether the digits read as handwriting are a population of their own.
// The recognizer reads a thin or unusual typeface as a hand now and then,
// and surely at times (a light sans face on a magazine's page: 3s, 8s and
// 9s read as handwriting at 0.9 and more). A player's pen is another
// population than the print: another ink, or another height from digit to
// digit (a typeface prints every digit one height), or digits that match
// none of the page's others of their value (typeface odds). So the split
// the recognizer and the looks give (lookSplit) stands only when its
// entries explain the digits' looks better than one population does, by
// handPopulationCost in log likelihood: each feature a normal
// distribution per population (the ink's CIELAB channels, in units of
// minInkSpread; the height, in units of minHeightSpread; the typeface
// odds, in units of typefaceSpread). Otherwise the page is one population
// and all its digits are the puzzle's, when they make a proper puzzle. The
// test needs the shapes: on a page whose typeface was not measured (too
// few digits read as print with a partner of their value) the looks alone
// do not overrule the recognizer.

// handPopulationCost is the log likelihood the entries read must gain as a
// population of their own. Measured with the recognizer's split, on the
// pictures whose split is not settled by ink (lookSplit): printed pages
// whose print was read in part as handwriting gain at most 14 (synthetic
// magazine and newspaper pages in light faces, seeds 9201, 9202 and 1301;
// 27 on a magazine's page with shaded boxes, 9201's magazine_089, before
// untint takes their tint out of its digits' ink, 7 after), pages filled
// in with a black pen at least 25.8 (synthetic book-black pages, seed
// 9102), and the pen-completed newspapers of mixed-dev at least 60.
const handPopulationCost = 20

// typefaceSpread is the least spread of the typeface odds in a population
// handPopulation assumes: the step between two of typefaceSteps' values.
const typefaceSpread = 1.0

// handPopulationGain is how much better the looks of the digits of rs
// whose style was measured are explained by two populations, the entries
// and the givens, than by one (+Inf when no digit's typeface was
// measured), and how many of them are entries.
func handPopulationGain(rs *[81]CellReading, styles *[81]glyphStyle) (float64, int) {
	var ink, height, face [][3]float64
	var label []int
	entries, shaped := 0, false
	for i, r := range rs {
		if r.Digit == 0 || !styles[i].ok || (r.Kind != KindGiven && r.Kind != KindEntry) {
			continue
		}
		s := styles[i]
		shaped = shaped || s.typeface != 0
		ink = append(ink, inkPoint(s))
		height = append(height, [3]float64{s.height / minHeightSpread})
		face = append(face, [3]float64{s.typeface / typefaceSpread})
		l := 0
		if r.Kind == KindEntry {
			l = 1
			entries++
		}
		label = append(label, l)
	}
	if !shaped {
		return math.Inf(1), entries
	}
	one := make([]int, len(label))
	var gain float64
	for _, pts := range [][][3]float64{ink, height, face} {
		gain += populationLogLikelihood(pts, label, 2) - populationLogLikelihood(pts, one, 1)
	}
	return gain, entries
}

// onePopulation makes every digit of rs whose style was measured a given
// when the entries read are no population of their own (see
// handPopulationCost) and the digits then make a proper puzzle (once
// corrected). It reports whether it changed rs.
//
// The digits it weighs are doubted as much as the other answer is likely,
// gain - handPopulationCost being the log odds of the entries' population:
// the entries it keeps by that, the givens it makes by the other, and the
// entries it keeps because as givens they would make no proper puzzle (a
// player's mistake, or print misread: at JPEG quality 5 two printed
// digits read as the player's, newspaper-dev's image208 saved again so)
// by the other too, for their looks still say print.
func onePopulation(rs *[81]CellReading, styles *[81]glyphStyle, checks givensChecks) bool {
	gain, entries := handPopulationGain(rs, styles)
	if entries == 0 {
		return false
	}
	if gain < handPopulationCost {
		out := *rs
		doubt := logistic(gain - handPopulationCost)
		for i, r := range out {
			if r.Kind == KindEntry && styles[i].ok {
				out[i].Kind = KindGiven
				out[i].KindDoubt = max(r.KindDoubt, doubt)
			}
		}
		if checks.of(&out).proper() {
			*rs = out
			return true
		}
	}
	// The entries stand, by their looks or because as givens they would
	// make no proper puzzle.
	doubt := logistic(handPopulationCost - gain)
	for i, r := range rs {
		if r.Kind == KindEntry && styles[i].ok {
			rs[i].KindDoubt = max(r.KindDoubt, doubt)
		}
	}
	return false
}
