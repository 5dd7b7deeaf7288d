package human

import (
	"fmt"

	"github.com/sudokubot/sudokubot/solver"
)

// findSueDeCoq finds two or three cells C where a box crosses a line,
// holding at least two more digits than cells, with a set A of cells of
// the rest of the line and a set B of the rest of the box, such that A
// and B share no digit and C, A and B together hold exactly as many digits
// as cells. Then the digits of A, and those of C that B lacks, are locked
// in the line; the digits of B, and those of C that A lacks, in the box.
func findSueDeCoq(s *state) (Step, bool) {
	for b := 18; b < 27; b++ {
		for _, line := range boxLines(b) {
			inter := unitSet[b].and(unitSet[line]).and(s.empty)
			if inter.count() < 2 {
				continue
			}
			lineRest := unitSet[line].andNot(unitSet[b]).and(s.empty).list()
			boxRest := unitSet[b].andNot(unitSet[line]).and(s.empty).list()
			var st Step
			for n := 2; n <= inter.count(); n++ {
				if combinations(inter.list(), n, func(cs []int) bool {
					var v solver.DigitSet
					for _, c := range cs {
						v |= s.cand[c]
					}
					if v.Len() < n+2 {
						return false
					}
					return sdcSides(s, b, line, cs, v, lineRest, boxRest, &st)
				}) {
					return st, true
				}
			}
		}
	}
	return Step{}, false
}

// boxLines returns the three rows and three columns crossing box unit b.
func boxLines(b int) []int {
	r0, c0 := ((b-18)/3)*3, ((b-18)%3)*3
	return []int{r0, r0 + 1, r0 + 2, 9 + c0, 9 + c0 + 1, 9 + c0 + 2}
}

// sdcSides looks for the sets A (in lineRest) and B (in boxRest) of a Sue
// de Coq on the intersection cells cs with digits v.
func sdcSides(s *state, b, line int, cs []int, v solver.DigitSet, lineRest, boxRest []int, st *Step) bool {
	// Candidate cells for A and B hold at least one digit of v.
	var la, lb []int
	for _, c := range lineRest {
		if s.cand[c]&v != 0 {
			la = append(la, c)
		}
	}
	for _, c := range boxRest {
		if s.cand[c]&v != 0 {
			lb = append(lb, c)
		}
	}
	need := v.Len() - len(cs) // cells A and B must add, at least
	for na := 1; na <= min(len(la), 3); na++ {
		if combinations(la, na, func(as []int) bool {
			var va solver.DigitSet
			for _, c := range as {
				va |= s.cand[c]
			}
			// A must lock one digit of v per cell at least, with few
			// extra digits.
			if (va&v).Len() < na || (va|v).Len() > v.Len()+na {
				return false
			}
			for nb := 1; nb <= min(len(lb), 3); nb++ {
				if na+nb < need {
					continue
				}
				if combinations(lb, nb, func(bs []int) bool {
					var vb solver.DigitSet
					for _, c := range bs {
						vb |= s.cand[c]
					}
					if va&vb != 0 || (vb&v).Len() < nb {
						return false
					}
					all := v | va | vb
					if all.Len() != len(cs)+na+nb {
						return false
					}
					lineDigits := va | (v &^ vb)
					boxDigits := vb | (v &^ va)
					used := setOf(append(append(append([]int{}, cs...), as...), bs...)...)
					var elims []Candidate
					for _, d := range lineDigits.Digits() {
						elims = append(elims, elimsOf(s.unitPos(line, d).andNot(used), d)...)
					}
					for _, d := range boxDigits.Digits() {
						elims = append(elims, elimsOf(s.unitPos(b, d).andNot(used), d)...)
					}
					if len(elims) == 0 {
						return false
					}
					*st = Step{
						Technique:    SueDeCoq,
						Eliminations: elims,
						Cells:        used.list(),
						Units:        units(line, b),
						Highlights:   append(append(highlightMask(s, setOf(cs...), v, 0), highlightMask(s, setOf(as...), va, 1)...), highlightMask(s, setOf(bs...), vb, 2)...),
						Nudge:        fmt.Sprintf("Look at where %s crosses %s.", unitName(line), unitName(b)),
						Area:         fmt.Sprintf("There is a Sue de Coq where %s crosses %s.", unitName(line), unitName(b)),
						Explanation: fmt.Sprintf("%s, where %s crosses %s, hold %s. %s in %s hold%s %s, and %s in %s hold%s %s, with no digit in common. The %d cells together hold exactly %d digits, so each digit goes in one of them: %s stay in %s and %s in %s. Remove %s.",
							cellList(cs), unitName(line), unitName(b), digitList(v), cellList(as), unitName(line), verbS(len(as)), digitList(va), cellList(bs), unitName(b), verbS(len(bs)), digitList(vb),
							len(cs)+na+nb, all.Len(), digitList(lineDigits), unitName(line), digitList(boxDigits), unitName(b), elimText(elims)),
					}
					return true
				}) {
					return true
				}
			}
			return false
		}) {
			return true
		}
	}
	return false
}

func verbS(n int) string {
	if n == 1 {
		return "s"
	}
	return ""
}
