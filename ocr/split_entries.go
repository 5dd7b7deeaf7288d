package ocr

import (
	"cmp"
	"slices"

	"github.com/sudokubot/sudokubot/solver"
)

// Once the givens check out, the player's entries are weighed against
// what a person reading the grid knows: how full the player has filled
// it in (weighEmpties), that a speck is no digit (dropNoiseEntries), and
// that most of what people write in is right (weighEntries).

// evenChance is the probability above which a cell read as empty but
// for a faint digit is more likely filled in than not (weighEmpties).
const evenChance = 0.5

// weighEmpties weighs each cell the recognizer read as empty but for a
// faint chance of a digit, or as pencil marks where the player keeps none
// (see keepsMarks: a pen digit the recognizer takes for one mark),
// against how much of the grid the player has filled in (fillOf): in a
// grid all but filled in, a faint digit is likelier there than not, and
// the cell becomes an entry, read unsurely, its digit the recognizer's
// likeliest (weighEntries then weighs it against the solution), or stays
// as read but less surely. A cell is never read as empty more surely than
// the recognizer read it (a missed faint digit must stay a cell to
// check), and a picture without entries is left as it is.
func weighEmpties(rs *[81]CellReading, entered *solver.Grid) {
	fill, ok := fillOf(rs)
	if !ok {
		return
	}
	keeps := keepsMarks(rs)
	for i := range rs {
		r := &rs[i]
		if r.Kind != KindEmpty && (r.Kind != KindMarks || keeps) {
			continue
		}
		var digits float64
		var best Alternative
		for _, a := range r.Alternatives {
			if a.Digit != 0 {
				digits += a.Confidence
				if a.Confidence > best.Confidence {
					best = a
				}
			}
		}
		if digits == 0 {
			continue
		}
		pFilled := digits * fill / (digits*fill + r.Confidence*(1-fill))
		if pFilled <= evenChance {
			r.Confidence = min(r.Confidence, 1-pFilled)
			continue
		}
		scale := pFilled / digits
		out := CellReading{Kind: KindEntry, Digit: best.Digit, Confidence: best.Confidence * scale,
			Alternatives: []Alternative{{Digit: 0, Confidence: 1 - pFilled}}}
		for _, a := range r.Alternatives {
			if a.Digit != 0 && a.Digit != best.Digit {
				out.Alternatives = append(out.Alternatives, Alternative{Digit: a.Digit, Confidence: a.Confidence * scale})
			}
		}
		slices.SortStableFunc(out.Alternatives, func(a, b Alternative) int { return cmp.Compare(b.Confidence, a.Confidence) })
		*r = out
		entered.SetCell(i, best.Digit)
	}
}

// keepsMarks reports whether the player keeps pencil marks in the grid
// rs: a cell holds several of them. Where no cell does, a cell read as
// pencil marks holds one glyph, which weighEmpties weighs as it weighs a
// faint digit.
func keepsMarks(rs *[81]CellReading) bool {
	return slices.ContainsFunc(rs[:], func(r CellReading) bool { return r.Kind == KindMarks && r.Marks.Len() >= 2 })
}

// fillOf returns how much of the grid rs the player has filled in, as
// the chance that a cell not given holds an entry (Laplace's rule over
// those cells), and false when the player has entered nothing.
func fillOf(rs *[81]CellReading) (float64, bool) {
	free, filled := 0, 0
	for _, r := range rs {
		switch r.Kind {
		case KindEntry:
			filled++
			free++
		case KindEmpty, KindMarks:
			free++
		}
	}
	if filled == 0 {
		return 0, false
	}
	return float64(filled+1) / float64(free+2), true
}

// dropNoiseEntries reads as empty the entries read unsurely that the
// solution contradicts and that may well be no digit at all (empty is
// among their alternatives with at least correctMinEmpty): a speck, the
// print of the other side of the page, taken for a faint digit of the
// player's; unless the solution's digit is at least as likely as no digit
// (a scrawl, which weighEntries weighs), the right digit's chance weighed
// by how much of the grid the player has filled in (fillOf) where that
// favours it: in a grid all but filled in, a pen digit the recognizer
// reads as a wrong digit or as none is likelier the right digit written
// badly than a speck. They stay doubtful. An entry read surely is the
// player's, right or wrong, and stays.
func dropNoiseEntries(rs *[81]CellReading, entered *solver.Grid, sol solver.Grid) {
	fill, ok := fillOf(rs)
	if !ok {
		return
	}
	// The odds the fill gives a digit over none, where it favours a
	// digit: a sparse grid leaves the recognizer's odds as they are, as
	// weighEmpties never reads a cell as empty more surely than the
	// recognizer did.
	fuller := max(1, fill/(1-fill))
	for i := range rs {
		r := &rs[i]
		if r.Kind != KindEntry || r.Confidence >= SureConfidence || r.Digit == sol.Cell(i) {
			continue
		}
		k := slices.IndexFunc(r.Alternatives, func(a Alternative) bool { return a.Digit == 0 })
		if k < 0 || r.Alternatives[k].Confidence < correctMinEmpty {
			continue
		}
		empty := r.Alternatives[k].Confidence
		if j := slices.IndexFunc(r.Alternatives, func(a Alternative) bool { return a.Digit == sol.Cell(i) }); j >= 0 && r.Alternatives[j].Confidence*fuller >= empty {
			continue // the right digit is likelier than none: a scrawl, for weighEntries
		}
		alts := append([]Alternative{{Digit: r.Digit, Confidence: r.Confidence}}, slices.Delete(slices.Clone(r.Alternatives), k, k+1)...)
		*r = CellReading{Kind: KindEmpty, Confidence: empty, Alternatives: alts}
		entered.SetCell(i, 0)
	}
}

// rightEntries is the prior weighEntries gives a player's entry being the
// solution's digit: most of what people write in is right, and a person
// reading a doubtful scrawl in a grid knows it. The other eight digits
// share the rest.
const rightEntries = 0.9

// ruledOut is the probability weighEntries gives a digit the recognizer
// all but ruled out, so that the prior still weighs it.
const ruledOut = 1e-6

// weighEntries weighs what the recognizer read of each entry against how
// likely a player's entry is to be right (rightEntries), Bayes' rule: the
// digit read becomes the likeliest given both, and its confidence the
// probability of that. A scrawl the recognizer is torn about between the
// right digit and another is read as the right one, unsurely; an entry is
// read as a wrong digit surely, and so called a mistake, only when the
// recognizer all but rules the right digit out.
func weighEntries(rs *[81]CellReading, entered *solver.Grid, sol solver.Grid) {
	for i := range rs {
		r := &rs[i]
		s := sol.Cell(i)
		if r.Kind != KindEntry || s == 0 {
			continue
		}
		var p [10]float64 // p[0]: no digit at all
		for _, a := range r.Alternatives {
			p[a.Digit] = max(p[a.Digit], a.Confidence)
		}
		for d := 1; d <= 9; d++ {
			// Alternatives stop at minAlternative; the prior weighs a
			// right digit read at 0.001 more than a wrong one read surely.
			p[d] = max(p[d], r.digits[d])
		}
		p[r.Digit] = r.Confidence
		var digits float64
		for d := 1; d <= 9; d++ {
			digits += p[d]
		}
		if digits <= 0 {
			continue
		}
		// The digits and no digit are one cell's outcomes: together no
		// more likely than 1, though their estimates come from the
		// reading, its alternatives and the network's nine digits.
		digits = min(digits, 1-p[0])
		// The share of the digit probability each digit gets, with the
		// prior, keeping the probability that there is a digit at all.
		var post [10]float64
		var z float64
		for d := 1; d <= 9; d++ {
			prior := (1 - rightEntries) / 8
			if d == s {
				prior = rightEntries
			}
			post[d] = max(p[d], ruledOut) * prior
			z += post[d]
		}
		best := 1
		for d := 1; d <= 9; d++ {
			post[d] = post[d] / z * digits
			if post[d] > post[best] {
				best = d
			}
		}
		out := CellReading{Kind: KindEntry, Digit: best, Confidence: post[best], KindDoubt: r.KindDoubt}
		alts := []Alternative{}
		for d := range 10 {
			v := post[d]
			if d == 0 {
				v = p[0]
			}
			if d != best && v >= minAlternative {
				alts = append(alts, Alternative{Digit: d, Confidence: v})
			}
		}
		slices.SortStableFunc(alts, func(a, b Alternative) int { return cmp.Compare(b.Confidence, a.Confidence) })
		out.Alternatives = alts
		*r = out
		entered.SetCell(i, best)
	}
}
