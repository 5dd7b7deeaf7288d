package ocr

import "github.com/sudokubot/sudokubot/solver"

// A published puzzle has exactly one solution. Once the givens read check
// out, a doubtful given is weighed against that (weighGivens): a digit it
// might be instead, with which the givens would break the rules or have
// no or several solutions, is not what was printed, as long as the other
// givens are read right.

// weighGivens weighs each given read unsurely against the puzzle's having
// exactly one solution, by Bayes' rule: an alternative digit with which
// the givens, the others as read, would not make a proper puzzle is ruled
// out as far as the other doubtful givens are right (the product of their
// confidences: with many doubtful givens, "the others as read" proves
// little), and the reading and its other alternatives share what it
// loses, each in proportion. "Empty" keeps its chance (a puzzle missing
// one given is most often proper still, so the solver says nothing about
// it), and so do the digits too unlikely to be listed. A given read surely
// is left as it is.
func weighGivens(rs *[81]CellReading, givens solver.Grid) {
	var doubtful []int
	for i, r := range rs {
		if r.Kind == KindGiven && r.Confidence < SureConfidence {
			doubtful = append(doubtful, i)
		}
	}
	conf := make([]float64, len(doubtful)) // as read, before any is weighed
	for k, i := range doubtful {
		conf[k] = rs[i].Confidence
	}
	for k, i := range doubtful {
		others := 1.0 // the probability that the other doubtful givens are right
		for j := range doubtful {
			if j != k {
				others *= conf[j]
			}
		}
		r := &rs[i]
		ruled := make([]bool, len(r.Alternatives))
		var out float64
		for n, a := range r.Alternatives {
			if a.Digit != 0 && a.Digit != r.Digit && !properWith(givens, i, a.Digit) {
				ruled[n] = true
				out += others * a.Confidence
			}
		}
		if out <= 0 || out >= 1 {
			continue
		}
		z := 1 - out
		r.Confidence = min(1, r.Confidence/z)
		var kept []Alternative
		for n, a := range r.Alternatives {
			if ruled[n] {
				a.Confidence *= 1 - others
			}
			a.Confidence /= z
			if a.Confidence >= minAlternative {
				kept = append(kept, a)
			}
		}
		r.Alternatives = kept
	}
}

// properWith reports whether g with digit d at cell i has exactly one
// solution.
func properWith(g solver.Grid, i, d int) bool {
	g.SetCell(i, d)
	return g.Validate() == nil && solver.Count(g, 2) == 1
}
