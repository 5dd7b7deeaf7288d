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
// inkPopulations asks how many inks the digits show: a second or third
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
// copy of one in trouble/) at least 54. The cost lies between.
const populationCost = 43

// maxInkPopulations is how many inks inkPopulations looks for at most:
// the givens', the entries', and a colour an app marks wrong entries in.
const maxInkPopulations = 3

// populationRounds bounds the rounds of k-means in inkPopulations.
const populationRounds = 20

// inkPoint is a digit's ink as inkPopulations clusters it: its CIELAB
// channels in units of minInkSpread.
func inkPoint(s glyphStyle) [3]float64 {
	return [3]float64{s.l / minInkSpread, s.a / minInkSpread, s.b / minInkSpread}
}

// inkPopulations returns the ways the cells idx fall into groups by the
// ink of their digits, one group per ink (see above), the likelier first,
// and in each the least coloured ink first: every number of inks from two
// up to maxInkPopulations that explains the colours better than one ink
// by populationCost for each ink more. A page of one ink gets none.
func inkPopulations(styles *[81]glyphStyle, idx []int) [][][]int {
	pts := make([][3]float64, len(idx))
	for k, i := range idx {
		pts[k] = inkPoint(styles[i])
	}
	one := populationLogLikelihood(pts, make([]int, len(idx)), 1)
	chroma := func(g []int) float64 {
		var c float64
		for _, i := range g {
			c += styles[i].chroma() / float64(len(g))
		}
		return c
	}
	var out [][][]int
	var score []float64
	for k := 2; k <= min(maxInkPopulations, len(idx)); k++ {
		label := kMeans(pts, k)
		ll := populationLogLikelihood(pts, label, k) - float64(k-1)*populationCost
		if ll <= one {
			continue
		}
		groups := make([][]int, k)
		for p, l := range label {
			groups[l] = append(groups[l], idx[p])
		}
		groups = slices.DeleteFunc(groups, func(g []int) bool { return len(g) == 0 })
		slices.SortStableFunc(groups, func(a, b []int) int { return cmpFloat(chroma(a), chroma(b)) })
		at, _ := slices.BinarySearchFunc(score, ll, func(s, v float64) int { return cmpFloat(v, s) })
		out, score = slices.Insert(out, at, groups), slices.Insert(score, at, ll)
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

// populationLogLikelihood is the log likelihood of pts (in units of
// minInkSpread) as k populations labelled by label, each a normal
// distribution per channel around its mean, its spread 1 at least.
func populationLogLikelihood(pts [][3]float64, label []int, k int) float64 {
	var ll float64
	for c := range k {
		var n float64
		var sum, sum2 [3]float64
		for p, pt := range pts {
			if label[p] != c {
				continue
			}
			n++
			for d := range 3 {
				sum[d] += pt[d]
				sum2[d] += pt[d] * pt[d]
			}
		}
		if n == 0 {
			continue
		}
		for d := range 3 {
			mean := sum[d] / n
			v := max(1, sum2[d]/n-mean*mean)
			// Each point's squared distance over v sums to n*(its
			// variance)/v.
			ll -= n * (math.Log(2*math.Pi*v) + (sum2[d]/n-mean*mean)/v) / 2
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
func onePopulation(rs *[81]CellReading, styles *[81]glyphStyle, checks givensChecks) bool {
	gain, entries := handPopulationGain(rs, styles)
	if entries == 0 || gain >= handPopulationCost {
		return false
	}
	out := *rs
	for i, r := range out {
		if r.Kind == KindEntry && styles[i].ok {
			out[i].Kind = KindGiven
		}
	}
	if !checks.of(&out).proper() {
		return false
	}
	*rs = out
	return true
}
