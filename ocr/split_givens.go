package ocr

import "github.com/sudokubot/sudokubot/solver"

// A published puzzle has exactly one solution. Once the givens read check
// out, the doubtful givens and empty cells are weighed against that
// (weighGivens): a digit a given might be instead, with which the givens
// would break the rules or have no or several solutions, is not what was
// printed; and a given missed in an empty cell can only be the solution's
// digit. Both hold as long as the other givens are read right.

// weighGivens weighs each given and each empty cell read unsurely against
// the puzzle's having exactly one solution sol, by Bayes' rule.
//
// A given's alternative digit with which the givens, the others as read,
// would not make a proper puzzle is ruled out as far as the other
// doubtful givens are right (the product of their confidences: with many
// doubtful givens, "the others as read" proves little). "Empty" keeps its
// chance (a puzzle missing one given is most often proper still, so the
// solver says nothing about it).
//
// An empty cell's alternative digit other than the solution's is ruled out
// as far as the other givens are right and the digit would be a given
// missed, not the player's: a digit of the player's may be any (a
// mistake). The chance that a digit is the player's is Laplace's rule over
// the digits read, entries against givens.
//
// The reading and its other alternatives share what was ruled out, each in
// proportion, and so do the digits too unlikely to be listed. Cells read
// surely are left as they are.
func weighGivens(rs *[81]CellReading, givens, sol solver.Grid) {
	var doubtful []int // the doubtful givens
	nGivens, nEntries := 0, 0
	for i, r := range rs {
		switch r.Kind {
		case KindGiven:
			nGivens++
			if r.Confidence < SureConfidence {
				doubtful = append(doubtful, i)
			}
		case KindEntry:
			nEntries++
		}
	}
	// others returns the probability that the doubtful givens other than
	// cell i are read right, by their confidences as read (taken in the
	// cells' order, so that the product is the same from run to run).
	conf := make([]float64, len(doubtful))
	for k, i := range doubtful {
		conf[k] = rs[i].Confidence
	}
	others := func(i int) float64 {
		p := 1.0
		for k, j := range doubtful {
			if j != i {
				p *= conf[k]
			}
		}
		return p
	}
	players := float64(nEntries+1) / float64(nEntries+nGivens+2)
	for i := range rs {
		r := &rs[i]
		if r.Confidence >= SureConfidence {
			continue
		}
		var ruledOut func(a Alternative) bool
		var weight float64 // how far an alternative ruled out is out
		switch r.Kind {
		case KindGiven:
			ruledOut = func(a Alternative) bool {
				return a.Digit != 0 && a.Digit != r.Digit && !properWith(givens, i, a.Digit)
			}
			weight = others(i)
		case KindEmpty:
			ruledOut = func(a Alternative) bool { return a.Digit != 0 && a.Digit != sol.Cell(i) }
			weight = others(i) * (1 - players)
		default:
			continue
		}
		ruleOut(r, ruledOut, weight)
	}
}

// ruleOut takes weight (0 to 1) of the probability of each alternative of r
// that ruledOut rules out away, and shares it among the reading and the
// other alternatives, each in proportion. Alternatives left under
// minAlternative are dropped.
func ruleOut(r *CellReading, ruledOut func(Alternative) bool, weight float64) {
	ruled := make([]bool, len(r.Alternatives))
	var out float64
	for n, a := range r.Alternatives {
		if ruledOut(a) {
			ruled[n] = true
			out += weight * a.Confidence
		}
	}
	if out <= 0 || out >= 1 {
		return
	}
	z := 1 - out
	r.Confidence = min(1, r.Confidence/z)
	var kept []Alternative
	for n, a := range r.Alternatives {
		if ruled[n] {
			a.Confidence *= 1 - weight
		}
		a.Confidence /= z
		if a.Confidence >= minAlternative {
			kept = append(kept, a)
		}
	}
	r.Alternatives = kept
}

// properWith reports whether g with digit d at cell i has exactly one
// solution.
func properWith(g solver.Grid, i, d int) bool {
	g.SetCell(i, d)
	return g.Validate() == nil && solver.Count(g, 2) == 1
}
