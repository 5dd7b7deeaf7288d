package ocr

import (
	"math"

	"github.com/sudokubot/sudokubot/solver"
)

// Stage "split" (split.go, split_style.go, split_population.go,
// split_typeface.go, split_look.go, split_symmetry.go, split_givens.go,
// split_entries.go):
// splitCells takes the recognize stage's readings to a split, the kind of
// every cell (given, entry, pencil marks or empty) settled from the
// recognizer's view of each cell and what the digits look like in this
// picture (split_style.go, split_population.go, split_typeface.go,
// split_look.go, split_symmetry.go), the givens checked and corrected with
// the solver once for every candidate split (givensChecks), the entries
// weighed against the solution (split_entries.go) and the doubtful givens
// and empty cells against the puzzle's one solution (split_givens.go).
// Tested in split_test.go, split_look_test.go, split_symmetry_test.go,
// split_entries_test.go, split_givens_test.go, split_style_test.go,
// split_population_test.go and split_typeface_test.go.

// split is the split stage's outcome at one angle.
type split struct {
	// cells are the readings with every cell's kind settled and the
	// givens corrected.
	cells [81]CellReading
	// givens is the puzzle read (the digits of KindGiven), entered the
	// player's entries (those of KindEntry).
	givens, entered solver.Grid
	// meanConf is the mean confidence over the cells before the entries
	// are weighed against the solution: it orders the angles.
	meanConf float64
	// verdict is the solver's on givens.
	verdict verdict
	// coloursLost reports that the givens were doubted because the file
	// kept its colours too coarsely to tell a typed entry by its colour
	// (see lostChromaStep).
	coloursLost bool
}

// splitCells is the split stage: it settles what each cell holds and
// corrects the givens. A recognizer that does not say whether a digit is
// printed or written makes it a given; splitDigits then tells the givens
// from the player's entries by how the digits look and checks the givens
// with the solver. When the givens make a proper puzzle, the entries are
// weighed against its solution (split_entries.go), and its doubtful givens
// and empty cells against its having one solution (split_givens.go).
func splitCells(rec *recognized) split {
	rs, digits := recognizedKinds(rec.readings)
	styles := glyphStyles(rec.img, rec.rect.grid.Corners, rec.rect.cells, &digits)
	typefaceStyles(&styles, rec.rect.cells, &rs)
	sp := split{}
	sp.cells, sp.verdict, sp.coloursLost = splitDigits(rs, &styles, rec.chromaStep >= lostChromaStep)
	sp.givens, _ = solver.NewGrid(9)
	sp.entered, _ = solver.NewGrid(9)
	for i, c := range sp.cells {
		sp.meanConf += c.Confidence / 81
		switch c.Kind {
		case KindGiven:
			sp.givens.SetCell(i, c.Digit)
		case KindEntry:
			sp.entered.SetCell(i, c.Digit)
		}
	}
	if sp.verdict.err == nil {
		weighEmpties(&sp.cells, &sp.entered)
		dropNoiseEntries(&sp.cells, &sp.entered, sp.verdict.solution)
		weighEntries(&sp.cells, &sp.entered, sp.verdict.solution)
		weighGivens(&sp.cells, sp.givens, sp.verdict.solution)
	}
	return sp
}

// recognizedKinds gives every cell of rs the recognizer's kind: a digit
// is an entry when the recognizer says so and a given otherwise, a cell
// without a digit holds pencil marks when the recognizer says so and is
// empty otherwise. It also returns the digits.
func recognizedKinds(rs [81]CellReading) ([81]CellReading, [81]int) {
	var digits [81]int
	for i := range rs {
		if rs[i].Digit == 0 {
			if rs[i].Kind != KindMarks {
				rs[i].Kind = KindEmpty
			}
			continue
		}
		if rs[i].Kind != KindEntry {
			rs[i].Kind = KindGiven
		}
		digits[i] = rs[i].Digit
	}
	return rs, digits
}

// splitDigits settles given or entry for every digit of rs (each one
// already a given or an entry by the recognizer's view) once the style of
// every digit is measured, corrects the givens and returns the solver's
// verdict on them. Entries typed into an app are another ink than the
// givens (see splitByStyle; a page of one ink has none): when the digits
// split so, and the givens of the split make a proper puzzle once their
// least sure digits are corrected, that split is taken; a digit whose
// style could not be measured keeps the recognizer's view. Otherwise the
// recognizer's word stands (the trained classifier tells handwriting from
// print), with the typeface's (a digit like the page's others of its digit
// is print), weighed with the looks of the digits read surely
// (lookSplit); the entries so read stand only when they are a population
// of their own, and otherwise every digit is a given (onePopulation).
// Where they stand, a digit whose odds make it likelier the other kind is
// doubted (lookDoubt). The symmetry of the givens then settles the few
// cells that break it (symmetricSplit). Last, the givens alone are
// corrected from their alternatives ([Correct]); the entries are the
// player's and are never corrected.
func splitDigits(rs [81]CellReading, styles *[81]glyphStyle, colourLost bool) ([81]CellReading, verdict, bool) {
	checks := givensChecks{}
	out, ways, ok, lost := styleSplit(rs, styles, checks, colourLost)
	if ok {
		rs = out
	} else {
		_, odds := lookSplit(&rs, styles, checks)
		if !onePopulation(&rs, styles, checks) {
			lookDoubt(&rs, odds)
		}
		nearInkDoubt(&rs, ways)
	}
	symmetricSplit(&rs, checks)
	// Correct the givens: the other cells count as empty, for sure.
	chk := checks.of(&rs)
	c := chk.corrected()
	for _, i := range c.Changed {
		rs[i] = c.Readings[i]
		rs[i].Kind = KindGiven
		if rs[i].Digit == 0 {
			rs[i].Kind = KindEmpty
		}
	}
	return rs, chk.verdict(), lost
}

// styleSplit returns rs split by the style of its digits (splitByStyle):
// the first split whose givens include no more than maxHandGivens digits
// surely handwritten and make a proper puzzle, once corrected, its
// entries doubted as much as one ink is likely. It reports
// false when there is none. It also returns the splits it weighed.
func styleSplit(rs [81]CellReading, styles *[81]glyphStyle, checks givensChecks, colourLost bool) ([81]CellReading, styleWays, bool, bool) {
	var digits [81]int
	var printed [81]bool
	var hand [81]float64
	for i := range rs {
		digits[i] = rs[i].Digit
		printed[i] = rs[i].Kind == KindGiven
		hand[i] = handOdds(rs[i], styles[i])
	}
	ways := splitByStyle(styles, &digits, &printed, &hand)
	for k, entry := range ways.entries {
		out := rs
		for i := range out {
			switch {
			case digits[i] == 0 || !styles[i].ok:
				// No digit, or its style unmeasured: the recognizer's view.
			case entry[i]:
				out[i].Kind = KindEntry
			default:
				out[i].Kind = KindGiven
			}
		}
		if handGivens(&out, styles) <= maxHandGivens && checks.of(&out).proper() {
			lost := inkSplitDoubt(&out, styles, entry, ways.odds[k], colourLost)
			return out, ways, true, lost
		}
	}
	return rs, ways, false, false
}

// inkSplitDoubt doubts the kinds of rs, split by ink into the entries
// entry with log odds odds against one ink: its entries as much as one
// ink is likely, and, when the split is by ink alone (odds finite: an app
// types givens and entries alike), every digit whose ink was not measured
// (too faint a stroke) as much as a digit of the other kind is common
// among those measured, for the recognizer's view of it says nothing. In
// a file that kept its colours too coarsely (colourLost, see
// lostChromaStep) a given's ink of no colour says as little: it may be an
// entry whose colour was lost, and is doubted so too: it reports whether
// any was.
func inkSplitDoubt(rs *[81]CellReading, styles *[81]glyphStyle, entry [81]bool, odds float64, colourLost bool) bool {
	doubt := logistic(-odds)
	var entries, measured int
	for i := range rs {
		if rs[i].Digit == 0 || !styles[i].ok {
			continue
		}
		measured++
		if entry[i] {
			entries++
			rs[i].KindDoubt = max(rs[i].KindDoubt, doubt)
		}
	}
	if math.IsInf(odds, 1) || measured == 0 {
		return false
	}
	share := float64(entries) / float64(measured)
	lost := false
	for i, r := range rs {
		switch {
		case r.Digit == 0:
		case !styles[i].ok && r.Kind == KindEntry:
			rs[i].KindDoubt = max(r.KindDoubt, 1-share)
		case !styles[i].ok, colourLost && !entry[i]:
			rs[i].KindDoubt = max(r.KindDoubt, share)
			lost = lost || styles[i].ok && share > 0
		}
	}
	return lost
}

// lostChromaStep is the quantization step of a JPEG's colour
// (Decoded.ChromaStep) from which a typed entry's colour may be lost. The
// file keeps the colour of each 16x16 block of pixels (8x8 colour samples,
// halved) as its mean: a digit whose strokes cover a tenth of its block,
// in an ink 60 units of Cb or Cr from the paper's, moves that mean
// (the coefficient, 8 times the mean) by 48, which a step over twice
// that rounds to nothing. At quality 5 (a step of 170) the entries of 5
// of 200 small synthetic screenshots measured no colour at all and were
// read as givens with no cell named (seeds 4503 and 4504 at 480 pixels);
// at quality 40 (21) none did.
const lostChromaStep = 96

// logistic is the probability of a hypothesis whose log odds are odds.
func logistic(odds float64) float64 { return 1 / (1 + math.Exp(-odds)) }

// nearInkDoubt doubts the givens of rs that the likeliest split by ink
// (ways.near) would make entries, as much as that split is likely: it was
// not taken (one ink likelier, or its givens no proper puzzle), but a page
// whose inks came near to showing typed entries has givens that may be
// the player's.
func nearInkDoubt(rs *[81]CellReading, ways styleWays) {
	doubt := logistic(ways.nearOdds)
	for i := range rs {
		if ways.near[i] && rs[i].Kind == KindGiven {
			rs[i].KindDoubt = max(rs[i].KindDoubt, doubt)
		}
	}
}

// maxHandGivens is how many digits surely handwritten a split of the
// digits by style may make givens: two groups of inks that happen to make
// a puzzle either way (a red puzzle filled in with a red pen) are not
// split so that the player's digits are the puzzle.
//
// A digit is surely handwritten when both witnesses say so: the
// recognizer's view and the typeface's together (handOdds) above
// sureHand, and the typeface's alone not for print (a hand never writes
// two digits alike). The recognizer was never trained on most apps'
// fonts and can be sure of a hand in one (an app's 6 in a bold geometric
// face, at 0.9999), which the typeface's evidence, capped at
// maxTypefaceOdds, cannot outweigh; but such a digit is drawn like the
// page's others of its value, as the player's pen is not.
const maxHandGivens = 2

// handGivens counts the givens of rs surely handwritten.
func handGivens(rs *[81]CellReading, styles *[81]glyphStyle) int {
	sure := math.Log(sureHand / (1 - sureHand))
	n := 0
	for i, r := range rs {
		if r.Kind == KindGiven && handOdds(r, styles[i]) > sure && styles[i].typeface <= 0 {
			n++
		}
	}
	return n
}

// handOdds is the log odds that the digit r, of style s, is handwriting
// rather than print: the recognizer's (Hand) less the typeface's (how
// like the page's others of its digit it is, s.typeface, 0 when not
// measured).
func handOdds(r CellReading, s glyphStyle) float64 {
	h := min(max(r.Hand, tinyP), 1-tinyP)
	return math.Log(h/(1-h)) - s.typeface
}

// givensChecks asks the solver about the givens of the candidate splits of
// one reading, each candidate once however often the split stage weighs
// it. The candidates differ only in which digits are givens, so the set of
// the givens' cells names one.
type givensChecks map[givenSet]*givensCheck

// givenSet is a set of cells, one bit each (cell i is bit i%64 of word
// i/64).
type givenSet [2]uint64

// of returns the check of the givens of rs.
func (m givensChecks) of(rs *[81]CellReading) *givensCheck {
	var key givenSet
	for i, r := range rs {
		if r.Kind == KindGiven {
			key[i/64] |= 1 << (i % 64)
		}
	}
	if c, ok := m[key]; ok {
		return c
	}
	c := &givensCheck{givens: givensOf(rs)}
	m[key] = c
	return c
}

// givensCheck is what the solver says of the givens of one candidate
// split, each answer asked for when first needed.
type givensCheck struct {
	// givens are the readings of the givens, every other cell read as
	// empty for sure.
	givens [81]CellReading
	// asRead is the verdict on the givens as read, corr their correction
	// and fixed the verdict on the corrected givens, when they differ.
	asRead, fixed *verdict
	corr          *Correction
}

// read is the solver's verdict on the givens as read.
func (c *givensCheck) read() verdict {
	if c.asRead == nil {
		v := verdictOf(gridOf(&c.givens))
		c.asRead = &v
	}
	return *c.asRead
}

// corrected is the givens corrected as [Correct] corrects them.
func (c *givensCheck) corrected() *Correction {
	if c.corr == nil {
		corr := correct(c.givens, gridOf(&c.givens), c.read().solutions())
		c.corr = &corr
	}
	return c.corr
}

// proper reports whether the givens make a puzzle with exactly one
// solution once corrected: a split of the digits into givens and entries
// is judged before a misread given is put right.
func (c *givensCheck) proper() bool { return c.corrected().Solutions == 1 }

// verdict is the solver's verdict on the givens once corrected.
func (c *givensCheck) verdict() verdict {
	corr := c.corrected()
	if len(corr.Changed) == 0 {
		return c.read()
	}
	if c.fixed == nil {
		v := verdictOf(corr.Grid)
		c.fixed = &v
	}
	return *c.fixed
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

// givensValid reports whether the givens of rs keep the rules.
func givensValid(rs *[81]CellReading) bool {
	g := givensOf(rs)
	return gridOf(&g).Validate() == nil
}
