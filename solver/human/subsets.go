package human

import (
	"fmt"

	"github.com/sudokubot/sudokubot/solver"
)

var subsetWord = map[int]string{2: "pair", 3: "triple", 4: "quadruple"}
var numberWord = map[int]string{1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}

// combinations calls f with every n-element subset of items, in
// lexicographic order, until f returns true. It reports whether f did.
func combinations(items []int, n int, f func(pick []int) bool) bool {
	pick := make([]int, n)
	var rec func(start, k int) bool
	rec = func(start, k int) bool {
		if k == n {
			return f(pick)
		}
		for i := start; i <= len(items)-(n-k); i++ {
			pick[k] = items[i]
			if rec(i+1, k+1) {
				return true
			}
		}
		return false
	}
	return rec(0, 0)
}

// findLockedSubset finds a naked pair or triple whose cells share a box and
// a line, which removes its digits from both units.
func findLockedSubset(s *state, n int) (Step, bool) {
	var st Step
	found := false
	for b := 18; b < 27 && !found; b++ {
		var cells []int
		for _, c := range unitCells[b] {
			if k := s.cand[c].Len(); s.digit[c] == 0 && k >= 2 && k <= n {
				cells = append(cells, c)
			}
		}
		found = combinations(cells, n, func(pick []int) bool {
			set := setOf(pick...)
			line := -1
			if set.subsetOf(unitSet[rowOf[pick[0]]]) {
				line = rowOf[pick[0]]
			} else if set.subsetOf(unitSet[9+colOf[pick[0]]]) {
				line = 9 + colOf[pick[0]]
			}
			if line < 0 {
				return false
			}
			var m solver.DigitSet
			for _, c := range pick {
				m |= s.cand[c]
			}
			if m.Len() != n {
				return false
			}
			// As in HoDoKu, the subset is locked when it removes digits
			// both from the box and from the line outside the box;
			// otherwise it is left to the naked subsets.
			var elims []Candidate
			area := unitSet[b].or(unitSet[line]).andNot(set)
			inBox, inLine := false, false
			for _, d := range m.Digits() {
				t := s.pos[d].and(area)
				inBox = inBox || !t.and(unitSet[b]).empty()
				inLine = inLine || !t.andNot(unitSet[b]).empty()
				elims = append(elims, elimsOf(t, d)...)
			}
			if !inBox || !inLine {
				return false
			}
			name := LockedPair
			if n == 3 {
				name = LockedTriple
			}
			st = Step{
				Technique:    name,
				Eliminations: elims,
				Cells:        pick,
				Units:        units(line, b),
				Highlights:   highlightMask(s, set, m, 0),
				Nudge:        fmt.Sprintf("Look at %s where it crosses %s.", unitName(b), unitName(line)),
				Area:         fmt.Sprintf("There is a locked %s in %s and %s.", subsetWord[n], unitName(b), unitName(line)),
				Explanation: fmt.Sprintf("%s can only hold %s, %s cells for %s digits, so these digits go there, and those cells lie in both %s and %s: remove %s.",
					cellList(pick), digitList(m), numberWord[n], numberWord[n], unitName(line), unitName(b), elimText(elims)),
			}
			return true
		})
	}
	return st, found
}

// findNakedSubset finds n cells of a unit whose candidates together are n
// digits, which removes those digits from the other cells of every unit
// holding all n cells.
func findNakedSubset(s *state, n int) (Step, bool) {
	var st Step
	for _, u := range subsetOrder {
		var cells []int
		for _, c := range unitCells[u] {
			if k := s.cand[c].Len(); s.digit[c] == 0 && k >= 2 && k <= n {
				cells = append(cells, c)
			}
		}
		if combinations(cells, n, func(pick []int) bool {
			var m solver.DigitSet
			for _, c := range pick {
				m |= s.cand[c]
			}
			if m.Len() != n {
				return false
			}
			set := setOf(pick...)
			var area cellSet
			var us []int
			for v := range 27 {
				if set.subsetOf(unitSet[v]) {
					area = area.or(unitSet[v])
					us = append(us, v)
				}
			}
			var elims []Candidate
			for _, d := range m.Digits() {
				elims = append(elims, elimsOf(s.pos[d].and(area).andNot(set), d)...)
			}
			if len(elims) == 0 || (n < 4 && len(us) == 2 && isLocked(elims, us)) {
				return false // none, or a locked subset, found before
			}
			where := unitName(u)
			if len(us) > 1 {
				where = unitPairName(us[0], us[1])
			}
			st = Step{
				Technique:    map[int]string{2: NakedPair, 3: NakedTriple, 4: NakedQuad}[n],
				Eliminations: elims,
				Cells:        pick,
				Units:        unitsOf(us),
				Highlights:   highlightMask(s, set, m, 0),
				Nudge:        fmt.Sprintf("Look at the candidates of the cells in %s.", unitName(u)),
				Area:         fmt.Sprintf("There is a naked %s in %s.", subsetWord[n], unitName(u)),
				Explanation: fmt.Sprintf("In %s, the %s cells %s can only hold %s between them, so those digits must go in those cells: remove %s.",
					where, numberWord[n], cellList(pick), digitList(m), elimText(elims)),
			}
			return true
		}) {
			return st, true
		}
	}
	return Step{}, false
}

// subsetOrder is the order in which subsets are searched, as in HoDoKu:
// boxes, rows, then columns.
var subsetOrder = unitOrder

// findHiddenSubset finds n digits that can only go in the same n cells of
// a unit, which removes every other candidate from those cells.
func findHiddenSubset(s *state, n int) (Step, bool) {
	var st Step
	for _, u := range subsetOrder {
		var digits []int
		for d := 1; d <= 9; d++ {
			if k := s.unitPos(u, d).count(); k >= 1 && k <= n {
				digits = append(digits, d)
			}
		}
		if combinations(digits, n, func(pick []int) bool {
			var cells cellSet
			var m solver.DigitSet
			for _, d := range pick {
				cells = cells.or(s.unitPos(u, d))
				m = m.With(d)
			}
			if cells.count() != n {
				return false
			}
			var elims []Candidate
			for c := range cells.all() {
				for _, d := range (s.cand[c] &^ m).Digits() {
					elims = append(elims, Candidate{c, d})
				}
			}
			if len(elims) == 0 {
				return false
			}
			st = Step{
				Technique:    map[int]string{2: HiddenPair, 3: HiddenTriple, 4: HiddenQuad}[n],
				Eliminations: elims,
				Cells:        cells.list(),
				Units:        units(u),
				Highlights:   highlightMask(s, cells, m, 0),
				Nudge:        fmt.Sprintf("Look at where the digits can go in %s.", unitName(u)),
				Area:         fmt.Sprintf("There is a hidden %s in %s.", subsetWord[n], unitName(u)),
				Explanation: fmt.Sprintf("In %s, %s can only go in the %s cells %s, so those cells hold these digits and nothing else: remove %s.",
					unitName(u), digitList(m), numberWord[n], cellList(cells.list()), elimText(elims)),
			}
			return true
		}) {
			return st, true
		}
	}
	return Step{}, false
}

// highlightMask marks the candidates of m in the given cells.
func highlightMask(s *state, cells cellSet, m solver.DigitSet, group int) []Highlight {
	var out []Highlight
	for c := range cells.all() {
		for _, d := range (s.cand[c] & m).Digits() {
			out = append(out, Highlight{Candidate{c, d}, group})
		}
	}
	return out
}

// isLocked reports whether eliminations of a subset lying in a line and a
// box (us, line first) fall both in the box and in the line outside it.
func isLocked(elims []Candidate, us []int) bool {
	line, box := us[0], us[1]
	inBox, inLine := false, false
	for _, e := range elims {
		if unitSet[box].has(e.Cell) {
			inBox = true
		} else if unitSet[line].has(e.Cell) {
			inLine = true
		}
	}
	return inBox && inLine
}
